#!/usr/bin/env python3
"""Exact answers for examples/rules/nethack.toml, computed without fray from
NetHack 3.6.7's own formulas.

    tools/rules/nethack_reference.py                 # print the answers
    tools/rules/nethack_reference.py --check REPO    # also hold the file's catalog to the game's tables
    tools/rules/nethack_reference.py --json tests/golden/rules/nethack.json

Standard library only (tomllib, Python 3.11, for --check). REPO is the game's
git repository (bare or not), read at tag NetHack-3.6.7_Released with
`git show`, e.g. /work/.mirror/NetHack+NetHack/repo.

What it follows (src/ at that tag), in C's integer arithmetic:

- weapon.c abon() (Strength's part, +1 below experience level 3, then
  Dexterity's) and dbon(), with include/attrib.h's STR18(x) = 18 + x and
  STR19(x) = 100 + x;
- uhitm.c find_roll_to_hit: 1 + Luck + abon() + find_mac(mdef) + u.uhitinc +
  u.ulevel, +2 against a sleeping monster, weapon.c hitval (spe +
  oc_hitbon) and weapon_hit_bonus (-4, 0, +2, +3 by skill); hitum hits when
  tmp > rnd(20);
- weapon.c dmgval (rnd of the small or large damage, the per-weapon extras,
  + spe, not below 0) and uhitm.c hmon_hitmon (a positive dmgval + u.udaminc
  + dbon(); one above 1 + weapon_dam_bonus: -2, 0, +1, +2; at least 1);
- mhitu.c mattacku: tmp = AC_VALUE(u.uac) + 10 + m_lev (+4 when the hero is
  helpless), AC_VALUE(AC) = AC >= 0 ? AC : -rnd(-AC) (include/hack.h),
  rolled once before the loop over the monster's attacks; the i-th attack
  (from 0) hits when tmp > rnd(20 + i); hitmu: d(damn, damd) of that
  attack, then dmg -= rnd(-u.uac) when u.uac < 0, at least 1;
- mhitm.c mattackm: find_mac(mdef) + m_lev (+4 against a sleeping monster)
  against rnd(20 + i); mdamagem's d(damn, damd);
- a hug (AT_HUGS, AD_PHYS) rolls no to-hit: mattacku and mattackm make it
  when the two attacks before it hit (sum[i - 1] && sum[i - 2]), mattacku
  also when the monster holds the hero (u.ustuck); hitmu's hug on a hero
  not held grabs with rn2(2) (u_slip_free: no greased armour), the damage
  done either way.

A monster's turn is every attack of its list in order; given the one
AC_VALUE roll, the attacks are independent, so a turn's damage is, for
each AC_VALUE, the convolution of its attacks' laws, mixed over AC_VALUE.

Each case prints P(hit) and P(damage = k) for every k, as fractions and
decimals, and each turn case a whole turn's P(some attack hits) and
P(damage = k); --json writes them to the golden file
tests/rules/file/nethack_test.cpp holds fray's answers to (run it again
after a change to this script and commit its output).
"""

from fractions import Fraction as F
import argparse
import json
import re
import subprocess
import sys


def STR18(x):
    return 18 + x


def STR19(x):
    return 100 + x


def internal_str(str_, pct):
    if str_ == 18:
        return STR18(pct)
    if str_ > 18:
        return STR19(str_)
    return str_


def abon(st, dex, ulevel):
    if st < 6:
        sbon = -2
    elif st < 8:
        sbon = -1
    elif st < 17:
        sbon = 0
    elif st <= STR18(50):
        sbon = 1
    elif st < STR18(100):
        sbon = 2
    else:
        sbon = 3
    sbon += 1 if ulevel < 3 else 0
    if dex < 4:
        return sbon - 3
    if dex < 6:
        return sbon - 2
    if dex < 8:
        return sbon - 1
    if dex < 14:
        return sbon
    return sbon + dex - 14


def dbon(st):
    if st < 6:
        return -1
    if st < 16:
        return 0
    if st < 18:
        return 1
    if st == 18:
        return 2
    if st <= STR18(75):
        return 3
    if st <= STR18(90):
        return 4
    if st < STR18(100):
        return 5
    return 6


HIT_BONUS = {1: -4, 2: 0, 3: 2, 4: 3}  # weapon_hit_bonus: unskilled, basic, skilled, expert
DAM_BONUS = {1: -2, 2: 0, 3: 1, 4: 2}  # weapon_dam_bonus


