// fray/rules/pixel_dungeon/surprise.hpp: Mob.java enemySeen (Mob.act and its AI states).
#include <gtest/gtest.h>

#include <cstdio>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>
#include <fstream>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;
using fray::grid::Map;
using fray::grid::Visibility;

TEST(Surprise, SleepingWakesWithOneOverDistancePlusStealthPlusFlying) {
  pd::SurpriseQuery q;
  q.state = pd::MobState::sleeping;
  q.in_fov = true;
  q.distance = 4;
  auto s = pd::surprise(q);
  EXPECT_EQ(s.roll_n, 4);
  EXPECT_DOUBLE_EQ(s.p_notice, 0.25);
  EXPECT_DOUBLE_EQ(s.p_surprise, 0.75);
  q.stealth = 2;
  q.flying = true;  // Random.Int(4 + 2 + 2)
  s = pd::surprise(q);
  EXPECT_EQ(s.roll_n, 8);
  EXPECT_EQ(s.notice_num, 1);
  EXPECT_EQ(s.den, 8);
  EXPECT_DOUBLE_EQ(s.p_surprise, 7.0 / 8);
  // Random.Int(n) is 0 for n <= 0: a cursed ring of shadows can make the roll certain.
  q.flying = false;
  q.distance = 1;
  q.stealth = -3;
  s = pd::surprise(q);
  EXPECT_EQ(s.roll_n, -2);
  EXPECT_DOUBLE_EQ(s.p_notice, 1.0);
  EXPECT_DOUBLE_EQ(s.p_surprise, 0.0);
}

TEST(Surprise, WanderingHalvesTheDistanceAndAlertedAlwaysNotices) {
  pd::SurpriseQuery q;
  q.state = pd::MobState::wandering;
  q.in_fov = true;
  q.distance = 7;  // 7/2 = 3 in integer division
  auto s = pd::surprise(q);
  EXPECT_EQ(s.roll_n, 3);
  EXPECT_DOUBLE_EQ(s.p_surprise, 2.0 / 3);
  q.distance = 1;  // Random.Int(0) == 0 always
  s = pd::surprise(q);
  EXPECT_DOUBLE_EQ(s.p_notice, 1.0);
  q.distance = 9;
  q.alerted = true;
  s = pd::surprise(q);
  EXPECT_FALSE(s.roll_n.has_value());
  EXPECT_DOUBLE_EQ(s.p_surprise, 0.0);
}

TEST(Surprise, HuntingSeesIffInView) {
  pd::SurpriseQuery q;
  q.state = pd::MobState::hunting;
  q.distance = 3;
  q.in_fov = true;
  EXPECT_DOUBLE_EQ(pd::surprise(q).p_surprise, 0.0);
  q.in_fov = false;
  for (auto st : {pd::MobState::sleeping, pd::MobState::wandering, pd::MobState::hunting}) {
    q.state = st;
    EXPECT_DOUBLE_EQ(pd::surprise(q).p_surprise, 1.0);
    EXPECT_FALSE(pd::surprise(q).in_fov);
  }
}

