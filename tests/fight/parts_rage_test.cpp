// The rage part (fray/fight/parts/rage.hpp): each game's parametrisation
// against worked examples computed by hand from the games' rules, the
// shield's states on their own, and its PartUse.
#include <fray/core/error.hpp>
#include <fray/fight/parts/rage.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace parts = fray::fight::parts;
using parts::Rage;
using parts::RageOn;
using parts::RageShield;

TEST(PartsRage, PixelDungeonFuryAtFortyPercentInFloat) {
  // Hero.damage: HP <= HT x 0.4f. 75 x 0.4f = 30.0000004: HP 30 rages, 31 not.
  const Rage fury{.on = RageOn::hp_at_most, .fraction = 0.4f};
  EXPECT_EQ(parts::rage_top(fury, 75), 30);
  EXPECT_TRUE(parts::raging(fury, 30, 75));
  EXPECT_TRUE(parts::raging(fury, 1, 75));
  EXPECT_FALSE(parts::raging(fury, 31, 75));
  EXPECT_EQ(parts::rage_top(fury, 20), 8);   // 8.0000001
  EXPECT_EQ(parts::rage_top(fury, 22), 8);   // 8.8
  EXPECT_EQ(parts::rage_top(fury, 2), -1);   // 0.8: at no whole HP
  EXPECT_FALSE(parts::raging(fury, 0, 75));  // a side at 0 HP is dead
}

TEST(PartsRage, PixelDungeonBruteBelowAQuarterByIntegerDivision) {
  // Brute.damage: HP < HT / 4. HT 40: below 10; HT 45: 45 / 4 = 11, below 11.
  const Rage brute{.on = RageOn::hp_below, .divisor = 4};
  EXPECT_EQ(parts::rage_top(brute, 40), 9);
  EXPECT_TRUE(parts::raging(brute, 9, 40));
  EXPECT_FALSE(parts::raging(brute, 10, 40));
  EXPECT_EQ(parts::rage_top(brute, 45), 10);
  EXPECT_EQ(parts::rage_top(brute, 8), 1);   // below 2
  EXPECT_EQ(parts::rage_top(brute, 7), -1);  // below 1: never
  // A rage at death is not turned on by HP.
  EXPECT_EQ(parts::rage_top(Rage{.on = RageOn::at_death, .shield_plus = 4, .decay = 4}, 40), -1);
}

TEST(PartsRage, ShatteredShieldsAndTheirDecay) {
  // Brute: HT/2 + 4, Math.round(4 x statModifier); ArmoredBrute: HT/2 + 1, Math.round(statModifier).
  const Rage brute{.on = RageOn::at_death, .shield_plus = 4, .decay = 4, .every = 1};
  const Rage armored{.on = RageOn::at_death, .shield_plus = 1, .decay = 1, .every = 3};
  RageShield r = parts::rage_shield(brute, 40, 1.0f);
  EXPECT_TRUE(r.on);
  EXPECT_EQ(r.shield, 24);
  EXPECT_EQ(r.decay, 4);
  EXPECT_EQ(r.every, 1);
  EXPECT_EQ(parts::rage_shield(brute, 41, 1.0f).shield, 24);  // 41 / 2 = 20
  EXPECT_EQ(parts::rage_shield(brute, 40, 1.1f).decay, 4);    // 4.4
  EXPECT_EQ(parts::rage_shield(brute, 40, 1.125f).decay, 5);  // 4.5 rounds up
  EXPECT_EQ(parts::rage_shield(brute, 40, 1.25f).decay, 5);
  r = parts::rage_shield(armored, 40, 1.125f);
  EXPECT_EQ(r.shield, 21);
  EXPECT_EQ(r.decay, 1);
  EXPECT_EQ(r.every, 3);
  EXPECT_EQ(parts::rage_shield(armored, 40, 1.5f).decay, 2);
  // An HP rage has no shield.
  EXPECT_FALSE(parts::rage_shield(Rage{.on = RageOn::hp_below, .divisor = 4}, 40, 1.0f).on);
}

