// fray._fray — the compiled half of the Python module `fray`.
//
// Each function answers one `fray` verb through the typed library (the
// rulesets, the fight solver, the dice, the grid) and returns the verb's
// --json document as Python objects: the report layer builds that document,
// so a Python answer and `fray VERB --json` agree by construction. The pure
// Python package (python/fray) turns specs given as dictionaries into spec
// text, checks Python arguments, and wraps the documents in typed classes.
//
// The work runs with the GIL released, so other Python threads go on while a
// duel or a long strike run is computed. Bad input raises fray.Error (a
// ValueError) with the message the command line prints after "fray: error: ".
#include <fray/core/budget.hpp>
#include <fray/core/dice.hpp>
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/grid/fov.hpp>
#include <fray/grid/map.hpp>
#include <fray/report/bestiary.hpp>
#include <fray/report/dice.hpp>
#include <fray/report/game_verbs.hpp>
#include <fray/report/grid.hpp>
#include <fray/report/report.hpp>
#include <fray/rules/bestiary.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/rules_file.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <fray/rules/sweep.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace py = pybind11;
using nlohmann::json;

namespace {

// The same bounds as the command line's (apps/fray), so that a question the
// CLI refuses is refused here with the same reason.
constexpr std::uint64_t kMaxCount = 10'000'000;
constexpr std::int64_t kMaxThreads = 1024;

// A JSON document as Python objects: objects → dict, arrays → list, numbers →
// int or float (a seed up to 2^64-1 stays exact), null → None.
py::object to_python(const json& j) {
  switch (j.type()) {
    case json::value_t::null:
    case json::value_t::discarded:
      return py::none();
    case json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case json::value_t::number_float:
      return py::float_(j.get<double>());
    case json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case json::value_t::array: {
      py::list out(j.size());
      for (std::size_t i = 0; i < j.size(); ++i) out[i] = to_python(j[i]);
      return out;
    }
    case json::value_t::object: {
      py::dict out;
      for (const auto& [key, value] : j.items()) out[py::str(key)] = to_python(value);
      return out;
    }
    case json::value_t::binary:
      break;
  }
  throw fray::Error("a report held a value JSON cannot write");
}

// Lets Ctrl-C stop a long computation. The library calls the Progress at
// coarse intervals on the calling thread; when that is Python's main thread,
// the call takes the GIL and runs Python's signal handlers. A handler that
// raises (KeyboardInterrupt) cancels the work, which unwinds with
// fray::Cancelled, and its exception is raised in place of the answer.
class Interrupt {
 public:
  Interrupt() : progress_([this](double) { poll(); }) {
    const py::module_ threading = py::module_::import("threading");
    main_ = threading.attr("get_ident")().equal(threading.attr("main_thread")().attr("ident"));
  }
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;
  ~Interrupt() {  // with the GIL held: an exception never raised is dropped
    Py_XDECREF(type_);
    Py_XDECREF(value_);
    Py_XDECREF(traceback_);
  }

  fray::Progress* progress() noexcept { return &progress_; }
  [[nodiscard]] bool interrupted() const noexcept { return type_ != nullptr; }
  // Raises the handler's exception (the GIL held).
  [[noreturn]] void raise() {
    PyErr_Restore(type_, value_, traceback_);
    type_ = value_ = traceback_ = nullptr;
    throw py::error_already_set();
  }

 private:
  void poll() {
    if (!main_ || interrupted()) return;
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {
      PyErr_Fetch(&type_, &value_, &traceback_);
      progress_.cancel();
    }
  }

