// One character against every monster of a game, through the Ruleset API only.
#include <fray/rules/bestiary.hpp>

#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/branches.hpp>
#include <fray/rules/spec.hpp>
#include <fray/rules/sweep.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

namespace fray {
namespace {

std::optional<double> number_of(const Fields& stats, const std::string& key) {
  for (const Field& f : stats) {
    if (f.key != key) continue;
    if (const auto* i = std::get_if<std::int64_t>(&f.value)) return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&f.value)) return *d;
    return std::nullopt;
  }
  return std::nullopt;
}

// A row's Monte Carlo within its work (kBestiaryMinFights): a pilot first,
// then the fights that fit. An answer that needs no Monte Carlo comes from
// the pilot call alone.
struct Sampling {
  std::uint64_t pilot = 0, most = 0;
  double work = 0;
  [[nodiscard]] fight::FightOptions pilot_options(fight::FightOptions o) const {
    o.monte_carlo.sims = pilot;
    o.monte_carlo.max_attacks = cap(work / (static_cast<double>(pilot) * kSampleOps));
    return o;
  }
  // The options of the second run, or nullopt when the pilot's fights are
  // all that fit.
  [[nodiscard]] std::optional<fight::FightOptions> fitted(fight::FightOptions o, double attacks) const {
    if (most <= pilot) return std::nullopt;
    if (!(attacks >= 1)) attacks = 1;
    const double fit = std::floor(work / (attacks * kSampleOps));
    if (fit <= static_cast<double>(pilot)) return std::nullopt;
    o.monte_carlo.sims = fit < static_cast<double>(most) ? static_cast<std::uint64_t>(fit) : most;
    o.monte_carlo.max_attacks = cap(10 * attacks);
    return o;
  }
  [[nodiscard]] static std::uint64_t cap(double attacks) {
    const double most_attacks = static_cast<double>(fight::MonteCarloOptions{}.max_attacks);
    return attacks < 1              ? 1
           : attacks > most_attacks ? static_cast<std::uint64_t>(most_attacks)
                                    : static_cast<std::uint64_t>(attacks);
  }
};

// The notes of a sampled result that bear on its numbers: fights cut short.
void cut_notes(const std::vector<std::string>& from, const char* what, std::vector<std::string>& into) {
  for (const std::string& n : from)
    if (n.find("still going") != std::string::npos) into.push_back(fmt::format("{}: {}", what, n));
}

std::string method_of(const std::string& m) { return m == "exact" ? "exact" : "monte-carlo"; }

struct RowInput {
  const CatalogEntry* entry;
  std::optional<double> level;
};

struct RowWork {
  BestiaryRow row;
  bool attack_failed = false;
  std::string attack_error;
  std::string ttk_method;
  std::string time_unit;  // of the row's bout, when one was built
  std::vector<std::string> equipment, warnings;
};

