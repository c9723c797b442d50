#!/usr/bin/env python3
"""Write fray's DCSS 0.34.1 species table, data/crawl_0_34/species.json, from the game.

Reads, at tag 0.34.1 of the crawl/crawl repository (or in a checkout of it):

* crawl-ref/source/dat/species/*.yaml, as util/species-gen.py reads them (the
  game's own generator of species-data.h): every species whose file has no
  TAG_MAJOR_VERSION (those are kept for old saves only), with
  - key (fray's spec word: the name in lower case, spaces as underscores),
    enum, name, abbrev (short_name, else the name's first two letters, as
    species-gen.py does), starting (difficulty is not False: a species a new
    game can pick; the draconian colours are reached at XL 7 from the base
    draconian);
  - hp_mod (aptitudes.hp: species::get_hp_modifier, the tenths player.cc
    get_real_hp adds to 10), size (default medium) and torso_size
    (species.cc species::size: one less with the small_torso flag), flags;
  - mutations: each XL's innate mutations and their levels, as the file gives
    them (player.cc give_level_mutations adds them at that XL);
  - aptitudes of Fighting, the weapon skills, Unarmed Combat, Armour, Shields
    and Dodging (null: the species cannot train the skill, written False);
* crawl-ref/source/mutation-data.h: the short name of each mutation in COMBAT_MUTATIONS below (what it does in a fight);
* crawl-ref/source/item-prop.cc Armour_prop: the body armours' and shields'
  fit_min and fit_max sizes (player-equip.cc can_equip_item: fit_armour_size
  of the player's torso size).

What the data files do not say and the C++ does, written here with the
function it comes from:

* equipment slots, player-equip.cc get_player_equip_slot_count:
  SLOT_WEAPON none with MUT_NO_GRASPING; SLOT_OFFHAND (shields) none with
  MUT_NO_GRASPING or MUT_MISSING_HAND (Coglins' MUT_WIELD_OFFHAND gives a
  SLOT_WEAPON_OR_OFFHAND instead, which holds a shield); SLOT_BODY_ARMOUR
  none with MUT_FORMLESS, for every draconian (species::is_draconian: the
  draconian flag), for SP_OCTOPODE, and with MUT_NO_ARMOUR;
* weapons too large, player-equip.cc can_equip_item: item-prop.cc
  is_weapon_too_large (min_2h_size above the torso size) unless
  MUT_QUADRUMANOUS (written as quadrumanous);
* the auxiliary attacks each mutation makes usable, melee-attack.cc
  Aux*::is_usable (AUX_ATTACKS below).

The tests in tests/rules/crawl_0_34 (species_test.cpp) hold fray to this file.

Python 3 with PyYAML (Debian's python3-yaml; the game's species-gen.py reads
the files with it too); tools/README.md has the other scripts:

    tools/crawl/species_0_34.py /path/to/crawl.git [--tag 0.34.1]   # a repository, read at the tag
    tools/crawl/species_0_34.py --checkout /path/to/crawl           # a work tree at 0.34.1

Output goes to data/crawl_0_34/species.json (--out FILE to change it).
"""

import argparse
import os
import re
import sys

import yaml

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dcss import ROOT, SRC  # noqa: E402
from common import source  # noqa: E402
from common.jsonfile import write_rows  # noqa: E402

TAG = "0.34.1"

# The aptitudes written (the yaml's names; "ranged weapons" is spelt with a space there).
APTITUDES = ["fighting", "short_blades", "long_blades", "axes", "maces_and_flails", "polearms", "staves",
             "ranged weapons", "throwing", "unarmed_combat", "armour", "shields", "dodging"]

