// The drain part (fray/fight/parts/drain.hpp): each game's parametrisation
// against worked examples computed by hand from the games' rules, the part
// alone on a toy turn (exact and sampled agree), and its PartUse.
#include <fray/core/error.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/turn.hpp>

#include "fight/sampling.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace {

namespace parts = fray::fight::parts;
using parts::Drain;

TEST(PartsDrain, PixelDungeonBatHealsTheDamageUpToHt) {
  // Bat.attackProc: reg = min(damage, HT - HP).
  const Drain d{};
  EXPECT_EQ(parts::drain_hit(d, 7, 100, 20, 30), 7);
  EXPECT_EQ(parts::drain_hit(d, 7, 100, 25, 30), 5);
  EXPECT_EQ(parts::drain_hit(d, 7, 100, 30, 30), 0);
  EXPECT_EQ(parts::drain_hit(d, 0, 100, 20, 30), 0);
}

TEST(PartsDrain, ShatteredBatHealsTheDamageLessFour) {
  // Bat.attackProc: reg = min(damage - 4, HT - HP), healed when positive.
  const Drain d{.less = 4};
  EXPECT_EQ(parts::drain_hit(d, 7, 100, 10, 30), 3);
  EXPECT_EQ(parts::drain_hit(d, 4, 100, 10, 30), 0);
  EXPECT_EQ(parts::drain_hit(d, 3, 100, 10, 30), 0);
  EXPECT_EQ(parts::drain_hit(d, 12, 100, 28, 30), 2);
}

TEST(PartsDrain, BrogueTransferenceNineTenthsOfWhatTheVictimHad) {
  // Combat.c inflictDamage: min(damage, defender HP) x 9 / 10, no cap.
  const Drain d{.numerator = 9, .denominator = 10, .victim_cap = true, .capped = false};
  EXPECT_EQ(parts::drained(d, 10, 7), 6);             // 63 / 10
  EXPECT_EQ(parts::drained(d, 10, 20), 9);            // 90 / 10
  EXPECT_EQ(parts::drained(d, 1, 20), 0);             // 9 / 10
  EXPECT_EQ(parts::drain_hit(d, 10, 20, 18, 18), 9);  // past the maximum
}

TEST(PartsDrain, CrawlVampiricOneToTheDamageAlike) {
  // AF_VAMPIRIC: 1 + random2(damage), capped at the maximum.
  const Drain d{.uniform = true};
  const auto b = parts::drain_branches(d, 5, 100);
  ASSERT_EQ(b.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(b[i].value, static_cast<std::int64_t>(i + 1));
    EXPECT_DOUBLE_EQ(b[i].p, 0.2);
  }
  EXPECT_EQ(parts::drain_heal(d, 4, 27, 30), 3);
  EXPECT_EQ(parts::drain_branches(d, 0, 100).size(), 1u);
}

// --- the part alone on a toy turn -----------------------------------------------------------

struct NoState {
  [[nodiscard]] auto key() const { return std::tie(); }
  bool operator==(const NoState&) const = default;
  auto operator<=>(const NoState&) const = default;
};

// The toy game: a hit with chance 0.6 deals 1..4 alike; the attacker drains
// (the Shattered rule: damage - 1, up to its maximum of 10).
struct DrainTurn {
  using mine = NoState;
  using theirs = NoState;
  Drain d{.less = 1};
  template <class R>
  fray::fight::After<mine, theirs> turn(R& r, const fray::fight::Now<mine, theirs>& now) const {
    fray::fight::After<mine, theirs> out{.att = now.att, .def = now.def};
    out.hit = r.chance(0.6, "to-hit") ? 1 : 0;
    if (!out.hit) return out;
    out.damage = r.draw(fray::fight::Choice<std::int64_t>{&kDamage, "damage"});
    out.heal = parts::drain_hit(d, out.damage, now.def_hp, now.att_hp, 10);
    return out;
  }
  static inline const std::vector<fray::fight::Branch<std::int64_t>> kDamage{
      {1, 0.25}, {2, 0.25}, {3, 0.25}, {4, 0.25}};
  [[nodiscard]] fray::Exchange::Reads reads() const { return {true, false}; }
};

TEST(PartsDrain, AloneOnAToyTurnExactAndSampledAgree) {
  using States = fray::fight::States<NoState>;
  auto [ab, ba] =
      fray::fight::exchanges(std::make_shared<const DrainTurn>(), std::make_shared<const DrainTurn>(),
                             std::make_shared<const States>(NoState{}), std::make_shared<const States>(NoState{}));
  fray::Bout bout{.a = {.name = "a", .hp = 10}, .b = {.name = "b", .hp = 10}, .a_hits_b = ab, .b_hits_a = ba};
  const auto exact = fray::fight::duel_exact(bout);
  // The same duel without the drain is shorter.
  DrainTurn plain;
  plain.d.less = 100;
  auto [pab, pba] =
      fray::fight::exchanges(std::make_shared<const DrainTurn>(plain), std::make_shared<const DrainTurn>(plain),
                             std::make_shared<const States>(NoState{}), std::make_shared<const States>(NoState{}));
  fray::Bout without{.a = {.name = "a", .hp = 10}, .b = {.name = "b", .hp = 10}, .a_hits_b = pab, .b_hits_a = pba};
  const auto w = fray::fight::duel_exact(without);
  ASSERT_TRUE(exact.length && w.length);
  EXPECT_GT(exact.length->mean(), w.length->mean() + 0.1);
  fray::test::expect_sampled_duel_agrees(bout, exact, 20000, 5, 1);
}

TEST(PartsDrain, ItsPartUse) {
  const Drain brogue{.numerator = 9, .denominator = 10, .victim_cap = true, .capped = false};
  const fray::fight::PartUse u = parts::drain_use(brogue, "Combat.c inflictDamage");
  EXPECT_EQ(u.part, "drain");
  EXPECT_EQ(u.params, (std::vector<std::pair<std::string, double>>{
                          {"fraction", 0.9}, {"less", 0}, {"victim_cap", 1}, {"uniform", 0}, {"capped", 0}}));
  const Drain back = parts::drain_of(u);
  EXPECT_EQ(back.numerator, 9);
  EXPECT_EQ(back.denominator, 10);
  EXPECT_TRUE(back.victim_cap);
  EXPECT_FALSE(back.capped);
  fray::fight::PartUse bad = u;
  bad.params[0].second = 0;
  EXPECT_THROW((void)parts::drain_of(bad), fray::Error);
  bad = u;
  bad.params[2].second = 2;
  EXPECT_THROW((void)parts::drain_of(bad), fray::Error);
  bad.params.pop_back();
  bad.params[2].second = 1;
  EXPECT_THROW((void)parts::drain_of(bad), fray::Error);  // no `capped`
  EXPECT_EQ(parts::drain_note(Drain{.less = 4}, "Bat.attackProc"),
            "life drain: heals damage - 4 on each hit that deals damage, up to its maximum HP (Bat.attackProc)");
}

}  // namespace
