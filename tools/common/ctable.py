"""Reading C and C++ data tables: the game's static arrays of rows, its enums and structs.

A small C preprocessor and initializer reader, enough for the games' static
tables: comments, line continuations, #if/#ifdef/#else/#endif, object-like and
function-like #defines with # and ##, enum constants, struct fields, and brace
initializers split into fields. Nothing of a game's code is copied: the tables
are read as data, and the scripts that use this module (tools/crawl/extract_*.py,
tools/brogue/extract.py) write the facts they hold as JSON.

Python 3 standard library only.
"""

import re

from .clike import strip_comments


# --- tokens --------------------------------------------------------------------------------

TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<str>"(?:[^"\\\n]|\\.)*")
  | (?P<chr>'(?:[^'\\\n]|\\.)+')
  | (?P<num>(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*)
  | (?P<id>[A-Za-z_]\w*)
  | (?P<punct>\#\#|<<|>>|&&|\|\||==|!=|<=|>=|::|->|[{}()\[\],;|&~*/%+\-<>=!?:.\#^])
""", re.X)


class Tok:
    __slots__ = ("kind", "text", "legacy")

    def __init__(self, kind, text, legacy=False):
        self.kind, self.text, self.legacy = kind, text, legacy

    def __repr__(self):
        return self.text


def tokenize(line, legacy=False):
    out, pos = [], 0
    while pos < len(line):
        m = TOKEN.match(line, pos)
        if not m:
            raise ValueError("cannot read %r" % line[pos:pos + 30])
        pos = m.end()
        if m.lastgroup != "ws":
            out.append(Tok(m.lastgroup, m.group(), legacy))
    return out


# --- the preprocessor ----------------------------------------------------------------------

class Macro:
    def __init__(self, params, body):
        self.params, self.body = params, body  # params None: object-like


class Preprocessed:
    """A file's tokens after #if and macro expansion. `defines`: macros set
    before the file (name -> value); `headers`: texts whose #defines come first,
    as an #include would bring them. A token's `legacy` says it stands inside
    an #if block whose condition matches the regular expression `legacy`
    (DCSS's `TAG_MAJOR_VERSION == 34`: save compatibility only)."""

    def __init__(self, text, headers=(), defines=None, legacy=None):
        self.macros = {}
        self.legacy = legacy
        for name, value in (defines or {}).items():
            self.macros[name] = Macro(None, tokenize(str(value)))
        # The headers' #defines come first, as an #include would bring them (their other lines are not kept).
        for header in headers:
            self._read(header)
        self.tokens = self._read(text)

    def _read(self, text):
        """The file's tokens, each run of lines between two directives expanded
        with the macros defined at that point (as a #define or #undef further
        on does not reach back)."""
        text = strip_comments(text.replace("\\\n", " "), keep_lines=True)
        out, pending = [], []
        stack = []  # (taking, taken, legacy) for each open conditional block
        for line in text.split("\n"):
            s = line.strip()
            if s.startswith("#"):
                out.extend(self._expand(pending, set()))
                pending = []
                self._directive(s[1:].strip(), stack)
                continue
            if all(t for t, _, _ in stack):
                legacy = any(lg for _, _, lg in stack)
                pending.extend(tokenize(line, legacy))
        out.extend(self._expand(pending, set()))
        return out

    def _directive(self, d, stack):
        word = re.match(r"\w*", d).group()
        rest = d[len(word):].strip()
        active = all(t for t, _, _ in stack)
        if word in ("if", "ifdef", "ifndef"):
            if word == "ifdef":
                cond = rest in self.macros
            elif word == "ifndef":
                cond = rest not in self.macros
            else:
                cond = bool(self.evaluate_condition(rest)) if active else False
            stack.append((cond, cond, self.legacy is not None and re.fullmatch(self.legacy, rest) is not None))
        elif word == "elif":
            take, taken, _ = stack.pop()
            cond = not taken and bool(self.evaluate_condition(rest))
            stack.append((cond, taken or cond, False))
        elif word == "else":
            take, taken, legacy = stack.pop()
            stack.append((not taken, True, False))
        elif word == "endif":
            stack.pop()
        elif not active:
            return
        elif word == "define":
            m = re.match(r"(\w+)(\(([^)]*)\))?\s*(.*)", rest, re.S)
            name, params, body = m.group(1), m.group(3), m.group(4)
            plist = None if m.group(2) is None else [p.strip() for p in params.split(",") if p.strip()]
            self.macros[name] = Macro(plist, tokenize(body))
        elif word == "undef":
            self.macros.pop(rest, None)
        # #include, #pragma, #error: nothing to do for the tables.

    def evaluate_condition(self, expr):
        expr = re.sub(r"defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)",
                      lambda m: "1" if (m.group(1) or m.group(2)) in self.macros else "0", expr)
        toks = self._expand(tokenize(expr), set())
        return evaluate([t if t.kind != "id" else Tok("num", "0") for t in toks], {})

    def _expand(self, toks, hiding):
        out, i = [], 0
        while i < len(toks):
            t = toks[i]
            m = self.macros.get(t.text) if t.kind == "id" and t.text not in hiding else None
            if m is None:
                out.append(t)
                i += 1
                continue
            if m.params is None:
                body = [Tok(b.kind, b.text, t.legacy) for b in m.body]
                out.extend(self._expand(self._paste(body), hiding | {t.text}))
                i += 1
                continue
            if i + 1 >= len(toks) or toks[i + 1].text != "(":
                out.append(t)
                i += 1
                continue
            args, j = split_call(toks, i + 1)
            body = self._substitute(m, args, t.legacy)
            out.extend(self._expand(body, hiding | {t.text}))
            i = j
        return out

    def _substitute(self, m, args, legacy):
        if len(args) == 1 and not args[0] and not m.params:
            args = []
        if len(args) != len(m.params):
            raise ValueError("macro with %d parameters called with %d arguments" % (len(m.params), len(args)))
        bind = dict(zip(m.params, args))
        out, k = [], 0
        body = m.body
        while k < len(body):
            b = body[k]
            if b.text == "#" and k + 1 < len(body) and body[k + 1].text in bind:
                text = " ".join(x.text for x in bind[body[k + 1].text])
                out.append(Tok("str", '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"'), legacy))
                k += 2
                continue
            pasted = (k + 1 < len(body) and body[k + 1].text == "##") or (k > 0 and body[k - 1].text == "##")
            if b.kind == "id" and b.text in bind:
                arg = bind[b.text]
                # An argument next to ## is pasted as written; elsewhere it is expanded first.
                out.extend(Tok(a.kind, a.text, legacy) for a in (arg if pasted else self._expand(arg, set())))
            else:
                out.append(Tok(b.kind, b.text, legacy))
            k += 1
        return self._paste(out)

    @staticmethod
    def _paste(toks):
        out = []
        k = 0
        while k < len(toks):
            if toks[k].text == "##" and out and k + 1 < len(toks):
                left = out.pop()
                text = left.text + toks[k + 1].text
                out.append(Tok("id" if re.fullmatch(r"[A-Za-z_]\w*", text) else "num", text, left.legacy))
                k += 2
            else:
                out.append(toks[k])
                k += 1
        return out


def split_call(toks, open_at):
    """The arguments of a call whose "(" is toks[open_at]: (list of token lists, index after ")")."""
    depth, args, cur, j = 0, [], [], open_at
    while True:
        t = toks[j]
        if t.text in "([{":
            depth += 1
            if depth > 1:
                cur.append(t)
        elif t.text in ")]}":
            depth -= 1
            if depth == 0:
                args.append(cur)
                return args, j + 1
            cur.append(t)
        elif t.text == "," and depth == 1:
            args.append(cur)
            cur = []
        else:
            cur.append(t)
        j += 1


# --- initializers ----------------------------------------------------------------------------

class Group(list):
    """A brace group: its fields, each a Group or a token list (an expression)."""

    legacy = False


def parse_braces(toks, start):
    """The brace group opening at toks[start]: (Group, index after its "}")."""
    assert toks[start].text == "{"
    group = Group()
    group.legacy = toks[start].legacy
    cur, j = None, start + 1  # cur: the field being read, None before its first token
    parens = 0  # a comma inside parentheses (a macro's arguments) does not end a field
    while True:
        t = toks[j]
        if t.text == "(":
            parens += 1
        elif t.text == ")":
            parens -= 1
        if t.text == "{" and parens == 0:
            if cur is not None:
                raise ValueError("a brace group inside an expression near %s" % text_of(cur))
            cur, j = parse_braces(toks, j)
            continue
        if t.text in (",", "}") and parens == 0:
            if cur is not None:
                group.append(cur)
            elif t.text == ",":
                raise ValueError("an empty field")
            cur = None
            if t.text == "}":
                return group, j + 1
        else:
            if isinstance(cur, Group):
                raise ValueError("a token after a brace group: %s" % t.text)
            if cur is None:
                cur = []
            cur.append(t)
        j += 1


def table(pp, name):
    """The rows of the array defined as `name[] = { ... }` (or `name[SIZE] = { ... }`)."""
    toks = pp.tokens
    for i in range(len(toks) - 3):
        if toks[i].text == name and toks[i + 1].text == "[":
            j = i + 2
            while toks[j].text != "]":
                j += 1
            if toks[j + 1].text != "=":
                continue
            while toks[j].text != "{":
                j += 1
            rows, _ = parse_braces(toks, j)
            return rows
    raise ValueError("no table %s[]" % name)


def enum_values(pp, enum_name, known=None):
    """The constants of `enum enum_name { ... }` with their values (implicit ones counted)."""
    toks = pp.tokens
    values = dict(known or {})
    for i in range(len(toks) - 2):
        if toks[i].text == "enum" and toks[i + 1].text == enum_name:
            j = i + 2
            while toks[j].text != "{":
                j += 1
            body, _ = parse_braces(toks, j)
            nxt = 0
            for field in body:
                if not field:
                    continue
                name = field[0].text
                if len(field) > 1:
                    assert field[1].text == "="
                    nxt = evaluate(field[2:], values)
                values[name] = nxt
                nxt += 1
            return values
    raise ValueError("no enum %s" % enum_name)


def struct_fields(pp, struct_name):
    """The field names of `struct struct_name { ... }`, in order (a field's array
    bounds left out; one name a declaration)."""
    toks = pp.tokens
    for i in range(len(toks) - 2):
        if toks[i].text == "struct" and toks[i + 1].text == struct_name and toks[i + 2].text == "{":
            fields, decl, depth, j = [], [], 0, i + 3
            while depth > 0 or toks[j].text != "}":
                t = toks[j]
                depth += (t.text in "([{") - (t.text in ")]}")
                if t.text == ";" and depth == 0:
                    k = len(decl)
                    while k and decl[k - 1].text == "]":  # the bounds of an array: name[A][B]
                        k -= 1
                        while decl[k].text != "[":
                            k -= 1
                    fields.append(decl[k - 1].text)
                    decl = []
                else:
                    decl.append(t)
                j += 1
            return fields
    raise ValueError("no struct %s" % struct_name)


# --- expressions -----------------------------------------------------------------------------

def evaluate(toks, names):
    """An integer C constant expression: numbers, names (from `names`), unary
    - ~ !, * / %, + -, << >>, comparisons, & ^ |, && ||, parentheses, and
    casts to a named type ("(resists_t)x") read as no-ops."""
    toks = [t for t in toks]
    pos = [0]

    def peek():
        return toks[pos[0]].text if pos[0] < len(toks) else None

    def take():
        pos[0] += 1
        return toks[pos[0] - 1]

    def primary():
        t = take()
        if t.text == "(":
            # A cast: "(" type ")" followed by an operand.
            if (pos[0] + 1 < len(toks) and toks[pos[0]].kind == "id" and toks[pos[0] + 1].text == ")"
                    and toks[pos[0]].text not in names and pos[0] + 2 < len(toks)
                    and toks[pos[0] + 2].text not in ")|&*+-/,<>=^"):
                pos[0] += 2
                return unary()
            v = binary(0)
            assert take().text == ")"
            return v
        if t.kind == "num":
            return int(t.text.rstrip("uUlL"), 0)
        if t.kind == "chr":
            return ord(t.text[1:-1].encode().decode("unicode_escape"))
        if t.kind == "id":
            if t.text in ("true", "false"):
                return int(t.text == "true")
            if t.text not in names:
                raise KeyError(t.text)
            return names[t.text]
        raise ValueError("unexpected %s" % t.text)

    def unary():
        if peek() in ("-", "~", "!", "+"):
            op = take().text
            v = unary()
            return {"-": -v, "~": ~v, "!": int(not v), "+": v}[op]
        return primary()

    levels = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"],
              ["+", "-"], ["*", "/", "%"]]

    def apply(op, a, b):
        if op == "/":
            return int(a / b)  # C truncation
        if op == "%":
            return a - int(a / b) * b
        return {"||": lambda: int(bool(a or b)), "&&": lambda: int(bool(a and b)), "|": lambda: a | b,
                "^": lambda: a ^ b, "&": lambda: a & b, "==": lambda: int(a == b), "!=": lambda: int(a != b),
                "<": lambda: int(a < b), ">": lambda: int(a > b), "<=": lambda: int(a <= b),
                ">=": lambda: int(a >= b), "<<": lambda: a << b, ">>": lambda: a >> b,
                "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b}[op]()

    def binary(level):
        if level == len(levels):
            return unary()
        v = binary(level + 1)
        while peek() in levels[level]:
            op = take().text
            v = apply(op, v, binary(level + 1))
        return v

    v = binary(0)
    if pos[0] != len(toks):
        raise ValueError("trailing tokens in %s" % " ".join(t.text for t in toks))
    return v


def text_of(toks):
    return " ".join(t.text for t in toks)


def unparen(toks):
    """An expression without the parentheses around the whole of it."""
    while len(toks) >= 2 and toks[0].text == "(" and toks[-1].text == ")":
        depth = 0
        for k, t in enumerate(toks):
            depth += t.text == "("
            depth -= t.text == ")"
            if depth == 0 and k < len(toks) - 1:
                return toks
        toks = toks[1:-1]
    return toks


def name_of(toks):
    """A lone identifier (an enum constant)."""
    toks = unparen(toks)
    assert len(toks) == 1 and toks[0].kind == "id", text_of(toks)
    return toks[0].text


def string_of(toks):
    """A string literal (adjacent literals joined)."""
    toks = unparen(toks)
    assert toks and all(t.kind == "str" for t in toks), text_of(toks)
    return "".join(t.text[1:-1].encode().decode("unicode_escape") for t in toks)


def names_of(toks):
    """A `A | B | C` expression as its names (0 or a *_NO_FLAGS name: none)."""
    out = []
    for part in text_of(toks).split("|"):
        part = part.strip()
        if part and part != "0" and not part.endswith("NO_FLAGS"):
            out.append(part)
    return out
