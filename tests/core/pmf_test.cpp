#include <fray/core/pmf.hpp>
#include <gtest/gtest.h>
TEST(Pmf, UniformSum) {
  const auto d = fray::Pmf::uniform(1, 6) + fray::Pmf::uniform(1, 6);
  EXPECT_DOUBLE_EQ(d[7], 6.0 / 36);
}
