#!/usr/bin/env python3
"""Extract the combat facts of every mob class of Shattered Pixel Dungeon 3.3.6.

Reads the game's Java sources (actors/mobs/*.java and actors/mobs/npcs/*.java,
with Char.java, Hero.java and AscensionChallenge.java) and writes, for every
class that extends Mob, what a fight reads of it:

  * the fields its instance initialisers and no-argument constructors set,
    down the class chain (HT, HP, defenseSkill, EXP, maxLvl, baseSpeed,
    flying, properties);
  * attackSkill, defenseSkill, damageRoll, drRoll and attackDelay, each as
    the list of its cases: the value under each combination of the
    conditions the method tests (adjacency, HP, a buff, a state, ...), named
    from a fixed vocabulary (CONDITIONS below; the Java text of each is in
    the output's meta). Rolls are {"normal": [a, b]} (Random.NormalIntRange),
    armour {"terms": [[a, b], ...], "const": c} (Barkskin's always-zero
    term left out);
  * for the mobs whose numbers follow the depth (the wraiths, the mimic, the
    golden bee through the level their spawner passes, the piranha through
    Dungeon.depth), the same facts at each depth 1..26 (`by_depth`);
  * the text of every method it reads, and, where a value is computed from
    something this script does not evaluate (a statue's weapon, a mimic
    variant's alignment trick), the formula's text with the reason
    (`formulas`), from an explicit list: anything else it cannot read stops
    the script with an error naming the file and the method;
  * the NormalIntRange rolls of its other methods (the spells: `other_rolls`)
    and AscensionChallenge.statModifier's factors (`ascension`).

The evaluation is symbolic, in Java's arithmetic: int division truncates,
float products round to binary32, Math.round(float) rounds half up, (int)
truncates. Conditions are never guessed: a condition whose Java text is not
in CONDITIONS, an identifier it cannot resolve, a statement it cannot parse
in a method it reads, or a field read after the method changed it, is an
error. Conditions fray never meets are held at a fixed value (FIXED, listed in
the output's meta with the reason): the Stronger Bosses challenge off, no
Adrenaline, no summoned elemental ally, a mob that has an enemy.

Usage (Python 3, standard library only):

  tools/shattered_pd/extract_mobs.py REPO [--tag TAG] [-o OUT]

REPO is either a checked-out tree of the game (holding core/src/main/java)
or a git repository, read at TAG (default v3.3.6) with git; --repo and
--checkout say which (tools/common/source.py). OUT
defaults to standard output; the committed output is
tests/golden/shattered_pd/mob_classes.json:

  tools/shattered_pd/extract_mobs.py /work/.mirror/00-Evan+shattered-pixel-dungeon/repo \\
      -o tests/golden/shattered_pd/mob_classes.json
"""

import argparse
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the imports
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import source  # noqa: E402
from common.java import (Unreadable, assigns, close, f32, literal, parse_expr, parse_file,  # noqa: E402
                         split_statements, stmt_end, text_of, tokenize, wider)
from common.java import arith as java_arith  # noqa: E402
from common.jsonfile import write_pretty  # noqa: E402

ROOT = "core/src/main/java/com/shatteredpixel/shatteredpixeldungeon"
MOBS = ROOT + "/actors/mobs"


def describe(source):
    if source.tree:
        return "a checked-out tree of 00-Evan/shattered-pixel-dungeon (its version not checked)"
    return "00-Evan/shattered-pixel-dungeon @ %s (tag %s)" % (source.commit, source.tag)


def main_of(script, extract):
    """The command line of extract_mobs.py and extract_items.py: the source
    (tools/common/source.py), then the JSON file to write."""
    ap = argparse.ArgumentParser(description=sys.modules[extract.__module__].__doc__.split("\n\n")[0])
    source.add_arguments(ap, "v3.3.6", "Shattered Pixel Dungeon")
    ap.add_argument("-o", "--output", help="the JSON file to write (default: standard output)")
    args = ap.parse_args()
    try:
        data = extract(source.open_source(args, ROOT))
    except Unreadable as e:
        print("%s: error: %s" % (script, e), file=sys.stderr)
        return 2
    write_pretty(args.output, data)
    return 0


# --- values --------------------------------------------------------------------------------


class Num:
    """A Java number with its type: int, float (binary32) or double."""

    def __init__(self, v, t):
        self.t = t
        self.v = int(v) if t == "int" else (f32(v) if t == "float" else float(v))

    def __repr__(self):
        return "%s:%r" % (self.t, self.v)


def arith(op, a, b):
    """a op b in Java's arithmetic (tools/common/java.py)."""
    try:
        return Num(*java_arith(op, a.v, a.t, b.v, b.t))
    except ZeroDivisionError:
        raise Unreadable("division by zero") from None
    except ValueError:
        raise Unreadable("operator %s" % op) from None


