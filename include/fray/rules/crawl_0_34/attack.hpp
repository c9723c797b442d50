// fray/rules/crawl_0_34/attack.hpp — one DCSS 0.34.1 attack: player and
// monster melee, missiles (launchers and thrown), and bolts.
//
// plan_attack writes every formula of the attack once, as rule chains
// (rules/crawl/chain.hpp) and the armour rule (ArmorRoll). exact_outcome
// reads the plan exactly; strike draws it in the game's order. Both read the
// same plan, so they cannot drift apart.
#pragma once

#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/crawl_0_34/combat.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace fray::crawl_0_34 {

// The player, a monster, or a bolt (which only attacks).
struct Combatant {
  std::variant<Player, Creature, Bolt> who;

  [[nodiscard]] const Player* player() const noexcept { return std::get_if<Player>(&who); }
  [[nodiscard]] const Creature* creature() const noexcept { return std::get_if<Creature>(&who); }
  [[nodiscard]] const Bolt* bolt() const noexcept { return std::get_if<Bolt>(&who); }
  [[nodiscard]] std::string name() const;
};

// The circumstances of one attack (`--situation`).
struct Situation {
  bool invisible = false;           // the defender is not visible to the attacker
  bool attacker_invisible = false;  // the attacker is not visible to the defender
  bool backlit = false;             // the defender is backlit (corona, halo)
  bool umbra = false;               // the defender is in an umbra and the attacker lacks nightvision
  bool sleeping = false, paralyzed = false, petrified = false;
  bool caught = false;    // the defender is caught in a net or web
  bool confused = false;  // the defender is confused (as a monster's `confused` key)
  bool unaware = false;   // distracted: its foe is not the player (a stab chance)
  bool fleeing = false;
  bool constricted = false;
  bool ranged = false;            // a launcher or thrown missile rather than melee
  bool repel_missiles = false;    // the player's missile repulsion: EV +15 against missiles
  bool deflect_missiles = false;  // a monster's Deflect Missiles: EV +24 against missiles
  int blocks = 0;                 // blocks the defender has made this turn already
};

// Reads situation items: flags ("sleeping", "backlit", ...; "paralysed",
// "netted" and "asleep" as aliases) and "blocks=N". Throws fray::Error naming
// an unknown item.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);

// The flags parse_situation knows and what each means, for the catalog.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> situation_flags();

// A spec key ("player:dex") with its meaning; a numeric key has its range.
struct SpecKey {
  std::string name, meaning;
  bool numeric = false;
  double lo = 0, hi = 0;
};
// Every spec key, for the catalog and for sweeps.
[[nodiscard]] std::vector<SpecKey> spec_keys();

// Reads a combatant spec: "player:dex=15,weapon=long_sword,weapon_skill=5",
// a catalog monster "orc_warrior:weapon=mace", an inline monster "hd=5,ev=10",
// or "bolt:hit=30". Throws fray::Error naming the spec and the bad key.
// `role` is "attacker" or "defender".
[[nodiscard]] Combatant parse_combatant(std::string_view spec, std::string_view role);
// "player", "bolt", or the monster's name.
[[nodiscard]] std::string combatant_name(const Combatant& c);

enum class AttackKind { melee, missile, bolt };

// What the player's weapon brand adds to the hit that landed, from the
// damage it did (attack::apply_damage_brand, called by handle_phase_hit after
// the damage and armour whatever the damage). `gate` is drawn first
// (electrocution's one_chance_in(4); draining's coinflip() on a monster, which
// ends it when true); then, when the defender is affected, the amount
// brand_amount gives, which the game adds as special damage.
struct BrandHit {
  enum class Gate : std::uint8_t { none, one_in_four, not_coinflip };
  enum class Amount : std::uint8_t { elemental, holy_wrath, foul_flame, electrocution, draining };
  std::string name;  // "flaming"
  Amount amount = Amount::elemental;
  bool needs_damage = false;  // nothing at all (not even a draw) when the damage was 0
  Gate gate = Gate::none;
  bool affects = true;  // false: the gate is drawn, nothing follows (draining on the unliving, ...)
  int res = 0;          // elemental and draining: the monster's resistance; foul flame: res_foul_flame
};
// The brand's extra damage for damage done `d` once its gate has passed, as a
// rule chain: calc_elemental_brand_damage resist_adjust_damage(res,
// random2(d)/2 + 1); holy wrath 1 + random2(15d)/10; foul flame 1 +
// random2(d)·1.5 (res −1), 1 + random2(d)/(res + 1); electrocution 8 +
// random2(13); drain_defender resist_adjust_damage(rN, (1 + random2(d))/2).
[[nodiscard]] Chain brand_amount(const BrandHit& b, i64 d);
// The extra damage's distribution for damage done `d`, the gate included.
[[nodiscard]] Pmf brand_pmf(const BrandHit& b, i64 d);
// The draws of the brand for damage done `d`, in the game's order.
template <UniformEngine R, class OnDraw>
i64 sample_brand(const BrandHit& b, i64 d, R& rng, OnDraw& on_draw) {
  if (b.needs_damage && d <= 0) return 0;
  switch (b.gate) {
    case BrandHit::Gate::none:
      break;
    case BrandHit::Gate::one_in_four: {
      const bool pass = crawl::one_chance_in(rng, 4);
      if constexpr (crawl::records_draws<OnDraw>) on_draw(Draw{b.name + ": strikes", "one_chance_in(4)", pass ? 1 : 0});
      if (!pass) return 0;
      break;
    }
    case BrandHit::Gate::not_coinflip: {
      const bool skip = crawl::coinflip(rng);
      if constexpr (crawl::records_draws<OnDraw>) on_draw(Draw{b.name + ": passed over", "coinflip()", skip ? 1 : 0});
      if (skip) return 0;
      break;
    }
  }
  if (!b.affects) return 0;
  return brand_amount(b, d).sample(rng, on_draw);
}

