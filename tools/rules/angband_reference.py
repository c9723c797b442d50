#!/usr/bin/env python3
"""Exact answers for examples/rules/angband.toml, computed without fray from
Angband 4.2.5's own formulas.

    tools/rules/angband_reference.py                 # print the answers
    tools/rules/angband_reference.py --check REPO    # also hold the file's catalog to the game's data
    tools/rules/angband_reference.py --json tests/golden/rules/angband.json

Standard library only (tomllib, Python 3.11, for --check). REPO is the game's
git repository (bare or not), read at tag 4.2.5 with `git show`, e.g.
/work/.mirror/angband+angband/repo.

What it follows, function by function (src/ at tag 4.2.5), in C's integer
arithmetic (every quotient here has non-negative operands but the halved
to-hit, done with cdiv, C's truncation toward zero):

- player-attack.c chance_of_melee_hit_base: skill + to_h * BTH_PLUS_ADJ (3);
  chance_of_melee_hit: halved against an unseen monster;
- mon-attack.c chance_of_monster_hit_base: MAX(level, 1) * 3 + effect power
  (blow_effects.txt: HURT 40); chance_of_monster_hit: * (100 - 25) / 100 when
  stunned (mon-timed.h STUN_HIT_REDUCTION);
- player-attack.c hit_chance and z-rand.c random_chance_check: P(hit) =
  numerator / 10000 with numerator = (10000 * MAX(0, to_hit - ac * 2 / 3) /
  to_hit) * 8300 / 10000 + 1200, to_hit = MAX(9, chance);
- player-attack.c melee_damage (damroll + the weapon's to_d), critical_melee
  (constants.txt melee-critical: chance weight + 5 * to_h + 0 * level + skill
  - 60 against randint1(5000); power weight + randint1(650); levels
  400:2:5, 700:2:10, 900:3:15, 1300:3:20, else 4:20), then py_attack_real's
  player to-dam and its floor at 0; bare hands do 1 with no critical;
- mon-attack.c make_attack_normal (randcalc of the blow's dice, * 75 / 100
  when stunned) and mon-blows.c melee_effect_handler_HURT with mon-attack.c
  adjust_dam_armor: damage - damage * MIN(ac, 240) / 400;
- a turn: make_attack_normal makes every blow of the monster's blow lines in
  order, each with its own dice and its own test_hit (py_attack makes the
  player's blows the same way, one weapon for all); the turn's damage is
  the sum of its blows', independent of one another.

Each case prints P(hit), every outcome's probability and P(damage = k) for
every k, as fractions and decimals; each turn case a whole turn's P(some
blow lands) and P(damage = k), the convolution of its blows; --json writes
them to the golden file
tests/rules/file/angband_test.cpp holds fray's answers to (run it again
after a change to this script and commit its output).
"""

from fractions import Fraction as F
import argparse
import json
import subprocess
import sys


