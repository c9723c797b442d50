// Every special ability of every catalog monster, in every game, is either
// followed by a fight with it or listed as left out: a fight never stays
// silent about a mechanic it ignores.
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace fray {
namespace {

// An opponent each game can fight any monster with.
std::string opponent(std::string_view rules) {
  if (rules == "pixel-dungeon" || rules == "shattered-pd") return "hero";
  if (rules == "brogue") return "player";
  if (rules == "crawl") return "player:fighting=5,weapon_skill=4,weapon=long_sword,hp=40";
  if (rules == "crawl-0.34") return "player:fighting=5,long_blades=4,weapon=long_sword,hp=40";
  return "human_fighter";
}

// Some monsters need a few keys before they can fight (a depth, a weapon, the
// hero's numbers); the first spec that builds a bout is used.
std::vector<std::string> specs_of(const std::string& name) {
  return {name,
          name + ":depth=5",
          name + ":depth=5,weapon=sword",
          name + ":depth=5,weapon=sword,armor=mail",
          name + ":accuracy=10,damage=2-5",
          name + ":accuracy=10,damage=3",
          name + ":hp=20"};
}

bool listed(const std::vector<std::string>& list, const std::string& ability) {
  return std::any_of(list.begin(), list.end(),
                     [&](const std::string& line) {
                       return line.size() > ability.size() &&
                              line.compare(line.size() - ability.size(), ability.size(), ability) == 0;
                     }) ||
         std::any_of(list.begin(), list.end(),
                     [&](const std::string& line) { return line.find(": " + ability + " [") != std::string::npos; });
}

TEST(Mechanics, EveryMonsterAbilityIsModelledOrListed) {
  std::size_t abilities = 0, monsters = 0;
  for (const Ruleset* rules : rulesets()) {
    const auto kinds = rules->catalogs();
    if (std::find(kinds.begin(), kinds.end(), CatalogKind::monsters) == kinds.end()) continue;
    for (const CatalogEntry& e : rules->catalog(CatalogKind::monsters)) {
      SCOPED_TRACE(std::string(rules->id()) + " " + e.name);
      for (const bool monster_is_a : {true, false}) {
        std::optional<Bout> bout;
        for (const std::string& spec : specs_of(e.name)) {
          AttackRequest req;
          req.attacker = monster_is_a ? spec : opponent(rules->id());
          req.defender = monster_is_a ? opponent(rules->id()) : spec;
          try {
            bout = rules->bout(req);
            break;
          } catch (const Error&) {
          }
        }
        // A monster without an attack of its own (a summoner) fights only as the defender.
        if (!bout && monster_is_a) continue;
        ASSERT_TRUE(bout.has_value()) << "no spec of " << e.name << " builds a fight";
        for (const std::string& ability : e.abilities) {
          ++abilities;
          EXPECT_TRUE(listed(bout->modelled, ability) || listed(bout->not_modelled, ability))
              << "'" << ability << "' is neither modelled nor listed as not modelled";
          EXPECT_FALSE(listed(bout->modelled, ability) && listed(bout->not_modelled, ability)) << ability;
        }
        // What a fight leaves out, its results carry.
        if (!bout->not_modelled.empty() && monster_is_a) {
          fight::FightOptions o;
          o.method = fight::FightOptions::Method::monte_carlo;
          o.monte_carlo.sims = 16;
          o.monte_carlo.progress = false;
          EXPECT_EQ(fight::solve_ttk(*bout, o).not_modelled, bout->not_modelled);
        }
      }
      ++monsters;
    }
  }
  // The catalogs hold abilities to check: Pixel Dungeon's bat and swarm,
  // Brogue's jellies and conjurer, Crawl's poisonous adder, and more.
  EXPECT_GT(monsters, 150u);
  EXPECT_GT(abilities, 100u);
}

// The abilities the issue of each game names are in its catalog.
TEST(Mechanics, NamedAbilitiesAreInTheCatalogs) {
  auto abilities_of = [](std::string_view rules, std::string_view name) {
    for (const CatalogEntry& e : ruleset(rules).catalog(CatalogKind::monsters))
      if (e.name == name) return e.abilities;
    return std::vector<std::string>{};
  };
  auto has = [](const std::vector<std::string>& list, std::string_view word) {
    return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return s.find(word) != s.npos; });
  };
  EXPECT_TRUE(has(abilities_of("pixel-dungeon", "vampire_bat"), "life drain"));
  EXPECT_TRUE(has(abilities_of("pixel-dungeon", "swarm_of_flies"), "splits"));
  EXPECT_TRUE(has(abilities_of("brogue", "vampire_bat"), "transference"));
  EXPECT_TRUE(has(abilities_of("brogue", "pink_jelly"), "MA_CLONE_SELF_ON_DEFEND"));
  EXPECT_TRUE(has(abilities_of("brogue", "goblin_conjurer"), "spectral blades"));
  EXPECT_TRUE(has(abilities_of("brogue", "spider"), "poison"));
  EXPECT_TRUE(has(abilities_of("brogue", "troll"), "regenerates 1 HP every 1 turn"));
  EXPECT_TRUE(has(abilities_of("crawl", "adder"), "AF_POISON"));
}

}  // namespace
}  // namespace fray
