// Fuzz target: the command line, run in-process by fray::cli::run.
//
// Input: the arguments after the program name, one a line; optionally a NUL
// byte and then the text of a map. Every verb reads only: none writes a file.
// The only file a verb reads is --map, and every --map names one scratch file
// that holds the input's map text, so the target reads nothing else.
#include "fuzz.hpp"

#include <verbs.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace {

std::string scratch_map() {
  static const std::string path = [] {
    char name[] = "/tmp/fray-fuzz-cli-XXXXXX";
    const int fd = mkstemp(name);
    if (fd < 0) fray::fuzz::fail("cannot create the scratch map file");
    close(fd);
    return std::string(name);
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fray;
  std::string_view text = fuzz::as_text(data, size);
  std::string_view map_text;
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    map_text = text.substr(nul + 1);
    text = text.substr(0, nul);
  }
  std::vector<std::string> args{"fray"};
  for (std::string& a : fuzz::lines(text)) args.push_back(std::move(a));
  if (args.size() == 2 && args[1].empty()) args.pop_back();

  const std::string map = scratch_map();
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--map" && i + 1 < args.size())
      args[i + 1] = map;
    else if (args[i].rfind("--map=", 0) == 0)
      args[i] = "--map=" + map;
  }
  {
    std::ofstream f(map, std::ios::binary | std::ios::trunc);
    f.write(map_text.data(), static_cast<std::streamsize>(map_text.size()));
  }

  std::ostringstream out, err;
  const int status = cli::run(args, out, err);
  if (status != 0 && status != 2) fuzz::fail("an exit status other than 0 and 2");
  if (status == 2 && err.str().rfind("fray: error: ", 0) != 0) fuzz::fail("exit 2 without 'fray: error: ...'");
  return 0;
}
