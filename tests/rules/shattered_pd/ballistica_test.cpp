// Shattered Pixel Dungeon's Ballistica against the compiled game class
// (golden/shattered_pd/ballistica.json): path, collision and distance of every case.
#include <gtest/gtest.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/grid/map.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace spd = fray::shattered_pd;
using fray::grid::Point;

namespace {

Point pt(const nlohmann::json& j) { return {j[0].get<int>(), j[1].get<int>()}; }

}  // namespace

TEST(SpdBallistica, EveryGoldenCase) {
  const auto golden = fray::test::read_json("golden/shattered_pd/ballistica.json");
  ASSERT_GE(golden["cases"].size(), 200u);
  for (const auto& c : golden["cases"]) {
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()) + " (" + c["stop"].get<std::string>() + ")");
    spd::Level level = spd::Level::parse(c["map"].get<std::vector<std::string>>());
    ASSERT_EQ(level.width(), c["width"].get<int>());
    for (const auto& ch : c["chars"]) level.set_character(pt(ch), true);
    const auto b = spd::cast(level, pt(c["from"]), pt(c["to"]), c["params"].get<int>());
    std::vector<Point> want;
    for (const auto& p : c["path"]) want.push_back(pt(p));
    EXPECT_EQ(b.path, want);
    EXPECT_EQ(b.collision, pt(c["collision"]));
    EXPECT_EQ(b.dist, c["dist"].get<int>());
  }
}

TEST(SpdBallistica, FlagsAndErrors) {
  EXPECT_EQ(spd::projectile, 7);
  EXPECT_EQ(spd::magic_bolt, 6);
  const auto level = spd::Level::parse({"#####", "#.+w#", "#:^S#", "#####"});
  EXPECT_TRUE(level.solid({2, 1}));
  EXPECT_TRUE(level.passable({2, 1}));
  EXPECT_TRUE(level.blocks_sight({2, 1}));
  EXPECT_TRUE(level.solid({3, 1}));
  EXPECT_FALSE(level.blocks_sight({3, 1}));
  EXPECT_TRUE(level.avoid({1, 2}));
  EXPECT_TRUE(level.avoid({2, 2}));
  EXPECT_FALSE(level.passable({3, 2}));
  EXPECT_FALSE(level.inside({0, 1}));
  EXPECT_THROW((void)spd::Level::parse({"###", "#x#", "###"}), fray::Error);
  EXPECT_THROW((void)spd::Level::parse({"###", "##", "###"}), fray::Error);
  // A magic bolt along the row stops on the door; a projectile ignoring soft solids passes it.
  auto b = spd::cast(level, {1, 1}, {3, 1}, spd::magic_bolt);
  EXPECT_EQ(b.collision, (Point{2, 1}));
  b = spd::cast(level, {1, 1}, {3, 1}, spd::projectile | spd::ignore_soft_solid);
  EXPECT_EQ(b.collision, (Point{3, 1}));
}

// The params as the faces name them: presets and flags combined with |.
TEST(SpdBallistica, ParamsByName) {
  EXPECT_EQ(spd::parse_params("projectile", "--flags"), 7);
  EXPECT_EQ(spd::parse_params("magic-bolt,ignore-soft-solid", "--flags"), 6 | 8);
  EXPECT_EQ(spd::parse_params("stop-target,stop-chars", "--flags"), 3);
  EXPECT_EQ(spd::parse_params("wont-stop", "--flags"), 0);
  try {
    (void)spd::parse_params("magic-blot", "--flags");
    ADD_FAILURE() << "an unknown flag is refused";
  } catch (const fray::Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "--flags: unknown flag 'magic-blot' (did you mean 'magic-bolt'?) (known: projectile, magic-bolt, "
              "wont-stop, stop-target, stop-chars, stop-solid, ignore-soft-solid)");
  }
  EXPECT_THROW((void)spd::parse_params("", "flags"), fray::Error);
}

// --- aim: where to tap (Item.throwPos = new Ballistica(hero.pos, tapped cell, PROJECTILE).collisionPos) ---

namespace {

using Cells = std::vector<Point>;

spd::Level level_of(const std::string& text) {
  return spd::Level::from_map(fray::grid::Map::parse(text, "test", spd::map_legend()));
}

}  // namespace

