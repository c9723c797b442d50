// Brogue CE fights as Markov kernels: one attack of one side on the other,
// with what happens around it in the game's time (poison ticking, monster
// regeneration, a goblin conjurer summoning its spectral blades).
#include <fray/rules/brogue/fight.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/fight/states.hpp>

#include "rules/brogue/mechanics.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace fray::brogue {
namespace {

using Table = fight::States<FightState>;

// Monsters.c decrementMonsterStatus and the poison tick run once per 100
// ticks of game time for a monster (Time.c playerTurnEnded, its
// updateEnvironment step); the player's run once per player turn.
constexpr std::int64_t kMonsterTurn = 100;

// A side's regeneration as its kernels follow it: a clock of thousandths of
// a turn, moved on by 1000 a turn while the side is below its maximum HP and
// not poisoned, that gives an HP each `period` (Monsters.c
// decrementMonsterStatus for a monster, Time.c playerTurnEnded for the
// player, which also gains `per_turn` HP every such turn).
struct Regen {
  std::int64_t period = 0;    // thousandths of a turn an HP; 0: none followed
  std::int64_t per_turn = 0;  // HP every turn (the player's regenPerTurn)
  std::int64_t steps = 0;     // turns of regeneration per attack of the side
};

// One side as the kernels see it.
struct Body {
  Combatant c;
  std::int64_t attack_time = 100;  // ticks between its attacks
  std::int64_t max_hp = 1;
  std::int64_t tick_period = kMonsterTurn;  // ticks between its poison ticks
  Regen regen;
  bool poisonable = true;  // Combat.c specialHit: no poison or weakness on inanimate or invulnerable

  [[nodiscard]] bool poisons() const { return !c.is_player && c.monster.poisons; }
  [[nodiscard]] bool transference() const { return !c.is_player && c.monster.transference; }
  [[nodiscard]] bool weakens() const {
    const auto& f = c.monster.ability_flags;
    return !c.is_player && std::find(f.begin(), f.end(), "MA_CAUSES_WEAKNESS") != f.end();
  }
  // The combatant with the weakness a fight has added (Items.c weaken caps it at 10).
  [[nodiscard]] Combatant weakened(const FightState& s) const {
    Combatant w = c;
    w.weakness = std::min<std::int64_t>(c.weakness + s.weakened, 10);
    return w;
  }
};

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
  if (const std::int64_t period = regen_period(c); period > 0)
    b.regen = {period, c.is_player ? player_regeneration(b.max_hp, c.regeneration).hp_per_turn : 0,
               c.is_player ? 1 : b.attack_time / kMonsterTurn};
  return b;
}

// The side's HP after the regeneration that comes with one of its attacks,
// its clock moved on in `s`. The game's order: a monster's regeneration
// (Monsters.c decrementMonsterStatus, in the environment update of each 100
// ticks) comes before its turn in the same 100 ticks, so its kernel gives the
// steps of its attack time before the attack; the player's (Time.c
// playerTurnEnded) comes right after the player's action, and the player's
// kernel gives it with the attack: the player's own HP is untouched by its
// attack, so it is the same HP the game sees, before any monster acts again.
std::int64_t regenerate(const Body& b, std::int64_t hp, FightState& s) {
  if (b.regen.period == 0) return hp;
  // Time.c playerTurnEnded ends by setting an HP above the maximum (what
  // regenPerTurn can add) back to it, before the player's next action.
  if (b.c.is_player) hp = std::min(hp, b.max_hp);
  for (std::int64_t step = 0; step < b.regen.steps; ++step) {
    if (hp >= b.max_hp || s.poison_turns > 0) continue;
    s.regen_spent += 1000;
    if (s.regen_spent >= b.regen.period) {
      s.regen_spent -= static_cast<std::int32_t>(b.regen.period);
      ++hp;
    }
    hp += b.regen.per_turn;
  }
  return hp;
}

// The player's HP at the end of a turn whose attack ended the fight: Time.c
// playerTurnEnded still sets what regenPerTurn added past the maximum back
// to it. (A fight that goes on does the same before the player's next turn.)
std::int64_t final_heal(const Body& b, std::int64_t hp, std::int64_t heal) {
  return b.c.is_player && b.regen.per_turn > 0 ? std::min(hp + heal, b.max_hp) - hp : heal;
}