class Roll:
    """Random.NormalIntRange(a, b)."""

    def __init__(self, a, b):
        self.a, self.b = a, b


class Dr:
    """An armour roll: NormalIntRange terms plus a constant (Char.drRoll's Barkskin term left out)."""

    def __init__(self, terms, const):
        self.terms, self.const = terms, const


INFINITE = {"INFINITE_ACCURACY": 1000000, "INFINITE_EVASION": 1000000}


def as_json(v):
    if isinstance(v, Num):
        return v.v
    if isinstance(v, bool):
        return v
    if isinstance(v, Roll):
        return {"normal": [v.a, v.b]}
    if isinstance(v, Dr):
        return {"terms": [list(t) for t in v.terms], "const": v.const}
    raise Unreadable("a value of no known kind: %r" % (v,))


# --- conditions ------------------------------------------------------------------------------

# The conditions the methods test, by their Java text (normalised), and the
# name fray's vocabulary gives each. A condition not listed here stops the script.
CONDITIONS = {
    "Dungeon.level.adjacent(pos,target.pos)": "adjacent",
    "Dungeon.level.adjacent(pos,enemy.pos)": "adjacent",
    "enemy!=null": "has_enemy",
    "target!=null": "has_enemy",
    "HP*2<=HT": "hp_at_most_half",
    "pumpedUp>0": "pumped",
    "buff(BruteRage.class)!=null": "raging",
    "buff(Adrenaline.class)!=null": "adrenaline",
    "summonedALly": "summoned_ally",
    "recovering": "recovering",
    "alignment==Alignment.NEUTRAL": "disguised",
    "target.invisible<=0": "target_visible",
    "enemy.invisible==0": "target_visible",
    "enemySeen": "enemy_seen",
    "state!=SLEEPING": "awake",
    "paralysed==0": "not_paralysed",
    "enemy==this.enemy": "attacker_is_its_enemy",
    "buff(Focus.class)!=null": "focus",
    "Dungeon.isChallenged(Challenges.STRONGER_BOSSES)": "stronger_bosses",
    "surprisedBy(enemy)": "surprised",
    "buff(GuidingLight.Illuminated.class)!=null": "illuminated",
    "alignment==Alignment.ALLY": "ally",
}

# Conditions held at one value: fray never meets the other.
FIXED = {
    "stronger_bosses": (False, "fray plays without challenges (the Stronger Bosses challenge raises bosses' HT)"),
    "adrenaline": (False, "no Adrenaline buff on the mob (Mob.attackDelay divides by 1.5 with it)"),
    "summoned_ally": (False, "no elemental summoned as the hero's ally (Elemental.summonedALly)"),
    "illuminated": (False, "no Guiding Light on the mob (the Cleric's spells are not modelled)"),
    "ally": (False, "the mob is no ally of the hero"),
    "has_enemy": (True, "a mob that attacks or is attacked has an enemy (the null check before the adjacency test)"),
}

# Methods whose value this script does not compute, with the reason; their
# text is kept (`formulas`) for the test to check fray's handling of it.
FORMULAS = {
    ("Statue", "damageRoll"): "the statue's weapon's damageRoll (Weapon.damageRoll for a non-hero: augment rounding)",
    ("Statue", "attackSkill"): "the statue's weapon's accuracyFactor (no STR penalty for a non-hero)",
    ("Statue", "attackDelay"): "the statue's weapon's delayFactor",
    ("Statue", "drRoll"): "the depth and the statue's weapon's defenseFactor (block)",
    ("ArmoredStatue", "drRoll"): "the statue's armour's DRMin-DRMax on top of the statue's roll",
    ("ArmoredStatue", "defenseSkill"): "the statue's armour's evasionFactor",
    ("CrystalMimic", "damageRoll"): "switches alignment around the mimic's roll (a crystal mimic steals rather than "
                                    "bites while disguised)",
    ("EbonyMimic", "damageRoll"): "twice the mimic's roll while disguised, rounded",
    ("MirrorImage", "damageRoll"): "the hero's weapon's roll (an ally)",
    ("MirrorImage", "attackSkill"): "the hero's accuracy (an ally)",
    ("MirrorImage", "defenseSkill"): "the hero's evasion (an ally)",
    ("MirrorImage", "drRoll"): "the hero's armour (an ally)",
    ("MirrorImage", "attackDelay"): "the hero's attack delay (an ally)",
    ("PrismaticImage", "damageRoll"): "the hero's level (an ally)",
    ("PrismaticImage", "attackSkill"): "the hero's accuracy (an ally)",
    ("PrismaticImage", "defenseSkill"): "the hero's evasion (an ally)",
    ("PrismaticImage", "drRoll"): "the hero's armour (an ally)",
    ("Ghost", "defenseSkill"): "an NPC",
    ("Imp", "defenseSkill"): "an NPC",
    ("Blacksmith", "defenseSkill"): "an NPC",
    ("RatKing", "defenseSkill"): "an NPC",
    ("Sheep", "defenseSkill"): "an NPC",
    ("Wandmaker", "defenseSkill"): "an NPC",
}

