#!/usr/bin/env python3
"""Extract the combat facts of every weapon and armour class of Shattered Pixel Dungeon 3.3.6.

Reads the game's Java sources (items/weapon/melee/*.java, items/weapon/missiles/**.java,
items/weapon/SpiritBow.java and items/armor/*.java, with Item.java, EquipableItem.java,
KindOfWeapon.java and Weapon.java for the methods they inherit) and writes, for every
class whose chain reaches KindOfWeapon or Armor:

  * the fields its field initialisers, instance initialisers and constructors set, down
    the class chain, `super(...)` arguments included (tier, ACC, DLY, RCH; baseUses and
    sticky for thrown weapons);
  * for a weapon, at each upgrade level 0..30 (the item's `level` field), the values of
    the methods a fight calls on it, evaluated through the class chain as the game
    dispatches them: min(), max(), STRReq() and defenseFactor(hero) (the block); every
    overriding min(int)/max(int)/STRReq(int)/DRMax(int) is followed;
  * for the spirit bow, whose numbers follow the hero, the same at each hero level
    1..Hero.MAX_LEVEL and each Ring of Sharpshooting bonus 0..3 (its level() included);
  * for an armour, at each level 0..30 and under each Armor.Augment (NONE, EVASION,
    DEFENSE): DRMin(), DRMax(), STRReq() and the augment's evasion term
    augment.evasionFactor(buffedLvl()) that Armor.evasionFactor adds;
  * the surprise fraction of the sneak weapons (dagger, dirk, assassin's blade, kunai,
    throwing knife): damageRoll's NormalIntRange(min() + Math.round(diff*f), max())
    branch, whose whole text must match the form SNEAK below;
  * the factors of Weapon.Augment (damage, delay) and Armor.Augment (evasion, defence),
    read by running the enums' constructors;
  * where a class (other than the base classes BASES) overrides a method a fight calls
    that this script does not evaluate (damageRoll, accuracyFactor, delayFactor, proc,
    ...), the reason, from an explicit list (OVERRIDES): anything else it cannot read
    stops the script with an error naming the file and the method;
  * the text of every method it reads or lists (`methods`).

The evaluation is Java's arithmetic: int division truncates, float products round to
binary32, Math.round(float) rounds half up, (int) truncates, Math.sqrt in double.
Conditions are never guessed: a comparison of numbers is computed, and any other
condition must be in FIXED, which holds each at the value fray plays with (a new item of
the hero's, no challenge, no Degrade, no Potion of Mastery or Curse Infusion on it, no
crossbow equipped for the darts), listed in the output's meta with the reason.

Usage (Python 3, standard library only; the Java reader is tools/common/java.py, Shattered's
number model and class index extract_mobs.py's, imported from this folder):

  tools/shattered_pd/extract_items.py REPO [--tag TAG] [-o OUT]

REPO is either a checked-out tree of the game (holding core/src/main/java) or a git
repository, read at TAG (default v3.3.6) with git; --repo and --checkout say which
(tools/common/source.py). OUT defaults to standard
output; the committed output is tests/golden/shattered_pd/item_classes.json:

  tools/shattered_pd/extract_items.py /work/.mirror/00-Evan+shattered-pixel-dungeon/repo \\
      -o tests/golden/shattered_pd/item_classes.json
"""

import math
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import extract_mobs as jv  # noqa: E402  (Shattered's number model, class index and condition texts)

ROOT = jv.ROOT
ITEMS = ROOT + "/items"
MELEE = ITEMS + "/weapon/melee"
MISSILES = ITEMS + "/weapon/missiles"
BOW = ITEMS + "/weapon/SpiritBow.java"
ARMOR = ITEMS + "/armor"
SUPPORT = [ITEMS + "/Item.java", ITEMS + "/EquipableItem.java", ITEMS + "/KindOfWeapon.java",
           ITEMS + "/weapon/Weapon.java"]

Unreadable = jv.Unreadable
Num = jv.Num

LEVELS = list(range(0, 31))   # upgrade levels evaluated
SHARPSHOOTING = [0, 1, 2, 3]  # Ring of Sharpshooting bonuses evaluated for the spirit bow

# The classes whose methods are the general rules fray implements (attack.cpp,
# catalog.cpp); an override in any other class is a class's own rule.
BASES = {"Item", "EquipableItem", "KindOfWeapon", "Weapon", "MeleeWeapon", "MissileWeapon", "Armor"}

# The fields kept, with their Java type (a field declared without an initialiser is 0).
KEPT = {"tier": "int", "ACC": "float", "DLY": "float", "RCH": "int", "baseUses": "float", "sticky": "boolean",
        "level": "int", "augment": "enum"}