// The regeneration clocks an exact analysis meets, both sides together: the
// chain's conditions multiply by their values (the starting player's clock
// alone takes 5033), so past kMaxRegenClock the kernels stop the exact
// analysis with TooLarge, and the fight layer runs Monte Carlo with the
// reason as its note. A clock moves only while its side is below its
// maximum HP, so a fight where one side is never hurt (turns to kill) stays
// exact. Monte Carlo asks no outcomes and is not counted. The count lasts as
// long as the bout: an analysis after another counts on.
class RegenWatch {
 public:
  RegenWatch(const Body& a, const Body& b) {
    for (const Body* x : {&a, &b})
      if (x->regen.period > 0)
        about_ += fmt::format("{}{}: an HP each {}/1000 turns, {} clock values", about_.empty() ? "" : "; ", x->c.name,
                              x->regen.period, regen_clock_values(x->regen.period));
    for (const Body* x : {&a, &b})
      if (x->c.is_player && x->regen.period > 0)
        about_ += "; player:regeneration=none leaves the player's out for an exact answer";
  }
  // The clocks of side a and side b in two conditions the exact chain asks about.
  void see(std::int32_t a_clock, std::int32_t b_clock) {
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
  }

 private:
  std::mutex mutex_;
  std::set<std::int32_t> seen_[2];
  std::string about_;
};

// The shared part of the two kernels of a bout: the table of conditions,
// and the watch on the regeneration clocks.
class Kernel : public Exchange {
 public:
  explicit Kernel(std::shared_ptr<Table> table) : table_(std::move(table)) {}
  [[nodiscard]] const Table& table() const { return *table_; }
  // Set once, before the fight: `attacker_is_a` says which side attacks.
  void watch(std::shared_ptr<RegenWatch> w, bool attacker_is_a) {
    watch_ = std::move(w);
    attacker_is_a_ = attacker_is_a;
  }

 protected:
  // Counts the two clocks of a condition the exact analysis asks about.
  void see(const FightState& att, const FightState& def) const {
    if (watch_)
      attacker_is_a_ ? watch_->see(att.regen_spent, def.regen_spent) : watch_->see(def.regen_spent, att.regen_spent);
  }
  std::shared_ptr<Table> table_;
  std::shared_ptr<RegenWatch> watch_;
  bool attacker_is_a_ = true;
};

// Rolls kept as a list of (probability, hit, damage): the exact answer lists
// them all, the sampled one draws one with the same primitives.
struct Roll {
  double p;
  bool hit;
  std::int64_t damage;
};

std::vector<Roll> all_rolls(const AttackPlan& plan) {
  const Outcome o = exact_outcome(plan);
  std::vector<Roll> out;
  if (o.p_hit < 1) out.push_back({1 - o.p_hit, false, 0});
  if (o.p_hit > 0)
    for (const auto& [v, q] : o.damage_on_hit.items()) out.push_back({o.p_hit * q, true, v});
  return out;
}

// --- one combatant attacking another ------------------------------------------------

class DuelKernel final : public Kernel {
 public:
  DuelKernel(std::shared_ptr<Table> table, Body a, Body d)
      : Kernel(std::move(table)), a_(std::move(a)), d_(std::move(d)) {
    if (!a_.c.is_player && a_.c.monster.kamikaze)
      why_ = a_.c.name + " bursts (and dies) instead of attacking";
    else if (a_.c.is_player && a_.c.weapon && a_.c.weapon->staggers)
      why_ = "a " + a_.c.weapon->name + " doubles its recovery time after a hit";
  }