RowWork make_row(const Ruleset& rules, const BestiaryRequest& request, const RowInput& in) {
  RowWork w;
  BestiaryRow& r = w.row;
  r.name = in.entry->name;
  r.level = in.level;
  std::vector<std::string> notes;
  const AttackRequest forward{request.attacker, r.name, request.situation, request.options};
  // The character's attack on the monster (`fray attack`).
  try {
    const AttackSummary s = rules.attack(forward);
    r.p_hit = s.p_hit;
    r.damage_per_hit = s.p_hit > 0 ? s.damage_on_hit.mean() : 0.0;
    r.damage_per_attack = s.mean_damage();
    w.equipment = s.equipment;
    w.warnings = s.warnings;
  } catch (const Error& e) {
    w.attack_failed = true;
    w.attack_error = e.what();
    notes.push_back(fmt::format("attack: {}", e.what()));
  }
  // The monster's attack on the character: the situation flags and options
  // describe the character's attacks, so this one is asked without them.
  try {
    const AttackSummary s = rules.attack({r.name, request.attacker, {}, {}});
    r.p_hit_by = s.p_hit;
    r.damage_per_hit_by = s.p_hit > 0 ? s.damage_on_hit.mean() : 0.0;
    r.damage_per_attack_by = s.mean_damage();
    if (s.attack_time > 0) r.damage_per_turn_by = s.mean_damage() / s.attack_time;
  } catch (const Error& e) {
    notes.push_back(fmt::format("no attack: {}", e.what()));
  }
  if (w.attack_failed) {
    r.note = fmt::format("{}", fmt::join(notes, "; "));
    return w;
  }

  // The row's fights, each within the row's work: the exact analysis stops
  // past it, and Monte Carlo runs as many fights as fit.
  fight::FightOptions options = request.fight;
  options.limits.max_work = static_cast<std::uint64_t>(request.row_work);
  const double pairs = std::max(static_cast<double>(kBestiaryMinPairs), request.row_work / kBestiaryReachOps);
  if (pairs < static_cast<double>(options.limits.max_pairs)) options.limits.max_pairs = static_cast<std::size_t>(pairs);
  options.monte_carlo.threads = 1;
  options.monte_carlo.progress = false;
  options.monte_carlo.watch = nullptr;
  options.limits.progress = nullptr;
  options.progress = nullptr;
  const std::uint64_t sims = options.monte_carlo.sims;
  const Sampling sampling{std::min(sims, kBestiaryMinFights), sims, request.row_work};

  std::optional<Bout> duel_bout;
  try {
    duel_bout.emplace(rules.bout(forward));
  } catch (const Error& e) {
    notes.push_back(fmt::format("duel: {}", e.what()));
  }
  // Turns to kill (`fray ttk`): the duel's bout, or, when the game needs an
  // HP for the character that its spec does not give, ttk_bout's.
  try {
    std::vector<std::string> ttk_notes;
    const Bout bout = duel_bout ? *duel_bout : ttk_bout(rules, forward, ttk_notes);
    r.hp = bout.b.hp;
    w.time_unit = bout.time_unit;
    fight::FightOptions ttk_options = options;
    ttk_options.limits.max_pairs = options.limits.max_pairs / 2;
    fight::TtkResult t = fight::solve_ttk(bout, sampling.pilot_options(ttk_options));
    const bool sampled = t.method != "exact" || (t.hits && t.hits_method != "exact");
    if (sampled && t.attacks) {
      // Each of the character's attacks comes with the monster's own turns in between.
      const double own = bout.b.attack_time > 0 ? bout.a.attack_time / bout.b.attack_time : 1;
      if (auto again = sampling.fitted(ttk_options, t.attacks->mean() * (1 + own) + 1)) {
        // A wholly sampled answer is asked of Monte Carlo at once: the same
        // runs as the fallback, without a second exact attempt.
        if (t.method != "exact") again->method = fight::FightOptions::Method::monte_carlo;
        t = fight::solve_ttk(bout, *again);
      }
    }
    w.ttk_method = t.method != "exact" || (t.hits && t.hits_method != "exact") ? "monte-carlo" : "exact";
    if (t.hits) r.hits_to_kill = t.hits->mean();
    if (t.attacks && !t.time.empty()) r.turns_to_kill = fight::mean_of(t.time);
    if (!t.attacks) notes.push_back("turns to kill: no kill can happen");
    cut_notes(t.notes, "turns to kill", notes);
  } catch (const Error& e) {
    notes.push_back(fmt::format("turns to kill: {}", e.what()));
  }
  if (duel_bout) {
    const Bout& bout = *duel_bout;
    try {
      fight::DuelResult d = fight::solve_duel(bout, sampling.pilot_options(options));
      if (d.method != "exact" && d.length)
        if (auto again = sampling.fitted(options, d.length->mean() + 1)) {
          again->method = fight::FightOptions::Method::monte_carlo;  // as the ttk's above
          d = fight::solve_duel(bout, *again);
        }
      r.p_win = d.p_a_wins;
      r.p_lose = d.p_b_wins;
      r.method = method_of(d.method);
      if (r.method != "exact") {
        r.fights = d.sims;
        r.p_win_lo = d.a_wins_ci.lo;
        r.p_win_hi = d.a_wins_ci.hi;
      }
      cut_notes(d.notes, "duel", notes);
      if (!d.not_modelled.empty()) notes.push_back(fmt::format("not modelled: {}", fmt::join(d.not_modelled, "; ")));
    } catch (const Error& e) {
      notes.push_back(fmt::format("duel: {}", e.what()));
    }
  }
  r.note = fmt::format("{}", fmt::join(notes, "; "));
  return w;
}

