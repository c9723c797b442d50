// The bestiary (fray/rules/bestiary.hpp): each row against the Ruleset's own
// answers (attack both ways, the duel), filters, the order of danger, errors,
// a monster without an attack, and the same rows whatever the threads.
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/bestiary.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace fray {
namespace {

void expect_error(const auto& f, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no error, expected one containing: " << part;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

const BestiaryRow& row_of(const BestiaryResult& r, const std::string& name) {
  const auto it = std::find_if(r.rows.begin(), r.rows.end(), [&](const BestiaryRow& x) { return x.name == name; });
  if (it == r.rows.end()) throw std::runtime_error("no row " + name);
  return *it;
}

// Each game's character (its defaults) against a few of its monsters.
struct GameCase {
  const char* rules;
  std::vector<std::string> monsters;
};

const std::vector<GameCase>& cases() {
  static const std::vector<GameCase> c = {
      {"pixel-dungeon", {"marsupial_rat", "gnoll_scout", "sewer_crab"}},
      {"shattered-pd", {"marsupial_rat", "gnoll_scout", "sewer_crab"}},
      {"brogue", {"rat", "kobold", "jackal"}},
      {"crawl", {"rat", "goblin", "orc"}},
      {"crawl-0.34", {"goblin", "orc", "ballistomycete"}},
      {"epixx", {"ogre"}},
  };
  return c;
}

// Every row's attack columns are the Ruleset's attack, both ways; its exact
// duel is solve_duel's on the Ruleset's bout, with the fight's default limits.
TEST(Bestiary, RowsAreTheRulesetsOwnAnswersInEveryGame) {
  for (const GameCase& g : cases()) {
    SCOPED_TRACE(g.rules);
    const Ruleset& rules = ruleset(g.rules);
    BestiaryRequest req;
    req.attacker = rules.defaults().attacker;
    req.monsters = g.monsters;
    const BestiaryResult res = bestiary(rules, req);
    ASSERT_EQ(res.rows.size(), g.monsters.size());
    for (const std::string& m : g.monsters) {
      SCOPED_TRACE(m);
      const BestiaryRow& r = row_of(res, m);
      const AttackSummary fwd = rules.attack({req.attacker, m, {}, {}});
      ASSERT_TRUE(r.p_hit);
      EXPECT_DOUBLE_EQ(*r.p_hit, fwd.p_hit);
      EXPECT_DOUBLE_EQ(*r.damage_per_attack, fwd.mean_damage());
      if (fwd.p_hit > 0) {
        EXPECT_DOUBLE_EQ(*r.damage_per_hit, fwd.damage_on_hit.mean());
      }
      const Bout bout = rules.bout({req.attacker, m, {}, {}});
      EXPECT_EQ(r.hp, bout.b.hp);
      try {
        const AttackSummary rev = rules.attack({m, req.attacker, {}, {}});
        ASSERT_TRUE(r.p_hit_by);
        EXPECT_DOUBLE_EQ(*r.p_hit_by, rev.p_hit);
        EXPECT_DOUBLE_EQ(*r.damage_per_attack_by, rev.mean_damage());
        EXPECT_DOUBLE_EQ(*r.damage_per_turn_by, rev.mean_damage() / rev.attack_time);
      } catch (const Error&) {
        EXPECT_FALSE(r.p_hit_by);
        EXPECT_FALSE(r.damage_per_turn_by);
        EXPECT_NE(r.note.find("no attack:"), std::string::npos) << r.note;
      }
      ASSERT_TRUE(r.p_win);
      if (r.method == "exact") {
        const fight::DuelResult d = fight::solve_duel(bout);
        ASSERT_EQ(d.method, "exact");
        EXPECT_NEAR(*r.p_win, d.p_a_wins, 1e-12);
        EXPECT_NEAR(*r.p_lose, d.p_b_wins, 1e-12);
        EXPECT_EQ(r.fights, 0u);
        EXPECT_FALSE(r.p_win_lo);
      } else {
        EXPECT_EQ(r.method, "monte-carlo");
        // A sampled duel: its count and interval, which holds the exact or
        // the larger Monte Carlo answer of `fray duel`.
        EXPECT_GE(r.fights, kBestiaryMinFights);
        EXPECT_LE(r.fights, kBestiarySims);
        ASSERT_TRUE(r.p_win_lo && r.p_win_hi);
        EXPECT_LE(*r.p_win_lo, *r.p_win);
        EXPECT_GE(*r.p_win_hi + 1e-12, *r.p_win);
        fight::FightOptions o;
        o.monte_carlo.sims = 100000;
        const fight::DuelResult d = fight::solve_duel(bout, o);
        EXPECT_NEAR(*r.p_win, d.p_a_wins, 0.04);
      }
      // Turns to kill against `fray ttk` (exact when the row is: the same numbers).
      const fight::TtkResult t = fight::solve_ttk(bout);
      if (t.method == "exact" && t.hits_method == "exact") {
        ASSERT_TRUE(r.hits_to_kill && r.turns_to_kill);
        EXPECT_NEAR(*r.hits_to_kill, t.hits->mean(), 1e-9);
        EXPECT_NEAR(*r.turns_to_kill, fight::mean_of(t.time), 1e-9);
      }
    }
    EXPECT_EQ(res.rules, rules.id());
    EXPECT_FALSE(res.time_unit.empty());
  }
}

// Worked by hand: Pixel Dungeon's marsupial rat (attackSkill 8) against a
// level-5 warrior (defenseSkill 5 + level 5 - 1 = 9): Char.hit draws
// Random.Float(8) >= Random.Float(9), so P = 8 / (2 * 9) = 4/9. The warrior
// hits the rat (defenseSkill 3) with attackSkill 10 + level 5 - 1 = 14 and a
// short sword (accuracy 1): 1 - 3 / (2 * 14) = 25/28. The rat attacks once a
// turn: its damage per turn is its damage per attack.
TEST(Bestiary, PixelDungeonRatByHand) {
  BestiaryRequest req;
  req.attacker = "hero:class=warrior,level=5";
  req.monsters = {"marsupial_rat"};
  const BestiaryResult res = bestiary(ruleset("pixel-dungeon"), req);
  ASSERT_EQ(res.rows.size(), 1u);
  const BestiaryRow& r = res.rows.front();
  EXPECT_NEAR(*r.p_hit_by, 4.0 / 9, 1e-12);
  EXPECT_NEAR(*r.p_hit, 25.0 / 28, 1e-12);
  EXPECT_DOUBLE_EQ(*r.damage_per_turn_by, *r.damage_per_attack_by);
  EXPECT_EQ(r.hp, 8);
  EXPECT_EQ(res.time_unit, "turns");
  EXPECT_FALSE(r.level);  // Pixel Dungeon's catalog has no level
}

TEST(Bestiary, MonsterWithoutAnAttackKeepsItsRow) {
  BestiaryRequest req;
  req.attacker = ruleset("crawl-0.34").defaults().attacker;
  req.monsters = {"ballistomycete", "ogre"};
  req.row_work = kBestiaryRowWork;
  const BestiaryResult res = bestiary(ruleset("crawl-0.34"), req);
  const BestiaryRow& b = row_of(res, "ballistomycete");
  EXPECT_TRUE(b.p_hit);
  EXPECT_FALSE(b.p_hit_by);
  EXPECT_FALSE(b.damage_per_attack_by);
  EXPECT_NE(b.note.find("no attack: crawl-0.34: the ballistomycete has no melee attack"), std::string::npos) << b.note;
  // It cannot hurt the character: the duel is won unless the character
  // cannot kill it either.
  ASSERT_TRUE(b.p_lose);
  EXPECT_EQ(*b.p_lose, 0);
  // And it is the less dangerous of the two (an ogre may win).
  EXPECT_LT(*row_of(res, "ogre").p_win, 0.9);
  EXPECT_EQ(res.rows.back().name, "ballistomycete");
}

TEST(Bestiary, MonsterTheGameRefusesKeepsItsRow) {
  // Pixel Dungeon's wraith needs a depth the spec does not give.
  BestiaryRequest req;
  req.attacker = "hero:class=warrior,level=5";
  req.monsters = {"wraith", "marsupial_rat"};
  const BestiaryResult res = bestiary(ruleset("pixel-dungeon"), req);
  ASSERT_EQ(res.rows.size(), 2u);
  const BestiaryRow& w = row_of(res, "wraith");
  EXPECT_FALSE(w.p_hit);
  EXPECT_FALSE(w.p_win);
  EXPECT_NE(w.note.find("needs depth"), std::string::npos) << w.note;
  EXPECT_EQ(res.rows.back().name, "wraith");  // rows without a duel last
}

TEST(Bestiary, FiltersByNameAndLevel) {
  const Ruleset& crawl = ruleset("crawl-0.34");
  EXPECT_EQ(bestiary_level_stat(crawl), "hd");
  EXPECT_EQ(bestiary_level_stat(ruleset("crawl")), "hd");
  EXPECT_EQ(bestiary_level_stat(ruleset("epixx")), "level");
  EXPECT_EQ(bestiary_level_stat(ruleset("pixel-dungeon")), "");
  EXPECT_EQ(bestiary_level_stat(ruleset("shattered-pd")), "");
  EXPECT_EQ(bestiary_level_stat(ruleset("brogue")), "");

  BestiaryRequest req;
  req.attacker = crawl.defaults().attacker;
  req.row_work = kBestiaryRowWork;  // the filters, not the fights, are under test
  req.fight.monte_carlo.sims = 200;
  req.level = std::pair{1.0, 1.0};
  const BestiaryResult res = bestiary(crawl, req);
  // Every monster of hit dice 1 in the catalog, and no other.
  std::size_t hd1 = 0;
  for (const CatalogEntry& e : crawl.catalog(CatalogKind::monsters))
    for (const Field& f : e.stats)
      if (f.key == "hd" && std::get<std::int64_t>(f.value) == 1) ++hd1;
  ASSERT_GT(hd1, 0u);
  EXPECT_EQ(res.rows.size(), hd1);
  for (const BestiaryRow& r : res.rows) EXPECT_EQ(r.level, 1.0) << r.name;
  // Both filters together: the named monsters within the range.
  req.monsters = {"rat", "orc_warrior", "goblin"};
  req.level = std::pair{1.0, 2.0};
  const BestiaryResult both = bestiary(crawl, req);
  std::vector<std::string> names;
  for (const auto& r : both.rows) names.push_back(r.name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"goblin", "rat"}));
}

// --branch: the monsters of the branch's population table at those levels
// (tests/rules/branches_test.cpp reads the table), with --monsters and --hd.
// bestiary_selection is what bestiary() selects, in catalog order, with the
// row work the whole request gives each row: a share of its monsters asked
// with that work gives the whole's rows.
TEST(Bestiary, SelectionIsWhatTheBestiaryComputes) {
  const Ruleset& crawl = ruleset("crawl-0.34");
  BestiaryRequest req;
  req.attacker = crawl.defaults().attacker;
  req.fight.monte_carlo.sims = 200;
  req.branch = "D:1";
  const BestiarySelection chosen = bestiary_selection(crawl, req);
  ASSERT_EQ(chosen.monsters.size(), 12u);
  EXPECT_DOUBLE_EQ(chosen.row_work, bestiary_row_work(12));
  const BestiaryResult whole = bestiary(crawl, req);
  EXPECT_DOUBLE_EQ(whole.row_work, chosen.row_work);
  std::vector<std::string> order;  // catalog order
  for (const auto& e : crawl.catalog(CatalogKind::monsters))
    if (std::find(chosen.monsters.begin(), chosen.monsters.end(), e.name) != chosen.monsters.end())
      order.push_back(e.name);
  EXPECT_EQ(chosen.monsters, order);
  BestiaryRequest share = req;
  share.branch.clear();
  share.monsters = {chosen.monsters[0], chosen.monsters[5]};
  share.row_work = chosen.row_work;
  for (const BestiaryRow& r : bestiary(crawl, share).rows) {
    const BestiaryRow& w = row_of(whole, r.name);
    EXPECT_EQ(r.p_win, w.p_win) << r.name;
    EXPECT_EQ(r.turns_to_kill, w.turns_to_kill) << r.name;
    EXPECT_EQ(r.fights, w.fights) << r.name;
  }
  req.level = std::pair{50.0, 60.0};
  EXPECT_THROW((void)bestiary_selection(crawl, req), Error);
}

TEST(Bestiary, FiltersByBranch) {
  const Ruleset& crawl = ruleset("crawl-0.34");
  BestiaryRequest req;
  req.attacker = crawl.defaults().attacker;
  req.row_work = kBestiaryRowWork;  // the filters, not the fights, are under test
  req.fight.monte_carlo.sims = 200;
  req.branch = "d:1";
  auto names_of = [](const BestiaryResult& r) {
    std::vector<std::string> names;
    for (const auto& row : r.rows) names.push_back(row.name);
    std::sort(names.begin(), names.end());
    return names;
  };
  const BestiaryResult d1 = bestiary(crawl, req);
  EXPECT_EQ(d1.branch, "D:1");
  EXPECT_EQ(names_of(d1),
            (std::vector<std::string>{"ball_python", "bat", "dart_slug", "endoplasm", "frilled_lizard", "gnoll",
                                      "goblin", "hobgoblin", "jackal", "kobold", "quokka", "rat"}));
  EXPECT_TRUE(std::any_of(d1.notes.begin(), d1.notes.end(), [](const std::string& n) {
    return n.find("branch D:1: ") == 0 && n.find("Dungeon level 1") != std::string::npos;
  }));
  // With --monsters: those of them placed there (the orc only from D:3).
  req.monsters = {"jackal", "orc"};
  EXPECT_EQ(names_of(bestiary(crawl, req)), (std::vector<std::string>{"jackal"}));
  req.branch = "D:2-3";
  EXPECT_EQ(names_of(bestiary(crawl, req)), (std::vector<std::string>{"jackal", "orc"}));
  // With --hd: both filters (D:2's ribbon worm has 4 hit dice, its adder and gnoll 2).
  req.monsters.clear();
  req.branch = "D:2";
  req.level = std::pair{2.0, 4.0};
  EXPECT_EQ(names_of(bestiary(crawl, req)), (std::vector<std::string>{"adder", "gnoll", "ribbon_worm"}));
  req.level = std::pair{20.0, 30.0};
  expect_error([&] { (void)bestiary(crawl, req); }, "no crawl-0.34 monster of --branch D:2 has hd in that range");
  req.level.reset();
  req.branch = "Zig";
  expect_error([&] { (void)bestiary(crawl, req); }, "--branch Zig: crawl-0.34 places no monster of its catalog there");
  req.branch = "D:1";
  req.monsters = {"orc"};
  expect_error([&] { (void)bestiary(crawl, req); }, "--branch D:1: crawl-0.34 places no monster of --monsters there");
  req.monsters.clear();
  req.branch = "Lari";
  expect_error([&] { (void)bestiary(crawl, req); }, "bestiary: --branch 'Lari': crawl-0.34 has no branch 'Lari'");
  req.branch = "D";
  req.attacker = ruleset("brogue").defaults().attacker;
  expect_error([&] { (void)bestiary(ruleset("brogue"), req); }, "bestiary: --branch: brogue has no branch data");
}

TEST(Bestiary, RowsInOrderOfDanger) {
  BestiaryRequest req;
  req.attacker = "hero:class=warrior,level=5";
  const BestiaryResult res = bestiary(ruleset("pixel-dungeon"), req);
  ASSERT_GT(res.rows.size(), 30u);
  EXPECT_TRUE(std::is_sorted(res.rows.begin(), res.rows.end(), bestiary_danger_less));
  // The rule itself: p_win first, then damage by per time, then p_hit, then the name.
  BestiaryRow a, b;
  a.name = "b";
  b.name = "a";
  a.p_win = 0.2;
  b.p_win = 0.3;
  EXPECT_TRUE(bestiary_danger_less(a, b));
  b.p_win = 0.2;
  a.damage_per_turn_by = 2;
  b.damage_per_turn_by = 1;
  EXPECT_TRUE(bestiary_danger_less(a, b));
  b.damage_per_turn_by = 2;
  a.p_hit = 0.5;
  b.p_hit = 0.6;
  EXPECT_TRUE(bestiary_danger_less(a, b));
  b.p_hit = 0.5;
  EXPECT_TRUE(bestiary_danger_less(b, a));  // the name last
  // Two sure wins alike to 9 decimals (an exact duel's tail) are one p_win.
  a.p_win = 1 - 1e-15;
  b.p_win = 1;
  b.damage_per_turn_by = 3;
  EXPECT_TRUE(bestiary_danger_less(b, a));
  b.p_win.reset();
  EXPECT_TRUE(bestiary_danger_less(a, b));  // no duel: last
}

// The same rows, in the same order, whatever the number of threads, and
// with Monte Carlo rows among them (crawl's duels: a random attack time).
TEST(Bestiary, SameRowsWhateverTheThreads) {
  const Ruleset& crawl = ruleset("crawl-0.34");
  BestiaryRequest req;
  req.attacker = crawl.defaults().attacker;
  req.level = std::pair{1.0, 2.0};
  req.row_work = kBestiaryRowWork;
  req.fight.monte_carlo.sims = 500;
  req.fight.monte_carlo.seed = 7;
  req.threads = 1;
  const BestiaryResult one = bestiary(crawl, req);
  req.threads = 3;
  const BestiaryResult three = bestiary(crawl, req);
  ASSERT_EQ(one.rows.size(), three.rows.size());
  bool sampled = false;
  for (std::size_t i = 0; i < one.rows.size(); ++i) {
    const BestiaryRow &x = one.rows[i], &y = three.rows[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.p_win, y.p_win) << x.name;
    EXPECT_EQ(x.hits_to_kill, y.hits_to_kill) << x.name;
    EXPECT_EQ(x.turns_to_kill, y.turns_to_kill) << x.name;
    EXPECT_EQ(x.fights, y.fights) << x.name;
    EXPECT_EQ(x.note, y.note) << x.name;
    sampled = sampled || x.method == "monte-carlo";
  }
  EXPECT_TRUE(sampled);
}

// A row's Monte Carlo stays within its work: a smaller work runs fewer fights.
TEST(Bestiary, RowWorkBoundsTheFights) {
  const Ruleset& crawl = ruleset("crawl-0.34");
  BestiaryRequest req;
  req.attacker = crawl.defaults().attacker;
  req.monsters = {"ogre"};
  req.row_work = 1e6;
  req.fight.monte_carlo.sims = 100000;
  const BestiaryRow few = bestiary(crawl, req).rows.front();
  req.row_work = 4e6;
  const BestiaryRow more = bestiary(crawl, req).rows.front();
  EXPECT_EQ(few.method, "monte-carlo");
  EXPECT_GE(few.fights, kBestiaryMinFights);
  EXPECT_LT(few.fights, more.fights);
  EXPECT_LT(more.fights, 100000u);
}

TEST(Bestiary, Errors) {
  const Ruleset& crawl = ruleset("crawl-0.34");
  BestiaryRequest req;
  req.attacker = crawl.defaults().attacker;
  req.monsters = {"orc_wariror"};
  expect_error([&] { (void)bestiary(crawl, req); }, "no monster 'orc_wariror' (did you mean 'orc_warrior'");
  req.monsters.clear();
  req.level = std::pair{90.0, 99.0};
  expect_error([&] { (void)bestiary(crawl, req); }, "no crawl-0.34 monster has hd in that range");
  req.level = std::pair{1.0, 2.0};
  expect_error([&] { (void)bestiary(ruleset("pixel-dungeon"), req); },
               "--hd: the pixel-dungeon monsters catalog has no level or hit dice stat");
  req.level.reset();
  req.attacker = "player:weapon=lightsaber";
  expect_error([&] { (void)bestiary(crawl, req); }, "bestiary: --attacker 'player:weapon=lightsaber'");
  req.attacker = "";
  expect_error([&] { (void)bestiary(crawl, req); }, "--attacker is required");

  EXPECT_EQ(parse_level_range("3-7", "--hd"), (std::pair{3.0, 7.0}));
  EXPECT_EQ(parse_level_range("4", "--hd"), (std::pair{4.0, 4.0}));
  EXPECT_EQ(parse_level_range("5-", "--hd").first, 5.0);
  EXPECT_TRUE(std::isinf(parse_level_range("5-", "--hd").second));
  EXPECT_EQ(parse_level_range("-5", "--hd").second, 5.0);
  for (const char* bad : {"", "-", "7-3", "a-b", "1-2-3", "1..3"})
    expect_error([&] { (void)parse_level_range(bad, "--hd"); }, "--hd '");
}

}  // namespace
}  // namespace fray