# Conditions held at one value, by their Java text (spaces removed): fray never meets the other.
FIXED = {
    "Dungeon.hero!=null": (True, "the item is the hero's (a game is under way)"),
    "Dungeon.hero==null": (False, "the item is the hero's (a game is under way)"),
    "Dungeon.hero.buff(Degrade.class)!=null": (False, "no Degrade debuff on the hero"),
    "evaluatingTwinUpgrades": (False, "MeleeWeapon.buffedLvl's guard: not inside its own Twin Upgrades check"),
    "isEquipped(Dungeon.hero)": (True, "the weapon the hero fights with"),
    "Dungeon.hero.hasTalent(Talent.TWIN_UPGRADES)": (False, "no Twin Upgrades talent (the Champion's)"),
    "curseInfusionBonus": (False, "no Curse Infusion on the item"),
    "masteryPotionBonus": (False, "no Potion of Mastery used on the item (STR requirement -2)"),
    "Dungeon.isChallenged(Challenges.NO_ARMOR)": (False, "fray plays without challenges (Faith is my Armor)"),
    "parent!=null": (False, "the thrown weapon itself, not a copy thrown from its stack (which takes the stack's "
                            "level: the same)"),
    "bow!=null": (False, "darts thrown by hand: no crossbow equipped (with one, Dart.min/max are the "
                         "crossbow's dartMin/dartMax; the catalog's crossbow row says so in its notes)"),
}

# The methods a fight calls on a weapon or armour that this script does not evaluate:
# an override of one of them outside BASES must be listed in OVERRIDES.
WATCHED = ("damageRoll", "accuracyFactor", "adjacentAccFactor", "delayFactor", "baseDelay", "speedMultiplier",
           "reachFactor", "castDelay", "proc", "evasionFactor", "speedFactor")

DUELIST = "the Duelist's weapon ability"
TIPPED = "a tipped dart's effect on hit"
ALLIES = "deals no damage to an ally (a tipped dart that helps)"
OVERRIDES = {
    ("Flail", "damageRoll"): "adds the spin ability's bonus (%s)" % DUELIST,
    ("Flail", "accuracyFactor"): "infinite while the spin ability is charged (%s)" % DUELIST,
    ("Crossbow", "accuracyFactor"): "infinite for the charged shot (%s)" % DUELIST,
    ("Crossbow", "proc"): "the charged shot knocks the target back (%s)" % DUELIST,
    ("MagesStaff", "proc"): "the imbued wand's on-hit effect (the Battlemage)",
    ("MagesStaff", "reachFactor"): "one more cell with a wand of disintegration for the Battlemage",
    ("Bolas", "proc"): "cripples the target",
    ("FishingSpear", "proc"): "against a piranha, damage at least half its HP",
    ("Tomahawk", "proc"): "bleeding: augment.damageFactor(NormalFloat(3 + lvl/2, 6 + lvl))",
    ("ForceCube", "castDelay"): "thrown onto an empty cell it still takes the weapon's delay (it bursts there)",
    ("Shuriken", "castDelay"): "thrown in no time unless its cooldown tracker is up",
    ("HeavyBoomerang", "adjacentAccFactor"): "x1.5 on its return flight, adjacent or not",
    ("Dart", "accuracyFactor"): "infinite for a crossbow's charged shot (%s)" % DUELIST,
    ("Dart", "proc"): "a crossbow's enchantment and charged shot",
    ("AdrenalineDart", "proc"): TIPPED, ("AdrenalineDart", "damageRoll"): ALLIES,
    ("BlindingDart", "proc"): TIPPED, ("ChillingDart", "proc"): TIPPED,
    ("CleansingDart", "proc"): TIPPED, ("CleansingDart", "damageRoll"): ALLIES,
    ("DisplacingDart", "proc"): TIPPED,
    ("HealingDart", "proc"): TIPPED, ("HealingDart", "damageRoll"): ALLIES,
    ("HolyDart", "proc"): TIPPED, ("HolyDart", "damageRoll"): ALLIES,
    ("IncendiaryDart", "proc"): TIPPED, ("ParalyticDart", "proc"): TIPPED, ("PoisonDart", "proc"): TIPPED,
    ("RotDart", "proc"): TIPPED, ("ShockingDart", "proc"): TIPPED,
    ("SpiritBow", "proc"): "Nature's Power's plant effects (the Warden)",
    ("SpiritBow", "damageRoll"): "the Sniper's special shot (its multipliers); otherwise the augment, then the "
                                 "excess-STR bonus, as MeleeWeapon.damageRoll",
    ("SpiritBow", "baseDelay"): "the Sniper's special shot (its delays)",
    ("SpiritBow", "speedMultiplier"): "Nature's Power (the Warden)",
}

