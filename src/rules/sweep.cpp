// One spec key raised step by step, through the Ruleset API only.
#include <fray/rules/sweep.hpp>

#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/core/probability_text.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace fray {

std::vector<std::string> spec_keys(const Ruleset& rules) {
  const auto kinds = rules.catalogs();
  if (std::find(kinds.begin(), kinds.end(), CatalogKind::keys) == kinds.end()) return {};
  std::vector<std::string> out;
  for (const CatalogEntry& e : rules.catalog(CatalogKind::keys)) {
    // Some games name a key with the spec it belongs to: "player:str".
    const auto colon = e.name.rfind(':');
    std::string key = colon == std::string::npos ? e.name : e.name.substr(colon + 1);
    if (std::find(out.begin(), out.end(), key) == out.end()) out.push_back(std::move(key));
  }
  return out;
}

SweepColumns parse_sweep_columns(const std::vector<std::string>& names, const std::string& label) {
  static const std::vector<std::string> known{
      "value", "p_hit", "mean_damage", "mean_attacks_to_kill", "mean_hits_to_kill", "p_attacker_wins", "warnings"};
  if (names.empty()) throw Error(fmt::format("{}: give at least one column ({})", label, fmt::join(known, ", ")));
  SweepColumns c{false, false};
  for (const std::string& n : names) {
    if (std::find(known.begin(), known.end(), n) == known.end())
      throw Error(fmt::format("{}: no column '{}'{}; the columns are {}", label, n, did_you_mean(n, known),
                              fmt::join(known, ", ")));
    c.ttk |= n == "mean_attacks_to_kill" || n == "mean_hits_to_kill";
    c.duel |= n == "p_attacker_wins";
  }
  return c;
}

std::vector<double> sweep_values(double from, double to, double step, std::size_t max_values) {
  if (!std::isfinite(from) || !std::isfinite(to) || !std::isfinite(step))
    throw Error(fmt::format("sweep: --from {}, --to {}, --step {} must be finite numbers", from, to, step));
  if (!(step > 0)) throw Error(fmt::format("sweep: --step must be positive, got {}", step));
  if (to < from) throw Error(fmt::format("sweep: --to {} is below --from {}", to, from));
  if (std::abs(from) > kMaxSweepValue || std::abs(to) > kMaxSweepValue)
    throw Error(fmt::format("sweep: --from {} and --to {} must be within -{:.0e}..{:.0e}", from, to, kMaxSweepValue,
                            kMaxSweepValue));
  // The values are counted, never stepped by adding to a double: a step too
  // small to move the sum would otherwise never reach --to. The count is
  // checked before it is made an integer ((to - from) / step may be huge).
  const double steps = std::floor((to - from) / step + 1e-9);
  if (!(steps + 1 <= static_cast<double>(max_values)))
    throw Error(fmt::format("sweep: {} to {} by {} is {} values; at most {} (raise --step)", from, to, step,
                            steps + 1 < 1e15 ? fmt::format("{:.0f}", steps + 1) : std::string("more than 10^15"),
                            max_values));
  std::vector<double> out;
  for (std::size_t i = 0; i <= static_cast<std::size_t>(steps); ++i) {
    // Rounded to 1e-9, so that 0.1 steps write as 0.3, not 0.30000000000000004.
    const double v = std::round((from + step * static_cast<double>(i)) * 1e9) / 1e9;
    // A step below what the values can show gives the same value twice.
    if (!out.empty() && !(v > out.back()))
      throw Error(
          fmt::format("sweep: --step {} is too small to tell the values from {} apart (a value is written "
                      "to 1e-9)",
                      step, spec_number(out.back())));
    out.push_back(v);
  }
  return out;
}

std::string spec_number(double v) {
  if (std::floor(v) == v && std::abs(v) < 1e15) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", v);
}

Bout ttk_bout(const Ruleset& rules, const AttackRequest& request, std::vector<std::string>& notes) {
  try {
    return rules.bout(request);
  } catch (const Error&) {
    const auto keys = spec_keys(rules);
    const Spec attacker = parse_spec(request.attacker);
    const bool has_hp =
        std::any_of(attacker.keys.begin(), attacker.keys.end(), [](const auto& kv) { return kv.first == "hp"; });
    if (has_hp || std::find(keys.begin(), keys.end(), "hp") == keys.end()) throw;
    AttackRequest with_hp = request;
    with_hp.attacker = set_spec_key(request.attacker, "hp", "1");
    Bout b;
    try {
      b = rules.bout(with_hp);
    } catch (const Error& e) {
      // The retry's message names what else is missing; it quotes the
      // attacker's spec as it was given, without the hp=1 added here.
      std::string message = e.what();
      for (std::size_t at = message.find(with_hp.attacker); at != std::string::npos;
           at = message.find(with_hp.attacker, at + request.attacker.size()))
        message.replace(at, with_hp.attacker.size(), request.attacker);
      if (dynamic_cast<const TooLarge*>(&e)) throw TooLarge(message);
      throw Error(message);
    }
    notes.push_back(
        "the attacker's HP does not enter turns to kill (the defender does not fight back); its spec gives none, "
        "so hp=1 is taken");
    return b;
  }
}

