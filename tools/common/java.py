"""Reading Java source: its tokens, its classes and their members, its statements.

The Java reader of the Pixel Dungeon and Shattered Pixel Dungeon extractors
(tools/pixel_dungeon/, tools/shattered_pd/): each evaluates what it reads in its
own way, from what this module gives it.

- tokenize: the tokens of a text (Tok: kind "number", "string", "char", "ident" or
  "op", its text, and its offset `pos` in the text tokenized);
- parse_file: every class and enum of a file (nested ones too, interfaces left
  out), each a JavaClass with its members in the file's order: fields (their
  initializers), instance and static initializer blocks, constructors and methods
  (their parameters and bodies, as tokens and as text);
- parse_expr, parse_block (Parser): an expression's or a block's syntax tree;
- close, split_statements, stmt_end, assigns, text_of: brackets, a block's
  statements as token lists, the names a statement assigns, tokens written
  back as one line;
- literal, arith, f32: a number literal's value and type, Java's arithmetic on
  int, float and double, a number rounded as Java's float.

Comments are dropped before anything is read. Python 3 standard library only.
"""

import re
import struct

from .clike import strip_comments


class Unreadable(Exception):
    """Something the reader cannot read: a script stops rather than guess."""


# --- tokens ----------------------------------------------------------------------------

TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\])*")
  | (?P<char>'(?:\\.|[^'\\])*')
  | (?P<number>0[xX][0-9a-fA-F_]+[lL]?|(?:\d[\d_]*\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)[fFdDlL]?)
  | (?P<ident>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<op>>>>=|<<=|>>=|>>>|->|::|\+\+|--|&&|\|\||[=!<>+\-*/%&|^]=|<<|>>|[{}()\[\];,.?:@=<>+\-*/%!~&|^])
    """,
    re.S | re.X,
)


class Tok(tuple):
    """A token: the pair (kind, text), and its offset `pos` in the text it was read from."""

    def __new__(cls, kind, text, pos=-1):
        t = super().__new__(cls, (kind, text))
        t.pos = pos
        return t

    kind = property(lambda self: self[0])
    text = property(lambda self: self[1])


def tokenize(text, where):
    """The tokens of `text` (comments and spaces dropped); `where` names it in an error."""
    out, i = [], 0
    while i < len(text):
        m = TOKEN.match(text, i)
        if not m:
            raise Unreadable("%s: cannot read the character %r at offset %d" % (where, text[i], i))
        kind = m.lastgroup
        if kind not in ("space", "comment"):
            out.append(Tok(kind, m.group(), i))
        i = m.end()
    return out


def text_of(tokens):
    """Tokens as one normalised line: spaces only where two words would merge."""
    s = ""
    for kind, t in tokens:
        if s and (s[-1].isalnum() or s[-1] in "_$") and (t[0].isalnum() or t[0] in "_$"):
            s += " "
        elif s and t in ("{",) or (s and s[-1] in ";{}"):
            s += " "
        s += t
    return s


def close(tokens, i):
    """The index after the bracket matching tokens[i] ((, { or [)."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    want = [pairs[tokens[i][1]]]
    i += 1
    while want:
        if i >= len(tokens):
            raise Unreadable("unbalanced brackets")
        t = tokens[i][1]
        if t in pairs:
            want.append(pairs[t])
        elif t in (")", "}", "]"):
            if t != want[-1]:
                raise Unreadable("unbalanced brackets: %r" % t)
            want.pop()
        i += 1
    return i


# --- classes and their members -----------------------------------------------------------


class Member:
    """A member of a class, in the file's order.

    kind: "field", "init" (an instance initializer block), "static_init",
    "constructor" or "method"; name: the field's or method's ("" for a block);
    modifiers: the words before its type (public, static, ...); type: a field's
    or method's type as written ("float", "int[]"); params: the parameters'
    names; param_tokens: the parameter list's tokens; tokens: the body's tokens
    (inside the braces), or a field's initializer (None without one); body: the
    same as text, as the file has it (comments stripped; "" without one)."""

    def __init__(self, kind, name, modifiers, type_, param_tokens, tokens, body):
        self.kind, self.name, self.modifiers, self.type = kind, name, modifiers, type_
        self.param_tokens, self.tokens, self.body = param_tokens, tokens, body
        self.params = [group[-1][1] for group in split_top(param_tokens) if group]


class JavaClass:
    """A class or an enum. name: its simple name ("Undead"); outer: the key of the
    class it is nested in (None at the top); key: "King$Undead"; dotted:
    "King.Undead"; base: the name it extends as written (None); kind: "class" or
    "enum" (constants: the enum's [(name, argument token lists)])."""

    def __init__(self, name, base, path, outer, outer_dotted=None, kind="class"):
        self.name = name
        self.base = base
        self.path = path
        self.outer = outer
        self.key = (outer + "$" + name) if outer else name
        self.dotted = (outer_dotted + "." + name) if outer_dotted else name
        self.kind = kind
        self.abstract = False
        self.constants = []
        self.members = []

    # The members by kind, as the scripts read them.
    @property
    def fields(self):
        """name -> initializer tokens (None without one), the instance and static fields."""
        return {m.name: m.tokens for m in self.members if m.kind == "field"}

    @property
    def inits(self):
        """The instance initializer blocks' tokens, in order."""
        return [m.tokens for m in self.members if m.kind == "init"]

    @property
    def ctors(self):
        """Every constructor, as (parameter tokens, body tokens)."""
        return [(m.param_tokens, m.tokens) for m in self.members if m.kind == "constructor"]

    @property
    def ctor(self):
        """The body of the constructor without parameters (None without one)."""
        return next((m.tokens for m in self.members if m.kind == "constructor" and not m.param_tokens), None)

    @property
    def methods(self):
        """name -> [(parameter tokens, body tokens)], the overloads in order."""
        out = {}
        for m in self.members:
            if m.kind == "method":
                out.setdefault(m.name, []).append((m.param_tokens, m.tokens))
        return out

    def overloads(self, name):
        return [m for m in self.members if m.kind == "method" and m.name == name]

    def method(self, name, nparams=None):
        for m in self.overloads(name):
            if nparams is None or len(m.params) == nparams:
                return m
        return None

    def field(self, name):
        return next((m for m in self.members if m.kind == "field" and m.name == name), None)

    def constructors(self):
        return [m for m in self.members if m.kind == "constructor"]


MODIFIERS = {"public", "protected", "private", "static", "final", "abstract", "synchronized", "native",
             "transient", "volatile", "strictfp", "default"}


def split_top(tokens, sep=","):
    """Token lists split at `sep` outside brackets (and the angle brackets of generics)."""
    parts, cur, depth = [], [], 0
    for t in tokens:
        if t[1] in ("(", "[", "{", "<"):
            depth += 1
        elif t[1] in (")", "]", "}", ">"):
            depth -= 1
        elif t[1] == ">>":
            depth -= 2
        if t[1] == sep and depth == 0:
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    parts.append(cur)
    return parts


def skip_annotation(tokens, i):
    i += 2  # @ Name
    while i < len(tokens) and tokens[i][1] == ".":
        i += 2
    if i < len(tokens) and tokens[i][1] == "(":
        i = close(tokens, i)
    return i


class _Reader:
    """The classes of one file (comments stripped): its text, its tokens, its path."""

    def __init__(self, text, path, classes):
        self.text = strip_comments(text)
        self.tokens = tokenize(self.text, path)
        self.path = path
        self.classes = classes

    def slice(self, start, end):
        """The text of tokens[start:end] as the file has it."""
        if start >= end:
            return ""
        last = self.tokens[end - 1]
        return self.text[self.tokens[start].pos:last.pos + len(last[1])]

    def between(self, open_at, close_after):
        """The text inside the brackets at tokens[open_at] and tokens[close_after - 1]."""
        return self.text[self.tokens[open_at].pos + 1:self.tokens[close_after - 1].pos]

    def add(self, cls):
        self.classes[cls.key] = cls

    def file(self):
        tokens, i = self.tokens, 0
        while i < len(tokens):
            t = tokens[i][1]
            if t in ("class", "enum", "interface") and i + 1 < len(tokens) and tokens[i + 1][0] == "ident":
                i = self.declaration(i, None, None, [w for _, w in tokens[max(0, i - 3):i]])
                continue
            i += 1

    def declaration(self, k, outer, outer_dotted, words_before):
        """The class, enum or interface whose keyword is tokens[k]: its body read
        (an interface's skipped); the index after it."""
        tokens = self.tokens
        what, name = tokens[k][1], tokens[k + 1][1]
        j, base = k + 2, None
        while tokens[j][1] != "{":
            if tokens[j][1] == "extends" and base is None:
                base = tokens[j + 1][1]
                while tokens[j + 2][1] == ".":
                    base += "." + tokens[j + 3][1]
                    j += 2
            j += 1
        end = close(tokens, j)
        if what == "interface":
            return end
        cls = JavaClass(name, base if what == "class" else None, self.path, outer, outer_dotted,
                        "enum" if what == "enum" else "class")
        cls.abstract = "abstract" in words_before
        self.add(cls)
        start = j + 1
        if what == "enum":
            start = self.constants(cls, start, end - 1)
        self.body(start, end - 1, cls)
        return end

    def constants(self, cls, k, end):
        """An enum's constants from tokens[k]; the index after them (past the ';')."""
        tokens = self.tokens
        while k < end and tokens[k][1] != ";":
            if tokens[k][0] != "ident":
                raise Unreadable("%s: enum %s: cannot read its constants" % (self.path, cls.key))
            cname, args = tokens[k][1], []
            k += 1
            if tokens[k][1] == "(":
                e = close(tokens, k)
                args = split_top(tokens[k + 1:e - 1])
                args = [] if args == [[]] else args
                k = e
            if tokens[k][1] == "{":
                raise Unreadable("%s: enum %s: the constant %s has a body" % (self.path, cls.key, cname))
            cls.constants.append((cname, args))
            if tokens[k][1] == ",":
                k += 1
        return k + 1

    def body(self, i, end, cls):
        """The members of a class body tokens[i:end] (inside the braces)."""
        tokens = self.tokens
        while i < end:
            t = tokens[i][1]
            if t == ";":
                i += 1
                continue
            if t == "@":
                i = skip_annotation(tokens, i)
                continue
            if t == "{" or (t == "static" and tokens[i + 1][1] == "{"):
                b = i if t == "{" else i + 1
                j = close(tokens, b)
                cls.members.append(Member("init" if t == "{" else "static_init", "", set(), None, [],
                                          tokens[b + 1:j - 1], self.between(b, j)))
                i = j
                continue
            # a member: its head up to '(', '=', ';' or '{'
            j = i
            head = []
            while tokens[j][1] not in ("(", "=", ";", "{"):
                head.append(tokens[j])
                if tokens[j][1] == "<":  # generics in a type
                    depth = 0
                    while True:
                        if tokens[j][1] == "<":
                            depth += 1
                        elif tokens[j][1] == ">":
                            depth -= 1
                        elif tokens[j][1] == ">>":
                            depth -= 2
                        if depth <= 0:
                            break
                        j += 1
                        head.append(tokens[j])
                j += 1
            words = [w for _, w in head]
            kinds = [w for w in words if w in ("class", "interface", "enum")]
            if kinds:
                k = i + words.index(kinds[0])
                i = self.declaration(k, cls.key, cls.dotted, words)
                continue
            modifiers = set(w for w in words if w in MODIFIERS)
            typed = [h for h in head if h[1] not in MODIFIERS]
            type_ = "".join(w for _, w in typed[:-1]) or None
            name = words[-1] if words else None
            if tokens[j][1] == "(":
                params_end = close(tokens, j)
                params = tokens[j + 1:params_end - 1]
                k = params_end
                while tokens[k][1] not in ("{", ";"):
                    k += 1  # throws ...
                if tokens[k][1] == ";":
                    i = k + 1
                    continue
                body_end = close(tokens, k)
                body = tokens[k + 1:body_end - 1]
                if name == cls.name and len(words) <= 2:
                    cls.members.append(Member("constructor", name, modifiers, None, params, body,
                                              self.between(k, body_end)))
                elif name != cls.name:
                    cls.members.append(Member("method", name, modifiers, type_, params, body,
                                              self.between(k, body_end)))
                i = body_end
                continue
            # a field: up to ';' at depth 0 (anonymous class bodies included)
            init, text = None, ""
            k = j
            if tokens[k][1] == "=":
                k += 1
                start = k
                while tokens[k][1] not in (";", ","):
                    if tokens[k][1] in ("(", "{", "["):
                        k = close(tokens, k)
                    else:
                        k += 1
                init = tokens[start:k]
                text = self.slice(start, k)
            while tokens[k][1] != ";":
                if tokens[k][1] in ("(", "{", "["):
                    k = close(tokens, k)
                else:
                    k += 1
            if name:
                cls.members.append(Member("field", name, modifiers, type_, [], init, text))
            i = k + 1


def parse_file(text, path, classes):
    """Every class and enum of the file `text` (at `path`), nested ones too, added to
    `classes` by key ("King$Undead")."""
    _Reader(text, path, classes).file()


# --- statements and expressions ---------------------------------------------------------------


class Node(tuple):
    """An expression: the tuple (kind, ...) below, and the tokens it was read
    from (`toks`; a parenthesised expression's without its parentheses)."""

    def __new__(cls, fields, toks):
        n = super().__new__(cls, fields)
        n.toks = toks
        return n


class Parser:
    """Recursive descent over a token list (or a text): Java's statements and
    expressions, as far as the games' methods use them.

    Statements are tuples: ("block", [s]) ("local", type, name, expr) ("return",
    expr) ("if", cond, then, else) ("expr", expr) ("assign", target, op, expr)
    ("opaque", text) for one this reader does not know (a loop, a try, ...).
    Expressions are Nodes: ("num", text) ("str", s) ("name", "a.b") ("call",
    target, name, [args]) ("field", e, name) ("index", e, i) ("bin", op, l, r)
    ("un", op, e) ("pre", op, e) ("cast", type, e) ("cond", c, a, b) ("new",
    type, [args]). An expression it cannot read raises Unreadable."""

    def __init__(self, tokens, where="Java"):
        self.toks = tokenize(tokens, where) if isinstance(tokens, str) else list(tokens)
        self.i = 0

    def _node(self, start, *fields):
        return Node(fields, self.toks[start:self.i])

    def peek(self, k=0):
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def at(self, text, k=0):
        t = self.peek(k)
        return t is not None and t.text == text and t.kind in ("op", "ident")

    def take(self, text=None):
        t = self.peek()
        if t is None or (text is not None and t.text != text):
            raise Unreadable(f"expected {text!r}, found {t.text if t else 'end'!r}")
        self.i += 1
        return t

    def statements(self):
        out = []
        while self.peek() is not None and not self.at("}"):
            out.append(self.statement())
        return out

    def statement(self):
        start = self.i
        try:
            return self._statement()
        except Unreadable:
            # A statement this reader does not know: kept as opaque text.
            self.i = start
            return ("opaque", self._skip_statement())

    def _statement(self):
        if self.at("{"):
            self.take("{")
            s = self.statements()
            self.take("}")
            return ("block", s)
        if self.at("return"):
            self.take("return")
            if self.at(";"):
                self.take(";")
                return ("return", None)
            e = self.expr()
            self.take(";")
            return ("return", e)
        if self.at("if"):
            self.take("if")
            self.take("(")
            c = self.expr()
            self.take(")")
            then = self.statement()
            other = None
            if self.at("else"):
                self.take("else")
                other = self.statement()
            return ("if", c, then, other)
        if self.at(";"):
            self.take(";")
            return ("block", [])
        # A local declaration: TYPE NAME = EXPR; (TYPE possibly qualified or an array)
        t0, t1 = self.peek(), self.peek(1)
        if t0 and t0.kind == "ident" and t0.text in ("int", "float", "double", "long", "boolean", "short", "final"):
            j = 0
            while self.at("final", j):
                j += 1
            typ = self.peek(j).text
            name = self.peek(j + 1)
            if name and name.kind == "ident":
                self.i += j + 2
                e = None
                if self.at("="):
                    self.take("=")
                    e = self.expr()
                self.take(";")
                return ("local", typ, name.text, e)
        if t0 and t1 and t0.kind == "ident" and t1.kind == "ident" and self.at("=", 2):
            self.i += 2
            self.take("=")
            e = self.expr()
            self.take(";")
            return ("local", t0.text, t1.text, e)
        # Anything else: an expression statement, possibly an assignment; statements
        # this reader does not know (loops, try) are kept as opaque text.
        if t0 and t0.kind == "ident" and t0.text in ("for", "while", "do", "switch", "try", "synchronized", "throw"):
            return ("opaque", self._skip_statement())
        start = self.i
        try:
            e = self.expr()
            for op in ("=", "+=", "-=", "*=", "/=", "%=", "|=", "&="):
                if self.at(op):
                    self.take(op)
                    targets = [e]
                    rhs = self.expr()
                    while op == "=" and self.at("="):  # HP = HT = 8
                        self.take("=")
                        targets.append(rhs)
                        rhs = self.expr()
                    self.take(";")
                    if len(targets) == 1:
                        return ("assign", e, op, rhs)
                    return ("block", [("assign", t, "=", rhs) for t in reversed(targets)])
            if self.at("++") or self.at("--"):
                op = self.take().text
                self.take(";")
                return ("assign", e, "+=" if op == "++" else "-=", Node(("num", "1"), []))
            self.take(";")
            return ("expr", e)
        except Unreadable:
            self.i = start
            return ("opaque", self._skip_statement())

    def _skip_statement(self):
        start = self.i
        depth = 0
        while self.peek() is not None:
            t = self.take()
            if t.text in ("(", "{", "["):
                depth += 1
            elif t.text in (")", "}", "]"):
                depth -= 1
                if depth == 0 and t.text == "}" and not self.at("else") and not self.at("catch") and not self.at(
                    "finally"
                ) and not self.at("while"):
                    break
            elif t.text == ";" and depth == 0:
                break
        return " ".join(t.text for t in self.toks[start : self.i])

    def expr(self):
        return self.ternary()

    def ternary(self):
        start = self.i
        c = self.binary(0)
        if self.at("?"):
            self.take("?")
            a = self.ternary()
            self.take(":")
            b = self.ternary()
            return self._node(start, "cond", c, a, b)
        return c

    _LEVELS = [
        ("||",),
        ("&&",),
        ("|",),
        ("^",),
        ("&",),
        ("==", "!="),
        ("<", ">", "<=", ">=", "instanceof"),
        ("<<", ">>", ">>>"),
        ("+", "-"),
        ("*", "/", "%"),
    ]

    def binary(self, level):
        if level == len(self._LEVELS):
            return self.unary()
        start = self.i
        left = self.binary(level + 1)
        while True:
            t = self.peek()
            if t is None or t.text not in self._LEVELS[level] or t.kind not in ("op", "ident"):
                return left
            self.take()
            if t.text == "instanceof":
                at = self.i
                right = self._node(at, "name", self.qualified())
            else:
                right = self.binary(level + 1)
            left = self._node(start, "bin", t.text, left, right)

    def qualified(self):
        parts = [self.take().text]
        while self.at(".") and self.peek(1) and self.peek(1).kind == "ident":
            self.take(".")
            parts.append(self.take().text)
        return ".".join(parts)

    def unary(self):
        start = self.i
        if self.at("++") or self.at("--"):
            op = self.take().text
            return self._node(start, "pre", op, self.unary())
        if self.at("!") or self.at("-") or self.at("+") or self.at("~"):
            op = self.take().text
            return self._node(start, "un", op, self.unary())
        if self.at("(") and self.peek(1) and self.peek(1).text in ("int", "float", "double", "long", "short", "byte"):
            if self.at(")", 2):
                self.take("(")
                typ = self.take().text
                self.take(")")
                return self._node(start, "cast", typ, self.unary())
        # (Type)expr with a class type: ((ShamanSprite)sprite)
        if (
            self.at("(")
            and self.peek(1)
            and self.peek(1).kind == "ident"
            and self.peek(1).text[:1].isupper()
            and self.at(")", 2)
            and self.peek(3)
            and (self.peek(3).kind in ("ident", "number") or self.peek(3).text == "(")
        ):
            self.take("(")
            typ = self.take().text
            self.take(")")
            return self._node(start, "cast", typ, self.unary())
        return self.postfix(start, self.primary())

    def args(self):
        self.take("(")
        out = []
        while not self.at(")"):
            out.append(self.expr())
            if self.at(","):
                self.take(",")
        self.take(")")
        return out

    def primary(self):
        start = self.i
        t = self.peek()
        if t is None:
            raise Unreadable("unexpected end")
        if t.kind == "number":
            self.take()
            return self._node(start, "num", t.text)
        if t.kind in ("string", "char"):
            self.take()
            return self._node(start, "str", t.text[1:-1])
        if t.text == "(":
            self.take("(")
            e = self.expr()
            self.take(")")
            return e
        if t.text == "new":
            self.take("new")
            typ = self.qualified()
            if self.at("["):
                while self.at("["):
                    self.take("[")
                    if not self.at("]"):
                        self.expr()
                    self.take("]")
                if self.at("{"):
                    self._skip_braces()
                return self._node(start, "new", typ + "[]", [])
            a = self.args()
            if self.at("{"):
                self._skip_braces()
            return self._node(start, "new", typ, a)
        if t.kind == "ident":
            self.take()
            if self.at("("):
                return self._node(start, "call", None, t.text, self.args())
            return self._node(start, "name", t.text)
        raise Unreadable(f"unexpected {t.text!r}")

    def _skip_braces(self):
        depth = 0
        while True:
            t = self.take()
            if t.text == "{":
                depth += 1
            elif t.text == "}":
                depth -= 1
                if depth == 0:
                    return

    def postfix(self, start, e):
        while True:
            if self.at(".") and self.peek(1) and self.peek(1).kind == "ident":
                self.take(".")
                name = self.take().text
                if self.at("("):
                    e = self._node(start, "call", e, name, self.args())
                elif e[0] == "name":
                    e = self._node(start, "name", e[1] + "." + name)
                else:
                    e = self._node(start, "field", e, name)
            elif self.at("["):
                self.take("[")
                i = self.expr()
                self.take("]")
                e = self._node(start, "index", e, i)
            elif self.at("++") or self.at("--"):
                return e
            else:
                return e


def _whole(tokens, where, read, what):
    p = Parser(tokens, where)
    out = read(p)
    if p.peek() is not None:
        raise Unreadable("trailing text in %s" % what(tokens))
    return out


def parse_expr(tokens, where="Java"):
    """The expression that is the whole of `tokens` (or of a text)."""
    return _whole(tokens, where, Parser.expr,
                  lambda t: "expression %r" % (t if isinstance(t, str) else text_of(t)))


def parse_block(tokens, where="Java"):
    """The statements that are the whole of `tokens` (or of a text)."""
    return _whole(tokens, where, Parser.statements, lambda t: "block")


# --- numbers ------------------------------------------------------------------------------


def f32(x):
    """x rounded to a 32-bit float (round to nearest even), as Java's float."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


NUMERIC_TYPES = ("int", "float", "double")


def wider(a, b):
    """The type binary numeric promotion gives operands of the types a and b."""
    return a if NUMERIC_TYPES.index(a) >= NUMERIC_TYPES.index(b) else b


def arith(op, x, tx, y, ty):
    """x op y (+, -, *, /, %) in Java's arithmetic, x and y of the types tx and ty:
    the result and its type. The operands are promoted to the wider type; int
    division and remainder truncate toward zero; a float result is the exact
    result rounded once to 32 bits (a double holds the exact sum, difference,
    product or quotient of two floats well enough for that). Raises
    ZeroDivisionError for an int division by zero, ValueError for another operator
    (or a float remainder)."""
    t = wider(tx, ty)
    if t == "int":
        if op in ("/", "%"):
            if y == 0:
                raise ZeroDivisionError("division by zero")
            q = abs(x) // abs(y) * (1 if (x >= 0) == (y >= 0) else -1)
            return (q if op == "/" else x - y * q), t
        ops = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y}
    else:
        x, y = float(x), float(y)
        ops = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y, "/": lambda: x / y}
    if op not in ops:
        raise ValueError(op)
    r = ops[op]()
    return (f32(r) if t == "float" else r), t


def literal(text):
    """A number literal's value and type: (n, "int"), (x, "float") or (x, "double");
    a float's x is not yet rounded to 32 bits (f32)."""
    t = text.replace("_", "")
    if t[:2] in ("0x", "0X"):
        return int(t.rstrip("lL"), 16), "int"
    if t[-1] in "fF":
        return float(t[:-1]), "float"
    if t[-1] in "dD":
        return float(t[:-1]), "double"
    if "." in t or "e" in t or "E" in t:
        return float(t), "double"
    t = t.rstrip("lL")
    if len(t) > 1 and t[0] == "0":
        return int(t, 8), "int"  # 017: octal
    return int(t), "int"


# --- statements -----------------------------------------------------------------------------


def split_statements(tokens, where):
    """Top-level statements of a block: lists of tokens ('if'/'else' keep their parts)."""
    out, i = [], 0
    while i < len(tokens):
        t = tokens[i][1]
        if t == "{":
            j = close(tokens, i)
            out.append(tokens[i:j])
            i = j
            continue
        if t in ("if", "while", "for", "switch", "synchronized", "try", "do"):
            j = i + 1
            if tokens[j][1] == "(":
                j = close(tokens, j)
            j = stmt_end(tokens, j, where)
            while t in ("if", "try") and j < len(tokens) and tokens[j][1] in ("else", "catch", "finally"):
                j += 1
                if tokens[j][1] == "(":
                    j = close(tokens, j)
                j = stmt_end(tokens, j, where)
            out.append(tokens[i:j])
            i = j
            continue
        j = i
        while tokens[j][1] != ";":
            if tokens[j][1] in ("(", "{", "["):
                j = close(tokens, j)
            else:
                j += 1
        out.append(tokens[i:j + 1])
        i = j + 1
    return out


def stmt_end(tokens, j, where):
    """The index after the statement that starts at tokens[j]."""
    if tokens[j][1] == "{":
        return close(tokens, j)
    if tokens[j][1] == "if":
        k = close(tokens, j + 1)
        k = stmt_end(tokens, k, where)
        if k < len(tokens) and tokens[k][1] == "else":
            k = stmt_end(tokens, k + 1, where)
        return k
    while tokens[j][1] != ";":
        if tokens[j][1] in ("(", "{", "["):
            j = close(tokens, j)
        else:
            j += 1
    return j + 1


def assigns(tokens):
    """Names a statement assigns (x = ..., x += ..., x++)."""
    out = set()
    for k, (_, t) in enumerate(tokens):
        if t in ("=", "+=", "-=", "*=", "/=", "++", "--") and k > 0 and tokens[k - 1][0] == "ident":
            out.add(tokens[k - 1][1])
    return out
