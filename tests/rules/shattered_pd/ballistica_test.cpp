// Shattered Pixel Dungeon's Ballistica against the compiled game class
// (golden/shattered_pd/ballistica.json): path, collision and distance of every case.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
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
