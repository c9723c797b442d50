/* A C11 program on fray's C API (fray/c.h), built against an installed fray
 * with pkg-config (fray-c) and with CMake's find_package(fray) (fray::c):
 * tests/package/c/run.sh (and, compiled as C++, with pkg-config fray). It runs a verb as the command line does, asks for
 * one attack's numbers and one seeded strike, and checks that bad input comes
 * back as a status and a message. Exit status 0 when all holds. */
#include <fray/c.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                  \
  do {                                                               \
    if (!(cond)) {                                                   \
      fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                    \
    }                                                                \
  } while (0)

int main(void) {
  const char* argv[] = {"fray", "dist", "2d6", "--json"};
  char* out = NULL;
  char* err = NULL;
  CHECK(fray_run(4, argv, &out, &err) == FRAY_OK);
  CHECK(out && strstr(out, "\"expression\": \"2d6\"") != NULL);
  CHECK(err && err[0] == '\0');
  fray_free(out);
  fray_free(err);

  const char* bad[] = {"fray", "attack", "--rules", "brogue", "--attacker", "no_such_monster", "--defender", "player"};
  CHECK(fray_run(8, bad, &out, &err) == FRAY_EBADINPUT);
  CHECK(out && out[0] == '\0');
  CHECK(err && strncmp(err, "fray: error: ", 13) == 0 && strstr(err, "no_such_monster") != NULL);
  fray_free(out);
  fray_free(err);

  fray_attack_request req;
  memset(&req, 0, sizeof req);
  req.rules = "brogue";
  req.attacker = "ogre";
  req.defender = "player";
  fray_attack_result res;
  CHECK(fray_attack(&req, &res, &err) == FRAY_OK);
  CHECK(res.p_hit > 0 && res.p_hit < 1);
  double total = 0, mean = 0;
  for (size_t i = 0; i < res.damage_count; ++i) {
    total += res.damage[i];
    mean += (double)(res.damage_min + (int64_t)i) * res.damage[i];
  }
  CHECK(fabs(total - 1) < 1e-12);
  CHECK(fabs(mean - res.mean_damage) < 1e-9);
  printf("brogue ogre vs player: P(hit) %.4f, mean damage %.4f\n", res.p_hit, res.mean_damage);
  fray_attack_result_free(&res);

  fray_strike_result s1, s2;
  CHECK(fray_strike(&req, 42, NULL, &s1, NULL) == FRAY_OK);
  CHECK(fray_strike(&req, 42, "default", &s2, NULL) == FRAY_OK);
  CHECK(s1.hit == s2.hit && s1.damage == s2.damage && strcmp(s1.outcome, s2.outcome) == 0);
  CHECK(s1.hit ? s1.damage > 0 : s1.damage == 0);

  req.defender = "player:no_such_key=3";
  CHECK(fray_attack(&req, &res, &err) == FRAY_EBADINPUT);
  CHECK(err && strstr(err, "no_such_key") != NULL);
  fray_free(err);
  CHECK(fray_strike(NULL, 1, NULL, &s1, &err) == FRAY_EBADINPUT);
  CHECK(err && strstr(err, "null pointer") != NULL);
  fray_free(err);

  printf("fray %s: C API %s\n", fray_version(), failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
