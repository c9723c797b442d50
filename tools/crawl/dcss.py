"""What extract_0_19.py and extract_0_34.py read alike: the game's item tables
(Weapon_prop, Missile_prop, Armour_prop), weapon_min_delay, the command line and
the files they write. Where the two versions differ (a column, a rule), the
difference is the caller's data.

Python 3 standard library only. Not a script: run extract_0_19.py or extract_0_34.py.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import ctable, source  # noqa: E402
from common.ctable import evaluate, name_of, names_of, string_of  # noqa: E402
from common.jsonfile import write_rows  # noqa: E402

SRC = "crawl-ref/source/"
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TAG_MAJOR_VERSION = 34  # tag-version.h of both 0.19.6 and 0.34.1
# The #if of the rows kept for old saves only.
LEGACY = r"TAG_MAJOR_VERSION\s*==\s*34"


def preprocess(text, headers=()):
    """A source file's tokens as the game's build sees them (ctable.Preprocessed)."""
    return ctable.Preprocessed(text, headers=headers, defines={"TAG_MAJOR_VERSION": TAG_MAJOR_VERSION}, legacy=LEGACY)


def integer(toks):
    return evaluate(toks, {})


def boolean(toks):
    return bool(evaluate(toks, {}))


# The columns of the item tables: (output key, reader), in the row's order.
WEAPON_COLUMNS_HEAD = [("id", name_of), ("name", string_of), ("damage", integer), ("accuracy", integer),
                       ("delay", integer), ("skill", name_of), ("min_2h_size", name_of), ("min_1h_size", name_of)]
WEAPON_COLUMNS_TAIL = [("dam_type", names_of), ("commonness", integer), ("acquire_weight", integer),
                       ("price", integer)]
MISSILE_COLUMNS = [("id", name_of), ("name", string_of), ("damage", integer), ("mulch_rate", integer),
                   ("price", integer)]
ARMOUR_COLUMNS = [("id", name_of), ("name", string_of), ("ac", integer), ("ev", integer), ("price", integer),
                  ("slot", name_of), ("fit_min", name_of), ("fit_max", name_of)]


def read_row(row, columns):
    return {key: read(row[i]) for i, (key, read) in enumerate(columns)}


def legacy(row, name):
    """A row inside `#if TAG_MAJOR_VERSION == 34`, or named "removed ..." (the game's
    name for an axed type, as DRAGON_ARMOUR's dragon hides)."""
    return any(t.legacy for t in row[0]) or name.startswith("removed ")


def weapon_min_delay(delay, skill, crossbow):
    """fight.cc weapon_min_delay(weapon, check_speed = false), for a plain item (not
    an unrand), the same in 0.19 and 0.34 but for what makes a crossbow."""
    d = delay // 2
    if skill == "SK_SHORT_BLADES" and d > 5:
        d = 5
    if d > 7:
        d = 7
    if crossbow and d < 10:
        d = 10
    d = max(d, delay - (27 + 1) // 2)  # MAX_SKILL_LEVEL 27
    return max(d, 3)


def items(pp, weapon_columns, missile_columns, kind_of):
    """The rows of Weapon_prop, Missile_prop and Armour_prop. kind_of(weapon) adds the
    version's launcher facts to a weapon's row and says whether it is a crossbow."""
    weapons = []
    for row in ctable.table(pp, "Weapon_prop"):
        w = read_row(row, weapon_columns)
        crossbow = kind_of(w)
        w["min_delay"] = weapon_min_delay(w["delay"], w["skill"], crossbow)
        w["min_delay_skill"] = (w["delay"] - w["min_delay"]) * 2
        w["legacy_only"] = legacy(row, w["name"])
        weapons.append(w)
    missiles = []
    for row in ctable.table(pp, "Missile_prop"):
        m = read_row(row, missile_columns)
        m["legacy_only"] = legacy(row, m["name"])
        missiles.append(m)
    armours = []
    for row in ctable.table(pp, "Armour_prop"):
        a = read_row(row, ARMOUR_COLUMNS)
        a["legacy_only"] = legacy(row, a["name"])
        armours.append(a)
    return weapons, missiles, armours


def main(description, tag, folder, tool, monsters, monster_meta, items_of, item_meta):
    """The command line of an extract_*.py: reads the source it names, writes
    extracted_monsters.json (monsters(src); monster_meta: (what the source line adds,
    notes)) and extracted_items.json (items_of(src): weapons, missiles, armours)."""
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    source.add_arguments(ap, tag, "crawl/crawl")
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "golden", folder), help="output folder")
    args = ap.parse_args()
    src = source.open_source(args, SRC)
    where = ("checkout " + os.path.abspath(src.path) if src.tree
             else "crawl/crawl tag %s (commit %s)" % (src.tag, src.commit))
    mons = monsters(src)
    write_rows(os.path.join(args.out, "extracted_monsters.json"),
               {"source": where + monster_meta[0], "tool": tool, "notes": monster_meta[1]}, [("monsters", mons)])
    weapons, missiles, armours = items_of(src)
    write_rows(os.path.join(args.out, "extracted_items.json"),
               {"source": where + item_meta[0], "tool": tool, "notes": item_meta[1]},
               [("weapons", weapons), ("missiles", missiles), ("armours", armours)])
    print("%d monsters, %d weapons, %d missiles, %d armours" % (len(mons), len(weapons), len(missiles),
                                                              len(armours)))