  std::vector<Transition> outcomes(Side att, Side def) const override {
    const Turn t = begin(att, def);
    see(t.a0, t.d0);
    std::vector<Transition> out;
    for (const Roll& r : all_rolls(t.plan)) {
      Transition x = finish(t, att, def, r);
      if (const double q = steal_chance(t, r); q > 0) {
        Transition fled = x;
        fled.p *= q;
        fled.escape = Escape::attacker;
        x.p *= 1 - q;
        out.push_back(fled);
      }
      out.push_back(x);
    }
    return out;
  }
  Transition sample(Side att, Side def, Rng& rng) const override {
    const Turn t = begin(att, def);
    const StrikeResult s = strike(t.plan, rng);
    const Roll r{1, s.hit, s.damage};
    Transition x = finish(t, att, def, r);
    if (const double q = steal_chance(t, r); q > 0 && rng.unit() < q) x.escape = Escape::attacker;
    return x;
  }
  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }
  // Regeneration reads the regenerating attacker's HP (none at its
  // maximum), and the player's regenPerTurn whether the attack ends the
  // fight (final_heal); transference the attacker's (the clamp to its
  // maximum) and what the defender had left. Everything else reads no HP:
  // acid, poison and weakness change states only on hits the defender
  // survives, which is the fight layer's own kill test.
  Reads reads() const override {
    return {a_.regen.period > 0 || a_.transference(), a_.transference() || a_.regen.per_turn > 0};
  }

 private:
  // What happens before the attack's rolls, and the plan they follow.
  struct Turn {
    FightState a0, d0;  // the two conditions as the attack found them
    FightState a, d;
    std::int64_t heal = 0;      // the attacker's regeneration over its turn
    std::int64_t poisoned = 0;  // HP the defender's poison took since the attacker's last attack
    AttackPlan plan;
  };

  Turn begin(Side att, Side def) const {
    Turn t{table_->at(att.state), table_->at(def.state), {}, {}, 0, 0, {}};
    t.a = t.a0;
    t.d = t.d0;
    std::int64_t hp = regenerate(a_, att.hp, t.a);
    // Time.c playerTurnEnded: a monster whose turn comes with more HP than
    // its maximum (transference heals past it) is set back to its maximum
    // before it acts; it regenerates nothing above it.
    if (a_.transference() && hp > a_.max_hp) hp = a_.max_hp;
    t.heal = hp - att.hp;
    // The defender's poison (Monsters.c decrementMonsterStatus for a
    // monster, every 100 ticks; Time.c playerTurnEnded for the player, each
    // of its turns): poisonAmount HP a tick while turns are left, and the
    // amount back to 0 when they run out. The poisoner's kernel deals the
    // ticks of its own attack time, before its attack.
    if (a_.poisons() && t.d.poison_turns > 0) {
      const std::int64_t clock = t.d.poison_clock + a_.attack_time;
      const std::int64_t ticks = std::min<std::int64_t>(clock / d_.tick_period, t.d.poison_turns);
      t.poisoned = ticks * t.d.poison_amount;
      t.d.poison_turns -= static_cast<std::int32_t>(ticks);
      t.d.poison_clock = static_cast<std::int32_t>(clock % d_.tick_period);
      if (t.d.poison_turns == 0) t.d = cleared_poison(t.d);
    }
    if (t.a.weakened == 0 && t.d.weakened == 0)
      t.plan = plan_attack(a_.c, d_.c, {}, t.a.carried, t.d.carried);
    else
      t.plan = plan_attack(a_.weakened(t.a), d_.weakened(t.d), {}, t.a.carried, t.d.carried);
    return t;
  }

  // Combat.c specialHit, MA_HIT_STEAL_FLEE (the monkey): a hit on the
  // player, which the player survives, steals an unequipped item when a
  // second hit roll succeeds (attackHit: hitProbability, the plan's chance
  // to hit), and the monkey flees with it for good (MODE_PERM_FLEEING): the
  // fight ends with it escaped. The player is taken to carry an unequipped
  // item (the starting pack does). The chance is laid on every hit: the
  // fight layer makes a hit that kills the player a kill, whatever it says.
  [[nodiscard]] double steal_chance(const Turn& t, const Roll& r) const {
    return steals_ && r.hit ? t.plan.p_hit() : 0.0;
  }

  static FightState cleared_poison(FightState s) {
    s.poison_turns = s.poison_amount = s.poison_clock = 0;
    return s;
  }

  Transition finish(const Turn& t, Side att, Side def, const Roll& r) const {
    FightState a = t.a, d = t.d;
    std::int64_t dealt = r.damage;
    const std::int64_t left = std::max<std::int64_t>(def.hp - t.poisoned, 0);
    if (a_.poisons() && r.hit && r.damage > 0) {
      // Combat.c attack: a poisoner's hit deals 1 HP; specialHit then adds
      // the rolled damage as poison (addPoison(defender, damage, 1)) when
      // the defender survives and is neither inanimate nor invulnerable.
      dealt = 1;
      if (d_.poisonable) {
        if (d.poison_turns == 0) d = cleared_poison(d);
        d.poison_turns += static_cast<std::int32_t>(r.damage);
        d.poison_amount += 1;
      }
    }
    // Combat.c specialHit: a MA_CAUSES_WEAKNESS hit with damage that the
    // defender survives weakens it by 1 (Items.c weaken), unless it is
    // inanimate or invulnerable.
    if (a_.weakens() && r.hit && dealt > 0 && d_.poisonable && d_.c.weakness + d.weakened < 10) ++d.weakened;
    const StateChange c = after_attack(t.plan, a_.c, d_.c, a.carried, d.carried, r.hit, dealt, left);
    a.carried = c.attacker;
    d.carried = c.defender;
    // A condition left as it was keeps its number (no look-up in the table).
    const std::uint32_t na = a == t.a0 ? att.state : table_->id(a);
    const std::uint32_t nd = d == t.d0 ? def.state : table_->id(d);
    Transition out{r.p, t.poisoned + dealt, na, nd, static_cast<std::int8_t>(r.hit ? 1 : 0)};
    out.heal = out.damage >= def.hp ? final_heal(a_, att.hp, t.heal) : t.heal;
    // Combat.c inflictDamage: an enemy with MA_TRANSFERENCE regains 9/10 of
    // min(damage, defender HP), with no cap at its maximum (until its next
    // turn), unless the defender is inanimate or invulnerable.
    if (a_.transference() && dealt > 0 && d_.poisonable) out.heal += std::min(dealt, left) * 9 / 10;
    return out;
  }

  Body a_, d_;
  bool steals_ = steals_and_flees(a_.c, d_.c);
  std::string why_;
};

