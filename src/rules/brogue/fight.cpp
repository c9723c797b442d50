// Brogue CE fights as turns (fray/fight/turn.hpp): one side's move against
// the other, with what happens around it in the game's time (poison ticking,
// regeneration, a goblin conjurer summoning its spectral blades, a jelly
// splitting, a monster fleeing near death), each mechanic written once in
// turn.hpp and composed here.
#include <fray/rules/brogue/fight.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fray/core/error.hpp>
#include <fray/fight/turn.hpp>

#include "rules/brogue/mechanics.hpp"
#include "rules/brogue/parts.hpp"
#include "rules/brogue/turn.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace fray::brogue {
namespace {

using namespace turns;

// What a side's turn does, by the groups a bout holds.
enum class Move {
  duel,       // one combatant attacking another
  on_blades,  // the conjurer's opponent: a blade while any is left, else the conjurer
  blades,     // the conjurer's side: its blades attack, then it may summon
  on_jelly,   // a jelly's opponent attacking its bodies
  jelly,      // a jelly's bodies attacking together
};

// A carried state as a key of a memo.
using CarriedKey = std::tuple<std::uint32_t, std::uint32_t, bool>;
CarriedKey key_of(const CarriedState& c) { return {c.weapon_lost, c.armor_lost, c.held}; }

// A volley's plan with its exact sums.
struct Volleyed {
  AttackPlan plan;
  std::vector<Branch<std::int64_t>> sums;
};

// A side's attacks as a situation describes them: their flags, and what the
// passing ones (first_attack.hpp, parts.hpp kPassing) do in the fight.
struct SideSituation {
  Situation s;                 // the flags of this side's attacks
  bool passing = false;        // the fight has passing conditions: each side's `over` is followed
  bool first = false;          // this side's first attack ends its foe's (the situation's attacker)
  std::int32_t loses = 0;      // the turns this side loses when surprised (surprised_turns)
  std::int32_t foe_loses = 0;  // the turns its foe loses when this side's attack surprises it
};

// One side's turn in a bout: `a_` moving against `d_`, the mechanics of both
// laid on the move (the turn's attack, the regeneration and poison around it,
// a theft, a flight near death).
class BoutTurn {
 public:
  using mine = FightState;
  using theirs = FightState;

  BoutTurn(Move move, std::shared_ptr<const Table> table, Body attacker, Body defender, SideSituation sit = {})
      : move_(move),
        table_(std::move(table)),
        a_(std::move(attacker)),
        d_(std::move(defender)),
        sit_(std::move(sit)),
        own_(flee_threshold(a_)),
        other_(flee_threshold(d_)),
        starts_fleeing_(own_ >= 0 && a_.c.hp.value_or(a_.max_hp) <= own_),
        steals_(steals_and_flees(a_.c, d_.c)) {
    for (std::size_t c = 0; c < cases_.size(); ++c)
      cases_[c] = sit_.passing ? fight::parts::passed(sit_.s, kPassing, c >= 2, c % 2 == 1) : sit_.s;
    if (move_ == Move::duel || move_ == Move::on_blades) {
      if (!a_.c.is_player && a_.c.monster.kamikaze)
        why_ = a_.c.name + " bursts (and dies) instead of attacking";
      else if (a_.c.is_player && a_.c.weapon && a_.c.weapon->staggers)
        why_ = "a " + a_.c.weapon->name + " doubles its recovery time after a hit";
    } else if (move_ == Move::blades) {
      why_ = "the goblin conjurer may summon 3-5 more spectral blades on any turn, without bound";
    } else if (move_ == Move::on_jelly) {
      count_jelly_states();
    }
  }

  // Set once, before the fight: `attacker_is_a` says which side moves.
  void watch(std::shared_ptr<RegenWatch> w, bool attacker_is_a) {
    watch_ = std::move(w);
    attacker_is_a_ = attacker_is_a;
  }

