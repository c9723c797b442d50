"""Pixel Dungeon's classes evaluated: enough of Java to take the numbers out of
them (tools/pixel_dungeon/extract.py).

The classes and their members come from the shared Java reader
(tools/common/java.py); this module parses their statements and expressions
and evaluates them with Java's arithmetic: int division truncates toward zero,
a float operand rounds every result to 32-bit float, Math.pow works in double,
casts truncate. Random.Int / IntRange / NormalIntRange evaluate to a Roll (the
distribution, not a draw). A condition that cannot be decided (pumpedUp,
enraged) splits the value into Cases.

Standard library only.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import java  # noqa: E402
from common.java import JavaClass, Member, f32  # noqa: E402

# --- values --------------------------------------------------------------------------


class Float32(float):
    """A Java float: every operation on it rounds to 32 bits."""


class Double(float):
    """A Java double."""


@dataclass(frozen=True)
class Roll:
    """A random primitive of com.watabou.utils.Random, as its value range.

    kind: "Int" (Random.Int(a, b): a .. b-1, uniform), "IntRange" (a .. b,
    uniform), "NormalIntRange" (a .. b, the mean of two uniform draws)."""

    kind: str
    lo: int
    hi: int  # inclusive

    def json(self) -> dict:
        return {"roll": self.kind, "min": self.lo, "max": self.hi}


@dataclass(frozen=True)
class Cases:
    """A value that depends on a condition the extractor cannot decide:
    [(condition text, value), ...], the last with condition "otherwise"."""

    cases: tuple

    def json(self) -> list:
        return [{"when": w, "value": to_json(v)} for w, v in self.cases]


class Unknown(Exception):
    """An expression reads something the environment does not hold."""


def to_json(v):
    if isinstance(v, (Roll, Cases)):
        return v.json()
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, Float32):
        return float(_short(v))  # the shortest decimal that reads back as the same float
    if isinstance(v, float):
        return float(v)
    return v


# --- statements and expressions ------------------------------------------------------


def _number(text: str):
    v, kind = java.literal(text)
    return Float32(f32(v)) if kind == "float" else Double(v) if kind == "double" else v



def source(e) -> str:
    """An expression written back as Java, spaced uniformly."""
    k = e[0]
    if k == "num":
        v = _number(e[1])
        if isinstance(v, Float32):
            return f"{_short(v)}f"
        return str(v)
    if k == "str":
        return f'"{e[1]}"'
    if k == "name":
        return e[1]
    if k == "call":
        target = "" if e[1] is None else source(e[1]) + "."
        return f"{target}{e[2]}({', '.join(source(a) for a in e[3])})"
    if k == "field":
        return f"{source(e[1])}.{e[2]}"
    if k == "bin":
        return f"{_paren(e[2], e[1])} {e[1]} {_paren(e[3], e[1], right=True)}"
    if k == "un":
        return f"{e[1]}{_paren(e[2], '!')}"
    if k == "cast":
        return f"({e[1]}) {_paren(e[2], '!')}"
    if k == "cond":
        return f"{source(e[1])} ? {source(e[2])} : {source(e[3])}"
    if k == "new":
        return f"new {e[1]}({', '.join(source(a) for a in e[2])})"
    if k == "index":
        return f"{source(e[1])}[{source(e[2])}]"
    raise ValueError(e)


_PREC = {
    "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
    "instanceof": 7, "<<": 8, ">>": 8, ">>>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10, "!": 11,
}


def _paren(e, op: str, right: bool = False) -> str:
    s = source(e)
    if e[0] == "cond" or (e[0] == "bin" and (_PREC[e[1]] < _PREC[op] or (right and _PREC[e[1]] == _PREC[op]))):
        return f"({s})"
    return s


def _short(v: float) -> str:
    for digits in range(1, 10):
        s = f"{v:.{digits}g}"
        if f32(float(s)) == v:
            return s
    return repr(v)


# --- evaluation ----------------------------------------------------------------------


class Env:
    """What an expression may read: variables by name, and methods by name
    (callables taking the evaluated arguments)."""

    def __init__(self, values=None, methods=None, parent=None):
        self.values = dict(values or {})
        self.methods = dict(methods or {})
        self.parent = parent

    def get(self, name: str):
        e = self
        while e is not None:
            if name in e.values:
                return e.values[name]
            e = e.parent
        raise Unknown(name)

    def method(self, name: str):
        e = self
        while e is not None:
            if name in e.methods:
                return e.methods[name]
            e = e.parent
        raise Unknown(name + "()")


def _kind(v) -> str:
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, Float32):
        return "float"
    if isinstance(v, float):
        return "double"
    if isinstance(v, int):
        return "int"
    raise Unknown(f"not a number: {v!r}")


def _arith(op: str, a, b):
    ka, kb = _kind(a), _kind(b)
    if ka == "boolean" or kb == "boolean":
        raise Unknown("arithmetic on a boolean")
    try:
        r, kind = java.arith(op, a, ka, b, kb)
    except ZeroDivisionError:
        raise Unknown("division by zero") from None
    except ValueError:
        raise Unknown(op) from None
    if kind == "int":
        if not -(2**31) <= r < 2**31:
            raise Unknown("int overflow")
        return r
    return Float32(r) if kind == "float" else Double(r)


def _cast(typ: str, v):
    if typ in ("int", "long", "short", "byte"):
        if isinstance(v, bool):
            raise Unknown("cast of a boolean")
        return int(math.trunc(float(v))) if isinstance(v, float) else int(v)
    if typ == "float":
        return Float32(f32(float(v)))
    if typ == "double":
        return Double(float(v))
    return v


def _random(name: str, args: list):
    if any(not isinstance(a, int) or isinstance(a, bool) for a in args):
        raise Unknown(f"Random.{name} of {args}")
    if name == "Int" and len(args) == 2:
        return Roll("Int", args[0], args[1] - 1)
    if name == "Int" and len(args) == 1:
        return Roll("Int", 0, args[0] - 1)
    if name == "IntRange" and len(args) == 2:
        return Roll("IntRange", args[0], args[1])
    if name == "NormalIntRange" and len(args) == 2:
        return Roll("NormalIntRange", args[0], args[1])
    raise Unknown(f"Random.{name}")


def evaluate(e, env: Env):
    """The value of an expression; Unknown when it reads what env lacks. An
    undecidable condition gives Cases."""
    k = e[0]
    if k == "num":
        return _number(e[1])
    if k == "str":
        return e[1]
    if k == "name":
        if e[1] == "true":
            return True
        if e[1] == "false":
            return False
        if e[1] == "null":
            return None
        return env.get(e[1])
    if k == "un":
        v = evaluate(e[2], env)
        if isinstance(v, Cases):
            return Cases(tuple((w, _un(e[1], x)) for w, x in v.cases))
        return _un(e[1], v)
    if k == "cast":
        v = evaluate(e[2], env)
        return _cast(e[1], v)
    if k == "cond":
        try:
            c = evaluate(e[1], env)
        except Unknown:
            c = None
        if isinstance(c, bool):
            return evaluate(e[2] if c else e[3], env)
        return _merge_cases(source(e[1]), evaluate(e[2], env), evaluate(e[3], env))
    if k == "bin":
        op = e[1]
        if op in ("&&", "||"):
            a = evaluate(e[2], env)
            if not isinstance(a, bool):
                raise Unknown("condition")
            if op == "&&" and not a:
                return False
            if op == "||" and a:
                return True
            b = evaluate(e[3], env)
            if not isinstance(b, bool):
                raise Unknown("condition")
            return b
        a, b = evaluate(e[2], env), evaluate(e[3], env)
        if op in ("==", "!="):
            r = a == b
            return r if op == "==" else not r
        if op in ("<", ">", "<=", ">="):
            x, y = float(a), float(b)
            return {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y}[op]
        if isinstance(a, Cases) or isinstance(b, Cases):
            raise Unknown("arithmetic on cases")
        return _arith(op, a, b)
    if k == "call":
        target, name, args = e[1], e[2], [evaluate(a, env) for a in e[3]]
        if target is not None and target[0] == "name" and target[1] == "Random":
            return _random(name, args)
        if target is not None and target[0] == "name" and target[1] == "Math":
            if name == "pow":
                return Double(math.pow(float(args[0]), float(args[1])))
            if name == "max":
                return max(args) if all(_kind(a) == "int" for a in args) else _arith("+", max(args), 0)
            if name == "min":
                return min(args) if all(_kind(a) == "int" for a in args) else _arith("+", min(args), 0)
            raise Unknown("Math." + name)
        key = name if target is None else f"{source(target)}.{name}"
        return env.method(key)(*args)
    raise Unknown(source(e))


def _un(op: str, v):
    if op == "!":
        if not isinstance(v, bool):
            raise Unknown("!")
        return not v
    if op == "-":
        if isinstance(v, Float32):
            return Float32(-v)
        if isinstance(v, float):
            return Double(-v)
        return -v
    if op == "+":
        return v
    raise Unknown(op)


def _merge_cases(cond: str, a, b):
    cases = []
    cases.append((cond, a))
    if isinstance(b, Cases):
        cases.extend(b.cases)
    else:
        cases.append(("otherwise", b))
    return Cases(tuple(cases))


class Return(Exception):
    def __init__(self, value):
        self.value = value


class _FallthroughType:
    pass


_Fallthrough = _FallthroughType()


def _assign_op(old, op: str, value):
    if op == "=":
        return value
    # A compound assignment casts back to the variable's type (JLS 15.26.2).
    r = _arith(op[0], old, value)
    return _cast("int", r) if _kind(old) == "int" else _cast("float", r) if _kind(old) == "float" else r


# --- objects -------------------------------------------------------------------------


class Unk:
    """A field or local whose value the extractor could not compute."""

    def __init__(self, why: str):
        self.why = why

    def __repr__(self):
        return f"Unk({self.why})"


_DEFAULTS = {"int": 0, "long": 0, "short": 0, "byte": 0, "float": Float32(0.0), "double": Double(0.0), "boolean": False}


def _coerce(typ: str | None, v):
    if typ == "float" and isinstance(v, (int, float)) and not isinstance(v, bool):
        return Float32(f32(float(v)))
    if typ == "double" and isinstance(v, (int, float)) and not isinstance(v, bool):
        return Double(float(v))
    return v


class World:
    """Every class of a source tree, found by its simple name (top-level
    classes) or its dotted name (nested ones: "King.Undead")."""

    def __init__(self):
        self.by_name: dict[str, JavaClass] = {}

    def add(self, classes: list[JavaClass]):
        for c in classes:
            self.by_name[c.dotted] = c

    def find(self, name: str) -> JavaClass | None:
        return self.by_name.get(name)

    def chain(self, name: str) -> list[JavaClass]:
        """The class and its known superclasses, the base first."""
        out = []
        c = self.find(name)
        while c is not None:
            out.append(c)
            base = c.base
            if base is None:
                break
            outer = c.dotted.rsplit(".", 1)[0] if "." in c.dotted else None
            c = self.find(base) or (self.find(f"{outer}.{base}") if outer else None)
        return list(reversed(out))

    def derives(self, name: str, base: str) -> bool:
        return any(c.dotted == base for c in self.chain(name))


class Obj:
    """An instance of a class, built by running its field initializers,
    instance initializers and constructors in Java's order. Methods run on it
    with `call`. `globals` holds what the code reads from outside the object
    (Dungeon.depth, ...); a read of anything else is Unknown."""

    def __init__(self, world: World, name: str, globals: dict | None = None, args=(), methods: dict | None = None):
        self.world = world
        self.chain = world.chain(name)
        if not self.chain:
            raise KeyError(name)
        self.cls = self.chain[-1]
        self.globals = dict(globals or {})
        self.gmethods = dict(methods or {})
        self.fields: dict = {}
        self.types: dict = {}
        self.hidden: set = set()  # fields a query must not read
        self.stack: list = []  # the chain index of each running method (for super.x())
        self._construct(len(self.chain) - 1, list(args))

    # -- construction
    def _ctor(self, cls: JavaClass, nargs: int) -> Member | None:
        cs = cls.constructors()
        for c in cs:
            if len(c.params) == nargs:
                return c
        if not cs and nargs == 0:
            return None
        raise Unknown(f"{cls.dotted}: no constructor with {nargs} arguments")

    def _construct(self, i: int, args: list):
        cls = self.chain[i]
        ctor = self._ctor(cls, len(args))
        body = java.parse_block(ctor.body) if ctor else []
        local = dict(zip(ctor.params, args)) if ctor else {}
        first = body[0] if body else None
        delegated = False
        if first and first[0] == "expr" and first[1][0] == "call" and first[1][1] is None and first[1][2] in (
            "super",
            "this",
        ):
            a = [self.eval(x, local) for x in first[1][3]]
            body = body[1:]
            if first[1][2] == "this":
                self._construct(i, a)
                delegated = True
            elif i > 0:
                self._construct(i - 1, a)
        elif i > 0:
            self._construct(i - 1, [])
        if not delegated:
            self._init_fields(cls)
        self.stack.append(i)
        try:
            self.execute(body, local)
        except Return:
            pass
        finally:
            self.stack.pop()

    def _init_fields(self, cls: JavaClass):
        for m in cls.members:
            if m.kind == "field" and "static" not in m.modifiers:
                typ = m.type
                self.types[m.name] = typ
                if m.body:
                    try:
                        v = self.eval(java.parse_expr(m.body), {})
                    except (Unknown, java.Unreadable) as e:
                        v = Unk(str(e))
                    self.fields[m.name] = _coerce(typ, v)
                else:
                    self.fields[m.name] = _DEFAULTS.get(typ)
            elif m.kind == "init":
                self.execute(java.parse_block(m.body), {})

    # -- lookup
    def static(self, name: str):
        """A static final constant of the class chain, or Unknown."""
        for cls in reversed(self.chain):
            f = cls.field(name)
            if f is not None and "static" in f.modifiers and f.body:
                typ = f.type
                return _coerce(typ, self.eval(java.parse_expr(f.body), {}))
        raise Unknown(name)

    def find_method(self, name: str, nargs: int, below: int | None = None):
        top = len(self.chain) if below is None else below
        for i in range(top - 1, -1, -1):
            for m in self.chain[i].overloads(name):
                if len(m.params) == nargs and "abstract" not in m.modifiers:
                    return i, m
        return None

    def call(self, name: str, args=(), below: int | None = None):
        found = self.find_method(name, len(args), below)
        if found is None:
            raise Unknown(f"{name}()")
        i, m = found
        if len(self.stack) > 50:
            raise Unknown("recursion")
        self.stack.append(i)
        try:
            self.execute(java.parse_block(m.body), dict(zip(m.params, args)))
        except Return as r:
            return r.value
        finally:
            self.stack.pop()
        return None

    def method_source(self, name: str, nargs: int) -> tuple[str, Member] | None:
        found = self.find_method(name, nargs)
        if found is None:
            return None
        i, m = found
        return self.chain[i].dotted, m

    # -- evaluation
    def _env(self, local: dict) -> Env:
        obj = self

        class _E(Env):
            def get(self, name):
                if name == "this":
                    return obj
                n = name[5:] if name.startswith("this.") else name
                if n in local:
                    v = local[n]
                elif n in obj.fields and n not in obj.hidden:
                    v = obj.fields[n]
                elif n in obj.globals:
                    v = obj.globals[n]
                else:
                    try:
                        v = obj.static(n)
                    except Unknown:
                        raise Unknown(name) from None
                if isinstance(v, Unk):
                    raise Unknown(f"{name}: {v.why}")
                return v

            def method(self, name):
                if name.startswith("super."):
                    n = name[6:]
                    below = obj.stack[-1] if obj.stack else len(obj.chain) - 1
                    return lambda *a: obj.call(n, a, below)
                n = name[5:] if name.startswith("this.") else name
                if "." not in n and any(c.overloads(n) for c in obj.chain):
                    return lambda *a: obj.call(n, a)
                if name in obj.gmethods:
                    return obj.gmethods[name]
                raise Unknown(name + "()")

        return _E()

    def eval(self, e, local: dict):
        return evaluate(e, self._env(local))

    def execute(self, statements: list, local: dict):
        for s in statements:
            k = s[0]
            if k == "block":
                self.execute(s[1], local)
            elif k == "local":
                try:
                    local[s[2]] = self.eval(s[3], local) if s[3] is not None else None
                except Unknown as e:
                    local[s[2]] = Unk(str(e))
            elif k == "return":
                raise Return(self.eval(s[1], local) if s[1] is not None else None)
            elif k == "if":
                try:
                    c = self.eval(s[1], local)
                except Unknown:
                    c = None
                if isinstance(c, bool):
                    branch = s[2] if c else s[3]
                    if branch is not None:
                        self.execute([branch], local)
                    continue
                a = self._branch(s[2], local)
                b = self._branch(s[3], local) if s[3] is not None else _Fallthrough
                if a is not _Fallthrough and b is not _Fallthrough:
                    raise Return(_merge_cases(source(s[1]), a, b))
                # An undecidable branch that does not return: its effects are not followed.
            elif k == "assign":
                self._assign(s[1], s[2], s[3], local)
            elif k == "expr":
                try:
                    self.eval(s[1], local)
                except Unknown:
                    pass

    def _branch(self, statement, local: dict):
        saved = (dict(self.fields), dict(local))
        try:
            self.execute([statement], dict(local))
        except Return as r:
            return r.value
        finally:
            self.fields, _ = saved[0], None
        return _Fallthrough

    def _assign(self, target, op: str, rhs, local: dict):
        if target[0] != "name":
            return  # array elements, other objects' fields
        this = target[1].startswith("this.")
        n = target[1][5:] if this else target[1]
        if "." in n:
            return
        try:
            value = self.eval(rhs, local)
        except Unknown as e:
            value = Unk(str(e))
        if n in local and not this:
            old = local[n]
            local[n] = value if op == "=" or isinstance(value, Unk) or isinstance(old, Unk) else _assign_op(old, op, value)
            return
        old = self.fields.get(n)
        if op != "=" and not isinstance(value, Unk) and not isinstance(old, Unk) and old is not None:
            value = _assign_op(old, op, value)
        elif op != "=":
            value = Unk(f"{n} {op} on an unknown value")
        self.fields[n] = _coerce(self.types.get(n), value)

    def query(self, name: str, args=(), hide=(), bind: dict | None = None):
        """The value of a method as the catalog means it: `hide` lists fields
        whose value is a state the game changes (read as unknown), `bind`
        fixes some fields for this query."""
        saved_hidden, saved_fields = self.hidden, dict(self.fields)
        self.hidden = set(hide) - set(bind or {})
        self.fields.update(bind or {})
        try:
            return self.call(name, tuple(args))
        finally:
            self.hidden, self.fields = saved_hidden, saved_fields


def assigned_fields(cls: JavaClass, skip: set) -> set:
    """Names assigned (=, op=, ++, --) in the methods of cls outside `skip`."""
    out = set()
    for m in cls.members:
        if m.kind == "method" and m.name not in skip:
            out |= assigned_in(m)
    return out


def assigned_in(method: Member) -> set:
    """Names a method assigns (=, op=, ++, --)."""
    out = set()

    def walk(stmts):
        for s in stmts:
            if s[0] == "block":
                walk(s[1])
            elif s[0] == "if":
                walk([s[2]])
                if s[3] is not None:
                    walk([s[3]])
            elif s[0] == "assign" and s[1][0] == "name":
                n = s[1][1]
                out.add(n[5:] if n.startswith("this.") else n)
            elif s[0] == "opaque":
                for m in re.finditer(r"\b(?:this\s*\.\s*)?(\w+)\s*(?:[-+*/%|&]?=(?!=)|\+\+|--)", s[1]):
                    out.add(m.group(1))

    walk(java.parse_block(method.body))
    return out
