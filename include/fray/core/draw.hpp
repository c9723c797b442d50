// fray/core/draw.hpp — one random draw as a trace records it.
//
// Every sampled answer (a strike, a sampled fight turn) can say which numbers
// it drew, in the game's order and with the game's own call, so that a reader
// can replay the game's arithmetic by hand.
#pragma once

#include <fray/core/value.hpp>

#include <string>

namespace fray {

// One draw, in the game's order.
struct Draw {
  std::string label;  // what it was for: "to-hit", "damage", "armor", ...
  std::string call;   // the game's call: "rand_range(0, 99)", "Random.IntRange(1, 8)"
  Value value;        // an integer, or a real for a float draw (Pixel Dungeon's Random.Float)
};

}  // namespace fray