def cdiv(a, b):
    """C's integer division: truncation toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def hit_numerator(chance, ac):
    """hit_chance: the chance of a hit, in ten-thousandths."""
    to_hit = max(9, chance)
    num = max(0, to_hit - cdiv(ac * 2, 3))
    num = cdiv(10000 * num, to_hit)
    num = cdiv(num * (10000 - 500 - 1200), 10000)
    return num + 1200


def dice_pmf(n, s):
    pmf = {0: F(1)}
    for _ in range(n):
        nxt = {}
        for t, p in pmf.items():
            for face in range(1, s + 1):
                nxt[t + face] = nxt.get(t + face, F(0)) + p / s
        pmf = nxt
    return pmf


# constants.txt melee-critical-level: (cutoff, multiplier, addition, outcome).
CRIT_LEVELS = [
    (400, 2, 5, "good_hit"),
    (700, 2, 10, "great_hit"),
    (900, 3, 15, "superb_hit"),
    (1300, 3, 20, "hi_great_hit"),
    (None, 4, 20, "hi_superb_hit"),
]


def crit_level(power):
    for cutoff, mult, add, name in CRIT_LEVELS:
        if cutoff is None or power < cutoff:
            return mult, add, name
    raise AssertionError


def player_blow(skill, to_h, dice, to_d, extra_d, weight, ac, unseen=False, stunned=False):
    """{outcome: P}, {damage: P} of one blow of the player on a monster."""
    base = skill + to_h * 3
    chance = cdiv(base, 2) if unseen else base
    p_hit = F(hit_numerator(chance, ac), 10000)
    outcomes = {"miss": 1 - p_hit}
    damage = {0: 1 - p_hit}

    def add(name, dmg, p):
        outcomes[name] = outcomes.get(name, F(0)) + p
        damage[dmg] = damage.get(dmg, F(0)) + p

    if weight == 0:
        add("hit", max(1 + extra_d, 0), p_hit)
        return outcomes, damage
    n, s = dice
    crit_to_h = to_h + (10 if stunned else 0)
    crit_chance = weight + 5 * crit_to_h + 0 * 10 + skill - 60
    # randint1(5000) > chance: no critical.
    p_crit = F(min(max(crit_chance, 0), 5000), 5000)
    for roll, pr in dice_pmf(n, s).items():
        dam = roll + to_d
        add("hit", max(dam + extra_d, 0), p_hit * pr * (1 - p_crit))
        for r in range(1, 651):
            mult, plus, name = crit_level(weight + r)
            add(name, max(mult * dam + plus + extra_d, 0), p_hit * pr * p_crit / 650)
    return outcomes, damage


def monster_blow(level, power, dice, ac, stunned=False):
    """{outcome: P}, {damage: P} of one HURT blow of a monster."""
    mbase = max(level, 1) * 3 + power
    chance = cdiv(mbase * 75, 100) if stunned else mbase
    p_hit = F(hit_numerator(chance, ac), 10000)
    outcomes = {"miss": 1 - p_hit, "hit": p_hit}
    damage = {0: 1 - p_hit}
    n, s = dice
    for roll, pr in dice_pmf(n, s).items():
        dam = cdiv(roll * 75, 100) if stunned else roll
        dam = dam - cdiv(dam * min(ac, 240), 400)
        damage[dam] = damage.get(dam, F(0)) + p_hit * pr
    return outcomes, damage


# The inputs of each case, typed from the game's data (see the .toml's
# catalog, which --check holds to the game): warrior = skill 115, to_h 4,
# extra_d 3, ac 28; tulwar 2d4 weight 100; executioner's sword 4d5 weight 260;
# cave orc level 7 ac 48 1d8; uruk level 16 ac 75 3d5; hill giant level 25
# 4d8; snaga ac 48.
CASES = [
    # (attacker spec, defender spec, situation flags, the answer)
    ("warrior", "cave_orc", [],
     lambda: player_blow(115, 4, (2, 4), 0, 3, 100, 48)),
    ("warrior:weapon=executioners_sword,to_h=9,to_d=5", "uruk", [],
     lambda: player_blow(115, 9, (4, 5), 5, 3, 260, 75)),
    ("warrior:weapon=dagger,skill=60,to_h=-1,to_d=-3,extra_d=0", "snaga", ["unseen"],
     lambda: player_blow(60, -1, (1, 4), -3, 0, 12, 48, unseen=True)),
    ("warrior:weight=800", "cave_orc", ["stunned"],
     lambda: player_blow(115, 4, (2, 4), 0, 3, 800, 48, stunned=True)),
    ("warrior:weight=0", "snaga", [],
     lambda: player_blow(115, 4, (1, 1), 0, 3, 0, 48)),
    ("cave_orc", "warrior", [],
     lambda: monster_blow(7, 40, (1, 8), 28)),
    ("hill_giant", "warrior:ac=150", [],
     lambda: monster_blow(25, 40, (4, 8), 150)),
    ("uruk", "warrior", ["stunned"],
     lambda: monster_blow(16, 40, (3, 5), 28, stunned=True)),
]


def turn(blows):
    """(P(some blow lands), {damage: P}) of a turn of blows, each (outcomes, damage) of one blow."""
    p_none = F(1)
    damage = {0: F(1)}
    for outcomes, blow in blows:
        p_none *= outcomes["miss"]
        nxt = {}
        for t, p in damage.items():
            for k, q in blow.items():
                nxt[t + k] = nxt.get(t + k, F(0)) + p * q
        damage = nxt
    return 1 - p_none, damage


WARRIOR_AC = 28

# Whole turns: (attacker spec, defender spec, situation flags, the answer).
# The monsters' blows as monster.txt lists them (the .toml's catalog, which
# --check holds to the game): cave bear level 9, CLAW 1d6, CLAW 1d6, BITE
# 1d8; grizzly bear level 16, CLAW 1d8, CLAW 1d8, BITE 1d12, CRUSH 1d10;
# white wolf level 12, BITE 1d3, BITE 1d4; uruk level 16, HIT 3d5 twice.
# The defender's hit points are raised so that no turn's damage is cut.
TURNS = [
    ("cave_bear", "warrior:hp=30000", [],
     lambda: turn([monster_blow(9, 40, d, WARRIOR_AC) for d in [(1, 6), (1, 6), (1, 8)]])),
    ("grizzly_bear", "warrior:hp=30000", [],
     lambda: turn([monster_blow(16, 40, d, WARRIOR_AC) for d in [(1, 8), (1, 8), (1, 12), (1, 10)]])),
    ("grizzly_bear", "warrior:hp=30000,ac=90", ["stunned"],
     lambda: turn([monster_blow(16, 40, d, 90, stunned=True) for d in [(1, 8), (1, 8), (1, 12), (1, 10)]])),
    ("white_wolf", "warrior:hp=30000", [],
     lambda: turn([monster_blow(12, 40, d, WARRIOR_AC) for d in [(1, 3), (1, 4)]])),
    # Blows without dice of their own roll the first blow's.
    ("uruk:blows=3", "warrior:hp=30000", [],
     lambda: turn([monster_blow(16, 40, (3, 5), WARRIOR_AC)] * 3)),
    ("warrior", "cave_bear:hp=30000", [],
     lambda: turn([player_blow(115, 4, (2, 4), 0, 3, 100, 52)] * 2)),
]


def fraction(x):
    return {"fraction": str(x), "value": float(x)}


def answers():
    """Every case as JSON: the specs, P(hit), each outcome's P and P(damage = k)."""
    out = []
    for attacker, defender, situation, f in CASES:
        outcomes, damage = f()
        assert sum(outcomes.values()) == 1 and sum(damage.values()) == 1
        out.append({
            "attacker": attacker,
            "defender": defender,
            "situation": situation,
            "p_hit": fraction(1 - outcomes["miss"]),
            "outcomes": {k: fraction(p) for k, p in outcomes.items()},
            "damage": [[k, str(damage[k]), float(damage[k])] for k in sorted(damage)],
            "mean_damage": fraction(sum(k * p for k, p in damage.items())),
        })
    return out


