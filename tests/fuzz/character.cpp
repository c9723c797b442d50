// Fuzz target: a DCSS 0.34 character file (fray/rules/crawl_0_34/character.hpp),
// the text `fray import --rules crawl-0.34 FILE` reads. The input is the file.
// parse_character answers or throws fray::Error; an answer's spec is one the
// 0.34 rules take (parse_character checks it, so a refused spec is an Error
// too), and its report builds.
#include "fuzz.hpp"

#include <fray/report/character.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/crawl_0_34/character.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fray;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    const crawl_0_34::Character c = crawl_0_34::parse_character(text, "FILE");
    if (c.spec.rfind("player:", 0) != 0) fuzz::fail("an imported spec that is not a player's");
    try {
      (void)crawl_0_34::parse_combatant(c.spec, "attacker");
    } catch (const Error&) {
      fuzz::fail("an imported spec the rules refuse");
    }
    const Report r = character_report("crawl-0.34", "FILE", c);
    if (r.text.rfind(c.spec, 0) != 0) fuzz::fail("the report does not start with the spec");
  } catch (const Error&) {
  }
  return 0;
}
