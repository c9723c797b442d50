// What a DCSS version (0.19: fray::crawl, 0.34: fray::crawl_0_34) must
// provide for the code both versions share: the catalog rows it reads
// (WeaponProp, MonsterProp, ...) and the monster it fights with
// (crawl::Monster, crawl_0_34::Creature), stated as concepts so that a shared
// template says what it reads and a version's type that lacks a field fails
// at the template's declaration, not deep inside it. What differs between
// the versions reaches the shared code as data (round.hpp, shared_spec.hpp MonsterSpecVersion).
#pragma once

#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/poison.hpp>

#include <concepts>
#include <optional>
#include <string>
#include <vector>

namespace fray::crawl {

// A field `T::m` declared with exactly the type `F`.
#define FRAY_CRAWL_FIELD(T, m, F) requires std::same_as<decltype(T::m), F>

// Any catalog row: its name ("long sword"), whose catalog_key the look-ups match.
template <class R>
concept CatalogRow = requires {
  FRAY_CRAWL_FIELD(R, name, std::string);
};

// One attack of a monster row (mon_attack_def): its AT_ type, AF_ flavour and damage.
template <class A>
concept MonsterAttackRow = requires {
  FRAY_CRAWL_FIELD(A, type, std::string);
  FRAY_CRAWL_FIELD(A, flavour, std::string);
  FRAY_CRAWL_FIELD(A, damage, int);
};

// A weapon row (Weapon_prop) as both versions hold it; each adds its skill
// and its own flags.
template <class W>
concept WeaponRow = CatalogRow<W> && requires {
  FRAY_CRAWL_FIELD(W, damage, int);
  FRAY_CRAWL_FIELD(W, accuracy, int);
  FRAY_CRAWL_FIELD(W, base_delay, int);
  FRAY_CRAWL_FIELD(W, min_delay, int);
  FRAY_CRAWL_FIELD(W, min_delay_skill, int);
  FRAY_CRAWL_FIELD(W, ranged, bool);
  FRAY_CRAWL_FIELD(W, legacy, bool);
  FRAY_CRAWL_FIELD(W, magic_staff, bool);
};

// A monster row (monsterentry): the stats both versions' tables give.
template <class M>
concept MonsterRow = CatalogRow<M> && MonsterAttackRow<typename decltype(M::attacks)::value_type> && requires {
  FRAY_CRAWL_FIELD(M, hd, int);
  FRAY_CRAWL_FIELD(M, avg_hp_x10, int);
  FRAY_CRAWL_FIELD(M, ac, int);
  FRAY_CRAWL_FIELD(M, ev, int);
  FRAY_CRAWL_FIELD(M, fighter, bool);
  FRAY_CRAWL_FIELD(M, archer, bool);
  FRAY_CRAWL_FIELD(M, size, int);
  FRAY_CRAWL_FIELD(M, speed, int);
  FRAY_CRAWL_FIELD(M, energy, MonsterEnergy);
  FRAY_CRAWL_FIELD(M, resists, MonsterResists);
  FRAY_CRAWL_FIELD(M, weapon, std::string);
  FRAY_CRAWL_FIELD(M, weapon_random, bool);
  requires std::same_as<decltype(M::attacks), std::vector<typename decltype(M::attacks)::value_type>>;
};

// A monster as it fights (crawl::Monster, crawl_0_34::Creature): a row's
// stats with a spec's overrides, the attack it reports, its HP and the
// defaults an inline spec left.
template <class M>
concept FightingMonster = MonsterAttackRow<typename decltype(M::attacks)::value_type> && requires {
  FRAY_CRAWL_FIELD(M, name, std::string);
  FRAY_CRAWL_FIELD(M, hd, int);
  FRAY_CRAWL_FIELD(M, ev, int);
  FRAY_CRAWL_FIELD(M, ac, int);
  FRAY_CRAWL_FIELD(M, fighter, bool);
  FRAY_CRAWL_FIELD(M, archer, bool);
  FRAY_CRAWL_FIELD(M, size, int);
  FRAY_CRAWL_FIELD(M, speed, int);
  FRAY_CRAWL_FIELD(M, energy, MonsterEnergy);
  FRAY_CRAWL_FIELD(M, attack_index, int);
  FRAY_CRAWL_FIELD(M, hp, int);
  FRAY_CRAWL_FIELD(M, resists, MonsterResists);
  FRAY_CRAWL_FIELD(M, confused, bool);
  FRAY_CRAWL_FIELD(M, inaccuracy, int);
  FRAY_CRAWL_FIELD(M, slaying, int);
  FRAY_CRAWL_FIELD(M, defaults, std::vector<std::string>);
};

// A fighting monster made from the catalog row R: their attacks are one type.
template <class M, class R>
concept FightsAs = FightingMonster<M> && MonsterRow<R> && std::same_as<decltype(M::attacks), decltype(R::attacks)>;

// The player's skills (×100) both versions' Player types hold alike.
template <class P>
concept PlayerSkills = requires {
  FRAY_CRAWL_FIELD(P, dodging, int);
  FRAY_CRAWL_FIELD(P, armor_skill, int);
  FRAY_CRAWL_FIELD(P, shields, int);
  FRAY_CRAWL_FIELD(P, unarmed, int);
  FRAY_CRAWL_FIELD(P, throwing, int);
  FRAY_CRAWL_FIELD(P, stealth, int);
};

// A situation (crawl::Situation, crawl_0_34::Situation): the flags both
// versions give an attack, which a fight reads each in its role
// (fight_situation.hpp): who sees whom, the defender's passing states, how
// the attacker fights, and the blocks already made.
template <class S>
concept SituationFlags = std::default_initializable<S> && requires {
  FRAY_CRAWL_FIELD(S, invisible, bool);
  FRAY_CRAWL_FIELD(S, attacker_invisible, bool);
  FRAY_CRAWL_FIELD(S, sleeping, bool);
  FRAY_CRAWL_FIELD(S, unaware, bool);
  FRAY_CRAWL_FIELD(S, ranged, bool);
  FRAY_CRAWL_FIELD(S, blocks, int);
};

#undef FRAY_CRAWL_FIELD

}  // namespace fray::crawl
