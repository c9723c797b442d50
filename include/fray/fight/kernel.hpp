// fray/fight/kernel.hpp — what a ruleset gives the fight layer: one attack
// as a Markov kernel over the two sides' (HP, state), and the fighters.
//
// Rulesets implement Exchange; the fight engine (exact chains, Monte Carlo)
// consumes it. This header knows no game and no report format: including it
// pulls in neither fray/rules nor nlohmann/json.
#pragma once

#include <fray/core/rng.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fray {

// One side's condition between attacks. `state` is a small integer the ruleset
// defines (0 = as the spec describes); the fight layer only compares and
// stores it (Brogue: weapon enchant eaten by acid; epixx: confusion turns).
struct Side {
  std::int64_t hp = 0;
  std::uint32_t state = 0;
};

// Who runs away when an outcome ends the fight with neither side dead
// (Transition::escape).
enum class Escape : std::uint8_t {
  none = 0,
  defender = 1,  // the side attacked: Brogue CE MONST_FLEES_NEAR_DEATH, a hit leaves it at a quarter of its HP
  attacker = 2,  // the side whose turn it is: it runs instead of attacking, or after its attack
};

// One outcome of one attack: with probability p, the defender loses `damage`
// HP and the two sides move to the given states. `hit` says whether the attack
// landed: 1 (true) landed — a hit that armour absorbs does 0 damage but is
// still a hit —, 0 (false) missed, -1 not said, when an outcome with damage > 0
// counts as a hit. It feeds only the reports' accuracy column: the fight
// itself follows damage and states.
struct Transition {
  double p = 1;
  std::int64_t damage = 0;
  std::uint32_t attacker_state = 0;
  std::uint32_t defender_state = 0;
  std::int8_t hit = -1;
  // The attacker's own HP change on its turn, applied before the attack's
  // damage. Positive: HP it regains (life drain: Pixel Dungeon
  // Bat.attackProc, Brogue CE Combat.c inflictDamage transference;
  // regeneration), any cap (its maximum HP) already applied by the kernel;
  // the fight layer only caps it at kMaxHp. Negative: HP it loses on its own
  // turn (poison, bleeding, burning ticking). When that takes it to 0 HP or
  // below, the attacker dies and its attack does nothing: the defender wins,
  // at the end of that turn, whatever `damage` and the states say. Both the
  // exact chains and Monte Carlo follow it; a fight whose HP go up has cycles,
  // which the exact chain follows until less than ExactLimits::tail is left.
  std::int64_t heal = 0;
  // The fight ends after this outcome with neither side dead: the side named
  // runs away (escapes). The heal and the damage still apply (the HP at the
  // end are after them), and only an outcome that neither kills the defender
  // nor kills the attacker through its heal escapes: a kill or a death is
  // that, whatever this says. A kernel whose escape depends on an HP
  // (Brogue's quarter of the maximum) reads that HP (Exchange::reads).
  Escape escape = Escape::none;
  // Of `heal`, what the attack gave (a life drain: Pixel Dungeon
  // Bat.attackProc, Brogue CE transference, DCSS AF_VAMPIRIC), which goes
  // with the attack where a fight drops it (turns to kill keeps only the
  // defender's own changes, OwnChanges: its regeneration, its poison).
  std::int64_t drained = 0;

  [[nodiscard]] constexpr bool landed() const noexcept { return hit < 0 ? damage > 0 : hit != 0; }
};

// Attacks of one combatant on another, as a Markov kernel over (HP, state).
// A Monte Carlo fight that carries the two sides' conditions as the game's
// own values from one turn to the next, instead of numbering them each turn
// (Transition::attacker_state, defender_state). Made by an Exchange that can
// (Exchange::sampled_fight), one per thread; it draws exactly what
// Exchange::sample draws, so a fight comes out the same either way.
class SampledFight {
 public:
  virtual ~SampledFight() = default;
  // A new fight: side a at the condition its exchange numbers `a`, side b at `b`.
  virtual void start(std::uint32_t a, std::uint32_t b) = 0;
  // One turn of side a (`b_moves` false) or b, given the mover's HP and the
  // other's: its Transition but for the states, which this object keeps.
  virtual Transition turn(bool b_moves, std::int64_t mover_hp, std::int64_t other_hp, Rng& rng) = 0;
};

// What the defender's own turn keeps of an outcome when its attack is
// dropped (turns to kill, fight/exact.hpp OwnChanges): its running away on
// its turn, but not one that comes of the attack (after a hit that lands).
[[nodiscard]] constexpr Escape own_escape(const Transition& t) noexcept {
  return t.escape == Escape::attacker && t.damage == 0 && !t.landed() ? Escape::attacker : Escape::none;
}