// --- a goblin conjurer and its spectral blades --------------------------------------

// The conjurer's side as one fighter: its own HP is the side's HP (the blades
// die with it, GlobalsBrogue.c hordeCatalog HORDE_DIES_ON_LEADER_DEATH); the
// blades alive and its cast are the side's state.
constexpr std::int32_t kBladesAround = 8;  // cells around the player a blade (or a jelly) can attack from

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

// The conjurer's opponent (the player, or a monster fights_conjurer
// accepts) attacking the conjurer's side: a blade while any is left (a hit
// kills it: 1 HP), else the conjurer. A blade is inanimate (monsterCatalog
// MONST_INANIMATE): Combat.c specialHit and inflictDamage give no poison,
// weakness or transference on it.
class FoeOnConjurer final : public Kernel {
 public:
  FoeOnConjurer(std::shared_ptr<Table> table, Body foe, Body conjurer)
      : Kernel(table), on_conjurer_(table, foe, conjurer), foe_(std::move(foe)) {}

  std::vector<Transition> outcomes(Side att, Side def) const override {
    const FightState d = table_->at(def.state);
    if (d.blades == 0) return on_conjurer_.outcomes(att, def);
    const FightState a = table_->at(att.state);
    const AttackPlan plan = plan_attack(foe_.c, spectral_blade(), {}, a.carried, {});
    std::vector<Transition> out;
    for (const Roll& r : all_rolls(plan)) out.push_back(on_blade(a, d, att, r, plan));
    return out;
  }
  Transition sample(Side att, Side def, Rng& rng) const override {
    const FightState d = table_->at(def.state);
    if (d.blades == 0) return on_conjurer_.sample(att, def, rng);
    const FightState a = table_->at(att.state);
    const AttackPlan plan = plan_attack(foe_.c, spectral_blade(), {}, a.carried, {});
    const StrikeResult s = strike(plan, rng);
    return on_blade(a, d, att, {1, s.hit, s.damage}, plan);
  }
  bool exact() const override { return on_conjurer_.exact(); }
  std::string why_not_exact() const override { return on_conjurer_.why_not_exact(); }
  Reads reads() const override { return on_conjurer_.reads(); }

 private:
  Transition on_blade(FightState a, FightState d, Side att, const Roll& r, const AttackPlan& plan) const {
    const std::int64_t heal = regenerate(foe_, att.hp, a) - att.hp;
    // A blade has 1 HP: any hit with damage kills it; the conjurer's HP is untouched.
    if (r.hit && r.damage >= spectral_blade().monster.hp) --d.blades;
    const StateChange c = after_attack(plan, foe_.c, spectral_blade(), a.carried, {}, r.hit, r.damage, 1);
    a.carried = c.attacker;
    Transition t{r.p, 0, table_->id(a), table_->id(d), static_cast<std::int8_t>(r.hit ? 1 : 0)};
    t.heal = heal;
    return t;
  }
  DuelKernel on_conjurer_;
  Body foe_;
};

// The conjurer's side taking its turn (100 ticks): every blade around its
// opponent attacks (accuracy 150, 1 damage), then the conjurer, unless it is
// finishing a cast, summons with Monsters.c monsterSummons's chance — the
// same whether the opponent is the player or a monster: monstUseMagic calls
// monsterSummons whatever the conjurer is fighting, and an enemy conjurer
// counts only its own followers (the blades).
class ConjurerOnFoe final : public Kernel {
 public:
  ConjurerOnFoe(std::shared_ptr<Table> table, Body conjurer, Body foe)
      : Kernel(std::move(table)), conjurer_(std::move(conjurer)), foe_(std::move(foe)) {}

