// fray/fray.hpp — everything fray offers, in one include: every public
// header (tests/all/fray_test.cpp checks that none is left out).
//
//   #include <fray/fray.hpp>
//   const fray::AttackSummary s = fray::ruleset("brogue").attack({"goblin", "player"});
//   std::cout << s.p_hit << ' ' << s.mean_damage() << '\n';
#pragma once

#include <fray/core/budget.hpp>
#include <fray/core/dice.hpp>
#include <fray/core/embed.hpp>
#include <fray/core/error.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/probability_text.hpp>
#include <fray/core/rng.hpp>
#include <fray/core/suggest.hpp>
#include <fray/core/value.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/model.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>
#include <fray/fight/states.hpp>
#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <fray/report/dice.hpp>
#include <fray/report/epixx.hpp>
#include <fray/report/grid.hpp>
#include <fray/report/report.hpp>
#include <fray/report/svg.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/balance.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <fray/rules/brogue/combat.hpp>
#include <fray/rules/brogue/fight.hpp>
#include <fray/rules/brogue/rng.hpp>
#include <fray/rules/brogue/ruleset.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl/chain.hpp>
#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/crawl/random.hpp>
#include <fray/rules/crawl/regen.hpp>
#include <fray/rules/crawl/ruleset.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/crawl_0_34/combat.hpp>
#include <fray/rules/crawl_0_34/poison.hpp>
#include <fray/rules/crawl_0_34/ruleset.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/epixx/combatant.hpp>
#include <fray/rules/epixx/ruleset.hpp>
#include <fray/rules/epixx/turn.hpp>
#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/pixel_dungeon/hit.hpp>
#include <fray/rules/pixel_dungeon/java_random.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>
#include <fray/rules/pixel_dungeon/ruleset.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/shattered_pd/attack.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>
#include <fray/rules/shattered_pd/hero.hpp>
#include <fray/rules/shattered_pd/hit.hpp>
#include <fray/rules/shattered_pd/random.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>
#include <fray/rules/shattered_pd/shadow_caster.hpp>
#include <fray/rules/shattered_pd/surprise.hpp>
#include <fray/rules/spec.hpp>
#include <fray/rules/sweep.hpp>
