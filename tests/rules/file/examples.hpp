// What the tests of examples/rules/ share: an example read once, a request
// from a golden case, an outcome's chance, and one golden blow checked whole.
#pragma once

#include <gtest/gtest.h>

#include <fray/rules/rules_file.hpp>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace fray::test {

// examples/rules/NAME, as its path and as a ruleset read once in this process.
inline std::string example_path(const std::string& name) {
  return std::string(FRAY_TEST_DIR) + "/../examples/rules/" + name;
}
inline const Ruleset& example_rules(const std::string& name) {
  static std::map<std::string, std::unique_ptr<const Ruleset>> read;
  auto& r = read[name];
  if (!r) r = read_rules_file(example_path(name));
  return *r;
}

// The request of a golden case: {attacker, defender, situation}.
inline AttackRequest request_of(const nlohmann::json& c) {
  return {c.at("attacker").get<std::string>(),
          c.at("defender").get<std::string>(),
          c.at("situation").get<std::vector<std::string>>(),
          {}};
}

// The chance of the outcome `name` (0 when the answer has none).
inline double outcome_p(const AttackSummary& s, const std::string& name) {
  for (const OutcomeKind& k : s.outcomes)
    if (k.name == name) return k.p;
  return 0;
}

// One golden blow: P(hit), every outcome listed (summing to 1: no outcome the
// game does not have), every P(damage = k) (summing to 1: no damage it cannot
// do) and the mean.
inline void expect_golden_blow(const Ruleset& rules, const nlohmann::json& c) {
  const AttackSummary s = rules.attack(request_of(c));
  EXPECT_NEAR(s.p_hit, c.at("p_hit").at("value").get<double>(), 1e-12);
  double listed = 0;
  for (const auto& [name, p] : c.at("outcomes").items()) {
    EXPECT_NEAR(outcome_p(s, name), p.at("value").get<double>(), 1e-12) << name;
    listed += outcome_p(s, name);
  }
  EXPECT_NEAR(listed, 1.0, 1e-12);
  double mass = 0;
  for (const auto& row : c.at("damage")) {
    const auto k = row.at(0).get<std::int64_t>();
    EXPECT_NEAR(s.damage[k], row.at(2).get<double>(), 1e-12) << "damage " << k << " = " << row.at(1);
    mass += s.damage[k];
  }
  EXPECT_NEAR(mass, 1.0, 1e-12);
  EXPECT_NEAR(s.mean_damage(), c.at("mean_damage").at("value").get<double>(), 1e-9);
}

}  // namespace fray::test