namespace {

// Row values as a short list: "3", "1..4, 7".
std::string value_list(const std::vector<std::size_t>& rows, const std::vector<double>& values) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < rows.size();) {
    std::size_t j = i;
    while (j + 1 < rows.size() && rows[j + 1] == rows[j] + 1) ++j;
    parts.push_back(j == i ? spec_number(values[rows[i]])
                           : fmt::format("{}..{}", spec_number(values[rows[i]]), spec_number(values[rows[j]])));
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

// Notes in the order first met, each with the rows that carry it.
class NoteRows {
 public:
  void add(const std::string& note, std::size_t row) {
    auto it = std::find_if(notes_.begin(), notes_.end(), [&](const auto& n) { return n.first == note; });
    if (it == notes_.end()) {
      notes_.push_back({note, {}});
      it = notes_.end() - 1;
    }
    if (it->second.empty() || it->second.back() != row) it->second.push_back(row);
  }
  // Each note, prefixed with the values it holds for unless it holds for every row.
  void write(std::vector<std::string>& out, const std::string& key, const std::vector<double>& values,
             std::size_t rows) const {
    for (const auto& [note, at] : notes_)
      out.push_back(at.size() == rows ? note : fmt::format("{} = {}: {}", key, value_list(at, values), note));
  }

 private:
  std::vector<std::pair<std::string, std::vector<std::size_t>>> notes_;
};

Value maybe_mean(const std::optional<Pmf>& pmf) { return pmf ? Value{pmf->mean()} : Value{}; }

// The mechanics a row's fights follow (`what` "modelled: ") or leave out: a
// line both fights give once, a line of one fight only under its name.
void add_mechanics(NoteRows& into, const std::string& what, const std::vector<std::string>* ttk,
                   const std::vector<std::string>* duel, std::size_t row) {
  auto has = [](const std::vector<std::string>* list, const std::string& m) {
    return list && std::find(list->begin(), list->end(), m) != list->end();
  };
  if (ttk)
    for (const auto& m : *ttk) into.add((has(duel, m) || !duel ? "" : "turns to kill: ") + what + m, row);
  if (duel)
    for (const auto& m : *duel)
      if (!has(ttk, m)) into.add((ttk ? "duel: " : "") + what + m, row);
}

}  // namespace

