// The regeneration part (fray/fight/parts/regeneration.hpp): each game's
// parametrisation against worked examples computed by hand from the games'
// rules, the part alone on a toy turn (exact and sampled agree), its limit
// and its PartUse.
#include <fray/core/error.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/fight/turn.hpp>

#include "fight/sampling.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace {

namespace parts = fray::fight::parts;
using parts::AtFull;
using parts::Regeneration;

// No draws: a fixed gain never reads the reader.
int none = 0;

// The HP healed at each of `turns` turns from `hp` (each turn's heal added
// to the HP, capped at max as the games' turns cap it), with the store after.
struct Turns {
  std::vector<std::int64_t> heals;
  std::int32_t store = 0;
  std::uint32_t phase = 0;
};
Turns run(const Regeneration& g, std::int64_t hp, std::int64_t max, int turns, bool paused = false) {
  Turns out;
  for (int t = 0; t < turns; ++t) {
    const std::int64_t h = parts::regenerate(none, g, g.gain, hp, max, out.phase, out.store, paused);
    out.heals.push_back(h);
    hp = std::min(hp + h, max);
  }
  return out;
}

TEST(PartsRegeneration, PixelDungeonAPointEveryTenTurnsOnTheHerosClock) {
  // Regeneration.act: spend(10) a point; an attack a turn: due at the end of
  // the 10th attack, then every 10th.
  Regeneration g;
  g.acts = parts::clock_of(1.0, 10, 1, 100, "hero regeneration", "a point").by_attack();
  ASSERT_EQ(g.acts, (std::vector<int>{0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
  const Turns r = run(g, 5, 10, 20);
  for (int t = 0; t < 20; ++t) EXPECT_EQ(r.heals[static_cast<std::size_t>(t)], t == 9 || t == 19 ? 1 : 0) << t;
  // At HT the clock holds: a hero hurt later starts where she stopped.
  Turns at_full;
  (void)parts::regenerate(none, g, g.gain, 10, 10, at_full.phase, at_full.store);
  EXPECT_EQ(at_full.phase, 0u);
  // Ring of Mending +1: a point every 25/3 turns, in thirds of a turn: the
  // 9th, 17th and 25th attacks of each 25 (their ends pass 25, 50, 75).
  const parts::Clock c = parts::clock_of(1.0, 50, 6, 100, "hero regeneration", "a point");
  EXPECT_EQ(c.turn, 3);
  EXPECT_EQ(c.period, 25);
  std::vector<int> want(25, 0);
  want[8] = want[16] = want[24] = 1;
  EXPECT_EQ(c.by_attack(), want);
  EXPECT_THROW((void)parts::clock_of(1.0, 50, 6, 24, "hero regeneration", "a point"), fray::Error);
}

TEST(PartsRegeneration, ShatteredTheTenthStepBelowHtHeals) {
  // Regeneration.act every turn, partialRegen += 1/10: the 10th act heals.
  Regeneration g;
  g.acts = parts::clock_of(1.5, 1, 1, 100, "hero regeneration", "an act").by_attack();
  ASSERT_EQ(g.acts, (std::vector<int>{1, 2}));  // in half turns: an attack is 3, an act 2
  g.threshold = 10;
  g.at_full = AtFull::clock_runs;
  // 1 + 2 + 1 + 2 + 1 + 2 = 9 acts in six attacks, the 10th at the seventh.
  const Turns r = run(g, 5, 10, 7);
  EXPECT_EQ(r.heals, (std::vector<std::int64_t>{0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(r.store, 0);
  // At HT the clock runs and the steps hold.
  std::uint32_t phase = 0;
  std::int32_t store = 4;
  EXPECT_EQ(parts::regenerate(none, g, g.gain, 10, 10, phase, store), 0);
  EXPECT_EQ(phase, 1u);
  EXPECT_EQ(store, 4);
  // One step short of HT: the act that reaches HT is the last counted.
  store = 9;
  phase = 1;  // two acts this attack
  EXPECT_EQ(parts::regenerate(none, g, g.gain, 9, 10, phase, store), 1);
  EXPECT_EQ(store, 0);
}

TEST(PartsRegeneration, BrogueThousandthsOfATurn) {
  // A monster regenerating every 3 turns (turnsBetweenRegen 3: 3000
  // thousandths), attacking every 200 ticks: 2 turns of 1000 an attack.
  Regeneration g;
  g.acts = parts::clock_of_ticks(200, 100, 1, "brogue").by_attack();
  ASSERT_EQ(g.acts, (std::vector<int>{2}));
  g.gain = 1000;
  g.threshold = 3000;
  // 2000: none; 4000: an HP, 1000 left; 3000: an HP, 0 left.
  const Turns r = run(g, 1, 20, 3);
  EXPECT_EQ(r.heals, (std::vector<std::int64_t>{0, 1, 1}));
  EXPECT_EQ(r.store, 0);
  // Poisoned: nothing moves (Monsters.c decrementMonsterStatus).
  const Turns p = run(g, 1, 20, 3, true);
  EXPECT_EQ(p.heals, (std::vector<std::int64_t>{0, 0, 0}));
  EXPECT_EQ(p.store, 0);
  // The player at 30 HP, regeneration bonus 0: TURNS_FOR_FULL_REGEN 300,
  // 302000 thousandths for the whole, 302 an HP past none per turn, so an HP
  // each 302000 / 30 = 10066 thousandths: 11 turns to the first (11000),
  // 934 left.
  Regeneration player;
  player.gain = 1000;
  player.threshold = 10066;
  const Turns q = run(player, 20, 30, 11);
  for (int t = 0; t < 11; ++t) EXPECT_EQ(q.heals[static_cast<std::size_t>(t)], t == 10 ? 1 : 0) << t;
  EXPECT_EQ(q.store, 934);
  // regenPerTurn: an HP every act besides, even past the maximum within the
  // turn's acts (the game sets it back before the next turn).
  player.per_act = 1;
  player.threshold = 2000;
  std::uint32_t phase = 0;
  std::int32_t store = 1000;
  EXPECT_EQ(parts::regenerate(none, player, player.gain, 29, 30, phase, store), 2);
}

// DCSS's player gain: div_rand_round(rate x delay, 10), 25 x 15 / 10 = 37.5:
// 37 or 38 alike.
struct HalfGain {
  using value_type = std::int64_t;
  [[nodiscard]] std::size_t size() const { return 2; }
  [[nodiscard]] fray::fight::Branch<std::int64_t> at(std::size_t i) const { return {i == 0 ? 37 : 38, 0.5}; }
  std::int64_t sample(fray::Rng& rng, std::vector<fray::Draw>*) const { return rng.unit() < 0.5 ? 37 : 38; }
};

TEST(PartsRegeneration, CrawlTheCounterOfHundredths) {
  // The player: rate 20 (0.19: 60 HP / 3), a 10 aut attack: +20 a turn, an
  // HP at the 5th; the counter goes back to 0 at full HP.
  Regeneration g;
  g.gain = 20;
  g.threshold = 100;
  g.at_full = AtFull::reset;
  const Turns r = run(g, 50, 60, 5);
  EXPECT_EQ(r.heals, (std::vector<std::int64_t>{0, 0, 0, 0, 1}));
  std::uint32_t phase = 0;
  int counter = 60;
  EXPECT_EQ(parts::regenerate(none, g, g.gain, 60, 60, phase, counter), 0);
  EXPECT_EQ(counter, 0);
  // A random gain: exactly, counter 80 + 37 -> an HP and 17, + 38 -> an HP and 18.
  std::map<std::pair<std::int64_t, int>, double> seen;
  fray::fight::Enumerate::each(
      [&](auto& rd) {
        int c = 80;
        std::uint32_t ph = 0;
        const std::int64_t h = parts::regenerate(rd, g, HalfGain{}, 50, 60, ph, c);
        return std::pair<std::int64_t, int>{h, c};
      },
      [&](double p, const std::pair<std::int64_t, int>& v) { seen[v] += p; });
  EXPECT_EQ(seen.size(), 2u);
  EXPECT_DOUBLE_EQ((seen[{1, 17}]), 0.5);
  EXPECT_DOUBLE_EQ((seen[{1, 18}]), 0.5);
}

TEST(PartsRegeneration, CrawlMonsterAChanceOfAnHpOnEachOfItsTurns) {
  // natural_regen_rate at HD 1 is 1 whatever the draws: 1/25 a turn.
  Regeneration g;
  std::map<std::int64_t, double> seen;
  fray::fight::Enumerate::each(
      [&](auto& rd) {
        std::uint32_t ph = 0;
        int store = 0;
        return parts::regenerate(rd, g, parts::GainChance{1, 1.0 / 25}, 3, 10, ph, store);
      },
      [&](double p, std::int64_t h) { seen[h] += p; });
  EXPECT_DOUBLE_EQ(seen[1], 0.04);
  EXPECT_DOUBLE_EQ(seen[0], 0.96);
  // At its maximum no draw is made: one path.
  int paths = 0;
  fray::fight::Enumerate::each(
      [&](auto& rd) {
        std::uint32_t ph = 0;
        int store = 0;
        return parts::regenerate(rd, g, parts::GainChance{1, 1.0 / 25}, 10, 10, ph, store);
      },
      [&](double, std::int64_t) { ++paths; });
  EXPECT_EQ(paths, 1);
}

// --- the part alone on a toy turn -----------------------------------------------------------

// The toy game: a hit with chance 1/2 deals Int(1, 3); the mover regenerates
// before its attack, an act every second turn (period 2 turns, a turn an
// attack), 2 acts to an HP; with `random_gain`, an act gains 1 with chance 2/3.
struct RegenTurn {
  using mine = parts::RegenState;
  using theirs = parts::RegenState;
  Regeneration g;
  std::int64_t max = 8;
  bool random_gain = false;

  template <class R>
  fray::fight::After<mine, theirs> turn(R& r, const fray::fight::Now<mine, theirs>& now) const {
    fray::fight::After<mine, theirs> out{.att = now.att, .def = now.def};
    out.heal = random_gain ? parts::regenerate(r, g, parts::GainChance{1, 2.0 / 3}, now.att_hp, max, out.att.phase,
                                               out.att.store)
                           : parts::regenerate(r, g, now.att_hp, max, out.att);
    out.hit = r.chance(0.5, "to-hit") ? 1 : 0;
    if (out.hit)
      out.damage = 1 + static_cast<std::int64_t>(r.draw(fray::fight::Choice<std::int64_t>{&kDamage, "damage"}));
    return out;
  }
  static inline const std::vector<fray::fight::Branch<std::int64_t>> kDamage{{0, 1.0 / 3}, {1, 1.0 / 3}, {2, 1.0 / 3}};
  [[nodiscard]] fray::Exchange::Reads reads() const { return {true, false}; }
};

void duel_agrees(bool random_gain, std::uint64_t seed) {
  RegenTurn t;
  t.g.acts = parts::clock_of(1.0, 2, 1, 10, "toy", "an act").by_attack();
  ASSERT_EQ(t.g.acts, (std::vector<int>{0, 1}));
  t.g.threshold = 2;
  t.random_gain = random_gain;
  using States = fray::fight::States<parts::RegenState>;
  auto a = std::make_shared<const States>(parts::RegenState{});
  auto b = std::make_shared<const States>(parts::RegenState{});
  auto [ab, ba] =
      fray::fight::exchanges(std::make_shared<const RegenTurn>(t), std::make_shared<const RegenTurn>(t), a, b);
  fray::Bout bout{.a = {.name = "a", .hp = 8}, .b = {.name = "b", .hp = 8}, .a_hits_b = ab, .b_hits_a = ba};
  const auto exact = fray::fight::duel_exact(bout);
  // Regeneration makes the fight longer than the same fight without it.
  RegenTurn still = t;
  still.g.acts = {0};
  auto [sab, sba] = fray::fight::exchanges(
      std::make_shared<const RegenTurn>(still), std::make_shared<const RegenTurn>(still),
      std::make_shared<const States>(parts::RegenState{}), std::make_shared<const States>(parts::RegenState{}));
  fray::Bout none{.a = {.name = "a", .hp = 8}, .b = {.name = "b", .hp = 8}, .a_hits_b = sab, .b_hits_a = sba};
  const auto without = fray::fight::duel_exact(none);
  ASSERT_TRUE(exact.length && without.length);
  EXPECT_GT(exact.length->mean(), without.length->mean() + 0.1);
  fray::test::expect_sampled_duel_agrees(bout, exact, 20000, seed, 1);
}

TEST(PartsRegeneration, AloneOnAToyTurnExactAndSampledAgree) { duel_agrees(false, 7); }
TEST(PartsRegeneration, ARandomGainExactAndSampledAgree) { duel_agrees(true, 13); }

// --- the limit and the PartUse ----------------------------------------------------------------

TEST(PartsRegeneration, ItsStatesAndTheLimit) {
  Regeneration g;
  g.acts = std::vector<int>(25, 0);
  g.gain = 1000;
  g.threshold = 10066;  // 10066 / gcd(10066, 1000) = 5033 store values
  EXPECT_EQ(parts::regeneration_states(g), 25u * 5033u);
  g.acts = {1};
  EXPECT_EQ(parts::regeneration_states(g), 5033u);
  EXPECT_EQ(parts::regeneration_states(g, true), 10066u);
  EXPECT_NO_THROW(parts::check_regeneration(g, 5033, "player"));
  EXPECT_THROW(parts::check_regeneration(g, 5032, "player"), fray::TooLarge);
}

TEST(PartsRegeneration, ItsPartUse) {
  const fray::fight::PartUse u =
      parts::regeneration_use(1, 1000, 20000, 0, 1, AtFull::hold, "Monsters.c decrementMonsterStatus");
  EXPECT_EQ(u.part, "regeneration");
  ASSERT_EQ(u.params.size(), 6u);
  EXPECT_EQ(u.params[0], (std::pair<std::string, double>{"every", 1}));
  EXPECT_EQ(u.params[5], (std::pair<std::string, double>{"at_full", 0}));
  // A monster attacking every 2 turns: two acts an attack.
  const Regeneration g = parts::regeneration_of(u, 2.0, 1);
  EXPECT_EQ(g.acts, (std::vector<int>{2}));
  EXPECT_EQ(g.gain, 1000);
  EXPECT_EQ(g.threshold, 20000);
  EXPECT_EQ(g.at_full, AtFull::hold);
  // Each of its own turns.
  EXPECT_EQ(parts::regeneration_of(parts::regeneration_use(0, 20, 100, 0, 1, AtFull::reset, ""), 1.5, 1).acts,
            (std::vector<int>{1}));
  // Bad values are refused, naming the parameter.
  EXPECT_THROW((void)parts::regeneration_of(parts::regeneration_use(1, 1, 0, 0, 1, AtFull::hold, ""), 1, 1),
               fray::Error);
  fray::fight::PartUse bad = u;
  bad.params[5].second = 3;
  EXPECT_THROW((void)parts::regeneration_of(bad, 1, 1), fray::Error);
  bad.part = "drain";
  EXPECT_THROW((void)parts::regeneration_of(bad, 1, 1), fray::Error);
  // An act every 10 turns seen from an attack every 1.2^5 turns repeats too late.
  EXPECT_THROW((void)parts::regeneration_of(parts::regeneration_use(10, 1, 1, 0, 1, AtFull::hold, ""), 2.48832, 4096),
               fray::Error);
  EXPECT_EQ(parts::regeneration_note(Regeneration{}, 10, "Regeneration.act"),
            "regenerates 1 HP every 10 turns while below its maximum (Regeneration.act)");
}

}  // namespace
