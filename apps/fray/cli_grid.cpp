// The grid verbs: path (Ballistica), fov, surprise.
//
// path and surprise are game rules (Ballistica, Mob.notice with
// ShadowCaster), so they take --rules like every game verb, with
// pixel-dungeon as the default; path also has Shattered Pixel Dungeon's
// Ballistica (--rules shattered-pd, --flags). fov is geometry: --algorithm
// picks Pixel Dungeon's ShadowCaster or symmetric shadowcasting, which belongs
// to no game, and --rules shattered-pd that game's ShadowCaster.
#include "verbs.hpp"

#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/grid/fov.hpp>
#include <fray/grid/map.hpp>
#include <fray/report/grid.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace fray::cli {

namespace {

using grid::Point;

constexpr int max_symmetric_radius = 1'000'000;

Point point_option(const std::string& text, std::string_view what) {
  const auto [x, y] = parse_point(text, what);
  return grid::checked_point(x, y, what);
}

// Shattered Pixel Dungeon's Ballistica params from --flags: a comma list of
// presets and flags, combined.
int spd_params(const std::string& text) {
  static const std::vector<std::pair<std::string, int>> names = {
      {"projectile", shattered_pd::projectile},
      {"magic-bolt", shattered_pd::magic_bolt},
      {"wont-stop", shattered_pd::wont_stop},
      {"stop-target", shattered_pd::stop_target},
      {"stop-chars", shattered_pd::stop_chars},
      {"stop-solid", shattered_pd::stop_solid},
      {"ignore-soft-solid", shattered_pd::ignore_soft_solid}};
  const auto parts = split_list(text);
  if (parts.empty()) throw Error(fmt::format("--flags '{}' names no flag", text));
  int params = 0;
  for (const std::string& part : parts) {
    const auto it = std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == part; });
    if (it == names.end()) {
      std::vector<std::string> known;
      for (const auto& n : names) known.push_back(n.first);
      throw Error(fmt::format("--flags: unknown flag '{}'{} (known: {})", part, did_you_mean(part, known),
                              fmt::join(known, ", ")));
    }
    params |= it->second;
  }
  return params;
}

// `fray path --rules shattered-pd`: Ballistica(from, to, params).
Report spd_path(const Ruleset& rules, const std::string& map_file, const std::string& from_text,
                const std::string& to_text, const std::string& flags) {
  const grid::Map map = grid::Map::load(map_file, rules.grid_legend());
  const Point from = point_option(from_text, "--from");
  const Point to = point_option(to_text, "--to");
  grid::require_inside(map, from, "--from");
  grid::require_inside(map, to, "--to");
  const int params = spd_params(flags);
  const shattered_pd::Ballistica b = shattered_pd::cast(shattered_pd::Level::from_map(map), from, to, params);
  return ballistica_report(rules.id(), map, from, to, params, b);
}

}  // namespace

