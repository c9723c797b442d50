#!/usr/bin/env python3
"""Extracts Brogue CE's monster, weapon, armor and mutation tables from the
game's C source.

    tools/brogue/extract.py SOURCE [--tag TAG] [--out FILE]

SOURCE is the game's checkout: a git repository, bare or not (read at TAG,
default the tag v1.15), or a plain source tree (the folder that holds
src/brogue); --repo and --checkout say which (tools/common/source.py). The script writes FILE (default tests/golden/brogue/tables.json
of this fray checkout), which tests/rules/brogue/catalog_test.cpp holds every
row of data/brogue/*.json to, field by field. Run it again after a change to
the game or to this script, and commit its output:

    tools/brogue/extract.py /work/.mirror/tmewett+BrogueCE/repo

What it reads, all by parsing the C (the table reader tools/common/ctable.py),
nothing typed in by hand:

- Rogue.h: the field order of creatureType, itemTable, mutation and
  randomRange, and the enums monsterTypes (MK_*), weaponKind and armorKind
  that index the tables.
- Globals.c: monsterCatalog (every kind, "you" included: maxHP, defense,
  accuracy, damage {lowerBound, upperBound, clumpFactor}, turnsBetweenRegen,
  movementSpeed, attackSpeed, the behavior flags and the ability flags),
  weaponTable and armorTable (name, strengthRequired, range), mutationCatalog
  (the factors and the flags each mutation adds).
- Items.c: generateItem's switch that gives each weapon kind its item flags
  (ITEM_SNEAK_ATTACK_BONUS, ...), the kinds itemIsThrowingWeapon names, and
  the armor value a new armor takes (its table range).
- RogueMain.c initializeRogue: the player's starting strength and the items it
  starts with (kind, quantity, whether it is equipped).

Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import ctable, source  # noqa: E402
from common.clike import braced, strip_comments  # noqa: E402
from common.jsonfile import write_json  # noqa: E402

FILES = ("src/brogue/Rogue.h", "src/brogue/Globals.c", "src/brogue/Items.c", "src/brogue/RogueMain.c")


def describe(src: source.Source) -> str:
    if src.tree:
        return f"tmewett/BrogueCE source tree {src.path}"
    return f"tmewett/BrogueCE {src.tag} @ {src.commit}"


# --- C text --------------------------------------------------------------------------


def scalar(toks: list[ctable.Tok]):
    """An integer, a string (adjacent literals joined), a boolean, or a name."""
    tok = [t.text for t in toks]
    if all(t.startswith('"') for t in tok) and tok:
        return "".join(json.loads(t) for t in tok)
    text = "".join(tok)
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


# Composite flags of Rogue.h's flag enums (MONST_TURRET = (MONST_IMMUNE_TO_WEBS | ...)),
# filled by extract() before any flags are read.
COMPOSITE: dict = {}


def composites(header: str) -> dict:
    """NAME -> [its flags] for every enum item defined as an or of other names."""
    out = {}
    for m in re.finditer(r"\b([A-Z][A-Z0-9_]*)\s*=\s*\(([A-Z0-9_|\s]+)\)\s*[,}]", header):
        out[m.group(1)] = [f.strip() for f in m.group(2).split("|") if f.strip()]
    return out


def expand(name: str) -> list[str]:
    if name not in COMPOSITE:
        return [name]
    return [f for part in COMPOSITE[name] for f in expand(part)]


def flags(toks) -> list[str]:
    """`(A | B)`, `A`, `0` or `(0)` as a list of flag names, composite flags
    (MONST_TURRET) expanded into theirs."""
    if isinstance(toks, ctable.Group):
        raise SystemExit(f"a flag set in braces: {toks}")
    tok = [t.text for t in toks]
    names = [t for t in (tok or []) if re.fullmatch(r"[A-Z_][A-Z0-9_]*", t)]
    rest = [t for t in (tok or []) if t not in names and t not in ("(", ")", "|", "0")]
    if rest:
        raise SystemExit(f"unexpected flag expression {''.join(tok)}")
    out = []
    for n in names:
        for f in expand(n):
            if f not in out:
                out.append(f)
    return out


def row(fields: list[str], values: list) -> dict:
    if len(values) > len(fields):
        raise SystemExit(f"{len(values)} values for {len(fields)} fields")
    # C fills the fields an initializer leaves out with zeros.
    return {f: (values[i] if i < len(values) else ctable.tokenize("0")) for i, f in enumerate(fields)}


def rng(v) -> dict:
    lo, hi, clump = (scalar(x) for x in v)
    return {"min": lo, "max": hi, "clumpFactor": clump}


# --- the tables ----------------------------------------------------------------------


def extract(src: source.Source) -> dict:
    header = strip_comments(src.read("src/brogue/Rogue.h"))
    rogue_h = ctable.Preprocessed(src.read("src/brogue/Rogue.h"))
    # Globals.c's tables as written: Rogue.h's macros (true as 1, ...) are not expanded in them.
    globals_c = ctable.Preprocessed(src.read("src/brogue/Globals.c"))
    items_c = strip_comments(src.read("src/brogue/Items.c"))
    main_c = strip_comments(src.read("src/brogue/RogueMain.c"))

    COMPOSITE.clear()
    COMPOSITE.update(composites(header))
    monster_ids = list(ctable.enum_values(rogue_h, "monsterTypes"))
    weapon_kinds = list(ctable.enum_values(rogue_h, "weaponKind"))
    armor_kinds = list(ctable.enum_values(rogue_h, "armorKind"))
    creature = ctable.struct_fields(rogue_h, "creatureType")
    item_table = ctable.struct_fields(rogue_h, "itemTable")
    mutation = ctable.struct_fields(rogue_h, "mutation")
    if ctable.struct_fields(rogue_h, "randomRange") != ["lowerBound", "upperBound", "clumpFactor"]:
        raise SystemExit("randomRange is no longer {lowerBound, upperBound, clumpFactor}")

    monsters = []
    rows = ctable.table(globals_c, "monsterCatalog")
    if len(rows) != len(monster_ids) - 1:  # NUMBER_MONSTER_KINDS ends the enum
        raise SystemExit(f"monsterCatalog has {len(rows)} rows for {len(monster_ids) - 1} kinds")
    for index, values in enumerate(rows):
        r = row(creature, values)
        monsters.append(
            {
                "index": index,
                "id": monster_ids[index],
                "name": scalar(r["monsterName"]),
                "maxHP": scalar(r["maxHP"]),
                "defense": scalar(r["defense"]),
                "accuracy": scalar(r["accuracy"]),
                "damage": rng(r["damage"]),
                "turnsBetweenRegen": scalar(r["turnsBetweenRegen"]),
                "movementSpeed": scalar(r["movementSpeed"]),
                "attackSpeed": scalar(r["attackSpeed"]),
                "flags": flags(r["flags"]),
                "abilityFlags": flags(r["abilityFlags"]),
            }
        )

    # Items.c generateItem, case WEAPON: the switch on itemKind that sets flags.
    make = items_c[items_c.index("theEntry = &foodTable[itemKind];") :]  # makeItemInto's switch on the category
    gen = make[make.index("case WEAPON:") :]
    sw, _ = braced(gen, gen.index("{", gen.index("switch (itemKind)")))
    weapon_flags: dict = {k: [] for k in weapon_kinds}
    pending: list[str] = []
    for stmt in re.finditer(r"case\s+(\w+)\s*:|theItem->flags\s*\|=\s*\(?([^;]*?)\)?\s*;|break\s*;|default\s*:", sw):
        if stmt.group(1):
            pending.append(stmt.group(1))
        elif stmt.group(2):
            for k in pending:
                weapon_flags[k] += [f.strip() for f in stmt.group(2).split("|")]
        elif stmt.group(0).startswith("break"):
            pending = []
    thrown_fn = items_c[items_c.index("itemIsThrowingWeapon(const item *theItem) {") :]
    thrown_body, _ = braced(thrown_fn, thrown_fn.index("{"))
    thrown = set(re.findall(r"theItem->kind\s*==\s*(\w+)", thrown_body))
    # Items.c generateItem, case ARMOR: a new armor's value is randClump(its range).
    armor_case = make[make.index("case ARMOR:") :]
    armor_case = armor_case[: armor_case.index("break;")]
    if not re.search(r"theItem->armor\s*=\s*randClump\(\s*armorTable\[itemKind\]\.range\s*\)", armor_case):
        raise SystemExit("generateItem: a new armor's value is no longer randClump(armorTable[kind].range)")

    weapons = []
    for index, values in enumerate(ctable.table(globals_c, "weaponTable")):
        r = row(item_table, values)
        kind = weapon_kinds[index]
        weapons.append(
            {
                "index": index,
                "kind": kind,
                "name": scalar(r["name"]),
                "strengthRequired": scalar(r["strengthRequired"]),
                "damage": rng(r["range"]),
                "thrown": kind in thrown,
                "itemFlags": weapon_flags[kind],
            }
        )
    armors = []
    for index, values in enumerate(ctable.table(globals_c, "armorTable")):
        r = row(item_table, values)
        armors.append(
            {
                "index": index,
                "kind": armor_kinds[index],
                "name": scalar(r["name"]),
                "strengthRequired": scalar(r["strengthRequired"]),
                "armor": rng(r["range"]),
            }
        )

    mutations = []
    for values in ctable.table(globals_c, "mutationCatalog"):
        r = row(mutation, values)
        mutations.append(
            {
                "name": scalar(r["title"]),
                "healthFactor": scalar(r["healthFactor"]),
                "moveSpeedFactor": scalar(r["moveSpeedFactor"]),
                "attackSpeedFactor": scalar(r["attackSpeedFactor"]),
                "defenseFactor": scalar(r["defenseFactor"]),
                "damageFactor": scalar(r["damageFactor"]),
                "monsterFlags": flags(r["monsterFlags"]),
                "monsterAbilityFlags": flags(r["monsterAbilityFlags"]),
            }
        )

    # RogueMain.c initializeRogue: strength, then each generateItem with what follows it.
    init = main_c[main_c.index("void initializeRogue(") :]
    init = init[: init.index("DEBUG {")] if "DEBUG {" in init else init
    sm = re.search(r"rogue\.strength\s*=\s*(\d+)\s*;", init)
    strength = int(sm.group(1))
    kit = []
    # The pack: the items generated after the strength is set and added to the pack.
    parts = [p for p in re.split(r"theItem\s*=\s*generateItem\(", init[sm.end() :])[1:] if "addItemToPack" in p]
    for part in parts:
        m = re.match(r"\s*(\w+)\s*,\s*(\w+)\s*\)", part)
        block = part[: part.find("addItemToPack")] if "addItemToPack" in part else part
        after = part[part.find("addItemToPack") :] if "addItemToPack" in part else ""
        q = re.search(r"theItem->quantity\s*=\s*(\d+)\s*;", block)
        e = re.search(r"theItem->enchant1\s*=\s*([^;]*?)\s*;", block)
        kit.append(
            {
                "category": m.group(1),
                "kind": m.group(2),
                "quantity": int(q.group(1)) if q else None,
                "enchant1": 0 if e and re.fullmatch(r"0|theItem->enchant2\s*=\s*0", e.group(1)) else None,
                "equipped": bool(re.match(r"[^;]*;\s*equipItem\(theItem", after)),
            }
        )

    return {
        "meta": {
            "source": describe(src),
            "script": "tools/brogue/extract.py",
            "files": list(FILES),
            "note": "damage and armor are randomRange {lowerBound, upperBound, clumpFactor} as min, max, "
            "clumpFactor; flags keep the order of the source",
        },
        "monsters": monsters,
        "weapons": weapons,
        "armors": armors,
        "mutations": mutations,
        "player": {"strength": strength, "kit": kit},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source.add_arguments(ap, "v1.15", "Brogue CE")
    ap.add_argument(
        "--out",
        default=str(Path(__file__).resolve().parents[2] / "tests" / "golden" / "brogue" / "tables.json"),
        help="the JSON file to write",
    )
    a = ap.parse_args(argv)
    write_json(a.out, extract(source.open_source(a, FILES[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