def sum_pmf(*parts):
    """The sum of independent uniform dice: each part (n, s) is d(n, s); an int is a constant."""
    pmf = {0: F(1)}
    for part in parts:
        if isinstance(part, int):
            pmf = {t + part: p for t, p in pmf.items()}
            continue
        n, s = part
        for _ in range(n):
            nxt = {}
            for t, p in pmf.items():
                for face in range(1, s + 1):
                    nxt[t + face] = nxt.get(t + face, F(0)) + p / s
            pmf = nxt
    return pmf


def p_rnd20_below(tmp, i=0):
    """P(tmp > rnd(20 + i))."""
    return F(min(max(tmp - 1, 0), 20 + i), 20 + i)


def hero_blow(hero, mon, sleeping=False):
    """(P(hit), {damage: P}) of the hero's weapon blow on a monster."""
    st = internal_str(hero["str"], hero["str_pct"])
    tmp = (1 + hero["luck"] + abon(st, hero["dex"], hero["level"]) + mon["ac"] + hero["hitinc"] + hero["level"] +
           (2 if sleeping else 0) + hero["enchant"] + hero["hitbon"] + HIT_BONUS[hero["wskill"]])
    p_hit = p_rnd20_below(tmp)
    damage = {0: 1 - p_hit}
    dice = hero["ldam"] if mon["large"] else hero["sdam"]
    for die, p in sum_pmf(*dice).items():
        t = max(die + hero["enchant"], 0)  # dmgval
        valid = t > 1
        if t > 0:
            t += hero["daminc"] + dbon(st)
        if valid:
            t += DAM_BONUS[hero["wskill"]]
        t = max(t, 1)
        damage[t] = damage.get(t, F(0)) + p_hit * p
    return p_hit, damage


def monster_on_hero(mon, hero_ac, helpless=False):
    """(P(hit), {damage: P}) of a monster's first attack on the hero."""
    if hero_ac >= 0:
        ac_values = {hero_ac: F(1)}
    else:
        ac_values = {-k: F(1, -hero_ac) for k in range(1, -hero_ac + 1)}
    p_hit = F(0)
    for acv, q in ac_values.items():
        p_hit += q * p_rnd20_below(acv + 10 + mon["level"] + (4 if helpless else 0))
    damage = {0: 1 - p_hit}
    for d, p in sum_pmf(mon["dice"]).items():
        if hero_ac < 0:
            for k in range(1, -hero_ac + 1):
                dd = max(d - k, 1)
                damage[dd] = damage.get(dd, F(0)) + p_hit * p / (-hero_ac)
        else:
            damage[d] = damage.get(d, F(0)) + p_hit * p
    return p_hit, damage


def ac_values(hero_ac):
    """AC_VALUE(u.uac): {value: P}."""
    if hero_ac >= 0:
        return {hero_ac: F(1)}
    return {-k: F(1, -hero_ac) for k in range(1, -hero_ac + 1)}


def reduced(dice, hero_ac):
    """{damage: P} of an attack's d(n, s) on the hero: hitmu takes rnd(-AC) off a negative AC, leaving at least 1."""
    out = {}
    for d, p in sum_pmf(dice).items():
        if hero_ac < 0:
            for k in range(1, -hero_ac + 1):
                dd = max(d - k, 1)
                out[dd] = out.get(dd, F(0)) + p / (-hero_ac)
        else:
            out[d] = out.get(d, F(0)) + p
    return out


def monster_turn(mon, tmp, i_hits, hero_ac=None, held=False):
    """{(damage, some hit, held after): P} of one monster turn at a given tmp.

    i_hits(i) is P(the i-th attack's to-hit roll succeeds); hero_ac is None
    for a monster defender (mattackm: no armour reduction, no grab). A hug
    (mon["hug"], from 1) rolls nothing: it happens when the two attacks
    before it hit, or when the monster holds the hero (u.ustuck); on a hero
    it does not hold yet, rn2(2) grabs.
    """
    states = {(0, False, 0, held): F(1)}  # (damage, some hit, hits in a row, held): P
    for i, dice in enumerate(mon["attacks"]):
        law = reduced(dice, hero_ac) if hero_ac is not None else sum_pmf(dice)
        nxt = {}

        def add(key, p):
            nxt[key] = nxt.get(key, F(0)) + p

        for (dmg, hit, row, hld), p in states.items():
            if i + 1 == mon.get("hug", 0):
                if not (row >= 2 or (hero_ac is not None and hld)):
                    add((dmg, hit, 0, hld), p)
                    continue
                grabs = [(True, F(1, 2)), (False, F(1, 2))] if hero_ac is not None and not hld else [(hld, F(1))]
                for d, q in law.items():
                    for h2, g in grabs:
                        add((dmg + d, True, min(row + 1, 2), h2), p * q * g)
                continue
            ph = i_hits(i, tmp)
            add((dmg, hit, 0, hld), p * (1 - ph))
            for d, q in law.items():
                add((dmg + d, True, min(row + 1, 2), hld), p * ph * q)
        states = nxt
    out = {}
    for (dmg, hit, _, hld), p in states.items():
        out[(dmg, hit, hld)] = out.get((dmg, hit, hld), F(0)) + p
    return out