# The level a spawner passes to a class's setter: checked in the game's text.
SETTERS = {
    "Wraith": ("adjustStats", MOBS + "/Wraith.java", "w.adjustStats(Dungeon.scalingDepth())"),
    "Mimic": ("setLevel", MOBS + "/Mimic.java", "m.setLevel(Dungeon.scalingDepth())"),
    "Bee": ("spawn", ROOT + "/items/Honeypot.java", "bee.spawn(Dungeon.scalingDepth())"),
}

# The methods a fight reads, with the parameter each takes.
STATS = ("attackSkill", "defenseSkill", "damageRoll", "drRoll", "attackDelay")
# The fields initialisers and constructors set that the output keeps.
KEPT_FIELDS = ("HT", "HP", "defenseSkill", "EXP", "maxLvl", "baseSpeed", "flying")


class NeedCondition(Exception):
    def __init__(self, name):
        self.name = name


# --- evaluation ------------------------------------------------------------------------------


class Frame:
    """One evaluation: the object's fields, the method's locals and the conditions decided."""

    def __init__(self, world, cls, fields, when, depth, defining):
        self.world = world
        self.cls = cls            # the concrete class key
        self.fields = fields      # the object's fields (dict of name -> value)
        self.when = when          # condition name -> bool, decided so far on this path
        self.depth = depth        # Dungeon.depth and scalingDepth, or None
        self.defining = defining  # the class whose code runs (for super.)
        self.locals = [{}]
        self.dirty = set()        # fields the method assigned
        self.seen = []            # conditions met, in order

    def lookup(self, name):
        for scope in reversed(self.locals):
            if name in scope:
                return scope[name]
        if name in self.dirty:
            raise Unreadable("the field %s is read after the method changed it" % name)
        if name in self.fields:
            return self.fields[name]
        if name in INFINITE:
            return Num(INFINITE[name], "int")
        raise Unreadable("unknown name %s" % name)


COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
ARITHMETIC = ("+", "-", "*", "/", "%")


def node_text(node):
    """The normalised Java text of a condition leaf (tools/common/java.py's syntax tree)."""
    if node[0] in ("name", "field", "call"):
        return text_of(node.toks).replace(" ", "")
    if node[0] == "bin" and node[1] in COMPARISONS + ARITHMETIC:
        return node_text(node[2]) + node[1] + node_text(node[3])
    if node[0] == "num":
        return node[1]
    raise Unreadable("a condition of no known form: %r" % (node,))


def callee(node):
    """The text of what a call node calls: "Math.round", "super.damageRoll", "attackSkill"."""
    return (node_text(node[1]) + "." if node[1] is not None else "") + node[2]


def logic(truth, frame, node):
    """The truth of the &&, || and ! of conditions, and of true and false; None for a leaf,
    which truth(frame, leaf) decides."""
    if node[0] == "un" and node[1] == "!":
        return not truth(frame, node[2])
    if node[0] == "bin" and node[1] == "&&":
        return truth(frame, node[2]) and truth(frame, node[3])
    if node[0] == "bin" and node[1] == "||":
        return truth(frame, node[2]) or truth(frame, node[3])
    if node[0] == "name" and node[1] in ("true", "false"):
        return node[1] == "true"
    return None


def is_condition(node):
    return (node[0] == "bin" and node[1] in COMPARISONS + ("&&", "||")) or (node[0] == "un" and node[1] == "!")


def cast(v, typ):
    """(int) truncates toward zero; (float) and (double) retype."""
    if not isinstance(v, Num):
        raise Unreadable("a cast of %r" % (v,))
    if typ == "int":
        return Num(int(v.v), "int")
    if typ in ("float", "double"):
        return Num(v.v, typ)
    raise Unreadable("a cast to %s" % typ)


def number(text):
    return Num(*literal(text))


def condition(frame, node):
    """A condition's truth on the current path: &&, ||, ! of named leaves."""
    known = logic(condition, frame, node)
    if known is not None:
        return known
    text = node_text(node)
    if text not in CONDITIONS:
        raise Unreadable("the condition %r is not in the script's vocabulary (CONDITIONS)" % text)
    name = CONDITIONS[text]
    if "HP" in text and "HP" in frame.dirty:
        raise Unreadable("the condition %r reads a field the method changed" % text)
    if name in FIXED:
        return FIXED[name][0]
    if name not in frame.seen:
        frame.seen.append(name)
    if name not in frame.when:
        raise NeedCondition(name)
    return frame.when[name]


