// docs/json.md is the contract of every verb's --json document: this test
// reads its `shape` and `type` blocks and checks the output of every verb, for
// every game, against them — the documented keys, no others, of the
// documented types.
#include "support/support.hpp"

#include <fmt/format.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using fray::test::run_cli;
using nlohmann::json;

// --- the shapes of docs/json.md ------------------------------------------------------------

struct Key {
  std::string name;  // "*" for any other key
  bool optional = false;
  std::string type;
  std::vector<Key> keys;  // of an `object` or `array<object>`
};

struct Doc {
  std::map<std::string, Key> shapes;  // verb documents
  std::map<std::string, Key> types;   // named shapes
};

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(' ');
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(' ');
  return s.substr(b, e - b + 1);
}

// Lines of a block, as (indent, text) without comments and blank lines.
std::vector<std::pair<std::size_t, std::string>> block_lines(const std::vector<std::string>& raw) {
  std::vector<std::pair<std::size_t, std::string>> out;
  for (std::string line : raw) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const std::string text = trim(line);
    if (text.empty()) continue;
    out.emplace_back(line.find_first_not_of(' '), text);
  }
  return out;
}

// The keys at `indent` from line `i` on, with their nested keys.
std::vector<Key> parse_keys(const std::vector<std::pair<std::size_t, std::string>>& lines, std::size_t& i,
                            std::size_t indent, const std::string& where) {
  std::vector<Key> keys;
  while (i < lines.size() && lines[i].first == indent) {
    const std::string& text = lines[i].second;
    const auto colon = text.find(':');
    if (colon == std::string::npos) throw std::runtime_error(where + ": no 'key: type' in '" + text + "'");
    Key k;
    k.name = trim(text.substr(0, colon));
    k.type = trim(text.substr(colon + 1));
    if (!k.name.empty() && k.name.back() == '?') {
      k.optional = true;
      k.name.pop_back();
    }
    ++i;
    if (i < lines.size() && lines[i].first > indent) k.keys = parse_keys(lines, i, lines[i].first, where);
    keys.push_back(std::move(k));
  }
  if (i < lines.size() && lines[i].first > indent) throw std::runtime_error(where + ": bad indentation");
  return keys;
}

// A block: one type line (`[integer, integer]`), or the keys of an object.
Key parse_block(const std::vector<std::string>& raw, const std::string& where) {
  const auto lines = block_lines(raw);
  if (lines.empty()) throw std::runtime_error(where + ": empty block");
  Key k;
  k.name = where;
  if (lines.size() == 1 && lines[0].second.find(':') == std::string::npos) {
    k.type = lines[0].second;
    return k;
  }
  k.type = "object";
  std::size_t i = 0;
  k.keys = parse_keys(lines, i, lines[0].first, where);
  if (i != lines.size()) throw std::runtime_error(where + ": bad indentation");
  return k;
}

const Doc& doc() {
  static const Doc d = [] {
    Doc out;
    std::istringstream in(fray::test::read_text("../docs/json.md"));
    std::string line;
    while (std::getline(in, line)) {
      std::string kind;
      if (line.rfind("```shape ", 0) == 0)
        kind = "shape";
      else if (line.rfind("```type ", 0) == 0)
        kind = "type";
      else
        continue;
      const std::string name = trim(line.substr(kind.size() + 4));
      std::vector<std::string> raw;
      while (std::getline(in, line) && line.rfind("```", 0) != 0) raw.push_back(line);
      auto& into = kind == "shape" ? out.shapes : out.types;
      if (!into.emplace(name, parse_block(raw, name)).second)
        throw std::runtime_error("docs/json.md: two blocks named " + name);
    }
    return out;
  }();
  return d;
}

// --- checking a document against a shape ------------------------------------------------------