class Exchange {
 public:
  virtual ~Exchange() = default;
  // Every outcome of one attack from the given condition; p sums to 1.
  [[nodiscard]] virtual std::vector<Transition> outcomes(Side attacker, Side defender) const = 0;
  // One sampled attack (p of the result is unused).
  [[nodiscard]] virtual Transition sample(Side attacker, Side defender, Rng& rng) const = 0;
  // What the outcomes read of the two sides' HP. The exact analysis asks a
  // kernel once per distinct input it reads: a kernel that reads neither HP is
  // asked once per pair of states instead of once per pair of HP (90 000 pairs
  // at 300 HP a side), and when neither side reads its own HP nor changes it
  // (heal 0) the duel splits into two one-sided chains. Reading an HP only to
  // tell whether the damage kills the defender, or the heal the attacker,
  // does not count: the fight layer makes both tests itself. A heal capped at
  // the attacker's maximum (min(damage, HT - HP)) reads the attacker's HP.
  // Declaring less than the kernel reads gives wrong numbers, so the default
  // is both.
  //
  // A kernel that reads an HP may still tell few of its values apart (a
  // rage that asks "below a quarter of HT?", a regeneration capped at HT
  // that asks "how far below HT, up to the most it regains?"): it then sets
  // `classes`, and hp_classes names the class of each side's HP in a cell.
  struct Reads {
    bool attacker_hp = true;
    bool defender_hp = true;
    bool classes = false;  // hp_classes() tells the HP read apart
  };
  [[nodiscard]] virtual Reads reads() const { return {}; }
  // The classes of the two sides' HP (of those reads() says the kernel
  // reads) in the cell (attacker, defender): any numbers the kernel picks,
  // such that two cells of the same two states whose classes are equal get
  // the same outcomes (each effect with the same probability). The exact
  // analysis then asks the kernel once per pair of states and classes, and
  // reuses the answer in every cell of that class. The classes may read
  // both sides (a kernel whose outcomes change when its damage can kill
  // reads the attacker's HP only in the cells where it can). The fight
  // layer checks the promise: the first cell of each class that differs in
  // HP from the one asked is asked too, and every such cell under
  // ExactLimits::check_classes; outcomes that differ throw std::logic_error.
  // Only read when reads().classes; the default makes every HP its own class.
  struct HpClasses {
    std::int64_t attacker = 0, defender = 0;
    bool operator==(const HpClasses&) const = default;
  };
  [[nodiscard]] virtual HpClasses hp_classes(Side attacker, Side defender) const { return {attacker.hp, defender.hp}; }
  // False when the rules carry state this kernel cannot represent exactly; the
  // fight layer then uses Monte Carlo and says why (`why_not_exact`).
  [[nodiscard]] virtual bool exact() const { return true; }
  [[nodiscard]] virtual std::string why_not_exact() const { return {}; }
  // What one sampled attack costs beyond the few draws of an ordinary one, in
  // the work budget's operations (fray/core/budget.hpp: kDrawOps a draw). A
  // kernel whose attack may draw many numbers (an epixx weapon of a thousand
  // dice) says so, and Monte Carlo charges it before the first fight.
  [[nodiscard]] virtual double extra_sample_ops() const { return 0; }
  // A SampledFight of this exchange (side a's attacks) and `other` (side
  // b's; null when b never moves), or null when this exchange cannot make
  // one: Monte Carlo then numbers the conditions through sample(). With
  // `other_attacks` false, b's turns keep only b's own changes, as
  // OwnChanges has them (its heal, its condition, own_escape).
  [[nodiscard]] virtual std::unique_ptr<SampledFight> sampled_fight(const Exchange* other, bool other_attacks) const {
    (void)other;
    (void)other_attacks;
    return nullptr;
  }
};

// The most HP a combatant may have, the same in every game: specs refuse more,
// and the fight results are indexed by HP.
inline constexpr std::int64_t kMaxHp = 1'000'000;

struct Fighter {
  std::string name;
  std::int64_t hp = 1;
  double attack_time = 1;  // game time units between two attacks (their mean when random)
  std::uint32_t state = 0;
  // When the time of an attack is random (Crawl's player attack delay rounds
  // at random): each time with its probability, drawn anew for every attack.
  // Empty: every attack takes attack_time.
  std::vector<std::pair<double, double>> attack_times{};
  // How this fighter may run away, for the reports' label of its escapes
  // ("flees near death"); empty when its kernels never say it escapes.
  std::string escape{};
};

// Two combatants and their attacks on each other.
struct Bout {
  Fighter a, b;
  std::shared_ptr<const Exchange> a_hits_b;
  std::shared_ptr<const Exchange> b_hits_a;
  std::string time_unit = "turns";  // "turns", "ticks", "aut"
  // What the fight assumes that the specs did not say (a default HP, ...),
  // for the reports.
  std::vector<std::string> notes{};
  // What makes the answer worse than the specs may intend (an item heavier
  // than its wearer's strength, ...), both sides, as AttackSummary::warnings.
  std::vector<std::string> warnings{};
  // The game mechanics of these two fighters, in words ("vampire_bat: life
  // drain, heals min(damage, HT - HP) on a hit (Bat.attackProc)"): those the
  // kernels follow, and those they leave out. The fight results carry the
  // second list, so that no answer is taken for more than it models.
  std::vector<std::string> modelled{};
  std::vector<std::string> not_modelled{};
};

}  // namespace fray
