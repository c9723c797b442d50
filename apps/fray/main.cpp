// The `fray` executable: the command line of apps/fray/cli.cpp on the
// process's own arguments and streams.
#include "verbs.hpp"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(true);
  const std::vector<std::string> args(argv, argv + argc);
  // The process's own stderr: a progress bar may go there on a terminal.
  return fray::cli::run(args, std::cout, std::cerr, {.terminal = true});
}
