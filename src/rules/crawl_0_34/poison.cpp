// DCSS 0.34 melee-attack.cc mons_do_poison's amounts; the rest of 0.34's
// poison is 0.19's code at 0.34's rate (fray/rules/crawl_0_34/poison.hpp).
#include <fray/rules/crawl_0_34/poison.hpp>

namespace fray::crawl_0_34 {

PoisonRange poison_range(std::string_view flavour, int hd) {
  if (flavour == "AF_POISON_STRONG") return {hd * 11 / 3, hd * 13 / 2};
  if (flavour == "AF_MINIPARA") return {hd, hd * 2};
  if (flavour == "AF_POISON" || flavour == "AF_REACH_STING") return {hd * 2, hd * 4};
  return {};
}

}  // namespace fray::crawl_0_34