  template <class R>
  Result turn(R& r, const Found& now) const {
    Result out{.att = now.att, .def = now.def};
    // Monsters.c updateMonsterState, before monstersTurn acts: a monster
    // whose turn finds it at or below its threshold runs instead of
    // attacking. Its HP falls only by the other side's attacks, which
    // flee_when_struck catches, so this matters only when the spec starts it
    // there (hp=N at most a quarter of its maximum).
    if (starts_fleeing_ && now.att_hp <= own_) {
      out.hit = 0;
      out.escape = Escape::attacker;
      return out;
    }
    if constexpr (R::exact)
      if (watch_)
        attacker_is_a_ ? watch_->see(now.att.regen_spent, now.def.regen_spent)
                       : watch_->see(now.def.regen_spent, now.att.regen_spent);
    if (now.att.lost > 0) {
      lose_turn(now, out);
      return out;
    }
    switch (move_) {
      case Move::duel:
        duel(r, now, out);
        break;
      case Move::on_blades:
        if (now.def.blades == 0)
          duel(r, now, out);
        else
          on_blade(r, now, out);
        break;
      case Move::blades:
        blades(r, now, out);
        break;
      case Move::on_jelly:
        on_jelly(r, now, out);
        break;
      case Move::jelly:
        jelly(r, now, out);
        break;
    }
    flee_when_struck(other_, now.def_hp, out);
    return out;
  }

  [[nodiscard]] bool exact() const { return why_.empty(); }
  [[nodiscard]] std::string why_not_exact() const { return why_; }
  [[nodiscard]] Exchange::Reads reads() const {
    Exchange::Reads r{false, false};
    switch (move_) {
      // Regeneration reads the regenerating attacker's HP (none at its
      // maximum), and the player's regenPerTurn whether the attack ends the
      // fight (final_heal); transference the attacker's (the clamp to its
      // maximum) and what the defender had left. Everything else reads no
      // HP: acid, poison and weakness change states only on hits the
      // defender survives, which is the fight layer's own kill test.
      case Move::duel:
      case Move::on_blades:
        r = {a_.regen.period() > 0 || a_.transference(), a_.transference() || a_.regen.per_turn() > 0};
        break;
      case Move::blades:
        r = {a_.regen.period() > 0, false};
        break;
      // The bodies are the state; the side's HP is read only at the start
      // (no bodies listed yet), where it is the spec's HP.
      case Move::on_jelly:
        r = {a_.regen.period() > 0, a_.regen.per_turn() > 0};
        break;
      case Move::jelly:
        break;
    }
    r.attacker_hp = r.attacker_hp || starts_fleeing_;
    r.defender_hp = r.defender_hp || other_ >= 0;
    return r;
  }
  // The table both sides' conditions are numbered in (fight_state).
  [[nodiscard]] const Table& table() const { return *table_; }

 private:
  // The plans of one kind of attack, by the conditions they read: with their
  // exact rolls for the exact reader, alone for the sampled one.
  template <class Key>
  struct Plans {
    Memo<Key, Attack> exact;
    Memo<Key, AttackPlan> sampled;
  };

  // An attack drawn: its exact rolls, or the game's strike.
  template <class R, class Key, class Make>
  static const AttackPlan& draw_attack(R& r, const Plans<Key>& plans, const Key& key, Make&& make, Roll& roll) {
    if constexpr (R::exact) {
      const Attack& a = plans.exact.get(key, [&] { return attack_of(make()); });
      roll = r.draw(AttackLaw{&a.plan, &a.rolls});
      return a.plan;
    } else {
      const AttackPlan& plan = plans.sampled.get(key, make);
      roll = r.draw(AttackLaw{&plan, nullptr});
      return plan;
    }
  }

