// DCSS 0.34.1 combatant specs and situation flags.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/spec.hpp>
#include <map>

namespace fray::crawl_0_34 {

namespace {

constexpr std::string_view player_keys =
    "str, dex, xl, size, fighting, weapon_skill, dodging, armor_skill, shields_skill, unarmed, throwing, stealth, "
    "weapon, enchant, slaying, body, body_enchant, shield, shield_enchant, missile, claws, eyeballs, inaccuracy, "
    "confused, "
    "vertigo, might, weak, woe, ev, ev100, sh, sh100, ac, ac100, hp";
constexpr std::string_view monster_keys =
    "hd, ev, ac, sh, fighter, archer, weapon, enchant, body, shield, shield_enchant, attack, damage, size, speed, "
    "hp, confused, inaccuracy, slaying";

// A skill level (decimals allowed) as ×100; `alias` is an older spelling.
int skill100(SpecReader& r, std::string_view key, std::string_view alias = {}) {
  auto v = r.number(key, 0, 27);
  if (!v && !alias.empty()) v = r.number(alias, 0, 27);
  return v ? static_cast<int>(std::lround(*v * 100)) : 0;
}

// A catalog item named by the key's value; a failed look-up names the spec.
template <class T, class F>
std::optional<T> item(SpecReader& r, std::string_view key, F&& lookup) {
  const auto v = r.text(key);
  if (!v) return std::nullopt;
  try {
    return lookup(*v);
  } catch (const Error& e) {
    r.fail(e.what());
  }
}

std::optional<Armor> armor_item(SpecReader& r, std::string_view key, bool shield) {
  return item<Armor>(r, key, [&](const std::string& n) {
    const Armor& a = lookup_armor(n);
    if (shield && !a.is_shield())
      throw Error(fmt::format("{}={} is not a shield (buckler, kite_shield, tower_shield)", key, n));
    if (!shield && !a.is_body()) throw Error(fmt::format("{}={} is not body armour", key, n));
    return a;
  });
}

std::optional<int> body_size(SpecReader& r) {
  return item<int>(r, "size", [](const std::string& n) { return parse_size(n); });
}

int int_key(SpecReader& r, std::string_view key, int lo, int hi, int fallback) {
  const auto v = r.integer(key, lo, hi);
  return v ? static_cast<int>(*v) : fallback;
}

// A whole value (ev=12) or one at 1/100 (ev100=1240).
std::optional<int> hundredths(SpecReader& r, std::string_view key) {
  const std::string k100 = std::string(key) + "100";
  if (auto v = r.integer(key, 0, 500)) {
    if (r.has(k100)) r.fail(fmt::format("give {} or {}, not both", key, k100));
    return static_cast<int>(*v * 100);
  }
  if (auto v = r.integer(k100, 0, 50000)) return static_cast<int>(*v);
  return std::nullopt;
}

Player parse_player(SpecReader& r) {
  Player p;
  p.str = int_key(r, "str", 1, 99, p.str);
  p.dex = int_key(r, "dex", 1, 99, p.dex);
  p.xl = int_key(r, "xl", 1, 27, p.xl);
  if (auto v = body_size(r)) p.size = *v;
  p.fighting = skill100(r, "fighting");
  p.weapon_skill = skill100(r, "weapon_skill");
  p.dodging = skill100(r, "dodging");
  p.armor_skill = skill100(r, "armor_skill", "armour_skill");
  p.shields = skill100(r, "shields_skill");
  p.unarmed = skill100(r, "unarmed");
  p.throwing = skill100(r, "throwing");
  p.stealth = skill100(r, "stealth");
  p.weapon = item<Weapon>(r, "weapon", [](const std::string& n) { return lookup_weapon(n); });
  p.enchant = int_key(r, "enchant", -20, 30, 0);
  p.slaying = int_key(r, "slaying", -30, 30, 0);
  p.body = armor_item(r, "body", false);
  p.body_enchant = int_key(r, "body_enchant", -20, 30, 0);
  p.shield = armor_item(r, "shield", true);
  p.shield_enchant = int_key(r, "shield_enchant", -20, 30, 0);
  p.missile = item<Missile>(r, "missile", [](const std::string& n) { return lookup_missile(n); });
  p.claws = int_key(r, "claws", 0, 3, 0);
  p.eyeballs = int_key(r, "eyeballs", 0, 3, 0);
  p.inaccuracy = int_key(r, "inaccuracy", 0, 3, 0);
  p.confused = r.flag("confused").value_or(false);
  p.vertigo = r.flag("vertigo").value_or(false);
  p.might = r.flag("might").value_or(false);
  p.weak = r.flag("weak").value_or(false);
  p.woe = r.flag("woe").value_or(false);
  p.ev100 = hundredths(r, "ev");
  p.sh100 = hundredths(r, "sh");
  p.ac100 = hundredths(r, "ac");
  p.hp = int_key(r, "hp", 1, kMaxHp, 0);
  r.done(player_keys);
  return p;
}

Creature parse_monster(SpecReader& r, const Monster* base) {
  Creature m;
  if (base) {
    m.name = base->name;
    m.hd = base->hd;
    m.ev = base->ev;
    m.ac = base->ac;
    m.fighter = base->fighter;
    m.archer = base->archer;
    m.size = base->size;
    m.speed = base->speed;
    m.attacks = base->attacks;
    m.hp = std::max(1, (base->avg_hp_x10 + 5) / 10);
  } else {
    m.attacks = {{"AT_HIT", "AF_PLAIN", 1}};
  }
  if (auto v = r.integer("hd", 1, 50)) {
    if (base) r.fail("hd= is for inline monsters: a catalog monster's attacks are rescaled with its HD");
    m.hd = static_cast<int>(*v);
  } else if (!base) {
    r.fail("an inline monster needs hd=N");
  }
  m.ev = int_key(r, "ev", 0, 200, m.ev);
  m.ac = int_key(r, "ac", 0, 200, m.ac);
  if (auto v = r.integer("sh", 0, 200)) m.shield_class = static_cast<int>(*v);
  if (auto v = r.flag("fighter")) m.fighter = *v;
  if (auto v = r.flag("archer")) m.archer = *v;
  m.weapon = item<Weapon>(r, "weapon", [](const std::string& n) { return lookup_weapon(n); });
  m.enchant = int_key(r, "enchant", -20, 30, 0);
  m.body = armor_item(r, "body", false);
  m.shield = armor_item(r, "shield", true);
  m.shield_enchant = int_key(r, "shield_enchant", -20, 30, 0);
  if (auto v = r.integer("damage", 1, 1000)) {
    if (base) r.fail("damage= is for inline monsters; a catalog monster has its own attacks");
    m.attacks[0].damage = static_cast<int>(*v);
  }
  if (auto v = r.integer("attack", 1, static_cast<std::int64_t>(m.attacks.size())))
    m.attack_index = static_cast<int>(*v) - 1;
  if (auto v = body_size(r)) m.size = *v;
  m.speed = int_key(r, "speed", 1, 100, m.speed);
  m.hp = int_key(r, "hp", 1, kMaxHp, m.hp);
  m.confused = r.flag("confused").value_or(false);
  m.inaccuracy = int_key(r, "inaccuracy", 0, 3, 0);
  m.slaying = int_key(r, "slaying", -30, 30, 0);
  r.done(monster_keys);
  return m;
}

}  // namespace

Combatant parse_combatant(std::string_view text, std::string_view role) {
  Spec spec = parse_spec(text);
  const std::string name = spec.name;
  SpecReader r(std::move(spec), role);
  if (name == "player") return {parse_player(r)};
  if (name == "bolt") {
    Bolt b;
    if (auto v = r.integer("hit", 0, automatic_hit))
      b.hit = static_cast<int>(*v);
    else
      r.fail("a bolt needs hit=N (its to-hit; 1500 always hits)");
    r.done("hit");
    return {b};
  }
  if (name.empty()) return {parse_monster(r, nullptr)};
  const Monster* base = find_monster(name);
  if (!base) {
    try {
      (void)lookup_monster(name);
    } catch (const Error& e) {
      r.fail(fmt::format("{} (or 'player', 'bolt')", e.what()));
    }
  }
  return {parse_monster(r, base)};
}

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  const std::map<std::string_view, bool Situation::*> known = {
      {"invisible", &Situation::invisible},
      {"attacker_invisible", &Situation::attacker_invisible},
      {"backlit", &Situation::backlit},
      {"umbra", &Situation::umbra},
      {"sleeping", &Situation::sleeping},
      {"asleep", &Situation::sleeping},
      {"paralyzed", &Situation::paralyzed},
      {"paralysed", &Situation::paralyzed},
      {"petrified", &Situation::petrified},
      {"caught", &Situation::caught},
      {"netted", &Situation::caught},
      {"unaware", &Situation::unaware},
      {"fleeing", &Situation::fleeing},
      {"constricted", &Situation::constricted},
      {"ranged", &Situation::ranged},
      {"repel_missiles", &Situation::repel_missiles},
      {"deflect_missiles", &Situation::deflect_missiles},
  };
  for (const std::string& f : flags) {
    if (f.rfind("blocks=", 0) == 0) {
      s.blocks = static_cast<int>(parse_int(std::string_view(f).substr(7), "situation blocks="));
      if (s.blocks < 0 || s.blocks > 10)
        throw Error(fmt::format("crawl-0.34: situation '{}': blocks must be 0..10", f));
      continue;
    }
    const auto it = known.find(f);
    if (it == known.end()) {
      std::string list;
      for (const auto& [k, v] : known) list += (list.empty() ? "" : ", ") + std::string(k);
      throw Error(fmt::format("crawl-0.34: unknown situation '{}' (known: {}, blocks=N)", f, list));
    }
    s.*(it->second) = true;
  }
  return s;
}

}  // namespace fray::crawl_0_34
