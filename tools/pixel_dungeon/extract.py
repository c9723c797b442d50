#!/usr/bin/env python3
"""Extracts Pixel Dungeon 1.9.1's combat facts from the game's Java source.

    tools/pixel_dungeon/extract.py SOURCE [--tag REV] [--out DIR]

SOURCE is the game's checkout: a git repository, bare or not (read at REV,
default HEAD), or a plain source tree (the folder that holds src/); --repo and
--checkout say which (tools/common/source.py). The script
writes DIR/{mobs,weapons,armors,kits}.json (default: tests/golden/pixel_dungeon
of this fray checkout), which tests/rules/pixel_dungeon/catalog_test.cpp holds
every row of data/pixel_dungeon/*.json to, field by field. Run it again after
a change to the game or to this script, and commit its output:

    tools/pixel_dungeon/extract.py /work/.mirror/watabou+pixel-dungeon/repo

How it reads the game (tools/pixel_dungeon/javalite.py): each class is built
the way Java builds it (field initializers, instance initializers and
constructors, base class first), then its methods run on it with Java's
arithmetic (int division truncates, float rounds to 32 bits, (int) casts
truncate). Random.Int / IntRange / NormalIntRange come out as their ranges.
Nothing is typed in by hand: a number in the output is one the game's code
computes, or the script fails.

- Mobs (actors/mobs/**): every concrete Mob class, nested ones included
  ("King.Undead", "Yog.BurningFist", "npcs.Bee"). HT, defenseSkill (the field,
  and defenseSkill(enemy) with enemySeen true and paralysed false), EXP,
  maxLvl, baseSpeed, flying; attackSkill(null), damageRoll(), dr(),
  attackDelay(). A value that reads a state the game changes while it plays
  (Goo's pumpedUp, the brute's enraged) comes out as cases, one per branch.
  A value that reads Dungeon.depth comes out as a table over depths 1..26; a
  mob whose spawn calls adjustStats / spawn with Dungeon.depth (found at its
  call sites) is built that way. The animated statue's numbers also read its
  weapon: they are tabled for every melee weapon at +0. A mob's magic attack
  (a method that calls hit(this, enemy, true)) gives its damage roll, its
  time (spend(...)) and a damage multiplier in water.
- Bestiary.mobClass: the relative weight of each class at each depth, and
  Bestiary.mutable's rare variants (Random.Int(30) == 0: the class it replaces).
- Weapons (items/weapon/melee, missiles, quest/Pickaxe, wands/Wand): name,
  tier, ACU, DLY, STR, min(), max() at every level from -3 to +10, reached by
  calling upgrade() or degrade() on the item as the game does.
- Armors (items/armor/*Armor but ClassArmor): tier, STR and DR() from -3 to +10.
- Kits (actors/hero/HeroClass.init*, initCommon, Hero's constructor): each
  class's starting strength, HT, weapon, thrown weapon and armor.

Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import javalite as J  # noqa: E402
from common import java, source  # noqa: E402
from common.clike import block_end, strip_comments  # noqa: E402
from common.jsonfile import write_json as write  # noqa: E402

PKG = "src/com/watabou/pixeldungeon"
DEPTHS = range(1, 27)
LEVELS = range(-3, 11)


def open_source(args) -> source.Source:
    """The game's source (tools/common/source.py), its Java files listed in `files`."""
    src = source.open_source(args, PKG)
    src.files = [f for f in src.list(PKG) if f.endswith(".java")]
    src.prefetch(src.files)
    return src


def describe(src: source.Source) -> str:
    if src.tree:
        return f"watabou/pixel-dungeon source tree {src.path}"
    return f"watabou/pixel-dungeon @ {src.commit}"


def load_world(src: source.Source) -> tuple[J.World, dict]:
    world = J.World()
    where = {}
    for f in src.files:
        if not f.endswith(".java"):
            continue
        found: dict = {}
        java.parse_file(src.read(f), f, found)
        sub = f[len(PKG) + 1 :]
        for c in found.values():
            if c.kind != "class":
                continue
            # npcs.Bee: the mobs under actors/mobs/npcs keep their package's name, as the catalog does.
            if sub.startswith("actors/mobs/npcs/") and c.dotted.split(".")[0] != "NPC":
                where[c.dotted] = "npcs." + c.dotted
            world.add([c])
    return world, where


def js(v):
    return J.to_json(v)


# --- mobs ----------------------------------------------------------------------------