  // One combatant attacking another (Combat.c attack), with its
  // regeneration before it and the defender's poison ticking.
  template <class R>
  void duel(R& r, const Found& now, Result& out) const {
    std::int64_t hp = regenerate(a_, now.att_hp, out.att);
    // Time.c playerTurnEnded: a monster whose turn comes with more HP than
    // its maximum (transference heals past it) is set back to its maximum
    // before it acts; it regenerates nothing above it.
    if (a_.transference() && hp > a_.max_hp) hp = a_.max_hp;
    const std::int64_t heal = hp - now.att_hp;
    const std::int64_t poisoned = poison_ticks(a_, d_, out.def);
    const FightState& a = out.att;
    const FightState& d = out.def;
    // The situation of this attack: the passing conditions of a side whose
    // own are over left out (first_attack.hpp passed), and its plans.
    const std::size_t held = sit_.passing ? (now.att.over ? 2 : 0) + (now.def.over ? 1 : 0) : 0;
    const Situation& s = cases_[held];
    Roll roll;
    const AttackPlan& plan = draw_attack(
        r, duel_attacks_[held], std::tuple(a.weakened, d.weakened, key_of(a.carried), key_of(d.carried)),
        [&] {
          return a.weakened == 0 && d.weakened == 0
                     ? plan_attack(a_.c, d_.c, s, a.carried, d.carried)
                     : plan_attack(a_.weakened(a), d_.weakened(d), s, a.carried, d.carried);
        },
        roll);
    const std::int64_t left = std::max<std::int64_t>(now.def_hp - poisoned, 0);
    std::int64_t dealt = poison_hit(a_, d_, roll, out.def);
    // Combat.c magicWeaponHit: a slaying runic whose class the defender is in
    // acts on every hit (chance 100) and kills it (inflictLethalDamage).
    if (s.slaying && roll.hit) dealt = std::max(dealt, left);
    weakness_hit(a_, d_, roll, dealt, out.def);
    if (sit_.passing) {
      // Combat.c attack: a sneak attack or one on a sleeping monster always
      // hits; the monster, flat-footed, loses max(movementSpeed,
      // attackSpeed) ticks and is set hunting (MONSTER_TRACKING_SCENT). A
      // seize (no attack) leaves its foe as it was.
      if (plan.attacks && roll.hit && (s.sneak || s.sleeping) && !d_.c.is_player) out.def.lost = sit_.foe_loses;
      fight::parts::first_attack_turn(kFirstAttack, sit_.first && plan.attacks, out.att.over, out.def.over);
    }
    const StateChange c = after_attack(plan, a_.c, d_.c, out.att.carried, out.def.carried, roll.hit, dealt, left);
    out.att.carried = c.attacker;
    out.def.carried = c.defender;
    out.damage = poisoned + dealt;
    out.hit = roll.hit ? 1 : 0;
    out.heal = out.damage >= now.def_hp ? final_heal(a_, now.att_hp, heal) : heal;
    out.drained = transference(a_, d_, dealt, left);
    out.heal += out.drained;
    if (steals_) steal_and_flee(r, plan, roll, out);
  }

  // A turn of the ticks a surprised monster loses (Combat.c attack adds
  // max(movementSpeed, attackSpeed) to its ticksUntilTurn): no attack. Its
  // first lost turn is the one at the hit, which gives nothing; each later
  // one gives the regeneration of its ticks, as the game's environment
  // updates go on every 100 ticks (Time.c playerTurnEnded,
  // decrementMonsterStatus): its first attack then comes with the
  // regeneration of all the ticks it lost. It carries no poison of its own
  // to tick: it has not hit yet.
  void lose_turn(const Found& now, Result& out) const {
    out.att.lost = now.att.lost - 1;
    out.att.over = true;
    out.hit = 0;
    if (now.att.lost < sit_.loses) out.heal = regenerate(a_, now.att_hp, out.att) - now.att_hp;
  }

  // The conjurer's opponent attacking one of its blades (the side's HP is
  // the conjurer's: untouched). A blade has 1 HP: any hit with damage kills
  // it. A blade is inanimate (monsterCatalog MONST_INANIMATE): Combat.c
  // specialHit and inflictDamage give no poison, weakness or transference on it.
  template <class R>
  void on_blade(R& r, const Found& now, Result& out) const {
    out.heal = regenerate(a_, now.att_hp, out.att) - now.att_hp;
    Roll roll;
    const CarriedState carried = out.att.carried;
    const AttackPlan& plan = draw_attack(
        r, blade_attacks_, key_of(carried), [&] { return plan_attack(a_.c, spectral_blade(), {}, carried, {}); }, roll);
    if (roll.hit && roll.damage >= spectral_blade().monster.hp) --out.def.blades;
    out.att.carried = after_attack(plan, a_.c, spectral_blade(), carried, {}, roll.hit, roll.damage, 1).attacker;
    out.hit = roll.hit ? 1 : 0;
  }