# Classes not evaluated, with the reason (their texts are kept).
NOT_EVALUATED = {
    "Armor": "the base class: its one constructor takes the tier each armour passes (Armor(int tier))",
    "SpiritBow$SpiritArrow": "the spirit bow's arrow: its damage, STR requirement and delay are the bow's "
                             "(SpiritBow.this.damageRoll, STRReq, delayFactor)",
}

# A sneak weapon's damageRoll (Dagger.damageRoll's form): on a surprise attack by the
# hero, NormalIntRange(min() + Math.round(diff*f), max()); f is the fraction.
SNEAK_FORM = ("if(owner instanceof Hero) { Hero hero=(Hero)owner; Char enemy=hero.attackTarget(); "
              "if(enemy instanceof Mob&&((Mob)enemy).surprisedBy(hero)) { int diff=max()-min(); "
              "int damage=augment.damageFactor(Hero.heroDamageIntRange(min()+Math.round(diff*FRACTION),max())); "
              "int exStr=hero.STR()-STRReq(); if(exStr>0) { damage+=Hero.heroDamageIntRange(0,exStr); } "
              "return damage; } } return super.damageRoll(owner);")
SNEAK = re.compile("^" + re.escape(SNEAK_FORM).replace("FRACTION", "(?P<f>[0-9.]+f)") + "$")

# Armor.evasionFactor's last statement: the augment's term this script evaluates.
EVASION_TERM = "augment.evasionFactor(buffedLvl())"
EVASION_RETURN = "return evasion+augment.evasionFactor(buffedLvl());"


# --- values -------------------------------------------------------------------------------


class Obj:
    """A Java object: its class and the fields this script keeps."""

    def __init__(self, key, fields=None):
        self.key = key
        self.fields = fields if fields is not None else {}


HERO = Obj("Hero")   # the owner passed to defenseFactor(Char owner)


class Context:
    def __init__(self, hero_level=None, sharpshooting=0):
        self.hero_level = hero_level        # Dungeon.hero.lvl (read by the spirit bow only)
        self.sharpshooting = sharpshooting  # RingOfSharpshooting.levelDamageBonus(Dungeon.hero)


class Return(Exception):
    def __init__(self, v):
        self.v = v


def convert(v, typ, where):
    """A value assigned or passed to a variable of type `typ` (widening only, as javac allows)."""
    if typ in ("int", "long", "short", "byte"):
        if not (isinstance(v, Num) and v.t == "int"):
            raise Unreadable("%s: %r given to an int" % (where, v))
        return v
    if typ in ("float", "double"):
        if not isinstance(v, Num):
            raise Unreadable("%s: %r given to a %s" % (where, v, typ))
        if v.t == "double" and typ == "float":
            raise Unreadable("%s: a double given to a float" % where)
        return Num(v.v, typ)
    if typ == "boolean":
        if not isinstance(v, bool):
            raise Unreadable("%s: %r given to a boolean" % (where, v))
    return v


def params_of(tokens):
    """[(type, name)] of a parameter list (annotations and `final` dropped)."""
    out, cur = [], []
    for kind, t in tokens + [("op", ",")]:
        if t == "," and cur:
            words = [w for w in cur if w not in ("final",)]
            out.append((words[-2] if len(words) >= 2 else None, words[-1]))
            cur = []
        elif t not in ("@",):
            cur.append(t)
    return out


def java_round(v):
    """Math.round: an int argument is widened to float (Math.round(float)), ties round up."""
    if not isinstance(v, Num):
        raise Unreadable("Math.round of %r" % (v,))
    x = jv.f32(float(v.v)) if v.t == "int" else v.v
    return Num(math.floor(x + 0.5), "int")


# --- the world: classes, enums, chains -------------------------------------------------------