  fray::Progress progress_;
  bool main_ = false;
  PyObject* type_ = nullptr;
  PyObject* value_ = nullptr;
  PyObject* traceback_ = nullptr;
};

// Runs `compute(progress)`, which returns a JSON document, without the GIL,
// then converts its answer with the GIL held again. Ctrl-C during the
// computations that watch `progress` (dice distributions, fights) raises
// KeyboardInterrupt.
template <class F>
py::object released(F&& compute) {
  Interrupt interrupt;
  json doc;
  try {
    py::gil_scoped_release nogil;
    doc = compute(interrupt.progress());
  } catch (const fray::Cancelled&) {
    if (interrupt.interrupted()) interrupt.raise();
    throw;
  }
  if (interrupt.interrupted()) interrupt.raise();  // the work ended before it saw the cancel
  return to_python(doc);
}

fray::AttackRequest attack_request(std::string attacker, std::string defender, std::vector<std::string> situation,
                                   std::map<std::string, std::string> options) {
  return fray::AttackRequest{std::move(attacker), std::move(defender), std::move(situation), std::move(options)};
}

void check_count(std::uint64_t count) {
  if (count < 1 || count > kMaxCount)
    throw fray::Error(fmt::format("count {} is out of range 1..{}", count, kMaxCount));
}

// What `fray ttk` and `fray duel` read besides the two sides: `method` as
// `--method`, and `sims` the fights of any part that Monte Carlo answers.
fray::fight::FightOptions fight_options(const std::string& method, std::optional<std::int64_t> sims,
                                        std::optional<std::uint64_t> seed, std::optional<std::int64_t> threads,
                                        const std::string& first) {
  using fray::fight::FightOptions;
  FightOptions o;
  // "automatic" (or "auto"), "exact", "monte_carlo" (or "monte-carlo"), as `--method`.
  o.method = fray::fight::parse_method(method);
  // The fights of any part answered by Monte Carlo, whatever the method.
  if (sims) {
    fray::require(*sims >= 1, fmt::format("sims must be at least 1, got {}", *sims));
    o.monte_carlo.sims = static_cast<std::uint64_t>(*sims);
  }
  if (seed) o.monte_carlo.seed = *seed;
  if (threads) {
    fray::require(*threads >= 1, fmt::format("threads must be at least 1, got {}", *threads));
    fray::require(*threads <= kMaxThreads, fmt::format("threads {} is too many (at most {})", *threads, kMaxThreads));
    o.monte_carlo.threads = static_cast<unsigned>(*threads);
  } else {
    o.monte_carlo.threads = std::max(1u, std::thread::hardware_concurrency());
  }
  // A bar on the terminal's stderr would bypass sys.stderr and a notebook.
  o.monte_carlo.progress = false;
  fray::require(first == "a" || first == "b", fmt::format("first must be a or b, got '{}'", first));
  o.first_on_tie = first == "a" ? fray::fight::Who::a : fray::fight::Who::b;
  return o;
}

// --- the verbs -----------------------------------------------------------------------------------

py::object dist(const std::string& expr) {
  return released([&](fray::Progress* progress) {
    const fray::Dice dice = fray::Dice::parse(expr, fray::all_dice_functions());
    return fray::dist_report(expr, dice.exact(progress), dice.range()).json;
  });
}

py::object roll(const std::string& expr, std::uint64_t seed, std::uint64_t count, const std::string& rng) {
  return released([&](fray::Progress*) {
    check_count(count);
    const fray::Dice d = fray::Dice::parse(expr, fray::all_dice_functions());
    // The rolls charged to the work budget before the first, as `fray roll` does.
    fray::require_budget(static_cast<double>(count) * d.draws() * fray::kDrawOps, 0,
                         fmt::format("{} rolls of \"{}\"", count, expr),
                         "use a smaller count, or the exact distribution: fray.dist(expr)");
    // One stream for all the rolls, as `fray roll --count` draws them.
    auto engine = fray::make_engine(rng, seed);
    std::vector<std::int64_t> rolls;
    rolls.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) rolls.push_back(d.sample(*engine));
    return fray::roll_report(expr, seed, rng, rolls).json;
  });
}

py::object attack(const std::string& rules, std::string attacker, std::string defender,
                  std::vector<std::string> situation, std::map<std::string, std::string> options) {
  return released([&](fray::Progress*) {
    const fray::Ruleset& rs = fray::ruleset(rules);
    const auto req = attack_request(std::move(attacker), std::move(defender), std::move(situation), std::move(options));
    fray::check_options(rs, req);
    return fray::attack_report(rs.attack(req)).json;
  });
}