// The selected monsters, in catalog order, each with its level. `branch`:
// the branch filter's, when there is one.
std::vector<RowInput> select(const Ruleset& rules, const BestiaryRequest& request,
                             const std::vector<CatalogEntry>& catalog, const std::string& level_stat,
                             const std::optional<BranchFilter>& branch) {
  std::vector<std::string> names;
  for (const CatalogEntry& e : catalog) names.push_back(e.name);
  std::vector<bool> chosen(catalog.size(), request.monsters.empty());
  for (const std::string& m : request.monsters) {
    const auto it = std::find(names.begin(), names.end(), m);
    if (it == names.end())
      throw Error(fmt::format("bestiary: --monsters: {} has no monster '{}'{} (fray list --rules {} monsters)",
                              rules.id(), m, did_you_mean(m, names), rules.id()));
    chosen[static_cast<std::size_t>(it - names.begin())] = true;
  }
  if (request.level) {
    if (level_stat.empty())
      throw Error(fmt::format("bestiary: --hd: the {} monsters catalog has no level or hit dice stat ({})", rules.id(),
                              rules.title()));
    const auto [lo, hi] = *request.level;
    if (!(lo <= hi)) throw Error(fmt::format("bestiary: --hd {}-{}: the range is reversed", lo, hi));
  }
  std::vector<std::string> placed;
  if (branch)  // by catalog key: the catalog names a monster "ball_python", the table "ball python"
    for (const std::string& m : branch_monsters(*branch)) placed.push_back(catalog_key(m));
  std::vector<RowInput> out;
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    if (!chosen[i]) continue;
    if (branch && std::find(placed.begin(), placed.end(), catalog_key(catalog[i].name)) == placed.end()) continue;
    std::optional<double> level;
    if (!level_stat.empty()) level = number_of(catalog[i].stats, level_stat);
    if (request.level && !(level && *level >= request.level->first && *level <= request.level->second)) continue;
    out.push_back({&catalog[i], level});
  }
  if (out.empty() && request.level)
    throw Error(fmt::format("bestiary: --hd {}-{}: no {} monster{}{} has {} in that range",
                            spec_number(request.level->first), spec_number(request.level->second), rules.id(),
                            request.monsters.empty() ? "" : " of --monsters",
                            branch ? fmt::format(" of --branch {}", branch->text()) : "", level_stat));
  if (out.empty() && branch)
    throw Error(fmt::format("bestiary: --branch {}: {} places no monster of {} there at random", branch->text(),
                            rules.id(), request.monsters.empty() ? "its catalog" : "--monsters"));
  if (out.empty()) throw Error(fmt::format("bestiary: {} has no monsters", rules.id()));
  return out;
}

}  // namespace

double bestiary_row_work(std::size_t rows) noexcept {
  const double share = kBestiaryWork / static_cast<double>(std::max<std::size_t>(rows, 1));
  return std::clamp(share, kBestiaryRowWork, kBestiaryMaxRowWork);
}

std::string bestiary_level_stat(const Ruleset& rules) {
  const auto kinds = rules.catalogs();
  if (std::find(kinds.begin(), kinds.end(), CatalogKind::monsters) == kinds.end()) return {};
  const std::vector<CatalogEntry> monsters = rules.catalog(CatalogKind::monsters);
  if (monsters.empty()) return {};
  for (const char* stat : {"hd", "level"})
    if (std::all_of(monsters.begin(), monsters.end(),
                    [&](const CatalogEntry& e) { return number_of(e.stats, stat).has_value(); }))
      return stat;
  return {};
}

bool bestiary_danger_less(const BestiaryRow& a, const BestiaryRow& b) {
  if (a.p_win.has_value() != b.p_win.has_value()) return a.p_win.has_value();
  // To 9 decimals: an exact duel's p_win is exact to within its tail
  // (1e-15), which must not order two sure wins.
  auto rounded = [](double p) { return std::round(p * 1e9); };
  if (a.p_win && rounded(*a.p_win) != rounded(*b.p_win)) return rounded(*a.p_win) < rounded(*b.p_win);
  const double da = a.damage_per_turn_by.value_or(0), db = b.damage_per_turn_by.value_or(0);
  if (da != db) return da > db;
  const double ha = a.p_hit.value_or(1), hb = b.p_hit.value_or(1);
  if (ha != hb) return ha < hb;
  return a.name < b.name;
}

