#!/usr/bin/env python3
"""Write fray's DCSS 0.34.1 unrandart table, data/crawl_0_34/unrands.json, from the game.

Reads crawl-ref/source/art-data.txt at tag 0.34.1 of the crawl/crawl repository
(or in a checkout of it), the file the game's util/art-data.pl turns into
art-data.h. Each entry (a NAME: line starts one, "key: value" lines follow, a
line starting with a space continues the previous value) becomes a row:

* name: NAME (what an inventory line shows, after "the +N ");
* enum: ENUM when given (the game's UNRAND_ id), else null;
* object: "weapon", "armour", "jewellery", ... (OBJ's class, OBJ_WEAPONS ->
  "weapon"); base: the subtype id (WPN_DOUBLE_SWORD, ARM_PLATE_ARMOUR);
  base_name: the catalog name of that id in data/crawl_0_34/weapons.json
  (fray's own catalog, written by catalog_0_34.py), null when the catalog has
  no row for it (the dragon scales, ...);
* plus: PLUS as an integer (the enchantment it is made with; an inventory line
  shows the actual one);
* brand: BRAND (SPWPN_ANTIMAGIC, SPARM_ENERGY), null when none;
* the artefact properties fray reads or names: slay (SLAY, ARTP_SLAYING),
  ac, ev, sh, str, int, dex (ARTP_AC ...), and base_damage, base_accuracy,
  base_delay (BASE_DAM, BASE_ACC, BASE_DELAY: what the unrandart adds to its
  base item's damage, accuracy and delay);
* bools: the BOOL flags in order (deleted: not generated any more; nogen, ...);
* type: TYPE, the name the game gives its base item when it differs, else null;
* legacy: true between "# start TAG_MAJOR_VERSION == 34" and "# end
  TAG_MAJOR_VERSION" (kept for old saves only).

The dummy entries (OBJ_UNASSIGNED) are left out. Python 3, standard library.

    tools/crawl/unrands_0_34.py /path/to/crawl.git [--tag 0.34.1]   # a repository, read at the tag
    tools/crawl/unrands_0_34.py --checkout /path/to/crawl           # a work tree at 0.34.1

Output goes to data/crawl_0_34/unrands.json (--out FILE to change it). The
tests in tests/rules/crawl_0_34 (character_test.cpp) hold fray to this file.
"""

import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dcss import ROOT, SRC  # noqa: E402
from common import source  # noqa: E402
from common.jsonfile import write_rows  # noqa: E402

TAG = "0.34.1"
ART_DATA = "crawl-ref/source/art-data.txt"

OBJECTS = {"OBJ_WEAPONS": "weapon", "OBJ_ARMOUR": "armour", "OBJ_JEWELLERY": "jewellery",
           "OBJ_STAVES": "staff", "OBJ_MISCELLANY": "misc", "OBJ_TALISMANS": "talisman", "OBJ_GIZMOS": "gizmo"}
NUMBERS = {"SLAY": "slay", "AC": "ac", "EV": "ev", "SH": "sh", "STR": "str", "INT": "int", "DEX": "dex",
           "BASE_DAM": "base_damage", "BASE_ACC": "base_accuracy", "BASE_DELAY": "base_delay"}


def entries(text):
    """The entries of art-data.txt as (fields, legacy): fields a dict of key -> value."""
    out, cur, last, legacy = [], None, None, False
    for line in text.split("\n"):
        if line.startswith("#"):
            if re.match(r"#\s*start TAG_MAJOR_VERSION", line):
                legacy = True
            elif re.match(r"#\s*end TAG_MAJOR_VERSION", line):
                legacy = False
            continue
        if not line.strip():
            continue
        m = re.match(r"([A-Z_]+):\s*(.*)$", line)
        if not m:
            # A continuation of the previous value (" more words", "+Another line").
            if cur is None or not last:
                raise SystemExit("%s: cannot read the line %r" % (ART_DATA, line))
            cur[0][last] += " " + line.strip()
            continue
        key, value = m.group(1), m.group(2).strip()
        # ENUM (when given) opens an entry, else NAME does.
        if key == "ENUM" or (key == "NAME" and (cur is None or "NAME" in cur[0])):
            cur = ({}, legacy)
            out.append(cur)
        cur[0][key] = value
        last = key
    return out


def number(value):
    return int(value.split("#")[0].strip().replace("+", ""))  # "+8 # a comment"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source.add_arguments(ap, TAG, "crawl/crawl")
    ap.add_argument("--out", default=os.path.join(ROOT, "data", "crawl_0_34", "unrands.json"), help="output file")
    ap.add_argument("--catalog", default=os.path.join(ROOT, "data", "crawl_0_34", "weapons.json"),
                    help="fray's 0.34 item catalog (ids to names)")
    args = ap.parse_args()
    src = source.open_source(args, SRC)
    where = ("checkout " + os.path.abspath(src.path) if src.tree
             else "crawl/crawl tag %s (commit %s)" % (src.tag, src.commit))
    with open(args.catalog, encoding="utf-8") as f:
        cat = json.load(f)
    names = {r["id"]: r["name"] for part in ("weapons", "armours") for r in cat[part]}
    rows = []
    for fields, legacy in entries(src.read(ART_DATA)):
        obj = fields.get("OBJ", "")
        cls, _, sub = obj.partition("/")
        if cls == "OBJ_UNASSIGNED":
            continue
        if "NAME" not in fields or cls not in OBJECTS:
            raise SystemExit("%s: an entry without a name or a known class: %r" % (ART_DATA, fields))
        row = {"name": fields["NAME"], "enum": fields.get("ENUM"), "object": OBJECTS[cls], "base": sub,
               "base_name": names.get(sub), "plus": number(fields["PLUS"]) if "PLUS" in fields else 0,
               "brand": fields.get("BRAND")}
        for key, out in NUMBERS.items():
            if key in fields:
                row[out] = number(fields[key])
        row["bools"] = [b.strip() for b in fields.get("BOOL", "").split(",") if b.strip()]
        row["type"] = fields.get("TYPE")
        row["legacy"] = legacy
        rows.append(row)
    lower = [r["name"].lower() for r in rows]
    if len(set(lower)) != len(lower):
        raise SystemExit("two unrandarts with one name")
    write_rows(args.out, {
        "source": where + ", " + ART_DATA,
        "tool": "tools/crawl/unrands_0_34.py",
        "notes": [
            "every entry but the dummies (OBJ_UNASSIGNED), in the file's order",
            "base: the OBJ subtype id; base_name: its name in data/crawl_0_34/weapons.json, null when fray has none",
            "plus: the enchantment it is made with (PLUS); brand: BRAND",
            "slay, ac, ev, sh, str, int, dex: the artefact properties of those names (ARTP_SLAYING, ...)",
            "base_damage, base_accuracy, base_delay: BASE_DAM, BASE_ACC, BASE_DELAY (added to its base item's)",
            "legacy: inside TAG_MAJOR_VERSION == 34 (old saves only)",
        ],
    }, [("unrands", rows)])
    print("%d unrandarts" % len(rows))


if __name__ == "__main__":
    main()
