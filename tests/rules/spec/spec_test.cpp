// fray/rules/spec.hpp: splitting specs and the numbers and points typed on a
// command line.
#include <fray/core/error.hpp>
#include <fray/rules/spec.hpp>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>

namespace fray {
namespace {

std::string spec_error(const std::string& text) {
  try {
    (void)parse_spec(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ParseSpec, NamesKeysAndFlags) {
  const Spec s = parse_spec("hero:level=5, str=15,sleeping");
  EXPECT_EQ(s.name, "hero");
  ASSERT_EQ(s.keys.size(), 3u);
  EXPECT_EQ(s.keys[0], (std::pair<std::string, std::string>{"level", "5"}));
  EXPECT_EQ(s.keys[1], (std::pair<std::string, std::string>{"str", "15"}));
  EXPECT_EQ(s.keys[2], (std::pair<std::string, std::string>{"sleeping", "1"}));
  EXPECT_EQ(parse_spec("accuracy=100,defense=70").name, "");
  EXPECT_EQ(spec_error("hero:level=5,level=6"), "spec 'hero:level=5,level=6': key 'level' is given twice");
  EXPECT_EQ(spec_error("ogre:hp=3,"), "spec 'ogre:hp=3,': item 2 is empty");
}

// The repeated-key check compared each key with every key before it: a spec
// of n keys took n^2 / 2 comparisons (5 x 10^9 for these 100 000, ten
// seconds). It keeps the keys seen in a set now.
TEST(ParseSpec, ManyKeysAreCheckedInOnePass) {
  std::string body;
  for (int i = 0; i < 100000; ++i) body += fmt::format("k{}=1,", i);
  EXPECT_EQ(parse_spec("hero:" + body + "last=2").keys.size(), 100001u);
  const std::string repeated = "hero:" + body + "k0=2";
  EXPECT_EQ(spec_error(repeated), "spec '" + repeated + "': key 'k0' is given twice");
}

TEST(ParsePoint, WholeNumbersOnly) {
  EXPECT_EQ(parse_point("3,-4", "--at"), (std::pair<std::int64_t, std::int64_t>{3, -4}));
  EXPECT_EQ(parse_point("-9223372036854775808,9223372036854775807", "--at"),
            (std::pair<std::int64_t, std::int64_t>{INT64_MIN, INT64_MAX}));
  EXPECT_THROW((void)parse_point("3", "--at"), Error);
  EXPECT_THROW((void)parse_point("9223372036854775808,0", "--at"), Error);
}

}  // namespace
}  // namespace fray