  // The conjurer's side taking its turn (100 ticks): every blade around its
  // opponent attacks (accuracy 150, 1 damage), then the conjurer, unless it
  // is finishing a cast (a cast takes two turns), summons (Summons) — the
  // same whether the opponent is the player or a monster: monstUseMagic
  // calls monsterSummons whatever the conjurer is fighting, and an enemy
  // conjurer counts only its own followers (the blades).
  template <class R>
  void blades(R& r, const Found& now, Result& out) const {
    out.heal = regenerate(a_, now.att_hp, out.att) - now.att_hp;
    const CarriedState carried = now.def.carried;
    const auto make = [&] { return plan_attack(spectral_blade(), d_.c, {}, {}, carried); };
    const AttackPlan* plan = &blade_plans_.get(key_of(carried), make);
    const std::int32_t hits = r.draw(BladeHits{plan, std::min(out.att.blades, kBladesAround)});
    // A blade's damage is 1-1: one roll, the same every hit.
    out.damage = hits * plan->damage(plan->roll.lo);
    out.hit = hits > 0 ? 1 : 0;
    if (out.att.casting) {
      out.att.casting = false;
    } else if (const std::int32_t summoned = r.draw(Summons{out.att.blades}); summoned > 0) {
      out.att.blades += summoned;
      out.att.casting = true;
    }
  }

  // The player, or a monster (mechanics.hpp fights_jelly), attacking a
  // jelly's bodies: the one with the fewest HP first, so that each kill takes
  // an attacker away soonest. Combat.c attack splits the jelly after any hit.
  template <class R>
  void on_jelly(R& r, const Found& now, Result& out) const {
    const std::int64_t heal = regenerate(a_, now.att_hp, out.att) - now.att_hp;
    const CarriedState carried = out.att.carried;
    Roll roll;
    const AttackPlan& plan = draw_attack(
        r, jelly_attacks_, key_of(carried), [&] { return plan_attack(a_.c, d_.c, {}, carried, {}); }, roll);
    const std::vector<std::int32_t> before = bodies_of(now.def, now.def_hp);
    std::int64_t lost = 0;
    if (roll.hit && roll.damage > 0) {
      out.def.bodies = split(before, roll.damage);
      lost = total(before) - total(out.def.bodies);
    }
    out.att.carried = after_attack(plan, a_.c, d_.c, carried, {}, roll.hit, roll.damage, before.front()).attacker;
    out.damage = lost;
    out.hit = roll.hit ? 1 : 0;
    out.heal = lost >= now.def_hp ? final_heal(a_, now.att_hp, heal) : heal;
  }

  // A jelly's bodies attacking its opponent: each body around it (up to 8)
  // attacks once a turn, all with the jelly's own numbers.
  template <class R>
  void jelly(R& r, const Found& now, Result& out) const {
    const std::size_t k = now.att.bodies.empty() ? 1 : fight::parts::split_attackers(kJellySplit, now.att.bodies);
    const CarriedState carried = now.def.carried;
    const auto make = [&] { return plan_attack(a_.c, d_.c, {}, {}, carried); };
    if constexpr (R::exact) {
      const Volleyed& v = volleys_.get(std::tuple(key_of(carried), k), [&] {
        AttackPlan plan = make();
        auto sums = volley_of(plan, k);
        return Volleyed{std::move(plan), std::move(sums)};
      });
      out.damage = r.draw(Volley{&v.plan, &v.sums, k});
    } else {
      out.damage = r.draw(Volley{&jelly_plans_.get(key_of(carried), make), nullptr, k});
    }
  }