def turn_answers():
    """Every turn case as JSON: the specs, P(some blow lands) and P(damage = k)."""
    out = []
    for attacker, defender, situation, f in TURNS:
        p_any, damage = f()
        assert sum(damage.values()) == 1
        out.append({
            "attacker": attacker,
            "defender": defender,
            "situation": situation,
            "p_any_hit": fraction(p_any),
            "damage": [[k, str(damage[k]), float(damage[k])] for k in sorted(damage)],
            "mean_damage": fraction(sum(k * p for k, p in damage.items())),
        })
    return out


def print_cases():
    for case in answers():
        sit = f" [{', '.join(case['situation'])}]" if case["situation"] else ""
        print(f"{case['attacker']} -> {case['defender']}{sit}")
        print(f"  p_hit = {case['p_hit']['fraction']}  ({case['p_hit']['value']:.17g})")
        for k, p in case["outcomes"].items():
            print(f"  outcome {k} = {p['fraction']}  ({p['value']:.17g})")
        for k, frac, value in case["damage"]:
            print(f"  damage[{k}] = {frac}  ({value:.17g})")
        print(f"  mean damage = {case['mean_damage']['fraction']}  ({case['mean_damage']['value']:.17g})")
    for case in turn_answers():
        sit = f" [{', '.join(case['situation'])}]" if case["situation"] else ""
        print(f"turn of {case['attacker']} -> {case['defender']}{sit}")
        print(f"  p_any_hit = {case['p_any_hit']['fraction']}  ({case['p_any_hit']['value']:.17g})")
        for k, frac, value in case["damage"]:
            print(f"  damage[{k}] = {frac}  ({value:.17g})")
        print(f"  mean damage = {case['mean_damage']['fraction']}  ({case['mean_damage']['value']:.17g})")