TEST(PartsRage, ShieldOnBeingHit) {
  // A brute of HP 10 with a shield of 24 (decay 4): fight HP 34.
  const RageShield r{true, 24, 4, 1};
  // A hit below its HP: no rage.
  EXPECT_EQ(parts::rage_hit(r, 34, 0, 5), (std::pair<std::int64_t, std::int8_t>{5, 0}));
  EXPECT_EQ(parts::rage_hit(r, 34, 0, 9), (std::pair<std::int64_t, std::int8_t>{9, 0}));
  // A hit taking HP to 0 or past: it keeps shield - decay = 20 (the rest lost), its turn spent.
  EXPECT_EQ(parts::rage_hit(r, 34, 0, 10), (std::pair<std::int64_t, std::int8_t>{14, 2}));
  EXPECT_EQ(parts::rage_hit(r, 34, 0, 30), (std::pair<std::int64_t, std::int8_t>{14, 2}));
  // A shield the first decay takes whole: the brute dies.
  EXPECT_EQ(parts::rage_hit(RageShield{true, 3, 4, 1}, 13, 0, 10), (std::pair<std::int64_t, std::int8_t>{13, 2}));
  // Raging: the decay since the last attack on it, then the hit; a miss takes the decay alone.
  EXPECT_EQ(parts::rage_hit(r, 20, 1, 6), (std::pair<std::int64_t, std::int8_t>{10, 1}));
  EXPECT_EQ(parts::rage_hit(r, 20, 1, 0), (std::pair<std::int64_t, std::int8_t>{4, 1}));
  // The first attack after its spent turn takes no decay.
  EXPECT_EQ(parts::rage_hit(r, 20, 3, 6), (std::pair<std::int64_t, std::int8_t>{6, 1}));
}

TEST(PartsRage, DecaysEveryTurnOrEveryThird) {
  const RageShield every{true, 24, 4, 1}, third{true, 21, 1, 3};
  using P = std::pair<std::int64_t, std::int8_t>;
  EXPECT_EQ(parts::rage_decay(every, 0), (P{0, 0}));
  EXPECT_EQ(parts::rage_decay(every, 1), (P{4, 1}));
  EXPECT_EQ(parts::rage_decay(every, 2), (P{4, 2}));
  EXPECT_EQ(parts::rage_decay(every, 3), (P{0, 1}));
  // Every third turn: after the spent turn, the attacks on it take 0, 0, 0, 1, 0, 0, 1, ...
  std::int8_t s = 3;
  std::vector<std::int64_t> taken;
  for (int i = 0; i < 7; ++i) {
    const auto [d, next] = parts::rage_decay(third, s);
    taken.push_back(d);
    s = next;
  }
  EXPECT_EQ(taken, (std::vector<std::int64_t>{0, 0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(parts::rage_decay(third, 2), (P{0, 2}));
  // Its own turn: the spent one is skipped and leaves it not yet attacked.
  EXPECT_TRUE(parts::rage_skips(2));
  EXPECT_FALSE(parts::rage_skips(1));
  EXPECT_EQ(parts::rage_turn(2), 3);
  EXPECT_EQ(parts::rage_turn(1), 1);
  EXPECT_EQ(parts::rage_turn(0), 0);
  EXPECT_FALSE(parts::rage_on(0));
  EXPECT_TRUE(parts::rage_on(3));
}

TEST(PartsRage, ItsPartUse) {
  const Rage armored{.on = RageOn::at_death, .shield_plus = 1, .decay = 1, .every = 3};
  const fray::fight::PartUse u = parts::rage_use(armored, "ArmoredRage.act");
  EXPECT_EQ(u.part, "rage");
  EXPECT_EQ(u.params, (std::vector<std::pair<std::string, double>>{
                          {"on", 2}, {"fraction", 0}, {"divisor", 1}, {"shield_plus", 1}, {"decay", 1}, {"every", 3}}));
  const Rage back = parts::rage_of(u);
  EXPECT_EQ(back.on, RageOn::at_death);
  EXPECT_EQ(back.shield_plus, 1);
  EXPECT_EQ(back.decay, 1.0f);
  EXPECT_EQ(back.every, 3);
  // The float fraction comes back the same float (Fury.LEVEL).
  EXPECT_EQ(parts::rage_of(parts::rage_use(Rage{.on = RageOn::hp_at_most, .fraction = 0.4f}, "")).fraction, 0.4f);
  const auto refused = [&u](std::size_t i, double v) {
    fray::fight::PartUse bad = u;
    bad.params[i].second = v;
    EXPECT_THROW((void)parts::rage_of(bad), fray::Error) << bad.params[i].first << " = " << v;
  };
  refused(0, 3);    // on
  refused(0, 0.5);  // on
  refused(1, 1.5);  // fraction
  refused(2, 0);    // divisor
  refused(3, -1);   // shield_plus
  refused(4, -1);   // decay
  refused(5, 2);    // every: 1 or 3
  refused(5, 0);
  fray::fight::PartUse other = u;
  other.part = "drain";
  EXPECT_THROW((void)parts::rage_of(other), fray::Error);
  EXPECT_EQ(parts::rage_note(Rage{.on = RageOn::hp_below, .divisor = 4}, "Brute.damage"),
            "rages while HP < HT / 4 (Brute.damage)");
}

}  // namespace
