// `fray ttk` and `fray duel` as reports: JSON and text from the fight results.
#include <fray/report/report.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace fray {
namespace {

using nlohmann::json;
using namespace fray::fight;

json pmf_or_empty(const std::optional<Pmf>& pmf) {
  if (pmf) return pmf_json(*pmf);
  return {{"pmf", json::array()}, {"mean", nullptr}};
}

json real_pmf_json(const RealPmf& pmf) {
  json rows = json::array();
  for (const auto& [v, p] : pmf) rows.push_back({v, p});
  json out = {{"pmf", std::move(rows)}, {"mean", nullptr}};
  if (!pmf.empty()) out["mean"] = mean_of(pmf);
  return out;
}

json interval_json(Interval i) { return json::array({i.lo, i.hi}); }

json fighter_json(const Fighter& f, const AttackStats& s) {
  json j = {{"name", f.name},
            {"hp", f.hp},
            {"attack_time", f.attack_time},
            {"p_hit", s.p_hit},
            {"damage_per_hit", s.damage_per_hit},
            {"damage_per_attack", s.damage_per_attack},
            {"damage_per_time", s.damage_per_time}};
  if (random_time(f)) j["attack_times"] = real_pmf_json(f.attack_times)["pmf"];
  if (!f.escape.empty()) j["escape"] = f.escape;
  return j;
}

// "12", or for a random attack time its mean and range: "11.5 (11-12)".
std::string time_text(const Fighter& f) {
  if (!random_time(f)) return fmt::format("{:g}", f.attack_time);
  const auto [lo, hi] = std::minmax_element(f.attack_times.begin(), f.attack_times.end());
  return fmt::format("{:.4g} ({:g}-{:g})", f.attack_time, lo->first, hi->first);
}

std::string pct(double p) { return percent(p); }

// A histogram of at most `rows` rows: long fights are binned, and the far
// tail (the last 0.05 %) is one row.
std::string histogram(const Pmf& pmf, std::string_view header, std::size_t rows = 20) {
  const std::int64_t lo = pmf.min(), hi = std::max(lo, pmf.quantile(0.9995));
  const auto n = static_cast<std::int64_t>(rows);
  const std::int64_t width = std::max<std::int64_t>(1, (hi - lo + n) / n);
  std::vector<std::pair<std::string, double>> bins;
  for (std::int64_t start = lo; start <= hi; start += width) {
    double p = 0;
    const std::int64_t end = std::min(hi, start + width - 1);
    for (std::int64_t v = start; v <= end; ++v) p += pmf[v];
    bins.emplace_back(end == start ? fmt::format("{}", start) : fmt::format("{}-{}", start, end), p);
  }
  if (hi < pmf.max()) bins.emplace_back(fmt::format("{}-{}", hi + 1, pmf.max()), pmf.at_least(hi + 1));
  double top = 0;
  for (const auto& [label, p] : bins) top = std::max(top, p);
  std::string out = fmt::format("  {:>11}  {:>9}  {:>9}\n", header, "p", "cumul.");
  double cum = 0;
  for (std::size_t i = 0; i < bins.size(); ++i) {
    const auto& [label, p] = bins[i];
    cum += p;
    const auto bar = static_cast<std::size_t>(top > 0 ? p / top * 40 + 0.5 : 0);
    // The last row holds everything; before it the cumulative stays below 1.
    const std::string c = i + 1 == bins.size() ? "1.00000" : probability(std::min(cum, 1.0), 5);
    out += fmt::format("  {:>11}  {:>9}  {:>9}  {}\n", label, probability(p, 5), c, std::string(bar, '#'));
  }
  return out;
}

std::string summary(const Pmf& pmf) {
  return fmt::format("mean {:.4g}, stddev {:.3g}, median {}, 90 % within {}", pmf.mean(), pmf.stddev(),
                     pmf.quantile(0.5), pmf.quantile(0.9));
}

std::string monte_carlo_text(std::uint64_t sims, std::uint64_t seed) {
  return fmt::format("Monte Carlo, {} fights, seed {}", sims, seed);
}

// The method of each part of an answer, for its title: "exact", "Monte Carlo,
// 100000 fights, seed 1", "exact; hits to kill: Monte Carlo, ...". An answer
// that leaves game mechanics out says so too: it is exact (or sampled) only
// for the rules it follows.
std::string method_text(const std::string& method, const std::string& asked, const std::string& hits_method,
                        std::uint64_t sims, std::uint64_t seed, std::size_t left_out) {
  const bool exact = method == "exact";
  std::string m = exact              ? std::string("exact")
                  : asked == "exact" ? fmt::format("Monte Carlo (exact not possible), {} fights, seed {}", sims, seed)
                                     : monte_carlo_text(sims, seed);
  if (left_out > 0) m += exact ? " for the rules modelled" : ", for the rules modelled";
  if (exact && hits_method == "monte-carlo") m += "; hits to kill: " + monte_carlo_text(sims, seed);
  if (left_out > 0) m += fmt::format("; {} game mechanic{} left out, listed below", left_out, left_out == 1 ? "" : "s");
  return m;
}

// The keys of a ttk document that Monte Carlo computed.
json ttk_sampled(const TtkResult& r) {
  if (r.method != "exact") return json::array({"p_kill", "p_escape", "attacks", "hits", "time"});
  if (r.hits_method == "monte-carlo") return json::array({"hits"});
  return json::array();
}

// The reason for the whole answer's method, and for the hits' when they alone were sampled.
std::string ttk_reason(const TtkResult& r) {
  if (r.hits_reason.empty()) return r.method_reason;
  return fmt::format("{}; hits to kill sampled: {}", r.method_reason, r.hits_reason);
}

// What an answer says besides its numbers, then what the fight assumed.
std::vector<std::string> all_notes(const std::vector<std::string>& result, const std::vector<std::string>& bout) {
  std::vector<std::string> out = result;
  out.insert(out.end(), bout.begin(), bout.end());
  return out;
}

// The method's reason, the warnings and notes, and the mechanics followed and
// left out, one line each.
std::string remarks_text(const std::string& reason, const std::vector<std::string>& warnings,
                         const std::vector<std::string>& notes, const std::vector<std::string>& modelled,
                         const std::vector<std::string>& not_modelled) {
  std::string t = "method: " + reason + "\n\n";
  for (const auto& w : warnings) t += "warning: " + w + "\n";
  for (const auto& n : notes) t += "note: " + n + "\n";
  if (!warnings.empty() || !notes.empty()) t += "\n";
  for (const auto& m : modelled) t += "modelled: " + m + "\n";
  for (const auto& m : not_modelled) t += "not modelled: " + m + "\n";
  if (!modelled.empty() || !not_modelled.empty()) t += "\n";
  return t;
}

std::string stats_table(const Bout& bout, const AttackStats& a, const AttackStats& b, std::string_view unit,
                        bool duel) {
  const std::string an = "a: " + (bout.a.name.empty() ? std::string("a") : bout.a.name);
  const std::string bn = "b: " + (bout.b.name.empty() ? std::string("b") : bout.b.name);
  std::string out;
  auto row = [&](std::string_view label, const std::string& x, const std::string& y) {
    out += duel ? fmt::format("  {:<26}{:>22}{:>22}\n", label, x, y) : fmt::format("  {:<26}{:>22}\n", label, x);
  };
  auto num = [](double v) { return fmt::format("{:.3f}", v); };
  row("", an, bn);
  row("hit points", fmt::format("{}", bout.a.hp), fmt::format("{}", bout.b.hp));
  row(fmt::format("attack time ({})", unit), time_text(bout.a), time_text(bout.b));
  row("P(hit)", pct(a.p_hit), pct(b.p_hit));
  row("damage per hit", num(a.damage_per_hit), num(b.damage_per_hit));
  row("damage per attack", num(a.damage_per_attack), num(b.damage_per_attack));
  row(fmt::format("damage per time ({})", unit), num(a.damage_per_time), num(b.damage_per_time));
  return out;
}

std::string name_of(const Fighter& f, const char* side) { return f.name.empty() ? std::string(side) : f.name; }

}  // namespace

