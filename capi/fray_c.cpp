// The C API of include/fray/c.h over the library and the command line's
// driver (apps/fray, fray::cli::run): fray_run is the `fray` executable with
// streams of its own; fray_attack and fray_strike ask the ruleset what `fray
// attack` and `fray strike --count 1` ask it, with the same checks, and hand
// back numbers instead of a document. Every entry point catches everything:
// no exception crosses into C.
#include "verbs.hpp"

#include <fray/c.h>
#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// A malloc'd copy of `text` (fray_free releases it), or nullptr when memory
// runs out.
char* copy(const std::string& text) noexcept {
  char* buf = static_cast<char*>(std::malloc(text.size() + 1));
  if (buf) std::memcpy(buf, text.c_str(), text.size() + 1);
  return buf;
}

void set(char** slot, const std::string& text) noexcept {
  if (slot) *slot = copy(text);
}

// Runs `body`, turning whatever it throws into a status and a message.
template <class F>
int guarded(char** err, F&& body) noexcept {
  if (err) *err = nullptr;
  try {
    body();
    return FRAY_OK;
  } catch (const fray::Error& e) {
    set(err, e.what());
    return FRAY_EBADINPUT;
  } catch (const std::bad_alloc&) {
    set(err, "out of memory");
    return FRAY_EINTERNAL;
  } catch (const std::exception& e) {
    set(err, e.what());
    return FRAY_EINTERNAL;
  } catch (...) {
    set(err, "unexpected failure");
    return FRAY_EINTERNAL;
  }
}

std::string text_of(const char* s, const char* what) {
  if (!s) throw fray::Error(std::string(what) + " is missing (a null pointer)");
  return s;
}

fray::AttackRequest request_of(const fray_attack_request* r) {
  if (!r) throw fray::Error("the request is missing (a null pointer)");
  fray::AttackRequest req;
  req.attacker = text_of(r->attacker, "the attacker spec");
  req.defender = text_of(r->defender, "the defender spec");
  if (r->situation_count && !r->situation) throw fray::Error("the situation flags are missing (a null pointer)");
  for (std::size_t i = 0; i < r->situation_count; ++i)
    req.situation.push_back(text_of(r->situation[i], "a situation flag"));
  if (r->option_count && (!r->option_keys || !r->option_values))
    throw fray::Error("the options are missing (a null pointer)");
  for (std::size_t i = 0; i < r->option_count; ++i)
    req.options[text_of(r->option_keys[i], "an option name")] = text_of(r->option_values[i], "an option value");
  return req;
}

const fray::Ruleset& rules_of(const fray_attack_request* r, const char* verb) {
  if (!r) throw fray::Error("the request is missing (a null pointer)");
  return fray::cli::rules_for(verb, text_of(r->rules, "the ruleset id"));
}

// A Pmf's dense probabilities into a malloc'd array.
void put(const fray::Pmf& pmf, std::int64_t& lo, std::size_t& count, double*& probs) {
  const auto p = pmf.probs();
  probs = static_cast<double*>(std::malloc(p.size() * sizeof(double)));
  if (!probs) throw std::bad_alloc();
  std::memcpy(probs, p.data(), p.size() * sizeof(double));
  lo = pmf.min();
  count = p.size();
}

}  // namespace

extern "C" {

const char* fray_version(void) { return FRAY_VERSION; }

void fray_free(void* p) { std::free(p); }

int fray_run(int argc, const char* const* argv, char** out, char** err) {
  if (out) *out = nullptr;
  if (err) *err = nullptr;
  int status = FRAY_EBADINPUT;
  std::string out_text, err_text;
  try {
    std::vector<std::string> args;
    if (argc < 0 || (argc > 0 && !argv)) {
      err_text = "fray: error: the arguments are missing (argc < 0 or a null argv)\n";
    } else {
      bool ok = true;
      for (int i = 0; i < argc; ++i) {
        if (!argv[i]) {
          err_text = "fray: error: argument " + std::to_string(i) + " is a null pointer\n";
          ok = false;
          break;
        }
        args.emplace_back(argv[i]);
      }
      if (ok) {
        std::ostringstream o, e;
        status = fray::cli::run(args, o, e);
        out_text = o.str();
        err_text = e.str();
      }
    }
  } catch (const std::bad_alloc&) {
    status = FRAY_EINTERNAL;
    err_text = "fray: error: out of memory\n";
  } catch (...) {
    status = FRAY_EINTERNAL;
    err_text = "fray: error: unexpected failure\n";
  }
  char* o = out ? copy(out_text) : nullptr;
  char* e = err ? copy(err_text) : nullptr;
  if ((out && !o) || (err && !e)) {
    std::free(o);
    std::free(e);
    return FRAY_EINTERNAL;
  }
  if (out) *out = o;
  if (err) *err = e;
  return status;
}

int fray_attack(const fray_attack_request* request, fray_attack_result* result, char** err) {
  if (result) *result = fray_attack_result{};
  return guarded(err, [&] {
    if (!result) throw fray::Error("the result is missing (a null pointer)");
    const fray::Ruleset& rules = rules_of(request, "attack");
    const fray::AttackRequest req = request_of(request);
    fray::check_options(rules, req);
    const fray::AttackSummary s = rules.attack(req);
    fray_attack_result r{};
    r.p_hit = s.p_hit;
    r.mean_damage = s.mean_damage();
    r.attack_time = s.attack_time;
    try {
      put(s.damage, r.damage_min, r.damage_count, r.damage);
      put(s.damage_on_hit, r.damage_on_hit_min, r.damage_on_hit_count, r.damage_on_hit);
    } catch (...) {
      fray_attack_result_free(&r);
      throw;
    }
    *result = r;
  });
}

void fray_attack_result_free(fray_attack_result* result) {
  if (!result) return;
  std::free(result->damage);
  std::free(result->damage_on_hit);
  result->damage = nullptr;
  result->damage_on_hit = nullptr;
  result->damage_count = result->damage_on_hit_count = 0;
}

int fray_strike(const fray_attack_request* request, uint64_t seed, const char* engine, fray_strike_result* result,
                char** err) {
  if (result) *result = fray_strike_result{};
  return guarded(err, [&] {
    if (!result) throw fray::Error("the result is missing (a null pointer)");
    const fray::Ruleset& rules = rules_of(request, "strike");
    fray::StrikeRequest s{request_of(request), seed, 1, engine ? engine : "default"};
    fray::check_options(rules, s.attack);
    if (s.engine != "default") (void)fray::make_engine(s.engine, 0);  // unknown engines fail here, by name
    const fray::StrikeRun run = rules.strike(s);
    if (run.strikes.empty()) throw std::runtime_error("the strike left no trace");
    const fray::Strike& one = run.strikes.front();
    fray_strike_result r{};
    r.hit = one.hit ? 1 : 0;
    r.damage = one.damage;
    const std::size_t n = std::min(one.outcome.size(), sizeof r.outcome - 1);
    std::memcpy(r.outcome, one.outcome.data(), n);
    r.outcome[n] = '\0';
    *result = r;
  });
}

}  // extern "C"