# Innate mutations that bear on melee (an attack, a defence, a regeneration),
# with what they do there: fray follows "claws" (player claws=) and the size;
# the rest it names in an answer's not_modelled.
COMBAT_MUTATIONS = {
    "MUT_CLAWS": "unarmed damage +2 a level (fight.cc unarmed_base_damage)",
    "MUT_HORNS": "the headbutt auxiliary attack, damage 5 + 3 a level (AuxHeadbutt)",
    "MUT_REFLEXIVE_HEADBUTT": "a headbutt back at a melee attacker, _minotaur_headbutt_chance() percent "
                              "(melee-attack.cc)",
    "MUT_BEAK": "the peck auxiliary attack (AuxPeck)",
    "MUT_TALONS": "the kick auxiliary attack, damage 6 + the level, without boots (AuxKick)",
    "MUT_HOOVES": "the kick auxiliary attack, damage 5 + 5/3 a level, without boots (AuxKick)",
    "MUT_FANGS": "the bite auxiliary attack (AuxBite)",
    "MUT_ANTIMAGIC_BITE": "the bite auxiliary attack drains magic, always tried (AuxBite)",
    "MUT_ACIDIC_BITE": "the bite auxiliary attack, acid, +2d4 (AuxBite)",
    "MUT_ARMOURED_TAIL": "the tail-slap auxiliary attack (AuxTail)",
    "MUT_STINGER": "the tail auxiliary attack stings, poison (AuxTail)",
    "MUT_CONSTRICTING_TAIL": "constriction; at level 2 the constrict auxiliary attack (AuxConstrict)",
    "MUT_TENTACLE_ARMS": "the squeeze and constrict auxiliary attacks (AuxTentacles, AuxConstrict)",
    "MUT_WIELD_OFFHAND": "a second weapon in the off hand (player-equip.cc SLOT_WEAPON_OR_OFFHAND)",
    "MUT_WARMUP_STRIKES": "the first attacks do less damage",
    "MUT_DRUNKEN_BRAWLING": "attacks after drinking a potion",
    "MUT_QUADRUMANOUS": "a two-handed weapon and a shield at once",
    "MUT_TOUGH_SKIN": "AC",
    "MUT_SHAGGY_FUR": "AC",
    "MUT_IRON_FUSED_SCALES": "AC",
    "MUT_GELATINOUS_BODY": "AC and EV",
    "MUT_DEFORMED": "body armour's EV penalty",
    "MUT_ROLLPAGE": "regeneration when rolling toward a foe",
    "MUT_REGENERATION": "regeneration",
    "MUT_NO_POTION_HEAL": "no healing from potions",
    "MUT_FLAT_HP": "+4 maximum HP a level (player.cc get_real_hp)",
    "MUT_FAST": "movement speed (not attack speed)",
    "MUT_SPELLCLAWS": "spells with unarmed attacks",
    "MUT_MNEMOPHAGE": "heals and recovers spells on a kill",
    "MUT_MULTILIVED": "extra lives",
    "MUT_MANA_SHIELD": "magic points absorb damage",
    "MUT_STONE_BODY": "AC and resistances",
    "MUT_BIG_WINGS": "flight",
}

# melee-attack.cc Aux*::is_usable: the auxiliary attack each mutation makes usable
# and the least level it needs (AuxConstrict: MUT_CONSTRICTING_TAIL >= 2).
AUX_ATTACKS = [
    ("MUT_HORNS", 1, "headbutt"),
    ("MUT_BEAK", 1, "peck"),
    ("MUT_TALONS", 1, "kick"),
    ("MUT_HOOVES", 1, "kick"),
    ("MUT_FANGS", 1, "bite"),
    ("MUT_ANTIMAGIC_BITE", 1, "bite"),
    ("MUT_ACIDIC_BITE", 1, "bite"),
    ("MUT_ARMOURED_TAIL", 1, "tail-slap"),
    ("MUT_STINGER", 1, "sting"),
    ("MUT_CONSTRICTING_TAIL", 2, "constrict"),
    ("MUT_TENTACLE_ARMS", 1, "squeeze"),
    ("MUT_TENTACLE_ARMS", 1, "constrict"),
]

SIZES = ["tiny", "little", "small", "medium", "large", "giant"]  # size_type, 0.34


def key_of(name):
    return name.lower().replace(" ", "_").replace("-", "_")


def mutation_texts(src):
    """mutation-data.h: {MUT_X: (short name, [text of level 1, 2, 3])} for COMBAT_MUTATIONS."""
    text = src.read(SRC + "mutation-data.h")
    out = {}
    for m in re.finditer(r"\{\s*(MUT_\w+),\s*[^,]+,\s*(\d+),[^\"]*?\"([^\"]*)\",\s*\{([^}]*)\}", text):
        mut, short, have = m.group(1), m.group(3), m.group(4)
        if mut in COMBAT_MUTATIONS and mut not in out:
            out[mut] = (short, [s for s in re.findall(r'"((?:[^"\\]|\\.)*)"', have)])
    missing = sorted(set(COMBAT_MUTATIONS) - set(out))
    if missing:
        raise SystemExit("mutation-data.h: no entry for %s" % ", ".join(missing))
    return out


def armour_fits(src):
    """item-prop.cc Armour_prop: [{name, slot, fit_min, fit_max}] of the body armours and shields."""
    text = src.read(SRC + "item-prop.cc")
    out = []
    for m in re.finditer(r"\{\s*(ARM_\w+),\s*\"([^\"]*)\",[^{}]*?(SLOT_\w+),\s*SIZE_(\w+),\s*SIZE_(\w+)", text):
        arm, name, slot, lo, hi = m.groups()
        if slot not in ("SLOT_BODY_ARMOUR", "SLOT_OFFHAND") or name.startswith("removed "):
            continue
        out.append({"id": arm, "name": name, "slot": slot, "fit_min": lo.lower(), "fit_max": hi.lower()})
    if not any(r["id"] == "ARM_PLATE_ARMOUR" for r in out) or not any(r["id"] == "ARM_TOWER_SHIELD" for r in out):
        raise SystemExit("item-prop.cc: Armour_prop not read")
    return out


def level_at(muts, mut, xl):
    """The level of an innate mutation at an XL: the sum of the file's levels up to it."""
    return sum(lv.get(mut, 0) for at, lv in muts.items() if int(at) <= xl)