def summarize(joint):
    """(P(some attack hits), {damage: P}, P(held after)) of {(damage, some hit, held after): P}."""
    p_any, damage, p_held = F(0), {}, F(0)
    for (dmg, hit, hld), p in joint.items():
        p_any += p if hit else 0
        p_held += p if hld else 0
        damage[dmg] = damage.get(dmg, F(0)) + p
    return p_any, damage, p_held


def turn_on_hero(mon, hero_ac, helpless=False, held=False):
    """(P(some attack hits), {damage: P}, P(held after)) of a monster's turn on the hero:
    one AC_VALUE for all its attacks."""
    joint = {}
    for acv, q in ac_values(hero_ac).items():
        tmp = acv + 10 + mon["level"] + (4 if helpless else 0)
        for key, p in monster_turn(mon, tmp, lambda i, t: p_rnd20_below(t, i), hero_ac, held).items():
            joint[key] = joint.get(key, F(0)) + q * p
    return summarize(joint)


def turn_on_monster(mon, target, sleeping=False):
    """(P(some attack hits), {damage: P}, 0) of a monster's turn on a monster (mattackm)."""
    tmp = target["ac"] + mon["level"] + (4 if sleeping else 0)
    return summarize(monster_turn(mon, tmp, lambda i, t: p_rnd20_below(t, i)))


def monster_on_monster(mon, target, sleeping=False):
    p_hit = p_rnd20_below(target["ac"] + mon["level"] + (4 if sleeping else 0))
    damage = {0: 1 - p_hit}
    for d, p in sum_pmf(mon["dice"]).items():
        damage[d] = damage.get(d, F(0)) + p_hit * p
    return p_hit, damage


# The inputs, typed from the game's tables (the .toml's catalog, which --check
# holds to monst.c and objects.c).
VALKYRIE = dict(str=18, str_pct=50, dex=14, luck=0, hitinc=0, daminc=0, level=1, wskill=2, enchant=1, hitbon=0,
                sdam=[(1, 8)], ldam=[(1, 12)], ac=6)
JACKAL = dict(level=0, ac=7, large=False, dice=(1, 2))
HILL_ORC = dict(level=2, ac=10, large=False, dice=(1, 6))
GIANT_BEETLE = dict(level=5, ac=4, large=True, dice=(3, 6))
WARG = dict(level=7, ac=4, large=False, dice=(2, 6))
ROTHE = dict(level=2, ac=7, large=True, attacks=[(1, 3), (1, 3), (1, 8)])
JAGUAR = dict(level=4, ac=6, large=True, attacks=[(1, 4), (1, 4), (1, 8)])
DWARF_LORD = dict(level=4, ac=10, large=False, attacks=[(2, 4), (2, 4)])
OWLBEAR = dict(level=5, ac=5, large=True, attacks=[(1, 6), (1, 6), (2, 8)], hug=3)


def hero(**changes):
    h = dict(VALKYRIE)
    h.update(changes)
    return h


CASES = [
    # (attacker spec, defender spec, situation flags, the answer)
    ("valkyrie", "jackal", [], lambda: hero_blow(hero(), JACKAL)),
    ("valkyrie", "jackal", ["sleeping"], lambda: hero_blow(hero(), JACKAL, sleeping=True)),
    ("valkyrie", "giant_beetle", [], lambda: hero_blow(hero(), GIANT_BEETLE)),
    ("valkyrie:weapon=battle_axe,enchant=0,wskill=3", "giant_beetle", [],
     lambda: hero_blow(hero(sdam=[(1, 8), (1, 4)], ldam=[(1, 6), (2, 4)], enchant=0, wskill=3), GIANT_BEETLE)),
    ("valkyrie:weapon=dagger,enchant=-2,wskill=1,str=16,luck=-3", "hill_orc", [],
     lambda: hero_blow(hero(sdam=[(1, 4)], ldam=[(1, 3)], hitbon=2, enchant=-2, wskill=1, str=16, luck=-3),
                       HILL_ORC)),
    ("valkyrie:str=19,dex=17,level=5,hitinc=2,daminc=1", "warg", [],
     lambda: hero_blow(hero(str=19, dex=17, level=5, hitinc=2, daminc=1), WARG)),
    ("jackal", "valkyrie", [], lambda: monster_on_hero(JACKAL, 6)),
    ("warg", "valkyrie:ac=-5", [], lambda: monster_on_hero(WARG, -5)),
    ("giant_beetle", "valkyrie:ac=-3", ["sleeping"], lambda: monster_on_hero(GIANT_BEETLE, -3, helpless=True)),
    ("warg", "hill_orc", [], lambda: monster_on_monster(WARG, HILL_ORC)),
]