TEST(Surprise, DoorAndCornerOnMaps) {
  // The wiki's door strategy: a closed door between mob and hero hides the hero.
  const Map door = Map::parse(
      "##########\n"
      "#..r.....#\n"
      "#........#\n"
      "#####+####\n"
      "#....@...#\n"
      "##########\n");
  Visibility fov;
  pd::SurpriseQuery q;
  q.state = pd::MobState::hunting;
  auto s = pd::surprise_on_map(door, {3, 1}, {5, 4}, q, 8, fov);
  EXPECT_FALSE(s.in_fov);
  EXPECT_DOUBLE_EQ(s.p_surprise, 1.0);
  // Open the door: the hunting mob sees the hero.
  Map open = door;
  open.set_tile({5, 3}, fray::grid::Tile::floor);
  s = pd::surprise_on_map(open, {3, 1}, {5, 4}, q, 8, fov);
  EXPECT_TRUE(s.in_fov);
  EXPECT_DOUBLE_EQ(s.p_surprise, 0.0);
  // Round a corner: out of sight of the mob.
  const Map corner = Map::parse(
      "###########\n"
      "#.r.......#\n"
      "#.........#\n"
      "#######...#\n"
      "#######...#\n"
      "#######.@.#\n"
      "###########\n");
  q.state = pd::MobState::sleeping;
  s = pd::surprise_on_map(corner, {2, 1}, {8, 5}, q, 8, fov);
  EXPECT_FALSE(s.in_fov);
  EXPECT_DOUBLE_EQ(s.p_surprise, 1.0);
  // In view at Chebyshev distance 6, sleeping: 1/6 to wake.
  s = pd::surprise_on_map(corner, {2, 1}, {8, 2}, q, 8, fov);
  EXPECT_TRUE(s.in_fov);
  EXPECT_EQ(s.roll_n, 6);
  EXPECT_DOUBLE_EQ(s.p_surprise, 5.0 / 6);
  // Beyond the view distance the hero is unseen.
  s = pd::surprise_on_map(corner, {2, 1}, {8, 2}, q, 4, fov);
  EXPECT_FALSE(s.in_fov);
  EXPECT_THROW((void)pd::surprise_on_map(corner, {0, 0}, {8, 2}, q, 8, fov), fray::Error);
  EXPECT_THROW((void)pd::surprise_on_map(corner, {2, 1}, {2, 1}, q, 8, fov), fray::Error);
  EXPECT_THROW((void)pd::parse_mob_state("fleeing"), fray::Error);
}

TEST(SurpriseCli, JsonAndErrors) {
  const std::string file = "/tmp/fray-surprise-map.txt";
  std::ofstream(file) << "###########\n#.r.......#\n#.........#\n#######...#\n#######...#\n#######.@.#\n###########\n";
  auto run = fray::test::run_cli({"surprise", "--map", file, "--mob", "2,1", "--hero", "8,2", "--state", "sleeping",
                                  "--stealth", "1", "--flying", "--json"});
  ASSERT_EQ(run.status, 0) << run.err;
  auto j = run.json();
  EXPECT_EQ(j["sees"], true);
  EXPECT_EQ(j["distance"], 6);
  EXPECT_EQ(j["roll"], 9);  // 6 + 1 + 2
  EXPECT_DOUBLE_EQ(j["p_surprise"].get<double>(), 8.0 / 9);
  EXPECT_EQ(j["p_surprise_fraction"], "8/9");
  run = fray::test::run_cli(
      {"surprise", "--map", file, "--mob", "2,1", "--hero", "8,5", "--state", "wandering", "--json"});
  ASSERT_EQ(run.status, 0) << run.err;
  j = run.json();
  EXPECT_EQ(j["sees"], false);
  EXPECT_DOUBLE_EQ(j["p_surprise"].get<double>(), 1.0);
  const std::vector<std::vector<std::string>> bad{
      {"surprise", "--map", file, "--mob", "0,0", "--hero", "8,5", "--state", "hunting"},
      {"surprise", "--map", file, "--mob", "2,1", "--hero", "80,5", "--state", "hunting"},
      {"surprise", "--map", file, "--mob", "2,1", "--hero", "8,5", "--state", "dreaming"},
      {"surprise", "--map", file, "--mob", "2,1", "--hero", "8,5", "--state", "hunting", "--radius", "9"},
      {"surprise", "--map", file, "--mob", "2,1", "--hero", "8,5", "--state", "hunting", "--stealth", "x"},
      {"surprise", "--map", "/nonexistent", "--mob", "2,1", "--hero", "8,5", "--state", "hunting"},
  };
  for (const auto& args : bad) {
    run = fray::test::run_cli(args);
    EXPECT_EQ(run.status, 2) << args[4] << " " << args[6];
    EXPECT_TRUE(run.out.empty());
    EXPECT_EQ(run.err.rfind("fray: error:", 0), 0u) << run.err;
  }
  std::remove(file.c_str());
}
