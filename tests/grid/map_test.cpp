// fray/grid/map.hpp: the text form.
#include <fray/grid/map.hpp>

#include <fray/core/error.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

using namespace fray::grid;

TEST(Map, ParsesEveryTileKind) {
  const Map m = Map::parse("#.+:@\nab\r\n\n.\n", "t");
  EXPECT_EQ(m.width(), 5);
  EXPECT_EQ(m.height(), 4);
  EXPECT_EQ(m.tile({0, 0}), Tile::wall);
  EXPECT_EQ(m.tile({1, 0}), Tile::floor);
  EXPECT_EQ(m.tile({2, 0}), Tile::door);
  EXPECT_EQ(m.tile({3, 0}), Tile::chasm);
  EXPECT_EQ(m.tile({4, 0}), Tile::floor);
  EXPECT_EQ(m.character({4, 0}), '@');
  EXPECT_EQ(m.character({1, 1}), 'b');
  EXPECT_TRUE(m.has_character({0, 1}));
  // Short rows and empty rows are walls; so is everything outside.
  EXPECT_EQ(m.tile({2, 1}), Tile::wall);
  EXPECT_EQ(m.tile({0, 2}), Tile::wall);
  EXPECT_EQ(m.tile({-1, 0}), Tile::wall);
  EXPECT_EQ(m.tile({0, 9}), Tile::wall);
  EXPECT_EQ(m.characters(), (std::vector<Point>{{4, 0}, {0, 1}, {1, 1}}));
  // Properties: door passable and opaque; chasm neither passable nor opaque.
  EXPECT_TRUE(m.passable({2, 0}));
  EXPECT_TRUE(m.blocks_sight({2, 0}));
  EXPECT_FALSE(m.passable({3, 0}));
  EXPECT_FALSE(m.blocks_sight({3, 0}));
  EXPECT_TRUE(m.avoid({3, 0}));
  EXPECT_TRUE(m.blocks_sight({9, 9}));
  EXPECT_EQ(m.opacity().opaque[2], 1);
  EXPECT_EQ(m.opacity().opaque[3], 0);
  EXPECT_EQ(m.text(), "#.+:@\nab###\n#####\n.####\n");
}

TEST(Map, ErrorsNameFileLineAndColumn) {
  try {
    (void)Map::parse("###\n#.x#\n#. #\n", "room.txt");
    FAIL() << "no error";
  } catch (const fray::Error& e) {
    EXPECT_STREQ(e.what(), "map room.txt:3:3: unexpected character ' ' (expected one of # . + : @ or a letter)");
  }
  EXPECT_THROW((void)Map::parse("", "e"), fray::Error);
  EXPECT_THROW((void)Map::parse("\n\n", "e"), fray::Error);
  EXPECT_THROW((void)Map::parse("#\t#", "e"), fray::Error);
  EXPECT_THROW((void)Map::parse("#.\x01", "e"), fray::Error);
  EXPECT_THROW((void)Map::load("/nonexistent/fray-map.txt"), fray::Error);
  EXPECT_THROW((void)Map(0, 3), fray::Error);
}

TEST(Map, LoadsAFileAndChecksPositions) {
  const std::string file = "/tmp/fray-map-test.txt";
  std::ofstream(file) << "#####\n#.+.#\n#####\n";
  const Map m = Map::load(file);
  std::remove(file.c_str());
  EXPECT_EQ(m.width(), 5);
  EXPECT_NO_THROW(require_standable(m, {1, 1}, "--at"));
  EXPECT_NO_THROW(require_standable(m, {2, 1}, "--at"));  // a doorway
  EXPECT_THROW(require_standable(m, {0, 1}, "--at"), fray::Error);
  EXPECT_THROW(require_inside(m, {5, 1}, "--to"), fray::Error);
  EXPECT_NO_THROW(require_inside(m, {0, 0}, "--to"));
}

TEST(Map, LoadRefusesWhatIsNotARegularFileAtOnce) {
  try {
    (void)Map::load("/tmp");
    FAIL() << "a directory was accepted";
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)Map::load("/dev/zero"), fray::Error);  // a device: refused before reading
  EXPECT_THROW((void)Map::load("/nonexistent/fray-map.txt"), fray::Error);
}

// A text of many short rows is refused by its size without memory for each
// row: the rows were listed first (16 bytes each), so these 2^25 rows (a
// 64 MiB text, 3 x 2^25 cells, past Map::max_cells) took 512 to 768 MiB
// before the size check. Run in a child whose address space has 256 MiB to
// spare; not under AddressSanitizer, which reserves terabytes of address
// space up front.
TEST(Map, ManyRowsAreRefusedWithoutMemoryPerRow) {
#if FRAY_TEST_ASAN
  GTEST_SKIP() << "an address-space limit does not apply under AddressSanitizer";
#endif
  const std::size_t rows = std::size_t{1} << 25;
  std::string text(2 * rows, '.');
  for (std::size_t i = 1; i < text.size(); i += 2) text[i] = '\n';
  text.insert(0, "..");  // the first row three cells wide
  std::fflush(nullptr);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The address space in use, from /proc/self/status (VmSize, in kB), plus 256 MiB.
    std::ifstream status("/proc/self/status");
    std::string line;
    unsigned long long kb = 0;
    while (std::getline(status, line))
      if (line.rfind("VmSize:", 0) == 0) kb = std::stoull(line.substr(7));
    const rlim_t limit = static_cast<rlim_t>(kb * 1024 + (256ull << 20));
    const rlimit rl{limit, limit};
    if (kb == 0 || setrlimit(RLIMIT_AS, &rl) != 0) _exit(3);
    try {
      (void)Map::parse(text, "tall");
    } catch (const fray::Error& e) {
      _exit(std::string(e.what()) == "map tall: the map is too large (3x33554432 cells)" ? 0 : 1);
    } catch (...) {
      _exit(2);  // std::bad_alloc: memory taken for the rows
    }
    _exit(4);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: another message, 2: out of memory, 3: no limit set, 4: accepted";
}
