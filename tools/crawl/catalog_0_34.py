#!/usr/bin/env python3
"""Write fray's DCSS 0.34.1 monster catalog, data/crawl_0_34/monsters.json, from the game.

Reads crawl-ref/source/dat/mons/*.yaml at tag 0.34.1 of the crawl/crawl repository (or
in a checkout of it), each file as util/mon-gen.py reads it (extract_0_34.monster: the
same reader that writes tests/golden/crawl_0_34/extracted_monsters.json) and
crawl-ref/source/mon-gear.cc (make_mons_weapon, for the weapons), and writes one
row for every monster that can stand in a fight, in the game's order (sorted file
names). A row carries the game's facts as they are (HD, hp_10x as avg_hp_x10, AC, EV,
speed, the energy of each action kind, every attack with its type, flavour and damage,
size, flags, holiness, shape, willpower, every resistance level) and what fray derives
from them:

* fighter, archer, two_weapons: the flags M_FIGHTER, M_ARCHER, M_TWO_WEAPONS;
* res_fire, res_cold, res_neg: the file's levels; res_poison: the file's, 3 for an
  undead or nonliving monster (mon-util.cc _apply_holiness_resists); natural: the
  holiness holds natural or plant (actor_is_susceptible_to_vampirism);
* not_modelled: the flavours of the monster's attacks that fray's fights follow on no
  defender (MODELLED below mirrors the C++ that decides it);
* changed_since_0_19: for a monster 0.19.6's mon-data.h has too (by its MONS_ id, read
  from tests/golden/crawl/extracted_monsters.json, extract_0_19.py's output), the fields
  whose value changed, as (0.19, 0.34.1); null for a monster 0.19 has not;
* game_name: only where two files give one name (the game tells them apart by their
  MONS_ id): the row's name is then the game's name and the rest of its id;
* weapon: the weapon type crawl-ref/source/mon-gear.cc make_mons_weapon always gives
  the monster (one type in primary_weapon_specs, none in secondary_weapon_specs, no
  special case choosing another); weapon_random and weapon_note: what it draws from
  otherwise (the weights of both maps, and whether its switch of special cases
  chooses the item itself or changes its quality). Neither for a monster it gives
  no weapon. Weapon names are item-prop.cc's, as
  tests/golden/crawl_0_34/extracted_items.json has them.

Left out (listed with the reason in the file's "excluded"): the HD 0 files (a genus's
placeholder, as "bear" or "dragon", the player's and the program bug's: the game never
places them), the sensed-monster markers (what the map shows of a monster sensed but not
seen) and the wizard-mode test dummies (TEST*.yaml).

not_found names the 0.19 catalog's monsters (data/crawl/monsters.json) that 0.34.1 has
not.

Python 3 with PyYAML (Debian's python3-yaml), as extract_0_34.py:

    tools/crawl/catalog_0_34.py /path/to/crawl.git [--tag 0.34.1]   # a repository, read at the tag
    tools/crawl/catalog_0_34.py --checkout /path/to/crawl           # a work tree at 0.34.1

Output goes to data/crawl_0_34/monsters.json (--out FILE to change it).
"""

import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import dcss  # noqa: E402
import extract_0_34  # noqa: E402
from common import source  # noqa: E402
from common.clike import block_end, strip_comments  # noqa: E402
from common.jsonfile import write_rows  # noqa: E402

# The attack flavours fray's fights follow: on the player, crawl::followed_on_player,
# on a monster, crawl::followed_on_monster (src/rules/crawl/flavours.cpp); a flavour is
# modelled when either follows it. tests/rules/crawl_0_34/catalog_test.cpp holds every
# row's not_modelled to those two functions.
MODELLED = {"AF_PLAIN", "AF_POISON", "AF_POISON_STRONG", "AF_REACH_STING", "AF_VAMPIRIC", "AF_FIRE", "AF_COLD",
            "AF_ELEC"}

# The holinesses the vampiric flavour drains (actor_is_susceptible_to_vampirism).
NATURAL = {"MH_NATURAL", "MH_PLANT"}
# The fields changed_since_0_19 compares: (this catalog's key, 0.34's extracted key, 0.19's).
COMPARED = [("hd", "hd", "hd"), ("avg_hp_x10", "hp_10x", "avg_hp_10x"), ("ac", "ac", "ac"), ("ev", "ev", "ev"),
            ("speed", "speed", "speed"), ("size", "size", "size"), ("attacks", "attacks", "attacks")]


PAIR = re.compile(r"\{\s*(WPN_\w+|NUM_WEAPONS)\s*,\s*(\d+)\s*\}")


