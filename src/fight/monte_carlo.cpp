// Sampled turns to kill and duels, in blocks of fights with one RNG stream
// each, counted in integers so that the thread count cannot change a result.
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>

#include <fmt/format.h>

#include "fight/budget.hpp"
#include "fight/check.hpp"
#include "fight/time.hpp"
#include "fight/ttk.hpp"

#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace fray::fight {
namespace {

// Counts by index, grown on demand.
struct Counts {
  std::vector<std::uint64_t> v;
  void add(std::size_t i, std::uint64_t k = 1) {
    if (v.size() <= i) v.resize(i + 1, 0);
    v[i] += k;
  }
  void merge(const Counts& o) {
    if (v.size() < o.v.size()) v.resize(o.v.size(), 0);
    for (std::size_t i = 0; i < o.v.size(); ++i) v[i] += o.v[i];
  }
  [[nodiscard]] bool empty() const {
    return std::all_of(v.begin(), v.end(), [](std::uint64_t x) { return x == 0; });
  }
  [[nodiscard]] Pmf pmf(std::int64_t offset = 0) const {
    std::vector<std::pair<std::int64_t, double>> pairs;
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] > 0) pairs.emplace_back(static_cast<std::int64_t>(i) + offset, static_cast<double>(v[i]));
    return Pmf::from_pairs(pairs);
  }
};

struct SampledTally {
  std::uint64_t wins[2] = {0, 0};
  std::uint64_t draws = 0;
  Counts kill_nth[2], kill_hits[2], length, hp_end[2], hp_win[2];
  Counts died_nth[2];  // deaths of a side of its own HP loss, by its attack count
  // The same deaths by the other side's attacks made so far, and how many
  // of them landed (turns to kill counts a defender's death so).
  Counts died_after[2], died_hits[2];
  // Fights that end with side w running away (Transition::escape), and
  // every escape on side w's turn by its attack count.
  std::uint64_t escapes[2] = {0, 0};
  Counts escape_nth[2];
  std::map<double, std::uint64_t> kill_time;  // only when some attack time is random
  void merge(const SampledTally& o) {
    for (const auto& [time, n] : o.kill_time) kill_time[time] += n;
    for (int w = 0; w < 2; ++w) {
      wins[w] += o.wins[w];
      escapes[w] += o.escapes[w];
      escape_nth[w].merge(o.escape_nth[w]);
      kill_nth[w].merge(o.kill_nth[w]);
      kill_hits[w].merge(o.kill_hits[w]);
      died_nth[w].merge(o.died_nth[w]);
      died_after[w].merge(o.died_after[w]);
      died_hits[w].merge(o.died_hits[w]);
      hp_end[w].merge(o.hp_end[w]);
      hp_win[w].merge(o.hp_win[w]);
    }
    draws += o.draws;
    length.merge(o.length);
  }
};

void check_options(const MonteCarloOptions& o) {
  require(o.sims >= 1, "--sims must be at least 1");
  detail::check(o.sims <= std::uint64_t{1} << 40, "--sims {} is too many (at most 2^40)", o.sims);
  require(o.threads >= 1, "--threads must be at least 1");
  detail::check(o.threads <= 1024, "--threads {} is too many (at most 1024)", o.threads);
  require(o.block >= 1 && o.max_attacks >= 1, "Monte Carlo block and attack limit must be positive");
}

Side apply_damage(Side s, std::int64_t damage, const char* side) {
  detail::check(damage >= 0, "side {}: the ruleset gave negative damage {}", side, damage);
  s.hp -= damage;
  return s;
}

void record_kill(SampledTally& t, const Side (&side)[2], std::size_t w, std::uint64_t nth, std::uint64_t hits,
                 std::uint64_t attacks) {
  const std::size_t d = 1 - w;
  ++t.wins[w];
  t.kill_nth[w].add(nth);
  t.kill_hits[w].add(hits);
  t.length.add(attacks);
  t.hp_end[w].add(static_cast<std::size_t>(side[w].hp));
  t.hp_win[w].add(static_cast<std::size_t>(side[w].hp));
  t.hp_end[d].add(0);
}

// Side w dies of the HP it loses on its own turn (its nth attack): the
// other side wins, and the fight ends with that turn.
void record_death(SampledTally& t, const Side (&side)[2], std::size_t w, std::uint64_t nth, std::uint64_t attacks,
                  std::uint64_t other_made, std::uint64_t other_hits) {
  const std::size_t d = 1 - w;
  ++t.wins[d];
  t.died_nth[w].add(nth);
  t.died_after[w].add(other_made);
  t.died_hits[w].add(other_hits);
  t.length.add(attacks);
  t.hp_end[d].add(static_cast<std::size_t>(side[d].hp));
  t.hp_win[d].add(static_cast<std::size_t>(side[d].hp));
  t.hp_end[w].add(0);
}

