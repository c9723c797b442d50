// The built-in games' own verbs (fray/report/game_verbs.hpp): each verb
// described once, and run by the game's own rules; the report is built here,
// so that no face names a game. A message names an option as the face does
// (VerbArgs::label: "--percent" on the command line, "percent" in Python).
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/report/character.hpp>
#include <fray/report/epixx.hpp>
#include <fray/report/game_verbs.hpp>
#include <fray/report/grid.hpp>
#include <fray/rules/brogue/balance.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/epixx/turn.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace fray {

namespace {

using grid::Point;
using Runs = std::vector<std::pair<std::string, VerbRun>>;

Point point_option(const VerbArgs& args, std::string_view name) {
  const std::string what = args.label(name);
  const auto [x, y] = parse_point(args.text(name).value_or(""), what);
  return grid::checked_point(x, y, what);
}

// A real number as a face wrote it (a binding writes a double's shortest
// text, which reads back exactly).
double real_option(const VerbArgs& args, std::string_view name) {
  const std::string text = args.text(name).value_or("");
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE || std::isnan(v))
    throw Error(fmt::format("{} must be a number, got '{}'", args.label(name), text));
  return v;
}

// Situation flags: each value a comma list (the command line gives one, a
// binding one a flag).
std::vector<std::string> flags_option(const VerbArgs& args, std::string_view name) {
  std::vector<std::string> flags;
  for (const std::string& v : args.list(name))
    for (std::string& f : split_list(v)) flags.push_back(std::move(f));
  return flags;
}

// --- Brogue: `fray table enchant-for-hit|armor-for-hit` ----------------------------------
VerbDescription table_verb() {
  return {"table",
          "Balance tables (Brogue: enchant-for-hit, armor-for-hit)",
          {{"TABLE", "enchant-for-hit or armor-for-hit", VerbOptionKind::text, true},
           {"percent", "Comma-separated target percentages (default: the wiki's)"},
           {"defender", "enchant-for-hit: comma-separated monsters (default: the wiki's)"},
           {"attacker", "armor-for-hit: comma-separated monsters (default: the wiki's)"},
           {"reachable", "armor-for-hit: only defenses a player can actually have", VerbOptionKind::flag},
           {"monsters", "The rows, the side the table takes them from (a binding's)", VerbOptionKind::list, false, "",
            false, false}}};
}

Report brogue_table(const Ruleset&, const VerbArgs& args) {
  brogue::BalanceRequest req;
  req.kind = brogue::parse_balance_kind(args.text("TABLE").value_or(""));
  const bool enchant = req.kind == brogue::BalanceKind::enchant_for_hit;
  // Each table names its monsters by the side they take.
  if (enchant && args.has("attacker"))
    throw Error(fmt::format("table enchant-for-hit: give the monsters with {}", args.label("defender")));
  if (!enchant && args.has("defender"))
    throw Error(fmt::format("table armor-for-hit: give the monsters with {}", args.label("attacker")));
  if (enchant && args.flag("reachable"))
    throw Error(fmt::format("table: {} applies to armor-for-hit only", args.label("reachable")));
  const std::string percent = args.text("percent").value_or("");
  const std::string what = fmt::format("table {}", args.label("percent"));
  for (const std::string& p : split_list(percent)) {
    const std::int64_t v = parse_int(p, what);
    if (v < 0 || v > 100) throw Error(fmt::format("{}: {} is outside 0..100", what, p));
    req.percents.push_back(static_cast<int>(v));
  }
  if (!percent.empty() && req.percents.empty()) throw Error(fmt::format("{}: no percentages given", what));
  req.monsters = args.has("monsters") ? args.list("monsters")
                                      : split_list(args.text(enchant ? "defender" : "attacker").value_or(""));
  req.reachable = args.flag("reachable");
  return table_report(brogue::balance_table(req));
}

// --- epixx: `fray turn` -------------------------------------------------------------------
VerbDescription turn_verb() {
  return {
      "turn",
      "One defender turn facing several attacks (defenses used once per turn)",
      {{"defender", "Defender spec", VerbOptionKind::text, true},
       {"attacker", "Attacker spec; repeat for each attack, in order", VerbOptionKind::list, true},
       {"situation", "Comma-separated situation flags and rule options (docs/epixx.md)"},
       {"kind", "Attack kind of every attack: melee (default), ranged, spell", VerbOptionKind::text, false, "melee"}}};
}