class World(jv.Classes):
    """The weapon and armour classes and enums, with the classes they inherit from (SUPPORT)."""

    def __init__(self, source):
        self.paths = []
        for folder, deep in ((MELEE, True), (MISSILES, True), (ARMOR, False)):
            for path in source.list(folder):
                if path.endswith(".java") and (deep or "/" not in path[len(folder) + 1:]):
                    self.paths.append(path)
        self.paths.append(BOW)
        super().__init__(source, self.paths + SUPPORT, kinds=("class", "enum"))
        self.enums = {k: c.constants for k, c in self.classes.items() if c.kind == "enum"}

    def enum_constant(self, frame, enum_name, constant):
        """Augment.NONE seen from the class whose code runs: an enum of it or of an ancestor."""
        for k in self.chain(frame.defining):
            key = k + "$" + enum_name
            if key in self.enums:
                for cname, args in self.enums[key]:
                    if cname == constant:
                        return self.construct_enum(key, cname, args)
                raise Unreadable("%s has no constant %s" % (key, constant))
        return None

    def construct_enum(self, key, cname, args):
        c = self.classes[key]
        obj = Obj(key)
        frame = Frame(self, obj, key, Context())
        values = [value(frame, jv.parse_expr(a, "%s.%s" % (key, cname))) for a in args]
        ctor = pick(c.ctors, values, "%s(...)" % key)
        if ctor is None:
            raise Unreadable("%s: no constructor for %s" % (c.path, cname))
        params, body = ctor
        frame.locals[0] = {n: convert(v, t, key) for (t, n), v in zip(params_of(params), values)}
        for st in jv.split_statements(body, key):
            words = [w for _, w in st]
            if len(words) == 4 and words[1] == "=" and words[0] in c.fields:
                obj.fields[words[0]] = value(frame, jv.parse_expr(st[2:-1], key))
            else:
                raise Unreadable("%s: %s(): a statement it cannot read: %s" % (c.path, key, jv.text_of(st)))
        obj.fields["name"] = cname
        return obj

    def find_method(self, start_key, name, args, where, super_of=None):
        """The method a call dispatches to: the first class of the chain from `start_key`
        (after `super_of` for super.) declaring `name` with parameters that take `args`."""
        chain = self.chain(start_key)
        if super_of is not None:
            chain = chain[chain.index(super_of) + 1:]
        for k in chain:
            c = self.classes[k]
            m = pick(c.methods.get(name, []), args, where)
            if m is not None:
                return k, m
        return None, None

    def construct(self, key, ctx):
        """A new object of class `key`: its kept fields after constructors and initialisers."""
        obj = Obj(key)
        self.build(key, [], obj, ctx)
        return obj

    def build(self, key, args, obj, ctx):
        c = self.classes[key]
        where = "%s: %s()" % (c.path[len(ROOT) + 1:], c.key)
        if c.ctors:
            ctor = pick(c.ctors, args, where)
            if ctor is None:
                raise Unreadable("%s: no constructor takes %d arguments" % (where, len(args)))
            params, body = ctor
        elif args:
            raise Unreadable("%s: no constructor takes %d arguments" % (where, len(args)))
        else:
            params, body = [], []
        frame = Frame(self, obj, key, ctx)
        frame.locals[0] = {n: convert(v, t, where) for (t, n), v in zip(params_of(params), args)}
        statements = jv.split_statements(body, where)
        super_args = []
        if statements and [w for _, w in statements[0]][:2] == ["super", "("]:
            call = jv.parse_expr(statements[0][:-1], where)
            super_args = [value(frame, a) for a in call[3]]
            statements = statements[1:]
        elif statements and [w for _, w in statements[0]][:2] == ["this", "("]:
            raise Unreadable("%s: a this(...) call" % where)
        base = self.resolve(c, c.base) if c.base else None
        if base is not None:
            self.build(base, super_args, obj, ctx)
        elif super_args:
            raise Unreadable("%s: super(...) of a class not read (%s)" % (where, c.base))
        # field initialisers, then instance initialisers, then the constructor's body
        assigned = set()
        for block in c.inits:
            for st in jv.split_statements(block, where):
                assigned |= jv.assigns(st) & set(KEPT)
        init = Frame(self, obj, key, ctx)
        for name, tokens in c.fields.items():
            if name not in KEPT:
                continue
            if name in assigned and tokens is not None:
                raise Unreadable("%s: the field %s is both initialised and set in an initialiser" % (where, name))
            if tokens is None:
                obj.fields.setdefault(name, default_of(KEPT[name]))
            else:
                obj.fields[name] = convert(value(init, jv.parse_expr(tokens, where)), KEPT[name], where)
        for block in c.inits:
            run_init(init, block, where + " initialiser")
        run_init(frame, [tok for st in statements for tok in st], where)


def default_of(typ):
    if typ == "boolean":
        return False
    if typ == "enum":
        return None
    return Num(0, "int" if typ == "int" else "float")


def type_of(v):
    if isinstance(v, Num):
        return v.t
    if isinstance(v, bool):
        return "boolean"
    return "object"


def pick(candidates, args, where):
    """The overload of `candidates` ([(params, body)]) that takes `args`: the one whose
    parameters match exactly, else the only one they widen to."""
    fits, exact = [], []
    for params, body in candidates:
        ps = params_of(params)
        if len(ps) != len(args):
            continue
        ok, same = True, True
        for (t, _), a in zip(ps, args):
            at = type_of(a)
            if t in ("int", "long", "short", "byte"):
                ok = ok and at == "int"
                same = same and at == "int"
            elif t in ("float", "double"):
                ok = ok and at in ("int", "float", "double") and not (t == "float" and at == "double")
                same = same and at == t
            elif t == "boolean":
                ok = ok and at == "boolean"
            else:
                ok = ok and at == "object"
        if ok:
            fits.append((params, body))
            if same:
                exact.append((params, body))
    if len(exact) == 1:
        return exact[0]
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise Unreadable("%s: the call is ambiguous between %d overloads" % (where, len(fits)))
    return None


