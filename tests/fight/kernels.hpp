// Small Exchange kernels for the fight tests: hand-checkable attacks and
// kernels that carry state the way the games' rules do.
#pragma once

#include <fray/fight/kernel.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fray::test {

// A kernel given by its outcome list; sample() walks the same list, so the
// exact and sampled paths share one description. `declared` is what reads()
// says; a test may set it to "everything" to check that the declaration
// changes the speed of the exact analysis, never its numbers.
class ListKernel : public Exchange {
 public:
  Reads declared{false, false};
  Reads reads() const override { return declared; }
  [[nodiscard]] virtual std::vector<Transition> list(Side attacker, Side defender) const = 0;
  std::vector<Transition> outcomes(Side attacker, Side defender) const override { return list(attacker, defender); }
  Transition sample(Side attacker, Side defender, Rng& rng) const override {
    const auto ts = list(attacker, defender);
    double u = rng.unit();
    for (const Transition& t : ts) {
      if (u < t.p) return t;
      u -= t.p;
    }
    return ts.back();
  }
};

// Hits with probability p for a damage uniform in lo..hi; states unchanged.
class DiceKernel final : public ListKernel {
 public:
  DiceKernel(double p, std::int64_t lo, std::int64_t hi) : p_(p), lo_(lo), hi_(hi) {}
  std::vector<Transition> list(Side a, Side d) const override {
    std::vector<Transition> ts;
    if (p_ < 1) ts.push_back({1 - p_, 0, a.state, d.state});
    const double each = p_ / static_cast<double>(hi_ - lo_ + 1);
    if (p_ > 0)
      for (std::int64_t v = lo_; v <= hi_; ++v) ts.push_back({each, v, a.state, d.state});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_;
};

// Pixel Dungeon-like Berserker fury: while the attacker's HP is at most 40 %
// of its maximum, damage is trunc(damage * 1.5). Depends on the attacker's HP.
class FuryKernel final : public ListKernel {
 public:
  FuryKernel(double p, std::int64_t lo, std::int64_t hi, std::int64_t max_hp) : p_(p), lo_(lo), hi_(hi), ht_(max_hp) {
    declared.attacker_hp = true;
  }
  std::vector<Transition> list(Side a, Side d) const override {
    const bool fury = static_cast<double>(a.hp) <= 0.4 * static_cast<double>(ht_);
    std::vector<Transition> ts;
    if (p_ < 1) ts.push_back({1 - p_, 0, a.state, d.state});
    const double each = p_ / static_cast<double>(hi_ - lo_ + 1);
    for (std::int64_t v = lo_; v <= hi_; ++v) ts.push_back({each, fury ? v * 3 / 2 : v, a.state, d.state});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_, ht_;
};

// Brogue-like acid: every hit eats one point of the attacker's weapon
// enchant (attacker state = points lost); damage is base - lost, at least 0;
// the hit chance is p_hit - 0.1 per point lost, at least 0.1.
class AcidKernel final : public ListKernel {
 public:
  AcidKernel(double p_hit, std::int64_t base) : p_(p_hit), base_(base) {}
  std::vector<Transition> list(Side a, Side d) const override {
    const double p = std::max(0.1, p_ - 0.1 * a.state);
    const std::int64_t dmg = std::max<std::int64_t>(0, base_ - static_cast<std::int64_t>(a.state));
    std::vector<Transition> ts;
    if (p < 1) ts.push_back({1 - p, 0, a.state, d.state});
    ts.push_back({p, dmg, std::min<std::uint32_t>(a.state + 1, 20), d.state});
    return ts;
  }