TEST(SpdBallisticaAim, OpenRoomEveryCellBeyondTheTargetOnItsLines) {
  // From (1,2) at the gnoll on (3,2): rays through (3,2) at their second step
  // keep to the row (err = dA/2 + 2·dB < dA): the row beyond, the outer-ring
  // wall (6,2) and, dx 5 dy ±1, (6,1) and (6,3). STOP_CHARS stops them there.
  const auto level = level_of("#######\n#.....#\n#@.g..#\n#.....#\n#######\n");
  EXPECT_EQ(spd::aim(level, {1, 2}, {3, 2}), (Cells{{6, 1}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {6, 3}}));
  // A magic bolt has no STOP_TARGET: tapping (2,2), short of the gnoll, reaches it too.
  EXPECT_EQ(spd::aim(level, {1, 2}, {3, 2}, spd::magic_bolt),
            (Cells{{6, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {6, 3}}));
}

TEST(SpdBallisticaAim, EmptyCellsAndTheOuterRing) {
  const auto level = level_of("#######\n#.....#\n#@....#\n#.....#\n#######\n");
  // A projectile stops on the tapped cell (STOP_TARGET), or before the wall it meets.
  EXPECT_EQ(spd::aim(level, {1, 2}, {3, 2}), (Cells{{3, 2}}));
  EXPECT_EQ(spd::aim(level, {1, 2}, {5, 2}), (Cells{{5, 2}, {6, 2}}));
  // A magic bolt flies on to the last cell inside the outer ring: any tap along the row ends on (5,2),
  // none on (3,2).
  EXPECT_EQ(spd::aim(level, {1, 2}, {3, 2}, spd::magic_bolt), Cells{});
  EXPECT_EQ(spd::aim(level, {1, 2}, {5, 2}, spd::magic_bolt), (Cells{{2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}}));
  EXPECT_EQ(spd::aim(level, {1, 2}, {5, 2}, spd::wont_stop), (Cells{{2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}}));
}

TEST(SpdBallisticaAim, PillarAndCharacterInTheWay) {
  // From (1,1) at (5,2): the direct tap steps (2,1) (3,2); tapping (6,2) goes
  // (2,1) (3,1) (4,2) (5,2) round (3,2), as do (7,2) (8,2) (9,2) and (10,3).
  const auto pillar = level_of("###########\n#@........#\n#..#.g....#\n#.........#\n###########\n");
  EXPECT_EQ(spd::cast(pillar, {1, 1}, {5, 2}, spd::projectile).collision, (Point{2, 1}));
  EXPECT_EQ(spd::aim(pillar, {1, 1}, {5, 2}), (Cells{{6, 2}, {7, 2}, {8, 2}, {9, 2}, {10, 3}}));
  // A rat there instead: the same taps reach the gnoll, and the rat takes every tap through (3,2).
  const auto rat = level_of("###########\n#@........#\n#..r.g....#\n#.........#\n###########\n");
  EXPECT_EQ(spd::aim(rat, {1, 1}, {5, 2}), (Cells{{6, 2}, {7, 2}, {8, 2}, {9, 2}, {10, 3}}));
  EXPECT_EQ(spd::aim(rat, {1, 1}, {3, 2}), (Cells{{3, 2},
                                                  {4, 2},
                                                  {5, 2},
                                                  {4, 3},
                                                  {5, 3},
                                                  {6, 3},
                                                  {7, 3},
                                                  {8, 3},
                                                  {9, 3},
                                                  {6, 4},
                                                  {7, 4},
                                                  {8, 4},
                                                  {9, 4},
                                                  {10, 4}}));
  // In a row the first character takes every tap.
  const auto row = level_of("#######\n#@rg..#\n#######\n");
  EXPECT_EQ(spd::aim(row, {1, 1}, {3, 1}), Cells{});
  EXPECT_EQ(spd::aim(row, {1, 1}, {2, 1}),
            (Cells{{4, 0}, {5, 0}, {6, 0}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {4, 2}, {5, 2}, {6, 2}}));
}

TEST(SpdBallisticaAim, DoorsStopAProjectileUnlessSoftSolidsAreIgnored) {
  // The closed door on (3,1) is solid: a projectile stops on it, so nothing reaches the gnoll.
  const auto level = level_of("#######\n#@.+.g#\n#######\n");
  EXPECT_EQ(spd::aim(level, {1, 1}, {5, 1}), Cells{});
  EXPECT_EQ(spd::aim(level, {1, 1}, {3, 1}), (Cells{{6, 0}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {6, 2}}));
  // IGNORE_SOFT_SOLID passes it; (6,0) and (6,2) then turn into the wall at their third step
  // (dx 5, dy ±1: err 2,3,4,5) and stop on (3,1), the door, before it.
  const int soft = spd::projectile | spd::ignore_soft_solid;
  EXPECT_EQ(spd::aim(level, {1, 1}, {5, 1}, soft), (Cells{{5, 1}, {6, 1}}));
  EXPECT_EQ(spd::aim(level, {1, 1}, {3, 1}, soft), (Cells{{6, 0}, {3, 1}, {6, 2}}));
  // A statue is not passable: the projectile stops before it.
  const auto statue = level_of("#######\n#@.S.g#\n#######\n");
  EXPECT_EQ(spd::aim(statue, {1, 1}, {5, 1}), Cells{});
  EXPECT_EQ(spd::aim(statue, {1, 1}, {3, 1}), Cells{});
}

TEST(SpdBallisticaAim, AgreesWithTheGoldenCasts) {
  // Every golden Ballistica (the game's own class) from `from` towards `to`
  // collided on `collision`: so `to` is a cell to tap for it, and for no other.
  const auto golden = fray::test::read_json("golden/shattered_pd/ballistica.json");
  int checked = 0;
  for (const auto& c : golden["cases"]) {
    if (pt(c["from"]) == pt(c["to"])) continue;
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()));
    spd::Level level = spd::Level::parse(c["map"].get<std::vector<std::string>>());
    for (const auto& ch : c["chars"]) level.set_character(pt(ch), true);
    const int params = c["params"].get<int>();
    const Cells hits = spd::aim(level, pt(c["from"]), pt(c["collision"]), params);
    EXPECT_NE(std::find(hits.begin(), hits.end(), pt(c["to"])), hits.end());
    if (pt(c["collision"]) != pt(c["to"])) {
      const Cells at_to = spd::aim(level, pt(c["from"]), pt(c["to"]), params);
      EXPECT_EQ(std::find(at_to.begin(), at_to.end(), pt(c["to"])), at_to.end());
    }
    ++checked;
  }
  EXPECT_GE(checked, 200);
}