# Mob methods that change the state the catalog's numbers read, and methods
# that only restore it from a save: their assignments do not make a field a state.
NOT_STATE = {"restoreFromBundle", "storeInBundle"}


def spawn_hooks(src: source.Source, world: J.World) -> dict:
    """Class → (method, source of its argument) for spawns that call
    adjustStats(Dungeon.depth) or spawn(Dungeon.depth) on a new mob."""
    hooks = {}
    for f in src.files:
        text = strip_comments(src.read(f))
        for m in re.finditer(r"\b(\w+)\s*\.\s*(adjustStats|spawn)\s*\(\s*Dungeon\.depth\s*\)", text):
            var, method = m.group(1), m.group(2)
            d = re.search(r"\b(\w+)\s+" + re.escape(var) + r"\s*=", text)
            if d and world.find(d.group(1)):
                hooks[d.group(1)] = (method, f)
    return hooks


def state_fields(world: J.World, name: str, skip: set) -> set:
    out = set()
    for c in world.chain(name):
        out |= J.assigned_fields(c, skip)
    return out


def mob_values(world, name, hooks, depth, weapon=None):
    """The mob built at `depth` (None: Dungeon.depth unknown), with the values
    of its methods."""
    g = {} if depth is None else {"Dungeon.depth": depth}
    methods = {}
    if weapon is not None:
        g.update({"weapon.ACU": weapon["ACU"], "weapon.DLY": weapon["DLY"]})
        methods = {"weapon.min": lambda: weapon["min"], "weapon.max": lambda: weapon["max"]}
    obj = J.Obj(world, name, g, methods=methods)
    hook = hooks.get(name)
    if hook:
        if depth is None:
            # What the spawn's adjustStats / spawn sets is unknown without the depth.
            found = obj.find_method(hook[0], 1)
            for f in J.assigned_in(found[1]):
                obj.fields[f] = J.Unk("set by the spawn from Dungeon.depth")
        else:
            obj.call(hook[0], (depth,))
    skip = NOT_STATE | ({hook[0]} if hook else set())
    state = state_fields(world, name, skip)
    out = {}

    def field(n):
        v = obj.fields.get(n)
        if isinstance(v, J.Unk):
            raise J.Unknown(v.why)
        return v

    def query(method, args=(), bind=None):
        return obj.query(method, args, hide=state, bind=bind)

    for key, get in (
        ("name", lambda: field("name")),
        ("HT", lambda: field("HT")),
        ("defenseSkill", lambda: field("defenseSkill")),
        ("evasion", lambda: query("defenseSkill", (None,), {"enemySeen": True, "paralysed": False})),
        ("attackSkill", lambda: query("attackSkill", (None,))),
        ("damageRoll", lambda: query("damageRoll")),
        ("dr", lambda: query("dr")),
        ("attackDelay", lambda: query("attackDelay")),
        ("EXP", lambda: field("EXP")),
        ("maxLvl", lambda: field("maxLvl")),
        ("baseSpeed", lambda: field("baseSpeed")),
        ("flying", lambda: field("flying")),
    ):
        try:
            out[key] = get()
        except J.Unknown as e:
            out[key] = J.Unk(str(e))
    return obj, out


def method_text(obj: J.Obj, name: str, nargs: int) -> str | None:
    found = obj.method_source(name, nargs)
    if found is None:
        return None
    cls, m = found
    body = " ".join(m.body.split())
    return f"{cls}.{name}: {body}"


def magic_attack(world: J.World, obj: J.Obj, name: str) -> dict | None:
    """A mob's magic attack: the method that calls hit(this, X, true), the
    damage it deals, its time and a multiplier."""
    for cls in reversed(world.chain(name)):
        for m in cls.members:
            if m.kind != "method" or not re.search(r"\bhit\s*\(\s*this\s*,\s*\w+\s*,\s*true\s*\)", m.body):
                continue
            body = strip_comments(m.body)
            dm = re.search(r"\bint\s+dmg\s*=\s*([^;]+);", body) or re.search(
                r"\.damage\s*\(\s*(Random\.\w+\s*\([^)]*\))\s*,", body
            )
            if not dm:
                continue
            roll = obj.query("damageRoll") if dm.group(1).strip() == "damageRoll()" else obj.eval(
                java.parse_expr(dm.group(1)), {}
            )
            # The time: spend(...) in this method, or in the method that calls this one.
            sp = re.search(r"\bspend\s*\(\s*([^;]+?)\s*\)\s*;", body)
            if not sp:
                for other in cls.members:
                    if other.kind == "method" and other is not m and re.search(r"\b" + m.name + r"\s*\(", other.body):
                        sp = re.search(r"\bspend\s*\(\s*([^;]+?)\s*\)\s*;", other.body)
                        if sp:
                            break
            time = obj.eval(java.parse_expr(sp.group(1)), {}) if sp else None
            mult = re.search(r"if\s*\(([^{]*?)\)\s*\{?\s*dmg\s*\*=\s*([0-9.]+f?)\s*;", body)
            # Whether it still attacks in melee: its attack / doAttack hands some attacks to Mob's.
            melee = any(
                re.search(r"\bsuper\s*\.\s*(?:doAttack|attack)\s*\(", x.body)
                for x in cls.members
                if x.kind == "method" and x.name in ("attack", "doAttack")
            )
            out = {
                "method": f"{cls.dotted}.{m.name}",
                "damage": js(roll),
                "time": js(time),
                "melee_too": melee,
            }
            if mult:
                out["multiplier"] = {"when": " ".join(mult.group(1).split()), "factor": js(J._number(mult.group(2)))}
            return out
    return None