// Side e runs away on side w's nth attack: neither dies, and each ends with
// its HP as it is.
void record_escape(SampledTally& t, const Side (&side)[2], std::size_t e, std::size_t w, std::uint64_t nth,
                   std::uint64_t attacks) {
  ++t.escapes[e];
  t.escape_nth[w].add(nth);
  t.length.add(attacks);
  t.hp_end[0].add(static_cast<std::size_t>(side[0].hp));
  t.hp_end[1].add(static_cast<std::size_t>(side[1].hp));
}

void record_draw(SampledTally& t, const Side (&side)[2]) {
  ++t.draws;
  t.hp_end[0].add(static_cast<std::size_t>(side[0].hp));
  t.hp_end[1].add(static_cast<std::size_t>(side[1].hp));
}

// One fight along a fresh copy of `order`. `ba` null: only a attacks, b never
// answers. With a random attack time (`timed`) the kill's game time is kept
// as drawn; with fixed times it follows from the killer's attack count.
// `own_turns`: ba is the defender's own turns in turns to kill, whose game
// time is kept for a's kills and b's deaths only.
//
// `typed`, when the exchanges made one (Exchange::sampled_fight), carries
// the sides' conditions; else each turn's Transition numbers them.
void fight_once(const Exchange& ab, const Exchange* ba, SampledFight* typed, const Fighter& fa, const Fighter& fb,
                const Schedule& order, bool timed, bool own_turns, std::uint64_t max_attacks, Rng& rng,
                SampledTally& t) {
  Side side[2] = {{fa.hp, fa.state}, {fb.hp, fb.state}};
  if (typed) typed->start(fa.state, fb.state);
  Schedule schedule = order;
  std::uint64_t hits[2] = {0, 0};  // attacks that landed, each side
  std::uint64_t made[2] = {0, 0};  // attacks made, each side
  for (std::uint64_t attacks = 1; attacks <= max_attacks; ++attacks) {
    const auto [who, nth, end] = schedule.next(rng);
    const auto w = static_cast<std::size_t>(who), d = 1 - w;
    made[w] = nth + 1;
    const Transition tr = typed    ? typed->turn(w == 1, side[w].hp, side[d].hp, rng)
                          : w == 0 ? ab.sample(side[0], side[1], rng)
                                   : ba->sample(side[1], side[0], rng);
    // The attacker's own HP first: life drain (Brogue CE inflictDamage heals
    // before the defender's death is checked) or a loss on its own turn
    // (poison, bleeding, burning ticking), which, when it kills the
    // attacker, undoes its attack.
    detail::check(tr.heal >= -kMaxHp && tr.heal <= kMaxHp,
                  "side {}: the ruleset gave a heal of {}, past the {} HP a combatant may have", w == 0 ? "a" : "b",
                  tr.heal, kMaxHp);
    side[w].hp = std::min(side[w].hp + tr.heal, kMaxHp);
    if (side[w].hp <= 0) {
      side[w].hp = 0;
      record_death(t, side, w, nth, attacks, made[d], hits[d]);
      // Turns to kill times only its kills, and the defender's own deaths.
      if (timed && ba && (!own_turns || w == 1)) ++t.kill_time[end];
      return;
    }
    hits[w] += tr.landed() ? 1 : 0;
    side[w].state = tr.attacker_state;
    side[d] = apply_damage(side[d], tr.damage, w == 0 ? "a" : "b");
    side[d].state = tr.defender_state;
    if (side[d].hp <= 0) {
      record_kill(t, side, w, nth, hits[w], attacks);
      if (timed) ++t.kill_time[end];
      return;
    }
    if (tr.escape != Escape::none) {
      record_escape(t, side, tr.escape == Escape::defender ? d : w, w, nth, attacks);
      // A duel times every end; turns to kill its kills alone.
      if (timed && ba && !own_turns) ++t.kill_time[end];
      return;
    }
  }
  record_draw(t, side);
}