def combine(op, a, b):
    """a op b: numbers in Java's arithmetic; armour and a roll or an integer added up."""
    if isinstance(a, Num) and isinstance(b, Num):
        return arith(op, a, b)
    if op == "+":
        if isinstance(a, (Num, Roll)) and isinstance(b, Dr):
            a, b = b, a
        if isinstance(a, Roll) and isinstance(b, Roll):
            return Dr([(a.a, a.b), (b.a, b.b)], 0)
        if isinstance(a, Dr):
            if isinstance(b, Roll):
                return Dr(a.terms + [(b.a, b.b)], a.const)
            if isinstance(b, Dr):
                return Dr(a.terms + b.terms, a.const + b.const)
            if isinstance(b, Num) and b.t == "int":
                return Dr(a.terms, a.const + b.v)
    raise Unreadable("arithmetic %s on rolls" % op)


def value(frame, node):
    op = node[0]
    if op == "num":
        return number(node[1])
    if op == "cond":
        return value(frame, node[2]) if condition(frame, node[1]) else value(frame, node[3])
    if is_condition(node):
        return condition(frame, node)
    if op == "un" and node[1] == "-":
        v = value(frame, node[2])
        if isinstance(v, Num):
            return Num(-v.v, v.t)
        raise Unreadable("negation of a roll")
    if op == "cast":
        return cast(value(frame, node[2]), node[1])
    if op == "bin" and node[1] in ARITHMETIC:
        return combine(node[1], value(frame, node[2]), value(frame, node[3]))
    if op == "name" and "." not in node[1]:
        name = node[1]
        if name in ("true", "false"):
            return name == "true"
        return frame.lookup(name)
    if op in ("name", "field"):
        text = node_text(node)
        if text in ("Dungeon.depth",):
            if frame.depth is None:
                raise NeedDepth()
            return Num(frame.depth, "int")
        if text in INFINITE or text.split(".")[-1] in INFINITE and text.startswith("Char."):
            return Num(INFINITE[text.split(".")[-1]], "int")
        if text.startswith("this."):
            return frame.lookup(text[5:])
        raise Unreadable("unknown name %s" % text)
    if op == "call":
        return call(frame, node)
    raise Unreadable("an expression of no known form")


class NeedDepth(Exception):
    pass


def call(frame, node):
    target, method, args = node[1], node[2], node[3]
    text = callee(node)
    if text == "Random.NormalIntRange":
        if len(args) != 2:
            raise Unreadable("NormalIntRange with %d arguments" % len(args))
        a, b = value(frame, args[0]), value(frame, args[1])
        if args[1][0] == "call" and node_text(args[1]) == "Barkskin.currentLevel(this)":
            return Dr([], 0)  # Char.drRoll's Barkskin term: NormalIntRange(0, 0) without the buff
        if not (isinstance(a, Num) and isinstance(b, Num) and a.t == b.t == "int"):
            raise Unreadable("NormalIntRange of non-integers")
        return Roll(a.v, b.v)
    if text == "Barkskin.currentLevel":
        return Num(0, "int")
    if text == "Dungeon.scalingDepth":
        if frame.depth is None:
            raise NeedDepth()
        return Num(frame.depth, "int")
    if text == "Math.round":
        v = value(frame, args[0])
        if not isinstance(v, Num) or v.t == "int":
            raise Unreadable("Math.round of a non-float")
        return Num(math.floor(v.v + 0.5), "int")
    if text in ("Math.max", "Math.min"):
        a, b = value(frame, args[0]), value(frame, args[1])
        if not (isinstance(a, Num) and isinstance(b, Num)):
            raise Unreadable("%s of a roll" % text)
        pick = max if text == "Math.max" else min
        return Num(pick(a.v, b.v), wider(a.t, b.t))
    if target is not None and target[0] == "name" and target[1] == "super":
        return frame.world.run_method(frame, method, super_of=frame.defining)
    if target is None and method in STATS:
        return frame.world.run_method(frame, method, super_of=None)
    raise Unreadable("a call of %s" % text)


# --- statements --------------------------------------------------------------------------------


class Return(Exception):
    def __init__(self, v):
        self.v = v


PRIMITIVES = {"int", "float", "double", "boolean", "long"}


def has_return(tokens):
    return any(t == "return" for _, t in tokens)


def run_block(frame, tokens, where, side_effects, tracked=None):
    """Runs statements; `tracked`: for initialisers, the fields a skipped statement may not touch."""
    for st in split_statements(tokens, where):
        run_statement(frame, st, where, side_effects, tracked)


