// Reading a rules file's TOML (docs/rules.md) into a Game: every table and
// key checked, each problem reported at its line and column.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 1
#include <toml++/toml.h>

#include "game.hpp"

#include <fray/core/suggest.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace fray::rules_file {

namespace {

constexpr std::size_t kMaxEntries = 10'000;
constexpr std::size_t kMaxIncludes = 16;

class Reader {
 public:
  Reader(std::string_view text, std::string origin) : text_(text), file_(std::move(origin)) {}

  [[noreturn]] void fail(const toml::source_region& at, const std::string& what) const {
    throw RulesFileError(file_, static_cast<int>(at.begin.line), static_cast<int>(at.begin.column), what);
  }
  [[noreturn]] void fail(const toml::node& at, const std::string& what) const { fail(at.source(), what); }

  toml::table parse() const {
    try {
      return toml::parse(text_, file_);
    } catch (const toml::parse_error& e) {
      throw RulesFileError(file_, static_cast<int>(e.source().begin.line), static_cast<int>(e.source().begin.column),
                           std::string(e.description()));
    }
  }

  // The place of a string value's first character in the file: after its
  // opening quotes, and after the line break a multi-line string starts with.
  Pos content_start(const toml::node& n) const {
    const auto b = n.source().begin;
    std::size_t at = 0;
    for (toml::source_index line = 1; line < b.line && at < text_.size(); ++at)
      if (text_[at] == '\n') ++line;
    at += b.column - 1;
    Pos p{static_cast<int>(b.line), static_cast<int>(b.column)};
    const std::string_view rest = at < text_.size() ? text_.substr(at) : std::string_view{};
    if (rest.starts_with("'''") || rest.starts_with("\"\"\"")) {
      p.column += 3;
      std::string_view after = rest.substr(3);
      if (after.starts_with("\r\n") || after.starts_with("\n")) return {p.line + 1, 1};
      return p;
    }
    if (rest.starts_with("'") || rest.starts_with("\"")) p.column += 1;
    return p;
  }

  std::string text_of(const toml::node& n, std::string_view what) const {
    if (!n.is_string()) fail(n, fmt::format("{} must be a string", what));
    return std::string(n.as_string()->get());
  }

  // Keys of a table, each checked against those it may have.
  void only(const toml::table& t, std::initializer_list<std::string_view> keys, std::string_view where) const {
    for (auto&& [k, v] : t) {
      (void)v;
      if (std::find(keys.begin(), keys.end(), k.str()) != keys.end()) continue;
      std::vector<std::string> known(keys.begin(), keys.end());
      fail(k.source(), fmt::format("{}: unknown key '{}'{} (keys: {})", where, k.str(), did_you_mean(k.str(), known),
                                   fmt::join(known, ", ")));
    }
  }

  const std::string& file() const { return file_; }
  std::string_view text() const { return text_; }

 private:
  std::string_view text_;
  std::string file_;
};

// A table's keys and values in the order the file writes them (toml++ keeps
// a table sorted by key).
std::vector<std::pair<const toml::key*, const toml::node*>> in_order(const toml::table& t) {
  std::vector<std::pair<const toml::key*, const toml::node*>> out;
  for (auto&& [k, v] : t) out.emplace_back(&k, &v);
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    const auto a = x.first->source().begin, b = y.first->source().begin;
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
  return out;
}

bool good_id(std::string_view id) {
  if (id.empty() || id.size() > 32 || !std::islower(static_cast<unsigned char>(id[0]))) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-';
  });
}

bool good_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '\'' || c == ' ';
  });
}