Report epixx_turn(const Ruleset&, const VerbArgs& args) {
  const std::vector<std::string> attackers = args.list("attacker");
  if (attackers.empty()) throw Error("turn: give at least one attacker");
  return turn_report(epixx::defender_turn(args.text("defender").value_or(""), attackers,
                                          flags_option(args, "situation"),
                                          epixx::parse_kind(args.text("kind").value_or("melee"))));
}

// --- Pixel Dungeon, Shattered Pixel Dungeon: `fray path` (Ballistica) ----------------------
VerbDescription path_verb() {
  VerbDescription v{"path",
                    "Projectile path (Ballistica) on a map",
                    {{"map", "Map file", VerbOptionKind::text, true, "", true},
                     {"from", "Start cell X,Y", VerbOptionKind::text, true},
                     {"to", "Target cell X,Y", VerbOptionKind::text, true},
                     {"magic", "pixel-dungeon: magic ray, continue past the target", VerbOptionKind::flag},
                     {"hit-chars", "pixel-dungeon: stop at the first character in the way", VerbOptionKind::flag},
                     {"flags",
                      "shattered-pd: Ballistica params, a comma list of projectile (default), magic-bolt, wont-stop, "
                      "stop-target, stop-chars, stop-solid, ignore-soft-solid"}}};
  v.first_rules_default = true;
  return v;
}

// Pixel Dungeon 1.9.1 Ballistica.cast(from, to, magic, hitChars).
Report pixel_dungeon_path(const Ruleset& rules, const VerbArgs& args) {
  if (args.has("flags"))
    throw Error(fmt::format("{} is for {} shattered-pd; Pixel Dungeon takes {} and {}", args.label("flags"),
                            args.label("rules"), args.label("magic"), args.label("hit-chars")));
  const grid::Map map = args.map("map", rules.grid_legend());
  const Point from = point_option(args, "from");
  const Point to = point_option(args, "to");
  grid::require_standable(map, from, args.label("from"));
  grid::require_inside(map, to, args.label("to"));
  const bool magic = args.flag("magic"), hit_chars = args.flag("hit-chars");
  std::vector<Point> trace;
  const auto res = pixel_dungeon::cast(map, from, to, magic, hit_chars, trace);
  return ballistica_report(rules.id(), map, from, to, magic, hit_chars, res, trace);
}

// Shattered Pixel Dungeon 3.3.6 Ballistica(from, to, params).
Report shattered_pd_path(const Ruleset& rules, const VerbArgs& args) {
  if (args.flag("magic") || args.flag("hit-chars"))
    throw Error(fmt::format("{} and {} are Pixel Dungeon's; {} shattered-pd takes {}", args.label("magic"),
                            args.label("hit-chars"), args.label("rules"), args.label("flags")));
  const grid::Map map = args.map("map", rules.grid_legend());
  const Point from = point_option(args, "from");
  const Point to = point_option(args, "to");
  grid::require_inside(map, from, args.label("from"));
  grid::require_inside(map, to, args.label("to"));
  const int params = shattered_pd::parse_params(args.text("flags").value_or("projectile"), args.label("flags"));
  const shattered_pd::Ballistica b = shattered_pd::cast(shattered_pd::Level::from_map(map), from, to, params);
  return ballistica_report(rules.id(), map, from, to, params, b);
}

// --- Pixel Dungeon, Shattered Pixel Dungeon: `fray aim` (where to tap) ---------------------
VerbDescription aim_verb() {
  VerbDescription v{"aim",
                    "Where to tap so a thrown item (Ballistica) reaches a cell",
                    {{"map", "Map file", VerbOptionKind::text, true, "", true},
                     {"from", "The hero's cell X,Y", VerbOptionKind::text, true},
                     {"to", "Target cell X,Y (usually a character's)", VerbOptionKind::text, true},
                     {"flags",
                      "shattered-pd: Ballistica params, a comma list of projectile (default), magic-bolt, wont-stop, "
                      "stop-target, stop-chars, stop-solid, ignore-soft-solid"}}};
  v.first_rules_default = true;
  return v;
}

// The cells both games check the same way: the hero stands on `from`, the target is another cell of the map.
std::pair<Point, Point> aim_cells(const grid::Map& map, const VerbArgs& args) {
  const Point from = point_option(args, "from");
  const Point to = point_option(args, "to");
  grid::require_standable(map, from, args.label("from"));
  grid::require_inside(map, to, args.label("to"));
  if (to == from)
    throw Error(fmt::format("{} {},{} is the hero's own cell ({}); aim at another cell", args.label("to"), to.x, to.y,
                            args.label("from")));
  return {from, to};
}

