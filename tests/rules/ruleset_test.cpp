// What every ruleset says of itself (fray/rules/ruleset.hpp): the name of
// its player character, which a binding puts in a spec given as keys alone.
#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace fray {
namespace {

// Each game's own spelling: the name its spec parser takes for the player
// (pixel_dungeon/ruleset.cpp and shattered_pd/parse.cpp read "hero",
// brogue/attack.cpp and both crawls' spec.cpp "player"); epixx has none.
const std::map<std::string, std::string> kPlayerNames = {
    {"pixel-dungeon", "hero"}, {"shattered-pd", "hero"}, {"brogue", "player"},
    {"crawl", "player"},       {"crawl-0.34", "player"}, {"epixx", ""},
};

TEST(RulesetPlayerName, EachGameNamesItsPlayerCharacter) {
  std::size_t seen = 0;
  for (const Ruleset* r : rulesets()) {
    const std::string id(r->id());
    const auto want = kPlayerNames.find(id);
    ASSERT_NE(want, kPlayerNames.end()) << "a ruleset this test does not know: " << id;
    EXPECT_EQ(r->player_name(), want->second) << id;
    ++seen;
  }
  EXPECT_EQ(seen, kPlayerNames.size());
}

TEST(RulesetPlayerName, TheNameAloneIsASpecOfTheGame) {
  for (const Ruleset* r : rulesets()) {
    if (r->player_name().empty()) continue;
    const std::vector<CatalogEntry> monsters = r->catalog(CatalogKind::monsters);
    ASSERT_FALSE(monsters.empty()) << r->id();
    AttackRequest req;
    req.attacker = std::string(r->player_name());
    req.defender = monsters.front().name;
    EXPECT_NO_THROW((void)r->attack(req)) << r->id();
    std::swap(req.attacker, req.defender);
    EXPECT_NO_THROW((void)r->attack(req)) << r->id();
    // The name with a key of the player's: the spec a binding builds from keys.
    req.defender = std::string(r->player_name()) + ":hp=7";
    EXPECT_NO_THROW((void)r->attack(req)) << r->id();
    req.defender = std::string(r->player_name()) + "_not";
    EXPECT_THROW((void)r->attack(req), Error) << r->id();
  }
}

}  // namespace
}  // namespace fray