Table sweep(const Ruleset& rules, const SweepRequest& request) {
  const std::vector<double> values = sweep_values(request.from, request.to, request.step);
  const bool attacker_side = request.side == SweepSide::attacker;
  const std::string& swept = attacker_side ? request.attack.attacker : request.attack.defender;
  const std::vector<std::string> known = spec_keys(rules);
  // A key the game has no spec for fails here, before any work.
  (void)set_spec_key(swept, request.key, spec_number(values.front()), known);

  Table t;
  t.columns = {{"value", request.key},
               {"p_hit", "P(hit)"},
               {"mean_damage", "mean damage"},
               {"mean_attacks_to_kill", "attacks to kill"},
               {"mean_hits_to_kill", "hits to kill"},
               {"p_attacker_wins", "P(attacker wins duel)"},
               {"warnings", "warnings"}};
  NoteRows attack_notes, fight_notes, modelled, not_modelled;
  std::vector<std::size_t> ttk_sampled, hits_sampled, duel_sampled, no_ttk, no_duel;
  std::string ttk_why, hits_why, duel_why, no_ttk_why, no_duel_why;
  std::string attacker_name, defender_name;
  std::vector<std::string> equipment;
  std::vector<std::size_t> warned;
  std::string first_warning;
  const auto& mc = request.fight.monte_carlo;
  for (std::size_t i = 0; i < values.size(); ++i) {
    AttackRequest req = request.attack;
    (attacker_side ? req.attacker : req.defender) = set_spec_key(swept, request.key, spec_number(values[i]), known);
    const AttackSummary s = rules.attack(req);
    if (i == 0) {
      attacker_name = s.attacker.name;
      defender_name = s.defender.name;
    }
    // The items and warnings name the swept value, so they differ by row: the
    // first row's items, and the first warning met, stand for the rest; the
    // warnings column counts them in each row.
    if (i == 0)
      for (const auto& n : s.equipment) equipment.push_back(n);
    if (!s.warnings.empty()) {
      warned.push_back(i);
      if (first_warning.empty())
        first_warning = fmt::format("{} = {}: {}", request.key, spec_number(values[i]), s.warnings.front());
    }
    for (const auto& n : s.notes) attack_notes.add(n, i);
    // Pushed one by one: GCC 12 misreads a braced list of Values as uninitialized.
    std::vector<Value> row;
    row.reserve(t.columns.size());
    if (values[i] == std::floor(values[i]))
      row.emplace_back(static_cast<std::int64_t>(values[i]));
    else
      row.emplace_back(values[i]);
    row.emplace_back(s.p_hit);
    row.emplace_back(s.mean_damage());
    std::optional<fight::TtkResult> ttk;
    std::optional<fight::DuelResult> duel;
    if (!request.columns.ttk) {
      row.emplace_back();
      row.emplace_back();
    } else
      try {
        std::vector<std::string> notes;
        const Bout bout = ttk_bout(rules, req, notes);
        for (const auto& n : notes) fight_notes.add("turns to kill: " + n, i);
        const fight::TtkResult& r = ttk.emplace(fight::solve_ttk(bout, request.fight));
        row.push_back(maybe_mean(r.attacks));
        row.push_back(maybe_mean(r.hits));
        if (r.method != "exact") {
          ttk_sampled.push_back(i);
          if (ttk_why.empty()) ttk_why = r.method_reason;
        } else if (r.hits && r.hits_method != "exact") {
          hits_sampled.push_back(i);
          if (hits_why.empty()) hits_why = r.hits_reason;
        }
      } catch (const Error& e) {
        row.emplace_back();
        row.emplace_back();
        no_ttk.push_back(i);
        if (no_ttk_why.empty()) no_ttk_why = e.what();
      }
    if (!request.columns.duel)
      row.emplace_back();
    else
      try {
        const Bout bout = rules.bout(req);
        for (const auto& n : bout.notes) fight_notes.add("duel: " + n, i);
        const fight::DuelResult& d = duel.emplace(fight::solve_duel(bout, request.fight));
        row.emplace_back(d.p_a_wins);
        if (d.method != "exact") {
          duel_sampled.push_back(i);
          if (duel_why.empty()) duel_why = d.method_reason;
        }
      } catch (const Error& e) {
        row.emplace_back();
        no_duel.push_back(i);
        if (no_duel_why.empty()) no_duel_why = e.what();
      }
    add_mechanics(modelled, "modelled: ", ttk ? &ttk->modelled : nullptr, duel ? &duel->modelled : nullptr, i);
    add_mechanics(not_modelled, "not modelled: ", ttk ? &ttk->not_modelled : nullptr,
                  duel ? &duel->not_modelled : nullptr, i);
    row.emplace_back(static_cast<std::int64_t>(s.warnings.size()));
    t.rows.push_back(std::move(row));
  }

  const std::string who = attacker_side ? "attacker" : "defender";
  t.title = fmt::format("{}: {} attacks {}, the {}'s {} from {} to {}", rules.title(), attacker_name, defender_name,
                        who, request.key, spec_number(values.front()), spec_number(values.back()));
  const std::size_t n = values.size();
  auto where = [&](const std::vector<std::size_t>& rows) {
    return rows.size() == n ? std::string("in every row")
                            : fmt::format("at {} = {}", request.key, value_list(rows, values));
  };
  std::vector<std::string>& notes = t.notes;
  notes.push_back(fmt::format(
      "P(hit) and mean damage (per attack, a miss as 0) are exact; attacks and hits to kill are means given a kill "
      "(the defender does not fight back); P(attacker wins duel) is the attacker's chance as side a of fray duel"));
  const std::string mc_text = fmt::format("Monte Carlo, {} fights a row, seed {}", mc.sims, mc.seed);
  if (!request.columns.ttk) notes.push_back("attacks and hits to kill: not computed (not asked for)");
  if (!request.columns.duel) notes.push_back("duel: not computed (not asked for)");
  if (request.columns.ttk && ttk_sampled.empty() && hits_sampled.empty() && no_ttk.size() < n)
    notes.push_back("attacks and hits to kill: exact in every row that has them");
  if (!ttk_sampled.empty())
    notes.push_back(fmt::format("attacks and hits to kill: {} {} ({})", mc_text, where(ttk_sampled), ttk_why));
  if (!hits_sampled.empty())
    notes.push_back(fmt::format("hits to kill: {} {} ({})", mc_text, where(hits_sampled), hits_why));
  if (!no_ttk.empty()) notes.push_back(fmt::format("no turns to kill {}: {}", where(no_ttk), no_ttk_why));
  if (request.columns.duel && duel_sampled.empty() && no_duel.size() < n)
    notes.push_back("duel: exact in every row that has one");
  if (!duel_sampled.empty()) notes.push_back(fmt::format("duel: {} {} ({})", mc_text, where(duel_sampled), duel_why));
  if (!no_duel.empty()) notes.push_back(fmt::format("no duel {}: {}", where(no_duel), no_duel_why));
  for (const auto& e : equipment)
    notes.push_back(fmt::format("equipment at {} = {}: {}", request.key, spec_number(values.front()), e));
  if (!warned.empty())
    notes.push_back(
        fmt::format("warnings {} (the warnings column counts them), e.g. at {}", where(warned), first_warning));
  fight_notes.write(notes, request.key, values, n);
  modelled.write(notes, request.key, values, n);
  not_modelled.write(notes, request.key, values, n);
  attack_notes.write(notes, request.key, values, n);
  return t;
}

}  // namespace fray