def top_level(text):
    """The comma-separated elements of a brace block's inside, nested blocks kept whole."""
    out, start, i = [], 0, 0
    while i < len(text):
        if text[i] == "{":
            i = block_end(text, i)
            continue
        if text[i] == ",":
            out.append(text[start:i].strip())
            start = i + 1
        i += 1
    out.append(text[start:].strip())
    return [e for e in out if e]


def inside(block):
    return block.strip()[1:-1]


def weapon_specs(text):
    """make_mons_weapon (mon-gear.cc): each monster's primary and secondary weapon
    types with their weights (random_choose_weighted over mon_weapon_spec::types;
    NUM_WEAPONS: none), and the monsters of its switch of special cases with whether
    the case chooses the item itself (sets its base or sub type, or makes an unrandart)."""
    start = text.index("int make_mons_weapon(")
    body = strip_comments(text[start:block_end(text, text.index("{", start))])
    lists = {}
    for name, block in re.findall(r"static const weapon_list (\w+)\s*=\s*(\{.*?\});", body, re.S):
        lists[name] = PAIR.findall(block)
    for name, block in re.findall(r"static const mon_weapon_spec (\w+)\s*=\s*(\{.*?\});", body, re.S):
        first = top_level(inside(block))[0]  # the spec's types: a list, or a weapon_list's name
        lists[name] = PAIR.findall(first) if first.startswith("{") else lists[first]

    def types(spec):
        first = top_level(inside(spec))[0] if spec.startswith("{") else spec
        if first.startswith("{"):
            return PAIR.findall(first)
        return lists[first]

    maps = {}
    for which in ("primary", "secondary"):
        at = body.index("%s_weapon_specs = {" % which)
        block = body[body.index("{", at):block_end(body, body.index("{", at))]
        maps[which] = {}
        for entry in top_level(inside(block)):
            mons, spec = entry[1:-1].split(",", 1)
            pairs = [(w, int(n)) for w, n in types(spec.strip())]
            if not pairs:
                raise SystemExit("mon-gear.cc: no weapon types read for %s" % mons.strip())
            maps[which][mons.strip()] = pairs
    switch = body[body.index("// special cases") if "// special cases" in body else body.index("switch (type)"):]
    switch = strip_comments(switch)
    at = switch.index("switch (type)")
    switch = switch[switch.index("{", at) + 1:block_end(switch, switch.index("{", at)) - 1]
    cases = {}
    for labels, case_body in re.findall(r"((?:\s*case\s+MONS_\w+\s*:)+)(.*?)(?=\n\s*case\s|\n\s*default\s*:|$)",
                                        switch, re.S):
        chooses = bool(re.search(r"item\.(sub_type|base_type)\s*=|make_item_unrandart", case_body))
        for mons in re.findall(r"MONS_\w+", labels):
            cases[mons] = chooses
    return maps["primary"], maps["secondary"], cases


def weapon_fields(mons_id, primary, secondary, cases, names):
    """A row's weapon fields: `weapon` when the game always gives one type (one
    primary type, no secondary, no special case choosing another), else
    `weapon_random` and `weapon_note` saying what the game draws from."""
    p, s = primary.get(mons_id), secondary.get(mons_id)
    if p is None and s is None and mons_id not in cases:
        return {}

    def words(pairs):
        return ", ".join("%s %d" % (names.get(w, "none"), n) for w, n in pairs)

    if p and len(p) == 1 and p[0][0] != "NUM_WEAPONS" and s is None and not cases.get(mons_id, False):
        out = {"weapon": names[p[0][0]]}
        if mons_id in cases:
            out["weapon_note"] = "mon-gear.cc make_mons_weapon's special case for it keeps the type"
        return out
    note = []
    if s:
        note.append("first drawn from the secondary weights: " + words(s) + " (none: from the primary instead; "
                    "a launcher: then a melee weapon from the primary too, _give_weapon)")
    if p:
        note.append("primary of weights: " + words(p))
    if mons_id in cases:
        note.append("mon-gear.cc make_mons_weapon's special case for it " +
                    ("chooses the item itself" if cases[mons_id] else "changes its quality, plus or brand"))
    return {"weapon_random": True, "weapon_note": "; ".join(note)}


def excluded_reason(m):
    """Why a monster cannot stand in a fight, or None."""
    if m["hd"] == 0:
        return "HD 0, hp_10x %d: a placeholder the game never places (a genus, the player or the program bug)" % (
            m["hp_10x"])
    if m["id"].startswith("MONS_SENSED"):
        return "a sensed-monster marker (what the map shows of a monster sensed but not seen), not a monster"
    if m["file"].startswith("TEST"):
        return "a wizard-mode test dummy (HD %d, hp_10x %d), never placed in a game" % (m["hd"], m["hp_10x"])
    return None


