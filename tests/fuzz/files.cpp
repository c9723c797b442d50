// Fuzz target: the inputs fray reads from files and from the names in them.
//
// The catalogs (data/<game>/*.json) are compiled into the library, so at run
// time the one file fray reads is a map (--map). Byte 0 picks what the rest
// of the input is:
//   0: a map file, read by grid::Map::load from a scratch file; the text form
//      of the map it gives must read back as the same map;
//   1: a combatant spec, read by parse_spec and SpecReader's typed reads;
//   2: numbers and points (parse_int, parse_number, parse_point, split_list);
//   3: a name looked up in every ruleset's catalogs (catalog_key, did_you_mean,
//      ruleset(id), parse_catalog_kind).
#include "fuzz.hpp"

#include <fray/core/suggest.hpp>
#include <fray/grid/map.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/spec.hpp>

#include <unistd.h>

#include <fstream>

namespace {

using namespace fray;

std::string scratch_file() {
  static const std::string path = [] {
    char name[] = "/tmp/fray-fuzz-files-XXXXXX";
    const int fd = mkstemp(name);
    if (fd < 0) fuzz::fail("cannot create the scratch file");
    close(fd);
    return std::string(name);
  }();
  return path;
}

void map_file(std::string_view text) {
  const std::string path = scratch_file();
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  try {
    const grid::Map map = grid::Map::load(path);
    const grid::Map again = grid::Map::parse(map.text(), "again");
    if (again.width() != map.width() || again.height() != map.height() || again.text() != map.text())
      fuzz::fail("a map's text form does not read back as the same map");
  } catch (const Error&) {
  }
}

void spec(std::string_view text) {
  try {
    SpecReader r(parse_spec(text), "fuzz");
    (void)r.has("hp");
    (void)r.integer("hp", -1000, 1000);
    (void)r.number("speed", 0.0, 100.0);
    (void)r.flag("sleeping");
    (void)r.range("damage", -100, 100);
    (void)r.choice("kind", {"melee", "ranged"});
    (void)r.text("name");
    r.done("hp, speed, sleeping, damage, kind, name");
  } catch (const Error&) {
  }
}

void numbers(std::string_view text) {
  try {
    (void)parse_int(text, "n");
  } catch (const Error&) {
  }
  try {
    (void)parse_number(text, "x");
  } catch (const Error&) {
  }
  try {
    (void)parse_point(text, "p");
  } catch (const Error&) {
  }
  for (const std::string& part : split_list(text))
    if (part.empty()) fuzz::fail("split_list gave an empty part");
}

void names(std::string_view text) {
  (void)catalog_key(text);
  try {
    (void)ruleset(text);
  } catch (const Error&) {
  }
  try {
    (void)parse_catalog_kind(text);
  } catch (const Error&) {
  }
  // Every catalog's names, gathered once: building the catalogs is not the
  // input under test, and doing it per input made this mode slow.
  static const std::vector<std::vector<std::string>> catalogs = [] {
    std::vector<std::vector<std::string>> all;
    for (const Ruleset* r : rulesets())
      for (const CatalogKind kind : r->catalogs()) {
        std::vector<std::string> known;
        for (const CatalogEntry& e : r->catalog(kind)) known.push_back(e.name);
        all.push_back(std::move(known));
      }
    return all;
  }();
  for (const auto& known : catalogs) (void)did_you_mean(text, known);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  switch (data[0] % 4) {
    case 0:
      map_file(text);
      break;
    case 1:
      spec(text);
      break;
    case 2:
      numbers(text);
      break;
    default:
      names(text);
      break;
  }
  return 0;
}
