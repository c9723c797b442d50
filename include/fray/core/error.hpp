// fray/core/error.hpp — the one exception type fray throws for bad input.
#pragma once

#include <stdexcept>
#include <string>

namespace fray {

// Bad input: a spec, a catalog, a map, a dice expression, a number out of
// range. The message names the input; the command line prints it as
// "fray: error: <message>" and exits with status 2.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws Error with a formatted message when `ok` is false.
inline void require(bool ok, const std::string& message) {
  if (!ok) throw Error(message);
}

}  // namespace fray