def bestiary(src: source.Source) -> tuple[dict, list]:
    text = strip_comments(src.read(f"{PKG}/actors/mobs/Bestiary.java"))
    body = text[text.index("mobClass( int depth )") :]
    weights: dict = {}
    listed = set()
    default = None
    for m in re.finditer(
        r"(case\s+(\d+)\s*:|default\s*:)\s*chances\s*=\s*new\s+float\[\]\s*\{([^}]*)\}\s*;\s*"
        r"classes\s*=\s*new\s+Class<\?>\[\]\s*\{([^}]*)\}\s*;",
        body,
    ):
        chances = [js(J._number(x.strip())) for x in m.group(3).split(",")]
        classes = [x.strip().removesuffix(".class") for x in m.group(4).split(",")]
        if len(chances) != len(classes):
            raise SystemExit("Bestiary: chances and classes differ in length")
        row = dict(zip(classes, chances))
        if m.group(2):
            listed.add(int(m.group(2)))
            weights[int(m.group(2))] = row
        else:
            default = row
    if default is None:
        raise SystemExit("Bestiary: no default case")
    for d in DEPTHS:
        weights.setdefault(d, default)
    mutable = []
    mb = text[text.index("mutable( int depth )") : text.index("mobClass( int depth )")]
    for m in re.finditer(r"cl\s*==\s*(\w+)\.class\s*\)\s*\{\s*cl\s*=\s*(\w+)\.class", mb):
        mutable.append({"replaces": m.group(1), "by": m.group(2)})
    chance = re.search(r"Random\.Int\(\s*(\d+)\s*\)\s*==\s*0", mb)
    for v in mutable:
        v["chance"] = f"1/{chance.group(1)}"
    return weights, mutable


