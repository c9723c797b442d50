// Brogue CE's fight mechanics and laws (turn.hpp): what each does, once, for
// the exact reading and the sampled one alike.
#include "rules/brogue/turn.hpp"

#include <fray/core/error.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <fray/rules/brogue/parts.hpp>

#include "rules/brogue/parts.hpp"

#include <utility>

namespace fray::brogue::turns {

Body body_of(const Combatant& c) {
  Body b;
  b.c = c;
  b.attack_time = attack_ticks(c);
  b.max_hp = c.is_player ? c.max_hp.value_or(c.hp.value_or(1)) : std::max<std::int64_t>(c.hp.value_or(1), c.monster.hp);
  // Time.c playerTurnEnded ticks the player's poison once per player turn.
  b.tick_period = c.is_player ? b.attack_time : kMonsterTurn;
  b.poisonable = c.is_player || !(c.monster.inanimate || c.monster.invulnerable);
  // Time.c playerTurnEnded regenerates the player once per player turn,
  // whatever the turn's length: once per attack. Monsters.c
  // decrementMonsterStatus regenerates a monster once per 100 ticks: the
  // whole turns of its attack time.
  // The monster's parts come from its catalog row (monster_parts), the
  // player's regeneration from its spec.
  const std::vector<fight::PartUse> parts = c.is_player ? std::vector<fight::PartUse>{} : monster_parts(c.monster);
  const fight::PartUse* regen = fight::parts::find_part(parts, "regeneration");
  fight::PartUse player;
  if (const std::int64_t period = regen_period(c); c.is_player && period > 0)
    regen = &(player = regeneration_part(period, player_regeneration(b.max_hp, c.regeneration).hp_per_turn, true));
  if (regen) b.regen.part = fight::parts::regeneration_of(*regen, static_cast<double>(b.attack_time) / kMonsterTurn, 1);
  if (const fight::PartUse* drain = fight::parts::find_part(parts, "drain")) b.drain = fight::parts::drain_of(*drain);
  return b;
}

const Combatant& spectral_blade() {
  static const Combatant blade = [] {
    Combatant c;
    c.name = "spectral_blade";
    c.monster = lookup_monster("spectral_blade");
    c.hp = c.monster.hp;
    return c;
  }();
  return blade;
}

// --- laws ----------------------------------------------------------------------------------

namespace {

void trace_strike(std::vector<Draw>* trace, DrawFor what, std::int64_t lo, std::int64_t hi, std::int64_t v) {
  if (trace)
    trace->push_back(Draw{what == DrawFor::to_hit ? "to-hit" : "damage", fmt::format("rand_range({}, {})", lo, hi), v});
}

StrikeResult traced_strike(const AttackPlan& plan, Rng& rng, std::vector<Draw>* trace) {
  return strike(plan, rng, [trace](DrawFor what, std::int64_t lo, std::int64_t hi, std::int64_t v) {
    trace_strike(trace, what, lo, hi, v);
  });
}

}  // namespace

Attack attack_of(AttackPlan plan) {
  const Outcome o = exact_outcome(plan);
  Attack a{std::move(plan), {}};
  if (o.p_hit < 1) a.rolls.push_back({Roll{false, 0}, 1 - o.p_hit});
  if (o.p_hit > 0)
    for (const auto& [v, q] : o.damage_on_hit.items()) a.rolls.push_back({Roll{true, v}, o.p_hit * q});
  return a;
}

Roll AttackLaw::sample(Rng& rng, std::vector<Draw>* trace) const {
  const StrikeResult s = traced_strike(*plan, rng, trace);
  return {s.hit, s.damage};
}

Branch<std::int32_t> BladeHits::at(std::size_t i) const {
  const auto k = static_cast<std::int32_t>(i);
  const double p = plan->p_hit();
  double c = 1;
  for (std::int32_t j = 0; j < k; ++j) c = c * (attackers - j) / (j + 1);
  return {k, c * std::pow(p, k) * std::pow(1 - p, attackers - k)};
}

std::int32_t BladeHits::sample(Rng& rng, std::vector<Draw>* trace) const {
  std::int32_t hits = 0;
  for (std::int32_t i = 0; i < attackers; ++i) hits += traced_strike(*plan, rng, trace).hit ? 1 : 0;
  return hits;
}

Branch<std::int32_t> Summons::at(std::size_t i) const {
  const double s = 1.0 / static_cast<double>(range() + 1);
  return i == 0 ? Branch<std::int32_t>{0, 1 - s} : Branch<std::int32_t>{static_cast<std::int32_t>(i + 2), s / 3};
}

std::int32_t Summons::sample(Rng& rng, std::vector<Draw>* trace) const {
  const std::int64_t v = rng.uniform(0, range());
  if (trace) trace->push_back(Draw{"summons", fmt::format("rand_range(0, {})", range()), v});
  if (v != 0) return 0;
  const std::int64_t k = rng.uniform(3, 5);
  if (trace) trace->push_back(Draw{"blades", "rand_range(3, 5)", k});
  return static_cast<std::int32_t>(k);
}

std::int64_t Volley::sample(Rng& rng, std::vector<Draw>* trace) const {
  std::int64_t dmg = 0;
  for (std::size_t i = 0; i < k; ++i) dmg += traced_strike(*plan, rng, trace).damage;
  return dmg;
}

std::vector<Branch<std::int64_t>> volley_of(const AttackPlan& plan, std::size_t k) {
  const Pmf one = exact_outcome(plan).damage;
  Pmf sum = one;
  for (std::size_t i = 1; i < k; ++i) sum = sum + one;
  std::vector<Branch<std::int64_t>> out;
  for (const auto& [v, p] : sum.items()) out.push_back({v, p});
  return out;
}

// --- mechanics -------------------------------------------------------------------------------

std::int64_t regenerate(const Body& b, std::int64_t hp, FightState& s) {
  if (!b.regen.part) return hp;
  // Time.c playerTurnEnded ends by setting an HP above the maximum (what
  // regenPerTurn can add) back to it, before the player's next action.
  if (b.c.is_player) hp = std::min(hp, b.max_hp);
  int none = 0;             // no draw: the gain is fixed
  std::uint32_t phase = 0;  // one clock value: the same acts every attack
  return hp + fight::parts::regenerate(none, *b.regen.part, b.regen.part->gain, hp, b.max_hp, phase, s.regen_spent,
                                       s.poison_turns > 0);
}

std::int64_t final_heal(const Body& b, std::int64_t hp, std::int64_t heal) {
  return b.c.is_player && b.regen.per_turn() > 0 ? std::min(hp + heal, b.max_hp) - hp : heal;
}

namespace {
// The victim's poison as the part's state: its turns, poisonAmount, clock.
fight::parts::DotState<> poison_of(const FightState& s) {
  return {.left = s.poison_turns, .level = s.poison_amount, .clock = s.poison_clock};
}
void set_poison(FightState& s, const fight::parts::DotState<>& d) {
  s.poison_turns = d.left;
  s.poison_amount = d.level;
  s.poison_clock = d.clock;
}
}  // namespace

std::int64_t poison_ticks(const Body& poisoner, const Body& victim, FightState& d) {
  if (!poisoner.poisons() || d.poison_turns <= 0) return 0;
  // The poisoner's turn deals the ticks of its own attack time, before its attack.
  auto p = poison_of(d);
  const std::int64_t lost = fight::parts::dot_ticks_over(kPoison, p, poisoner.attack_time, victim.tick_period);
  set_poison(d, p);
  return lost;
}

std::int64_t poison_hit(const Body& attacker, const Body& victim, const Roll& roll, FightState& d) {
  if (!attacker.poisons() || !roll.hit) return roll.damage;
  auto p = poison_of(d);
  fight::parts::NoDraws r;
  const std::int64_t dealt =
      fight::parts::dot_hit(r, fight::parts::PlainDotDraws{}, kPoison, p, roll.damage, victim.poisonable);
  set_poison(d, p);
  return dealt;
}

void weakness_hit(const Body& attacker, const Body& victim, const Roll& roll, std::int64_t dealt, FightState& d) {
  if (attacker.weakens() && roll.hit && dealt > 0 && victim.poisonable && victim.c.weakness + d.weakened < 10)
    ++d.weakened;
}

std::int64_t transference(const Body& attacker, const Body& victim, std::int64_t dealt, std::int64_t left) {
  return attacker.drain && victim.poisonable ? fight::parts::drained(*attacker.drain, dealt, left) : 0;
}

std::vector<std::int32_t> bodies_of(const FightState& s, std::int64_t hp) {
  return s.bodies.empty() ? std::vector<std::int32_t>{static_cast<std::int32_t>(hp)} : s.bodies;
}

std::vector<std::int32_t> split(std::vector<std::int32_t> bodies, std::int64_t damage) {
  (void)fight::parts::split_hit(kJellySplit, bodies, damage, damage);
  return bodies;
}

std::int64_t total(const std::vector<std::int32_t>& bodies) {
  std::int64_t t = 0;
  for (const std::int32_t h : bodies) t += h;
  return t;
}

// --- the regeneration clocks ---------------------------------------------------------------

RegenWatch::RegenWatch(const Body& a, const Body& b) {
  for (const Body* x : {&a, &b})
    if (x->regen.period() > 0)
      about_ += fmt::format("{}{}: an HP each {}/1000 turns, {} clock values", about_.empty() ? "" : "; ", x->c.name,
                            x->regen.period(), regen_clock_values(x->regen.period()));
  for (const Body* x : {&a, &b})
    if (x->c.is_player && x->regen.period() > 0)
      about_ += "; player:regeneration=none leaves the player's out for an exact answer";
}

void RegenWatch::see(std::int32_t a_clock, std::int32_t b_clock) {
  // The exact reader asks once per path of a turn: the same pair again.
  struct Last {
    std::uint64_t serial = 0;
    std::int32_t a = 0, b = 0;
  };
  thread_local Last last;
  if (last.serial == serial_ && last.a == a_clock && last.b == b_clock) return;
  const std::lock_guard<std::mutex> lock(mutex_);
  const std::size_t na = seen_[0].size() + (seen_[0].count(a_clock) ? 0 : 1);
  const std::size_t nb = seen_[1].size() + (seen_[1].count(b_clock) ? 0 : 1);
  // A clock past the limit is refused and not kept: the conditions met
  // before it (the start, for the report's first-attack figures) can still
  // be asked about.
  if (na * nb > static_cast<std::size_t>(kMaxRegenClock))
    throw TooLarge(
        fmt::format("the regeneration clocks reach more than {} values together ({})", kMaxRegenClock, about_));
  seen_[0].insert(a_clock);
  seen_[1].insert(b_clock);
  last = {serial_, a_clock, b_clock};
}

}  // namespace fray::brogue::turns