py::object strike(const std::string& rules, std::string attacker, std::string defender,
                  std::vector<std::string> situation, std::map<std::string, std::string> options, std::uint64_t seed,
                  std::uint64_t count, const std::string& engine) {
  return released([&](fray::Progress*) {
    check_count(count);
    const fray::Ruleset& rs = fray::ruleset(rules);
    fray::StrikeRequest s{
        attack_request(std::move(attacker), std::move(defender), std::move(situation), std::move(options)), seed, count,
        engine};
    fray::check_options(rs, s.attack);
    if (s.engine != "default") (void)fray::make_engine(s.engine, 0);  // an unknown engine fails here, by name
    return fray::strike_report(rs.strike(s)).json;
  });
}

py::object fight(bool duel, const std::string& rules, std::string a, std::string b, std::vector<std::string> situation,
                 std::map<std::string, std::string> options, const std::string& method,
                 std::optional<std::int64_t> sims, std::optional<std::uint64_t> seed,
                 std::optional<std::int64_t> threads, const std::string& first) {
  return released([&](fray::Progress* progress) {
    fray::fight::FightOptions o = fight_options(method, sims, seed, threads, first);
    o.progress = progress;
    const fray::Ruleset& rs = fray::ruleset(rules);
    const auto req = attack_request(std::move(a), std::move(b), std::move(situation), std::move(options));
    fray::check_options(rs, req);
    const fray::Bout bout = rs.bout(req);
    return duel ? fray::duel_report(rs.id(), bout, fray::fight::solve_duel(bout, o), o.first_on_tie).json
                : fray::ttk_report(rs.id(), bout, fray::fight::solve_ttk(bout, o)).json;
  });
}

// The generic sweep (fray/rules/sweep.hpp): any numeric spec key of any game.
py::object sweep_key(const std::string& rules, std::string attacker, std::string defender,
                     std::vector<std::string> situation, std::map<std::string, std::string> options,
                     const std::string& key, double start, double stop, double step, const std::string& side,
                     const std::string& method, std::optional<std::int64_t> sims, std::optional<std::uint64_t> seed,
                     std::optional<std::int64_t> threads, std::optional<std::vector<std::string>> columns) {
  return released([&](fray::Progress*) {
    const fray::Ruleset& rs = fray::ruleset(rules);
    fray::SweepRequest req;
    // The columns to compute, as `fray sweep --columns`; every one when not given.
    if (columns) req.columns = fray::parse_sweep_columns(*columns, "columns");
    req.attack = attack_request(std::move(attacker), std::move(defender), std::move(situation), std::move(options));
    fray::check_options(rs, req.attack);
    fray::require(side == "attacker" || side == "defender",
                  fmt::format("sweep: side must be attacker or defender, got '{}'", side));
    req.key = key;
    req.from = start;
    req.to = stop;
    req.step = step;
    req.side = side == "attacker" ? fray::SweepSide::attacker : fray::SweepSide::defender;
    // How each row's fights are solved, as `fray sweep --method`; the same
    // Monte Carlo defaults as `fray sweep`: 10 000 fights a sampled row.
    req.fight = fight_options(method, std::nullopt, seed, threads, "a");
    if (sims) fray::require(*sims >= 1, fmt::format("sims must be at least 1, got {}", *sims));
    req.fight.monte_carlo.sims = sims ? static_cast<std::uint64_t>(*sims) : 10000;
    return fray::table_report(fray::sweep(rs, req)).json;
  });
}