// The items of "[a, b]" (top-level commas only).
std::vector<std::string> tuple_items(const std::string& type) {
  std::vector<std::string> items;
  int depth = 0;
  std::string cur;
  for (char c : type.substr(1, type.size() - 2)) {
    if (c == '[' || c == '<') ++depth;
    if (c == ']' || c == '>') --depth;
    if (c == ',' && depth == 0) {
      items.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  items.push_back(trim(cur));
  return items;
}

void check(const json& j, const std::string& type, const std::vector<Key>& keys, const std::string& at,
           std::vector<std::string>& errors);

void check_keys(const json& j, const std::vector<Key>& keys, const std::string& at, std::vector<std::string>& errors) {
  const Key* other = nullptr;
  for (const Key& k : keys)
    if (k.name == "*") other = &k;
  for (const Key& k : keys) {
    if (k.name == "*") continue;
    if (!j.contains(k.name)) {
      if (!k.optional) errors.push_back(fmt::format("{}: missing key '{}'", at, k.name));
      continue;
    }
    check(j.at(k.name), k.type, k.keys, at + "." + k.name, errors);
  }
  for (const auto& [name, value] : j.items()) {
    // A copy for the lambda: clang before 16 cannot capture a structured binding.
    const std::string& key = name;
    const bool listed = std::any_of(keys.begin(), keys.end(), [&](const Key& k) { return k.name == key; });
    if (listed) continue;
    if (other)
      check(value, other->type, other->keys, at + "." + name, errors);
    else
      errors.push_back(fmt::format("{}: key '{}' is not documented", at, name));
  }
}

void check(const json& j, const std::string& type, const std::vector<Key>& keys, const std::string& at,
           std::vector<std::string>& errors) {
  auto wrong = [&] { errors.push_back(fmt::format("{}: {} is not {}", at, j.dump().substr(0, 80), type)); };
  if (type.rfind("null-or-", 0) == 0) {
    if (!j.is_null()) check(j, type.substr(8), keys, at, errors);
    return;
  }
  if (type.rfind("array<", 0) == 0 && type.back() == '>') {
    if (!j.is_array()) return wrong();
    const std::string item = type.substr(6, type.size() - 7);
    for (std::size_t i = 0; i < j.size(); ++i) check(j[i], item, keys, fmt::format("{}[{}]", at, i), errors);
    return;
  }
  if (type.front() == '[' && type.back() == ']') {
    const auto items = tuple_items(type);
    if (!j.is_array() || j.size() != items.size()) return wrong();
    for (std::size_t i = 0; i < items.size(); ++i) check(j[i], items[i], {}, fmt::format("{}[{}]", at, i), errors);
    return;
  }
  if (type == "string") {
    if (!j.is_string()) wrong();
  } else if (type == "number") {
    if (!j.is_number()) wrong();
  } else if (type == "integer") {
    if (!j.is_number_integer()) wrong();
  } else if (type == "boolean") {
    if (!j.is_boolean()) wrong();
  } else if (type == "null") {
    if (!j.is_null()) wrong();
  } else if (type == "scalar") {
    if (!j.is_string() && !j.is_number() && !j.is_boolean() && !j.is_null()) wrong();
  } else if (type == "object") {
    if (!j.is_object()) return wrong();
    check_keys(j, keys, at, errors);
  } else if (const auto t = doc().types.find(type); t != doc().types.end()) {
    check(j, t->second.type, t->second.keys, at, errors);
  } else {
    errors.push_back(fmt::format("{}: docs/json.md has no type '{}'", at, type));
  }
}

// Runs the CLI with --json and checks its document against shape `shape`.
void expect_shape(const std::string& shape, std::vector<std::string> args) {
  args.push_back("--json");
  std::string shown = "fray";
  for (const auto& a : args) shown += " " + a;
  SCOPED_TRACE(shown);
  const auto s = doc().shapes.find(shape);
  ASSERT_NE(s, doc().shapes.end()) << "docs/json.md has no shape " << shape;
  const auto r = run_cli(args);
  ASSERT_EQ(r.status, 0) << r.err;
  json j;
  ASSERT_NO_THROW(j = r.json()) << r.out;
  std::vector<std::string> errors;
  check(j, s->second.type, s->second.keys, shape, errors);
  for (const auto& e : errors) ADD_FAILURE() << e;
}

// --- the runs ---------------------------------------------------------------------------

struct Game {
  std::string rules, attacker, defender;
  std::string fighter;  // the attacker of ttk and duel, when a fight needs more of the spec
};

// A representative attacker and defender of each game, named from its catalogs.
const std::vector<Game>& games() {
  static const std::vector<Game> g = {
      {"pixel-dungeon", "hero:level=5,str=18,weapon=war_hammer", "gnoll_scout", ""},
      {"brogue", "player", "goblin_conjurer", ""},
      {"crawl", "player:fighting=5,weapon=long_sword", "orc_warrior", "player:hp=60,fighting=5,weapon=long_sword"},
      {"epixx", "human_fighter", "duellist", ""},
      {"crawl-0.34", "player:fighting=5,long_blades=5,weapon=long_sword", "orc_warrior:shield=buckler",
       "player:hp=60,fighting=5,long_blades=4,weapon=long_sword"},
      {"shattered-pd", "hero:class=duelist,subclass=champion,level=12,str=14,weapon=rapier,weapon_level=2",
       "gnoll_brute", ""},
  };
  return g;
}

std::string map_file() { return fray::test::path("../examples/maps/ballistics.txt"); }

TEST(JsonShape, DocumentParses) {
  ASSERT_NO_THROW(doc());
  for (const char* name : {"dist", "roll", "attack", "strike", "ttk", "duel", "list", "list-kinds", "path", "aim",
                           "fov", "surprise", "table", "sweep", "turn", "import", "bestiary"})
    EXPECT_TRUE(doc().shapes.count(name)) << name;
  // Every type a block names exists.
  std::vector<std::string> errors;
  for (const auto& [name, shape] : doc().shapes) check(json(nullptr), "null-or-" + shape.type, {}, name, errors);
  EXPECT_TRUE(errors.empty());
}

TEST(JsonShape, EveryVerbIsDocumented) {
  const auto r = run_cli({"--help"});
  ASSERT_EQ(r.status, 0);
  std::istringstream in(r.out);
  std::string line;
  bool verbs = false;
  int seen = 0;
  while (std::getline(in, line)) {
    if (line.rfind("Subcommands:", 0) == 0) {
      verbs = true;
      continue;
    }
    if (!verbs || line.empty() || line[0] != ' ') continue;
    std::istringstream words(line);
    std::string verb;
    words >> verb;
    ++seen;
    EXPECT_TRUE(doc().shapes.count(verb)) << "docs/json.md has no shape for fray " << verb;
  }
  EXPECT_GE(seen, 13);
}

TEST(JsonShape, Dice) {
  expect_shape("dist", {"dist", "3d6"});
  expect_shape("dist", {"dist", "1d20+d4-2"});
  for (const char* engine : {"default", "brogue", "java"})
    expect_shape("roll", {"roll", "3d6", "--seed", "1", "--count", "3", "--rng", engine});
}

TEST(JsonShape, Attack) {
  for (const Game& g : games()) {
    SCOPED_TRACE(g.rules);
    expect_shape("attack", {"attack", "--rules", g.rules, "--attacker", g.attacker, "--defender", g.defender});
    expect_shape("attack", {"attack", "--rules", g.rules, "--attacker", g.defender, "--defender", g.attacker});
  }
}

TEST(JsonShape, Strike) {
  for (const Game& g : games()) {
    SCOPED_TRACE(g.rules);
    expect_shape("strike", {"strike", "--rules", g.rules, "--attacker", g.attacker, "--defender", g.defender, "--seed",
                            "1", "--count", "5"});
    expect_shape("strike", {"strike", "--rules", g.rules, "--attacker", g.attacker, "--defender", g.defender, "--seed",
                            "2", "--count", "1500"});
  }
}

TEST(JsonShape, Fights) {
  for (const Game& g : games()) {
    SCOPED_TRACE(g.rules);
    const std::vector<std::string> mc = {"--sims", "200", "--seed", "1", "--threads", "1"};
    const std::string a = g.fighter.empty() ? g.attacker : g.fighter;
    std::vector<std::string> ttk = {"ttk", "--rules", g.rules, "--attacker", a, "--defender", g.defender};
    expect_shape("ttk", ttk);
    ttk.insert(ttk.end(), mc.begin(), mc.end());
    expect_shape("ttk", ttk);
    std::vector<std::string> duel = {"duel", "--rules", g.rules, "--a", a, "--b", g.defender};
    expect_shape("duel", duel);
    duel.insert(duel.end(), mc.begin(), mc.end());
    expect_shape("duel", duel);
  }
}

TEST(JsonShape, List) {
  for (const Game& g : games()) {
    SCOPED_TRACE(g.rules);
    expect_shape("list-kinds", {"list", "--rules", g.rules});
    const auto r = run_cli({"list", "--rules", g.rules, "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json kinds = r.json().at("catalogs");
    EXPECT_FALSE(kinds.empty()) << g.rules << " lists no catalogs";
    for (const auto& [kind, count] : kinds.items()) {
      EXPECT_GT(count.get<int>(), 0) << kind;
      expect_shape("list", {"list", "--rules", g.rules, kind});
    }
  }
}

TEST(JsonShape, Grids) {
  const std::string map = map_file();
  expect_shape("path", {"path", "--map", map, "--from", "2,5", "--to", "7,3"});
  expect_shape("path", {"path", "--rules", "pixel-dungeon", "--map", map, "--from", "2,5", "--to", "7,3", "--magic"});
  expect_shape("path", {"path", "--rules", "shattered-pd", "--map", map, "--from", "2,5", "--to", "7,3"});
  expect_shape("path", {"path", "--rules", "shattered-pd", "--map", map, "--from", "2,5", "--to", "7,3", "--flags",
                        "magic-bolt,ignore-soft-solid"});
  expect_shape("aim", {"aim", "--map", map, "--from", "2,5", "--to", "7,3"});
  expect_shape("aim", {"aim", "--rules", "shattered-pd", "--map", map, "--from", "2,5", "--to", "7,3"});
  expect_shape(
      "aim", {"aim", "--rules", "shattered-pd", "--map", map, "--from", "2,5", "--to", "7,5", "--flags", "wont-stop"});
  expect_shape("fov", {"fov", "--rules", "shattered-pd", "--map", map, "--at", "2,5", "--radius", "12"});
  for (const char* algorithm : {"pixel-dungeon", "symmetric", "symmetric-exact"})
    expect_shape("fov", {"fov", "--map", map, "--at", "2,5", "--algorithm", algorithm});
  for (const char* state : {"sleeping", "wandering", "hunting"})
    expect_shape("surprise", {"surprise", "--map", map, "--mob", "7,3", "--hero", "2,5", "--state", state});
}

TEST(JsonShape, Import) {
  const std::string dir = fray::test::path("golden/crawl_0_34/characters/");
  for (const char* file : {"morgue-Hungry0364-20260402-095531.txt", "morgue-joeboomin-20260404-223512.txt",
                           "morgue-InabaYap-20260404-040250.txt", "handmade-human-autumn-katana.txt"})
    expect_shape("import", {"import", "--rules", "crawl-0.34", dir + file});
}

TEST(JsonShape, Bestiary) {
  // Each game's attacker against two monsters of its catalog.
  const std::map<std::string, std::string> monsters = {{"pixel-dungeon", "gnoll_scout,marsupial_rat"},
                                                       {"brogue", "goblin_conjurer,rat"},
                                                       {"crawl", "orc_warrior,rat"},
                                                       {"epixx", "ogre"},
                                                       {"crawl-0.34", "orc_warrior,goblin"},
                                                       {"shattered-pd", "gnoll_brute,marsupial_rat"}};
  for (const Game& g : games()) {
    SCOPED_TRACE(g.rules);
    expect_shape("bestiary", {"bestiary", "--rules", g.rules, "--attacker", g.fighter.empty() ? g.attacker : g.fighter,
                              "--monsters", monsters.at(g.rules)});
  }
  // A monster without an attack, and a level filter.
  expect_shape("bestiary", {"bestiary", "--rules", "crawl-0.34", "--attacker", "player:weapon=long_sword,hp=40",
                            "--monsters", "ballistomycete,orc", "--hd", "1-12"});
}

TEST(JsonShape, GameVerbs) {
  expect_shape("table", {"table", "--rules", "brogue", "enchant-for-hit"});
  expect_shape("table", {"table", "--rules", "brogue", "armor-for-hit", "--reachable"});
  expect_shape("sweep", {"sweep", "--rules", "crawl", "--attacker", "player:weapon=long_sword", "--defender", "orc",
                         "--skill", "fighting", "--from", "0", "--to", "4"});
  expect_shape("turn", {"turn", "--rules", "epixx", "--defender", "duellist", "--attacker", "ogre", "--attacker",
                        "human_fighter"});
}

}  // namespace
