#!/usr/bin/env python3
"""Extract DCSS 0.34's monster and item tables as golden data for fray.

Reads, at tag 0.34.1 of the crawl/crawl repository (or in a checkout of it):

* crawl-ref/source/dat/mons/*.yaml: every monster file, read with the
  defaults and rules of util/mon-gen.py (the game's own generator of
  mon-data.h from these files), written to extracted_monsters.json: file,
  id (the MONS_ enum), name, flags, resistances (their levels), exp, genus,
  species, holiness, willpower (will, or will_per_hd), attacks (type,
  flavour, damage), HD, hp_10x, AC, EV, spells, intelligence, habitat, speed,
  the energy of each action kind (mon_energy_usage: move, swim, attack,
  missile, spell; 10 unless the file says otherwise; "move" in a file sets
  both move and swim), uses, size, shape;
* crawl-ref/source/item-prop.cc: every row of Weapon_prop, Missile_prop and
  Armour_prop, written to extracted_items.json, with each weapon's minimum
  delay and the skill that reaches it (fight.cc weapon_min_delay(weapon,
  false), weapon_min_delay_skill), whether it is a launcher
  (is_ranged_weapon_type: skill SK_RANGED_WEAPONS) and a crossbow
  (is_crossbow's cases, read from item-prop.cc).

A row of item-prop.cc is `legacy_only` when it stands inside
`#if TAG_MAJOR_VERSION == 34` (kept for old saves only), or when its name
starts with "removed " (the game's name for an axed type, as DRAGON_ARMOUR's
dragon hides, made only under TAG_MAJOR_VERSION == 34).

The tests in tests/rules/crawl_0_34 hold fray's catalogs
(data/crawl_0_34/monsters.json and weapons.json) to these files, field by field.

Python 3 with PyYAML (Debian's python3-yaml; the game's own mon-gen.py reads
the files with it too); tools/README.md has the other scripts and the shared modules:

    tools/crawl/extract_0_34.py /path/to/crawl.git [--tag 0.34.1]   # a repository, read at the tag
    tools/crawl/extract_0_34.py --checkout /path/to/crawl           # a work tree at 0.34.1

Output goes to tests/golden/crawl_0_34/ (--out DIR to change it).
"""

import os
import re
import sys

import yaml

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dcss  # noqa: E402
from dcss import SRC  # noqa: E402

# mon_energy_usage's fields (mon-util.h) and the names mon-gen.py gives them in a file.
ENERGY_FIELDS = [("move", "walk"), ("swim", "swim"), ("attack", "attack"), ("missile", "missile"),
                 ("spell", "spell")]
# The keys mon-gen.py knows (keyfns); any other is refused, as it does.
KNOWN_KEYS = {"glyph", "name", "enum", "flags", "resists", "exp", "exp_is_mult", "species", "genus", "holiness",
              "will", "will_per_hd", "attacks", "hd", "hp_10x", "ac", "ev", "spells", "has_corpse", "shout",
              "intelligence", "habitat", "speed", "energy", "uses", "size", "shape", "god", "tile",
              "tile_variance", "corpse_tile"}
REQUIRED = {"glyph", "name", "attacks", "hd", "hp_10x", "ac", "ev", "intelligence", "size", "shape"}