// `fray bestiary` (fray/rules/bestiary.hpp): a character against a game's monsters.
py::object bestiary(const std::string& rules, std::string attacker, std::vector<std::string> situation,
                    std::map<std::string, std::string> options, std::vector<std::string> monsters,
                    std::optional<std::string> hd, const std::string& method, std::optional<std::int64_t> sims,
                    std::optional<std::uint64_t> seed, std::optional<std::int64_t> threads,
                    std::optional<double> row_work, std::optional<std::string> branch) {
  return released([&](fray::Progress* progress) {
    const fray::Ruleset& rs = fray::ruleset(rules);
    fray::BestiaryRequest req;
    req.attacker = std::move(attacker);
    req.situation = std::move(situation);
    req.options = std::move(options);
    fray::check_options(rs, {req.attacker, "", req.situation, req.options});
    req.monsters = std::move(monsters);
    if (hd) req.level = fray::parse_level_range(*hd, "bestiary: hd");
    if (branch) {
      fray::require(!branch->empty(), "bestiary: branch names no branch");
      req.branch = *branch;
    }
    // As `fray bestiary`: rows side by side on every core, 2 000 fights at
    // most a sampled row.
    req.fight = fight_options(method, std::nullopt, seed, std::nullopt, "a");
    if (sims) fray::require(*sims >= 1, fmt::format("sims must be at least 1, got {}", *sims));
    req.fight.monte_carlo.sims = sims ? static_cast<std::uint64_t>(*sims) : fray::kBestiarySims;
    req.fight.progress = progress;
    if (threads) {
      fray::require(*threads >= 1, fmt::format("threads must be at least 1, got {}", *threads));
      fray::require(*threads <= kMaxThreads, fmt::format("threads {} is too many (at most {})", *threads, kMaxThreads));
      req.threads = static_cast<unsigned>(*threads);
    } else {
      req.threads = std::max(1u, std::thread::hardware_concurrency());
    }
    if (row_work) {
      fray::require(*row_work >= 1e4 && *row_work <= fray::kMaxWork,
                    fmt::format("row_work must be {:.0e}..{:.0e} operations, got {}", 1e4, fray::kMaxWork, *row_work));
      req.row_work = *row_work;
    }
    return fray::bestiary_report(fray::bestiary(rs, req)).json;
  });
}

// The kind as `fray list` reads it: a name no game uses gets the closest
// kind; a kind this game lacks names the ones it has.
fray::CatalogKind catalog_kind(const fray::Ruleset& rules, const std::string& name) {
  const std::vector<fray::CatalogKind> has = rules.catalogs();
  std::vector<std::string> names;
  for (fray::CatalogKind k : has) names.emplace_back(fray::catalog_kind_name(k));
  const std::string listed = names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "));
  fray::CatalogKind kind{};
  try {
    kind = fray::parse_catalog_kind(name);
  } catch (const fray::Error& e) {
    throw fray::Error(fmt::format("catalog: {} (rules {} has: {})", e.what(), rules.id(), listed));
  }
  if (std::find(has.begin(), has.end(), kind) == has.end())
    throw fray::Error(
        fmt::format("catalog: rules {} has no {} (it has: {})", rules.id(), fray::catalog_kind_name(kind), listed));
  return kind;
}

py::object catalog(const std::string& rules, const std::string& kind) {
  return released([&](fray::Progress*) {
    const fray::Ruleset& rs = fray::ruleset(rules);
    return fray::catalog_report(rs, catalog_kind(rs, kind)).json;
  });
}

py::object catalogs(const std::string& rules) {
  return released([&](fray::Progress*) { return fray::catalogs_report(fray::ruleset(rules)).json; });
}

py::object rulesets() {
  json out = json::array();
  for (const fray::Ruleset* r : fray::rulesets()) out.push_back(fray::ruleset_info_json(*r));
  return to_python(out);
}

// One game by id or alias; an unknown one raises the command line's message.
py::object ruleset(const std::string& id) { return to_python(fray::ruleset_info_json(fray::ruleset(id))); }

// A rules file (docs/rules.md) read and registered: its text, or the file
// at `path` (bytes, as the file system names it); the loaded game's
// ruleset_info_json, as ruleset() gives it.
py::object load_rules_text(const std::string& text) {
  return released([&](fray::Progress*) { return fray::ruleset_info_json(fray::load_rules(text)); });
}