def extract_mobs(src: source.Source, world: J.World, where: dict, weapons: list) -> dict:
    hooks = spawn_hooks(src, world)
    weights, mutable = bestiary(src)
    mobs = []
    names = sorted(
        n
        for n, c in world.by_name.items()
        if c.path.startswith(f"{PKG}/actors/mobs/") and world.derives(n, "Mob") and n != "Mob" and not c.abstract
    )
    for name in names:
        obj, base = mob_values(world, name, hooks, None)
        row = {"class": where.get(name, name), "source": obj.cls.path}
        if len(obj.chain) > 2 and obj.chain[-2].dotted not in ("Mob", "NPC"):
            row["inherits"] = obj.chain[-2].dotted
        if name in hooks:
            row["spawn"] = f"{hooks[name][0]}(Dungeon.depth) ({hooks[name][1].split('/')[-1]})"
        deps = {}
        for key, v in base.items():
            if isinstance(v, J.Unk) and "Dungeon.depth" in v.why or (
                isinstance(v, J.Unk) and "set by the spawn" in v.why
            ):
                deps[key] = None
            elif isinstance(v, J.Unk) and name == "Statue" and "weapon" in v.why:
                deps[key] = None
            else:
                row[key] = js(v) if not isinstance(v, J.Unk) else None
                if isinstance(v, J.Unk):
                    row.setdefault("unknown", {})[key] = v.why
        if isinstance(row.get("name"), list):  # name = cond ? "Goo" : "spawn of Goo"
            row["name"] = row["name"][0]["value"]
        if deps:
            by_depth = {k: [] for k in deps}
            statue = {k: {} for k in deps} if name == "Statue" else None
            for d in DEPTHS:
                if statue is not None:
                    for w in weapons:
                        if w["kind"] != "melee":
                            continue
                        _, vals = mob_values(world, name, hooks, d, w["levels"]["0"] | {"ACU": w["ACU"], "DLY": w["DLY"]})
                        for k in deps:
                            statue[k].setdefault(w["class"], []).append(js(vals[k]))
                else:
                    _, vals = mob_values(world, name, hooks, d)
                    for k in deps:
                        if isinstance(vals[k], J.Unk):
                            raise SystemExit(f"{name}.{k} at depth {d}: {vals[k].why}")
                        by_depth[k].append(js(vals[k]))
            row["by_depth"] = statue if statue is not None else by_depth
        # The source of every value that is not a plain constant, for the reader.
        texts = {}
        for key, method, nargs in (
            ("attackSkill", "attackSkill", 1),
            ("damageRoll", "damageRoll", 0),
            ("dr", "dr", 0),
            ("attackDelay", "attackDelay", 1 - 1),
            ("evasion", "defenseSkill", 1),
        ):
            v = row.get(key)
            if key in deps or isinstance(v, list) or v is None:
                t = method_text(obj, method, nargs)
                if t:
                    texts[key] = t
        if texts:
            row["code"] = texts
        spell = magic_attack(world, obj, name)
        if spell:
            row["magic_attack"] = spell
        row["bestiary"] = {str(d): weights[d][obj.cls.name] for d in DEPTHS if obj.cls.name in weights[d]}
        for v in mutable:
            if v["by"] == obj.cls.name:
                row["rare_variant_of"] = {"class": v["replaces"], "chance": v["chance"]}
        mobs.append(row)
    return {
        "meta": {
            "source": describe(src),
            "script": "tools/pixel_dungeon/extract.py",
            "fields": {
                "evasion": "defenseSkill(enemy) with enemySeen true and paralysed false (a mob that has seen its "
                "enemy)",
                "attackSkill": "attackSkill(null)",
                "damageRoll": "damageRoll(): a roll {roll, min, max} (max inclusive) or a constant",
                "cases": "a list of {when, value}: the value read a state the game changes as it plays",
                "by_depth": "values at Dungeon.depth 1..26 (the animated statue: per melee weapon at +0)",
                "bestiary": "Bestiary.mobClass weights at each depth 1..26 (relative within a depth)",
                "magic_attack": "the method that casts hit(this, enemy, true), its damage, time (spend), "
                "multiplier, and whether the mob attacks in melee too (its attack or doAttack calls Mob's)",
            },
        },
        "mobs": mobs,
    }


# --- items ---------------------------------------------------------------------------


def item_at_level(world: J.World, name: str, level: int):
    obj = J.Obj(world, name)
    for _ in range(abs(level)):
        obj.call("upgrade" if level > 0 else "degrade")
    return obj


def extract_weapons(src: source.Source, world: J.World) -> list:
    out = []
    names = []
    for n, c in world.by_name.items():
        if "." in n or c.abstract:
            continue
        p = c.path[len(PKG) + 1 :]
        if p.startswith(("items/weapon/melee/", "items/weapon/missiles/")) and n not in ("MeleeWeapon",):
            names.append(n)
    names.sort(key=lambda n: (0 if "melee" in world.find(n).path else 1, n))
    names += ["Pickaxe", "Wand"]
    for name in names:
        base = J.Obj(world, name)
        kind = (
            "melee"
            if world.derives(name, "MeleeWeapon")
            else "missile"
            if world.derives(name, "MissileWeapon")
            else "wand"
            if name == "Wand"
            else "weapon"
        )
        row = {
            "class": name,
            "kind": kind,
            "source": base.cls.path,
            "name": js(base.fields.get("name")),
            "tier": js(base.fields.get("tier")) if kind == "melee" else None,
            # A wand is a KindOfWeapon, not a Weapon: no ACU or DLY fields, its factors are the base class's.
            "ACU": js(base.fields.get("ACU") if kind != "wand" else base.call("acuracyFactor", (None,))),
            "DLY": js(base.fields.get("DLY") if kind != "wand" else base.call("speedFactor", (None,))),
            "upgradable": bool(base.call("isUpgradable")),
        }
        levels = {}
        for lvl in LEVELS:
            if lvl != 0 and not row["upgradable"]:
                continue
            try:
                o = item_at_level(world, name, lvl)
                entry = {"min": o.call("min"), "max": o.call("max")}
                if kind != "wand":
                    entry["STR"] = o.fields["STR"]
            except J.Unknown as e:
                raise SystemExit(f"{name} at level {lvl}: {e}")
            levels[str(lvl)] = {k: js(v) for k, v in entry.items()}
        row["levels"] = levels
        out.append(row)
    return out


