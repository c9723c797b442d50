// What every ruleset says of itself (fray/rules/ruleset.hpp): the name of
// its player character, which a binding puts in a spec given as keys alone,
// and which specs take each of its keys (the keys catalog's applies_to).
#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <variant>
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

// --- which specs take a key: the keys catalog's applies_to -----------------------

// A spec of each kind the keys catalog names, as each game's parser takes it:
// its player (the player's catalog name, or epixx's first class), its first
// catalog monster, inline stats with the keys an inline side needs, Crawl's bolt.
std::string spec_of(const Ruleset& r, const std::string& kind) {
  const std::string id(r.id());
  if (kind == "player") {
    if (!r.player_name().empty()) return std::string(r.player_name());
    return r.catalog(CatalogKind::classes).front().name;
  }
  if (kind == "monster") return r.catalog(CatalogKind::monsters).front().name;
  if (kind == "bolt") return "bolt:hit=10";
  const std::map<std::string, std::string> inline_specs = {
      {"pixel-dungeon", "accuracy=3,evasion=3,damage=1-3,hp=5"},
      {"shattered-pd", "accuracy=3,evasion=3,damage=1-3,hp=5"},
      {"brogue", "accuracy=100,damage=1-3/1"},
      {"crawl", "hd=2"},
      {"crawl-0.34", "hd=2"},
      {"epixx", "str=1"},
  };
  return inline_specs.at(id);
}

std::set<std::string> words(const std::string& list) {
  std::set<std::string> out;
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t end = list.find(',', at);
    if (end == std::string::npos) end = list.size();
    std::string w = list.substr(at, end - at);
    w.erase(0, w.find_first_not_of(' '));
    w.erase(w.find_last_not_of(' ') + 1);
    if (!w.empty()) out.insert(w);
    at = end + 1;
  }
  return out;
}

// The keys a spec of this kind takes, as the game's parser lists them when a
// key is unknown ("unknown key 'x' (known: a, b, ...)").
std::set<std::string> parser_keys(const Ruleset& r, const std::string& spec) {
  AttackRequest req;
  req.attacker = spec + (spec.find(':') == std::string::npos && spec.find('=') == std::string::npos ? ":" : ",") +
                 "fray_no_such_key=1";
  req.defender = r.catalog(CatalogKind::monsters).front().name;
  try {
    (void)r.attack(req);
  } catch (const Error& e) {
    const std::string what = e.what();
    const auto known = what.rfind("(known: ");
    if (what.find("unknown key 'fray_no_such_key'") == std::string::npos || known == std::string::npos) {
      ADD_FAILURE() << r.id() << " " << spec << ": " << what;
      return {};
    }
    return words(what.substr(known + 8, what.rfind(')') - known - 8));
  }
  ADD_FAILURE() << r.id() << " " << spec << ": an unknown key accepted";
  return {};
}

TEST(RulesetKeys, EachKeySaysWhichSpecsTakeItAsTheParserDoes) {
  for (const Ruleset* r : rulesets()) {
    std::map<std::string, std::set<std::string>> by_kind;  // kind -> the keys the catalog says it takes
    for (const CatalogEntry& e : r->catalog(CatalogKind::keys)) {
      const Value* v = find_field(e.stats, "applies_to");
      ASSERT_TRUE(v && std::holds_alternative<std::string>(*v)) << r->id() << " " << e.name << ": no applies_to";
      const std::set<std::string> kinds = words(std::get<std::string>(*v));
      EXPECT_FALSE(kinds.empty()) << r->id() << " " << e.name;
      const std::string key = e.name.substr(e.name.rfind(':') + 1);  // Crawl's player:str is the key str
      for (const std::string& k : kinds) {
        EXPECT_TRUE(k == "player" || k == "monster" || k == "inline" || k == "bolt")
            << r->id() << " " << e.name << ": " << k;
        by_kind[k].insert(key);
      }
    }
    for (const char* kind : {"player", "monster", "inline"})
      EXPECT_TRUE(by_kind.contains(kind)) << r->id() << ": no key applies to a " << kind;
    for (const auto& [kind, keys] : by_kind)
      EXPECT_EQ(keys, parser_keys(*r, spec_of(*r, kind))) << r->id() << ", the keys of a " << kind << " spec";
  }
}

}  // namespace
}  // namespace fray
