// Pixel Dungeon 1.9.1 as a fray::Ruleset: specs, reports, and the fight kernel.
#include <fray/rules/pixel_dungeon/ruleset.hpp>
#include <fray/report/report.hpp>  // TRANSITION

#include <fray/rules/pixel_dungeon/java_random.hpp>

#include <fray/core/error.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>

#include <array>
#include <map>

namespace fray::pixel_dungeon {

namespace {

constexpr std::string_view hero_keys =
    "class, subclass, level, str, hp, weapon, weapon_level, armor, armor_level, missile, missile_level, "
    "ring_accuracy, "
    "ring_evasion, combo, charges, max_charges";
constexpr std::string_view inline_keys = "accuracy, evasion, damage, armor, hp";

Combatant parse_hero(SpecReader& r) {
  const auto cls_text = r.text("class");
  const auto sub_text = r.text("subclass");
  SubClass sub = SubClass::none;
  try {
    if (sub_text) sub = parse_subclass(*sub_text);
  } catch (const Error& e) {
    r.fail(e.what());
  }
  if (sub == SubClass::none && sub_text) r.fail("subclass=none is not a subclass; leave the key out");
  HeroClass cls = HeroClass::warrior;
  try {
    if (cls_text) cls = parse_hero_class(*cls_text);
    else if (class_of(sub)) cls = *class_of(sub);
  } catch (const Error& e) {
    r.fail(e.what());
  }
  if (class_of(sub) && *class_of(sub) != cls)
    r.fail(fmt::format("subclass {} belongs to the {}, not the {}", to_string(sub), to_string(*class_of(sub)),
                       to_string(cls)));
  Hero h = starting_hero(cls);
  h.subclass = sub;
  h.level = static_cast<int>(r.integer("level", 1, 30).value_or(1));
  h.str = static_cast<int>(r.integer("str", 1, 100).value_or(h.str));
  const int wl = static_cast<int>(r.integer("weapon_level", -10, 100).value_or(0));
  const int al = static_cast<int>(r.integer("armor_level", -10, 100).value_or(0));
  try {
    if (const auto w = r.text("weapon")) {
      if (*w == "none") {
        h.weapon.reset();
      } else {
        Weapon wp = weapon(*w, wl);
        if (wp.kind == WeaponKind::missile)
          r.fail(fmt::format("weapon={} is a thrown weapon: give missile={} and --situation thrown", *w, *w));
        h.weapon = wp;
      }
    } else if (wl != 0) {
      if (!h.weapon) r.fail("weapon_level= needs a weapon");
      h.weapon = weapon(h.weapon->key, wl);
    }
    const int ml = static_cast<int>(r.integer("missile_level", -10, 100).value_or(0));
    if (const auto m = r.text("missile")) {
      if (*m == "none") h.missile.reset();
      else {
        Weapon wp = weapon(*m, ml);
        if (wp.kind != WeaponKind::missile) r.fail(fmt::format("missile={} is not a thrown weapon", *m));
        h.missile = wp;
      }
    } else if (ml != 0) {
      if (!h.missile) r.fail("missile_level= needs a missile");
      h.missile = weapon(h.missile->key, ml);
    }
    if (const auto a = r.text("armor")) {
      if (*a == "none") h.armor.reset();
      else h.armor = armor(*a, al);
    } else if (h.armor) {
      h.armor = armor(h.armor->key, al);
    }
  } catch (const Error& e) {
    if (std::string_view(e.what()).find("spec '") != std::string_view::npos) throw;
    r.fail(e.what());
  }
  h.ring_accuracy = static_cast<int>(r.integer("ring_accuracy", -10, 10).value_or(0));
  h.ring_evasion = static_cast<int>(r.integer("ring_evasion", -10, 10).value_or(0));
  h.combo = static_cast<int>(r.integer("combo", 0, 1000).value_or(0));
  h.charges = static_cast<int>(r.integer("charges", 0, 100).value_or(0));
  if (const auto m = r.integer("max_charges", 0, 100)) {
    if (sub != SubClass::battlemage) r.fail("max_charges= is for the Battlemage");
    if (*m < h.charges) r.fail(fmt::format("max_charges={} is below charges={}", *m, h.charges));
    h.max_charges = static_cast<int>(*m);
  }
  if (h.combo && sub != SubClass::gladiator) r.fail("combo= is for the Gladiator");
  if (h.charges && sub != SubClass::battlemage) r.fail("charges= is for the Battlemage");
  if (const auto hp = r.integer("hp", 1, 100000)) {
    if (*hp > hero_ht(h)) r.fail(fmt::format("hp={} is above the hero's HT {}", *hp, hero_ht(h)));
    h.hp = *hp;
  }
  r.done(hero_keys);
  Combatant c;
  c.name = fmt::format("{}{} level {}", to_string(cls), sub == SubClass::none ? "" : fmt::format(" ({})", to_string(sub)),
                       h.level);
  c.hero = h;
  return c;
}

Combatant parse_inline(SpecReader& r) {
  Combatant c;
  c.name = "inline";
  Mob& m = c.mob;
  m.key = "inline";
  m.name = "inline";
  // Damage and armour are enumerated exactly, so they are kept to sizes that stay fast.
  m.accuracy = r.integer("accuracy", 0, 1000000).value_or(0);
  m.evasion = r.integer("evasion", 0, 1000000).value_or(0);
  if (const auto d = r.range("damage", 0, 10000)) m.damage = Primitive::normal(d->first, d->second);
  m.dr = r.integer("armor", 0, 10000).value_or(0);
  if (const auto hp = r.integer("hp", 1, 100000000)) {
    m.ht = *hp;
    c.hp = *hp;
  } else {
    m.ht = 0;  // unknown: a fight asks for it
  }
  r.done(inline_keys);
  return c;
}

Combatant parse_mob(SpecReader& r, const std::string& key) {
  MobOptions opt;
  if (const auto d = r.integer("depth", 1, 26)) opt.depth = static_cast<int>(*d);
  const auto wl = r.integer("weapon_level", 0, 100);
  try {
    if (const auto w = r.text("weapon")) opt.weapon = weapon(*w, static_cast<int>(wl.value_or(0)));
    else if (wl) r.fail("weapon_level= needs weapon=");
  } catch (const Error& e) {
    r.fail(e.what());
  }
  Combatant c;
  try {
    c.mob = mob(key, opt);
  } catch (const Error& e) {
    r.fail(e.what());
  }
  Mob& m = c.mob;
  c.name = m.name;
  if (m.needs_hero) {
    // Mirror image: attackSkill copied from the hero, damage rolled once at creation.
    const auto acc = r.integer("accuracy", 0, 1000000);
    const auto dmg = r.integer("damage", 0, 10000);
    if (!acc || !dmg) r.fail("a mirror image needs accuracy=N and damage=N (copied from the hero when cast)");
    m.accuracy = *acc;
    m.damage = Primitive::constant(*dmg);
  }
  if (const auto p = r.flag("pumped")) {
    if (!m.pumped) r.fail("pumped is for Goo");
    c.pumped = *p;
  }
  if (const auto f = r.integer("fists", 0, 2)) {
    if (m.java_class != "Yog") r.fail("fists= is for Yog-Dzewa");
    c.fists = static_cast<int>(*f);
  }
  if (const auto hp = r.integer("hp", 1, m.ht)) c.hp = *hp;
  r.done("depth, weapon, weapon_level, hp, pumped (Goo), fists (Yog-Dzewa), accuracy and damage (mirror image)");
  return c;
}

nlohmann::json strike_json(const Strike& s) {
  nlohmann::json j;
  j["attacked"] = s.attacked;
  if (!s.attacked) {
    j["damage"] = 0;
    return j;
  }
  j["acu_roll"] = s.hit.acu_roll;
  j["def_roll"] = s.hit.def_roll;
  j["hit"] = s.hit.hit;
  if (s.armor_roll) j["armor_roll"] = *s.armor_roll;
  if (s.damage_roll) j["damage_roll"] = *s.damage_roll;
  if (s.bonus_roll) j["str_bonus_roll"] = *s.bonus_roll;
  if (s.assassin_roll) j["assassin_roll"] = *s.assassin_roll;
  if (s.resist_roll) j["resist_roll"] = *s.resist_roll;
  if (s.paralysis_broken) j["paralysis_broken"] = *s.paralysis_broken;
  j["damage"] = s.damage;
  return j;
}

std::string strike_text(const Strike& s) {
  if (!s.attacked) return "no attack (the attacker never attacks)";
  std::string t = fmt::format("acuRoll {:.4f} vs defRoll {:.4f}: {}", s.hit.acu_roll, s.hit.def_roll,
                              s.hit.hit ? "hit" : "miss");
  if (!s.hit.hit) return t;
  if (s.armor_roll) t += fmt::format(", armour {}", *s.armor_roll);
  if (s.damage_roll) t += fmt::format(", roll {}", *s.damage_roll);
  if (s.bonus_roll) t += fmt::format(", STR bonus {}", *s.bonus_roll);
  if (s.assassin_roll) t += fmt::format(", assassin +{}", *s.assassin_roll);
  if (s.resist_roll) t += fmt::format(", resisted to {}", *s.resist_roll);
  t += fmt::format(" → damage {}", s.damage);
  if (s.paralysis_broken) t += *s.paralysis_broken ? " (paralysis broken)" : " (still paralysed)";
  return t;
}

struct Resolved {
  Combatant attacker, defender;
  Situation situation;
  AttackPlan plan;
};

Resolved resolve(const AttackRequest& req) {
  for (const auto& [k, v] : req.options)
    throw Error(fmt::format("pixel-dungeon has no option --{} (use --situation flags)", k));
  Resolved r{parse_combatant(req.attacker, "attacker"), parse_combatant(req.defender, "defender"),
             parse_situation(req.situation), {}};
  r.plan = plan_attack(r.attacker, r.defender, r.situation);
  return r;
}

// The per-attack kernel of a fight. The plan depends on the attacker's HP only
// through Berserker Fury and the brute's rage, so two precomputed kernels cover every HP.
class PdExchange final : public Exchange {
 public:
  PdExchange(Combatant att, Combatant def, Situation s) : att_(std::move(att)), def_(std::move(def)), s_(s) {
    const std::int64_t ht = att_.ht();
    for (int raged = 0; raged < 2; ++raged) {
      // A representative HP on each side of the threshold (Fury: HP <= 0.4·HT; brute: HP < HT/4).
      plans_[raged] = plan_attack(att_, def_, s_, raged ? std::int64_t{1} : ht);
      const Outcome o = exact_outcome(plans_[raged]);
      if (o.p_hit < 1) kernels_[raged].push_back(Transition{1 - o.p_hit, 0, 0, 0, false});
      if (o.p_hit > 0)
        for (const auto& [v, p] : o.on_hit.items()) kernels_[raged].push_back(Transition{o.p_hit * p, v, 0, 0, true});
    }
    if (att_.is_hero() && att_.hero->subclass == SubClass::gladiator)
      why_ = "the Gladiator's Combo count depends on the timing of hits and misses, which the kernel does not carry";
    else if (!def_.is_hero() && def_.mob.splits)
      why_ = "a swarm of flies splits when hit if a free neighbouring cell exists, which the map decides";
    else if (s_.unseen || s_.paralysed)
      why_ = "a surprise lasts only until the mob's next turn, which the kernel does not carry";
    else if (att_.is_hero() && att_.hero->subclass == SubClass::sniper && s_.thrown)
      why_ = "the Sniper's mark halves the time of every throw after the first, which a fixed attack time cannot carry";
  }
  std::vector<Transition> outcomes(Side a, Side) const override { return kernels_[raged(a.hp)]; }
  Transition sample(Side a, Side, Rng& rng) const override {
    const Strike s = strike(plans_[raged(a.hp)], rng);
    return Transition{1, s.damage, 0, 0, s.hit.hit};
  }
  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }
  // Only Berserker Fury and the brute's rage read the attacker's HP.
  Reads reads() const override {
    return {att_.is_hero() ? att_.hero->subclass == SubClass::berserker : att_.mob.enraged.has_value(), false};
  }