def run_statement(frame, st, where, side_effects, tracked):
    words = [t for _, t in st]
    head = words[0]
    if head == "{":
        frame.locals.append({})
        run_block(frame, st[1:-1], where, side_effects, tracked)
        frame.locals.pop()
        return
    if head == "return":
        expr = st[1:-1]
        raise Return(value(frame, parse_expr(expr, where)) if expr else None)
    if head == "if":
        cond_end = close(st, 1)
        cond = parse_expr(st[2:cond_end - 1], where)
        then_end = stmt_end(st, cond_end, where)
        then = st[cond_end:then_end]
        other = st[then_end + 1:] if then_end < len(st) and st[then_end][1] == "else" else []
        locals_now = set().union(*[set(s) for s in frame.locals])
        effect_only = not has_return(st) and not (assigns(st) & (locals_now | set(KEPT_FIELDS) | {"properties"}))
        if effect_only:
            side_effects.append(text_of(st))
            frame.dirty |= assigns(st)
            return
        if condition(frame, cond):
            run_statement(frame, then, where, side_effects, tracked)
        elif other:
            run_statement(frame, other, where, side_effects, tracked)
        return
    if head in ("while", "for", "switch", "try", "do", "synchronized"):
        if tracked is not None and not (set(words) & tracked):
            side_effects.append(text_of(st))
            return
        raise Unreadable("%s: a %s statement" % (where, head))
    if head == "super" and words[1] == "(":
        return
    # a local declaration: Type name [= expr];
    k = 0
    if words[0] == "final":
        k = 1
    if (words[k] in PRIMITIVES or (st[k][0] == "ident" and words[k][0].isupper())) and st[k + 1][0] == "ident" \
            and words[k + 2] in ("=", ";"):
        name = words[k + 1]
        v = value(frame, parse_expr(st[k + 3:-1], where)) if words[k + 2] == "=" else None
        if v is not None and words[k] in ("float", "double") and isinstance(v, Num):
            v = Num(v.v, words[k])
        frame.locals[-1][name] = v
        return
    # an assignment chain: a = b = expr; or a op= expr;
    if not any(t in ("=", "+=", "-=", "*=", "/=") for t in words):
        # a call for its effects (properties.add(...), Sample.play(...), ...)
        if words[:4] == ["properties", ".", "add", "("]:
            prop = text_of(st[4:-2]).replace(" ", "")
            prop = prop[5:] if prop.startswith("Char.Property.") else prop
            if not prop.startswith("Property."):
                raise Unreadable("%s: properties.add(%s)" % (where, prop))
            props = list(frame.fields.get("properties", []))
            if prop[9:] not in props:
                props.append(prop[9:])
            frame.fields["properties"] = props
            return
        if words[:4] == ["properties", ".", "remove", "("]:
            prop = text_of(st[4:-2]).replace(" ", "")
            props = list(frame.fields.get("properties", []))
            if not prop.startswith("Property.") or prop[9:] not in props:
                raise Unreadable("%s: properties.remove(%s) of a property it does not have" % (where, prop))
            props.remove(prop[9:])
            frame.fields["properties"] = props
            return
        is_super = words[:2] == ["super", "."] and len(words) > 3 and words[3] == "("
        called = words[2] if is_super else words[0]
        owner = None
        if tracked is not None and (is_super or (st[0][0] == "ident" and words[1] == "(")):
            owner = frame.world.method_owner(frame.cls, called, super_of=frame.defining if is_super else None)
        if owner is not None:
            # a setter calling another method of the object (Mimic.setLevel: adjustStats(level))
            node = parse_expr(st[:-1], where)
            params, body = frame.world.classes[owner].methods[called][0]
            names = [t for _, t in params if _ == "ident"][1::2]
            sub = Frame(frame.world, frame.cls, frame.fields, frame.when, frame.depth, owner)
            sub.locals[0] = {n: value(frame, a) for n, a in zip(names, node[3])}
            try:
                run_block(sub, body, "%s.%s" % (owner, called), side_effects, tracked)
            except Return:
                pass
            return
        if tracked is not None and set(words) & tracked:
            raise Unreadable("%s: a statement touching %s: %s" % (where, sorted(set(words) & tracked), text_of(st)))
        side_effects.append(text_of(st))
        return
    # an assignment chain: a = b = ... = expr (or one a op= expr)
    chain = []
    rest = st[:-1]
    while True:
        idx = next((n for n, tok in enumerate(rest) if tok[1] in ("=", "+=", "-=", "*=", "/=")), None)
        if idx is None:
            break
        name = text_of(rest[:idx]).replace(" ", "")
        chain.append((name[5:] if name.startswith("this.") else name, rest[idx][1]))
        rest = rest[idx + 1:]
    local = [any(n in s for s in frame.locals) for n, _ in chain]
    keep = [n in tracked for n, _ in chain] if tracked is not None else [False] * len(chain)
    if not any(local) and not any(keep):
        # a field the fight does not read, or (in a method) a field changed for later turns
        if tracked is None:
            frame.dirty |= {n for n, _ in chain}
        side_effects.append(text_of(st))
        return
    v = value(frame, parse_expr(rest, where))
    for (name, op), is_local in reversed(list(zip(chain, local))):
        if op != "=":
            old = frame.lookup(name)
            v = combine(op[0], old, v)
            if isinstance(old, Num) and isinstance(v, Num) and old.t != v.t:
                v = Num(v.v, old.t)  # a compound assignment casts back
        if is_local:
            next(s for s in reversed(frame.locals) if name in s)[name] = v
        elif tracked is not None:
            frame.fields[name] = v
        else:
            frame.dirty.add(name)