def game_file(repo, path, tag="4.2.5"):
    return subprocess.run(["git", "-C", repo, "show", f"{tag}:{path}"], check=True, capture_output=True,
                          text=True).stdout


def records(text):
    """monster.txt / object.txt records: name -> list of (field, value) lines."""
    out, cur = {}, None
    for line in text.splitlines():
        if line.startswith("name:"):
            cur = out.setdefault(line[5:].replace("& ", "").replace("~", ""), [])
        elif cur is not None and ":" in line and not line.startswith("#"):
            k, v = line.split(":", 1)
            cur.append((k, v))
    return out


def check_catalog(repo, toml_path):
    """Holds the .toml's monsters and weapons to monster.txt and object.txt."""
    import tomllib
    with open(toml_path, "rb") as f:
        rules = tomllib.load(f)
    monsters = records(game_file(repo, "lib/gamedata/monster.txt"))
    objects = records(game_file(repo, "lib/gamedata/object.txt"))
    bad = 0

    def expect(what, got, want):
        nonlocal bad
        if got != want:
            bad += 1
            print(f"MISMATCH {what}: file {got!r}, game {want!r}")

    for m in rules["monsters"]:
        if m.get("player"):
            continue
        rec = monsters[m["name"]]
        fields = dict((k, v) for k, v in rec if k != "blow")
        blows = [v.split(":") for k, v in rec if k == "blow"]
        expect(f"{m['name']} hp", m["hp"], int(fields["hit-points"]))
        expect(f"{m['name']} ac", m["ac"], int(fields["armor-class"]))
        expect(f"{m['name']} level", m["level"], int(fields["depth"]))
        expect(f"{m['name']} speed", m.get("speed", 0), int(fields["speed"]) - 110)
        expect(f"{m['name']} blows", m.get("blows", 1), len(blows))
        for k, b in enumerate(blows):
            expect(f"{m['name']} blow {k + 1} effect", b[1], "HURT")
            # dice for the first blow, dice2..dice4 for the others (absent: the first's).
            own = m["dice"] if k == 0 else m.get(f"dice{k + 1}", m["dice"])
            expect(f"{m['name']} blow {k + 1} dice", own, b[2])
    for w in rules["weapons"]:
        rec = dict(objects[w["name"].title().replace("'S", "'s")])
        expect(f"{w['name']} weight", w["weight"], int(rec["weight"]))
        expect(f"{w['name']} dice", w["dice"], rec["attack"].split(":")[0])
    print("catalog: " + ("every entry is the game's" if not bad else f"{bad} mismatches"))
    return bad == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", metavar="REPO", help="the game's git repository: check the file's catalog")
    ap.add_argument("--file", default="examples/rules/angband.toml", help="the rules file (for --check)")
    ap.add_argument("--json", metavar="OUT", help="also write the answers as JSON (tests/golden/rules/angband.json)")
    args = ap.parse_args()
    print_cases()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"source": "tools/rules/angband_reference.py", "game": "Angband 4.2.5", "cases": answers(),
                       "turns": turn_answers()}, f, indent=1)
            f.write("\n")
    if args.check and not check_catalog(args.check, args.file):
        sys.exit(1)


if __name__ == "__main__":
    main()