 private:
  double p_;
  std::int64_t base_;
};

// epixx-like confusion: a hit confuses the defender for `turns` of its own
// attacks (defender state = turns left); a confused attacker always misses
// and counts one turn off.
class ConfusionKernel final : public ListKernel {
 public:
  ConfusionKernel(double p, std::int64_t damage, std::uint32_t turns) : ConfusionKernel(p, damage, damage, turns) {}
  // A hit for lo..hi, each equally likely.
  ConfusionKernel(double p, std::int64_t lo, std::int64_t hi, std::uint32_t turns)
      : p_(p), lo_(lo), hi_(hi), turns_(turns) {}
  std::vector<Transition> list(Side a, Side d) const override {
    if (a.state > 0) return {{1.0, 0, a.state - 1, d.state}};
    std::vector<Transition> ts;
    if (p_ < 1) ts.push_back({1 - p_, 0, 0, d.state});
    const double each = p_ / static_cast<double>(hi_ - lo_ + 1);
    if (p_ > 0)
      for (std::int64_t v = lo_; v <= hi_; ++v) ts.push_back({each, v, 0, turns_});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_;
  std::uint32_t turns_;
};

// An attacker that loses `loss` HP on each of its own turns (a poison that
// never wears off), then hits with probability p for lo..hi.
class SelfLossKernel final : public ListKernel {
 public:
  SelfLossKernel(double p, std::int64_t lo, std::int64_t hi, std::int64_t loss)
      : p_(p), lo_(lo), hi_(hi), loss_(loss) {}
  std::vector<Transition> list(Side a, Side d) const override {
    std::vector<Transition> ts;
    if (p_ < 1) ts.push_back({1 - p_, 0, a.state, d.state, 0, -loss_});
    const double each = p_ / static_cast<double>(hi_ - lo_ + 1);
    if (p_ > 0)
      for (std::int64_t v = lo_; v <= hi_; ++v) ts.push_back({each, v, a.state, d.state, 1, -loss_});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_, loss_;
};

// A poisoned bite: a hit for lo..hi poisons the defender for `turns` of its
// own attacks (defender state = turns left, a new bite starts them afresh);
// a poisoned attacker loses `tick` HP at the start of each of its own turns
// and counts one turn off.
class PoisonKernel final : public ListKernel {
 public:
  PoisonKernel(double p, std::int64_t lo, std::int64_t hi, std::uint32_t turns, std::int64_t tick)
      : p_(p), lo_(lo), hi_(hi), turns_(turns), tick_(tick) {}
  std::vector<Transition> list(Side a, Side d) const override {
    const std::int64_t heal = a.state > 0 ? -tick_ : 0;
    const std::uint32_t left = a.state > 0 ? a.state - 1 : 0;
    std::vector<Transition> ts;
    if (p_ < 1) ts.push_back({1 - p_, 0, left, d.state, 0, heal});
    const double each = p_ / static_cast<double>(hi_ - lo_ + 1);
    if (p_ > 0)
      for (std::int64_t v = lo_; v <= hi_; ++v) ts.push_back({each, v, left, turns_, 1, heal});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_;
  std::uint32_t turns_;
  std::int64_t tick_;
};

// An attacker that heals on its own turn, up to its maximum `ht`: `regen`
// HP every attack (regeneration), and with `drain` the damage of a hit too
// (Pixel Dungeon Bat.attackProc: min(damage, HT - HP)). Reads its own HP for
// the cap.
class HealKernel final : public ListKernel {
 public:
  HealKernel(double p, std::int64_t lo, std::int64_t hi, std::int64_t ht, std::int64_t regen, bool drain)
      : p_(p), lo_(lo), hi_(hi), ht_(ht), regen_(regen), drain_(drain) {
    declared.attacker_hp = true;
  }
  std::vector<Transition> list(Side a, Side d) const override {
    auto heal = [&](std::int64_t dmg) { return std::min(ht_ - a.hp, regen_ + (drain_ ? dmg : 0)); };
    std::vector<Transition> ts;
    if (p_ < 1) ts.push_back({1 - p_, 0, a.state, d.state, 0, heal(0)});
    const double each = p_ / static_cast<double>(hi_ - lo_ + 1);
    if (p_ > 0)
      for (std::int64_t v = lo_; v <= hi_; ++v) ts.push_back({each, v, a.state, d.state, 1, heal(v)});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_, ht_, regen_;
  bool drain_;
};

// A kernel that says it cannot be made exact (Monte Carlo only).
class InexactKernel final : public ListKernel {
 public:
  explicit InexactKernel(double p) : p_(p) {}
  std::vector<Transition> list(Side a, Side d) const override {
    return {{1 - p_, 0, a.state, d.state}, {p_, 1, a.state, d.state}};
  }
  bool exact() const override { return false; }
  std::string why_not_exact() const override { return "test kernel keeps a history"; }

 private:
  double p_;
};

// Hits with probability p for a damage uniform in lo..hi; a hit that leaves
// the defender alive at `flees_at` HP or less ends the fight with the
// defender escaped (Brogue's flee near death with a threshold of its own).
// With `runs_at` >= 0 the attacker runs instead of attacking when its turn
// finds it at that HP or less.
class FleeKernel final : public ListKernel {
 public:
  FleeKernel(double p, std::int64_t lo, std::int64_t hi, std::int64_t flees_at, std::int64_t runs_at = -1)
      : p_(p), lo_(lo), hi_(hi), flees_at_(flees_at), runs_at_(runs_at) {
    declared = {runs_at >= 0, flees_at >= 0};
  }
  std::vector<Transition> list(Side a, Side d) const override {
    std::vector<Transition> ts;
    if (runs_at_ >= 0 && a.hp <= runs_at_) {
      ts.push_back({1, 0, a.state, d.state, 0});
      ts.back().escape = Escape::attacker;
      return ts;
    }
    if (p_ < 1) ts.push_back({1 - p_, 0, a.state, d.state, 0});
    const double each = p_ / static_cast<double>(hi_ - lo_ + 1);
    if (p_ > 0)
      for (std::int64_t v = lo_; v <= hi_; ++v) {
        ts.push_back({each, v, a.state, d.state, 1});
        if (v < d.hp && d.hp - v <= flees_at_) ts.back().escape = Escape::defender;
      }
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_, flees_at_, runs_at_;
};

inline Bout make_bout(std::shared_ptr<const Exchange> ab, std::shared_ptr<const Exchange> ba, std::int64_t a_hp,
                      std::int64_t b_hp, double a_time = 1, double b_time = 1) {
  Bout b;
  b.a = Fighter{"alpha", a_hp, a_time, 0};
  b.b = Fighter{"beta", b_hp, b_time, 0};
  b.a_hits_b = std::move(ab);
  b.b_hits_a = std::move(ba);
  return b;
}

// The same pair under the short names the tests use (one definition for the
// folder: the unity build compiles several of its files as one).
inline Fighter fighter(std::int64_t hp, double time = 1) { return Fighter{"f", hp, time, 0}; }
inline Bout bout(std::shared_ptr<const Exchange> ab, std::shared_ptr<const Exchange> ba, std::int64_t a_hp,
                 std::int64_t b_hp, double a_time = 1, double b_time = 1) {
  return make_bout(std::move(ab), std::move(ba), a_hp, b_hp, a_time, b_time);
}

}  // namespace fray::test