py::object load_rules_file(const py::bytes& path) {
  const std::string name = path;
  return released(
      [&](fray::Progress*) { return fray::ruleset_info_json(fray::load_rules_file(std::filesystem::path(name))); });
}

py::object engines() { return to_python(json(fray::engine_names())); }

// A verb only some games have (fray/report/game_verbs.hpp), on its option
// values by name; `labels` name the options in messages as Python does, and
// `map_texts` the map options given as text rather than as a file.
py::object game_verb(const std::string& verb, const std::string& rules,
                     std::map<std::string, std::vector<std::string>> values, std::map<std::string, std::string> labels,
                     std::set<std::string> map_texts) {
  return released([&](fray::Progress*) {
    fray::VerbArgs args{std::move(values), std::move(labels), std::move(map_texts)};
    return fray::run_game_verb(verb, rules, std::move(args)).report.json;
  });
}

// `fray fov` (fray::run_fov), on its option values as game_verb takes them.
py::object fov(std::map<std::string, std::vector<std::string>> values, std::map<std::string, std::string> labels,
               std::set<std::string> map_texts) {
  return released([&](fray::Progress*) {
    return fray::run_fov(fray::VerbArgs{std::move(values), std::move(labels), std::move(map_texts)}).json;
  });
}

const char* kind_name(fray::VerbOptionKind kind) {
  switch (kind) {
    case fray::VerbOptionKind::text:
      return "text";
    case fray::VerbOptionKind::list:
      return "list";
    case fray::VerbOptionKind::flag:
      return "flag";
  }
  return "text";
}

json verb_json(const fray::VerbDescription& v, const std::vector<std::string>& rulesets) {
  json options = json::array();
  for (const fray::VerbOption& o : v.options)
    options.push_back({{"name", o.name},
                       {"help", o.help},
                       {"kind", kind_name(o.kind)},
                       {"required", o.required},
                       {"default", o.default_value.empty() ? json(nullptr) : json(o.default_value)},
                       {"map", o.map},
                       {"positional", o.positional()}});
  return {{"name", v.name}, {"help", v.help}, {"options", options}, {"rulesets", rulesets}};
}

// Every game verb (its description and the games that offer it), then fov's.
py::object game_verbs() {
  json out = json::array();
  for (const fray::VerbDescription& v : fray::game_verbs())
    out.push_back(verb_json(v, fray::game_verb_rulesets(v.name)));
  out.push_back(verb_json(fray::fov_verb(), fray::rulesets_taking("fov")));
  return to_python(out);
}

py::object fov_algorithms() { return to_python(json(fray::fov_algorithms())); }

}  // namespace

