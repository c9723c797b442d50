// fray/rules/bestiary.hpp — one character against every monster of a game:
// a row per monster with both sides' attacks, turns to kill and the duel,
// the rows in order of danger.
//
// The bestiary knows no game: it reads the game's monsters catalog and asks
// the Ruleset the same questions as `fray attack`, `fray ttk` and `fray duel`
// (Ruleset::attack both ways, Ruleset::bout), so a game registered later has
// a bestiary too.
#pragma once

#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fray {

// The work each of a row's two fights (turns to kill, duel) may cost, in the
// budget's operations (fray/core/budget.hpp). An exact analysis past it stops
// and Monte Carlo answers; Monte Carlo runs no more fights than fit in it
// (BestiaryRow::fights says how many). By default the bestiary's work,
// kBestiaryWork, is shared by its rows, each getting at least
// kBestiaryRowWork (2 x 10^6: a few milliseconds of one core; Crawl's sampled
// attacks cost more than the budget counts, about 10 ms there) and at most
// kBestiaryMaxRowWork: Pixel Dungeon's 40 monsters get 2.5 x 10^7 each (27
// of its 33 duels exact), Crawl 0.34's 642 the least, so that its
// whole bestiary answers within 10 s on two cores (docs/performance.md).
inline constexpr double kBestiaryWork = 1e9;
inline constexpr double kBestiaryRowWork = 2e6;
inline constexpr double kBestiaryMaxRowWork = 1e8;
// The row work of a bestiary of `rows` rows by default.
[[nodiscard]] double bestiary_row_work(std::size_t rows) noexcept;
// The most conditions (pairs of the two sides' HP and states) a row's exact
// duel may reach (fight::ExactLimits::max_pairs): the larger of
// kBestiaryMinPairs and the row's work over kBestiaryReachOps. The search for
// them comes before the chain's steps and the work check, and costs far more
// per condition than a step (Pixel Dungeon's swarm of flies: 5 million in
// 1.6 s). A small duel of Pixel Dungeon (a level-5 warrior against a sewer
// crab) reaches 5 865. Turns to kill, a chain of one side's HP (and the
// defender's own turns), may reach half as many.
inline constexpr std::size_t kBestiaryMinPairs = std::size_t{1} << 13;
inline constexpr double kBestiaryReachOps = 250;
// The pilot of a sampled fight: this many fights first, each cut at the
// attacks that fit in the row's work, measure how long a fight lasts; then
// as many fights as fit at that length (at most the request's sims), each cut
// at ten times it. A fight cut short counts as never ending (the row's note
// says so). When no more than the pilot's fights fit, the pilot answers.
inline constexpr std::uint64_t kBestiaryMinFights = 100;
// The most Monte Carlo fights of a row by default: a 95 % interval of about
// +-2 % on p_win (each row gives its interval).
inline constexpr std::uint64_t kBestiarySims = 2000;

struct BestiaryRequest {
  std::string attacker;                // the character's spec (side a of every duel)
  std::vector<std::string> situation;  // the character's attacks' situation flags
  std::map<std::string, std::string> options;
  // Monster names from the game's monsters catalog; empty: every monster.
  std::vector<std::string> monsters;
  // Only monsters whose level stat (bestiary_level_stat) lies in [lo, hi].
  std::optional<std::pair<double, double>> level;
  // Only the monsters the game's random generation places in a branch's
  // levels: NAME[:DEPTHS] (parse_branch_filter, fray/rules/branches.hpp);
  // empty: no such filter. With `monsters`, those of them it places there;
  // with `level`, both filters.
  std::string branch;
  // How each row's turns to kill and duel are solved. monte_carlo.sims is the
  // most fights a sampled row runs (fewer when they do not fit in row_work),
  // monte_carlo.seed their seed (the same for every row); monte_carlo.threads
  // is not read: `threads` below runs whole rows side by side.
  fight::FightOptions fight = [] {
    fight::FightOptions o;
    o.monte_carlo.sims = kBestiarySims;
    return o;
  }();
  double row_work = 0;  // 0: bestiary_row_work(the rows)
  // Rows computed side by side; the rows do not depend on it.
  unsigned threads = 1;
};