struct AttackPlan {
  AttackKind kind = AttackKind::melee;
  bool player_attacker = false, player_defender = false;

  // To-hit against EV (attack.cc attack::test_hit; beam.cc _test_beam_hit).
  Chain to_hit;      // the final to-hit number
  Chain ev;          // what it is compared with: random2avg(2·EV, 2) for a monster attacker
  bool band = true;  // the 5 % automatic hit or miss (MIN_HIT_MISS_PERCENTAGE); bolts have none

  // Blocks (attack.cc attack_shield_blocked; beam.cc bolt::attempt_block).
  bool block_rolled = false;    // the block roll is made, so its draws happen
  bool block_possible = false;  // and can succeed: the block limit of the turn is not reached
  i64 bypass_base = 15;  // con = random2(bypass): 15 + to_hit/2 (player), 15 + HD·2/3 (monster), hit·130/100 (bolt)
  bool bypass_uses_to_hit = false;
  bool strict = false;         // bolts block when pro > con, attacks when pro >= con
  Chain shield_bonus;          // the defender's shield_bonus() roll
  bool zero_is_none = false;   // monster::shield_bonus: a roll of 0 is −100
  bool unseen_thirds = false;  // the attacker is unseen by the defender: pro / 3

  // Bolts (beam.cc bolt::misses_player, bolt::affect_monster): the EV is read
  // apart from its roll. The player's is read before the block, a monster's
  // random2(EV + repulsion) after it; `ev` is then applied to the value read.
  std::optional<Chain> ev_read;
  bool ev_read_first = false;
  // misses_player reads player_shield_class() once before it decides to roll
  // a block: no block roll unless that read is above 0.
  Prim block_gate = Prim::constant(1);
  // attempt_block on a monster draws shield_bonus() first and rolls con only
  // when it is above 0.
  bool pro_first = false;

  // Stabs (attack.cc player_stab_check; fight.cc find_player_stab_type).
  int stab_denom = 0;  // 0 none, 1 always (asleep, paralysed, petrified), 4 a chance
  Chain stab_chance;   // x_chance_in_y(stab_chance, 100) when stab_denom is 4

  // Damage of a landed hit, before armour, and the armour rule.
  std::optional<Chain> damage;
  std::optional<Chain> stab_damage;
  std::size_t shared_steps = 0;  // the first steps damage and stab_damage have in common
  ArmorRoll armor;
  std::string damage_note;  // why damage is absent
  // The weapon brand's extra damage on a landed hit, after the armour.
  std::optional<BrandHit> brand;
};

// Builds the plan. Throws fray::Error for an attack that cannot happen (the
// player attacking the player, a launcher in melee, a bolt as defender).
[[nodiscard]] AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& s);

// The block shield_bonus() gives for a drawn roll, after its −100 and the /3.
[[nodiscard]] i64 block_value(const AttackPlan& p, i64 roll) noexcept;
// The con the block is compared with is random2(bypass(p, to_hit)).
[[nodiscard]] i64 bypass(const AttackPlan& p, i64 to_hit) noexcept;
// attack_shield_blocked / attempt_block verdict for drawn pro and con.
[[nodiscard]] constexpr bool blocks(const AttackPlan& p, i64 pro, i64 con) noexcept {
  return p.strict ? pro > con : pro >= con;
}
// The automatic band of attack::test_hit: none (compare), automatic hit, automatic miss.
enum class Band { compare, hit, miss };
// attack::test_hit's verdict: hit iff to_hit >= AUTOMATIC_HIT or the margin is >= 0.
[[nodiscard]] constexpr bool test_hit(i64 to_hit, i64 ev, Band band) noexcept {
  if (to_hit >= automatic_hit) return true;
  if (band != Band::compare) return band == Band::hit;
  return to_hit - ev >= 0;
}