// A stat's value from the file, checked against its type and range.
Val stat_value(const Reader& r, const Stat& s, const toml::node& n, std::string_view where) {
  Val v;
  v.type = s.type;
  switch (s.type) {
    case Type::integer:
      if (!n.is_integer()) r.fail(n, fmt::format("{}: {} is an integer stat", where, s.name));
      v.i = n.as_integer()->get();
      break;
    case Type::real:
      if (n.is_integer())
        v.r = static_cast<double>(n.as_integer()->get());
      else if (n.is_floating_point())
        v.r = n.as_floating_point()->get();
      else
        r.fail(n, fmt::format("{}: {} is a real stat", where, s.name));
      if (!std::isfinite(v.r)) r.fail(n, fmt::format("{}: {} must be finite", where, s.name));
      break;
    case Type::boolean:
      if (!n.is_boolean()) r.fail(n, fmt::format("{}: {} is a flag (true or false)", where, s.name));
      v.i = n.as_boolean()->get() ? 1 : 0;
      break;
    case Type::dice:
      break;
  }
  if ((s.type == Type::integer || s.type == Type::real) &&
      ((s.has_min && v.num() < s.min) || (s.has_max && v.num() > s.max)))
    r.fail(n, fmt::format("{}: {} {} is outside its range {}..{}", where, s.name, v.num(), s.min, s.max));
  return v;
}

std::string dice_text(const Reader& r, const Stat& s, const toml::node& n, std::string_view where) {
  std::string text;
  if (n.is_integer())
    text = std::to_string(n.as_integer()->get());
  else if (n.is_string())
    text = std::string(n.as_string()->get());
  else
    r.fail(n, fmt::format("{}: {} is a dice stat: give a dice expression such as \"2d6\"", where, s.name));
  try {
    const Dice d = Dice::parse(text);
    (void)d.exact();
  } catch (const Error& e) {
    r.fail(n, fmt::format("{}: {}: {}", where, s.name, e.what()));
  }
  return text;
}

