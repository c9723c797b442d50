#!/usr/bin/env python3
"""Exact answers for examples/rules/percent.toml, computed without fray.

    tools/rules/percent_reference.py

Standard library only; takes no argument and prints, as fractions and as
decimals, what tests/rules/file/percent_test.cpp checks:

- one blow: P(hit) = hit / 100, and the damage distribution (a miss is 0,
  a hit one roll of the attacker's dice);
- turns to kill: the distribution of the number of blows side a needs to
  take side b's HP to 0 (side b does not fight back), by a Markov chain over
  side b's HP;
- a duel: both sides make one blow a turn, side a first; the chain over
  (HP of a, HP of b, whose blow) gives P(a wins) and P(b wins).

The game is the one the file describes (the plainest there is): there is no
other source to follow. The stats below are the file's catalog, typed here
again on purpose, so that a change to the file that changes an answer shows
up as a failing test rather than a silently moved reference.
"""

from fractions import Fraction as F
from functools import lru_cache
import sys

# The catalog of examples/rules/percent.toml: name -> (hp, hit %, dice count, sides).
MONSTERS = {
    "knight": (30, 70, 1, 8),
    "goblin": (7, 50, 1, 6),
    "orc": (15, 60, 1, 8),
    "troll": (40, 45, 2, 6),
}


def dice_pmf(n, s):
    """The sum of n dice of s sides, as {total: probability}."""
    pmf = {0: F(1)}
    for _ in range(n):
        nxt = {}
        for t, p in pmf.items():
            for face in range(1, s + 1):
                nxt[t + face] = nxt.get(t + face, F(0)) + p / s
        pmf = nxt
    return pmf


def blow(attacker):
    """(P(hit), {damage: probability}) of one blow, a miss as 0."""
    _, hit, n, s = MONSTERS[attacker]
    p_hit = F(hit, 100)
    dmg = {0: 1 - p_hit}
    for d, p in dice_pmf(n, s).items():
        dmg[d] = dmg.get(d, F(0)) + p_hit * p
    return p_hit, dmg


def blows_to_kill(attacker, defender, most=60):
    """{n: P(the n-th blow is the one that kills)} for n <= most."""
    hp = MONSTERS[defender][0]
    _, dmg = blow(attacker)
    alive = {hp: F(1)}  # HP left -> probability, still alive
    out = {}
    for n in range(1, most + 1):
        nxt = {}
        killed = F(0)
        for h, p in alive.items():
            for d, q in dmg.items():
                if d >= h:
                    killed += p * q
                else:
                    nxt[h - d] = nxt.get(h - d, F(0)) + p * q
        out[n] = killed
        alive = nxt
    return out


def mean_blows_to_kill(attacker, defender):
    """The exact mean number of blows to kill: E(h) = (1 + sum_{0<d<h} q(d) E(h-d)) / (1 - q(0))."""
    hp = MONSTERS[defender][0]
    _, dmg = blow(attacker)
    e = {}
    for h in range(1, hp + 1):
        e[h] = (1 + sum(q * e[h - d] for d, q in dmg.items() if 0 < d < h)) / (1 - dmg[0])
    return e[hp]


def duel(a, b):
    """(P(a wins), P(b wins)): one blow each a turn, a first."""
    _, da = blow(a)
    _, db = blow(b)
    p0a, p0b = da[0], db[0]

    sys.setrecursionlimit(100000)

    @lru_cache(maxsize=None)
    def win_a(ha, hb, a_to_move):
        # P(a wins) from here. A miss leaves the state as it was with the
        # other side to move; a blow's 0 damage is only a miss here (dice >= 1).
        if a_to_move:
            # Solve the pair (a to move, b to move) at (ha, hb) together:
            # x = sum_{d>0} pa(d) [a kills or y'] + p0a * y,
            # y = sum_{d>0} pb(d) [b kills or x'] + p0b * x.
            xa = F(0)
            for d, q in da.items():
                if d == 0:
                    continue
                xa += q * (1 if d >= hb else win_a(ha, hb - d, False))
            yb = F(0)
            for d, q in db.items():
                if d == 0:
                    continue
                yb += q * (0 if d >= ha else win_a(ha - d, hb, True))
            # x = xa + p0a * y, y = yb + p0b * x
            return (xa + p0a * yb) / (1 - p0a * p0b)
        x = win_a(ha, hb, True)
        yb = F(0)
        for d, q in db.items():
            if d == 0:
                continue
            yb += q * (0 if d >= ha else win_a(ha - d, hb, True))
        return yb + p0b * x

    pa = win_a(MONSTERS[a][0], MONSTERS[b][0], True)
    return pa, 1 - pa


def show(label, x):
    print(f"  {label} = {x}  ({float(x):.17g})")


def main():
    for a, d in [("knight", "goblin"), ("troll", "knight")]:
        p_hit, dmg = blow(a)
        print(f"attack {a} -> {d}")
        show("p_hit", p_hit)
        for k in sorted(dmg):
            show(f"damage[{k}]", dmg[k])
        print(f"  mean damage = {sum(k * p for k, p in dmg.items())}")
    print("blows to kill knight -> orc (hp 15)")
    ttk = blows_to_kill("knight", "orc")
    for n in range(1, 9):
        show(f"attacks[{n}]", ttk[n])
    show("mean", mean_blows_to_kill("knight", "orc"))
    for a, b in [("knight", "orc"), ("knight", "troll")]:
        pa, pb = duel(a, b)
        print(f"duel {a} vs {b}")
        show("p_a_wins", pa)
        show("p_b_wins", pb)


if __name__ == "__main__":
    main()