struct Outcome {
  double p_hit = 0;    // the attack lands: a stab, or a hit that is not blocked
  double p_block = 0;  // blocked
  double p_stab = 0;
  Pmf to_hit, ev;
  std::optional<Pmf> damage;         // per attack, a miss or block as 0
  std::optional<Pmf> damage_on_hit;  // given that the attack lands
};
[[nodiscard]] Outcome exact_outcome(const AttackPlan& plan);

struct StrikeResult {
  bool hit = false, blocked = false, stab = false;
  i64 to_hit = 0, ev = 0, damage = 0;  // damage: the brand's extra included
};

// One sampled attack. `on_draw(const Draw&)` sees every draw in the game's
// order: melee and missiles draw the to-hit, the EV, the 5 % band, the block
// (con then pro), the stab, the damage, the armour and the weapon brand's
// draws (sample_brand). A bolt on the player
// draws the EV read, the SH read, the block (con then pro), the bolt's roll and
// the EV roll; a bolt on a monster draws the block (pro, then con when pro > 0),
// random2(EV + repulsion), the bolt's roll and the EV roll.
template <UniformEngine R, class OnDraw>
StrikeResult strike(const AttackPlan& p, R& rng, OnDraw&& on_draw) {
  // Without a trace (crawl::NoDraws) no draw's label or call text is built.
  constexpr bool traced = crawl::records_draws<OnDraw>;
  StrikeResult r;
  auto chain = [&](const Chain& c) { return c.sample(rng, on_draw); };
  auto block = [&](i64 to_hit) {
    if (!p.block_rolled || to_hit >= automatic_hit) return false;
    const i64 n = bypass(p, to_hit);
    const i64 con = crawl::random2(rng, n);
    if constexpr (traced)
      if (n > 1) on_draw(Draw{"block: con", crawl::fmt_random2(n), con});
    const i64 pro = block_value(p, chain(p.shield_bonus));
    return p.block_possible && blocks(p, pro, con);
  };
  bool hit = false;
  if (p.kind == AttackKind::bolt) {
    i64 read = 0;
    if (p.ev_read && p.ev_read_first) read = chain(*p.ev_read);
    const i64 gate = p.block_gate.sample(rng);
    if constexpr (traced)
      if (p.block_gate.draws()) on_draw(Draw{"SH player_shield_class()", p.block_gate.text(), gate});
    if (p.block_rolled && gate > 0) {
      const i64 n = bypass(p, 0);
      if (p.pro_first) {
        const i64 pro = block_value(p, chain(p.shield_bonus));
        if (pro > 0) {
          const i64 con = crawl::random2(rng, n);
          if constexpr (traced)
            if (n > 1) on_draw(Draw{"block: con", crawl::fmt_random2(n), con});
          r.blocked = p.block_possible && blocks(p, pro, con);
        }
      } else {
        r.blocked = block(0);
      }
    }
    if (p.ev_read && !p.ev_read_first) read = chain(*p.ev_read);
    r.to_hit = chain(p.to_hit);
    if (p.ev_read) {
      Chain roll = p.ev;
      roll.start = read;
      r.ev = chain(roll);
    } else {
      r.ev = chain(p.ev);
    }
    hit = test_hit(r.to_hit, r.ev, Band::compare);
  } else {
    r.to_hit = chain(p.to_hit);
    r.ev = chain(p.ev);
    Band band = Band::compare;
    if (p.band && r.to_hit < automatic_hit) {
      const bool in_band = crawl::x_chance_in_y(rng, 5, 100);
      i64 side = 0;
      if (in_band) {
        band = crawl::coinflip(rng) ? Band::hit : Band::miss;
        side = band == Band::hit ? 1 : -1;
      }
      if constexpr (traced) on_draw(Draw{"5% automatic band", "x_chance_in_y(5, 100) then coinflip()", side});
    }
    hit = test_hit(r.to_hit, r.ev, band);
    r.blocked = block(r.to_hit);
    if (p.stab_denom == 1) {
      r.stab = true;
    } else if (p.stab_denom == 4) {
      const i64 chance = chain(p.stab_chance);
      r.stab = crawl::x_chance_in_y(rng, chance, 100);
      if constexpr (traced)
        if (chance > 0 && chance < 100)
          on_draw(Draw{"stab", "x_chance_in_y(" + std::to_string(chance) + ", 100)", r.stab ? 1 : 0});
    }
    if (r.stab) r.blocked = false;
  }
  r.hit = r.stab || (hit && !r.blocked);
  if (r.hit) {
    const Chain* d = r.stab && p.stab_damage ? &*p.stab_damage : (p.damage ? &*p.damage : nullptr);
    if (d) {
      const i64 before = chain(*d);
      r.damage = std::max<i64>(0, before - p.armor.sample(rng, on_draw));
      if (p.brand) r.damage += sample_brand(*p.brand, r.damage, rng, on_draw);
    }
  }
  return r;
}
template <UniformEngine R>
StrikeResult strike(const AttackPlan& p, R& rng) {
  return strike(p, rng, crawl::NoDraws{});
}

}  // namespace fray::crawl_0_34