TEST(SpdBallisticaAim, EveryTapLandsSomewhereOnce) {
  // On the example maps, from every cell inside the outer ring that is not a
  // wall, for projectile and magic-bolt: the cells to tap for each target
  // split the map (less `from`), each under the collision of its own cast.
  for (const char* name : {"ballistics.txt", "corner.txt", "door.txt"}) {
    const auto map =
        fray::grid::Map::load(fray::test::path(std::string("../examples/maps/") + name), spd::map_legend());
    const auto level = spd::Level::from_map(map);
    for (const int params : {spd::projectile, spd::magic_bolt})
      for (int fy = 1; fy + 1 < level.height(); ++fy)
        for (int fx = 1; fx + 1 < level.width(); ++fx) {
          const Point from{fx, fy};
          if (map.tile(from) == fray::grid::Tile::wall) continue;
          std::vector<int> owner(static_cast<std::size_t>(level.width() * level.height()), -1);
          for (int ty = 0; ty < level.height(); ++ty)
            for (int tx = 0; tx < level.width(); ++tx) {
              const Cells cells = spd::aim(level, from, {tx, ty}, params);
              for (Point c : cells) {
                int& o = owner[static_cast<std::size_t>(c.y * level.width() + c.x)];
                EXPECT_EQ(o, -1) << name << ": two targets for one tap";
                o = ty * level.width() + tx;
                EXPECT_EQ(spd::cast(level, from, c, params).collision, (Point{tx, ty}));
              }
            }
          // Every tap but `from` belongs to its cast's collision (`from` itself when the first step is a wall).
          for (int i = 0; i < level.width() * level.height(); ++i) {
            if (i == fy * level.width() + fx) {
              EXPECT_EQ(owner[static_cast<std::size_t>(i)], -1);
              continue;
            }
            const Point c{i % level.width(), i / level.width()};
            const Point at = spd::cast(level, from, c, params).collision;
            EXPECT_EQ(owner[static_cast<std::size_t>(i)], at.y * level.width() + at.x) << name;
          }
        }
  }
}

TEST(SpdBallisticaAim, RefusesALevelTooLargeToSweep) {
  std::vector<std::string> rows(513, std::string(512, '.'));
  EXPECT_THROW((void)spd::aim(spd::Level::parse(rows), {1, 1}, {2, 2}), fray::Error);
  EXPECT_NO_THROW((void)spd::aim(spd::Level::parse({"#####", "#...#", "#####"}), {1, 1}, {2, 1}));
}

TEST(SpdBallisticaAim, AThrowIsPixelDungeonsOnAClassicMap) {
  // On a map of # . + : and characters walled all round, Shattered's
  // PROJECTILE stops where Pixel Dungeon's thrown item does (both stop on a
  // character or a closed door, before a wall, and on the tapped cell), so
  // the cells to tap agree for every hero cell and every target.
  for (const char* name : {"ballistics.txt", "corner.txt", "door.txt"}) {
    const auto map = fray::grid::Map::load(fray::test::path(std::string("../examples/maps/") + name));
    const auto level = spd::Level::from_map(map);
    for (int fy = 1; fy + 1 < map.height(); ++fy)
      for (int fx = 1; fx + 1 < map.width(); ++fx) {
        if (map.tile({fx, fy}) == fray::grid::Tile::wall) continue;
        for (int ty = 0; ty < map.height(); ++ty)
          for (int tx = 0; tx < map.width(); ++tx)
            EXPECT_EQ(spd::aim(level, {fx, fy}, {tx, ty}), fray::pixel_dungeon::aim(map, {fx, fy}, {tx, ty}))
                << name << " from " << fx << "," << fy << " at " << tx << "," << ty;
      }
  }
}