  std::vector<Transition> outcomes(Side att, Side def) const override {
    FightState a = table_->at(att.state);
    const FightState d = table_->at(def.state);
    const std::int64_t heal = regenerate(conjurer_, att.hp, a) - att.hp;
    const Blows b = blows(a, d);
    // Binomial hits of the attacking blades, then the cast.
    std::vector<Transition> out;
    for (std::int32_t hits = 0; hits <= b.attackers; ++hits) {
      const double ph = binomial(b.attackers, hits, b.p_hit);
      if (ph <= 0) continue;
      for (const auto& [p, next] : casts(a)) {
        Transition t{ph * p, hits * b.damage, table_->id(next), def.state, static_cast<std::int8_t>(hits > 0)};
        t.heal = heal;
        out.push_back(t);
      }
    }
    return out;
  }
  Transition sample(Side att, Side def, Rng& rng) const override {
    FightState a = table_->at(att.state);
    const FightState d = table_->at(def.state);
    const std::int64_t heal = regenerate(conjurer_, att.hp, a) - att.hp;
    const Blows b = blows(a, d);
    std::int32_t hits = 0;
    for (std::int32_t i = 0; i < b.attackers; ++i) hits += strike(b.plan, rng).hit ? 1 : 0;
    // Monsters.c monsterSummons: !rand_range(0, 3n² + 1); summonMinions: randClump({3, 5, 1}).
    FightState next = a;
    if (a.casting) {
      next.casting = false;
    } else if (rng.uniform(0, summon_range(a.blades)) == 0) {
      next.blades += static_cast<std::int32_t>(rng.uniform(3, 5));
      next.casting = true;
    }
    Transition t{1, hits * b.damage, table_->id(next), def.state, static_cast<std::int8_t>(hits > 0)};
    t.heal = heal;
    return t;
  }
  bool exact() const override { return false; }
  std::string why_not_exact() const override {
    return "the goblin conjurer may summon 3-5 more spectral blades on any turn, without bound";
  }
  // Its regeneration reads the conjurer's HP.
  Reads reads() const override { return {conjurer_.regen.period > 0, false}; }

 private:
  struct Blows {
    std::int32_t attackers;
    double p_hit;
    std::int64_t damage;
    AttackPlan plan;
  };
  Blows blows(const FightState& a, const FightState& d) const {
    AttackPlan plan = plan_attack(spectral_blade(), foe_.c, {}, {}, d.carried);
    // A blade's damage is 1-1: one roll, the same every hit.
    return {std::min(a.blades, kBladesAround), plan.p_hit(), plan.damage(plan.roll.lo), std::move(plan)};
  }
  static std::int64_t summon_range(std::int32_t blades) { return 3 * std::int64_t{blades} * blades + 1; }
  std::vector<std::pair<double, FightState>> casts(const FightState& a) const {
    FightState next = a;
    if (a.casting) {
      next.casting = false;
      return {{1.0, next}};
    }
    const double s = 1.0 / static_cast<double>(summon_range(a.blades) + 1);
    std::vector<std::pair<double, FightState>> out{{1 - s, next}};
    for (std::int32_t k = 3; k <= 5; ++k) {
      FightState n = a;
      n.blades += k;
      n.casting = true;
      out.emplace_back(s / 3, n);
    }
    return out;
  }
  static double binomial(std::int32_t n, std::int32_t k, double p) {
    double c = 1;
    for (std::int32_t i = 0; i < k; ++i) c = c * (n - i) / (i + 1);
    return c * std::pow(p, k) * std::pow(1 - p, n - k);
  }
  Body conjurer_, foe_;
};

// --- a splitting jelly ----------------------------------------------------------------

// Combat.c splitMonster, after every hit of Combat.c attack: a body that
// survives the hit keeps (HP + 1) / 2 and a clone takes the same, while its
// type counts fewer than 100 others (alliedCloneCount) and a free cell
// touches the group (taken as always there). A hit of d >= 1 on a body of h
// leaves 2 x ceil((h - d) / 2) <= h: the side's total HP never goes up, so it
// is the side's HP, and the bodies are its state.
constexpr std::size_t kMaxClones = 100;

std::vector<std::int32_t> bodies_of(const FightState& s, std::int64_t hp) {
  return s.bodies.empty() ? std::vector<std::int32_t>{static_cast<std::int32_t>(hp)} : s.bodies;
}

// The bodies after a hit of `damage` on the first (fewest HP) one.
std::vector<std::int32_t> split(std::vector<std::int32_t> bodies, std::int64_t damage) {
  const std::int64_t h = bodies.front();
  bodies.erase(bodies.begin());
  if (damage < h) {
    const auto left = static_cast<std::int32_t>(h - damage);
    if (bodies.size() < kMaxClones) {
      bodies.push_back((left + 1) / 2);
      bodies.push_back((left + 1) / 2);
    } else {
      bodies.push_back(left);
    }
    std::sort(bodies.begin(), bodies.end());
  }
  return bodies;
}

std::int64_t total(const std::vector<std::int32_t>& bodies) {
  std::int64_t t = 0;
  for (const std::int32_t h : bodies) t += h;
  return t;
}

