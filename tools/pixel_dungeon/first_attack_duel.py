#!/usr/bin/env python3
"""A Pixel Dungeon 1.9.1 duel with an unseen defender, worked from the game's rules.

    tools/pixel_dungeon/first_attack_duel.py

Computes, apart from fray's code, the exact duel that
tests/rules/pixel_dungeon/mechanics_test.cpp (PdFirstAttack) holds fray's to:
two inline mobs, side a attacking side b, which has not seen it (`--situation
unseen`), both attacking once a turn, side a first. It prints P(a wins),
P(b wins) and the mean number of a's attacks to kill b (turns to kill) three
ways: the game's rule, the surprise never ending (what a
sampled fight did before the rule was followed), and no surprise at all.

The game's rules it follows (Pixel Dungeon 1.9.1, actors/):

- Char.hit: acuRoll = Random.Float(attackSkill), defRoll =
  Random.Float(defenseSkill); a hit when acuRoll >= defRoll. With continuous
  rolls: 1 when the evasion D is 0, A / 2D when A <= D, else 1 - D / 2A.
- Mob.defenseSkill: the mob's defenseSkill while enemySeen (and not
  paralysed), else 0. enemySeen is set only on the mob's own turn (Mob.act:
  Sleeping and Wandering on noticing, Hunting sets enemySeen = enemyInFOV);
  a hit only sets `alerted` (Mob.damage). So side a's attacks before side b's
  first turn find it unseen (evasion 0), none after.
- Char.attack: damage = max(damageRoll - Random.IntRange(0, dr), 0);
  Mob.damageRoll = Random.NormalIntRange(min, max) =
  min + (int)((U1 + U2) * (max - min + 1) / 2), U1, U2 uniform on [0, 1):
  value min + k when U1 + U2 lies in [2k / n, 2(k + 1) / n), n = max - min + 1,
  its chance from the triangular law of U1 + U2.

Standard library only. The fight is a Markov chain over (HP a, HP b, whose
turn, b has moved); it is iterated until the mass still fighting is below
1e-15 (a hit can deal 0, so a fight can last without bound).
"""

from fractions import Fraction


def hit_chance(acc, eva):
    if eva == 0:
        return Fraction(1)
    if acc <= eva:
        return Fraction(acc, 2 * eva)
    return 1 - Fraction(eva, 2 * acc)


def triangular_cdf(s):
    """P(U1 + U2 < s) for U1, U2 uniform on [0, 1)."""
    if s <= 0:
        return Fraction(0)
    if s >= 2:
        return Fraction(1)
    if s <= 1:
        return s * s / 2
    return 1 - (2 - s) * (2 - s) / 2


def normal_int_range(lo, hi):
    n = hi - lo + 1
    return {lo + k: triangular_cdf(Fraction(2 * (k + 1), n)) - triangular_cdf(Fraction(2 * k, n)) for k in range(n)}


def damage_on_hit(lo, hi, dr):
    out = {}
    for roll, p in normal_int_range(lo, hi).items():
        for armor in range(dr + 1):
            d = max(roll - armor, 0)
            out[d] = out.get(d, 0) + p * Fraction(1, dr + 1)
    return out


def attack(acc, eva, lo, hi, dr):
    """The law of one attack's damage (a miss deals 0)."""
    ph = hit_chance(acc, eva)
    out = {0: 1 - ph}
    for d, p in damage_on_hit(lo, hi, dr).items():
        out[d] = out.get(d, 0) + ph * p
    return out


def duel(a, b, surprise):
    """P(a wins), P(b wins); `surprise`: 'rule' (until b's first turn), 'always', 'never'."""
    a_plain = attack(a["acc"], b["eva"], a["lo"], a["hi"], b["dr"])
    a_unseen = attack(a["acc"], 0, a["lo"], a["hi"], b["dr"])
    b_hits = attack(b["acc"], a["eva"], b["lo"], b["hi"], a["dr"])
    now = {(a["hp"], b["hp"], "a", False): 1.0}
    wins_a = wins_b = 0.0
    while sum(now.values()) > 1e-15:
        nxt = {}
        for (ha, hb, turn, moved), p in now.items():
            if turn == "a":
                unseen = surprise == "always" or (surprise == "rule" and not moved)
                for d, q in (a_unseen if unseen else a_plain).items():
                    if d >= hb:
                        wins_a += p * float(q)
                    else:
                        k = (ha, hb - d, "b", moved)
                        nxt[k] = nxt.get(k, 0.0) + p * float(q)
            else:
                for d, q in b_hits.items():
                    if d >= ha:
                        wins_b += p * float(q)
                    else:
                        k = (ha - d, hb, "a", True)
                        nxt[k] = nxt.get(k, 0.0) + p * float(q)
        now = nxt
    return wins_a, wins_b


def turns_to_kill(a, b, surprise):
    """The mean number of a's attacks to kill b, b never hurting a."""
    a_plain = attack(a["acc"], b["eva"], a["lo"], a["hi"], b["dr"])
    a_unseen = attack(a["acc"], 0, a["lo"], a["hi"], b["dr"])
    now = {b["hp"]: 1.0}
    mean, k = 0.0, 0
    while sum(now.values()) > 1e-15:
        k += 1
        law = a_unseen if surprise == "always" or (surprise == "rule" and k == 1) else a_plain
        nxt = {}
        for hb, p in now.items():
            for d, q in law.items():
                if d >= hb:
                    mean += k * p * float(q)
                else:
                    nxt[hb - d] = nxt.get(hb - d, 0.0) + p * float(q)
        now = nxt
    return mean


# The test's two inline mobs: a = "hp=10,accuracy=6,evasion=4,damage=2-5,armor=1",
# b = "hp=9,accuracy=7,evasion=9,damage=1-4,armor=2".
A = {"hp": 10, "acc": 6, "eva": 4, "lo": 2, "hi": 5, "dr": 1}
B = {"hp": 9, "acc": 7, "eva": 9, "lo": 1, "hi": 4, "dr": 2}

if __name__ == "__main__":
    for how in ("rule", "always", "never"):
        pa, pb = duel(A, B, how)
        print(f"{how:7s} P(a wins) = {pa:.17g}  P(b wins) = {pb:.17g}  "
              f"mean attacks to kill = {turns_to_kill(A, B, how):.17g}")