 private:
  int raged(std::int64_t hp) const {
    if (att_.is_hero()) return fury_active(*att_.hero, hp) ? 1 : 0;
    return att_.mob.enraged && hp < att_.mob.ht / 4 ? 1 : 0;
  }
  Combatant att_, def_;
  Situation s_;
  std::array<AttackPlan, 2> plans_;
  std::array<std::vector<Transition>, 2> kernels_;
  std::string why_;
};

Fighter fighter(const Combatant& c, const Situation& s, bool as_attacker, std::string_view role) {
  Fighter f;
  f.name = c.name;
  f.hp = c.current_hp();
  if (f.hp <= 0) throw Error(fmt::format("{} '{}' needs hp=N (N >= 1) for a fight", role, c.name));
  if (c.is_hero()) f.attack_time = hero_attack_delay(*c.hero, as_attacker && s.thrown);
  else if ((as_attacker && s.magic) || c.mob.beam_only) f.attack_time = c.mob.spell_time;
  else f.attack_time = c.mob.attack_delay;
  return f;
}

class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "pixel-dungeon"; }
  std::string_view title() const override { return "Pixel Dungeon 1.9.1"; }

  Report legacy_attack(const AttackRequest& req) const {
    const Resolved r = resolve(req);
    if (r.plan.never_attacks) throw Error(fmt::format("'{}' never attacks", r.attacker.name));
    const Outcome o = exact_outcome(r.plan);
    Report rep;
    rep.json = {{"rules", "pixel-dungeon"},
                {"attacker", r.attacker.name},
                {"defender", r.defender.name},
                {"situation", req.situation},
                {"accuracy", o.accuracy},
                {"evasion", o.evasion},
                {"magic", r.plan.magic},
                {"p_hit", o.p_hit},
                {"damage", pmf_json(o.damage)},
                {"damage_on_hit", pmf_json(o.on_hit)}};
    rep.text = fmt::format(
        "{} attacks {} (Pixel Dungeon 1.9.1)\naccuracy {} vs evasion {}{}: P(hit) = {:.6f}\n"
        "damage per attack (a miss counts 0):\n{}",
        r.attacker.name, r.defender.name, o.accuracy, o.evasion, r.plan.magic ? " (magic: accuracy doubled)" : "",
        o.p_hit, pmf_table(o.damage, "damage"));
    return rep;
  }

  Report legacy_strike(const StrikeRequest& req) const {
    const Resolved r = resolve(req.attack);
    std::unique_ptr<AnyEngine> any;
    Rng rng(req.seed);
    if (req.engine != "default") any = make_engine(req.engine, req.seed);
    constexpr std::uint64_t traced = 1000;
    nlohmann::json strikes = nlohmann::json::array();
    std::map<std::int64_t, std::uint64_t> counts;
    std::uint64_t hits = 0;
    double total = 0;
    std::string text = fmt::format("{} attacks {}, seed {}\n", r.attacker.name, r.defender.name, req.seed);
    for (std::uint64_t i = 0; i < req.count; ++i) {
      const Strike s = any ? pixel_dungeon::strike(r.plan, *any) : pixel_dungeon::strike(r.plan, rng);
      hits += s.hit.hit ? 1 : 0;
      total += static_cast<double>(s.damage);
      ++counts[s.damage];
      if (i < traced) {
        strikes.push_back(strike_json(s));
        text += fmt::format("{:>4}: {}\n", i + 1, strike_text(s));
      }
    }
    nlohmann::json cj = nlohmann::json::array();
    for (const auto& [v, n] : counts) cj.push_back({v, n});
    const double n = static_cast<double>(req.count);
    Report rep;
    rep.json = {{"rules", "pixel-dungeon"}, {"attacker", r.attacker.name},
                {"defender", r.defender.name}, {"seed", req.seed},
                {"engine", req.engine},     {"count", req.count},
                {"accuracy", r.plan.accuracy}, {"evasion", r.plan.evasion},
                {"strikes", strikes},       {"traced", std::min(req.count, traced)},
                {"hits", hits},             {"mean_damage", total / n},
                {"damage_counts", cj}};
    if (req.count > traced) text += fmt::format("... ({} more not shown)\n", req.count - traced);
    text += fmt::format("{} hits in {} attacks, mean damage {:.4f}\n", hits, req.count, total / n);
    rep.text = text;
    return rep;
  }

  Bout bout(const AttackRequest& req) const override {
    const Resolved r = resolve(req);
    Bout b;
    b.a = fighter(r.attacker, r.situation, true, "attacker");
    b.b = fighter(r.defender, r.situation, false, "defender");
    b.a_hits_b = std::make_shared<PdExchange>(r.attacker, r.defender, r.situation);
    // The answer is a plain attack: situation flags describe the first direction only.
    b.b_hits_a = std::make_shared<PdExchange>(r.defender, r.attacker, Situation{});
    b.time_unit = "turns";
    return b;
  }

  void add_dice_functions(DiceFunctions& fns) const override { pixel_dungeon::add_dice_functions(fns); }

  // java.util.Random: the generator behind the game's Math.random().
  std::vector<std::string> engines() const override { return {"java"}; }
  std::unique_ptr<AnyEngine> engine(std::string_view name, std::uint64_t seed) const override {
    if (name == "java") return std::make_unique<EngineBox<JavaRandom>>(JavaRandom(seed));
    return Ruleset::engine(name, seed);
  }
};

}  // namespace