struct BestiaryRow {
  std::string name;                // the monster, as its catalog names it
  std::optional<double> level;     // its level stat (hd, level), when the game has one
  std::int64_t hp = 0;             // its HP in the fights (the bout's side b), 0 when there is no bout
  std::optional<double> p_hit;     // the character hits it (Ruleset::attack(character, monster))
  std::optional<double> p_hit_by;  // it hits the character (Ruleset::attack(monster, character)); none: no attack
  std::optional<double> damage_per_hit, damage_per_attack;        // the character's, given a hit / a miss as 0
  std::optional<double> damage_per_hit_by, damage_per_attack_by;  // the monster's, the same way
  std::optional<double> damage_per_turn_by;                       // the monster's per attack / its attack time
  std::optional<double> hits_to_kill;                             // the character's hits that land, mean given a kill
  std::optional<double> turns_to_kill;                            // game time to kill (time_unit), mean given a kill
  std::optional<double> p_win, p_lose;                            // the duel: the character wins, the monster does
  std::string method;                        // the duel's: "exact", "monte_carlo", or empty without a duel
  std::uint64_t fights = 0;                  // Monte Carlo fights of the duel (0 when exact)
  std::optional<double> p_win_lo, p_win_hi;  // Monte Carlo: p_win's 95 % interval
  // What the row could not answer, and why ("no attack: ...", "duel: ...");
  // empty when every column has its value.
  std::string note;
};

struct BestiaryResult {
  std::string rules;                 // ruleset id
  std::string title;                 // the game's title
  std::string attacker;              // the character's spec as given
  std::string time_unit;             // of turns_to_kill and damage_per_turn_by: "turns", "aut", "ticks"
  std::string level_stat;            // the catalog stat read as the level, empty when the game has none
  std::string branch;                // the branch filter as read ("D:1-5", BranchFilter::text), or empty
  std::uint64_t sims = 0, seed = 0;  // Monte Carlo: the most fights of a row and their seed
  double row_work = 0;
  std::vector<BestiaryRow> rows;   // in order of danger (bestiary_danger_less)
  std::vector<std::string> notes;  // what every row assumes, and the methods used
};

// The stat of the game's monsters catalog that is a monster's level: "hd"
// (Crawl's hit dice) or "level" (epixx), the first of these that every
// monster carries as a number; empty when the game has none.
[[nodiscard]] std::string bestiary_level_stat(const Ruleset& rules);

// The order of danger: the lowest p_win first, rounded to 9 decimals (a row
// without a duel last),
// then the highest damage_per_turn_by (none as 0), then the lowest p_hit
// (none as 1), then the name.
[[nodiscard]] bool bestiary_danger_less(const BestiaryRow& a, const BestiaryRow& b);

// "lo-hi", "n" (lo = hi = n) or "lo-" / "-hi" (one side open) as a level range;
// throws fray::Error naming `what` ("--hd") for anything else.
[[nodiscard]] std::pair<double, double> parse_level_range(const std::string& text, const std::string& what);

// Every selected monster as a row. Throws fray::Error for an unknown monster
// name (with the closest names), a level range when the game's catalog has no
// level stat (naming the game), a range no monster falls in, a branch filter
// the game cannot read (parse_branch_filter) or that leaves no monster, or a character
// spec the game refuses (the character's attack fails on every monster).
// A monster the game refuses in one question keeps the answers of the others
// and says why in its note.
[[nodiscard]] BestiaryResult bestiary(const Ruleset& rules, const BestiaryRequest& request);

// What bestiary(rules, request) computes, without computing it: the
// monsters it selects (catalog order; --monsters, --hd and --branch applied)
// and the work each row gets (request.row_work, or bestiary_row_work of
// their number). A face that shares the rows among workers asks each share
// with `monsters` a part of these and `row_work` this one, and gets the
// whole request's rows. Throws what bestiary() throws for the selection.
struct BestiarySelection {
  std::vector<std::string> monsters;
  double row_work = 0;
};
[[nodiscard]] BestiarySelection bestiary_selection(const Ruleset& rules, const BestiaryRequest& request);

}  // namespace fray
