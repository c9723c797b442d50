#!/usr/bin/env python3
"""Write fray's DCSS 0.19 monster catalog, data/crawl/monsters.json, from the game.

Reads crawl-ref/source/mon-data.h at tag 0.19.6 of the crawl/crawl repository (or in
a checkout of it) with extract_0_19.monsters (the same reader that writes
tests/golden/crawl/extracted_monsters.json, so that catalog and golden data cannot
disagree) and crawl-ref/source/mon-gear.cc (make_mons_weapon, for the weapons,
read as catalog_0_34.py reads 0.34.1's), and writes one row for every monster
that can stand in a fight, in the table's order. A row carries the facts the
library reads and its tests check: id, name, HD, avg_hp_10x (as avg_hp_x10), AC,
EV, fighter, archer, two_weapons (the flags M_FIGHTER, M_ARCHER, M_TWO_WEAPONS),
every attack with its type, flavour and damage, size, speed, the energy of each
action kind (mon_energy_usage), and:

* res_fire, res_cold, res_neg: the levels of the row's resists; res_poison: its
  level, 3 for an undead or nonliving monster (mon-util.cc _apply_holiness_resists);
  natural: its holiness holds MH_NATURAL (0.19's actor_is_susceptible_to_vampirism);
* not_modelled: the flavours of the monster's attacks that fray's fights follow on
  no defender (catalog_0_34.MODELLED, held to the C++ by the catalog tests);
* game_name: only where two rows give one name (the game tells them apart by their
  MONS_ id): the row's name is then the game's name and the rest of its id (the
  Serpent of Hell's "the" left out of the id it is compared with), or, for an id
  that does not extend the name's (MONS_PLAYER_SHADOW of "shadow"), the id's words;
* weapon, weapon_random, weapon_note: as catalog_0_34.py reads them from
  make_mons_weapon, whose primary_weapon_specs and secondary_weapon_specs 0.19.6
  has in the same form; weapon names are itemprop.cc's, as
  tests/golden/crawl/extracted_items.json has them.

Left out: the rows kept for old saves only (legacy_only: inside
`#if TAG_MAJOR_VERSION == 34`, listed by id in the file's "legacy_only"), and,
listed with the reason in "excluded", the HD 0 rows (a genus's placeholder, the
player's, the program bug's, the skeletons', whose HD and HP come from the monster
they are made from: the game never places them as they stand), the sensed-monster
markers and the wizard-mode test spawner.

Python 3 standard library only, as extract_0_19.py:

    tools/crawl/catalog_0_19.py /path/to/crawl.git [--tag 0.19.6]   # a repository, read at the tag
    tools/crawl/catalog_0_19.py --checkout /path/to/crawl           # a work tree at 0.19.6

Output goes to data/crawl/monsters.json (--out FILE to change it). Run
catalog_0_34.py after it: the 0.34 catalog's not_found names this catalog's
monsters that 0.34.1 has not.
"""

import argparse
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import catalog_0_34  # noqa: E402
import dcss  # noqa: E402
import extract_0_19  # noqa: E402
from common import source  # noqa: E402
from common.clike import strip_comments  # noqa: E402
from common.jsonfile import write_rows  # noqa: E402


def excluded_reason(m):
    """Why a monster cannot stand in a fight, or None."""
    if m["hd"] == 0:
        return ("HD 0, avg_hp_10x %d: a placeholder the game never places as it stands (a genus, the player, "
                "the program bug, or a skeleton, whose HD and HP come from the monster it is made from)"
                % m["avg_hp_10x"])
    if m["id"].startswith("MONS_SENSED"):
        return "a sensed-monster marker (what the map shows of a monster sensed but not seen), not a monster"
    if m["id"].startswith("MONS_TEST_"):
        return "a wizard-mode test dummy (HD %d, avg_hp_10x %d), never placed in a game" % (m["hd"], m["avg_hp_10x"])
    return None