# --- the world: classes, chains, evaluation per class ---------------------------------------------


class Classes:
    """The classes (and enums, with `kinds`) of the files at `paths`, by key, the simple
    names they go by (by_simple), and Hero.MAX_LEVEL (max_level). chain() follows a
    class's bases among them: up to the first base not read, or, with `strict`, to Char
    (a base not read is then an error)."""

    strict = False

    def __init__(self, source, paths, kinds=("class",)):
        self.source = source
        self.classes = {}
        for path in paths:
            parse_file(source.read(path), path, self.classes)
        self.classes = {k: c for k, c in self.classes.items() if c.kind in kinds}
        hero = source.read(ROOT + "/actors/hero/Hero.java")
        m = re.search(r"public static final int MAX_LEVEL\s*=\s*(\d+)\s*;", hero)
        if not m:
            raise Unreadable("actors/hero/Hero.java: MAX_LEVEL not found")
        self.max_level = int(m.group(1))
        self.by_simple = {}
        for key, c in self.classes.items():
            self.by_simple.setdefault(c.name, []).append(key)

    def resolve(self, cls, name):
        """The key of the class a simple or dotted name (Mob.Hunting) means, seen from `cls`
        (None: not read): one nested in the same outer class, else the one top-level class."""
        if "." in name:
            key = name.replace(".", "$")
            return key if key in self.classes else None
        keys = self.by_simple.get(name, [])
        if len(keys) <= 1:
            return keys[0] if keys else None
        outer = cls.key.split("$")[0]
        for k in keys:
            if k.startswith(outer + "$") or k == outer:
                return k
        top = [k for k in keys if "$" not in k]
        if len(top) == 1:
            return top[0]
        raise Unreadable("%s: the class name %s is ambiguous" % (cls.path, name))

    def chain(self, key):
        """The class and its ancestors among the classes read."""
        out = [key]
        c = self.classes[key]
        while c.base:
            b = self.resolve(c, c.base)
            if b is None:
                if self.strict:
                    raise Unreadable("%s: its base class %s is not among the classes read" % (c.path, c.base))
                break
            out.append(b)
            c = self.classes[b]
            if self.strict and c.name == "Char":
                break
        return out


