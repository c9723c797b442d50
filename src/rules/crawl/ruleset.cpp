// The crawl ruleset: combatant specs, the attack and strike reports, sweeps and
// the fight layer's kernel, all on combat.hpp's plans.
#include <fray/core/error.hpp>
#include <fray/rules/crawl/random.hpp>
#include <fray/rules/crawl/ruleset.hpp>
#include <fray/report/report.hpp>  // TRANSITION
#include <fray/rules/spec.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace fray::crawl {

namespace {

constexpr std::string_view player_keys =
    "str, dex, int, xl, size, fighting, weapon_skill, dodging, armour_skill, shields_skill, unarmed, throwing, "
    "stealth, weapon, enchant, slaying, body, shield, shield_enchant, missile, form, claws, eyeballs, inaccuracy, "
    "confused, vertigo, starving, might, weak, woe, ev, sh, ac, hp";
constexpr std::string_view monster_keys =
    "hd, ev, ac, sh, fighter, archer, weapon, enchant, shield, shield_enchant, missile, attack, damage, size, speed, "
    "hp, confused, inaccuracy, slaying";

// A skill level (decimals allowed) as ×100.
int skill100(SpecReader& r, std::string_view key) {
  const auto v = r.number(key, 0, 27);
  return v ? static_cast<int>(std::lround(*v * 100)) : 0;
}

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

// shield=NAME, for the player and for monsters: an armour of the shield slot.
std::optional<ArmourProp> shield_item(SpecReader& r) {
  // item() names the spec once: the lookup throws a bare message.
  return item<ArmourProp>(r, "shield", [](const std::string& n) {
    const ArmourProp& a = crawl::armour(n);
    if (a.slot != "EQ_SHIELD") throw Error(fmt::format("shield={} is not a shield", n));
    return a;
  });
}

// size=WORD (tiny .. giant), for the player and for monsters.
std::optional<int> body_size(SpecReader& r) {
  return item<int>(r, "size", [](const std::string& n) { return parse_size(n); });
}

Player parse_player(SpecReader& r) {
  Player p;
  if (auto v = r.integer("str", 1, 99)) p.str = static_cast<int>(*v);
  if (auto v = r.integer("dex", 1, 99)) p.dex = static_cast<int>(*v);
  if (auto v = r.integer("int", 1, 99)) p.intel = static_cast<int>(*v);
  if (auto v = r.integer("xl", 1, 27)) p.xl = static_cast<int>(*v);
  if (auto v = body_size(r)) p.size = *v;
  p.fighting = skill100(r, "fighting");
  p.weapon_skill = skill100(r, "weapon_skill");
  p.dodging = skill100(r, "dodging");
  p.armour_skill = skill100(r, "armour_skill");
  p.shields = skill100(r, "shields_skill");
  p.unarmed = skill100(r, "unarmed");
  p.throwing = skill100(r, "throwing");
  p.stealth = skill100(r, "stealth");
  p.weapon = item<WeaponProp>(r, "weapon", [](const std::string& n) { return crawl::weapon(n); });
  if (auto v = r.integer("enchant", -20, 30)) p.enchant = static_cast<int>(*v);
  if (auto v = r.integer("slaying", -20, 30)) p.slaying = static_cast<int>(*v);
  p.body = item<ArmourProp>(r, "body", [&r](const std::string& n) {
    const ArmourProp& a = crawl::armour(n);
    if (a.slot != "EQ_BODY_ARMOUR") r.fail(fmt::format("body={} is not body armour", n));
    return a;
  });
  p.shield = shield_item(r);
  if (auto v = r.integer("shield_enchant", -20, 30)) p.shield_enchant = static_cast<int>(*v);
  p.missile = item<MissileProp>(r, "missile", [](const std::string& n) { return crawl::missile(n); });
  if (auto v = r.text("form")) {
    static const std::vector<std::string> known = {"none", "spider", "blade_hands", "statue", "ice_beast", "dragon",
                                                   "lich", "bat", "pig", "appendage", "tree", "porcupine", "wisp",
                                                   "fungus", "shadow", "jelly"};
    p.form = catalog_key(*v);
    if (std::find(known.begin(), known.end(), p.form) == known.end())
      r.fail(fmt::format("form={} is not a 0.19 form (none, spider, blade_hands, statue, ice_beast, dragon, lich, "
                         "bat, pig, appendage, tree, porcupine, wisp, fungus, shadow, jelly)",
                         *v));
  }
  if (auto v = r.integer("claws", 0, 3)) p.claws = static_cast<int>(*v);
  if (auto v = r.integer("eyeballs", 0, 3)) p.eyeballs = static_cast<int>(*v);
  if (auto v = r.integer("inaccuracy", 0, 2)) p.inaccuracy = static_cast<int>(*v);
  p.confused = r.flag("confused").value_or(false);
  p.vertigo = r.flag("vertigo").value_or(false);
  p.starving = r.flag("starving").value_or(false);
  p.might = r.flag("might").value_or(false);
  p.weak = r.flag("weak").value_or(false);
  p.woe = r.flag("woe").value_or(false);
  if (auto v = r.integer("ev", 0, 200)) p.ev = static_cast<int>(*v);
  // SH as the block formulas use it: player_shield_class(), twice the displayed SH.
  if (auto v = r.integer("sh", 0, 200)) p.sh = static_cast<int>(*v);
  if (auto v = r.integer("ac", 0, 200)) p.ac = static_cast<int>(*v);
  if (auto v = r.integer("hp", 1, 100000)) p.hp = static_cast<int>(*v);
  r.done(player_keys);
  return p;
}

Monster parse_monster(SpecReader& r, const MonsterProp* base) {
  Monster m;
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
    m.name = "monster";
    m.attacks = {{"AT_HIT", "AF_PLAIN", 1}};
    m.hp = 0;
  }
  if (auto v = r.integer("hd", 1, 50)) m.hd = static_cast<int>(*v);
  else if (!base) r.fail("an inline monster needs hd=N");
  if (auto v = r.integer("ev", 0, 200)) {
    m.ev = static_cast<int>(*v);
    m.ev_given = true;
  }
  if (auto v = r.integer("ac", 0, 200)) m.ac = static_cast<int>(*v);
  if (auto v = r.integer("sh", 0, 200)) m.sh_value = static_cast<int>(*v);
  if (auto v = r.flag("fighter")) m.fighter = *v;
  if (auto v = r.flag("archer")) m.archer = *v;
  m.weapon = item<WeaponProp>(r, "weapon", [](const std::string& n) { return crawl::weapon(n); });
  if (auto v = r.integer("enchant", -20, 30)) m.enchant = static_cast<int>(*v);
  m.shield = shield_item(r);
  if (auto v = r.integer("shield_enchant", -20, 30)) m.shield_enchant = static_cast<int>(*v);
  m.missile = item<MissileProp>(r, "missile", [](const std::string& n) { return crawl::missile(n); });
  if (auto v = r.integer("damage", 1, 1000)) {
    if (base) r.fail("damage= is for inline monsters; a catalog monster has its own attacks");
    m.attacks[0].damage = static_cast<int>(*v);
  }
  if (auto v = r.integer("attack", 1, static_cast<std::int64_t>(m.attacks.size()))) m.attack_index = static_cast<int>(*v) - 1;
  if (auto v = body_size(r)) m.size = *v;
  if (auto v = r.integer("speed", 1, 100)) m.speed = static_cast<int>(*v);
  if (auto v = r.integer("hp", 1, 100000)) m.hp = static_cast<int>(*v);
  m.confused = r.flag("confused").value_or(false);
  if (auto v = r.integer("inaccuracy", 0, 2)) m.inaccuracy = static_cast<int>(*v);
  if (auto v = r.integer("slaying", -20, 30)) m.slaying = static_cast<int>(*v);
  r.done(monster_keys);
  return m;
}