# --- evaluation --------------------------------------------------------------------------------


class Frame:
    """One method's run: the object, the class whose code runs (for super.), the locals."""

    def __init__(self, world, obj, defining, ctx):
        self.world = world
        self.obj = obj
        self.defining = defining
        self.ctx = ctx
        self.locals = [{}]

    def lookup(self, name):
        for scope in reversed(self.locals):
            if name in scope:
                return scope[name]
        if name in self.obj.fields:
            return self.obj.fields[name]
        raise Unreadable("the name %s (a field this script does not keep, or unknown)" % name)

    def assign(self, name, v, where):
        for scope in reversed(self.locals):
            if name in scope:
                old = scope[name]
                scope[name] = convert(v, old.t, where) if isinstance(old, Num) else v
                return
        raise Unreadable("%s: an assignment to the field %s in a method" % (where, name))


def truth(frame, node):
    known = jv.logic(truth, frame, node)
    if known is not None:
        return known
    text = jv.node_text(node)
    if text in FIXED:
        return FIXED[text][0]
    if node[0] == "bin" and node[1] in jv.COMPARISONS:
        a, b = value(frame, node[2]), value(frame, node[3])
        if not (isinstance(a, Num) and isinstance(b, Num)):
            raise Unreadable("the condition %r compares what is not a number (and is not in FIXED)" % text)
        x, y = a.v, b.v
        return {"==": x == y, "!=": x != y, "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[node[1]]
    raise Unreadable("the condition %r is not in the script's vocabulary (FIXED)" % text)


def value(frame, node):
    op = node[0]
    if op == "num":
        return jv.number(node[1])
    if op == "cond":
        return value(frame, node[2]) if truth(frame, node[1]) else value(frame, node[3])
    if jv.is_condition(node):
        return truth(frame, node)
    if op == "un" and node[1] == "-":
        v = value(frame, node[2])
        if not isinstance(v, Num):
            raise Unreadable("the negation of %r" % (v,))
        return Num(-v.v, v.t)
    if op == "cast":
        return jv.cast(value(frame, node[2]), node[1])
    if op == "bin" and node[1] in jv.ARITHMETIC:
        a, b = value(frame, node[2]), value(frame, node[3])
        if not (isinstance(a, Num) and isinstance(b, Num)):
            raise Unreadable("arithmetic on %r and %r" % (a, b))
        return jv.arith(node[1], a, b)
    if op == "name" and "." not in node[1]:
        if node[1] in ("true", "false"):
            return node[1] == "true"
        if node[1] == "null":
            return None
        return frame.lookup(node[1])
    if op in ("name", "field"):
        text = jv.node_text(node)
        if text == "Dungeon.hero.lvl":
            if frame.ctx.hero_level is None:
                raise Unreadable("reads the hero's level (Dungeon.hero.lvl)")
            return Num(frame.ctx.hero_level, "int")
        if text.startswith("this.") and text.count(".") == 1:
            return frame.lookup(text[5:])
        if op == "name" and node[1].count(".") == 1:
            e = frame.world.enum_constant(frame, *node[1].split("."))
            if e is not None:
                return e
        raise Unreadable("the name %s" % text)
    if op == "call":
        return call(frame, node)
    raise Unreadable("an expression of no known form")


def call(frame, node):
    target, method, arg_nodes = node[1], node[2], node[3]
    text = jv.callee(node)
    if text == "RingOfSharpshooting.levelDamageBonus" and [jv.node_text(a) for a in arg_nodes] == ["Dungeon.hero"]:
        return Num(frame.ctx.sharpshooting, "int")
    args = [value(frame, a) for a in arg_nodes]
    if text == "Math.round":
        return java_round(args[0])
    if text in ("Math.max", "Math.min"):
        a, b = args
        if not (isinstance(a, Num) and isinstance(b, Num)):
            raise Unreadable("%s of %r, %r" % (text, a, b))
        t = jv.wider(a.t, b.t)
        return Num((max if text == "Math.max" else min)(a.v, b.v), t)
    if text == "Math.sqrt":
        if not isinstance(args[0], Num):
            raise Unreadable("Math.sqrt of %r" % (args[0],))
        return Num(math.sqrt(args[0].v), "double")
    where = "%s: %s" % (frame.defining, text)
    if target is None:
        return invoke(frame.world, frame.obj, frame.obj.key, method, args, frame.ctx, where)
    if target[0] == "name" and target[1] == "super":
        return invoke(frame.world, frame.obj, frame.obj.key, method, args, frame.ctx, where, super_of=frame.defining)
    obj = value(frame, target)
    if isinstance(obj, Obj) and obj is not HERO:
        return invoke(frame.world, obj, obj.key, method, args, frame.ctx, where)
    raise Unreadable("a call of %s" % text)


def invoke(world, obj, start_key, name, args, ctx, where, super_of=None):
    owner, method = world.find_method(start_key, name, args, where, super_of)
    if method is None:
        raise Unreadable("%s: no method %s with %d arguments" % (where, name, len(args)))
    params, body = method
    frame = Frame(world, obj, owner, ctx)
    frame.locals[0] = {n: convert(v, t, where) for (t, n), v in zip(params_of(params), args)}
    label = "%s.%s%s" % (owner, name, signature(params))
    try:
        run_block(frame, body, label)
    except Return as r:
        return r.v
    except Unreadable as e:
        # the methods the failure went through, outermost first
        raise Unreadable("%s: %s" % (label, e))
    raise Unreadable("%s: no value returned" % label)


PRIMITIVES = {"int", "float", "double", "boolean", "long"}


def run_block(frame, tokens, where):
    for st in jv.split_statements(tokens, where):
        run_statement(frame, st, where)


def run_statement(frame, st, where):
    words = [t for _, t in st]
    head = words[0]
    if head == "{":
        frame.locals.append({})
        run_block(frame, st[1:-1], where)
        frame.locals.pop()
        return
    if head == "return":
        raise Return(value(frame, jv.parse_expr(st[1:-1], where)))
    if head == "if":
        cond_end = jv.close(st, 1)
        cond = jv.parse_expr(st[2:cond_end - 1], where)
        then_end = jv.stmt_end(st, cond_end, where)
        other = st[then_end + 1:] if then_end < len(st) and st[then_end][1] == "else" else []
        if truth(frame, cond):
            run_statement(frame, st[cond_end:then_end], where)
        elif other:
            run_statement(frame, other, where)
        return
    k = 1 if head == "final" else 0
    if words[k] in PRIMITIVES and st[k + 1][0] == "ident" and words[k + 2] == "=":
        v = value(frame, jv.parse_expr(st[k + 3:-1], where))
        frame.locals[-1][words[k + 1]] = convert(v, words[k], where)
        return
    if st[0][0] == "ident" and len(words) > 2 and words[1] in ("=", "+=", "-=", "*=", "/="):
        v = value(frame, jv.parse_expr(st[2:-1], where))
        if words[1] != "=":
            v = jv.arith(words[1][0], frame.lookup(head), v)
        frame.assign(head, v, where)
        return
    raise Unreadable("%s: a statement it cannot read: %s" % (where, jv.text_of(st)))


def run_init(frame, tokens, where):
    """An initialiser or constructor body: assignments to the kept fields are run; any other
    statement must not touch them."""
    for st in jv.split_statements(tokens, where):
        words = [t for _, t in st]
        k = 2 if words[:2] == ["this", "."] else 0
        if len(words) > k + 2 and st[k][0] == "ident" and words[k + 1] == "=" and words[k] in KEPT:
            v = value(frame, jv.parse_expr(st[k + 2:-1], where))
            frame.obj.fields[words[k]] = convert(v, KEPT[words[k]], where)
            continue
        if set(words) & set(KEPT) - {"level"}:
            raise Unreadable("%s: a statement touching %s: %s" % (where, sorted(set(words) & set(KEPT)),
                                                                  jv.text_of(st)))
        # anything else (sprites, sounds, flags, quantities) is no combat fact


# --- the facts of each class ---------------------------------------------------------------------


def signature(params):
    return "(%s)" % ",".join(t for t, _ in params_of(params))


class Reader:
    def __init__(self, world):
        self.world = world
        self.methods = {}  # "Class.name(types)" -> text

    def defined(self, key, name, args):
        """Where the method a call with `args` dispatches to is defined, its text recorded."""
        owner, m = self.world.find_method(key, name, args, "%s.%s" % (key, name))
        if m is None:
            return None
        label = "%s.%s%s" % (owner, name, signature(m[0]))
        self.methods[label] = jv.text_of(m[1])
        return label

    def methods_named(self, key, name):
        """Every overload of `name` the class runs (the first down its chain for each signature)."""
        out = {}
        for k in self.world.chain(key):
            for params, body in self.world.classes[k].methods.get(name, []):
                sig = signature(params)
                if sig not in out:
                    out[sig] = (k, body)
        return out

    def record(self, key, names):
        """The texts of the methods of these names the class runs (the getters; DRMax(int) too)."""
        for name in names:
            for sig, (owner, body) in sorted(self.methods_named(key, name).items()):
                if sig == "()" or (sig == "(int)" and name == "DRMax"):
                    self.methods["%s.%s%s" % (owner, name, sig)] = jv.text_of(body)

    def overrides(self, key):
        """The WATCHED methods the class runs from a class outside BASES: the sneak form read,
        the others from OVERRIDES."""
        sneak = None
        listed = {}
        for name in WATCHED:
            for sig, (owner, body) in sorted(self.methods_named(key, name).items()):
                text = jv.text_of(body)
                self.methods["%s.%s%s" % (owner, name, sig)] = text
                if self.world.classes[owner].name in BASES:
                    continue
                m = SNEAK.match(text) if name == "damageRoll" else None
                if m:
                    sneak = float(jv.number(m.group("f")).v)
                    continue
                why = OVERRIDES.get((owner, name))
                if why is None:
                    raise Unreadable("%s: %s.%s%s: an override this script does not read (not in OVERRIDES)" %
                                     (self.world.classes[owner].path[len(ROOT) + 1:], owner, name, sig))
                listed[name] = {"defined_in": owner, "why": why}
        return sneak, listed

    def weapon(self, key):
        w = self.world
        c = w.classes[key]
        chain = w.chain(key)
        names = [w.classes[k].name for k in chain]
        kind = "melee" if "MeleeWeapon" in names else "thrown" if "MissileWeapon" in names else \
            "bow" if key == "SpiritBow" else None
        if kind is None:
            raise Unreadable("%s: %s: a weapon neither melee, thrown nor the spirit bow" % (c.path, key))
        entry = {"file": c.path[len(ROOT) + 1:], "kind": kind, "extends": c.base, "chain": chain,
                 "abstract": c.abstract}
        if key in NOT_EVALUATED:
            entry["not_evaluated"] = NOT_EVALUATED[key]
            return entry
        obj = w.construct(key, Context())
        kept = ("tier", "ACC", "DLY", "RCH") + (("baseUses", "sticky") if kind == "thrown" else ())
        if kind == "bow":
            kept = ("ACC", "DLY", "RCH")
        entry["fields"] = {f: as_json(obj.fields[f]) for f in kept}
        if obj.fields.get("augment") is None or obj.fields["augment"].fields["name"] != "NONE":
            raise Unreadable("%s: %s: its augment is not Augment.NONE when new" % (c.path, key))
        stats = [("min", []), ("max", []), ("STRReq", []), ("defenseFactor", [HERO])]
        entry["defined_in"] = {}
        for name, args in stats:
            entry["defined_in"]["%s(%s)" % (name, "Char" if args else "")] = self.defined(key, name, args)
        for name, args in (("min", [Num(0, "int")]), ("max", [Num(0, "int")]), ("STRReq", [Num(0, "int")])):
            entry["defined_in"]["%s(int)" % name] = self.defined(key, name, args)
        self.record(key, ("DRMax", "level", "buffedLvl"))
        where = "%s: %s" % (c.path[len(ROOT) + 1:], key)

        def at(level, hero_level, ring):
            o = Obj(key, dict(obj.fields))
            o.fields["level"] = Num(level, "int")
            ctx = Context(hero_level=hero_level, sharpshooting=ring)
            out = {}
            for name, args in stats:
                try:
                    v = invoke(w, o, key, name, args, ctx, where)
                except Unreadable as e:
                    raise Unreadable("%s.%s: %s" % (where, name, e))
                if not (isinstance(v, Num) and v.t == "int"):
                    raise Unreadable("%s.%s: not an int: %r" % (where, name, v))
                out[name] = v.v
            return out

        if kind == "bow":
            by_ring = {}
            for ring in SHARPSHOOTING:
                rows = [at(0, L, ring) for L in range(1, w.max_level + 1)]
                by_ring[str(ring)] = {name: [r[name] for r in rows] for name, _ in stats}
                by_ring[str(ring)]["level"] = [
                    invoke(w, Obj(key, dict(obj.fields)), key, "level", [], Context(hero_level=L), where).v
                    for L in range(1, w.max_level + 1)]
            entry["by_sharpshooting"] = by_ring
        else:
            rows = [at(level, None, 0) for level in LEVELS]
            entry["per_level"] = {name: [r[name] for r in rows] for name, _ in stats}
        sneak, listed = self.overrides(key)
        entry["sneak"] = sneak
        if listed:
            entry["overrides"] = listed
        return entry

    def armor(self, key):
        w = self.world
        c = w.classes[key]
        entry = {"file": c.path[len(ROOT) + 1:], "extends": c.base, "chain": w.chain(key), "abstract": c.abstract}
        if key in NOT_EVALUATED:
            entry["not_evaluated"] = NOT_EVALUATED[key]
            return entry
        obj = w.construct(key, Context())
        entry["fields"] = {"tier": as_json(obj.fields["tier"])}
        if obj.fields.get("augment") is None or obj.fields["augment"].fields["name"] != "NONE":
            raise Unreadable("%s: %s: its augment is not Augment.NONE when new" % (c.path, key))
        enum_key = obj.fields["augment"].key
        stats = [("DRMin", []), ("DRMax", []), ("STRReq", [])]
        entry["defined_in"] = {"%s()" % name: self.defined(key, name, args) for name, args in stats}
        owner, m = w.find_method(key, "evasionFactor", [HERO, Num(0, "float")], key)
        text = jv.text_of(m[1]) if m else ""
        if not text.replace(" ", "").endswith(EVASION_RETURN.replace(" ", "")):
            raise Unreadable("%s: %s.evasionFactor: its last statement is not %s" % (c.path, key, EVASION_RETURN))
        entry["defined_in"]["evasionFactor(Char,float)"] = self.defined(key, "evasionFactor", [HERO, Num(0, "float")])
        for name in ("DRMin", "DRMax", "STRReq"):
            entry["defined_in"]["%s(int)" % name] = self.defined(key, name, [Num(0, "int")])
        self.record(key, ("level", "buffedLvl"))
        where = "%s: %s" % (c.path[len(ROOT) + 1:], key)
        term = jv.parse_expr(EVASION_TERM, "Armor.evasionFactor")
        per = {}
        for cname, args in w.enums[enum_key]:
            rows = {"DRMin": [], "DRMax": [], "STRReq": [], "evasion": []}
            for level in LEVELS:
                o = Obj(key, dict(obj.fields))
                o.fields["level"] = Num(level, "int")
                o.fields["augment"] = w.construct_enum(enum_key, cname, args)
                for name, a in stats:
                    try:
                        v = invoke(w, o, key, name, a, Context(), where)
                    except Unreadable as e:
                        raise Unreadable("%s.%s: %s" % (where, name, e))
                    rows[name].append(v.v)
                f = Frame(w, o, owner, Context())
                rows["evasion"].append(value(f, term).v)
            per[cname] = rows
        entry["per_augment"] = per
        sneak, listed = self.overrides(key)
        if listed:
            entry["overrides"] = listed
        return entry


def as_json(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, Num):
        return v.v
    raise Unreadable("a value of no known kind: %r" % (v,))


def augments(world, key, fields):
    out = {}
    for cname, args in world.enums[key]:
        o = world.construct_enum(key, cname, args)
        out[cname] = {f: as_json(o.fields[f]) for f in fields}
    return out


def extract(source):
    world = World(source)
    reader = Reader(world)
    weapons, armors = {}, {}
    for key in sorted(world.classes):
        c = world.classes[key]
        if c.path not in world.paths or key in world.enums:
            continue
        names = [world.classes[k].name for k in world.chain(key)]
        if "KindOfWeapon" in names and key != "KindOfWeapon":
            weapons[key] = reader.weapon(key)
        elif "Armor" in names:
            armors[key] = reader.armor(key)
    for want in ("Weapon$Augment", "Armor$Augment"):
        if want not in world.enums:
            raise Unreadable("the enum %s is not there" % want)
    meta = {
        "source": jv.describe(source),
        "generated_by": "tools/shattered_pd/extract_items.py",
        "about": "Every weapon class under items/weapon/melee, items/weapon/missiles and SpiritBow.java, and every "
                 "armour class under items/armor: fields after initialisers and constructors; per_level: the "
                 "values of min(), max(), STRReq() and defenseFactor(hero) (weapons), DRMin(), DRMax(), "
                 "STRReq() and the augment's evasion term (armours, per augment) with the item's level field at "
                 "each index; the spirit bow by Ring of Sharpshooting bonus and hero level 1..max; sneak: the "
                 "surprise fraction of damageRoll; overrides: the class's own rules this script does not "
                 "evaluate, with the reason.",
        "levels": [LEVELS[0], LEVELS[-1]],
        "hero_levels": [1, world.max_level],
        "fixed": {k: {"value": v, "why": why} for k, (v, why) in FIXED.items()},
        "bases": sorted(BASES),
        "weapon_augments": augments(world, "Weapon$Augment", ("damageFactor", "delayFactor")),
        "armor_augments": augments(world, "Armor$Augment", ("evasionFactor", "defenceFactor")),
    }
    return {"meta": meta, "weapons": weapons, "armors": armors,
            "methods": {k: reader.methods[k] for k in sorted(reader.methods)}}


def main():
    return jv.main_of("extract_items.py", extract)


if __name__ == "__main__":
    sys.exit(main())