def level(resists, key):
    return resists.get(key, 0)


def triples(attacks):
    return [[a["type"], a["flavour"], a["damage"]] for a in attacks]


def changes(m, old):
    """changed_since_0_19 of a 0.34 row against its 0.19 row (None when 0.19 has none)."""
    if old is None:
        return None
    out = {}
    for key, key34, key19 in COMPARED:
        then, now = old[key19], m[key34]
        if key == "attacks":
            then, now = triples(then), triples(now)
        if then != now:
            out[key] = [then, now]
    return out


def row(m, name, old, weapon):
    holiness = m["holiness"]
    unpoisonable = "MH_UNDEAD" in holiness or "MH_NONLIVING" in holiness
    r = m["resists"]
    out = {
        "id": m["id"],
        "name": name,
        "hd": m["hd"],
        "avg_hp_x10": m["hp_10x"],
        "ac": m["ac"],
        "ev": m["ev"],
        "fighter": "M_FIGHTER" in m["flags"],
        "archer": "M_ARCHER" in m["flags"],
        "two_weapons": "M_TWO_WEAPONS" in m["flags"],
        "attacks": m["attacks"],
        "size": m["size"],
        "speed": m["speed"],
        "energy": m["energy"],
        "flags": m["flags"],
        "changed_since_0_19": changes(m, old),
        "res_fire": level(r, "fire"),
        "res_cold": level(r, "cold"),
        "res_neg": level(r, "neg"),
        "res_poison": 3 if unpoisonable else level(r, "poison"),
        "natural": any(h in NATURAL for h in holiness),
        "holiness": holiness,
        "shape": m["shape"],
        "resists": r,
        "not_modelled": sorted({a["flavour"] for a in m["attacks"]} - MODELLED),
    }
    if "will" in m:
        out["will"] = m["will"]
    else:
        out["will_per_hd"] = m["will_per_hd"]
    if name != m["name"]:
        out["game_name"] = m["name"]
    out.update(weapon)
    return out


def names(mons):
    """Each monster's row name: the game's, or, where files share one, the game's name
    and the rest of its MONS_ id for every file but the one whose id is the name's."""
    count = {}
    for m in mons:
        count[m["name"]] = count.get(m["name"], 0) + 1
    out = {}
    for m in mons:
        name = m["name"]
        base = "MONS_" + name.replace(" ", "_").upper()
        if count[name] > 1 and m["id"] != base:
            if not m["id"].startswith(base + "_"):
                raise SystemExit("%s: shares the name %r but its id %s does not extend %s" % (m["file"], name, m["id"],
                                                                                              base))
            name += " " + m["id"][len(base) + 1:].replace("_", " ").title()
        out[m["id"]] = name
    return out