std::string combatant_name(const Combatant& c) {
  if (std::holds_alternative<Player>(c)) return "player";
  if (std::holds_alternative<Beam>(c)) return "bolt";
  return std::get<Monster>(c).name;
}

nlohmann::json trace_json(const Trace& t) {
  auto out = nlohmann::json::array();
  for (const Draw& d : t)
    out.push_back({{"rule", d.label}, {"draw", d.prim}, {"value", d.value}, {"term", d.term}});
  return out;
}

struct Prepared {
  Combatant attacker, defender;
  Situation situation;
  Plan plan;
};

Prepared prepare(const AttackRequest& req) {
  Prepared p{parse_combatant(req.attacker, "attacker"), parse_combatant(req.defender, "defender"),
             parse_situation(req.situation), {}};
  for (const auto& [k, v] : req.options)
    if (!v.empty()) throw Error(fmt::format("crawl: option --{} is not used by this ruleset", k));
  p.plan = plan(p.attacker, p.defender, p.situation);
  return p;
}

// --- the fight layer's kernel ----------------------------------------------------------------

// One side's round: the player's attack, or each of a monster's attacks in turn.
// The shield-block penalty grows with blocks already made in the round.
class CrawlExchange final : public Exchange {
 public:
  CrawlExchange(const Combatant& a, const Combatant& d, const Situation& s) {
    std::vector<Combatant> attacks;
    if (const auto* m = std::get_if<Monster>(&a)) {
      for (std::size_t i = 0; i < std::max<std::size_t>(1, m->attacks.size()); ++i) {
        Monster one = *m;
        one.attack_index = static_cast<int>(i);
        attacks.emplace_back(one);
      }
    } else {
      attacks.push_back(a);
    }
    const std::size_t n = attacks.size();
    plans_.resize(n);
    outcomes_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t b = 0; b < n; ++b) {
        Situation sb = s;
        sb.blocks = static_cast<int>(b);
        plans_[i].push_back(plan(attacks[i], d, sb));
        if (!plans_[i].back().damage) throw Error("crawl: " + plans_[i].back().damage_note + "; no fight kernel");
        if (plans_[i].back().can_block) can_block_ = true;
        outcomes_[i].push_back(outcome(plans_[i].back()));
      }
    // Exact round: DP over (blocks so far, damage so far, whether any attack landed).
    using Key = std::tuple<std::size_t, i64, bool>;
    std::map<Key, double> dp{{{0, 0, false}, 1.0}};
    for (std::size_t i = 0; i < n; ++i) {
      std::map<Key, double> next;
      for (const auto& [key, p] : dp) {
        const auto& [b, dmg, landed] = key;
        const Outcome& o = outcomes_[i][b];
        if (o.p_block > 0) next[{b + 1, dmg, landed}] += p * o.p_block;
        const double miss = 1 - o.p_hit - o.p_block;
        if (miss > 0) next[{b, dmg, landed}] += p * miss;
        // Landed attacks: damage (a landed 0 counts as 0 damage).
        const double land = o.p_hit;
        if (land > 0) {
          const Pmf& d = *o.damage;  // mixture including misses; reweight landed part
          // damage Pmf = (1 - p_hit)·δ0 + landed part: subtract the miss mass at 0.
          for (const auto& [v, pv] : d.items()) {
            const double w = v == 0 ? pv - (1 - o.p_hit) : pv;
            if (w > 0) next[{b, dmg + v, true}] += p * w;
          }
        }
      }
      dp = std::move(next);
    }
    // A round "hits" when any of its attacks lands, as a fight simulator counts it.
    std::map<std::pair<i64, bool>, double> total;
    for (const auto& [key, p] : dp) total[{std::get<1>(key), std::get<2>(key)}] += p;
    for (const auto& [k, p] : total)
      if (p > 0) round_.push_back({p, k.first, 0, 0, k.second});
  }

  std::vector<Transition> outcomes(Side, Side) const override { return round_; }
  // A round reads no HP: Crawl melee to-hit and damage do not depend on it.
  Reads reads() const override { return {false, false}; }

  Transition sample(Side, Side, Rng& rng) const override {
    std::size_t b = 0;
    i64 dmg = 0;
    bool landed = false;
    for (std::size_t i = 0; i < plans_.size(); ++i) {
      const StrikeResult r = strike(plans_[i][b], rng, false);
      if (r.blocked) ++b;
      if (r.hit) {
        dmg += r.damage;
        landed = true;
      }
    }
    return {1, dmg, 0, 0, landed};
  }

  bool exact() const override { return !can_block_; }
  std::string why_not_exact() const override {
    return can_block_ ? "crawl: the shield-block penalty grows with the blocks a defender made this turn, and "
                        "which attacks share a turn depends on the speeds; each round here starts from no blocks"
                      : std::string{};
  }

 private:
  std::vector<std::vector<Plan>> plans_;
  std::vector<std::vector<Outcome>> outcomes_;
  std::vector<Transition> round_;
  bool can_block_ = false;
};

