#!/usr/bin/env python3
"""Extract DCSS's branches and their monster populations for fray's bestiary.

Reads, at tag 0.34.1 (or 0.19.6) of the crawl/crawl repository (or in a
checkout of it):

* crawl-ref/source/branch-data.h: branches[] (in branch_type's order), each
  branch's id, short name, abbreviation and number of levels;
* crawl-ref/source/branch.cc: branch_is_unfinished(), the branches kept for old
  saves only (Dwarven Hall, Hall of Blades, Forest, and in 0.34 Labyrinth),
  which no game generates: they are left out;
* crawl-ref/source/mon-pick-data.h: population[], the table mon-pick.cc
  pick_monster() draws a level's random monsters from, one list of
  pop_entry rows per branch in branch_type's order (0.34: the lists inline,
  the Depths' as the POP_DEPTHS macro; 0.19: POP(x) naming pop_x[]). Each row
  is a depth range (minr..maxr, as the game's own depth within the branch,
  which may start below 1 or end past the branch's levels: out-of-depth picks
  look deeper), a rarity and a shape (FLAT, SEMI, PEAK, FALL, RISE:
  random-pick.h, how the weight changes across the range). A monster may have
  several rows in one branch (the jackal of D: 1-3 FLAT then 4-5 FALL).

Written to data/crawl_0_34/branches.json (0.34.1) or data/crawl/branches.json
(0.19.6): `branches` (one row a branch: abbrev, name, id, levels) and
`population` (one row a pop_entry: branch abbrev, MONS_ id, the game's name,
fray's catalog name or null when fray's catalog has no such monster, min_depth,
max_depth, rarity, shape). The catalog name comes from fray's own
data/<folder>/monsters.json (its `id` column); the game's name from
tests/golden/<folder>/extracted_monsters.json (extract_0_19.py, extract_0_34.py).

Uniques and the monsters vaults place are not in these tables: a branch's
population is what the game's random generation places there.

Python 3, standard library only (tools/README.md):

    tools/crawl/branches.py /path/to/crawl.git                # 0.34.1, to data/crawl_0_34/branches.json
    tools/crawl/branches.py /path/to/crawl.git --tag 0.19.6   # to data/crawl/branches.json
    tools/crawl/branches.py --checkout /path/to/crawl [--tag 0.19.6] [--out FILE]
"""

import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dcss  # noqa: E402
from dcss import ROOT, SRC, ctable, evaluate, name_of, string_of  # noqa: E402
from common import source  # noqa: E402
from common.jsonfile import write_rows  # noqa: E402

# The fray folder of each version: (catalog and data folder, golden folder).
FOLDERS = {"0.34": "crawl_0_34", "0.19": "crawl"}
SHAPES = {"FLAT", "SEMI", "PEAK", "FALL", "RISE"}
# branches[]'s fields (branch.h struct Branch), the ones read here.
FIELD_ID, FIELD_LEVELS, FIELD_SHORTNAME, FIELD_ABBREV = 0, 4, 10, 12


def version_of(tag):
    for v in FOLDERS:
        if tag.startswith(v):
            return v
    raise SystemExit("tag %s: this script reads 0.34.x or 0.19.x (--version to say which)" % tag)


def unfinished(text):
    """The branches branch.cc branch_is_unfinished() names (under TAG_MAJOR_VERSION == 34,
    which both versions build with)."""
    m = re.search(r"bool\s+branch_is_unfinished\s*\([^)]*\)\s*\{(.*?)\n\}", text, re.S)
    if not m:
        raise SystemExit("branch.cc: no branch_is_unfinished()")
    return set(re.findall(r"\bBRANCH_\w+", m.group(1)))


def branches(src):
    pp = dcss.preprocess(src.read(SRC + "branch-data.h"))
    out = []
    for row in ctable.table(pp, "branches"):
        out.append({"id": name_of(row[FIELD_ID]), "name": string_of(row[FIELD_SHORTNAME]),
                    "abbrev": string_of(row[FIELD_ABBREV]), "levels": evaluate(row[FIELD_LEVELS], {})})
    return out


def entry(group):
    """A pop_entry row: (minr, maxr, rarity, shape, MONS_ id)."""
    if len(group) != 5:
        raise ValueError("a pop_entry of %d fields: %s" % (len(group), group))
    shape = name_of(group[3])
    if shape not in SHAPES:
        raise ValueError("unknown shape %s" % shape)
    return evaluate(group[0], {}), evaluate(group[1], {}), evaluate(group[2], {}), shape, name_of(group[4])


