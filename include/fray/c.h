/* fray/c.h — fray's C API: the command line as one function, and the
 * questions an engine asks every turn without JSON.
 *
 * Plain C11, for C programs and for any language's foreign function
 * interface (ctypes, cffi, P/Invoke, JNA, LuaJIT, ...). The functions live in
 * the shared library libfray_c (pkg-config fray-c; CMake find_package(fray),
 * target fray::c), which holds the library and the command line's verbs and
 * exports these names only.
 *
 * No exception crosses this boundary: bad input, like anything else that
 * goes wrong, comes back as a non-zero status and a message.
 *   FRAY_OK (0)         done
 *   FRAY_EBADINPUT (2)  bad input: a spec, an argument, a null pointer (as
 *                       the command line's exit status 2)
 *   FRAY_EINTERNAL (1)  out of memory or an unexpected failure
 * Every text fray hands back is allocated by fray and released with
 * fray_free. */
#ifndef FRAY_C_H
#define FRAY_C_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && defined(FRAY_C_BUILDING)
#define FRAY_C_API __declspec(dllexport)
#elif defined(_WIN32)
#define FRAY_C_API __declspec(dllimport)
#elif defined(__GNUC__)
#define FRAY_C_API __attribute__((visibility("default")))
#else
#define FRAY_C_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

enum { FRAY_OK = 0, FRAY_EINTERNAL = 1, FRAY_EBADINPUT = 2 };

/* fray's version, "MAJOR.MINOR.PATCH" (static storage; not to be freed). */
FRAY_C_API const char* fray_version(void);

/* Releases a text or an array fray allocated (NULL is fine). */
FRAY_C_API void fray_free(void* p);

/* Runs the command line: argv[0] is the program name, as main() receives it,
 * argv[1..argc-1] the arguments (`attack --rules brogue --attacker ogre
 * --defender player --json`). Returns the exit status `fray` would (0, or 2
 * on bad input); *out and *err receive what it would print on stdout and
 * stderr, byte for byte, each a NUL-terminated text to release with
 * fray_free ("" when nothing was printed). `out` or `err` may be NULL to
 * drop that stream. */
FRAY_C_API int fray_run(int argc, const char* const* argv, char** out, char** err);

/* One attack, as `fray attack` / `fray strike` take it. `situation` holds
 * situation_count flags ("sleeping", "thrown", ...); option_keys and
 * option_values hold option_count of the game's options by name ("kind" ->
 * "ranged"). Arrays of count 0 may be NULL. */
typedef struct fray_attack_request {
  const char* rules;    /* ruleset id: "brogue", "pixel-dungeon", ... */
  const char* attacker; /* spec text: "ogre", "hero:level=5,weapon=war_hammer" */
  const char* defender; /* spec text */
  const char* const* situation;
  size_t situation_count;
  const char* const* option_keys;
  const char* const* option_values;
  size_t option_count;
} fray_attack_request;

/* The exact answer for one attack (the numbers of `fray attack --json`).
 * damage[i] is P(damage = damage_min + i) over every outcome, a miss as 0;
 * damage_on_hit the same given that the attack lands. Release the arrays
 * with fray_attack_result_free. */
typedef struct fray_attack_result {
  double p_hit;
  double mean_damage;
  double attack_time; /* game time one attack takes, in the game's unit */
  int64_t damage_min;
  size_t damage_count;
  double* damage;
  int64_t damage_on_hit_min;
  size_t damage_on_hit_count;
  double* damage_on_hit;
} fray_attack_result;

/* One sampled attack (`fray strike --count 1 --seed SEED`). */
typedef struct fray_strike_result {
  int hit; /* 1 when it landed */
  int64_t damage;
  char outcome[32]; /* the outcome's name: "hit", "miss", "dodge", ... */
} fray_strike_result;

/* The exact answer for one attack into *result. On failure *result is
 * zeroed and, when `err` is not NULL, *err receives the message (the text
 * after "fray: error: " on the command line), to release with fray_free. */
FRAY_C_API int fray_attack(const fray_attack_request* request, fray_attack_result* result, char** err);
FRAY_C_API void fray_attack_result_free(fray_attack_result* result);

/* One sampled attack with the game's own random draws from `seed`: the same
 * strike as `fray strike --seed SEED --count 1 --rng ENGINE`. `engine` is
 * NULL or "default", or another random engine `fray strike --help` lists
 * ("java", "brogue", ...). Errors as for fray_attack. */
FRAY_C_API int fray_strike(const fray_attack_request* request, uint64_t seed, const char* engine,
                           fray_strike_result* result, char** err);

#ifdef __cplusplus
}
#endif

#endif /* FRAY_C_H */