class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "crawl"; }
  std::string_view title() const override { return "Dungeon Crawl Stone Soup 0.19"; }

  Report legacy_attack(const AttackRequest& req) const {
    const Prepared p = prepare(req);
    const Outcome o = outcome(p.plan);
    Report r;
    r.json = {{"rules", "crawl"},
              {"attacker", combatant_name(p.attacker)},
              {"defender", combatant_name(p.defender)},
              {"p_hit", o.p_hit},
              {"p_block", o.p_block},
              {"p_stab", o.p_stab},
              {"to_hit", pmf_json(o.to_hit)},
              {"ev", pmf_json(p.plan.ev.exact())}};
    r.json["damage"] = o.damage ? pmf_json(*o.damage) : nlohmann::json(nullptr);
    if (o.hit_damage) r.json["hit_damage"] = pmf_json(*o.hit_damage);
    if (!p.plan.damage_note.empty()) r.json["damage_note"] = p.plan.damage_note;
    r.text = fmt::format("{} attacks {} (DCSS 0.19)\n", combatant_name(p.attacker), combatant_name(p.defender));
    r.text += fmt::format("  P(hit)   {:.6f}\n  P(block) {:.6f}\n  P(stab)  {:.6f}\n", o.p_hit, o.p_block, o.p_stab);
    r.text += fmt::format("  to-hit: mean {:.4f}, {}..{}\n", o.to_hit.mean(), o.to_hit.min(), o.to_hit.max());
    const Pmf ev = p.plan.ev.exact();
    r.text += fmt::format("  EV compared: mean {:.4f}, {}..{}\n", ev.mean(), ev.min(), ev.max());
    if (o.damage) {
      r.text += fmt::format("damage per attack (a miss is 0): mean {:.4f}\n", o.damage->mean());
      r.text += pmf_table(*o.damage, "damage");
    } else {
      r.text += "damage: " + p.plan.damage_note + "\n";
    }
    return r;
  }

  Report legacy_strike(const StrikeRequest& req) const {
    const Prepared p = prepare(req.attack);
    if (req.engine != "default") throw Error(fmt::format("crawl: no engine '{}' (only default)", req.engine));
    Rng rng(req.seed);
    constexpr std::uint64_t listed = 1000;
    auto list = nlohmann::json::array();
    std::uint64_t hits = 0, blocked = 0, stabs = 0;
    double total = 0;
    std::string text;
    for (std::uint64_t i = 0; i < req.count; ++i) {
      const StrikeResult s = crawl::strike(p.plan, rng, i < listed);
      hits += s.hit;
      blocked += s.blocked;
      stabs += s.stab;
      total += static_cast<double>(s.damage);
      if (i < listed) {
        list.push_back({{"hit", s.hit},
                        {"blocked", s.blocked},
                        {"stab", s.stab},
                        {"to_hit", s.to_hit},
                        {"ev", s.ev},
                        {"damage", s.damage},
                        {"trace", trace_json(s.trace)}});
        text += fmt::format("#{}: {} (to-hit {} vs EV {}), damage {}\n", i + 1,
                            s.stab ? "stab" : s.blocked ? "blocked" : s.hit ? "hit" : "miss", s.to_hit, s.ev,
                            s.damage);
        for (const Draw& d : s.trace)
          text += fmt::format("    {:<34} {:<30} -> {}{}\n", d.label, d.prim, d.value,
                              d.term != d.value ? fmt::format(" (term {})", d.term) : std::string{});
      }
    }
    const double n = static_cast<double>(req.count);
    Report r;
    r.json = {{"rules", "crawl"}, {"seed", req.seed},         {"count", req.count},
              {"hits", hits},     {"blocked", blocked},       {"stabs", stabs},
              {"mean_damage", total / n}, {"strikes", list}};
    if (req.count > listed) r.json["strikes_listed"] = listed;
    r.text = text + fmt::format("{} strikes (seed {}): {} hits, {} blocked, {} stabs, mean damage {:.4f}\n",
                                req.count, req.seed, hits, blocked, stabs, total / n);
    return r;
  }

  Bout bout(const AttackRequest& req) const override {
    const Combatant a = parse_combatant(req.attacker, "attacker");
    const Combatant b = parse_combatant(req.defender, "defender");
    const Situation s = parse_situation(req.situation);
    auto fighter = [](const Combatant& c, std::string_view role) {
      if (std::holds_alternative<Beam>(c)) throw Error("crawl: a bolt cannot fight");
      Fighter f;
      f.name = combatant_name(c);
      f.hp = std::holds_alternative<Player>(c) ? std::get<Player>(c).hp : std::get<Monster>(c).hp;
      if (f.hp <= 0) throw Error(fmt::format("crawl: the {} needs hp=N (above 0) for a fight", role));
      f.attack_time = attack_delay(c);
      if (const auto delays = attack_delays(c); delays.size() > 1) f.attack_times = delays;
      return f;
    };
    Bout out;
    out.a = fighter(a, "attacker");
    out.b = fighter(b, "defender");
    out.a_hits_b = std::make_shared<CrawlExchange>(a, b, s);
    out.b_hits_a = std::make_shared<CrawlExchange>(b, a, s);
    out.time_unit = "aut";
    return out;
  }

  void add_dice_functions(DiceFunctions& fns) const override { add_crawl_dice_functions(fns); }
};

}  // namespace

