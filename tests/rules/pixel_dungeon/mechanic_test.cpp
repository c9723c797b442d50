// How the Pixel Dungeon family sorts mechanics (fray/rules/pixel_dungeon/mechanic.hpp).
#include <gtest/gtest.h>

#include <fray/rules/pixel_dungeon/mechanic.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace pd = fray::pixel_dungeon;

namespace {
struct Side {
  std::string name;
  std::vector<pd::Mechanic> list;
};
std::vector<pd::Mechanic> of(const Side& s) { return s.list; }
}  // namespace

TEST(PdMechanic, SortsWhatAFightAndAnAttackFollow) {
  const Side a{"hero", {{"regen", pd::Modelled::exact, false, true}, {"rage", pd::Modelled::sampled, true}}};
  const Side b{"rat", {{"bite", pd::Modelled::no, true}, {"split", pd::Modelled::exact}}};
  std::vector<std::string> in, out;
  pd::sort_mechanics(a, b, false, of, in, out);
  EXPECT_EQ(in, (std::vector<std::string>{"hero: regen", "hero: rage [sampled fights only]", "rat: split"}));
  EXPECT_EQ(out, (std::vector<std::string>{"rat: bite"}));
  // One attack: what acts over time is no part of it; `attack` decides.
  in.clear();
  out.clear();
  pd::sort_mechanics(a, b, true, of, in, out);
  EXPECT_EQ(in, (std::vector<std::string>{"hero: rage", "rat: bite"}));
  EXPECT_EQ(out, (std::vector<std::string>{"rat: split"}));
}

TEST(PdMechanic, LeftOutByThePairing) {
  const Side a{"fly", {{"split", pd::Modelled::exact}}};
  const Side b{"fly", {{"split", pd::Modelled::exact}}};
  std::vector<std::string> in, out;
  pd::sort_mechanics(
      a, b, false, of, [](const Side&, const pd::Mechanic& m) { return m.text == "split"; }, in, out);
  EXPECT_TRUE(in.empty());
  EXPECT_EQ(out, (std::vector<std::string>{"fly: split", "fly: split"}));
}