def id_of(name):
    """The MONS_ id a name gives: upper case, spaces to underscores, a leading "the " left out."""
    if name.startswith("the "):
        name = name[4:]
    return "MONS_" + name.replace(" ", "_").replace("-", "_").upper()


def names(mons):
    """Each monster's row name: the game's, or, where rows share one, for every row but
    the one whose id is the name's, the game's name and the rest of its MONS_ id, or
    the id's words when it does not extend the name's."""
    count = {}
    for m in mons:
        count[m["name"]] = count.get(m["name"], 0) + 1
    out = {}
    for m in mons:
        name = m["name"]
        base = id_of(name)
        if count[name] > 1 and m["id"] != base:
            if m["id"].startswith(base + "_"):
                name += " " + m["id"][len(base) + 1:].replace("_", " ").title()
            else:
                name = m["id"][len("MONS_"):].replace("_", " ").lower()
        out[m["id"]] = name
    return out


def row(m, name, weapon):
    holiness = m["holiness"]
    unpoisonable = "MH_UNDEAD" in holiness or "MH_NONLIVING" in holiness
    r = m["resists"]
    flags = m["flags"]
    out = {
        "id": m["id"],
        "name": name,
        "hd": m["hd"],
        "avg_hp_x10": m["avg_hp_10x"],
        "ac": m["ac"],
        "ev": m["ev"],
        "fighter": "M_FIGHTER" in flags,
        "archer": "M_ARCHER" in flags,
        "two_weapons": "M_TWO_WEAPONS" in flags,
        "attacks": m["attacks"],
        "size": m["size"],
        "speed": m["speed"],
        "energy": m["energy"],
        "res_fire": r.get("fire", 0),
        "res_cold": r.get("cold", 0),
        "res_neg": r.get("neg", 0),
        "res_poison": 3 if unpoisonable else r.get("poison", 0),
        "natural": "MH_NATURAL" in holiness,
        "not_modelled": sorted({a["flavour"] for a in m["attacks"]} - catalog_0_34.MODELLED),
    }
    if name != m["name"]:
        out["game_name"] = m["name"]
    out.update(weapon)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source.add_arguments(ap, "0.19.6", "crawl/crawl")
    ap.add_argument("--out", default=os.path.join(dcss.ROOT, "data", "crawl", "monsters.json"), help="output file")
    args = ap.parse_args()
    src = source.open_source(args, dcss.SRC)
    where = ("checkout " + os.path.abspath(src.path) if src.tree
             else "crawl/crawl tag %s (commit %s)" % (src.tag, src.commit))
    mons = extract_0_19.monsters(src)

    kept, excluded, legacy = [], [], []
    for m in mons:
        if m.get("legacy_only"):
            legacy.append(m["id"])
            continue
        why = excluded_reason(m)
        if why:
            excluded.append({"id": m["id"], "name": m["name"], "reason": why})
        else:
            kept.append(m)
    name_of = names(kept)
    # mon-gear.cc's comments hold apostrophes, which the brace reader would take for
    # character literals: it reads the text without them.
    primary, secondary, cases = catalog_0_34.weapon_specs(strip_comments(src.read(dcss.SRC + "mon-gear.cc")))
    with open(os.path.join(dcss.ROOT, "tests", "golden", "crawl", "extracted_items.json"), encoding="utf-8") as f:
        weapon_names = {w["id"]: w["name"] for w in json.load(f)["weapons"]}
    ids = {m["id"] for m in mons}
    for mons_id in list(primary) + list(secondary) + list(cases):
        if mons_id not in ids:
            raise SystemExit("mon-gear.cc names %s, which no mon-data.h row is" % mons_id)
    for pairs in list(primary.values()) + list(secondary.values()):
        for w, _ in pairs:
            if w != "NUM_WEAPONS" and w not in weapon_names:
                raise SystemExit("mon-gear.cc names %s, which no Weapon_prop row is" % w)
    rows = [row(m, name_of[m["id"]], catalog_0_34.weapon_fields(m["id"], primary, secondary, cases, weapon_names))
            for m in kept]
    keys = {}
    for r in rows:
        k = catalog_0_34.key(r["name"])
        if k in keys:
            raise SystemExit("%s and %s share the catalog key %s" % (keys[k], r["id"], k))
        keys[k] = r["id"]
        if any(c in r["name"] for c in ":,="):
            raise SystemExit("%s: a spec cannot name %r (':', ',' and '=' end a name)" % (r["id"], r["name"]))
    head = {
        "source": where + ", crawl-ref/source/mon-data.h (mondata[] rows: attacks, HD, avg_hp_10x, AC, EV, flags), "
                          "read as tools/crawl/extract_0_19.py reads it; mon-gear.cc (make_mons_weapon)",
        "tool": "tools/crawl/catalog_0_19.py",
        "notes": [
            "every monster of 0.19.6 that can stand in a fight, in mondata[]'s order; excluded lists the others "
            "and why, legacy_only the rows kept for old saves only (inside #if TAG_MAJOR_VERSION == 34)",
            "fighter = M_FIGHTER class flag (copied to MF_FIGHTER at creation): melee to-hit base 18 + HD*25/10 "
            "instead of 18 + HD*15/10",
            "archer = M_ARCHER: ranged to-hit base 18 + HD*15/6 instead of 18 + HD*9/6, plus random2avg(HD*4/3, 2) "
            "ranged damage",
            "two_weapons = M_TWO_WEAPONS",
            "attack damage d: unarmed hit deals 1 + random2(d) before AC; AT_HIT and AT_WEAP_ONLY attacks also add "
            "the wielded weapon's damage",
            "EV/AC here are base values; worn armour/shield, rings, enchantments modify them (monster::evasion, "
            "monster::armour_class)",
            "ghost/pan lord/ancestor/zombie/simulacrum/spectral thing stats are generated at runtime or from the "
            "monster they are made from (values here are the table's placeholders)",
            "res_fire, res_cold, res_neg = the monster's fire, cold and negative energy resistance levels (-1..3) "
            "from mon-data.h's resists (MR_RES_*, MR_VUL_*, mrd); natural = its holiness includes MH_NATURAL",
            "res_poison = the monster's poison resistance level (-1..3): MR_VUL_POISON -1, MR_RES_POISON 1 from "
            "mon-data.h's resists; undead and nonliving holinesses 3 (mon-util.cc _apply_holiness_resists)",
            "energy = mon_energy_usage (move, swim, attack, missile, spell, special, item, pickup_percent): the "
            "speed_increment each kind of action costs (monster::action_energy); a melee round costs "
            "div_rand_round(attack x delay, 10), delay 10, or (10 + the wielded weapon's delay)/2 when the first "
            "attack swings it (monster::attack_delay)",
            "not_modelled = the flavours of the monster's attacks that fray's fights follow on no defender "
            "(crawl::followed_on_player, crawl::followed_on_monster): such an attack lands and deals its damage, "
            "its flavour's effect left out",
            "attacks []: a monster with no melee attack (a plant, an eye, an orb, a statue): a defender, refused as "
            "a melee attacker; in a fight its rounds land nothing",
            "game_name: the game's name where two rows share it; the row's name adds the rest of its MONS_ id (or "
            "is the id's words, player shadow)",
            "weapon: the one weapon type mon-gear.cc make_mons_weapon gives the monster; weapon_random, "
            "weapon_note: what it draws from otherwise (primary_weapon_specs, secondary_weapon_specs, its special "
            "cases); the catalog's weapon is data: a spec names the weapon it fights with (weapon=)",
            "held to tests/golden/crawl/extracted_monsters.json (tools/crawl/extract_0_19.py) by "
            "tests/rules/crawl/catalog_test.cpp",
        ],
        "total_entries_parsed": len(mons),
        "legacy_only": legacy,
        "excluded": excluded,
    }
    write_rows(args.out, head, [("monsters", rows)])
    print("%d monsters, %d excluded, %d legacy_only, of %d rows" % (len(rows), len(excluded), len(legacy), len(mons)))


if __name__ == "__main__":
    main()