Report ttk_report(std::string_view rules, const Bout& bout, const TtkResult& r) {
  const AttackStats s =
      attack_stats(*bout.a_hits_b, {bout.a.hp, bout.a.state}, {bout.b.hp, bout.b.state}, bout.a.attack_time);
  Report rep;
  json& j = rep.json;
  j["rules"] = rules;
  j["method"] = r.method;
  j["method_asked"] = r.method_asked;
  j["method_reason"] = ttk_reason(r);
  j["sampled"] = ttk_sampled(r);
  j["defender_hp"] = r.defender_hp;
  j["attacks"] = pmf_or_empty(r.attacks);
  j["hits"] = pmf_or_empty(r.hits);
  j["time"] = real_pmf_json(r.time);
  j["time_unit"] = bout.time_unit;
  j["p_kill"] = r.p_kill;
  j["p_escape"] = r.p_escape;
  j["attacker"] = fighter_json(bout.a, s);
  j["defender"] = bout.b.name;
  if (r.method == "exact") j["unresolved"] = r.unresolved;
  // The runs of whatever was sampled: the whole answer, or the hits alone.
  if (r.method != "exact" || r.hits_method == "monte-carlo") {
    j["sims"] = r.sims;
    j["seed"] = r.seed;
  }
  if (r.method != "exact") {
    j["p_kill_ci"] = interval_json(r.p_kill_ci);
    j["p_escape_ci"] = interval_json(r.p_escape_ci);
  }
  const std::vector<std::string> notes = all_notes(r.notes, bout.notes);
  j["notes"] = notes;
  j["warnings"] = bout.warnings;
  j["modelled"] = r.modelled;
  j["not_modelled"] = r.not_modelled;

  std::string& t = rep.text;
  t += fmt::format("Turns to kill ({}, {}): {} attacks {} ({} HP)\n\n", rules,
                   method_text(r.method, r.method_asked, r.hits_method, r.sims, r.seed, r.not_modelled.size()),
                   name_of(bout.a, "a"), name_of(bout.b, "b"), bout.b.hp);
  t += stats_table(bout, s, s, bout.time_unit, false);
  t += "\n";
  t += remarks_text(ttk_reason(r), bout.warnings, notes, r.modelled, r.not_modelled);
  if (r.p_escape > 0 || !bout.b.escape.empty())
    t += fmt::format("P({} escapes{}) {}{}\n", name_of(bout.b, "b"), bout.b.escape.empty() ? "" : ", " + bout.b.escape,
                     pct(r.p_escape),
                     r.method == "exact"
                         ? std::string()
                         : fmt::format(" (95 % interval {} to {})", pct(r.p_escape_ci.lo), pct(r.p_escape_ci.hi)));
  if (r.attacks) {
    if (r.p_kill < 1 - 1e-12)
      t += fmt::format("P(kill) {}{}\n", pct(r.p_kill),
                       r.method == "exact"
                           ? std::string()
                           : fmt::format(" (95 % interval {} to {})", pct(r.p_kill_ci.lo), pct(r.p_kill_ci.hi)));
    t += fmt::format("attacks to kill: {}\n", summary(*r.attacks));
    t += histogram(*r.attacks, "attacks");
    if (r.hits) {
      t += fmt::format("hits to kill (attacks that land{}): {}\n",
                       r.hits_method == r.method ? "" : "; " + monte_carlo_text(r.sims, r.seed), summary(*r.hits));
      t += histogram(*r.hits, "hits");
    }
    t += fmt::format("time to kill: mean {:.4g} {}\n", mean_of(r.time), bout.time_unit);
  } else {
    t += "the defender is never killed\n";
  }
  return rep;
}