void add_grid_verbs(Cli& cli) {
  {
    struct Opts {
      std::string rules, map, from, to;
      std::optional<std::string> flags;
      bool magic = false, hit_chars = false;
    };
    auto o = std::make_shared<Opts>();
    // The default ruleset: the first game that takes path (Ruleset::verbs).
    if (const auto games = rulesets_taking("path"); !games.empty()) o->rules = games.front();
    auto* v = add_verb(cli, "path", "Projectile path (Ballistica) on a map", [o] {
      const Ruleset& rules = rules_for("path", o->rules, verb_rules("path"));
      if (rules.id() == "shattered-pd") {
        if (o->magic || o->hit_chars)
          throw Error("--magic and --hit-chars are Pixel Dungeon's; --rules shattered-pd takes --flags");
        return spd_path(rules, o->map, o->from, o->to, o->flags.value_or("projectile"));
      }
      if (o->flags) throw Error("--flags is for --rules shattered-pd; Pixel Dungeon takes --magic and --hit-chars");
      const grid::Map map = grid::Map::load(o->map, rules.grid_legend());
      const Point from = point_option(o->from, "--from");
      const Point to = point_option(o->to, "--to");
      grid::require_standable(map, from, "--from");
      grid::require_inside(map, to, "--to");
      std::vector<Point> trace;
      const auto res = pixel_dungeon::cast(map, from, to, o->magic, o->hit_chars, trace);
      return ballistica_report(rules.id(), map, from, to, o->magic, o->hit_chars, res, trace);
    });
    v->add_option("--rules", o->rules, "Ruleset: pixel-dungeon (default) or shattered-pd")->capture_default_str();
    v->add_option("--map", o->map, "Map file")->required();
    v->add_option("--from", o->from, "Start cell X,Y")->required();
    v->add_option("--to", o->to, "Target cell X,Y")->required();
    v->add_flag("--magic", o->magic, "pixel-dungeon: magic ray, continue past the target");
    v->add_flag("--hit-chars", o->hit_chars, "pixel-dungeon: stop at the first character in the way");
    v->add_option("--flags", o->flags,
                  "shattered-pd: Ballistica params, a comma list of projectile (default), magic-bolt, wont-stop, "
                  "stop-target, stop-chars, stop-solid, ignore-soft-solid");
  }
  {
    struct Opts {
      std::string map, at, algorithm;
      std::optional<std::string> radius, rules;
    };
    auto o = std::make_shared<Opts>();
    // The default algorithm: the first game's field of view (Ruleset::verbs).
    const std::vector<std::string> games = rulesets_taking("fov");
    o->algorithm = games.empty() ? std::string("symmetric") : games.front();
    auto* v = add_verb(cli, "fov", "Field of view on a map", [o, first = o->algorithm] {
      std::string rules_id;
      if (o->rules) {
        rules_id = std::string(rules_for("fov", *o->rules, verb_rules("fov")).id());
        if (o->algorithm != first && o->algorithm != rules_id)
          throw Error(fmt::format("--algorithm {} does not go with --rules {}", o->algorithm, rules_id));
        o->algorithm = rules_id;
      }
      // A game's algorithm reads the game's map legend (Ruleset::grid_legend).
      const Ruleset* game = registry().find(o->algorithm);
      if (game && (game->id() != o->algorithm || !takes_verb(*game, "fov"))) game = nullptr;
      const grid::Map map = grid::Map::load(o->map, game ? game->grid_legend() : grid::Legend::classic());
      const Point at = point_option(o->at, "--at");
      grid::require_standable(map, at, "--at");
      grid::Visibility vis;
      int radius = 0;
      if (o->algorithm == "symmetric" || o->algorithm == "symmetric-exact") {
        if (o->radius) {
          const std::int64_t r = parse_int(*o->radius, "--radius");
          if (r < 0 || r > max_symmetric_radius)
            throw Error(fmt::format("--radius {} is out of range 0..{} for symmetric (0 = unlimited)", r,
                                    max_symmetric_radius));
          radius = static_cast<int>(r);
        }
        grid::symmetric_shadowcast(
            map.opacity(), at, radius, vis,
            o->algorithm == "symmetric" ? grid::SlopeArithmetic::libtcod : grid::SlopeArithmetic::exact);
      } else if (game) {
        radius = game->field_of_view(
            map, at, o->radius ? std::optional<std::int64_t>(parse_int(*o->radius, "--radius")) : std::nullopt,
            "--radius", vis);
      } else {
        std::vector<std::string> known = rulesets_taking("fov");
        known.insert(known.end(), {"symmetric", "symmetric-exact"});
        throw Error(fmt::format("--algorithm '{}' is not one of {}", o->algorithm, fmt::join(known, ", ")));
      }
      // Radius 0 is unlimited in symmetric shadowcasting; a game's radius is its own.
      return fov_report(map, vis, {at, o->algorithm, radius, game == nullptr, rules_id});
    });
    v->add_option("--map", o->map, "Map file")->required();
    v->add_option("--at", o->at, "Viewer cell X,Y")->required();
    v->add_option("--radius", o->radius,
                  "View radius (pixel-dungeon 1..8, default 8; shattered-pd 0.., default 8, cut to 20; symmetric 0 = "
                  "unlimited)");
    v->add_option("--algorithm", o->algorithm,
                  "pixel-dungeon (default), shattered-pd, symmetric (as libtcod) or symmetric-exact");
    v->add_option("--rules", o->rules,
                  "pixel-dungeon or shattered-pd: that game's ShadowCaster (shattered-pd also reads its map legend)");
  }
  {
    struct Opts {
      std::string rules, map, mob, hero, state;
      std::optional<std::string> stealth, radius;
      bool flying = false, alerted = false;
    };
    auto o = std::make_shared<Opts>();
    auto* v = add_verb(cli, "surprise", "Pixel Dungeon: has a mob noticed the hero (surprise attack odds)", [o] {
      const Ruleset& rules = rules_for("surprise", o->rules, verb_rules("surprise"));
      const grid::Map map = grid::Map::load(o->map);
      const Point mob = point_option(o->mob, "--mob");
      const Point hero = point_option(o->hero, "--hero");
      pixel_dungeon::SurpriseQuery q;
      q.state = pixel_dungeon::parse_mob_state(o->state);
      if (o->stealth) {
        const std::int64_t s = parse_int(*o->stealth, "--stealth");
        if (s < -1000 || s > 1000) throw Error(fmt::format("--stealth {} is out of range -1000..1000", s));
        q.stealth = static_cast<int>(s);
      }
      int radius = pixel_dungeon::default_view_distance;
      if (o->radius) {
        const std::int64_t rr = parse_int(*o->radius, "--radius");
        if (rr < 1 || rr > pixel_dungeon::max_view_distance)
          throw Error(fmt::format("--radius {} is out of range 1..{}", rr, pixel_dungeon::max_view_distance));
        radius = static_cast<int>(rr);
      }
      q.flying = o->flying;
      q.alerted = o->alerted;
      if (q.alerted && q.state != pixel_dungeon::MobState::wandering)
        throw Error("--alerted applies to a wandering mob only");
      grid::Visibility fov;
      const auto s = pixel_dungeon::surprise_on_map(map, mob, hero, q, radius, fov);
      return surprise_report(rules.id(), o->state, mob, hero, q, radius, s);
    });
    add_rules_option(v, o->rules, verb_rules("surprise"));
    v->add_option("--map", o->map, "Map file")->required();
    v->add_option("--mob", o->mob, "Mob cell X,Y")->required();
    v->add_option("--hero", o->hero, "Hero cell X,Y")->required();
    v->add_option("--state", o->state, "sleeping, wandering or hunting")->required();
    v->add_option("--stealth", o->stealth, "Hero stealth (Ring of Shadows levels), default 0");
    v->add_flag("--flying", o->flying, "The hero is flying (levitating)");
    v->add_flag("--alerted", o->alerted, "A wandering mob that was just alerted");
    v->add_option("--radius", o->radius, "Mob view distance 1..8, default 8");
  }
}

}  // namespace fray::cli