def monster(file, d):
    """One dat/mons file as mon-gen.py's Monster reads it (its defaults)."""
    unknown = set(d) - KNOWN_KEYS
    if unknown:
        raise SystemExit("%s: unknown keys %s" % (file, sorted(unknown)))
    missing = REQUIRED - set(d)
    if missing:
        raise SystemExit("%s: missing keys %s" % (file, sorted(missing)))
    enum = "MONS_" + (d["enum"] if "enum" in d else d["name"].replace(" ", "_")).upper()
    species = "MONS_" + d["species"].upper() if "species" in d else enum
    energy = dict(d.get("energy") or {})
    if "move" in energy:  # parse_energy: "move" is walk and swim
        energy["walk"] = energy["swim"] = energy.pop("move")
    attacks = []
    for a in d["attacks"] or []:
        attacks.append({"type": "AT_" + a["type"].upper(),
                        "flavour": "AF_" + a["flavour"].upper() if "flavour" in a else "AF_PLAIN",
                        "damage": a["damage"]})
    if ("will" in d) == ("will_per_hd" in d):
        raise SystemExit("%s: set exactly one of will and will_per_hd" % file)
    m = {
        "file": file,
        "id": enum,
        "name": d["name"],
        "flags": ["M_" + f.upper() for f in d.get("flags") or []],
        "resists": {k: v for k, v in (d.get("resists") or {}).items()},
        "exp": d.get("exp", 10),
        "genus": "MONS_" + d["genus"].upper() if "genus" in d else species,
        "species": species,
        "holiness": ["MH_" + h.upper() for h in d.get("holiness") or ["natural"]],
        "attacks": attacks,
        "hd": d["hd"],
        "hp_10x": d["hp_10x"],
        "ac": d["ac"],
        "ev": d["ev"],
        "spells": "MST_" + d["spells"].upper() if "spells" in d else "MST_NO_SPELLS",
        "intelligence": "I_" + d["intelligence"].upper(),
        "habitat": "HT_" + d.get("habitat", "land").upper(),
        "speed": d.get("speed", 10),
        "energy": {field: energy.get(key, 10) for field, key in ENERGY_FIELDS},
        "uses": "MONUSE_" + d.get("uses", "nothing").upper(),
        "size": "SIZE_" + d["size"].upper(),
        "shape": "MON_SHAPE_" + d["shape"].upper(),
    }
    if "will" in d:
        m["will"] = "WILL_INVULN" if d["will"] == "invuln" else d["will"]
    else:
        m["will_per_hd"] = d["will_per_hd"]
    return m


def monsters(src):
    folder = SRC + "dat/mons"
    out = []
    for name in src.list(folder, recursive=False):
        if name.endswith(".yaml"):
            out.append(monster(name, yaml.safe_load(src.read(folder + "/" + name))))
    return out


def crossbows(text):
    """The weapon types is_crossbow (item-prop.cc) names in its cases."""
    m = re.search(r"bool is_crossbow\s*\([^)]*\)\s*\{(.*?)\n\}", text, re.S)
    return set(re.findall(r"case\s+(WPN_\w+)\s*:", m.group(1)))


def items(src):
    text = src.read(SRC + "item-prop.cc")
    xbows = crossbows(text)

    def launcher(w):
        """0.34's is_ranged_weapon_type (skill SK_RANGED_WEAPONS) and is_crossbow."""
        w["ranged"] = w["skill"] == "SK_RANGED_WEAPONS"
        w["crossbow"] = w["id"] in xbows
        return w["crossbow"]

    return dcss.items(dcss.preprocess(text), dcss.WEAPON_COLUMNS_HEAD + dcss.WEAPON_COLUMNS_TAIL,
                      dcss.MISSILE_COLUMNS, launcher)


def main():
    dcss.main(__doc__, "0.34.1", "crawl_0_34", "tools/crawl/extract_0_34.py", monsters,
              (", crawl-ref/source/dat/mons/*.yaml, read as util/mon-gen.py reads them",
               ["every dat/mons file, in mon-gen.py's order (sorted file names)",
                "defaults as mon-gen.py's: speed 10, holiness natural, habitat land, uses nothing, exp 10, "
                "no flags or resists, an attack's flavour plain, genus and species the monster's own",
                "resists: the file's levels (fire, cold, elec, poison: -1..4; neg, corr, miasma: 0..4; "
                "torment, petrify, damnation, steam: 0..1), before mon-util.cc _apply_holiness_resists",
                "will: the willpower; will_per_hd: the willpower per HD instead",
                "energy: mon_energy_usage (move, swim, attack, missile, spell): the speed_increment an "
                "action costs (monster::action_energy); item and special actions cost 10, a pickup 100 "
                "(fixed in monster::action_energy)"]),
              items,
              (", crawl-ref/source/item-prop.cc (Weapon_prop, Missile_prop, Armour_prop)",
               ["weapons: damage (PWPN_DAMAGE), accuracy (PWPN_HIT), delay (PWPN_SPEED, aut at skill 0)",
                "min_delay: fight.cc weapon_min_delay(weapon, false); min_delay_skill: "
                "weapon_min_delay_skill, (delay - min_delay) x 2",
                "ranged: is_ranged_weapon_type (skill SK_RANGED_WEAPONS); crossbow: is_crossbow",
                "armours: ac (PARM_AC), ev (PARM_EVASION, tenths)",
                "legacy_only: inside #if TAG_MAJOR_VERSION == 34, or named \"removed ...\""]))


if __name__ == "__main__":
    main()