def extract_armors(world: J.World) -> list:
    out = []
    for n, c in sorted(world.by_name.items()):
        if not c.path.startswith(f"{PKG}/items/armor/") or "." in n or n in ("Armor", "ClassArmor"):
            continue
        if not world.derives(n, "Armor") or world.derives(n, "ClassArmor"):
            continue
        base = J.Obj(world, n)
        levels = {}
        for lvl in LEVELS:
            o = item_at_level(world, n, lvl)
            levels[str(lvl)] = {"DR": js(o.call("DR")), "STR": js(o.fields["STR"])}
        out.append(
            {"class": n, "source": c.path, "name": js(base.fields["name"]), "tier": js(base.fields["tier"]), "levels": levels}
        )
    out.sort(key=lambda a: a["tier"])
    return out


def extract_kits(src: source.Source, world: J.World) -> list:
    """HeroClass.initHero: initCommon, then init<Class>; Hero's constructor sets STR and HT."""
    text = strip_comments(src.read(f"{PKG}/actors/hero/HeroClass.java"))
    hero_text = strip_comments(src.read(f"{PKG}/actors/hero/Hero.java"))
    starting_str = int(re.search(r"STARTING_STR\s*=\s*(\d+)\s*;", hero_text).group(1))
    ctor_text = " ".join(world.find("Hero").constructors()[0].body.split())
    ht = int(re.search(r"HP\s*=\s*HT\s*=\s*(\d+)\s*;", ctor_text).group(1))
    if not re.search(r"\bSTR\s*=\s*STARTING_STR\s*;", ctor_text):
        raise SystemExit("Hero(): STR = STARTING_STR not found")

    def body_of(method: str) -> str:
        i = text.index(f"void {method}(")
        j = text.index("{", i)
        k = block_end(text, j)
        return text[j + 1 : k - 1]

    common = body_of("initCommon")
    out = []
    for cls in ("Warrior", "Mage", "Rogue", "Huntress"):
        b = body_of(f"init{cls}")
        both = common + "\n" + b
        strength = starting_str
        m = re.search(r"hero\.STR\s*=\s*hero\.STR\s*\+\s*(\d+)", b)
        if m:
            strength += int(m.group(1))
        hp = ht
        m = re.search(r"hero\.HT\s*-=\s*(\d+)", b)
        if m:
            hp -= int(m.group(1))
        weapon = re.search(r"belongings\.weapon\s*=\s*new\s+(\w+)\s*\(", both)
        armor = re.search(r"belongings\.armor\s*=\s*new\s+(\w+)\s*\(", both)
        missiles = [
            (mm.group(1), mm.group(2))
            for mm in re.finditer(r"new\s+(\w+)\s*\(\s*(\d*)\s*\)", both)
            if world.find(mm.group(1)) and world.derives(mm.group(1), "MissileWeapon")
        ]
        out.append(
            {
                "class": cls.lower(),
                "str": strength,
                "HT": hp,
                "weapon": weapon.group(1) if weapon else None,
                "armor": armor.group(1) if armor else None,
                "missiles": [{"class": c, "quantity": int(q) if q else 1} for c, q in missiles],
            }
        )
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source.add_arguments(ap, "HEAD", "Pixel Dungeon")
    ap.add_argument(
        "--out",
        default=str(Path(__file__).resolve().parents[2] / "tests" / "golden" / "pixel_dungeon"),
        help="where to write the JSON files",
    )
    a = ap.parse_args(argv)
    src = open_source(a)
    world, where = load_world(src)
    meta = {"source": describe(src), "script": "tools/pixel_dungeon/extract.py"}
    weapons = extract_weapons(src, world)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    write(
        out / "weapons.json",
        {
            "meta": meta
            | {
                "levels": "min(), max() and STR after upgrade() or degrade() from a new item, levels -3..10 "
                "(one level only when the item is not upgradable); not broken",
            },
            "weapons": weapons,
        },
    )
    write(
        out / "armors.json",
        {"meta": meta | {"levels": "DR() (no glyph) and STR from -3 to +10"}, "armors": extract_armors(world)},
    )
    write(out / "kits.json", {"meta": meta, "kits": extract_kits(src, world)})
    write(out / "mobs.json", extract_mobs(src, world, where, weapons))
    return 0


if __name__ == "__main__":
    sys.exit(main())