def populations(src, version):
    """population[]'s lists, in branch_type's order, each a list of entry() tuples."""
    pp = dcss.preprocess(src.read(SRC + "mon-pick-data.h"))
    rows = ctable.table(pp, "population")
    out = []
    for row in rows:
        if version == "0.34":
            if not isinstance(row, ctable.Group):
                raise ValueError("population[]: a row that is not a list")
            out.append([entry(g) for g in row])
        else:
            # POP(x) is { pop_x, ARRAYSZ(pop_x) - 1 }: the table pop_x[] but its last
            # (terminating) row.
            name = name_of(row[0])
            table = ctable.table(pp, name)
            out.append([entry(g) for g in table[:len(table) - 1]])
            if name_of(table[-1][4]) != "MONS_0":
                raise ValueError("%s[]: its last row is not the MONS_0 terminator" % name)
    return out


def placeholder(mons):
    """A monster_type that stands for a monster chosen when it is placed (monster-type.h):
    RANDOM_..., or 0.34's MONS_ORB_OF_APPROPRIATENESS (mon-place.cc resolve_monster_type:
    the orb kind chosen for Zot in this game). Written with a null name."""
    return mons.startswith("RANDOM_") or mons == "MONS_ORB_OF_APPROPRIATENESS"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source.add_arguments(ap, "0.34.1", "crawl/crawl")
    ap.add_argument("--version", choices=sorted(FOLDERS), help="the game's version (default: the tag's)")
    ap.add_argument("--out", help="output file (default data/<folder>/branches.json)")
    args = ap.parse_args()
    version = args.version or version_of(args.tag)
    folder = FOLDERS[version]
    src = source.open_source(args, SRC)
    where = ("checkout " + os.path.abspath(src.path) if src.tree
             else "crawl/crawl tag %s (commit %s)" % (src.tag, src.commit))

    with open(os.path.join(ROOT, "data", folder, "monsters.json"), encoding="utf-8") as f:
        catalog = {m["id"]: m["name"] for m in json.load(f)["monsters"]}
    with open(os.path.join(ROOT, "tests", "golden", folder, "extracted_monsters.json"), encoding="utf-8") as f:
        game_names = {m["id"]: m["name"] for m in json.load(f)["monsters"]}

    brs = branches(src)
    pops = populations(src, version)
    if len(brs) != len(pops):
        raise SystemExit("branches[] has %d rows, population[] %d" % (len(brs), len(pops)))
    gone = unfinished(src.read(SRC + "branch.cc"))
    branch_rows, pop_rows = [], []
    for b, pop in zip(brs, pops):
        if b["id"] in gone:
            continue
        branch_rows.append({"abbrev": b["abbrev"], "name": b["name"], "id": b["id"], "levels": b["levels"]})
        for minr, maxr, rarity, shape, mons in pop:
            if mons in ("MONS_NO_MONSTER", "MONS_0"):  # a weight of nothing placed
                continue
            if mons not in game_names and not placeholder(mons):
                raise SystemExit("%s: %s is not a monster of the extraction" % (b["abbrev"], mons))
            pop_rows.append({"branch": b["abbrev"], "id": mons, "name": game_names.get(mons),
                             "catalog": catalog.get(mons), "min_depth": minr, "max_depth": maxr,
                             "rarity": rarity, "shape": shape.lower()})
    notes = [
        "population: mon-pick-data.h population[], the rows mon-pick.cc pick_monster() draws a level's random "
        "monsters from, in the table's order; min_depth..max_depth is the depth within the branch the row "
        "covers (it may start below 1 or end past the branch's levels: an out-of-depth pick looks deeper)",
        "catalog: the monster's name in fray's data/%s/monsters.json, null when that catalog has none" % folder,
        "name null: a placeholder the game resolves when it places the monster (RANDOM_..., "
        "MONS_ORB_OF_APPROPRIATENESS: the orb kind chosen for Zot in this game)",
        "uniques and vault-placed monsters are not in population[]",
        "left out: the branches branch.cc branch_is_unfinished() names (%s), kept for old saves only"
        % ", ".join(sorted(gone)),
        "Pandemonium: its list serves one random Pan spawn in 40 (the rest come from each floor's own monster "
        "list) and the Orb run's monsters, picked without rarity (mon-pick.cc pick_monster_no_rarity)",
    ]
    out = args.out or os.path.join(ROOT, "data", folder, "branches.json")
    write_rows(out, {"source": where + ", crawl-ref/source/branch-data.h, mon-pick-data.h, branch.cc",
                     "tool": "tools/crawl/branches.py", "notes": notes},
               [("branches", branch_rows), ("population", pop_rows)])
    missing = sorted({r["id"] for r in pop_rows if r["catalog"] is None})
    print("%d branches, %d population rows, %d monsters not in fray's catalog" % (len(branch_rows), len(pop_rows),
                                                                                 len(missing)))


if __name__ == "__main__":
    main()