  // Every split the attacker's hits could make (any damage from 1 to the
  // most a hit does: acid only lowers it), counted up to the limit: past it
  // the fight is sampled.
  void count_jelly_states() {
    const AttackPlan plan = plan_attack(a_.c, d_.c, {}, {}, {});
    const std::int64_t most = exact_outcome(plan).damage_on_hit.max();
    std::set<std::vector<std::int32_t>> seen{{static_cast<std::int32_t>(d_.c.hp.value_or(1))}};
    std::vector<std::vector<std::int32_t>> todo(seen.begin(), seen.end());
    while (!todo.empty() && seen.size() <= kMaxJellyStates) {
      const std::vector<std::int32_t> b = std::move(todo.back());
      todo.pop_back();
      for (std::int64_t dmg = 1; dmg <= most && seen.size() <= kMaxJellyStates; ++dmg) {
        std::vector<std::int32_t> n = split(b, dmg);
        if (!n.empty() && seen.insert(n).second) todo.push_back(std::move(n));
      }
    }
    if (seen.size() > kMaxJellyStates)
      why_ = fmt::format("{} splits into more than {} conditions of its bodies", d_.c.name, kMaxJellyStates);
  }

  Move move_;
  std::shared_ptr<const Table> table_;
  Body a_, d_;
  SideSituation sit_;
  std::int64_t own_, other_;  // the two sides' flee thresholds
  bool starts_fleeing_;
  bool steals_;
  std::string why_;
  std::shared_ptr<RegenWatch> watch_;
  bool attacker_is_a_ = true;
  // By the case of the passing conditions (the attacker's over x 2 + the
  // defender's), each case's situation and its plans.
  std::array<Situation, 4> cases_;
  std::array<Plans<std::tuple<std::int32_t, std::int32_t, CarriedKey, CarriedKey>>, 4> duel_attacks_;
  Plans<CarriedKey> blade_attacks_, jelly_attacks_;
  Memo<CarriedKey, AttackPlan> blade_plans_, jelly_plans_;
  Memo<std::tuple<CarriedKey, std::size_t>, Volleyed> volleys_;
};

using Turned = fight::TurnExchange<BoutTurn>;

// What the situation's flags do in the fight, for the bout's notes.
void situation_notes(const Combatant& a, const Combatant& b, const Situation& s, std::int32_t b_loses,
                     std::vector<std::string>& notes) {
  std::vector<std::string_view> names;
  for (const auto& [flag, member] : {std::pair{"sneak", &Situation::sneak}, std::pair{"sleeping", &Situation::sleeping},
                                     std::pair{"lunge", &Situation::lunge}})
    if (s.*member) names.push_back(flag);
  if (!names.empty()) notes.push_back(fight::parts::first_attack_note(names, "Combat.c attack"));
  if (s.sneak || s.sleeping)
    notes.push_back(fmt::format(
        "{0}: surprised by the first attack of {1}, which always hits (x3, x5 with a dagger): it loses {2} ticks "
        "(max(movementSpeed, attackSpeed): {3} of its turns), its regeneration going on, and hunts from then on "
        "(Combat.c attack); when {0} moves first on a tie, its own turn ends the surprise and the fight is the plain "
        "one",
        b.name, a.name, std::max(b.monster.movement_speed, b.monster.attack_speed), b_loses));
  if (s.lunge)
    notes.push_back(
        fmt::format("{}: lunges with its first attack (x3, never misses), then attacks next to {}", a.name, b.name));
  if (s.stuck)
    notes.push_back(fmt::format(
        "{0}: stuck the whole fight, so every attack of {1} on it hits without a draw (Combat.c attackHit); a stuck "
        "creature struggles free only when it moves (Monsters.c moveMonster, Movement.c playerMoves), and it "
        "attacks without moving",
        b.name, a.name));
  if (s.seized)
    notes.push_back(
        fmt::format("{0}: held by {1} from the start: every attack of {1} hits at hitProbability 100 "
                    "and none is spent seizing (Combat.c attack, hitProbability); the hold lasts while "
                    "{0} fights rather than moves away",
                    b.name, a.name));
  if (s.slaying)
    notes.push_back(
        fmt::format("{}: its slaying runic acts on every hit and kills {} (Combat.c magicWeaponHit, "
                    "W_SLAYING: chance 100, inflictLethalDamage)",
                    a.name, b.name));
  if (s != Situation{})
    notes.push_back(
        fmt::format("{}'s attacks back take none of the situation's flags, each of which describes {}'s "
                    "attack on it",
                    b.name, a.name));
}

Fighter fighter_of(const Combatant& c, std::string_view role) {
  if (!c.hp) throw Error(fmt::format("brogue: the {} needs hp=N for a fight", role));
  return Fighter{c.name, *c.hp, static_cast<double>(attack_ticks(c)), 0};
}

}  // namespace