void read_stats(const Reader& r, const toml::table& root, Game& g) {
  const toml::node* node = root.get("stats");
  if (!node) throw RulesFileError(r.file(), 1, 1, "no [stats] table (a game needs at least an hp stat)");
  const toml::table* t = node->as_table();
  if (!t) r.fail(*node, "stats must be a table of stats");
  for (const auto& [kp, vp] : in_order(*t)) {
    const toml::key& k = *kp;
    const toml::node& v = *vp;
    const std::string name(k.str());
    bool ok = !name.empty() && name.size() <= 64 && std::isalpha(static_cast<unsigned char>(name[0]));
    for (char c : name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    if (!ok)
      r.fail(k.source(),
             fmt::format("stat '{}': a stat's name is letters, digits and '_', starting with a letter", name));
    static const std::set<std::string> reserved = {"name", "class", "weapon", "armor", "armour", "if",
                                                   "then", "elif",  "else",   "end",   "return", "and",
                                                   "or",   "not",   "true",   "false"};
    if (reserved.count(name)) r.fail(k.source(), fmt::format("stat '{}': the name is taken by the format", name));
    const toml::table* st = v.as_table();
    if (!st) r.fail(v, fmt::format("stat '{}' must be a table: {{ default = ..., help = \"...\" }}", name));
    r.only(*st, {"type", "default", "min", "max", "help"}, fmt::format("stat '{}'", name));
    Stat s;
    s.name = name;
    if (const toml::node* ty = st->get("type")) {
      const std::string word = r.text_of(*ty, fmt::format("stat '{}': type", name));
      if (word == "int" || word == "integer")
        s.type = Type::integer;
      else if (word == "real")
        s.type = Type::real;
      else if (word == "dice")
        s.type = Type::dice;
      else if (word == "flag" || word == "bool")
        s.type = Type::boolean;
      else
        r.fail(*ty, fmt::format("stat '{}': unknown type '{}' (types: int, real, dice, flag)", name, word));
    }
    for (const char* bound : {"min", "max"}) {
      const toml::node* b = st->get(bound);
      if (!b) continue;
      if (s.type != Type::integer && s.type != Type::real)
        r.fail(*b, fmt::format("stat '{}': only int and real stats have a {}", name, bound));
      double x = 0;
      if (b->is_integer())
        x = static_cast<double>(b->as_integer()->get());
      else if (b->is_floating_point() && s.type == Type::real)
        x = b->as_floating_point()->get();
      else
        r.fail(*b,
               fmt::format("stat '{}': {} must be {}", name, bound, s.type == Type::real ? "a number" : "an integer"));
      if (!std::isfinite(x)) r.fail(*b, fmt::format("stat '{}': {} must be finite", name, bound));
      (std::string_view(bound) == "min" ? s.min : s.max) = x;
      (std::string_view(bound) == "min" ? s.has_min : s.has_max) = true;
    }
    if (s.has_min && s.has_max && s.max < s.min)
      r.fail(*st, fmt::format("stat '{}': max {} is below min {}", name, s.max, s.min));
    if (const toml::node* h = st->get("help")) s.help = r.text_of(*h, fmt::format("stat '{}': help", name));
    s.fallback.type = s.type;
    if (s.type == Type::dice) s.dice_default = "0";
    if (s.type == Type::integer && s.has_min && s.min > 0) s.fallback.i = static_cast<std::int64_t>(s.min);
    if (s.type == Type::real && s.has_min && s.min > 0) s.fallback.r = s.min;
    if (const toml::node* d = st->get("default")) {
      const std::string where = fmt::format("stat '{}': default", name);
      if (s.type == Type::dice)
        s.dice_default = dice_text(r, s, *d, where);
      else
        s.fallback = stat_value(r, s, *d, where);
    }
    if (name == "hp") {
      if (s.type != Type::integer) r.fail(v, "stat 'hp' must be an int stat");
      g.hp = g.stats.size();
      if (!s.has_min || s.min < 1) {
        s.has_min = true;
        s.min = 1;
      }
      if (!s.has_max || s.max > static_cast<double>(kMaxHp)) {
        s.has_max = true;
        s.max = static_cast<double>(kMaxHp);
      }
      if (s.fallback.i < 1) s.fallback.i = 1;
    }
    g.stats.push_back(std::move(s));
  }
  if (std::none_of(g.stats.begin(), g.stats.end(), [](const Stat& s) { return s.name == "hp"; }))
    r.fail(*node, "[stats] has no hp stat: every combatant needs its hit points");
}

// Catalog entries of one kind from an array of tables.
void read_entries(const Reader& r, const toml::node& n, CatalogKind kind, Game& g) {
  const toml::array* arr = n.as_array();
  const std::string kind_name(catalog_kind_name(kind));
  if (!arr) r.fail(n, fmt::format("{} must be an array of tables: [[{}]]", kind_name, kind_name));
  auto& out = g.catalogs[kind];
  for (const toml::node& item : *arr) {
    const toml::table* t = item.as_table();
    if (!t) r.fail(item, fmt::format("each of {} must be a table", kind_name));
    if (out.size() >= kMaxEntries) r.fail(item, fmt::format("more than {} {}", kMaxEntries, kind_name));
    const toml::node* name = t->get("name");
    if (!name) r.fail(item, fmt::format("an entry of {} has no name", kind_name));
    Entry e;
    e.title = r.text_of(*name, "name");
    if (!good_name(e.title))
      r.fail(*name,
             fmt::format("{}: the name '{}' must be letters, digits, spaces, '_', '-' or '\\''", kind_name, e.title));
    e.name = catalog_key(e.title);
    for (const auto& [kinds, entries] : g.catalogs)
      for (const Entry& other : entries)
        if (kinds == kind && other.name == e.name)
          r.fail(*name, fmt::format("{}: '{}' is named twice", kind_name, e.name));
    const std::string where = fmt::format("{} '{}'", kind_name, e.name);
    for (auto&& [k, v] : *t) {
      const std::string key(k.str());
      if (key == "name") continue;
      if (key == "description") {
        e.description = r.text_of(v, "description");
        continue;
      }
      const auto at = std::find_if(g.stats.begin(), g.stats.end(), [&](const Stat& s) { return s.name == key; });
      if (at == g.stats.end()) {
        std::vector<std::string> names;
        for (const Stat& s : g.stats) names.push_back(s.name);
        r.fail(k.source(), fmt::format("{}: unknown stat '{}'{} (stats: {})", where, key, did_you_mean(key, names),
                                       fmt::join(names, ", ")));
      }
      const auto index = static_cast<std::size_t>(at - g.stats.begin());
      if (at->type == Type::dice)
        e.dice.emplace_back(index, dice_text(r, *at, v, where));
      else
        e.values.emplace_back(index, stat_value(r, *at, v, where));
    }
    out.push_back(std::move(e));
  }
}

void read_catalogs(const Reader& r, const toml::table& root, Game& g) {
  static const std::pair<std::string_view, CatalogKind> kinds[] = {{"monsters", CatalogKind::monsters},
                                                                   {"weapons", CatalogKind::weapons},
                                                                   {"armors", CatalogKind::armors},
                                                                   {"classes", CatalogKind::classes}};
  for (const auto& [key, kind] : kinds)
    if (const toml::node* n = root.get(key)) read_entries(r, *n, kind, g);
}

Program program_at(const Reader& r, const toml::node& n, const Scope& scope, std::string_view what, bool expression) {
  const std::string text = r.text_of(n, what);
  if (expression) return Program::expression(text, r.file(), r.content_start(n), scope, what);
  return Program::compile(text, r.file(), r.content_start(n), scope);
}

// An expression key given as a string or a number.
Program expression_at(const Reader& r, const toml::node& n, const Scope& scope, std::string_view what) {
  if (n.is_integer() || n.is_floating_point()) {
    std::ostringstream text;
    if (n.is_integer())
      text << n.as_integer()->get();
    else
      text << fmt::format("{}", n.as_floating_point()->get());
    return Program::expression(text.str(), r.file(),
                               {static_cast<int>(n.source().begin.line), static_cast<int>(n.source().begin.column)},
                               scope, what);
  }
  return program_at(r, n, scope, what, true);
}

std::string read_file_text(const std::filesystem::path& path, const std::string& shown) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw RulesFileError(shown, 0, 0, "no such file");
  if (!std::filesystem::is_regular_file(path, ec)) throw RulesFileError(shown, 0, 0, "not a regular file");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw RulesFileError(shown, 0, 0, "cannot read its size: " + ec.message());
  if (size > kMaxRulesFileBytes)
    throw RulesFileError(shown, 0, 0,
                         fmt::format("{} bytes, more than the {} a rules file may have", size, kMaxRulesFileBytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RulesFileError(shown, 0, 0, "cannot be opened");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

std::string read_rules_text(const std::filesystem::path& path) { return read_file_text(path, path.string()); }

Game read_game(std::string_view text, const std::string& origin, const std::filesystem::path& base) {
  if (text.size() > kMaxRulesFileBytes)
    throw RulesFileError(
        origin, 0, 0, fmt::format("{} bytes, more than the {} a rules file may have", text.size(), kMaxRulesFileBytes));
  const Reader r(text, origin);
  const toml::table root = r.parse();
  r.only(root,
         {"game", "stats", "outcomes", "attack", "situations", "mechanics", "monsters", "weapons", "armors", "classes",
          "include"},
         "the file");
  Game g;
  g.file = origin;

  const toml::node* game = root.get("game");
  if (!game) throw RulesFileError(origin, 1, 1, "no [game] table (it names the game: id = \"my-game\")");
  const toml::table* gt = game->as_table();
  if (!gt) r.fail(*game, "game must be a table");
  r.only(*gt, {"id", "title", "time_unit", "player"}, "[game]");
  const toml::node* id = gt->get("id");
  if (!id) r.fail(*game, "[game] has no id");
  g.id = r.text_of(*id, "[game] id");
  if (!good_id(g.id))
    r.fail(*id,
           fmt::format("[game] id '{}': lower case letters, digits and '-', starting with a letter, at most 32", g.id));
  g.title = g.id;
  if (const toml::node* n = gt->get("title")) g.title = r.text_of(*n, "[game] title");
  if (const toml::node* n = gt->get("time_unit")) g.time_unit = r.text_of(*n, "[game] time_unit");

  read_stats(r, root, g);

  // Outcomes.
  if (const toml::node* n = root.get("outcomes")) {
    const toml::table* t = n->as_table();
    if (!t) r.fail(*n, "outcomes must be a table: miss = \"misses\", hit = \"lands\"");
    for (const auto& [kp, vp] : in_order(*t)) {
      const toml::key& k = *kp;
      const toml::node& v = *vp;
      const std::string word = r.text_of(v, fmt::format("outcome '{}'", k.str()));
      if (word != "lands" && word != "misses")
        r.fail(v, fmt::format("outcome '{}': \"lands\" or \"misses\", not \"{}\"", k.str(), word));
      g.outcomes.emplace_back(k.str());
      g.lands.push_back(word == "lands");
    }
    if (g.outcomes.empty()) r.fail(*n, "[outcomes] is empty");
  } else {
    g.outcomes = {"miss", "hit"};
    g.lands = {false, true};
  }

  if (const toml::node* n = root.get("situations")) {
    const toml::table* t = n->as_table();
    if (!t) r.fail(*n, "situations must be a table: NAME = \"what it means\"");
    for (const auto& [k, v] : in_order(*t)) {
      g.situations.emplace_back(k->str());
      g.situation_help.push_back(r.text_of(*v, fmt::format("situation '{}'", k->str())));
    }
  }

  const Scope scope{&g.stats, &g.situations, &g.outcomes};
  const toml::node* attack = root.get("attack");
  if (!attack) throw RulesFileError(origin, 1, 1, "no [attack] table (it holds the program of one blow)");
  const toml::table* at = attack->as_table();
  if (!at) r.fail(*attack, "attack must be a table");
  r.only(*at, {"program", "blows", "time"}, "[attack]");
  const toml::node* prog = at->get("program");
  if (!prog) r.fail(*attack, "[attack] has no program");
  g.blow = program_at(r, *prog, scope, "[attack] program", false);
  const Scope stats_only{&g.stats, &g.situations, &g.outcomes};
  if (const toml::node* n = at->get("blows")) g.blows = expression_at(r, *n, stats_only, "[attack] blows");
  if (const toml::node* n = at->get("time")) g.time = expression_at(r, *n, stats_only, "[attack] time");

  if (const toml::node* n = root.get("mechanics")) {
    const toml::table* t = n->as_table();
    if (!t) r.fail(*n, "mechanics must be a table");
    r.only(*t, {"regeneration"}, "[mechanics]");
    if (const toml::node* rg = t->get("regeneration")) {
      const toml::table* rt = rg->as_table();
      if (!rt) r.fail(*rg, "regeneration must be a table: { every = ..., amount = ... }");
      r.only(*rt, {"every", "amount"}, "regeneration");
      const toml::node* every = rt->get("every");
      const toml::node* amount = rt->get("amount");
      if (!every || !amount) r.fail(*rg, "regeneration needs every and amount");
      g.regen = Regen{expression_at(r, *every, stats_only, "regeneration every"),
                      expression_at(r, *amount, stats_only, "regeneration amount")};
    }
  }

  read_catalogs(r, root, g);
  if (const toml::node* n = root.get("include")) {
    const toml::array* files = n->as_array();
    if (!files) r.fail(*n, "include must be an array of file names");
    if (files->size() > kMaxIncludes) r.fail(*n, fmt::format("more than {} includes", kMaxIncludes));
    for (const toml::node& f : *files) {
      const std::string name = r.text_of(f, "include");
      if (base.empty()) r.fail(f, "include: a rules file given as text has no folder to read includes from");
      const std::filesystem::path path = base / name;
      std::string text_in;
      try {
        text_in = read_file_text(path, path.string());
      } catch (const RulesFileError& e) {
        r.fail(f, fmt::format("include '{}': {}", name, e.reason()));
      }
      const Reader sub(text_in, path.string());
      const toml::table t = sub.parse();
      sub.only(t, {"monsters", "weapons", "armors", "classes"}, "an included file");
      read_catalogs(sub, t, g);
    }
  }

  if (const toml::node* n = gt->get("player")) {
    g.player = catalog_key(r.text_of(*n, "[game] player"));
    const auto& monsters = g.catalogs[CatalogKind::monsters];
    if (std::none_of(monsters.begin(), monsters.end(), [&](const Entry& e) { return e.name == g.player; }))
      r.fail(*n, fmt::format("[game] player '{}' is not a monster of the file", g.player));
  }
  return g;
}

}  // namespace fray::rules_file