Combatant parse_combatant(std::string_view text, std::string_view role) {
  Spec spec = parse_spec(text);
  const std::string name = spec.name;
  SpecReader r(std::move(spec), role);
  if (name == "player") return parse_player(r);
  if (name == "bolt") {
    Beam b;
    if (auto v = r.integer("hit", 0, automatic_hit)) b.hit = static_cast<int>(*v);
    else r.fail("a bolt needs hit=N (its to-hit, 1500 = always hits)");
    b.pierce = r.flag("pierce").value_or(false);
    r.done("hit, pierce");
    return b;
  }
  if (name.empty()) return parse_monster(r, nullptr);
  const MonsterProp* base = nullptr;
  try {
    base = &monster(name);
  } catch (const Error& e) {
    r.fail(fmt::format("{} (or 'player')", e.what()));
  }
  return parse_monster(r, base);
}

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  const std::map<std::string_view, bool Situation::*> known = {
      {"invisible", &Situation::invisible},
      {"attacker_invisible", &Situation::attacker_invisible},
      {"backlit", &Situation::backlit},
      {"umbra", &Situation::umbra},
      {"sleeping", &Situation::sleeping},
      {"paralysed", &Situation::paralysed},
      {"petrified", &Situation::petrified},
      {"netted", &Situation::netted},
      {"unaware", &Situation::unaware},
      {"fleeing", &Situation::fleeing},
      {"ranged", &Situation::ranged},
      {"deflect_missiles", &Situation::deflect_missiles},
      {"repel_missiles", &Situation::repel_missiles},
  };
  for (const std::string& f : flags) {
    const auto it = known.find(f);
    if (it == known.end()) {
      std::string list;
      for (const auto& [k, v] : known) list += (list.empty() ? "" : ", ") + std::string(k);
      throw Error(fmt::format("crawl: unknown situation '{}' (known: {})", f, list));
    }
    s.*(it->second) = true;
  }
  return s;
}