// --- situations in a fight -------------------------------------------------------------

void check_fight_situation(const Situation& s) {
  const auto refuse = [](std::string_view flag, std::string_view why) {
    throw Error(fmt::format(
        "brogue: situation '{}' is not followed in a fight: {}; `fray attack` answers for one attack", flag, why));
  };
  if (s.paralyzed)
    refuse("paralyzed",
           "the paralysis lasts its own number of turns, which the situation does not give (Monsters.c "
           "decrementMonsterStatus counts it down; while it lasts the creature does not act, Time.c "
           "playerTurnEnded, and every attack on it hits x3, Combat.c attack)");
  if (s.captive)
    refuse("captive",
           "a shackled captive is never fought in melee (Movement.c playerMoves offers to free it; Monsters.c "
           "monstersAreEnemies is false for it) and never acts (Time.c playerTurnEnded)");
  if (s.thrown)
    refuse("thrown",
           "a throw is one attack from a distance that leaves the weapon on the floor (Items.c "
           "hitMonsterWithProjectileWeapon); a fight is in melee");
}

Situation counter_situation(const Situation& s) {
  // Every flag a fight takes describes the situation's attacker against its
  // defender: a sneak, a sleeping or stuck defender, a lunge, the seizer's
  // hold, the player's slaying runic. The defender's attacks back have none.
  (void)s;
  return {};
}

std::int32_t surprised_turns(const Combatant& c) {
  if (c.is_player) return 0;  // Combat.c attack: only a non-player defender loses ticks
  const std::int64_t lost = std::max(c.monster.movement_speed, c.monster.attack_speed);
  const std::int64_t t = attack_ticks(c);
  if (t <= 0 || lost % t != 0)
    throw Error(
        fmt::format("brogue: {} loses {} ticks when surprised (max of movementSpeed {} and attackSpeed {}), "
                    "not a whole number of its {}-tick attacks, which a fight does not follow",
                    c.name, lost, c.monster.movement_speed, c.monster.attack_speed, t));
  return static_cast<std::int32_t>(lost / t);
}

FightState fight_state(const Exchange& kernel, std::uint32_t state) {
  const auto* k = dynamic_cast<const Turned*>(&kernel);
  if (!k) throw Error("brogue: not a Brogue CE fight kernel");
  return k->turn().table().at(state);
}