// The player, or a monster (mechanics.hpp fights_jelly), attacking a jelly's
// bodies: the one with the fewest HP first, so that each kill takes an
// attacker away soonest. Combat.c attack splits the jelly after any hit.
class FoeOnJelly final : public Kernel {
 public:
  FoeOnJelly(std::shared_ptr<Table> table, Body player, Body jelly)
      : Kernel(std::move(table)), player_(std::move(player)), jelly_(std::move(jelly)) {
    // Every split the player's hits could make (any damage from 1 to the
    // most a hit does: acid only lowers it), counted up to the limit.
    const AttackPlan plan = plan_attack(player_.c, jelly_.c, {}, {}, {});
    const std::int64_t most = exact_outcome(plan).damage_on_hit.max();
    std::set<std::vector<std::int32_t>> seen{{static_cast<std::int32_t>(jelly_.c.hp.value_or(1))}};
    std::vector<std::vector<std::int32_t>> todo(seen.begin(), seen.end());
    while (!todo.empty() && seen.size() <= kMaxJellyStates) {
      const std::vector<std::int32_t> b = std::move(todo.back());
      todo.pop_back();
      for (std::int64_t d = 1; d <= most && seen.size() <= kMaxJellyStates; ++d) {
        std::vector<std::int32_t> n = split(b, d);
        if (!n.empty() && seen.insert(n).second) todo.push_back(std::move(n));
      }
    }
    if (seen.size() > kMaxJellyStates)
      why_ = fmt::format("{} splits into more than {} conditions of its bodies", jelly_.c.name, kMaxJellyStates);
  }

  std::vector<Transition> outcomes(Side att, Side def) const override {
    const FightState a = table_->at(att.state), d = table_->at(def.state);
    see(a, d);
    const AttackPlan plan = plan_attack(player_.c, jelly_.c, {}, a.carried, {});
    std::vector<Transition> out;
    for (const Roll& r : all_rolls(plan)) out.push_back(finish(plan, a, d, att, def, r));
    return out;
  }
  Transition sample(Side att, Side def, Rng& rng) const override {
    const FightState a = table_->at(att.state), d = table_->at(def.state);
    const AttackPlan plan = plan_attack(player_.c, jelly_.c, {}, a.carried, {});
    const StrikeResult s = strike(plan, rng);
    return finish(plan, a, d, att, def, {1, s.hit, s.damage});
  }
  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }
  // The bodies are the state; the side's HP is read only at the start
  // (no bodies listed yet), where it is the spec's HP. The attacker's
  // regeneration reads its HP (DuelKernel::reads).
  Reads reads() const override { return {player_.regen.period > 0, player_.regen.per_turn > 0}; }

 private:
  Transition finish(const AttackPlan& plan, FightState a, FightState d, Side att, Side def, const Roll& r) const {
    const std::int64_t heal = regenerate(player_, att.hp, a) - att.hp;
    const std::vector<std::int32_t> before = bodies_of(d, def.hp);
    std::int64_t lost = 0;
    if (r.hit && r.damage > 0) {
      d.bodies = split(before, r.damage);
      lost = total(before) - total(d.bodies);
    }
    const StateChange c = after_attack(plan, player_.c, jelly_.c, a.carried, {}, r.hit, r.damage, before.front());
    a.carried = c.attacker;
    Transition t{r.p, lost, table_->id(a), table_->id(d), static_cast<std::int8_t>(r.hit ? 1 : 0)};
    t.heal = lost >= def.hp ? final_heal(player_, att.hp, heal) : heal;
    return t;
  }
  Body player_, jelly_;
  std::string why_;
};

// A jelly's bodies attacking its opponent: each body around it (up to 8)
// attacks once a turn, all with the jelly's own numbers.
class JellyOnFoe final : public Kernel {
 public:
  JellyOnFoe(std::shared_ptr<Table> table, Body jelly, Body player)
      : Kernel(std::move(table)), jelly_(std::move(jelly)), player_(std::move(player)) {}

  std::vector<Transition> outcomes(Side att, Side def) const override {
    const FightState a = table_->at(att.state), d = table_->at(def.state);
    const AttackPlan plan = plan_attack(jelly_.c, player_.c, {}, {}, d.carried);
    const Pmf one = exact_outcome(plan).damage;
    Pmf sum = one;
    for (std::size_t k = 1; k < attackers(a); ++k) sum = sum + one;
    std::vector<Transition> out;
    for (const auto& [v, p] : sum.items()) out.push_back({p, v, att.state, def.state, -1});
    return out;
  }
  Transition sample(Side att, Side def, Rng& rng) const override {
    const FightState a = table_->at(att.state), d = table_->at(def.state);
    const AttackPlan plan = plan_attack(jelly_.c, player_.c, {}, {}, d.carried);
    std::int64_t dmg = 0;
    for (std::size_t k = 0; k < attackers(a); ++k) dmg += strike(plan, rng).damage;
    return {1, dmg, att.state, def.state, -1};
  }
  Reads reads() const override { return {false, false}; }