// Pixel Dungeon 1.9.1 Item.cast: a tap on c throws to Ballistica.cast(hero.pos, c, false, true).
Report pixel_dungeon_aim(const Ruleset& rules, const VerbArgs& args) {
  if (args.has("flags"))
    throw Error(fmt::format("{} is for {} shattered-pd; Pixel Dungeon's aim is a thrown item's (Item.cast)",
                            args.label("flags"), args.label("rules")));
  const grid::Map map = args.map("map", rules.grid_legend());
  const auto [from, to] = aim_cells(map, args);
  return aim_report({std::string(rules.id()), from, to, pixel_dungeon::aim(map, from, to), std::nullopt}, map);
}

// Shattered Pixel Dungeon 3.3.6 Item.throwPos: a tap on c throws to Ballistica(hero.pos, c, PROJECTILE).collisionPos.
Report shattered_pd_aim(const Ruleset& rules, const VerbArgs& args) {
  const grid::Map map = args.map("map", rules.grid_legend());
  const auto [from, to] = aim_cells(map, args);
  const shattered_pd::Level level = shattered_pd::Level::from_map(map);
  // Level.buildFlagMaps makes the outer ring wall: no hero stands there.
  if (!level.inside(from))
    throw Error(fmt::format("{} {},{} is on the map's outer ring, which the game makes wall", args.label("from"),
                            from.x, from.y));
  const int params = shattered_pd::parse_params(args.text("flags").value_or("projectile"), args.label("flags"));
  return aim_report({std::string(rules.id()), from, to, shattered_pd::aim(level, from, to, params), params}, map);
}

// --- Pixel Dungeon: `fray surprise` (Mob.notice) --------------------------------------------
VerbDescription surprise_verb() {
  return {"surprise",
          "Pixel Dungeon: has a mob noticed the hero (surprise attack odds)",
          {{"map", "Map file", VerbOptionKind::text, true, "", true},
           {"mob", "Mob cell X,Y", VerbOptionKind::text, true},
           {"hero", "Hero cell X,Y", VerbOptionKind::text, true},
           {"state", "sleeping, wandering or hunting", VerbOptionKind::text, true},
           {"stealth", "Hero stealth (Ring of Shadows levels), default 0"},
           {"flying", "The hero is flying (levitating)", VerbOptionKind::flag},
           {"alerted", "A wandering mob that was just alerted", VerbOptionKind::flag},
           {"radius", "Mob view distance 1..8, default 8"}}};
}

Report pixel_dungeon_surprise(const Ruleset& rules, const VerbArgs& args) {
  namespace pd = pixel_dungeon;
  const grid::Map map = args.map("map");
  const Point mob = point_option(args, "mob");
  const Point hero = point_option(args, "hero");
  const std::string state = args.text("state").value_or("");
  pd::SurpriseQuery q;
  q.state = pd::parse_mob_state(state);
  if (const auto stealth = args.text("stealth")) {
    const std::int64_t s = parse_int(*stealth, args.label("stealth"));
    if (s < -1000 || s > 1000) throw Error(fmt::format("{} {} is out of range -1000..1000", args.label("stealth"), s));
    q.stealth = static_cast<int>(s);
  }
  int radius = pd::default_view_distance;
  if (const auto text = args.text("radius")) {
    const std::int64_t r = parse_int(*text, args.label("radius"));
    if (r < 1 || r > pd::max_view_distance)
      throw Error(fmt::format("{} {} is out of range 1..{}", args.label("radius"), r, pd::max_view_distance));
    radius = static_cast<int>(r);
  }
  q.flying = args.flag("flying");
  q.alerted = args.flag("alerted");
  if (q.alerted && q.state != pd::MobState::wandering)
    throw Error(fmt::format("{} applies to a wandering mob only", args.label("alerted")));
  grid::Visibility seen;
  const auto s = pd::surprise_on_map(map, mob, hero, q, radius, seen);
  return surprise_report(rules.id(), state, mob, hero, q, radius, s);
}

// --- DCSS 0.19: the skill sweep (`fray sweep --skill`) ----------------------------------------
VerbDescription skill_sweep_verb() {
  VerbDescription v{
      "skill-sweep",
      "A skill raised step by step: P(hit) and mean damage of each value",
      {{"attacker", "Attacker spec", VerbOptionKind::text, true},
       {"defender", "Defender spec", VerbOptionKind::text, true},
       {"situation", "Comma-separated situation flags"},
       {"skill",
        "crawl only: fighting, weapon_skill or dex, a table of P(hit) and mean damage (--from 0 --to 27 by "
        "default)",
        VerbOptionKind::text, true},
       {"from", "First value", VerbOptionKind::text, false, "0"},
       {"to", "Last value", VerbOptionKind::text, false, "27"},
       {"step", "Step", VerbOptionKind::text, false, "1"}}};
  v.own_verb = false;
  return v;
}