std::pair<double, double> parse_level_range(const std::string& text, const std::string& what) {
  auto bad = [&] {
    return Error(
        fmt::format("{} '{}': expected LO-HI, N, LO- or -HI (whole or decimal numbers, LO <= HI)", what, text));
  };
  auto number = [&](const std::string& s, double fallback) {
    if (s.empty()) return fallback;
    // parse_number, not std::from_chars: Emscripten's libc++ has no floating-point from_chars.
    if (s.front() == '+') throw bad();
    try {
      return parse_number(s, what);
    } catch (const Error&) {
      throw bad();
    }
  };
  if (text.empty()) throw bad();
  // The dash between the two numbers: not a leading minus of the first.
  const auto dash = text.find('-', 1);
  if (text == "-") throw bad();
  std::pair<double, double> r;
  if (text.front() == '-' && text.find('-', 1) == std::string::npos) {
    r = {-std::numeric_limits<double>::infinity(), number(text.substr(1), 0)};
  } else if (dash == std::string::npos) {
    const double v = number(text, 0);
    r = {v, v};
  } else {
    r = {number(text.substr(0, dash), 0), number(text.substr(dash + 1), std::numeric_limits<double>::infinity())};
  }
  if (!(r.first <= r.second)) throw bad();
  return r;
}

BestiarySelection bestiary_selection(const Ruleset& rules, const BestiaryRequest& request) {
  const auto kinds = rules.catalogs();
  if (std::find(kinds.begin(), kinds.end(), CatalogKind::monsters) == kinds.end())
    throw Error(fmt::format("bestiary: {} has no monsters catalog", rules.id()));
  const std::vector<CatalogEntry> catalog = rules.catalog(CatalogKind::monsters);
  std::optional<BranchFilter> branch;
  if (!request.branch.empty()) branch = parse_branch_filter(rules, request.branch, "bestiary: --branch");
  BestiarySelection out;
  for (const RowInput& in : select(rules, request, catalog, bestiary_level_stat(rules), branch))
    out.monsters.push_back(in.entry->name);
  out.row_work = request.row_work > 0 ? request.row_work : bestiary_row_work(out.monsters.size());
  return out;
}