std::vector<SweepRow> sweep(const Combatant& attacker, const Combatant& defender, const Situation& s,
                            std::string_view stat, double from, double to, double step) {
  const auto* p = std::get_if<Player>(&attacker);
  if (!p) throw Error("crawl sweep: the attacker must be the player");
  if (stat != "fighting" && stat != "weapon_skill" && stat != "dex")
    throw Error(fmt::format("crawl sweep: cannot sweep '{}' (fighting, weapon_skill, dex)", stat));
  if (!(step > 0)) throw Error("crawl sweep: --step must be positive");
  const double lo = 0, hi = stat == "dex" ? 99 : 27;
  if (!(from >= lo && to <= hi && from <= to))
    throw Error(fmt::format("crawl sweep: {} from {} to {} is outside {}..{} or reversed", stat, from, to, lo, hi));
  if ((to - from) / step > 10000) throw Error("crawl sweep: too many rows (at most 10000)");
  if (stat == "dex" && (from < 1 || std::floor(from) != from || std::floor(step) != step))
    throw Error("crawl sweep: dex takes whole values from 1");
  std::vector<SweepRow> rows;
  for (int i = 0;; ++i) {
    const double v = from + step * i;
    if (v > to + 1e-9) break;
    Player q = *p;
    if (stat == "fighting") q.fighting = static_cast<int>(std::lround(v * 100));
    if (stat == "weapon_skill") q.weapon_skill = static_cast<int>(std::lround(v * 100));
    if (stat == "dex") q.dex = static_cast<int>(std::lround(v));
    const Outcome o = outcome(plan(q, defender, s));
    rows.push_back({v, o.p_hit, o.damage ? o.damage->mean() : 0.0});
  }
  return rows;
}

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::crawl