// Runs every block on `threads` threads and adds the tallies up.
SampledTally run(const Exchange& ab, const Exchange* ba, const Fighter& fa, const Fighter& fb, Who first,
                 const MonteCarloOptions& o, bool own_turns = false) {
  const std::uint64_t blocks = (o.sims + o.block - 1) / o.block;
  std::atomic<std::uint64_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::exception_ptr error;
  SampledTally total;
  const bool timed = random_time(fa) || (ba && random_time(fb));
  const Schedule order = ba ? Schedule(fa, fb, first) : Schedule(fa);
  const unsigned threads = static_cast<unsigned>(std::min<std::uint64_t>(o.threads, blocks));
  // The defender's own turns (OwnChanges) pair with the attacker's turns
  // as its whole kernel with its attacks dropped.
  const auto* own = own_turns ? dynamic_cast<const OwnChanges*>(ba) : nullptr;
  auto worker = [&] {
    SampledTally mine;
    const std::unique_ptr<SampledFight> typed =
        own_turns && !own ? nullptr : ab.sampled_fight(own ? &own->own() : ba, !own);
    try {
      for (std::uint64_t k; !failed.load(std::memory_order_relaxed) && (k = next.fetch_add(1)) < blocks;) {
        Rng rng(o.seed, k);
        const std::uint64_t n = std::min(o.block, o.sims - k * o.block);
        for (std::uint64_t i = 0; i < n; ++i) {
          if (o.watch) o.watch->check();
          fight_once(ab, ba, typed.get(), fa, fb, order, timed, own_turns, o.max_attacks, rng, mine);
        }
        done.fetch_add(1, std::memory_order_relaxed);
        // On the caller's thread alone nothing polls below while this runs
        // (a WebAssembly module without threads): report after each block.
        if (threads <= 1 && o.watch) o.watch->step(static_cast<double>(done.load()) / static_cast<double>(blocks));
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
    const std::lock_guard lock(mutex);
    total.merge(mine);
  };
  std::vector<std::thread> pool;
  // One thread runs on the caller's: no thread is started (a WebAssembly
  // module built without threads has none to start).
  if (threads <= 1) worker();
  pool.reserve(threads);
  for (unsigned i = 0; threads > 1 && i < threads; ++i) pool.emplace_back(worker);

  // Progress on stderr: only on a terminal, only once a run has taken a second.
  const bool tty = o.progress && isatty(STDERR_FILENO) == 1;
  const auto t0 = std::chrono::steady_clock::now();
  bool drawn = false;
  while ((tty || o.watch) && done.load() < blocks && !failed.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(o.watch ? 10 : 100));
    const double f = static_cast<double>(done.load()) / static_cast<double>(blocks);
    if (o.watch) {
      try {
        o.watch->step(f);  // the callback runs here, on the caller's thread
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
    if (!tty || std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1)) continue;
    const int bar = static_cast<int>(f * 30);
    std::fprintf(stderr, "\r[%s%s] %3d%% of %llu fights", std::string(static_cast<std::size_t>(bar), '#').c_str(),
                 std::string(static_cast<std::size_t>(30 - bar), ' ').c_str(), static_cast<int>(f * 100),
                 static_cast<unsigned long long>(o.sims));
    std::fflush(stderr);
    drawn = true;
  }
  for (auto& th : pool) th.join();
  if (drawn) {
    std::fprintf(stderr, "\r%60s\r", "");
    std::fflush(stderr);
  }
  if (error) std::rethrow_exception(error);
  return total;
}

// The game time of the kills (with_deaths: of every end, a side's death of
// its own HP loss and the escapes included, timed by the turn they end): as drawn when an attack
// time is random, else from the attack count, as the exact chains have it.
RealPmf kill_times(const SampledTally& t, double a_time, double b_time, bool with_deaths) {
  if (t.kill_time.empty()) {
    if (!with_deaths) return detail::time_pmf(t.kill_nth[0].v, a_time, t.kill_nth[1].v, b_time);
    Counts ends[2] = {t.kill_nth[0], t.kill_nth[1]};
    for (int w = 0; w < 2; ++w) {
      ends[w].merge(t.died_nth[w]);
      ends[w].merge(t.escape_nth[w]);
    }
    return detail::time_pmf(ends[0].v, a_time, ends[1].v, b_time);
  }
  std::map<double, double> acc;
  double total = 0;
  for (const auto& [time, n] : t.kill_time) {
    acc[time] += static_cast<double>(n);
    total += static_cast<double>(n);
  }
  return detail::normalised(acc, total);
}

// A fight no sample could finish gets its answer without sampling; the
// check is bounded, and skipped (nullopt) for very large chains.
bool provably_endless(const Exchange& ab, const Exchange* ba, const Fighter& a, const Fighter& b) {
  ExactLimits limits;
  limits.max_pairs = std::size_t{1} << 16;
  try {
    const std::optional<bool> ends = can_end(ab, ba, a, b, limits);
    return ends.has_value() && !*ends;
  } catch (const std::exception&) {
    return false;  // a kernel that cannot list its outcomes is only sampled
  }
}

std::string draw_note(std::uint64_t draws, std::uint64_t max_attacks) {
  if (draws == 0) return {};
  return fmt::format("{} fights were still going after {} attacks and count as never ending", draws, max_attacks);
}

// Turns to kill: the runs that ended with a side running away, no kill.
void escape_counts(TtkResult& r, const SampledTally& t, std::uint64_t sims) {
  r.p_escape = static_cast<double>(t.escapes[1]) / static_cast<double>(sims);
  r.p_escape_ci = wilson_interval(t.escapes[1], sims);
  detail::note_escapes(r, r.p_escape, static_cast<double>(t.escapes[0]) / static_cast<double>(sims), true);
}

}  // namespace

TtkResult ttk_monte_carlo(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                          const MonteCarloOptions& options) {
  check_options(options);
  check_fighter(attacker, "attacker");
  check_fighter(defender, "defender");
  detail::require_monte_carlo_budget(kernel, nullptr, attacker, defender, options);
  TtkResult r;
  if (provably_endless(kernel, nullptr, attacker, defender)) {
    r.method = "monte-carlo";
    r.defender_hp = defender.hp;
    r.sims = options.sims;
    r.seed = options.seed;
    r.p_kill_ci = r.p_escape_ci = {0, 0};
    r.notes.push_back("the attacker can never kill the defender");
    return r;
  }
  const SampledTally t = run(kernel, nullptr, attacker, defender, Who::a, options);
  r.method = "monte-carlo";
  r.defender_hp = defender.hp;
  r.sims = options.sims;
  r.seed = options.seed;
  r.p_kill = static_cast<double>(t.wins[0]) / static_cast<double>(options.sims);
  r.p_kill_ci = wilson_interval(t.wins[0], options.sims);
  if (!t.kill_nth[0].empty()) {
    r.attacks = t.kill_nth[0].pmf(1);
    r.hits = t.kill_hits[0].pmf();
    r.hits_method = r.method;
    r.time = kill_times(t, attacker.attack_time, attacker.attack_time, false);
  }
  if (t.wins[1] > 0)
    r.notes.push_back(
        fmt::format("{} of the attackers died of the HP they lose on their own turns before they killed", t.wins[1]));
  if (std::string draws = draw_note(t.draws, options.max_attacks); !draws.empty()) r.notes.push_back(std::move(draws));
  escape_counts(r, t, options.sims);
  return r;
}

namespace detail {

TtkResult ttk_monte_carlo_turns(const Bout& bout, Who first, const MonteCarloOptions& options,
                                std::optional<bool> acts) {
  require(bout.a_hits_b != nullptr, "side a has no attack on side b");
  const Exchange& kernel = *bout.a_hits_b;
  const Fighter &attacker = bout.a, &defender = bout.b;
  if (!bout.b_hits_a) return ttk_monte_carlo(kernel, attacker, defender, options);
  // The runs without the defender's turns are the fewest: past the budget,
  // refused before any search.
  check_options(options);
  check_fighter(attacker, "attacker");
  check_fighter(defender, "defender");
  detail::require_monte_carlo_budget(kernel, nullptr, attacker, defender, options);
  if (!acts && kernel.exact()) {
    // Bounded: past it, or for a kernel that cannot list its outcomes, the
    // defender's turns are followed.
    ExactLimits limits;
    limits.max_pairs = std::size_t{1} << 18;
    try {
      acts = defender_acts(kernel, *bout.b_hits_a, attacker, defender, limits);
    } catch (const Error&) {
      acts = std::nullopt;
    }
  }
  // Turns that change nothing: the runs without them, draw for draw.
  if (acts.has_value() && !*acts) return ttk_monte_carlo(kernel, attacker, defender, options);
  const OwnChanges turns(*bout.b_hits_a);
  detail::require_monte_carlo_budget(kernel, &turns, attacker, defender, options, true);
  TtkResult r;
  r.method = "monte-carlo";
  r.defender_hp = defender.hp;
  r.sims = options.sims;
  r.seed = options.seed;
  if (provably_endless(kernel, &turns, attacker, defender)) {
    r.p_kill_ci = r.p_escape_ci = {0, 0};
    r.notes.push_back("the attacker can never kill the defender");
    return r;
  }
  const SampledTally t = run(kernel, &turns, attacker, defender, first, options, true);
  r.p_kill = static_cast<double>(t.wins[0]) / static_cast<double>(options.sims);
  r.p_kill_ci = wilson_interval(t.wins[0], options.sims);
  // The defender's deaths: a's kills at its nth attack (n + 1 attacks made),
  // and deaths on its own turns after the attacks made before them.
  Counts attacks = t.died_after[1], hits = t.kill_hits[0];
  hits.merge(t.died_hits[1]);
  for (std::size_t i = 0; i < t.kill_nth[0].v.size(); ++i)
    if (t.kill_nth[0].v[i] > 0) attacks.add(i + 1, t.kill_nth[0].v[i]);
  if (!attacks.empty()) {
    r.attacks = attacks.pmf();
    r.hits = hits.pmf();
    r.hits_method = r.method;
    if (t.kill_time.empty()) {
      r.time = time_pmf(t.kill_nth[0].v, attacker.attack_time, t.died_nth[1].v, defender.attack_time);
    } else {
      std::map<double, double> acc;
      double total = 0;
      for (const auto& [time, n] : t.kill_time) {
        acc[time] += static_cast<double>(n);
        total += static_cast<double>(n);
      }
      r.time = normalised(acc, total);
    }
  }
  std::vector<std::string>& notes = r.notes;
  if (t.wins[1] > 0)
    notes.push_back(
        fmt::format("{} of the attackers died of the HP they lose on their own turns before they killed", t.wins[1]));
  std::uint64_t own_deaths = 0;
  for (const std::uint64_t n : t.died_after[1].v) own_deaths += n;
  if (own_deaths > 0)
    notes.push_back(fmt::format(
        "{} of the defenders died of the HP they lose on their own turns, counted as killed after the attacks made "
        "before it",
        own_deaths));
  if (const std::string draws = draw_note(t.draws, options.max_attacks); !draws.empty()) notes.push_back(draws);
  escape_counts(r, t, options.sims);
  return r;
}

}  // namespace detail

TtkResult ttk_monte_carlo(const Bout& bout, Who first_on_tie, const MonteCarloOptions& options) {
  return detail::ttk_monte_carlo_turns(bout, first_on_tie, options, std::nullopt);
}

DuelResult duel_monte_carlo(const Bout& bout, Who first_on_tie, const MonteCarloOptions& options) {
  check_options(options);
  check_bout(bout);
  detail::require_monte_carlo_budget(*bout.a_hits_b, bout.b_hits_a.get(), bout.a, bout.b, options);
  DuelResult r;
  r.method = "monte-carlo";
  r.sims = options.sims;
  r.seed = options.seed;
  r.threads = options.threads;
  if (provably_endless(*bout.a_hits_b, bout.b_hits_a.get(), bout.a, bout.b)) {
    r.p_draw = 1;
    r.a_wins_ci = r.b_wins_ci = r.a_escapes_ci = r.b_escapes_ci = {0, 0};
    r.draw_ci = {1, 1};
    r.a_hp_left = Pmf::point(bout.a.hp);
    r.b_hp_left = Pmf::point(bout.b.hp);
    r.notes.push_back("the fight can never end: neither side can ever kill the other");
    return r;
  }
  const SampledTally t = run(*bout.a_hits_b, bout.b_hits_a.get(), bout.a, bout.b, first_on_tie, options);
  const auto n = static_cast<double>(options.sims);
  r.p_a_wins = static_cast<double>(t.wins[0]) / n;
  r.p_b_wins = static_cast<double>(t.wins[1]) / n;
  r.p_draw = static_cast<double>(t.draws) / n;
  r.p_a_escapes = static_cast<double>(t.escapes[0]) / n;
  r.p_b_escapes = static_cast<double>(t.escapes[1]) / n;
  r.a_wins_ci = wilson_interval(t.wins[0], options.sims);
  r.b_wins_ci = wilson_interval(t.wins[1], options.sims);
  r.draw_ci = wilson_interval(t.draws, options.sims);
  r.a_escapes_ci = wilson_interval(t.escapes[0], options.sims);
  r.b_escapes_ci = wilson_interval(t.escapes[1], options.sims);
  if (!t.length.empty()) {
    r.length = t.length.pmf();
    r.time = kill_times(t, bout.a.attack_time, bout.b.attack_time, true);
  }
  r.a_hp_left = t.hp_end[0].pmf();
  r.b_hp_left = t.hp_end[1].pmf();
  if (!t.hp_win[0].empty()) r.a_hp_if_wins = t.hp_win[0].pmf();
  if (!t.hp_win[1].empty()) r.b_hp_if_wins = t.hp_win[1].pmf();
  if (std::string draws = draw_note(t.draws, options.max_attacks); !draws.empty()) r.notes.push_back(std::move(draws));
  return r;
}

}  // namespace fray::fight