PYBIND11_MODULE(_fray, m) {
  m.doc() = "The compiled half of fray: each function returns a verb's --json document (see the package fray).";
  m.attr("__version__") = FRAY_VERSION;
  m.attr("MAX_COUNT") = kMaxCount;
  m.attr("MAX_TRACED") = fray::kMaxTraced;

  static py::exception<fray::Error> error(m, "Error", PyExc_ValueError);
  error.doc() = "Bad input to fray: a spec, a catalog name, a map, a dice expression, a number out of range.";
  // A problem in a rules file: a fray.Error that says where it is, as
  // attributes besides the message ("FILE:LINE:COLUMN: REASON").
  static py::exception<fray::RulesFileError> rules_file_error(m, "RulesFileError", error.ptr());
  rules_file_error.doc() =
      "A problem in a rules file (docs/rules.md): file, line and column (1-based; 0 when it has no place, such as a "
      "file that cannot be opened) and reason, the message without its place.";
  rules_file_error.attr("file") = "";
  rules_file_error.attr("line") = 0;
  rules_file_error.attr("column") = 0;
  rules_file_error.attr("reason") = "";
  // fray::Error and any other failure of the library become fray.Error with
  // the command line's message (a rules file's problem fray.RulesFileError,
  // with its place); pybind11's own errors (a wrong argument type) and
  // MemoryError pass through.
  py::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    try {
      std::rethrow_exception(p);
    } catch (const fray::RulesFileError& e) {
      // The file as the file system names it (os.fsdecode's str, so that
      // it names the same file), the message with any byte that is not
      // UTF-8 replaced.
      const auto utf8 = [](const std::string& s) {
        return py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(s.data(), py::ssize_t(s.size()), "replace"));
      };
      py::object exc = py::handle(rules_file_error.ptr())(utf8(e.what()));
      exc.attr("file") = py::reinterpret_steal<py::str>(
          PyUnicode_DecodeFSDefaultAndSize(e.file().data(), py::ssize_t(e.file().size())));
      exc.attr("line") = e.line();
      exc.attr("column") = e.column();
      exc.attr("reason") = utf8(e.reason());
      PyErr_SetObject(rules_file_error.ptr(), exc.ptr());
    } catch (const fray::Error& e) {
      PyErr_SetString(error.ptr(), e.what());
    } catch (const py::builtin_exception&) {
      throw;
    } catch (const py::error_already_set&) {
      throw;
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) {
      PyErr_SetString(error.ptr(), e.what());
    }
  });

  using namespace py::literals;
  m.def("dist", &dist, "expr"_a);
  m.def("roll", &roll, "expr"_a, "seed"_a, "count"_a, "rng"_a);
  m.def("attack", &attack, "rules"_a, "attacker"_a, "defender"_a, "situation"_a, "options"_a);
  m.def("strike", &strike, "rules"_a, "attacker"_a, "defender"_a, "situation"_a, "options"_a, "seed"_a, "count"_a,
        "engine"_a);
  m.def(
      "ttk",
      [](const std::string& rules, std::string a, std::string b, std::vector<std::string> situation,
         std::map<std::string, std::string> options, const std::string& method, std::optional<std::int64_t> sims,
         std::optional<std::uint64_t> seed, std::optional<std::int64_t> threads) {
        return fight(false, rules, std::move(a), std::move(b), std::move(situation), std::move(options), method, sims,
                     seed, threads, "a");
      },
      "rules"_a, "attacker"_a, "defender"_a, "situation"_a, "options"_a, "method"_a, "sims"_a, "seed"_a, "threads"_a);
  m.def(
      "duel",
      [](const std::string& rules, std::string a, std::string b, std::vector<std::string> situation,
         std::map<std::string, std::string> options, const std::string& method, std::optional<std::int64_t> sims,
         std::optional<std::uint64_t> seed, std::optional<std::int64_t> threads, const std::string& first) {
        return fight(true, rules, std::move(a), std::move(b), std::move(situation), std::move(options), method, sims,
                     seed, threads, first);
      },
      "rules"_a, "a"_a, "b"_a, "situation"_a, "options"_a, "method"_a, "sims"_a, "seed"_a, "threads"_a, "first"_a);
  m.def("sweep_key", &sweep_key, "rules"_a, "attacker"_a, "defender"_a, "situation"_a, "options"_a, "key"_a, "start"_a,
        "stop"_a, "step"_a, "side"_a, "method"_a, "sims"_a, "seed"_a, "threads"_a, "columns"_a = py::none());
  m.def("bestiary", &bestiary, "rules"_a, "attacker"_a, "situation"_a, "options"_a, "monsters"_a, "hd"_a, "method"_a,
        "sims"_a, "seed"_a, "threads"_a, "row_work"_a, "branch"_a = py::none());
  m.def("catalog", &catalog, "rules"_a, "kind"_a);
  m.def("catalogs", &catalogs, "rules"_a);
  m.def("rulesets", &rulesets);
  m.def("ruleset", &ruleset, "id"_a);
  m.def("load_rules_text", &load_rules_text, "text"_a);
  m.def("load_rules_file", &load_rules_file, "path"_a);
  m.def("engines", &engines);
  m.def("game_verb", &game_verb, "verb"_a, "rules"_a, "values"_a, "labels"_a, "map_texts"_a);
  m.def("game_verbs", &game_verbs);
  m.def("fov", &fov, "values"_a, "labels"_a, "map_texts"_a);
  m.def("fov_algorithms", &fov_algorithms);
}