# Whole turns of several attacks: (attacker spec, defender spec, situation
# flags, the answer). The defender's hit points are raised so that no
# turn's damage is cut.
TURNS = [
    ("jaguar", "valkyrie:hp=10000", [], lambda: turn_on_hero(JAGUAR, 6)),
    ("jaguar", "valkyrie:hp=10000,ac=-3", [], lambda: turn_on_hero(JAGUAR, -3)),
    ("rothe", "valkyrie:hp=10000,ac=-5", ["sleeping"], lambda: turn_on_hero(ROTHE, -5, helpless=True)),
    ("dwarf_lord", "valkyrie:hp=10000,ac=-1", [], lambda: turn_on_hero(DWARF_LORD, -1)),
    # Attacks without dice of their own roll the first attack's.
    ("warg:attacks=2", "valkyrie:hp=10000,ac=-4", [], lambda: turn_on_hero(dict(WARG, attacks=[(2, 6)] * 2), -4)),
    ("jaguar", "rothe:hp=10000", [], lambda: turn_on_monster(JAGUAR, ROTHE)),
    # The owlbear's hug: after its two claws hit, or every turn once it holds the hero.
    ("owlbear", "valkyrie:hp=10000", [], lambda: turn_on_hero(OWLBEAR, 6)),
    ("owlbear", "valkyrie:hp=10000,ac=-2", [], lambda: turn_on_hero(OWLBEAR, -2)),
    ("owlbear", "jaguar:hp=10000", [], lambda: turn_on_monster(OWLBEAR, JAGUAR)),
]

# The owlbear's turns once it holds the hero (the state its grab leaves).
HELD_TURNS = [
    ("owlbear", "valkyrie:hp=10000,ac=-2", [], lambda: turn_on_hero(OWLBEAR, -2, held=True)),
    ("owlbear", "valkyrie:hp=10000", ["sleeping"], lambda: turn_on_hero(OWLBEAR, 6, helpless=True, held=True)),
]


def fraction(x):
    return {"fraction": str(x), "value": float(x)}


def answers():
    """Every case as JSON: the specs, P(hit), each outcome's P and P(damage = k)."""
    out = []
    for attacker, defender, situation, f in CASES:
        p_hit, damage = f()
        assert sum(damage.values()) == 1
        out.append({
            "attacker": attacker,
            "defender": defender,
            "situation": situation,
            "p_hit": fraction(p_hit),
            "outcomes": {"miss": fraction(1 - p_hit), "hit": fraction(p_hit)},
            "damage": [[k, str(damage[k]), float(damage[k])] for k in sorted(damage)],
            "mean_damage": fraction(sum(k * p for k, p in damage.items())),
        })
    return out


