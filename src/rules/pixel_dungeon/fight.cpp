// Pixel Dungeon 1.9.1's fight: the two sides' turns (turn.hpp) built for a
// bout, with the notes that say what the fight assumes.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <fray/core/error.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/rage.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/pixel_dungeon/parts.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "rules/pixel_dungeon/fight.hpp"
#include "rules/pixel_dungeon/swarm.hpp"
#include "rules/pixel_dungeon/turn.hpp"

namespace fray::pixel_dungeon {

namespace {

// The most conditions a side's table numbers: past it the fight is refused.
constexpr std::uint32_t kMaxStates = 1u << 24;

bool is_swarm(const Combatant& c) { return !c.is_hero() && c.mob.key == "swarm_of_flies"; }

// Spinner.attackProc poisons, Albino.attackProc makes bleed. Both mobs attack
// once a turn (Mob.attackDelay 1), the rate at which the buffs act.
Affliction affliction_by(const Combatant& c) {
  if (c.is_hero() || c.mob.attack_delay != 1.0f) return Affliction::none;
  if (c.mob.key == "cave_spinner") return Affliction::poison;
  if (c.mob.key == "albino_rat") return Affliction::bleeding;
  return Affliction::none;
}

// How the victim takes the poison's damage (Char.damage with the Poison buff
// as the source): mobs that list Poison among their resistances take
// IntRange(0, dmg); those immune never get the buff (Buff.attachTo).
PdTurn::Takes poison_taken(const Combatant& c) {
  using Takes = PdTurn::Takes;
  if (c.is_hero()) return Takes::fully;
  static const std::set<std::string_view> resist = {"scorpio", "acidic_scorpio", "cave_spinner", "animated_statue",
                                                    "tengu"};
  static const std::set<std::string_view> immune = {"golden_bee", "rotting_fist"};
  if (immune.count(c.mob.key)) return Takes::immune;
  return resist.count(c.mob.key) ? Takes::resists : Takes::fully;
}

// Each turn object's own number (PdTurn::tail's per-thread cache tells them apart by it).
std::atomic<std::uint64_t> next_serial{0};

Combatant with_combo(const Combatant& c, int count) {
  Combatant x = c;
  x.hero->combo = count;
  return x;
}

}  // namespace

PdTurn::PdTurn(Combatant att, Combatant def, Situation s, float delay, std::shared_ptr<const FlyTable> own_group,
               std::shared_ptr<const FlyTable> target_group, bool corridor, std::optional<RegenClock> regen,
               std::optional<RegenClock> hunger, bool first_mover, bool passing)
    : serial_(next_serial.fetch_add(1) + 1),
      corridor_(corridor),
      first_mover_(first_mover),
      passing_(passing),
      att_(std::move(att)),
      def_(std::move(def)),
      s_(s),
      delay_(delay),
      own_group_(std::move(own_group)),
      target_group_(std::move(target_group)),
      regen_(regen),
      hunger_(hunger) {
  const std::int64_t ht = ht_ = att_.ht();
  // The side's parts (hero_parts, mob_parts): the fight follows what the list names.
  const std::vector<fight::PartUse> parts = att_.is_hero() ? hero_parts(*att_.hero) : mob_parts(att_.mob);
  if (const fight::PartUse* u = fight::parts::find_part(parts, "rage")) {
    rage_ = true;
    rage_hp_ = fight::parts::rage_top(fight::parts::rage_of(*u), ht);
  }
  if (regen_) regen_part_ = hero_regeneration(*regen_);
  if (hunger_) hunger_at_ = hunger_->by_attack();
  // Goo.act and RottingFist.act: on water, below HT, HP += 1 (Goo) or
  // += REGENERATION = 4 (the fist, not capped at HT) before the mob's move.
  if (!att_.is_hero() && att_.on_water) water_heal_ = att_.mob.key == "rotting_fist" ? 4 : 1;
  // Hero.attackProc: Combo only with a MeleeWeapon (plan_attack keeps the count only then).
  combo_ = att_.is_hero() && att_.hero->subclass == SubClass::gladiator &&
           plan_attack(with_combo(att_, 3), def_, s_, ht).combo == 3;
  const int counts = combo_ ? kMaxCombo + 1 : 1;
  // The situation's passing conditions (the first_attack part): its plans
  // once the defender's are over, too (kPassing: the attacker holds none).
  static_assert(kPassingAttacker.empty());
  plans_over_ = passing_ && fight::parts::any_passing(s_, kPassing);
  for (int over = 0; over < (plans_over_ ? 2 : 1); ++over) {
    const Situation s = fight::parts::passed(s_, kPassing, over == 1, over == 1);
    for (int raged = 0; raged < 2; ++raged)
      for (int c = 0; c < counts; ++c) {
        // A representative HP on each side of the rage's threshold (rage_hp_).
        AttackPlan& plan = plans_[over][raged].emplace_back(
            plan_attack(combo_ ? with_combo(att_, c) : att_, def_, s, raged ? std::int64_t{1} : ht));
        if (combo_) plan.combo = c;
        const Outcome o = exact_outcome(plan);
        auto& law = laws_[over][raged].emplace_back();
        if (o.p_hit < 1) law.push_back({Blow{false, 0}, 1 - o.p_hit});
        if (o.p_hit > 0)
          for (const auto& [v, p] : o.damage_on_hit.items()) law.push_back({Blow{true, v}, o.p_hit * p});
      }
    // Every fly next to the hero attacks on the group's turn: the sum of up
    // to eight independent attacks of one fly, landed when any of them hits.
    if (own_group_) {
      auto& flies = flies_[over];
      const auto& one = laws_[over][0][0];
      flies.resize(kMaxAdjacentFlies + 1);
      flies[1] = one;
      for (std::size_t n = 2; n <= kMaxAdjacentFlies; ++n) {
        std::map<std::pair<std::int64_t, bool>, double> sum;
        for (const auto& x : flies[n - 1])
          for (const auto& y : one) sum[{x.value.damage + y.value.damage, x.value.hit || y.value.hit}] += x.p * y.p;
        for (const auto& [k, p] : sum) flies[n].push_back({Blow{k.second, k.first}, p});
      }
    }
  }
  affliction_ = target_group_ ? Affliction::none : affliction_by(att_);
  takes_ = poison_taken(def_);
  if (affliction_ == Affliction::poison && takes_ == Takes::immune) affliction_ = Affliction::none;
  // The affliction the other side leaves on this one, which outlives the other side.
  incoming_ = own_group_ || target_group_ ? Affliction::none : affliction_by(def_);
  if (incoming_ == Affliction::poison && poison_taken(att_) == Takes::immune) incoming_ = Affliction::none;
  incoming_resists_ = incoming_ == Affliction::poison && poison_taken(att_) == Takes::resists;
  // The mob's drain, from the same list.
  if (const fight::PartUse* u = fight::parts::find_part(parts, "drain")) drain_ = fight::parts::drain_of(*u);
  std::int64_t blow = 0;
  for (const auto& by_rage : laws_)
    for (const auto& by_count : by_rage)
      for (const auto& law : by_count)
        for (const auto& b : law) blow = std::max(blow, b.value.damage);
  // The affliction's act on top of the blow: poison's (int)(left / 3) + 1
  // with left at most the dose's top (kSpinnerPoison); bleeding's level,
  // at most the damage of the hit that set it.
  top_damage_ = blow + (affliction_ == Affliction::poison ? static_cast<std::int64_t>(kSpinnerPoison.dose_hi) / 3 + 1
                        : affliction_ == Affliction::bleeding ? blow
                                                              : 0);
  // The hero's regeneration: one HP an act (the part's gain and threshold are 1).
  if (regen_)
    for (const int points : regen_->by_attack()) top_heal_ = std::max<std::int64_t>(top_heal_, points);
  top_heal_ = std::max(top_heal_, water_heal_);
  if (drain_) top_heal_ = std::max(top_heal_, blow);
  if (drain_ && !kChainFollowsHeal)
    why_ =
        "the vampire bat heals by the damage it deals (Bat.attackProc), and the exact chain needs HP never to go "
        "up";
  else if (s_.paralyzed)
    why_ =
        "a paralysis lasts until it wears off or breaks by chance on a hit (Char.damage), and a paralysed mob does "
        "not act (Mob.act), which the kernel does not carry";
  else if (att_.is_hero() && att_.hero->subclass == SubClass::sniper && s_.thrown)
    why_ = "the Sniper's mark halves the time of every throw after the first, which a fixed attack time cannot carry";
}

// Berserker Fury and the brute's rage read the attacker's HP, and so does
// the bat's drain (capped at HT). A group's HP is the sum of its flies',
// which its state holds. Regeneration stops at HT, and the affliction left
// when the attacker kills decides, from its HP, whether it lives: both read
// the attacker's HP; the kill itself (the defender's HP) decides whether
// that affliction is counted. A hit on a group of flies rebuilds the group
// from its HP.
Exchange::Reads PdTurn::reads() const {
  const bool own = rage_ || drain_.has_value();
  return {own || regen_.has_value() || water_heal_ > 0 || incoming_ != Affliction::none || own_group_ != nullptr,
          incoming_ != Affliction::none || target_group_ != nullptr, own_group_ == nullptr && target_group_ == nullptr};
}

// What the turn tells apart of the two HP, when no swarm's group (whose
// HP rebuild it) is on either side. Of the attacker's: whether its rage is
// on (raged), and how far below HT it is, up to the most a turn heals
// (regeneration, water and drain cap their heal at HT - HP; below that
// window they heal in full). Of the defender's: whether this attack can
// kill it, up to the most an attack does, since a kill is when the
// affliction on the attacker outlives it (outlive) — from the attacker's
// whole HP.
Exchange::HpClasses PdTurn::hp_classes(const PdNow& now) const {
  const std::int64_t a = now.att_hp, d = now.def_hp;
  if (incoming_ != Affliction::none && d <= top_damage_) return {a, d};
  const std::int64_t far = top_heal_ > 0 ? std::max(a, ht_ - top_heal_) : 0;
  return {far * 2 + static_cast<std::int64_t>(raged(a)), top_damage_ + 1};
}

PdState PdTurn::start() const {
  PdState s;
  if (combo_ && att_.hero->combo > 1) s.combo = std::min(att_.hero->combo - 1, kMaxCombo);
  return s;
}

std::vector<std::int64_t> PdTurn::hit_damages() const {
  std::set<std::int64_t> v;
  for (const auto& by_rage : laws_)
    for (const auto& by_count : by_rage)
      for (const auto& law : by_count)
        for (const auto& b : law)
          if (b.value.hit) v.insert(b.value.damage);
  return {v.begin(), v.end()};
}

const std::vector<fight::Branch<std::int64_t>>& PdTurn::tail(std::int64_t hp, int level, std::uint32_t clock) const {
  const auto key = std::tuple{hp, level, clock};
  // The exact reader runs the turn again for each branch of this law: the
  // law it found last, on this thread, for this turn object, answers those
  // without the lock.
  struct Last {
    std::uint64_t serial = 0;
    std::tuple<std::int64_t, int, std::uint32_t> key;
    const std::vector<fight::Branch<std::int64_t>>* law = nullptr;
  };
  thread_local Last last;
  if (last.serial == serial_ && last.key == key) return *last.law;
  const std::lock_guard lock(tail_mutex_);
  if (const auto it = tail_.find(key); it != tail_.end()) {
    last = {serial_, key, &it->second};
    return it->second;
  }
  std::vector<int> points, starving;
  // The kill came at the hero's attack time; the affliction keeps acting
  // once a turn from then on, the regeneration (or a starving hero's
  // hunger) on its own clock.
  for (const auto& [clock_of, out] : {std::pair{&regen_, &points}, std::pair{&hunger_, &starving}}) {
    if (!*clock_of) continue;
    const RegenClock& c = **clock_of;
    const std::int64_t kill = static_cast<std::int64_t>(clock) * c.attack % c.period;
    for (std::int64_t k = 1; k <= kMaxAffliction + 1; ++k)
      out->push_back(c.points(kill + (k - 1) * c.turn, kill + k * c.turn));
  }
  auto& law = tail_[key];
  for (const auto& [p, left] : after_affliction(incoming_, level, hp, att_.ht(), incoming_resists_, points, starving))
    law.push_back({left, p});
  last = {serial_, key, &law};
  return law;
}

const fight::States<PdState>& fight_states(const Bout& bout, bool side_a) {
  const auto* x = dynamic_cast<const fight::TurnExchange<PdTurn>*>((side_a ? bout.a_hits_b : bout.b_hits_a).get());
  if (!x) throw Error("pixel-dungeon: the bout's kernels are not Pixel Dungeon's");
  return *x->turn().own;
}

void add_kernels(Bout& bout, const Combatant& a, const Combatant& b, const Situation& s) {
  // A swarm of flies is a group of bodies when it fights anything but another swarm.
  std::shared_ptr<FlyTable> group_a, group_b;
  const bool groups = is_swarm(a) != is_swarm(b);
  const bool corridor = groups && (is_swarm(a) ? a : b).corridor;
  // The table of groups is filled below, once the hits it takes are known.
  if (groups && is_swarm(a)) group_a = std::make_shared<FlyTable>(corridor);
  if (groups && is_swarm(b)) group_b = std::make_shared<FlyTable>(corridor);
  // Regeneration.act, on the hero's clock; the timer shares the hero's
  // state with the Combo.
  // A clock whose pattern repeats only after more attacks than the state holds
  // (an attack time such as 1.2^5 turns, a war hammer five STR short) is left
  // out: the fight says so and is exact without it.
  std::string left_out[2];
  auto regen_of = [&left_out](const Combatant& c, const Fighter& f, int side) -> std::optional<RegenClock> {
    if (!c.is_hero() || c.hero->starving) return std::nullopt;
    try {
      return regeneration_clock(f.attack_time, c.hero->ring_mending, kMaxRegenCycle);
    } catch (const Error& e) {
      left_out[side] = e.what();
      return std::nullopt;
    }
  };
  const std::optional<RegenClock> regen_a = regen_of(a, bout.a, 0), regen_b = regen_of(b, bout.b, 1);
  // Hunger.act on a starving hero, on the same bits of her state as the
  // regeneration (which starving stops): spend(STEP), STEP = 10 turns, x 1.2f
  // (exactly 12 in float) for the rogue.
  std::string hunger_left_out[2];
  auto hunger_of = [&hunger_left_out](const Combatant& c, const Fighter& f, int side) -> std::optional<RegenClock> {
    if (!c.is_hero() || !c.hero->starving) return std::nullopt;
    try {
      return turn_clock(f.attack_time, c.hero->hero_class == HeroClass::rogue ? 12 : 10, kMaxRegenCycle,
                        "starving hero's hunger");
    } catch (const Error& e) {
      hunger_left_out[side] = e.what();
      return std::nullopt;
    }
  };
  const std::optional<RegenClock> hunger_a = hunger_of(a, bout.a, 0), hunger_b = hunger_of(b, bout.b, 1);
  // A situation with a passing condition (a mob's `unseen`): both sides'
  // turns follow its end (the first_attack part).
  const bool passing = fight::parts::any_passing(s, kPassing);
  auto ab = std::make_shared<PdTurn>(a, b, s, static_cast<float>(bout.a.attack_time), group_a, group_b, corridor,
                                     regen_a, hunger_a, true, passing);
  // The answer is a plain attack: situation flags describe the first direction only.
  auto ba = std::make_shared<PdTurn>(b, a, Situation{}, static_cast<float>(bout.b.attack_time), group_b, group_a,
                                     corridor, regen_b, hunger_b, false, passing);
  if (std::string line = first_attack_line(s); !line.empty()) bout.modelled.push_back(std::move(line));
  if (groups) {
    PdTurn& hitter = is_swarm(a) ? *ba : *ab;
    const Fighter& swarm = is_swarm(a) ? bout.a : bout.b;
    FlyTable& table = is_swarm(a) ? *group_a : *group_b;
    if (!table.fill(swarm.hp, hitter.hit_damages(), kMaxFlyGroups, kExactFlyGroups))
      throw Error(
          fmt::format("swarm of flies: splits from {} HP reach more than {} groups of flies; give the swarm "
                      "fewer HP (hp=N)",
                      swarm.hp, kMaxFlyGroups));
    if (table.size() > kExactFlyGroups) {
      const std::string why =
          fmt::format("the swarm's splits reach {} groups of flies, more than the {} the exact chain follows",
                      table.size(), kExactFlyGroups);
      ab->not_exact(why);
      ba->not_exact(why);
    }
    const std::string& foe = (is_swarm(a) ? b : a).name;
    bout.notes.push_back(
        corridor
            ? fmt::format("swarm of flies: a line of flies in a corridor one cell wide, each with its own HP, the "
                          "group's HP their sum; only the front fly bites {} and takes its hits, and it splits only "
                          "when alone, the clone taking the cell behind it (Swarm.defenseProc); the next fly steps up "
                          "when the front one dies",
                          foe)
            : fmt::format("swarm of flies: a group of flies, each with its own HP, the group's HP their sum; {} "
                          "attacks the fly with the fewest HP; every fly reaches {}, up to 8 (an open room), each "
                          "attacking once a turn on the group's turn; a hit always finds a free cell for the clone "
                          "(Swarm.defenseProc)",
                          foe, foe));
  } else if (is_swarm(a) && is_swarm(b)) {
    bout.notes.push_back("two swarms of flies: neither splits in this fight");
  }
  if (groups && affliction_by(is_swarm(a) ? b : a) != Affliction::none)
    bout.notes.push_back(fmt::format("swarm of flies: its flies take no {} from {} in this fight",
                                     affliction_by(is_swarm(a) ? b : a) == Affliction::poison ? "poison" : "bleeding",
                                     (is_swarm(a) ? b : a).name));
  for (const auto& [k, victim] : {std::pair{ab.get(), &b}, std::pair{ba.get(), &a}}) {
    const Combatant& by = victim == &b ? a : b;
    const std::string after = fmt::format(
        "; when {} dies, the {} left on {} keeps ticking once a turn until it runs out{}, and a {} it kills counts "
        "as a loss: {} wins (its HP as before the killing blow), as the game is lost when the hero dies",
        by.name, k->affliction() == Affliction::poison ? "poison" : "bleeding", victim->name,
        victim->is_hero() && !victim->hero->starving ? ", the hero regenerating after each tick that turn" : "",
        victim->name, by.name);
    if (k->affliction() == Affliction::poison)
      bout.notes.push_back(fmt::format(
          "{}: keeps attacking after it poisons, as when it has nowhere to flee (Spinner.Fleeing.nowhereToRun); the "
          "poison ticks once a turn, right after each of its attacks{}",
          by.name, after));
    else if (k->affliction() == Affliction::bleeding)
      bout.notes.push_back(
          fmt::format("{}: the bleeding ticks once a turn, right after each of its attacks{}", by.name, after));
  }
  for (const auto& [clock_of, hunger, c, why] :
       {std::tuple{&regen_a, &hunger_a, &a, &left_out[0]}, std::tuple{&regen_b, &hunger_b, &b, &left_out[1]}}) {
    if (!c->is_hero()) continue;
    if (c->hero->starving) {
      const std::string& hunger_why = hunger_left_out[c == &a ? 0 : 1];
      if (*hunger) {
        bout.notes.push_back(fmt::format(
            "{}: starving, so it does not regenerate (Regeneration.act); Hunger.act deals it 1 damage with chance "
            "0.3 every {:.4g} turns, on a timer that runs from 0 at the fight's start whatever its HP (the first a "
            "whole period in), each act counted on its first turn at or after it is due, before its attack; "
            "without Shadows (x1.5 the period), and not paralysed",
            c->name, static_cast<double>((*hunger)->period) / static_cast<double>((*hunger)->turn)));
      } else {
        bout.notes.push_back(fmt::format("{}: starving, so it does not regenerate (Regeneration.act)", c->name));
        const std::string line = fmt::format("{}: starving", c->name);
        for (auto it = bout.modelled.begin(); it != bout.modelled.end(); ++it)
          if (it->starts_with(line)) {
            bout.not_modelled.push_back(fmt::format("{}; not followed in this fight: {}", *it, hunger_why));
            bout.modelled.erase(it);
            break;
          }
      }
      continue;
    }
    if (!*clock_of) {
      // Its line moves from modelled to not_modelled, with the reason.
      const std::string line = fmt::format("{}: hero regeneration", c->name);
      for (auto it = bout.modelled.begin(); it != bout.modelled.end(); ++it)
        if (it->starts_with(line)) {
          bout.not_modelled.push_back(fmt::format("{}; not followed in this fight: {}", *it, *why));
          bout.modelled.erase(it);
          break;
        }
      continue;
    }
    const RegenClock& clock = **clock_of;
    bout.notes.push_back(
        fmt::format("{}: regenerates 1 HP every {:.4g} turns while below HT (Regeneration.act), on a timer that runs "
                    "from 0 while it is below HT, the first a whole period after it is first hurt; "
                    "each point is counted on its first turn at or after it is due, before its attack (a point due "
                    "between two of its attacks comes after any attack of the other side in between)",
                    c->name, static_cast<double>(clock.period) / static_cast<double>(clock.turn)));
  }
  for (const Combatant* c : {&a, &b})
    if (!c->is_hero() && c->on_water)
      bout.notes.push_back(fmt::format(
          "{}: stands on water the whole fight and, below HT, regains {} HP at the start of each of its turns, "
          "before its attack ({})",
          c->name, c->mob.key == "rotting_fist" ? "4 (not capped at HT)" : "1",
          c->mob.key == "rotting_fist" ? "RottingFist.act" : "Goo.act"));
  // One table of conditions a side, each starting from the side's own (value 0).
  auto ta = std::make_shared<const fight::States<PdState>>(ab->start(), kMaxStates, "pixel dungeon fight state");
  auto tb = std::make_shared<const fight::States<PdState>>(ba->start(), kMaxStates, "pixel dungeon fight state");
  ab->own = ba->other = ta;
  ba->own = ab->other = tb;
  bout.a.state = 0;
  bout.b.state = 0;
  std::tie(bout.a_hits_b, bout.b_hits_a) = fight::exchanges<PdTurn, PdTurn>(std::move(ab), std::move(ba), ta, tb);
}

}  // namespace fray::pixel_dungeon