Bout make_bout(const Combatant& a, const Combatant& b, const Situation& s) {
  check_fight_situation(s);
  const Situation back = counter_situation(s);
  // Combat.c attack refuses what cannot happen (a sneak by a monster, a lunge without a rapier, ...).
  (void)plan_attack(a, b, s);
  (void)plan_attack(b, a, back);
  const bool surprise = s.sneak || s.sleeping;
  const bool passing = fight::parts::any_passing(s, kPassing);
  if (surprise && !a.is_player && a.monster.seizes && !s.seized)
    throw Error(
        fmt::format("brogue: {} seizes {} with its first attack, without waking or alerting it (Combat.c "
                    "attack), which a fight does not follow; 'seized' starts the fight with the hold made",
                    a.name, b.name));
  const std::int32_t b_loses = surprise ? surprised_turns(b) : 0;
  Bout out;
  out.a = fighter_of(a, "attacker");
  out.b = fighter_of(b, "defender");
  out.time_unit = "ticks";
  auto table = std::make_shared<const Table>(
      FightState{}, kMaxFightStates,
      "brogue fight (acid, poison, weakness, regeneration, conjurer blades, jelly bodies)");
  const Body ba = body_of(a), bb = body_of(b);
  std::shared_ptr<RegenWatch> watch;
  if (ba.regen.period() > 0 || bb.regen.period() > 0) {
    watch = std::make_shared<RegenWatch>(ba, bb);
    // How regeneration time is laid on attack time (turn.hpp regenerate).
    std::vector<std::string> how;
    for (const Body* x : {&ba, &bb})
      if (x->regen.period() > 0)
        how.push_back(x->c.is_player ? fmt::format("{}'s once a turn (one per attack), given with the attack, as the "
                                                   "game gives it right after the player's action",
                                                   x->c.name)
                                     : fmt::format("{}'s once per 100 ticks ({} per attack), given before its attack",
                                                   x->c.name, x->regen.steps()));
    out.notes.push_back(
        fmt::format("regeneration: {}; each clock starts a whole period from its next HP", fmt::join(how, "; ")));
  }
  // The two turns of the bout, `moves` saying what each side does; the
  // regeneration clocks are watched in a duel and on a jelly.
  const auto bout_of = [&](Move a_move, Move b_move, bool watched) {
    auto ab = std::make_shared<BoutTurn>(a_move, table, ba, bb, SideSituation{s, passing, true, 0, b_loses});
    auto ba_turn = std::make_shared<BoutTurn>(b_move, table, bb, ba, SideSituation{back, passing, false, b_loses, 0});
    if (watched && watch) {
      if (a_move != Move::jelly) ab->watch(watch, true);
      if (b_move != Move::jelly) ba_turn->watch(watch, false);
    }
    std::tie(out.a_hits_b, out.b_hits_a) =
        fight::exchanges(std::shared_ptr<const BoutTurn>(std::move(ab)),
                         std::shared_ptr<const BoutTurn>(std::move(ba_turn)), table, table);
  };
  const bool group = (is_conjurer(b) && fights_conjurer(a)) || (is_conjurer(a) && fights_conjurer(b));
  const bool jelly_a = splitting(a) && fights_jelly(b), jelly_b = splitting(b) && fights_jelly(a);
  if ((group || jelly_a || jelly_b) && s != Situation{})
    throw Error(
        fmt::format("brogue: situation flags are not followed in a fight of {} against {}: its side is a "
                    "group (a conjurer's spectral blades, a jelly's bodies), whose members each have their "
                    "own state",
                    a.name, b.name));
  if (group) {
    const bool a_is_conjurer = is_conjurer(a);
    const Body& conj = a_is_conjurer ? ba : bb;
    const Body& foe = a_is_conjurer ? bb : ba;
    if (a_is_conjurer)
      bout_of(Move::blades, Move::on_blades, false);
    else
      bout_of(Move::on_blades, Move::blades, false);
    out.notes.push_back(fmt::format(
        "{0}: its side is the conjurer and its spectral blades; each turn up to 8 blades around {1} attack, then "
        "the conjurer may summon 3-5 more (a cast takes two turns); it keeps its distance and never attacks in "
        "melee; {1} attacks a blade while any is left, then the conjurer (assumed within reach once the blades are "
        "gone); the blades die with it",
        conj.c.name, foe.c.name));
  } else if (jelly_a || jelly_b) {
    const Body& jelly = jelly_a ? ba : bb;
    const Body& foe = jelly_a ? bb : ba;
    if (jelly_a)
      bout_of(Move::jelly, Move::on_jelly, true);
    else
      bout_of(Move::on_jelly, Move::jelly, true);
    out.notes.push_back(fmt::format(
        "{0}: its side is all its bodies (HP: their sum); every body around {1} (up to 8) attacks each turn; {1} "
        "attacks the body with the fewest HP; a free cell for each split is assumed",
        jelly.c.name, foe.c.name));
  } else {
    bout_of(Move::duel, Move::duel, true);
  }
  situation_notes(a, b, s, b_loses, out.notes);
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