class World(Classes):
    """The mob classes (actors/mobs/**) and Char."""

    strict = True

    def __init__(self, source):
        super().__init__(source, [p for p in source.list(MOBS) if p.endswith(".java")] + [ROOT + "/actors/Char.java"])

    def is_mob(self, key):
        try:
            return "Mob" in [self.classes[k].name for k in self.chain(key)] and self.classes[key].name != "Mob"
        except Unreadable:
            return False

    def field_defaults(self, chain):
        fields = {}
        for key in reversed(chain):
            c = self.classes[key]
            for name, init in c.fields.items():
                if name not in KEPT_FIELDS or init is None:
                    if name in KEPT_FIELDS and name not in fields:
                        fields[name] = Num(0, "int")
                    continue
                text = text_of(init).replace(" ", "")
                if text == "Hero.MAX_LEVEL-1":
                    fields[name] = Num(self.max_level - 1, "int")
                    continue
                frame = Frame(self, key, fields, {}, None, key)
                fields[name] = value(frame, parse_expr(init, c.path))
        return fields

    def construct(self, key, depth, when):
        """The object's fields after its initialisers and no-argument constructors, root first."""
        chain = self.chain(key)
        fields = self.field_defaults(chain)
        skipped = []
        for k in reversed(chain):
            c = self.classes[k]
            frame = Frame(self, key, fields, when, depth, k)
            for block in c.inits:
                run_block(frame, block, "%s initialiser" % c.key, skipped, tracked=set(KEPT_FIELDS) | {"properties"})
            if c.ctor:
                run_block(frame, c.ctor, "%s()" % c.key, skipped, tracked=set(KEPT_FIELDS) | {"properties"})
        return fields

    def method_owner(self, key, name, super_of=None):
        chain = self.chain(key)
        start = 0
        if super_of is not None:
            start = chain.index(super_of) + 1
        for k in chain[start:]:
            if name in self.classes[k].methods:
                return k
        return None

    def run_method(self, frame, name, super_of):
        owner = self.method_owner(frame.cls, name, super_of)
        if owner is None:
            raise Unreadable("%s: no method %s" % (frame.cls, name))
        if (self.classes[owner].key, name) in FORMULAS:
            raise Formula(owner, name)
        bodies = self.classes[owner].methods[name]
        body = bodies[0][1]
        sub = Frame(self, frame.cls, frame.fields, frame.when, frame.depth, owner)
        sub.dirty = frame.dirty
        sub.seen = frame.seen
        # parameters come in as names the conditions know (target, enemy)
        effects = []
        try:
            run_block(sub, body, "%s.%s" % (owner, name), effects)
        except Return as r:
            return r.v
        raise Unreadable("%s.%s: no value returned" % (owner, name))

    def setter(self, key, fields, depth, when):
        """Runs the class's level setter with the level its spawner passes (the depth)."""
        for k in self.chain(key):
            name = self.classes[k].name
            if name in SETTERS:
                if depth is None:
                    raise NeedDepth()
                method, path, call_text = SETTERS[name]
                owner = self.method_owner(key, method)
                params, body = self.classes[owner].methods[method][0]
                pname = [t for _, t in params][-1]
                frame = Frame(self, key, fields, when, depth, owner)
                frame.locals[0][pname] = Num(depth, "int")
                fields["level"] = Num(depth, "int")
                effects = []
                try:
                    run_block(frame, body, "%s.%s" % (owner, method), effects, tracked=set(KEPT_FIELDS) | {"level"})
                except Return:
                    pass
                # `this.level = level` in the body lands in fields via the chain assignment
                return True
        return False

    def check_setters(self):
        for name, (method, path, call_text) in SETTERS.items():
            text = text_of(tokenize(self.source.read(path), path)).replace(" ", "")
            if call_text.replace(" ", "") not in text:
                raise Unreadable("%s: the spawner's call %s is not there: the level of %s is unknown" %
                                 (path, call_text, name))


class Formula(Exception):
    def __init__(self, owner, name):
        self.owner, self.name = owner, name


def method_text(world, key, name):
    owner = world.method_owner(key, name)
    if owner is None:
        return None, None
    return owner, text_of(world.classes[owner].methods[name][0][1])


def cases_of(world, key, fields, depth, name):
    """Every case of a stat method: [(conditions, value)], conditions only those met on the path."""
    done = []
    todo = [{}]
    while todo:
        when = todo.pop()
        frame = Frame(world, key, dict(fields), when, depth, key)
        try:
            v = world.run_method(frame, name, None)
        except Unreadable as e:
            raise Unreadable("%s: %s.%s: %s" % (world.classes[key].path[len(ROOT) + 1:], world.classes[key].key,
                                                name, e))
        except NeedCondition as n:
            todo.append(dict(when, **{n.name: False}))
            todo.append(dict(when, **{n.name: True}))
            continue
        used = {c: when[c] for c in frame.seen if c in when}
        if isinstance(v, Num) and name == "drRoll":
            v = Dr([], v.v)
        if isinstance(v, Roll) and name == "drRoll":
            v = Dr([(v.a, v.b)], 0)
        done.append((used, v))
    # the same path reached twice (a condition decided but unused) is one case
    out, keys = [], set()
    for when, v in sorted(done, key=lambda c: json.dumps(c[0], sort_keys=True)):
        k = json.dumps(when, sort_keys=True)
        if k not in keys:
            keys.add(k)
            out.append({"when": when, "value": as_json(v)})
    return out


def other_rolls(world, key):
    """NormalIntRange calls with literal bounds in methods other than the stats, down the chain."""
    out = []
    for k in world.chain(key):
        c = world.classes[k]
        for name, bodies in c.methods.items():
            if name in STATS:
                continue
            for _, body in bodies:
                toks = [t for _, t in body]
                for n in range(len(toks) - 7):
                    if toks[n:n + 4] == ["Random", ".", "NormalIntRange", "("] and toks[n + 5] == "," \
                            and toks[n + 7] == ")" and toks[n + 4].isdigit() and toks[n + 6].isdigit():
                        out.append({"class": c.key, "method": name, "normal": [int(toks[n + 4]), int(toks[n + 6])]})
    return out