def species_rows(src):
    files = [p for p in src.list(SRC + "dat/species") if p.endswith(".yaml")]
    src.prefetch(files)
    rows = []
    for path in files:
        s = yaml.safe_load(src.read(path))
        if s.get("TAG_MAJOR_VERSION") is not None:
            continue  # kept for old saves: species-gen.py wraps it in #if TAG_MAJOR_VERSION
        flags = list(s.get("species_flags") or [])
        size = s.get("size", "medium")
        torso = SIZES[SIZES.index(size) - 1] if "small_torso" in flags else size
        muts = {str(xl): dict(lv) for xl, lv in sorted((s.get("mutations") or {}).items())}
        apts = s["aptitudes"]
        aptitudes = {}
        for a in APTITUDES:
            v = apts.get(a, 0)  # species-gen.py: a skill the file does not name has aptitude 0
            aptitudes[a.replace(" ", "_")] = None if v is False else int(v)
        has = {m for lv in muts.values() for m in lv}
        aux = {}
        for mut, least, name in AUX_ATTACKS:
            xls = [xl for xl in range(1, 28) if level_at(muts, mut, xl) >= least]
            if xls:
                a = aux.setdefault(name, {"attack": name, "mutations": [], "from_xl": xls[0]})
                a["mutations"].append(mut)
                a["from_xl"] = min(a["from_xl"], xls[0])
        draconian = "draconian" in flags
        rows.append({
            "key": key_of(s["name"]),
            "enum": s["enum"],
            "name": s["name"],
            "abbrev": s.get("short_name", s["name"][:2]),
            "starting": s.get("difficulty") is not False,
            "hp_mod": int(apts["hp"]),
            "size": size,
            "torso_size": torso,
            "flags": flags,
            "mutations": muts,
            "aptitudes": aptitudes,
            # player-equip.cc get_player_equip_slot_count
            "can_wield": "MUT_NO_GRASPING" not in has,
            "can_wear_body_armour": not ("MUT_FORMLESS" in has or draconian or s["enum"] == "SP_OCTOPODE"
                                         or "MUT_NO_ARMOUR" in has),
            "can_use_shield": not ("MUT_NO_GRASPING" in has or "MUT_MISSING_HAND" in has),
            # player-equip.cc can_equip_item: no is_weapon_too_large limit
            "quadrumanous": "MUT_QUADRUMANOUS" in has,
            "aux_attacks": list(aux.values()),
        })
    rows.sort(key=lambda r: r["key"])
    keys = [r["key"] for r in rows]
    if len(set(keys)) != len(keys):
        raise SystemExit("two species with one key")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source.add_arguments(ap, TAG, "crawl/crawl")
    ap.add_argument("--out", default=os.path.join(ROOT, "data", "crawl_0_34", "species.json"), help="output file")
    args = ap.parse_args()
    src = source.open_source(args, SRC)
    where = ("checkout " + os.path.abspath(src.path) if src.tree
             else "crawl/crawl tag %s (commit %s)" % (src.tag, src.commit))
    rows = species_rows(src)
    texts = mutation_texts(src)
    used = sorted({m for r in rows for lv in r["mutations"].values() for m in lv if m in COMBAT_MUTATIONS})
    mutations = [{"id": m, "name": texts[m][0], "combat": COMBAT_MUTATIONS[m]}
                 for m in used]
    fits = armour_fits(src)
    write_rows(args.out, {
        "source": where + ", crawl-ref/source/dat/species/*.yaml (read as util/species-gen.py reads them), "
                  "mutation-data.h, item-prop.cc (Armour_prop)",
        "tool": "tools/crawl/species_0_34.py",
        "notes": [
            "species: every dat/species file without TAG_MAJOR_VERSION (those are for old saves only)",
            "hp_mod: aptitudes.hp, species::get_hp_modifier (player.cc get_real_hp: hp * (10 + hp_mod) / 10)",
            "torso_size: species::size(PSIZE_TORSO), one less than size with the small_torso flag",
            "mutations: the innate mutations each XL gives (give_level_mutations), levels as in the file",
            "aptitudes: null where the file says False (the skill cannot be trained)",
            "can_wield, can_wear_body_armour, can_use_shield: player-equip.cc get_player_equip_slot_count",
            "quadrumanous: player-equip.cc can_equip_item skips is_weapon_too_large",
            "aux_attacks: melee-attack.cc Aux*::is_usable, from the XL the mutation reaches the level it needs",
            "combat_mutations: mutation-data.h short name; combat: what it does in a fight",
            "armour_fit: item-prop.cc Armour_prop fit_min, fit_max (can_equip_item, fit_armour_size of the torso)",
        ],
    }, [("species", rows), ("combat_mutations", mutations), ("armour_fit", fits)])
    print("%d species, %d combat mutations, %d armours" % (len(rows), len(mutations), len(fits)))


if __name__ == "__main__":
    main()