def key(name):
    """fray's catalog key of a name (src/rules/spec.cpp catalog_key)."""
    return "".join("_" if c in " -" else "" if c == "'" else c.lower() for c in name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source.add_arguments(ap, "0.34.1", "crawl/crawl")
    ap.add_argument("--out", default=os.path.join(dcss.ROOT, "data", "crawl_0_34", "monsters.json"),
                    help="output file")
    args = ap.parse_args()
    src = source.open_source(args, dcss.SRC)
    where = ("checkout " + os.path.abspath(src.path) if src.tree
             else "crawl/crawl tag %s (commit %s)" % (src.tag, src.commit))
    mons = extract_0_34.monsters(src)
    with open(os.path.join(dcss.ROOT, "tests", "golden", "crawl", "extracted_monsters.json"), encoding="utf-8") as f:
        then = {m["id"]: m for m in json.load(f)["monsters"] if not m.get("legacy_only")}
    with open(os.path.join(dcss.ROOT, "data", "crawl", "monsters.json"), encoding="utf-8") as f:
        catalog_019 = [m["name"] for m in json.load(f)["monsters"]]

    kept, excluded = [], []
    for m in mons:
        why = excluded_reason(m)
        if why:
            excluded.append({"id": m["id"], "name": m["name"], "file": m["file"], "reason": why})
        else:
            kept.append(m)
    name_of = names(kept)
    primary, secondary, cases = weapon_specs(src.read(dcss.SRC + "mon-gear.cc"))
    with open(os.path.join(dcss.ROOT, "tests", "golden", "crawl_0_34", "extracted_items.json"), encoding="utf-8") as f:
        weapon_names = {w["id"]: w["name"] for w in json.load(f)["weapons"]}
    ids = {m["id"] for m in mons}
    for mons_id in list(primary) + list(secondary) + list(cases):
        if mons_id not in ids:
            raise SystemExit("mon-gear.cc names %s, which no dat/mons file is" % mons_id)
    rows = [row(m, name_of[m["id"]], then.get(m["id"]),
                weapon_fields(m["id"], primary, secondary, cases, weapon_names)) for m in kept]
    keys = {}
    for r in rows:
        k = key(r["name"])
        if k in keys:
            raise SystemExit("%s and %s share the catalog key %s" % (keys[k], r["id"], k))
        keys[k] = r["id"]
        if any(c in r["name"] for c in ":,="):
            raise SystemExit("%s: a spec cannot name %r (':', ',' and '=' end a name)" % (r["id"], r["name"]))
    names34 = {m["name"] for m in mons}
    head = {
        "source": where + ", crawl-ref/source/dat/mons/*.yaml, the files util/mon-gen.py makes mon-data.h from, "
                          "read as it reads them (tools/crawl/extract_0_34.py)",
        "tool": "tools/crawl/catalog_0_34.py",
        "notes": [
            "every monster of 0.34.1 that can stand in a fight, in the game's order (sorted file names); "
            "excluded lists the others and why",
            "fighter = M_FIGHTER: melee to-hit base 18 + HD*5/2 (else 18 + HD*3/2)",
            "archer = M_ARCHER: ranged to-hit base 18 + HD*5/2 (else 18 + HD*3/2), plus random2avg(HD*4/3, 2) "
            "ranged damage",
            "two_weapons = M_TWO_WEAPONS",
            "attack damage d: unarmed hit deals 1 + random2(d) before AC (d rescaled by div_rand_round(d*HD, base "
            "HD) if HD differs); AT_HIT and AT_WEAP_ONLY attacks also add the wielded weapon damage",
            "EV/AC are base values; worn armour/shield (EV += PARM_EVASION/60 each), rings, enchantments modify "
            "them (monster::evasion, monster::armour_class)",
            "changed_since_0_19 lists the fields (hd, avg_hp_x10, ac, ev, speed, size, attacks) whose value "
            "differs from 0.19.6's mon-data.h row of the same MONS_ id, as (0.19, 0.34.1); null when 0.19 has no "
            "such monster",
            "ghost/pan lord/ancestor/spectral weapon stats are generated at runtime (values here are the table's "
            "placeholders)",
            "res_fire, res_cold, res_neg = the resistance levels of dat/mons/<monster>.yaml's resists (fire, cold, "
            "neg); natural = its holiness (absent: natural) includes natural or plant, the holinesses "
            "actor_is_susceptible_to_vampirism drains",
            "res_poison = the poison resistance level of dat/mons/<monster>.yaml's resists (poison); undead and "
            "nonliving holinesses 3 (mon-util.cc _apply_holiness_resists)",
            "resists = every level the file gives (fire, cold, elec, poison, neg, corr, miasma, torment, petrify, "
            "damnation, steam), before _apply_holiness_resists; holiness, shape, will (or will_per_hd) as the file "
            "gives them",
            "energy = mon_energy_usage (move, swim, attack, missile, spell) of dat/mons/<monster>.yaml (10 unless "
            "it says otherwise): the speed_increment each kind of action costs (monster::action_energy); a melee "
            "round costs div_rand_round(attack x 10, 10) = attack for a weapon without the speed or heavy brand "
            "(fight.cc fight_melee, weapon_adjust_delay)",
            "not_modelled = the flavours of the monster's attacks that fray's fights follow on no defender "
            "(crawl::followed_on_player, crawl::followed_on_monster): such an attack lands and deals its damage, "
            "its flavour's effect left out",
            "speed 0: a monster that never acts (a plant, whose file lists no attack either)",
            "attacks []: a monster with no melee attack (a plant, an orb, a statue): a defender; in a fight its "
            "rounds land nothing",
            "game_name: the game's name where two files share it; the row's name adds the rest of its MONS_ id",
            "weapon: the one weapon type mon-gear.cc make_mons_weapon gives the monster; weapon_random, "
            "weapon_note: what it draws from otherwise (primary_weapon_specs, secondary_weapon_specs, its special "
            "cases); the catalog's weapon is data: a spec names the weapon it fights with (weapon=)",
            "held to tests/golden/crawl_0_34/extracted_monsters.json (tools/crawl/extract_0_34.py) by "
            "tests/rules/crawl_0_34/catalog_test.cpp",
        ],
        "not_found": [n for n in catalog_019 if n not in names34],
        "total_entries_parsed": len(mons),
        "excluded": excluded,
    }
    write_rows(args.out, head, [("monsters", rows)])
    print("%d monsters, %d excluded, of %d files" % (len(rows), len(excluded), len(mons)))


if __name__ == "__main__":
    main()