Report duel_report(std::string_view rules, const Bout& bout, const DuelResult& r, Who first_on_tie) {
  const Side a{bout.a.hp, bout.a.state}, b{bout.b.hp, bout.b.state};
  const AttackStats sa = attack_stats(*bout.a_hits_b, a, b, bout.a.attack_time);
  const AttackStats sb = attack_stats(*bout.b_hits_a, b, a, bout.b.attack_time);
  Report rep;
  json& j = rep.json;
  j["rules"] = rules;
  j["method"] = r.method;
  j["method_asked"] = r.method_asked;
  j["method_reason"] = r.method_reason;
  j["sampled"] = r.method == "exact"
                     ? json::array()
                     : json::array({"p_a_wins", "p_b_wins", "p_draw", "p_a_escapes", "p_b_escapes", "length", "time",
                                    "a_hp_left", "b_hp_left", "a_hp_if_wins", "b_hp_if_wins"});
  j["p_a_wins"] = r.p_a_wins;
  j["p_b_wins"] = r.p_b_wins;
  j["p_draw"] = r.p_draw;
  j["p_a_escapes"] = r.p_a_escapes;
  j["p_b_escapes"] = r.p_b_escapes;
  j["length"] = pmf_or_empty(r.length);
  j["time"] = real_pmf_json(r.time);
  j["time_unit"] = bout.time_unit;
  j["a_hp_left"] = pmf_json(r.a_hp_left);
  j["b_hp_left"] = pmf_json(r.b_hp_left);
  j["a_hp_if_wins"] = r.a_hp_if_wins ? pmf_json(*r.a_hp_if_wins) : json(nullptr);
  j["b_hp_if_wins"] = r.b_hp_if_wins ? pmf_json(*r.b_hp_if_wins) : json(nullptr);
  j["a"] = fighter_json(bout.a, sa);
  j["b"] = fighter_json(bout.b, sb);
  j["first_on_tie"] = first_on_tie == Who::a ? "a" : "b";
  if (r.method == "exact") {
    j["unresolved"] = r.unresolved;
    j["chain_states"] = r.chain_states;
  } else {
    // No thread count here: the result does not depend on it.
    j["sims"] = r.sims;
    j["seed"] = r.seed;
    j["p_a_wins_ci"] = interval_json(r.a_wins_ci);
    j["p_b_wins_ci"] = interval_json(r.b_wins_ci);
    j["p_draw_ci"] = interval_json(r.draw_ci);
    j["p_a_escapes_ci"] = interval_json(r.a_escapes_ci);
    j["p_b_escapes_ci"] = interval_json(r.b_escapes_ci);
  }
  const std::vector<std::string> notes = all_notes(r.notes, bout.notes);
  j["notes"] = notes;
  j["warnings"] = bout.warnings;
  j["modelled"] = r.modelled;
  j["not_modelled"] = r.not_modelled;

  const std::string an = name_of(bout.a, "a"), bn = name_of(bout.b, "b");
  std::string& t = rep.text;
  t += fmt::format("Duel ({}, {}): {} against {}\n\n", rules,
                   method_text(r.method, r.method_asked, "", r.sims, r.seed, r.not_modelled.size()), an, bn);
  t += stats_table(bout, sa, sb, bout.time_unit, true);
  t += fmt::format("  (each side's k-th attack starts at k x its attack time; {} goes first on a tie)\n\n",
                   first_on_tie == Who::a ? an : bn);
  t += remarks_text(r.method_reason, bout.warnings, notes, r.modelled, r.not_modelled);
  const bool mc = r.method != "exact";
  struct Line {
    std::string who;
    double p;
    Interval ci;
  };
  std::vector<Line> lines{{an + " (a) wins", r.p_a_wins, r.a_wins_ci}, {bn + " (b) wins", r.p_b_wins, r.b_wins_ci}};
  // An escape ends the fight with neither side dead (Transition::escape).
  auto escape = [&](const Fighter& f, const std::string& name, const char* side, double p, Interval ci) {
    if (p > 0 || !f.escape.empty())
      lines.push_back(
          {fmt::format("{} ({}) escapes{}", name, side, f.escape.empty() ? "" : " (" + f.escape + ")"), p, ci});
  };
  escape(bout.a, an, "a", r.p_a_escapes, r.a_escapes_ci);
  escape(bout.b, bn, "b", r.p_b_escapes, r.b_escapes_ci);
  if (r.p_draw > 0 || mc) lines.push_back({"never ends", r.p_draw, r.draw_ci});
  std::size_t width = 26;
  for (const Line& l : lines) width = std::max(width, l.who.size() + 1);
  for (const Line& l : lines) {
    t += fmt::format("  {:<{}}{:>9}", l.who, width, pct(l.p));
    if (mc) t += fmt::format("   (95 % interval {} to {})", pct(l.ci.lo), pct(l.ci.hi));
    t += "\n";
  }
  t += "\n";
  if (r.length) {
    t += fmt::format("fight length in attacks (both sides): {}\n", summary(*r.length));
    t += histogram(*r.length, "attacks");
    t += fmt::format("fight length in time: mean {:.4g} {}\n", mean_of(r.time), bout.time_unit);
  }
  if (r.a_hp_if_wins) t += fmt::format("HP left when {} wins (of {}): {}\n", an, bout.a.hp, summary(*r.a_hp_if_wins));
  if (r.b_hp_if_wins) t += fmt::format("HP left when {} wins (of {}): {}\n", bn, bout.b.hp, summary(*r.b_hp_if_wins));
  return rep;
}

}  // namespace fray