 private:
  static std::size_t attackers(const FightState& a) {
    return std::min<std::size_t>(a.bodies.empty() ? 1 : a.bodies.size(), kBladesAround);
  }
  Body jelly_, player_;
};

// --- a monster that flees near death -------------------------------------------------

// The HP at or below which a combatant flees (Combat.c inflictDamage:
// info.maxHP / 4 >= currentHP, integer division), or -1 for one that never
// does: the player, and monsters without MONST_FLEES_NEAR_DEATH.
std::int64_t flee_threshold(const Body& b) { return flees_near_death(b.c) ? b.max_hp / 4 : -1; }

// Any kernel of a bout, with the fleeing of monsters that flee near death
// (MONST_FLEES_NEAR_DEATH) laid on its outcomes, the same for the exact
// list and the sampled outcome. Combat.c inflictDamage: a hit (or poison
// tick) that leaves such a monster alive with currentHP <= maxHP / 4 sets it
// fleeing at once; it then runs from its opponent and comes back only at
// three quarters of its HP (Monsters.c updateMonsterState), so the fight
// ends with the monster escaped (Escape::defender), the attack's damage
// dealt. The same test on its own turn (updateMonsterState, before
// monstersTurn acts): a monster whose turn finds it at or below the
// threshold runs instead of attacking (Escape::attacker). Its HP falls only
// by the other side's attacks, which the first test catches, so the second
// matters only when the spec starts it there (hp=N at most a quarter of its
// maximum), and only then is its own HP read.
class Flees final : public Kernel {
 public:
  Flees(std::shared_ptr<Table> table, std::shared_ptr<const Exchange> inner, const Body& attacker, const Body& defender)
      : Kernel(std::move(table)),
        inner_(std::move(inner)),
        own_(flee_threshold(attacker)),
        other_(flee_threshold(defender)),
        starts_fleeing_(own_ >= 0 && attacker.c.hp.value_or(attacker.max_hp) <= own_) {}

  std::vector<Transition> outcomes(Side att, Side def) const override {
    if (runs(att)) return {flight(att, def)};
    std::vector<Transition> ts = inner_->outcomes(att, def);
    for (Transition& t : ts) mark(t, def);
    return ts;
  }
  Transition sample(Side att, Side def, Rng& rng) const override {
    if (runs(att)) return flight(att, def);
    Transition t = inner_->sample(att, def, rng);
    mark(t, def);
    return t;
  }
  bool exact() const override { return inner_->exact(); }
  std::string why_not_exact() const override { return inner_->why_not_exact(); }
  Reads reads() const override {
    Reads r = inner_->reads();
    r.attacker_hp = r.attacker_hp || starts_fleeing_;
    r.defender_hp = r.defender_hp || other_ >= 0;
    return r;
  }

 private:
  [[nodiscard]] bool runs(Side att) const { return starts_fleeing_ && att.hp <= own_; }
  static Transition flight(Side att, Side def) {
    Transition t{1, 0, att.state, def.state, 0};
    t.escape = Escape::attacker;
    return t;
  }
  // A defender left alive at or below its threshold flees; a kill stays one.
  void mark(Transition& t, Side def) const {
    if (other_ >= 0 && t.damage < def.hp && def.hp - t.damage <= other_) t.escape = Escape::defender;
  }
  std::shared_ptr<const Exchange> inner_;
  std::int64_t own_, other_;
  bool starts_fleeing_;
};

// The kernel as the bout holds it: wrapped when either side flees near death.
std::shared_ptr<const Exchange> with_fleeing(std::shared_ptr<Table> table, std::shared_ptr<const Exchange> kernel,
                                             const Body& attacker, const Body& defender) {
  if (flee_threshold(attacker) < 0 && flee_threshold(defender) < 0) return kernel;
  return std::make_shared<Flees>(std::move(table), std::move(kernel), attacker, defender);
}

Fighter fighter_of(const Combatant& c, std::string_view role) {
  if (!c.hp) throw Error(fmt::format("brogue: the {} needs hp=N for a fight", role));
  return Fighter{c.name, *c.hp, static_cast<double>(attack_ticks(c)), 0};
}

}  // namespace

FightState fight_state(const Exchange& kernel, std::uint32_t state) {
  const auto* k = dynamic_cast<const Kernel*>(&kernel);
  if (!k) throw Error("brogue: not a Brogue CE fight kernel");
  return k->table().at(state);
}