// DCSS 0.19's table of hit chance and damage by skill (fray/rules/crawl/attack.hpp).
VerbAnswer crawl_skill_sweep(const Ruleset&, const VerbArgs& args) {
  const auto a = crawl::parse_combatant(args.text("attacker").value_or(""), "attacker");
  const auto d = crawl::parse_combatant(args.text("defender").value_or(""), "defender");
  const auto s = crawl::parse_situation(flags_option(args, "situation"));
  return crawl::sweep(a, d, s, args.text("skill").value_or(""), real_option(args, "from"), real_option(args, "to"),
                      real_option(args, "step"));
}

// --- DCSS 0.34: `fray import` (a player's own character file) ---------------------------------
VerbDescription import_verb() {
  return {"import",
          "A DCSS 0.34 character file (the # dump or a morgue file) as an attacker spec",
          {{"FILE", "The character file; - reads standard input", VerbOptionKind::text, true}}};
}

// The most a character file may hold: a long game's morgue is some 200 kB.
constexpr std::size_t kMaxCharacterFile = std::size_t{16} << 20;

// The text of FILE: given as text (a binding's map_texts), standard input for
// "-", else the file at that path.
std::string character_text(const VerbArgs& args, std::string& source) {
  const std::string value = args.text("FILE").value_or("");
  if (args.map_texts.count("FILE")) {
    source = "<text>";
    if (value.size() > kMaxCharacterFile)
      throw Error(
          fmt::format("<text>: {} bytes, more than the {} a character file may have", value.size(), kMaxCharacterFile));
    return value;
  }
  source = value == "-" ? "<stdin>" : value;
  auto read_all = [&source](std::istream& in) {
    std::string text;
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      text.append(buf, static_cast<std::size_t>(in.gcount()));
      if (text.size() > kMaxCharacterFile)
        throw Error(fmt::format("{}: more than the {} bytes a character file may have", source, kMaxCharacterFile));
    }
    if (in.bad()) throw Error(fmt::format("{}: cannot read it", source));
    return text;
  };
  if (value == "-") return read_all(std::cin);
  // Only a regular file: a directory cannot be read, and a device or a pipe
  // might never end (use "-" to read standard input).
  std::error_code ec;
  const auto status = std::filesystem::status(value, ec);
  if (status.type() == std::filesystem::file_type::not_found)
    throw Error(fmt::format("{}: cannot read the file (no such file)", value));
  if (status.type() == std::filesystem::file_type::directory)
    throw Error(fmt::format("{}: cannot read the file (a directory, not a character file)", value));
  if (!std::filesystem::is_regular_file(status))
    throw Error(
        fmt::format("{}: cannot read the file (not a regular file: a device, a pipe or a socket; give - to "
                    "read standard input)",
                    value));
  std::ifstream in(value, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot read the file", value));
  return read_all(in);
}

Report crawl_0_34_import(const Ruleset& rules, const VerbArgs& args) {
  std::string source;
  const std::string text = character_text(args, source);
  return character_report(rules.id(), source, crawl_0_34::parse_character(text, source));
}

}  // namespace

namespace game_verbs_detail {

std::vector<std::pair<VerbDescription, Runs>> builtin() {
  std::vector<std::pair<VerbDescription, Runs>> out;
  out.emplace_back(path_verb(), Runs{{"pixel-dungeon", pixel_dungeon_path}, {"shattered-pd", shattered_pd_path}});
  out.emplace_back(aim_verb(), Runs{{"pixel-dungeon", pixel_dungeon_aim}, {"shattered-pd", shattered_pd_aim}});
  out.emplace_back(surprise_verb(), Runs{{"pixel-dungeon", pixel_dungeon_surprise}});
  out.emplace_back(table_verb(), Runs{{"brogue", brogue_table}});
  out.emplace_back(skill_sweep_verb(), Runs{{"crawl", crawl_skill_sweep}});
  out.emplace_back(turn_verb(), Runs{{"epixx", epixx_turn}});
  out.emplace_back(import_verb(), Runs{{"crawl-0.34", crawl_0_34_import}});
  return out;
}

}  // namespace game_verbs_detail

}  // namespace fray
