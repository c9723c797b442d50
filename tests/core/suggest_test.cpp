#include <fray/core/suggest.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fray {
namespace {

TEST(Suggest, EditDistanceCountsEditsAndSwaps) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("atack", "attack"), 1u);
  EXPECT_EQ(edit_distance("gnoll_socut", "gnoll_scout"), 1u);  // one adjacent swap
  EXPECT_EQ(edit_distance("OGRE", "ogre"), 0u);                // case does not count
}

TEST(Suggest, ClosestNamesBestFirst) {
  const std::vector<std::string> known{"gnoll", "gnoll_scout", "gnoll_shaman", "goblin", "vampire_bat"};
  EXPECT_EQ(closest_names("gnoll_scot", known), (std::vector<std::string>{"gnoll_scout", "gnoll"}));
  EXPECT_EQ(closest_names("bat", known), (std::vector<std::string>{"vampire_bat"}));  // held in a longer name
  EXPECT_TRUE(closest_names("dragon", known).empty());
  EXPECT_EQ(closest_names("gnol", known, 1), (std::vector<std::string>{"gnoll"}));
}

TEST(Suggest, DidYouMeanReadsAsASentence) {
  const std::vector<std::string> known{"attack", "strike", "duel"};
  EXPECT_EQ(did_you_mean("atack", known), " (did you mean 'attack'?)");
  EXPECT_EQ(did_you_mean("zzzzzz", known), "");
  const std::vector<std::string> two{"goblin", "goblin_conjurer"};
  EXPECT_EQ(did_you_mean("goblin_conjuror", two), " (did you mean 'goblin_conjurer' or 'goblin'?)");
}

}  // namespace
}  // namespace fray
