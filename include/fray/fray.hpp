// fray/fray.hpp — everything fray offers, in one include.
//
//   #include <fray/fray.hpp>
//   const fray::AttackSummary s = fray::ruleset("brogue").attack({"goblin", "player"});
//   std::cout << s.p_hit << ' ' << s.mean_damage() << '\n';
#pragma once

#include <fray/core/dice.hpp>
#include <fray/core/error.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/core/suggest.hpp>
#include <fray/core/value.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/model.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>
#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <fray/report/report.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/spec.hpp>