Bout make_bout(const Combatant& a, const Combatant& b) {
  Bout out;
  out.a = fighter_of(a, "attacker");
  out.b = fighter_of(b, "defender");
  out.time_unit = "ticks";
  auto table =
      std::make_shared<Table>(FightState{}, kMaxFightStates,
                              "brogue fight (acid, poison, weakness, regeneration, conjurer blades, jelly bodies)");
  const Body ba = body_of(a), bb = body_of(b);
  std::shared_ptr<RegenWatch> watch;
  if (ba.regen.period > 0 || bb.regen.period > 0) {
    watch = std::make_shared<RegenWatch>(ba, bb);
    // How regeneration time is laid on attack time (regenerate above).
    std::vector<std::string> how;
    for (const Body* x : {&ba, &bb})
      if (x->regen.period > 0)
        how.push_back(x->c.is_player ? fmt::format("{}'s once a turn (one per attack), given with the attack, as the "
                                                   "game gives it right after the player's action",
                                                   x->c.name)
                                     : fmt::format("{}'s once per 100 ticks ({} per attack), given before its attack",
                                                   x->c.name, x->regen.steps));
    out.notes.push_back(
        fmt::format("regeneration: {}; each clock starts a whole period from its next HP", fmt::join(how, "; ")));
  }
  const bool group = (is_conjurer(b) && fights_conjurer(a)) || (is_conjurer(a) && fights_conjurer(b));
  if (group) {
    const bool a_is_conjurer = is_conjurer(a);
    const Body& conj = a_is_conjurer ? ba : bb;
    const Body& foe = a_is_conjurer ? bb : ba;
    std::shared_ptr<const Exchange> on_conj = std::make_shared<FoeOnConjurer>(table, foe, conj);
    std::shared_ptr<const Exchange> on_foe = std::make_shared<ConjurerOnFoe>(table, conj, foe);
    out.a_hits_b = a_is_conjurer ? on_foe : on_conj;
    out.b_hits_a = a_is_conjurer ? on_conj : on_foe;
    out.notes.push_back(fmt::format(
        "{0}: its side is the conjurer and its spectral blades; each turn up to 8 blades around {1} attack, then "
        "the conjurer may summon 3-5 more (a cast takes two turns); it keeps its distance and never attacks in "
        "melee; {1} attacks a blade while any is left, then the conjurer (assumed within reach once the blades are "
        "gone); the blades die with it",
        conj.c.name, foe.c.name));
  } else if (const bool jelly_a = splitting(a) && fights_jelly(b), jelly_b = splitting(b) && fights_jelly(a);
             jelly_a || jelly_b) {
    const Body& jelly = jelly_a ? ba : bb;
    const Body& foe = jelly_a ? bb : ba;
    auto on_jelly = std::make_shared<FoeOnJelly>(table, foe, jelly);
    on_jelly->watch(watch, !jelly_a);
    std::shared_ptr<const Exchange> on_foe = std::make_shared<JellyOnFoe>(table, jelly, foe);
    out.a_hits_b = jelly_a ? on_foe : on_jelly;
    out.b_hits_a = jelly_a ? on_jelly : on_foe;
    out.notes.push_back(fmt::format(
        "{0}: its side is all its bodies (HP: their sum); every body around {1} (up to 8) attacks each turn; {1} "
        "attacks the body with the fewest HP; a free cell for each split is assumed",
        jelly.c.name, foe.c.name));
  } else {
    auto a_on_b = std::make_shared<DuelKernel>(table, ba, bb);
    auto b_on_a = std::make_shared<DuelKernel>(table, bb, ba);
    a_on_b->watch(watch, true);
    b_on_a->watch(watch, false);
    out.a_hits_b = a_on_b;
    out.b_hits_a = b_on_a;
  }
  out.a_hits_b = with_fleeing(table, out.a_hits_b, ba, bb);
  out.b_hits_a = with_fleeing(table, out.b_hits_a, bb, ba);
  for (auto [body, fighter, other] : {std::tuple{&ba, &out.a, &bb}, std::tuple{&bb, &out.b, &ba}}) {
    if (steals_and_flees(body->c, other->c)) {
      fighter->escape = "steals and flees";
      out.notes.push_back(fmt::format(
          "{}: when its hit leaves {} alive, it steals an unequipped item with the chance of a second hit roll and "
          "flees with it, ending the fight; {} is taken to carry one (the starting pack does)",
          body->c.name, other->c.name, other->c.name));
    }
    if (flee_threshold(*body) >= 0) {
      fighter->escape = "flees near death";
      out.notes.push_back(fmt::format(
          "{}: flees near death: a hit that leaves it alive at {} HP or less (a quarter of its {}) ends the fight "
          "with it escaped; a chase, or its return at three quarters of its HP, is not followed",
          body->c.name, flee_threshold(*body), body->max_hp));
    }
  }
  return out;
}

}  // namespace fray::brogue
