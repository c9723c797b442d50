#!/usr/bin/env python3
"""Extract DCSS 0.19's monster and item tables as golden data for fray.

Reads, at tag 0.19.6 of the crawl/crawl repository (or in a checkout of it):

* crawl-ref/source/mon-data.h: every row of mondata[] (with mon-enum.h for the
  resistance bits and mon-util.h for DEFAULT_ENERGY), written to
  extracted_monsters.json: id, name, glyph, flags, resistances (decoded as
  mon-util.h get_resist does), exp_mod, genus, species, holiness, magic
  resistance, attacks, HD, avg_hp_10x, AC, EV, spells, corpse, shout,
  intelligence, habitat, speed, the energy of each action kind
  (mon_energy_usage: move, swim, attack, missile, spell, special, item,
  pickup_percent), uses, size and shape;
* crawl-ref/source/itemprop.cc: every row of Weapon_prop, Missile_prop and
  Armour_prop, written to extracted_items.json, with each weapon's minimum
  delay and the skill that reaches it (fight.cc weapon_min_delay(weapon,
  false), weapon_min_delay_skill) and whether it is a launcher
  (is_ranged_weapon_type: its ammo is not MI_NONE).

A row is `legacy_only` when it stands inside `#if TAG_MAJOR_VERSION == 34`
(kept for old saves only), or when its name starts with "removed " (the
game's name for an axed type, as DRAGON_ARMOUR's dragon hides, made only
under TAG_MAJOR_VERSION == 34).

The tests in tests/rules/crawl hold fray's catalogs (data/crawl/monsters.json
and weapons.json) to these files, field by field.

Python 3, standard library only (tools/README.md: the other scripts, the shared modules):

    tools/crawl/extract_0_19.py /path/to/crawl.git [--tag 0.19.6]   # a repository, read at the tag
    tools/crawl/extract_0_19.py --checkout /path/to/crawl           # a work tree at 0.19.6

Output goes to tests/golden/crawl/ (--out DIR to change it).
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dcss  # noqa: E402
from dcss import SRC, ctable, evaluate, name_of, names_of, string_of  # noqa: E402

# mon_energy_usage's fields, in order (mon-util.h).
ENERGY_FIELDS = ["move", "swim", "attack", "missile", "spell", "special", "item", "pickup_percent"]
# mon-data.h's row, in monsterentry's order (mon-util.h).
MONSTER_FIELDS = ["id", "glyph", "colour", "name", "flags", "resists", "exp_mod", "genus", "species", "holiness",
                  "magic_resistance", "attacks", "hd", "avg_hp_10x", "ac", "ev", "spells", "corpse", "shout",
                  "intelligence", "habitat", "speed", "energy", "uses", "size", "shape", "tile", "corpse_tile"]


def glyph_of(toks):
    toks = ctable.unparen(toks)
    assert len(toks) == 1 and toks[0].kind == "chr", ctable.text_of(toks)
    return toks[0].text[1:-1].encode().decode("unicode_escape")


def resists_of(toks, bits):
    """The resistance levels of a resists_t expression, decoded as mon-util.h
    get_resist does: a multi-level resistance is 3 bits (5..7 read as −3..−1),
    a flag above MR_LAST_MULTI is 0 or 1. Only the nonzero ones."""
    value = evaluate(toks, bits)
    out = {}
    for name, bit in bits.items():
        if name in ("MR_NO_FLAGS", "MR_LAST_MULTI") or bit == 0:
            continue
        if name.startswith("MR_VUL_") and bit < bits["MR_LAST_MULTI"]:
            continue  # mrd(MR_RES_X, -1): the level −1 of a multi-level resistance
        if bit < bits["MR_LAST_MULTI"]:
            level = (value // bit) & 7
            level = level - 8 if level > 4 else level
        else:
            level = 1 if value & bit else 0
        if level:
            key = name[len("MR_RES_"):] if name.startswith("MR_RES_") else name[len("MR_"):]
            out[key.lower()] = level
    return out


def int_or_name(toks, names=None):
    try:
        return evaluate(toks, names or {})
    except KeyError:
        return name_of(toks)


def monsters(src):
    enums = dcss.preprocess(src.read(SRC + "mon-enum.h"))
    bits = ctable.enum_values(enums, "mon_resist_flags")
    pp = dcss.preprocess(src.read(SRC + "mon-data.h"), headers=[src.read(SRC + "mon-enum.h"),
                                                                 src.read(SRC + "mon-util.h")])
    out = []
    for row in ctable.table(pp, "mondata"):
        if len(row) == len(MONSTER_FIELDS) - 1:
            row = list(row) + [None]  # the corpse tile left to its default
        assert len(row) == len(MONSTER_FIELDS), "a mon-data.h row of %d fields" % len(row)
        f = dict(zip(MONSTER_FIELDS, row))
        attacks = []
        for a in f["attacks"]:
            kind, flavour, damage = name_of(a[0]), name_of(a[1]), evaluate(a[2], {})
            if kind != "AT_NONE":
                attacks.append({"type": kind, "flavour": flavour, "damage": damage})
        energy = [evaluate(e, {}) for e in f["energy"]]
        assert len(energy) == len(ENERGY_FIELDS)
        name = string_of(f["name"])
        legacy = any(t.legacy for t in f["id"]) or name.startswith("removed ")
        m = {
            "id": name_of(f["id"]),
            "name": name,
            "glyph": glyph_of(f["glyph"]),
            "flags": names_of(f["flags"]),
            "resists": resists_of(f["resists"], bits),
            "exp_mod": evaluate(f["exp_mod"], {}),
            "genus": name_of(f["genus"]),
            "species": name_of(f["species"]),
            "holiness": names_of(f["holiness"]),
            "magic_resistance": int_or_name(f["magic_resistance"]),
            "attacks": attacks,
            "hd": evaluate(f["hd"], {}),
            "avg_hp_10x": evaluate(f["avg_hp_10x"], {}),
            "ac": evaluate(f["ac"], {}),
            "ev": evaluate(f["ev"], {}),
            "spells": name_of(f["spells"]),
            "corpse": name_of(f["corpse"]),
            "shout": name_of(f["shout"]),
            "intelligence": name_of(f["intelligence"]),
            "habitat": name_of(f["habitat"]),
            "speed": evaluate(f["speed"], {}),
            "energy": dict(zip(ENERGY_FIELDS, energy)),
            "uses": name_of(f["uses"]),
            "size": name_of(f["size"]),
            "shape": name_of(f["shape"]),
        }
        if legacy:
            m["legacy_only"] = True
        out.append(m)
    return out


def launcher(w):
    """0.19's is_ranged_weapon_type: the weapon fires ammo (ammo is not MI_NONE); a
    crossbow is of the skill SK_CROSSBOWS."""
    w["ranged"] = w["ammo"] != "MI_NONE"
    return w["skill"] == "SK_CROSSBOWS"


def items(src):
    return dcss.items(dcss.preprocess(src.read(SRC + "itemprop.cc")),
                      dcss.WEAPON_COLUMNS_HEAD + [("ammo", name_of)] + dcss.WEAPON_COLUMNS_TAIL,
                      dcss.MISSILE_COLUMNS + [("throwable", dcss.boolean)], launcher)


def main():
    dcss.main(__doc__, "0.19.6", "crawl", "tools/crawl/extract_0_19.py", monsters,
              (", crawl-ref/source/mon-data.h (mondata[]), mon-enum.h, mon-util.h",
               ["every mondata[] row, in the table's order; attacks without AT_NONE",
                "resists: the nonzero levels of the resists_t bits, as mon-util.h get_resist reads them "
                "(fire, cold, elec, poison, neg, rotting, acid: -1..4; the other flags 1)",
                "magic_resistance: positive sets it, negative is -x per HD x 4/3 (mons_resist_magic), "
                "or a named constant (MAG_IMMUNE)",
                "energy: mon_energy_usage (move, swim, attack, missile, spell, special, item, "
                "pickup_percent): the speed_increment an action costs (monster::action_energy)",
                "legacy_only: inside #if TAG_MAJOR_VERSION == 34, or named \"removed ...\""]),
              items,
              (", crawl-ref/source/itemprop.cc (Weapon_prop, Missile_prop, Armour_prop)",
               ["weapons: damage (PWPN_DAMAGE), accuracy (PWPN_HIT), delay (PWPN_SPEED, aut at skill 0)",
                "min_delay: fight.cc weapon_min_delay(weapon, false); min_delay_skill: "
                "weapon_min_delay_skill, (delay - min_delay) x 2",
                "ranged: is_ranged_weapon_type, the weapon fires ammo (ammo is not MI_NONE)",
                "armours: ac (PARM_AC), ev (PARM_EVASION, tenths)",
                "legacy_only: inside #if TAG_MAJOR_VERSION == 34, or named \"removed ...\""]))


if __name__ == "__main__":
    main()
