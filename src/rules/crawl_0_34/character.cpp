// A DCSS 0.34 character file read as a player spec (see character.hpp).
//
// Parsed by hand, line by line, without std::regex: its backtracking recurses
// on long lines, and the file is input from anywhere.
#include <fray/rules/crawl_0_34/character.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fray/core/embed.hpp>
#include <fray/core/error.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/crawl_0_34/species.hpp>
#include <fray/rules/spec.hpp>
#include <nlohmann/json.hpp>

namespace fray::crawl_0_34 {

namespace {

using Lines = std::vector<std::string_view>;

// The backgrounds of 0.34.1 (dat/jobs/*.yaml): name and short_name, which is
// the name's first two letters unless the file gives one (util/job-gen.py).
constexpr std::pair<std::string_view, std::string_view> kJobs[] = {
    {"Air Elementalist", "AE"},
    {"Alchemist", "Al"},
    {"Artificer", "Ar"},
    {"Berserker", "Be"},
    {"Brigand", "Br"},
    {"Chaos Knight", "CK"},
    {"Cinder Acolyte", "CA"},
    {"Conjurer", "Cj"},
    {"Delver", "De"},
    {"Earth Elementalist", "EE"},
    {"Enchanter", "En"},
    {"Fighter", "Fi"},
    {"Fire Elementalist", "FE"},
    {"Forgewright", "Fw"},
    {"Gladiator", "Gl"},
    {"Hedge Wizard", "HW"},
    {"Hexslinger", "Hs"},
    {"Hunter", "Hu"},
    {"Ice Elementalist", "IE"},
    {"Monk", "Mo"},
    {"Necromancer", "Ne"},
    {"Reaver", "Re"},
    {"Shapeshifter", "Sh"},
    {"Summoner", "Su"},
    {"Wanderer", "Wn"},
    {"Warper", "Wr"},
};

// skills.cc skill names -> the 0.34 player spec's keys.
constexpr std::pair<std::string_view, std::string_view> kSkillKeys[] = {
    {"Fighting", "fighting"},
    {"Short Blades", "short_blades"},
    {"Long Blades", "long_blades"},
    {"Axes", "axes"},
    {"Maces & Flails", "maces_flails"},
    {"Polearms", "polearms"},
    {"Staves", "staves"},
    {"Ranged Weapons", "ranged_weapons"},
    {"Throwing", "throwing"},
    {"Armour", "armor_skill"},
    {"Dodging", "dodging"},
    {"Shields", "shields_skill"},
    {"Unarmed Combat", "unarmed"},
    {"Stealth", "stealth"},
};

// item-name.cc weapon_brands_verbose ("of flaming"), weapon_brands_adj (the
// brands named before the item: brand_prefers_adj) and weapon_brands_terse
// (an artefact's {brand, ...}), 0.34.1 without the obsolete ones.
constexpr std::string_view kBrandVerbose[] = {
    "flaming",   "freezing",    "holy wrath", "electrocution", "venom",     "protection",    "draining",
    "speed",     "heavy",       "vampirism",  "pain",          "antimagic", "distortion",    "chaos",
    "confusion", "penetration", "reaping",    "spectralising", "rebuke",    "valour",        "entangling",
    "sundering", "concussion",  "devious",    "acid",          "weakness",  "vulnerability", "foul flame",
};
constexpr std::pair<std::string_view, std::string_view> kBrandAdjective[] = {
    {"vampiric", "vampirism"},     {"antimagic", "antimagic"}, {"heavy", "heavy"},
    {"spectral", "spectralising"}, {"devious", "devious"},
};
constexpr std::pair<std::string_view, std::string_view> kBrandTerse[] = {
    {"flame", "flaming"},       {"freeze", "freezing"},     {"holy", "holy wrath"},    {"elec", "electrocution"},
    {"venom", "venom"},         {"protect", "protection"},  {"drain", "draining"},     {"speed", "speed"},
    {"heavy", "heavy"},         {"vamp", "vampirism"},      {"pain", "pain"},          {"antimagic", "antimagic"},
    {"distort", "distortion"},  {"chaos", "chaos"},         {"confuse", "confusion"},  {"penet", "penetration"},
    {"reap", "reaping"},        {"spect", "spectralising"}, {"rebuke", "rebuke"},      {"valour", "valour"},
    {"entangle", "entangling"}, {"sunder", "sundering"},    {"concuss", "concussion"}, {"devious", "devious"},
    {"acid", "acid"},           {"weak", "weakness"},       {"vuln", "vulnerability"}, {"foul flame", "foul flame"},
};

struct Unrand {
  std::string name, object, base_name, brand;
  std::optional<int> base_damage, base_accuracy, base_delay;
};

const std::vector<Unrand>& unrands() {
  static const std::vector<Unrand> table = [] {
    std::vector<Unrand> out;
    const auto j = nlohmann::json::parse(catalog_text("crawl_0_34/unrands.json"));
    for (const auto& r : j.at("unrands")) {
      Unrand u;
      u.name = r.at("name").get<std::string>();
      u.object = r.at("object").get<std::string>();
      if (!r.at("base_name").is_null()) u.base_name = r.at("base_name").get<std::string>();
      if (!r.at("brand").is_null()) u.brand = r.at("brand").get<std::string>();
      auto opt = [&r](const char* k) -> std::optional<int> {
        if (r.contains(k)) return r.at(k).get<int>();
        return std::nullopt;
      };
      u.base_damage = opt("base_damage");
      u.base_accuracy = opt("base_accuracy");
      u.base_delay = opt("base_delay");
      out.push_back(std::move(u));
    }
    return out;
  }();
  return table;
}

std::string lower_case(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool eat(std::string_view& s, std::string_view p) {
  if (!s.starts_with(p)) return false;
  s.remove_prefix(p.size());
  return true;
}

Lines split_lines(std::string_view text) {
  Lines out;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

// A signed integer at the start of `s` (after blanks), at most 7 digits; nullopt when none.
std::optional<int> leading_int(std::string_view s) {
  s = trim(s);
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  int v = 0, digits = 0;
  while (!s.empty() && std::isdigit(static_cast<unsigned char>(s[0])) && digits < 7) {
    v = v * 10 + (s[0] - '0');
    s.remove_prefix(1);
    ++digits;
  }
  if (digits == 0) return std::nullopt;
  return neg ? -v : v;
}

// The number after "Label:" in an overview line ("AC: 44" -> 44).
std::optional<int> field(std::string_view line, std::string_view label) {
  for (std::size_t at = line.find(label); at != std::string_view::npos; at = line.find(label, at + 1)) {
    if (at > 0 && !std::isspace(static_cast<unsigned char>(line[at - 1]))) continue;
    return leading_int(line.substr(at + label.size()));
  }
  return std::nullopt;
}

// A decimal number ("14.3", "27") at the start of `s`; advances past it.
std::optional<double> eat_decimal(std::string_view& s) {
  std::size_t n = 0;
  int digits = 0;
  bool dot = false;
  while (n < s.size() && n < 8 && (std::isdigit(static_cast<unsigned char>(s[n])) || (s[n] == '.' && !dot))) {
    if (s[n] == '.')
      dot = true;
    else
      ++digits;
    ++n;
  }
  if (digits == 0) return std::nullopt;
  const std::string num(s.substr(0, n));
  s.remove_prefix(n);
  return std::stod(num);
}

class Reader {
 public:
  Reader(std::string_view text, std::string_view source) : lines_(split_lines(text)), source_(source) {}

  Character read();

 private:
  [[noreturn]] void fail(const std::string& what) const { throw Error(fmt::format("{}: {}", source_, what)); }
  void unused(std::string what) { c_.unused.push_back(std::move(what)); }
  // Held within +-10^6 however many items a (made-up) file lists: the spec's range refuses it anyway.
  void add_slaying(int v) { c_.slaying = std::clamp(c_.slaying + v, -1000000, 1000000); }

  void header();
  void identity(std::size_t title);
  void overview(std::size_t from, std::size_t to);
  void status_lines(std::size_t from, std::size_t to);
  void inventory(std::size_t from, std::size_t to);
  void skills(std::size_t from);
  void equip(CharacterItem it);
  std::string build_spec();
  std::size_t find_line(std::size_t from, std::string_view prefix_after_trim) const;

  Lines lines_;
  std::string_view source_;
  Character c_;
  std::map<std::string, int> muts_;  // claws, eyeballs, regeneration: the mutations the spec reads
  int artefact_regen_ = 0;
  bool regen_amulet_ = false;
};

std::size_t Reader::find_line(std::size_t from, std::string_view prefix) const {
  for (std::size_t i = from; i < lines_.size(); ++i)
    if (trim(lines_[i]).starts_with(prefix)) return i;
  return lines_.size();
}

void Reader::header() {
  std::size_t i = 0;
  while (i < lines_.size() && trim(lines_[i]).empty()) ++i;
  if (i == lines_.size()) fail("empty: not a DCSS character file");
  std::string_view h = trim(lines_[i]);
  const auto at = h.find("Dungeon Crawl Stone Soup version ");
  const auto end = h.find(" character file.");
  if (at == std::string_view::npos || end == std::string_view::npos || end < at)
    fail(
        "not a DCSS character file (its first line should read \" Dungeon Crawl Stone Soup version 0.34.x (...) "
        "character file.\")");
  std::string_view v = h.substr(at + 33, end - at - 33);
  v = v.substr(0, v.find(' '));
  c_.version = std::string(v);
  // 0.34.0, 0.34.1, 0.34.1-3-g...: a 0.34 release or a build on its branch;
  // 0.34-a0-... is the trunk before 0.34.0, 0.35-a0 the next one.
  std::string_view rest = v;
  const bool ok = eat(rest, "0.34.") && !rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0]));
  if (!ok)
    fail(fmt::format("a DCSS {} character file, not 0.34 (--rules crawl-0.34 imports 0.34.x files only)", c_.version));
}

void Reader::identity(std::size_t title) {
  // "Chih the Conqueror (Barachi Warper)   Turns: ..." or "(MiFi)".
  const std::string_view line = lines_[title];
  const auto turns = line.find("Turns:");
  const auto close = line.rfind(')', turns);
  const auto open = close == std::string_view::npos ? close : line.rfind('(', close);
  if (open == std::string_view::npos) fail("the title line has no (Species Background)");
  c_.name = std::string(trim(line.substr(0, line.find(' '))));
  const std::string_view what = line.substr(open + 1, close - open - 1);
  const Species* species = nullptr;
  std::size_t best = 0;
  for (const Species& s : all_species())
    if (s.name.size() > best && what.starts_with(s.name) && what.size() > s.name.size() && what[s.name.size()] == ' ') {
      species = &s;
      best = s.name.size();
    }
  if (species) {
    const std::string_view job = what.substr(best + 1);
    for (const auto& [name, abbrev] : kJobs)
      if (job == name) c_.background = std::string(name);
    if (c_.background.empty()) fail(fmt::format("unknown 0.34 background '{}' in the title line", job));
  } else if (what.size() == 4) {
    // The short form the title takes when the full one is too long (MiFi):
    // the species' and the background's two-letter abbreviations.
    species = find_species(what.substr(0, 2));
    for (const auto& [name, abbrev] : kJobs)
      if (what.substr(2) == abbrev) c_.background = std::string(name);
    if (!species || c_.background.empty()) fail(fmt::format("unknown 0.34 species and background '{}'", what));
  } else {
    fail(fmt::format("unknown 0.34 species and background '{}' in the title line", what));
  }
  c_.species = species->key;
}

void Reader::overview(std::size_t from, std::size_t to) {
  std::optional<int> ac, ev, sh, str, intel, dex, xl;
  bool health = false;
  for (std::size_t i = from; i < to; ++i) {
    const std::string_view l = lines_[i];
    for (std::string_view label : {"Health:", "HP:"}) {
      if (health) break;
      const auto at = l.find(label);
      if (at != 0) continue;
      std::string_view rest = l.substr(label.size());
      const auto cur = leading_int(rest);
      const auto slash = rest.find('/');
      const auto max = slash == std::string_view::npos ? std::nullopt : leading_int(rest.substr(slash + 1));
      if (!cur || !max) fail(fmt::format("cannot read the HP of \"{}\"", trim(l)));
      c_.hp = *cur;
      c_.hp_max = *max;
      health = true;
    }
    auto take = [&](std::optional<int>& v, std::string_view label) {
      if (!v) v = field(l, label);
    };
    take(ac, "AC:");
    take(ev, "EV:");
    take(sh, "SH:");
    take(str, "Str:");
    take(intel, "Int:");
    take(dex, "Dex:");
    take(xl, "XL:");
    if (const auto at = l.find("God:"); at != std::string_view::npos && c_.god.empty()) {
      std::string_view g = trim(l.substr(at + 4));
      g = trim(g.substr(0, g.find('[')));
      c_.god = std::string(g);
    }
  }
  auto need = [&](const std::optional<int>& v, std::string_view what) {
    if (!v) fail(fmt::format("no {} in the overview (a truncated file?)", what));
    return *v;
  };
  if (!health) fail("no Health or HP in the overview (a truncated file?)");
  c_.ac = need(ac, "AC");
  c_.ev = need(ev, "EV");
  c_.sh = need(sh, "SH");
  c_.str = need(str, "Str");
  c_.intel = need(intel, "Int");
  c_.dex = need(dex, "Dex");
  c_.xl = need(xl, "XL");
}

// The "@:" status, "A:" mutation and "%:" passive lines, each with its
// continuation lines (output.cc wraps them).
void Reader::status_lines(std::size_t from, std::size_t to) {
  std::map<std::string, std::string> blocks;
  std::string* cur = nullptr;
  for (std::size_t i = from; i < to; ++i) {
    const std::string_view l = lines_[i];
    if (trim(l).empty()) {
      cur = nullptr;
      continue;
    }
    if (l.size() >= 3 && l[1] == ':' && l[2] == ' ' && !std::isspace(static_cast<unsigned char>(l[0]))) {
      cur = &blocks[std::string(1, l[0])];
      *cur = std::string(trim(l.substr(2)));
    } else if (cur) {
      *cur += " " + std::string(trim(l));
    }
  }
  auto entries = [](const std::string& block) {
    std::vector<std::string> out;
    std::string item;
    int depth = 0;
    for (char ch : block) {
      if (ch == '(') ++depth;
      if (ch == ')') --depth;
      if (ch == ',' && depth == 0) {
        if (!trim(item).empty()) out.emplace_back(trim(item));
        item.clear();
      } else {
        item += ch;
      }
    }
    if (!trim(item).empty()) out.emplace_back(trim(item));
    return out;
  };
  for (const std::string& s : entries(blocks["@"])) {
    const auto at = s.find("-form");
    if (at != std::string::npos && at + 5 == s.size()) c_.form = s.substr(0, at);
  }
  if (!c_.form.empty())
    unused(
        fmt::format("form {}: fray does not model forms; the spec is the character out of form, with the "
                    "file's AC, EV and SH (which include the form's)",
                    c_.form));
  for (const std::string& m : entries(blocks["A"])) {
    // "claws 3"; "(tough skin 1)" is a mutation the form or the species suppresses.
    if (m.front() == '(') {
      unused(fmt::format("mutation {}: inactive", m));
      continue;
    }
    const auto sp = m.rfind(' ');
    const auto level = sp == std::string::npos ? std::nullopt : leading_int(std::string_view(m).substr(sp + 1));
    const std::string name = level ? m.substr(0, sp) : m;
    if (level && (name == "claws" || name == "eyeballs" || name == "regeneration") && *level >= 0 && *level <= 3) {
      muts_[name] = *level;
      continue;
    }
    unused(fmt::format("mutation {}: not read from the file (species= carries the species' innate ones)", m));
  }
  if (!blocks["%"].empty() && blocks["%"] != "no passive effects")
    unused(fmt::format("passive effects {}: fray does not read them", blocks["%"]));
}

// One inventory line (" C - the cursed +8 arc blade (weapon) {discharge, rElec}")
// read as an equipped item; nullopt when the item is not equipped.
std::optional<CharacterItem> read_item(std::string_view line, std::string_view section);

// A Coglin's second weapon (" (offhand)") is never the wielded one, whichever line comes first.
std::optional<CharacterItem> equipped(std::string_view line, std::string_view section) {
  auto it = read_item(line, section);
  if (it && it->slot == "weapon" && line.find(" (offhand)") != std::string_view::npos) it->slot = "offhand";
  return it;
}

std::optional<CharacterItem> read_item(std::string_view line, std::string_view section) {
  if (line.size() < 6 || line[0] != ' ' || !std::isalpha(static_cast<unsigned char>(line[1])) ||
      line.substr(2, 3) != " - ")
    return std::nullopt;
  std::string_view s = line.substr(5);
  static constexpr std::string_view marks[] = {" (weapon)", " (offhand)", " (worn)",
                                               " (melded)", " (haunted)", " (installed)"};
  std::size_t at = std::string_view::npos;
  std::string_view mark;
  for (std::string_view m : marks)
    if (const auto p = s.find(m); p != std::string_view::npos && p < at) {
      at = p;
      mark = m;
    }
  if (at == std::string_view::npos) return std::nullopt;
  CharacterItem it;
  std::string_view name = trim(s.substr(0, at));
  it.text = std::string(name);
  it.melded = mark == " (melded)";
  std::string_view after = trim(s.substr(at + mark.size()));
  std::string first_group;
  if (!after.empty() && after.front() == '{' && after.find('}') != std::string_view::npos) {
    const std::string_view inside = after.substr(1, after.find('}') - 1);
    first_group = std::string(trim(inside.substr(0, inside.find(','))));
    std::string tok;
    for (char ch : inside) {
      if (ch == ' ' || ch == ',') {
        if (!tok.empty()) it.properties.push_back(tok);
        tok.clear();
      } else {
        tok += ch;
      }
    }
    if (!tok.empty()) it.properties.push_back(tok);
  }
  // item-name.cc: "the" before an artefact, "a"/"an" before the rest.
  const bool artefact = eat(name, "the ");
  if (!artefact && !eat(name, "a ")) eat(name, "an ");
  eat(name, "cursed ");
  if (!name.empty() && (name[0] == '+' || name[0] == '-') && name.size() > 1 &&
      std::isdigit(static_cast<unsigned char>(name[1]))) {
    it.enchant = leading_int(name).value_or(0);
    const auto sp = name.find(' ');
    name = sp == std::string_view::npos ? std::string_view{} : name.substr(sp + 1);
  }
  const bool weapon_section = section == "Hand Weapons" || mark == " (weapon)" || mark == " (offhand)";
  const bool staff = section == "Magical Staves";
  const bool armour = section == "Armour";
  // A named unrandart (art-data.txt NAME): its base item from unrands.json.
  std::string_view bare = name;
  eat(bare, "pair of ");
  for (const Unrand& u : unrands()) {
    if (lower_case(u.name) != lower_case(name) && lower_case(u.name) != lower_case(bare)) continue;
    it.unrandart = true;
    it.artefact = u.name;
    it.base = u.base_name;
    if (u.brand.starts_with("SPWPN_") || u.brand.starts_with("SPARM_")) it.brand = lower_case(u.brand.substr(6));
    if (u.object == "weapon") it.slot = "weapon";
    if (u.object == "armour") {
      const ArmorProp* a = u.base_name.empty() ? nullptr : find_armor(u.base_name);
      it.slot = a ? (a->is_body() ? "body" : a->is_shield() ? "shield" : lower_case(a->slot.substr(5))) : "body";
    }
    if (u.object == "jewellery") it.slot = lower_case(u.name).find("amulet") != std::string::npos ? "amulet" : "ring";
    if (it.slot.empty()) it.slot = u.object;
    return it;
  }
  if (staff) {
    // An OBJ_STAVES item: fray's "magical staff" row.
    it.slot = "weapon";
    it.base = "magical staff";
    it.artefact = std::string(name);
    return it;
  }
  if (weapon_section || armour) {
    // The longest catalog name the text holds, at word boundaries.
    std::size_t pos = std::string_view::npos, len = 0;
    auto consider = [&](const std::string& base, bool legacy) {
      if (legacy || base.size() <= len) return;
      for (std::size_t p = name.find(base); p != std::string_view::npos; p = name.find(base, p + 1)) {
        const bool left = p == 0 || name[p - 1] == ' ';
        const std::size_t e = p + base.size();
        const bool right = e == name.size() || name[e] == ' ';
        if (left && right) {
          pos = p;
          len = base.size();
          it.base = base;
          return;
        }
      }
    };
    if (weapon_section)
      for (const WeaponProp& w : weapons()) consider(w.name, w.legacy || w.magic_staff);
    else
      for (const ArmorProp& a : armors()) consider(a.name, a.legacy);
    if (pos == std::string_view::npos) {
      it.slot = weapon_section ? "weapon" : (name.find("dragon scales") != std::string_view::npos ? "body" : "armour");
      it.artefact = artefact ? std::string(name) : "";
      return it;
    }
    std::string_view prefix = trim(name.substr(0, pos)), suffix = trim(name.substr(pos + len));
    if (weapon_section) {
      it.slot = "weapon";
      for (const auto& [adj, brand] : kBrandAdjective)
        if (prefix == adj) it.brand = std::string(brand);
    } else {
      const ArmorProp& a = *find_armor(it.base);
      it.slot = a.is_body() ? "body" : a.is_shield() ? "shield" : lower_case(std::string_view(a.slot).substr(5));
    }
    if (artefact) {
      std::string_view own = suffix;
      eat(own, "of ");
      it.artefact = std::string(own.empty() ? name : own);
      for (const auto& [terse, brand] : kBrandTerse)
        if (first_group == terse) it.brand = std::string(brand);
    } else if (eat(suffix, "of ")) {
      it.brand = std::string(suffix);  // "of flaming", "of protection", "of fire resistance"
    }
    return it;
  }
  if (section == "Jewellery") {
    it.slot = name.starts_with("amulet") ? "amulet" : "ring";
    it.artefact = artefact ? std::string(name) : "";
    if (!artefact && eat(name, it.slot == "amulet" ? "amulet of " : "ring of ")) it.brand = std::string(name);
    return it;
  }
  it.slot = section == "Talismans" ? "talisman" : lower_case(section);
  if (it.slot.empty()) it.slot = "item";
  return it;
}

void Reader::inventory(std::size_t from, std::size_t to) {
  std::string_view section;
  for (std::size_t i = from; i < to; ++i) {
    const std::string_view l = lines_[i];
    if (l.empty()) continue;
    if (!std::isspace(static_cast<unsigned char>(l[0]))) {
      section = trim(l);
      continue;
    }
    if (auto it = equipped(l, section)) equip(std::move(*it));
  }
}

void Reader::equip(CharacterItem it) {
  if (!it.melded) {
    for (const std::string& p : it.properties) {
      std::string_view t = p;
      if (eat(t, "Slay") && !t.empty() && (t[0] == '+' || t[0] == '-')) add_slaying(leading_int(t).value_or(0));
      std::string_view r = p;
      if (eat(r, "Regen") && !r.empty() && r.find_first_not_of('+') == std::string_view::npos)
        artefact_regen_ = std::min(artefact_regen_ + static_cast<int>(std::min<std::size_t>(r.size(), 1000)), 1000000);
    }
    if (it.slot == "ring" && it.brand == "slaying") add_slaying(it.enchant);
    if (it.slot == "amulet" && it.brand == "regeneration") regen_amulet_ = true;
  }
  std::optional<CharacterItem>* place = it.slot == "weapon"   ? &c_.weapon
                                        : it.slot == "body"   ? &c_.body
                                        : it.slot == "shield" ? &c_.shield
                                                              : nullptr;
  if (place && !place->has_value()) {
    *place = std::move(it);
    return;
  }
  c_.other.push_back(std::move(it));
}

void Reader::skills(std::size_t from) {
  for (std::size_t i = from + 1; i < lines_.size(); ++i) {
    std::string_view l = lines_[i];
    if (trim(l).empty()) break;
    // " + Level 14.1(22.2) Axes": the base level, then the current one when it differs.
    const auto at = l.find("Level ");
    if (at == std::string_view::npos || at > 4) fail(fmt::format("cannot read the skill line \"{}\"", trim(l)));
    std::string_view s = l.substr(at + 6);
    auto level = eat_decimal(s);
    if (!level) fail(fmt::format("cannot read the skill line \"{}\"", trim(l)));
    if (eat(s, "(")) {
      level = eat_decimal(s);
      if (!level || !eat(s, ")")) fail(fmt::format("cannot read the skill line \"{}\"", trim(l)));
    }
    const std::string_view name = trim(s);
    if (*level > 27) fail(fmt::format("skill {} at level {}, above 27", name, *level));
    bool known = false;
    for (const auto& [skill, key] : kSkillKeys)
      if (name == skill) {
        c_.skills[std::string(key)] = *level;
        known = true;
      }
    if (!known) unused(fmt::format("skill {} {}: fray does not use it in melee", name, *level));
  }
}

std::string num(double v) { return fmt::format("{}", v); }

std::string Reader::build_spec() {
  std::vector<std::string> keys;
  auto add = [&keys](std::string_view k, const std::string& v) { keys.push_back(fmt::format("{}={}", k, v)); };
  add("species", c_.species);
  add("xl", std::to_string(c_.xl));
  add("str", std::to_string(c_.str));
  add("dex", std::to_string(c_.dex));
  if (c_.hp_max >= 1) add("hp", std::to_string(c_.hp_max));
  unused(fmt::format("Int {}: fray's melee does not read Intelligence", c_.intel));
  if (!c_.god.empty()) unused(fmt::format("god {}: fray does not model gods", c_.god));
  // The wielded weapon's skill key; the other weapon skills are refused by the spec.
  std::string_view own;
  const WeaponProp* w = nullptr;
  if (c_.weapon && !c_.weapon->melded) {
    const CharacterItem& it = *c_.weapon;
    if (it.base.empty())
      fail(
          fmt::format("the wielded '{}' is not in fray's crawl-0.34 weapon catalog (fray list --rules crawl-0.34 "
                      "weapons)",
                      it.text));
    w = it.base == "magical staff" ? find_weapon("magical_staff") : find_weapon(it.base);
    if (!w) fail(fmt::format("the wielded '{}' ({}) is not in fray's crawl-0.34 weapon catalog", it.text, it.base));
    for (const auto& [skill, key] :
         std::initializer_list<std::pair<std::string_view, std::string_view>>{{"SK_SHORT_BLADES", "short_blades"},
                                                                              {"SK_LONG_BLADES", "long_blades"},
                                                                              {"SK_AXES", "axes"},
                                                                              {"SK_MACES_FLAILS", "maces_flails"},
                                                                              {"SK_POLEARMS", "polearms"},
                                                                              {"SK_STAVES", "staves"},
                                                                              {"SK_RANGED_WEAPONS", "ranged_weapons"},
                                                                              {"SK_THROWING", "throwing"}})
      if (w->skill == skill) own = key;
  } else if (c_.weapon) {
    unused(fmt::format("weapon {}: melded into the form", c_.weapon->text));
  }
  static constexpr std::string_view weapon_skills[] = {"short_blades", "long_blades", "axes",          "maces_flails",
                                                       "polearms",     "staves",      "ranged_weapons"};
  auto skill = [&](std::string_view key) {
    const auto it = c_.skills.find(std::string(key));
    if (it == c_.skills.end() || it->second <= 0) return;
    if (std::find(std::begin(weapon_skills), std::end(weapon_skills), key) != std::end(weapon_skills) && key != own) {
      unused(fmt::format("{}={}: not the wielded weapon's skill", key, num(it->second)));
      return;
    }
    add(key, num(it->second));
  };
  skill("fighting");
  for (std::string_view k : weapon_skills) skill(k);
  for (std::string_view k : {"unarmed", "throwing", "dodging", "armor_skill", "shields_skill", "stealth"}) skill(k);
  if (w) {
    const CharacterItem& it = *c_.weapon;
    add("weapon", catalog_key(w->name));
    if (it.enchant != 0 && !w->magic_staff) add("enchant", std::to_string(it.enchant));
    // The brand goes into the spec; one whose effect fray does not follow (all
    // or part of it) is also listed here, and the answers name it in not_modelled.
    if (!it.brand.empty()) {
      if (const auto b = find_brand(it.brand); !b) {
        unused(fmt::format("weapon brand {}: not a weapon brand fray knows", it.brand));
      } else if (*b != Brand::none) {
        const BrandInfo& bi = brand_info(*b);
        add("brand", std::string(bi.key));
        if (!bi.modelled)
          unused(
              fmt::format("weapon brand {}: carried as brand={}, but not all it does is modelled ({}); the answers "
                          "name it in not_modelled",
                          it.brand, bi.key, bi.effect));
      }
    }
    if (w->magic_staff)
      unused(fmt::format("weapon {}: a magical staff's spell enhancement and damage are not modelled", it.text));
    if (it.unrandart) {
      for (const Unrand& u : unrands())
        if (u.name == it.artefact) {
          // art-data.txt BASE_DAM, BASE_ACC, BASE_DELAY: added to the base item's.
          auto adds = [&](const std::optional<int>& v, std::string_view what, int base) {
            if (v)
              unused(fmt::format("{} adds {:+} to the {} of its {} ({}): fray's weapon= has the base item's", u.name,
                                 *v, what, w->name, base));
          };
          adds(u.base_damage, "damage", w->damage);
          adds(u.base_accuracy, "accuracy", w->accuracy);
          adds(u.base_delay, "delay", w->base_delay);
        }
    }
  }
  // An artefact's properties beyond Slay and Regen (stats, AC, EV and SH are
  // in the file's values; resistances, Rampage, ... fray does not model).
  for (const auto* it : {&c_.weapon, &c_.body, &c_.shield}) {
    if (!it->has_value() || (*it)->melded) continue;
    const CharacterItem& i = **it;
    std::string props;
    for (const std::string& p : i.properties) props += (props.empty() ? "" : " ") + p;
    if (i.unrandart)
      unused(
          fmt::format("unrandart {}: fray reads its base item{} and enchantment; its own effects{} are not "
                      "modelled",
                      i.artefact, i.base.empty() ? "" : " (" + i.base + ")", props.empty() ? "" : " {" + props + "}"));
    else if (!props.empty())
      unused(fmt::format("{} {} properties {{{}}}: fray reads only Slay and Regen", i.slot, i.text, props));
  }
  if (c_.slaying != 0) add("slaying", std::to_string(c_.slaying));
  if (c_.body) {
    const CharacterItem& it = *c_.body;
    if (it.melded) {
      unused(fmt::format("body armour {}: melded into the form", it.text));
    } else if (it.base.empty() || !find_armor(it.base)) {
      unused(
          fmt::format("body armour {}: not in fray's crawl-0.34 armour catalog, left out of the spec (its AC and "
                      "EV are in the file's; its encumbrance's to-hit penalty is not counted)",
                      it.text));
    } else {
      add("body", catalog_key(it.base));
      if (it.enchant != 0) add("body_enchant", std::to_string(it.enchant));
      if (!it.brand.empty()) unused(fmt::format("body armour ego {}: fray does not read it", it.brand));
    }
  }
  if (c_.shield) {
    const CharacterItem& it = *c_.shield;
    if (it.melded) {
      unused(fmt::format("shield {}: melded into the form", it.text));
    } else if (it.base.empty()) {
      unused(fmt::format("off-hand {}: not a shield of fray's catalog", it.text));
    } else {
      add("shield", catalog_key(it.base));
      if (it.enchant != 0) add("shield_enchant", std::to_string(it.enchant));
      if (!it.brand.empty()) unused(fmt::format("shield ego {}: fray does not read it", it.brand));
    }
  }
  for (const CharacterItem& it : c_.other) {
    if (it.slot == "ring" && it.brand == "slaying") continue;
    if (it.slot == "amulet" && it.brand == "regeneration") continue;
    if (it.slot == "offhand" || it.slot == "weapon")
      unused(fmt::format("off-hand weapon {}: fray models one weapon", it.text));
    else
      unused(
          fmt::format("{} {}: fray reads only its Slay and Regen properties (its AC, EV, SH and stats are in the "
                      "file's values)",
                      it.slot, it.text));
  }
  for (const auto& [m, lv] : muts_)
    if (lv > 0) add(m, std::to_string(lv));
  if (regen_amulet_) add("amulet", "regeneration");
  if (artefact_regen_ > 0) add("artefact_regen", std::to_string(std::min(artefact_regen_, 20)));
  add("ac", std::to_string(c_.ac));
  add("ev", std::to_string(c_.ev));
  // output.cc shows player_displayed_shield_class(), player_shield_class()/2;
  // the spec's sh= is player_shield_class(): twice the file's (it may be one more).
  add("sh", std::to_string(2 * c_.sh));
  std::string spec = "player:";
  for (std::size_t i = 0; i < keys.size(); ++i) spec += (i ? "," : "") + keys[i];
  return spec;
}

Character Reader::read() {
  header();
  std::size_t title = lines_.size();
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    const std::string_view l = lines_[i];
    if (l.find("Turns:") != std::string_view::npos && l.find(')') != std::string_view::npos &&
        !std::isspace(static_cast<unsigned char>(l.empty() ? ' ' : l[0]))) {
      title = i;
      break;
    }
  }
  if (title == lines_.size()) fail("no title line (\"NAME the TITLE (Species Background)  Turns: ...\"): truncated?");
  identity(title);
  const std::size_t inv = find_line(title, "Inventory:");
  if (inv == lines_.size()) fail("no Inventory section: truncated?");
  overview(title + 1, inv);
  status_lines(title + 1, inv);
  const std::size_t sk = find_line(inv, "Skills:");
  if (sk == lines_.size()) fail("no Skills section: truncated?");
  inventory(inv + 1, sk);
  skills(sk);
  if (c_.xl < 1 || c_.xl > 27) fail(fmt::format("XL {} is not 1..27", c_.xl));
  c_.spec = build_spec();
  try {
    (void)parse_combatant(c_.spec, "attacker");
  } catch (const Error& e) {
    fail(fmt::format("its spec {} is refused: {}", c_.spec, e.what()));
  }
  return c_;
}

}  // namespace

Character parse_character(std::string_view text, std::string_view source) { return Reader(text, source).read(); }

}  // namespace fray::crawl_0_34