Combatant parse_combatant(std::string_view text, std::string_view role) {
  SpecReader r(parse_spec(text), role);
  const std::string name = r.spec().name;
  if (name.empty()) return parse_inline(r);
  if (name == "hero") return parse_hero(r);
  return parse_mob(r, catalog_key(name));
}

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  const std::array<std::pair<std::string_view, bool Situation::*>, 9> known = {{{"thrown", &Situation::thrown},
                                                                                 {"adjacent", &Situation::adjacent},
                                                                                 {"magic", &Situation::magic},
                                                                                 {"unseen", &Situation::unseen},
                                                                                 {"paralysed", &Situation::paralysed},
                                                                                 {"water", &Situation::water},
                                                                                 {"resisted", &Situation::resisted},
                                                                                 {"immune", &Situation::immune},
                                                                                 {"acting", &Situation::acting}}};
  for (const auto& f : flags) {
    bool found = false;
    for (const auto& [name, member] : known)
      if (f == name || (f == "paralyzed" && name == "paralysed")) {
        s.*member = true;
        found = true;
      }
    if (!found)
      throw Error(fmt::format("unknown situation '{}' (known: thrown, adjacent, magic, unseen, paralysed, water, "
                              "resisted, immune, acting)",
                              f));
  }
  return s;
}

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::pixel_dungeon