BestiaryResult bestiary(const Ruleset& rules, const BestiaryRequest& request) {
  require(!request.attacker.empty(), "bestiary: --attacker is required (the character's spec)");
  require(request.row_work >= 0, fmt::format("bestiary: the row work must be at least 1, got {}", request.row_work));
  require(request.fight.monte_carlo.sims >= 1, "bestiary: --sims must be at least 1");
  const auto kinds = rules.catalogs();
  if (std::find(kinds.begin(), kinds.end(), CatalogKind::monsters) == kinds.end())
    throw Error(fmt::format("bestiary: {} has no monsters catalog", rules.id()));
  const std::vector<CatalogEntry> catalog = rules.catalog(CatalogKind::monsters);
  BestiaryResult out;
  out.rules = rules.id();
  out.title = rules.title();
  out.attacker = request.attacker;
  out.level_stat = bestiary_level_stat(rules);
  out.sims = request.fight.monte_carlo.sims;
  out.seed = request.fight.monte_carlo.seed;
  std::optional<BranchFilter> branch;
  if (!request.branch.empty()) {
    branch = parse_branch_filter(rules, request.branch, "bestiary: --branch");
    out.branch = branch->text();
  }
  const std::vector<RowInput> inputs = select(rules, request, catalog, out.level_stat, branch);
  BestiaryRequest req = request;
  if (!(req.row_work > 0)) req.row_work = bestiary_row_work(inputs.size());
  out.row_work = req.row_work;

  // Rows side by side: each row is computed alone (its Monte Carlo on one
  // thread, from the request's seed), so the rows are the same whatever the
  // number of threads.
  std::vector<RowWork> work(inputs.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_lock;
  Progress* watch = request.fight.progress;
  // Only the calling thread reports progress (a callback may need to run
  // there, as Python's signal check does); the others only see a cancel.
  auto run = [&](bool caller) {
    for (std::size_t i = next++; i < inputs.size(); i = next++) {
      try {
        if (watch && caller) watch->step(static_cast<double>(i) / static_cast<double>(inputs.size()));
        if (watch) watch->check();
        work[i] = make_row(rules, req, inputs[i]);
      } catch (...) {
        const std::lock_guard lock(failure_lock);
        if (!failure) failure = std::current_exception();
        next = inputs.size();
      }
    }
  };
  const unsigned threads =
      static_cast<unsigned>(std::clamp<std::size_t>(request.threads, 1, std::max<std::size_t>(1, inputs.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(run, false);
  run(true);
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);

  // A character the game refuses: its attack fails on every monster.
  if (std::all_of(work.begin(), work.end(), [](const RowWork& w) { return w.attack_failed; }))
    throw Error(fmt::format("bestiary: --attacker '{}': {}", request.attacker, work.front().attack_error));

  std::vector<std::size_t> ttk_sampled, duel_sampled, no_duel;
  for (std::size_t i = 0; i < work.size(); ++i) {
    if (work[i].ttk_method == "monte-carlo") ttk_sampled.push_back(i);
    if (work[i].row.method == "monte-carlo") duel_sampled.push_back(i);
    if (!work[i].row.p_win) no_duel.push_back(i);
  }
  for (const RowWork& w : work) {
    if (w.attack_failed) continue;
    for (const auto& e : w.equipment) out.notes.push_back(fmt::format("equipment: {}", e));
    for (const auto& e : w.warnings) out.notes.push_back(fmt::format("warning: {}", e));
    break;
  }
  // The time unit: the game's own, as its fights give it.
  for (const RowWork& w : work)
    if (!w.time_unit.empty()) {
      out.time_unit = w.time_unit;
      break;
    }
  if (out.time_unit.empty()) out.time_unit = "turns";  // no fight was built: no column has a time
  const std::size_t n = work.size();
  std::vector<std::string>& notes = out.notes;
  notes.insert(
      notes.begin(),
      {
          "p_hit and damage_per_hit / damage_per_attack are the character's attack on the monster, "
          "exact (fray attack); the _by columns are the monster's attack on the character, asked "
          "without the situation flags and options (they describe the character's attacks)",
          fmt::format("hits_to_kill and turns_to_kill are means given a kill, the monster not fighting "
                      "back (fray ttk); turns_to_kill and damage_per_turn_by are in {} (the game's time)",
                      out.time_unit),
          "p_win and p_lose are the duel to the death (fray duel, the character as side a, first on a tie)",
          fmt::format("each row's turns to kill and duel: exact when the analysis fits in {:.3g} "
                      "operations, else Monte Carlo with at most {} fights (as many as fit in that work; "
                      "the fights column), seed {}",
                      out.row_work, out.sims, out.seed),
          "rows in order of danger: lowest p_win (to 9 decimals) first (rows without a duel last), then highest "
          "damage_per_turn_by, then lowest p_hit, then the name",
      });
  if (branch)
    notes.push_back(
        fmt::format("branch {}: the monsters {}'s population table places in {} {} at random (a row whose depths "
                    "overlap them){}; uniques and the monsters vaults place are not in it",
                    out.branch, rules.title(), branch->branch->name,
                    branch->lo == branch->hi ? fmt::format("level {}", branch->lo)
                                             : fmt::format("levels {}-{}", branch->lo, branch->hi),
                    request.monsters.empty() ? "" : ", of --monsters"));
  notes.push_back(fmt::format("{} of {} monsters: turns to kill by Monte Carlo in {}, the duel in {}, no duel in {}", n,
                              catalog.size(), ttk_sampled.size(), duel_sampled.size(), no_duel.size()));

  out.rows.reserve(n);
  for (RowWork& w : work) out.rows.push_back(std::move(w.row));
  std::sort(out.rows.begin(), out.rows.end(), bestiary_danger_less);
  return out;
}

}  // namespace fray