def facts_at(world, key, depth):
    try:
        fields = world.construct(key, depth, {})
        world.setter(key, fields, depth, {})
    except NeedCondition as n:
        raise Unreadable("%s: %s: its initialisers test the condition %s, which is not fixed (FIXED)" %
                         (world.classes[key].path[len(ROOT) + 1:], world.classes[key].key, n.name))
    out = {"fields": {}}
    for f in KEPT_FIELDS:
        if f in fields:
            out["fields"][f] = as_json(fields[f])
    out["fields"]["properties"] = fields.get("properties", [])
    stats, formulas = {}, {}
    for name in STATS:
        owner, _ = method_text(world, key, name)
        if owner is None:
            continue
        try:
            stats[name] = cases_of(world, key, fields, depth, name)
        except Formula as f:
            formulas[name] = {"defined_in": world.classes[f.owner].key, "method": f.name,
                              "why": FORMULAS[(world.classes[f.owner].key, f.name)]}
    out["stats"] = stats
    if formulas:
        out["formulas"] = formulas
    return out


def challenge_variants(world, key):
    """The fields a fixed condition's other value would give (the Stronger Bosses HT)."""
    out = {}
    for name, (fixed, _) in FIXED.items():
        if name != "stronger_bosses":
            continue
        saved = FIXED[name]
        FIXED[name] = (not fixed, saved[1])
        try:
            other = world.construct(key, None, {})
        except NeedDepth:
            other = None
        finally:
            FIXED[name] = saved
        if other is None:
            continue
        base = world.construct(key, None, {})
        diff = {f: as_json(other[f]) for f in ("HT", "HP") if f in other and as_json(other[f]) != as_json(base[f])}
        if diff:
            out[name] = diff
    return out


def ascension(source):
    path = ROOT + "/actors/buffs/AscensionChallenge.java"
    text = source.read(path)
    pairs = re.findall(r"modifiers\.put\(\s*(\w+)\.class\s*,\s*([0-9.]+)f\s*\)\s*;", text)
    if len(pairs) < 20:
        raise Unreadable("%s: fewer than 20 modifiers.put(...) lines (%d)" % (path, len(pairs)))
    return {cls: float(f32(float(v))) for cls, v in pairs}


def extract(source):
    world = World(source)
    world.check_setters()
    classes = {}
    texts = {}
    for key in sorted(world.classes):
        c = world.classes[key]
        if not c.path.startswith(MOBS) or not world.is_mob(key):
            continue
        entry = {
            "file": c.path[len(ROOT) + 1:],
            "extends": c.base,
            "chain": [world.classes[k].key for k in world.chain(key)],
            "abstract": c.abstract,
        }
        defined = {}
        for name in STATS:
            owner, text = method_text(world, key, name)
            if owner is not None:
                defined[name] = world.classes[owner].key
                texts["%s.%s" % (world.classes[owner].key, name)] = text
        entry["defined_in"] = defined
        try:
            entry.update(facts_at(world, key, None))
            entry["depth_scaled"] = any(world.classes[k].name in SETTERS for k in world.chain(key))
        except NeedDepth:
            entry["depth_scaled"] = True
        if entry["depth_scaled"]:
            entry.pop("fields", None)
            entry.pop("stats", None)
            entry.pop("formulas", None)
            entry["by_depth"] = {str(d): facts_at(world, key, d) for d in range(1, 27)}
        variants = challenge_variants(world, key) if not entry["depth_scaled"] else {}
        if variants:
            entry["challenge_variants"] = variants
        entry["other_rolls"] = other_rolls(world, key)
        classes[key] = entry
    meta = {
        "source": describe(source),
        "generated_by": "tools/shattered_pd/extract_mobs.py",
        "about": "Every class extending Mob under actors/mobs: fields after initialisers and no-argument "
                 "constructors; attackSkill, defenseSkill, damageRoll, drRoll, attackDelay as cases over the "
                 "conditions each tests; depth-scaled classes by depth 1..26. Values: numbers, "
                 "{normal: [a, b]} for Random.NormalIntRange, {terms: [[a, b]...], const: c} for armour "
                 "(Char.drRoll's Barkskin term, 0 without the buff, left out). defenseSkill is Mob.defenseSkill "
                 "when the mob is aware and free to dodge (its surprise, paralysis, ally and Illuminated cases "
                 "give 0 and are fray's surprise rules).",
        "conditions": {v: sorted(k for k, n in CONDITIONS.items() if n == v) for v in sorted(set(CONDITIONS.values()))},
        "fixed": {k: {"value": v, "why": why} for k, (v, why) in FIXED.items()},
        "setters": {k: {"method": m, "call": c, "in": p[len(ROOT) + 1:]} for k, (m, p, c) in SETTERS.items()},
        "hero_max_level": world.max_level,
    }
    return {"meta": meta, "ascension": ascension(source), "classes": classes,
            "methods": {k: texts[k] for k in sorted(texts)}}


def main():
    return main_of("extract_mobs.py", extract)


if __name__ == "__main__":
    sys.exit(main())
