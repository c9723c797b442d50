// <fray/fray.hpp> includes every public header: each header under
// include/fray is named by one of its #include lines, and all of them compile
// together in this file.
#include <fray/fray.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace {

TEST(FrayHpp, IncludesEveryPublicHeader) {
  namespace fs = std::filesystem;
  const fs::path include = fs::path(fray::test::path("../include"));
  const std::string text = fray::test::read_text("../include/fray/fray.hpp");
  std::vector<std::string> missing;
  std::size_t headers = 0;
  for (const auto& entry : fs::recursive_directory_iterator(include / "fray")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".hpp") continue;
    const std::string rel = fs::relative(entry.path(), include).generic_string();
    if (rel == "fray/fray.hpp") continue;
    ++headers;
    if (text.find("#include <" + rel + ">\n") == std::string::npos) missing.push_back(rel);
  }
  std::sort(missing.begin(), missing.end());
  EXPECT_GT(headers, 60u);
  EXPECT_TRUE(missing.empty()) << "fray.hpp does not include: " << ::testing::PrintToString(missing);
}

}  // namespace