def turn_answers():
    """Every turn case as JSON: the specs, P(some attack hits) and P(damage = k)."""
    out = []
    for held, cases in ((False, TURNS), (True, HELD_TURNS)):
        for attacker, defender, situation, f in cases:
            p_any, damage, p_held = f()
            assert sum(damage.values()) == 1
            out.append({
                "attacker": attacker,
                "defender": defender,
                "situation": situation,
                "held_before": held,
                "p_held_after": fraction(p_held),
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
        for k, frac, value in case["damage"]:
            print(f"  damage[{k}] = {frac}  ({value:.17g})")
        print(f"  mean damage = {case['mean_damage']['fraction']}  ({case['mean_damage']['value']:.17g})")
    for case in turn_answers():
        sit = f" [{', '.join(case['situation'])}]" if case["situation"] else ""
        held = " (held)" if case["held_before"] else ""
        print(f"turn of {case['attacker']} -> {case['defender']}{sit}{held}")
        print(f"  p_any_hit = {case['p_any_hit']['fraction']}  ({case['p_any_hit']['value']:.17g})")
        print(f"  p_held_after = {case['p_held_after']['fraction']}  ({case['p_held_after']['value']:.17g})")
        for k, frac, value in case["damage"]:
            print(f"  damage[{k}] = {frac}  ({value:.17g})")
        print(f"  mean damage = {case['mean_damage']['fraction']}  ({case['mean_damage']['value']:.17g})")


def game_file(repo, path, tag="NetHack-3.6.7_Released"):
    return subprocess.run(["git", "-C", repo, "show", f"{tag}:{path}"], check=True, capture_output=True,
                          text=True).stdout


def check_catalog(repo, toml_path):
    """Holds the .toml's monsters to monst.c's MON() entries and its weapons to objects.c's WEAPON()."""
    import tomllib
    with open(toml_path, "rb") as f:
        rules = tomllib.load(f)
    monst = game_file(repo, "src/monst.c")
    objects = game_file(repo, "src/objects.c")
    bad = 0

    def expect(what, got, want):
        nonlocal bad
        if got != want:
            bad += 1
            print(f"MISMATCH {what}: file {got!r}, game {want!r}")

    sizes = ["MZ_TINY", "MZ_SMALL", "MZ_MEDIUM", "MZ_HUMAN", "MZ_LARGE", "MZ_HUGE", "MZ_GIGANTIC"]
    for m in rules["monsters"]:
        if m.get("player"):
            continue
        i = monst.index(f'MON("{m["name"]}",')
        entry = " ".join(monst[i:monst.index("MON(", i + 4)].split())
        lvl, mov, ac = (int(x) for x in re.search(r"LVL\((-?\d+), (\d+), (-?\d+),", entry).groups())
        attacks = re.findall(r"ATTK\((\w+), (\w+), (\d+), (\d+)\)", entry)
        size = re.search(r"SIZ\([^)]*?(MZ_\w+)\)", entry).group(1)
        expect(f"{m['name']} level", m["level"], lvl)
        expect(f"{m['name']} speed", m["speed"], mov)
        expect(f"{m['name']} ac", m["ac"], ac)
        attacks = [a for a in attacks if a[0] != "AT_NONE"]
        expect(f"{m['name']} attacks", m.get("attacks", 1), len(attacks))
        hugs = [k + 1 for k, a in enumerate(attacks) if a[0] == "AT_HUGS"]
        expect(f"{m['name']} hug", m.get("hug", 0), hugs[0] if hugs else 0)
        for k, a in enumerate(attacks):
            expect(f"{m['name']} attack {k + 1} kind", a[1], "AD_PHYS")
            # dice for the first attack, dice2..dice6 for the others (absent: the first's).
            own = m["dice"] if k == 0 else m.get(f"dice{k + 1}", m["dice"])
            expect(f"{m['name']} attack {k + 1} dice", own, f"{a[2]}d{a[3]}")
        expect(f"{m['name']} large", m.get("large", False), sizes.index(size) >= sizes.index("MZ_LARGE"))
        mean_hp = F(5, 2) if lvl == 0 else F(9 * lvl, 2)
        expect(f"{m['name']} hp", m["hp"], -(-mean_hp.numerator // mean_hp.denominator))
    # dmgval's per-weapon extras, as the file's dice hold them (weapon.c).
    extra_small = {"mace": "+1", "battle-axe": "+1d4"}
    extra_large = {"two-handed sword": "+2d6", "battle-axe": "+2d4"}
    for w in rules["weapons"]:
        i = objects.index(f'WEAPON("{w["name"]}",')
        fields = [x.strip() for x in " ".join(objects[i:objects.index(")", i)].split()).split(",")]
        sdam, ldam, hitbon = int(fields[8]), int(fields[9]), int(fields[10])
        expect(f"{w['name']} sdam", w["sdam"], f"1d{sdam}" + extra_small.get(w["name"], ""))
        expect(f"{w['name']} ldam", w["ldam"], f"1d{ldam}" + extra_large.get(w["name"], ""))
        expect(f"{w['name']} hitbon", w.get("hitbon", 0), hitbon)
    print("catalog: " + ("every entry is the game's" if not bad else f"{bad} mismatches"))
    return bad == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", metavar="REPO", help="the game's git repository: check the file's catalog")
    ap.add_argument("--file", default="examples/rules/nethack.toml", help="the rules file (for --check)")
    ap.add_argument("--json", metavar="OUT", help="also write the answers as JSON (tests/golden/rules/nethack.json)")
    args = ap.parse_args()
    print_cases()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"source": "tools/rules/nethack_reference.py", "game": "NetHack 3.6.7", "cases": answers(),
                       "turns": turn_answers()}, f, indent=1)
            f.write("\n")
    if args.check and not check_catalog(args.check, args.file):
        sys.exit(1)


if __name__ == "__main__":
    main()
