"""fray's functions: one for each verb of the ``fray`` command line."""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import operator
import os
import random
import sys
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, TypeVar, Union, cast

from . import _fray
from ._fray import Error
from ._results import (
    Aim,
    Attack,
    Duel,
    Fov,
    ImportedCharacter,
    Path,
    Pmf,
    Roll,
    StrikeRun,
    Surprise,
    Table,
    Ttk,
    Turn,
)

__all__ = [
    "Rules",
    "RulesRef",
    "load_rules",
    "Spec",
    "Point",
    "MapInput",
    "spec",
    "dist",
    "roll",
    "attack",
    "strike",
    "ttk",
    "duel",
    "sweep",
    "bestiary",
    "table",
    "enchant_for_hit",
    "armor_for_hit",
    "catalog",
    "catalogs",
    "rulesets",
    "engines",
    "fov",
    "path",
    "aim",
    "surprise",
    "import_character",
    "turn",
    "game_verbs",
    "game_verb",
]

#: A combatant: spec text as on the command line, or a dictionary of keys.
Spec = Union[str, Mapping[str, Any]]
#: A cell: (x, y) or the text "x,y".
Point = Union[str, Tuple[int, int], Sequence[int]]
#: A map: its text (rows of ``#.+:@``), or a path to a map file.
MapInput = Union[str, "os.PathLike[str]"]

_MAX_SEED = 2**64 - 1


# --- rules -------------------------------------------------------------------------------------------


class Rules:
    """A ruleset fray knows, by its id: what ``fray.load_rules`` returns for a
    rules file (docs/rules.md), usable wherever a game's id is (``rules`` of
    ``attack``, ``ttk``, ``catalog``, ...). ``Rules(id)`` makes one for any
    ruleset, a built-in game's too (an alias gives the game's id).

    The attributes are what ``fray.rulesets()`` says of the ruleset now
    (``id``, ``title``, ``aliases``, ``player``, ``catalogs``, ``options``,
    ``engines``, ``verbs``, ``branches``, ``defaults``; ``to_json()`` all of
    them), and ``path``, the file it was last loaded from (None for text and
    built-in games). Loading a file with the same id again replaces the
    ruleset: every ``Rules`` of that id, and the id as a str, then mean the
    new one.
    """

    __slots__ = ("_id",)

    def __init__(self, id: str) -> None:
        if not isinstance(id, str):
            raise TypeError(f"id must be a str (a ruleset id), got {type(id).__name__}")
        self._id: str = _fray.ruleset(id)["id"]

    @property
    def id(self) -> str:
        return self._id

    def to_json(self) -> Dict[str, Any]:
        """``fray.rulesets()``'s entry for this ruleset (a fresh dict)."""
        return _fray.ruleset(self._id)

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]

    @property
    def title(self) -> str:
        return cast(str, self["title"])

    @property
    def aliases(self) -> List[str]:
        return cast(List[str], self["aliases"])

    @property
    def player(self) -> Optional[str]:
        """The catalog name of the player character a dict spec starts from, or None."""
        return cast(Optional[str], self["player"])

    @property
    def catalogs(self) -> List[str]:
        """The kinds of catalog it has (``fray.catalog(rules, kind)``)."""
        return cast(List[str], self["catalogs"])

    @property
    def options(self) -> List[str]:
        return cast(List[str], self["options"])

    @property
    def engines(self) -> List[str]:
        return cast(List[str], self["engines"])

    @property
    def verbs(self) -> List[str]:
        return cast(List[str], self["verbs"])

    @property
    def branches(self) -> List[Dict[str, Any]]:
        return cast(List[Dict[str, Any]], self["branches"])

    @property
    def defaults(self) -> Dict[str, Any]:
        return cast(Dict[str, Any], self["defaults"])

    @property
    def path(self) -> Optional[str]:
        """The rules file this ruleset was last loaded from (absolute), or None."""
        return _loaded_from.get(self._id)

    def __str__(self) -> str:
        return self._id

    def __repr__(self) -> str:
        where = f", path={self.path!r}" if self.path is not None else ""
        return f"Rules({self._id!r}, title={self.title!r}{where})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and other._id == self._id

    def __hash__(self) -> int:
        return hash(("fray.Rules", self._id))


#: A ruleset: its id (or an alias) as a str, or a :class:`Rules`.
RulesRef = Union[str, Rules]

# The file each ruleset loaded from a path was last read from; a ruleset
# loaded from text has none.
_loaded_from: Dict[str, Optional[str]] = {}


def _is_rules_text(s: str) -> bool:
    """Whether a str given to load_rules is a rules file's text rather than a
    path: one with a line break, one that (after blanks) starts with '[' as
    a TOML table does, or one with nothing but blanks."""
    return "\n" in s or "\r" in s or s.lstrip().startswith("[") or not s.strip()


def load_rules(path_or_text: Union[str, "os.PathLike[str]"]) -> Rules:
    """Reads a rules file (docs/rules.md: a game's melee described in TOML)
    and makes its ruleset known to every function, as the built-in games are.

    ``path_or_text`` is a path (an ``os.PathLike`` such as ``pathlib.Path``,
    or a str) or the file's text: a str is text when it has a line break or
    starts with ``[`` (a TOML table, blanks before it aside), else a path.
    A file's ``include`` files are read beside it; text has no includes.
    Loading a file whose id a loaded file already has replaces that ruleset
    (edit the file, load it again); a built-in game's id is refused.

    Returns the :class:`Rules`, usable wherever a game's id is, as is the id
    itself. A problem in the file raises :class:`fray.RulesFileError` (a
    ``fray.Error``) with its ``file`` (the path, or ``<rules>`` for text),
    ``line``, ``column`` and ``reason``.

    >>> r = fray.load_rules(pathlib.Path("examples/rules/percent.toml"))
    >>> fray.attack(r, "knight", "goblin").p_hit
    """
    if isinstance(path_or_text, os.PathLike):
        path: Union[str, bytes] = os.fspath(path_or_text)
        is_text = False
    elif isinstance(path_or_text, str):
        path = path_or_text
        is_text = _is_rules_text(path_or_text)
    else:
        raise TypeError(
            "path_or_text must be a str (a path, or a rules file's text) or an os.PathLike path, "
            f"got {type(path_or_text).__name__}"
        )
    if is_text:
        info = _fray.load_rules_text(cast(str, path))
        _loaded_from[info["id"]] = None
    else:
        info = _fray.load_rules_file(os.fsencode(path))
        _loaded_from[info["id"]] = os.fsdecode(os.path.abspath(path))
    return Rules(info["id"])


def _ruleset(rules: Any, order: Optional[str] = None) -> Dict[str, Any]:
    """The game ``rules`` names (an id, an alias or a :class:`Rules`), as ``fray.rulesets()`` describes it.

    An unknown name raises the command line's message; ``order``, the
    signature of a function whose arguments moved, is added to it, since a
    call in the old order puts a spec where the rules go.
    """
    if isinstance(rules, Rules):
        return _fray.ruleset(rules.id)
    if not isinstance(rules, str):
        raise TypeError(
            f"rules must be a str (a ruleset id) or a fray.Rules, got {type(rules).__name__}" + _order_hint(order)
        )
    try:
        return _fray.ruleset(rules)
    except Error as e:
        if order is None:
            raise
        raise Error(f"{e}{_order_hint(order)}") from None


def _order_hint(order: Optional[str]) -> str:
    return "" if order is None else f" (the rules come first: fray.{order})"


def _ruleset_id(rules: Any) -> str:
    return _ruleset(rules)["id"]


_F = TypeVar("_F", bound=Callable[..., Any])


def _rules_first(order: str) -> Callable[[_F], _F]:
    """For a function whose arguments were reordered so that the rules come
    first, as in every function that takes them: a call in the old order
    fails and shows the new one, rather than meaning something else. The
    arguments that do not bind raise TypeError; rules that are no ruleset
    (a spec, a map) raise fray.Error."""

    def wrap(f: _F) -> _F:
        signature = inspect.signature(f)

        @functools.wraps(f)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError as e:
                raise TypeError(f"{f.__name__}(): {e}{_order_hint(order)}") from None
            _ruleset(bound.arguments["rules"], order)
            return f(*args, **kwargs)

        return cast(_F, call)

    return wrap


# --- numbers -------------------------------------------------------------------------------------------


def _is_bool(value: Any) -> bool:
    # numpy's bool_ is no bool subclass, and numpy 1.x still gives it __index__.
    if isinstance(value, bool):
        return True
    np = sys.modules.get("numpy")
    return np is not None and isinstance(value, np.bool_)


def _is_integral(value: Any) -> bool:
    """int, numpy's integers, any numbers.Integral or type with __index__; not bool."""
    if _is_bool(value) or isinstance(value, (str, bytes)):
        return False
    if isinstance(value, numbers.Integral):
        return True
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def _integer(value: Any, what: str, must: str = "a whole number") -> int:
    """A whole number from any integral type, or a real number without a
    fraction (``5.0``, numpy's ``float64(5)``); ``what`` names the argument.

    A bool or a value that is no number raises TypeError; a fraction, NaN or
    an infinity raises fray.Error.
    """
    if _is_bool(value):
        raise TypeError(f"{what} must be {must}, got the bool {value!r}")
    if _is_integral(value):
        return operator.index(value)
    if isinstance(value, numbers.Real):
        f = float(value)
        if math.isfinite(f) and f.is_integer():
            return int(f)
        raise Error(f"{what} must be {must}, got {value!r}")
    raise TypeError(f"{what} must be {must}, got {type(value).__name__} {value!r}")


def _real(value: Any, what: str) -> float:
    """A finite real number from any real type (int, float, numpy's); not bool."""
    if _is_bool(value):
        raise TypeError(f"{what} must be a number, got the bool {value!r}")
    if not (isinstance(value, numbers.Real) or _is_integral(value)):
        raise TypeError(f"{what} must be a number, got {type(value).__name__} {value!r}")
    try:
        f = float(value)
    except OverflowError:
        f = math.inf
    if not math.isfinite(f):
        raise Error(f"{what} must be a finite number, got {value!r}")
    return f


def _whole(value: Any, what: str) -> int:
    value = _integer(value, what)
    if not -(2**63) <= value < 2**63:
        raise Error(f"{what} {value} is out of range")
    return value


def _seed(seed: Optional[Any]) -> int:
    if seed is None:
        return random.SystemRandom().getrandbits(64)
    must = f"a whole number 0..{_MAX_SEED}"
    seed = _integer(seed, "seed", must)
    if not 0 <= seed <= _MAX_SEED:
        raise Error(f"seed must be {must}, got {seed!r}")
    return seed


def _count(count: Any) -> int:
    count = _whole(count, "count")
    if not 1 <= count <= _fray.MAX_COUNT:
        raise Error(f"count {count} is out of range 1..{_fray.MAX_COUNT}")
    return count


# --- specs -------------------------------------------------------------------------------------------


def _value_text(key: str, value: Any) -> str:
    what = f"spec key '{key}'"
    if _is_bool(value):
        return "1" if value else "0"
    if isinstance(value, str):
        return value
    if _is_integral(value):
        return str(operator.index(value))
    if isinstance(value, numbers.Real):
        f = float(value)
        if not math.isfinite(f):
            raise Error(f"{what} must be a finite number, got {value!r}")
        return repr(f)
    pair = _pair(value)
    if pair is not None:
        lo, hi = (_integer(v, f"{what} (a range)") for v in pair)
        return f"{lo}-{hi}"  # a range "LO-HI"
    raise TypeError(f"{what}: a value must be a str, a number, a bool or (lo, hi), got {type(value).__name__}")


def _pair(value: Any) -> Optional[Tuple[Any, Any]]:
    """A tuple, list or one-dimensional numpy array of two items, or None."""
    if isinstance(value, (tuple, list)) or getattr(value, "ndim", None) == 1:
        items = list(value)
        if len(items) == 2:
            return items[0], items[1]
    return None


def _spec_text(info: Dict[str, Any], combatant: Spec) -> str:
    if isinstance(combatant, str):
        return combatant
    if not isinstance(combatant, Mapping):
        raise TypeError(f"a combatant is a spec str or a dict, got {type(combatant).__name__}")
    keys = dict(combatant)
    if "name" in keys:
        name = keys.pop("name")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"spec key 'name' must be a str or None, got {type(name).__name__}")
    else:
        name = info["player"]  # None in a game whose specs have no player character
    for key in keys:
        if not isinstance(key, str):
            raise TypeError(f"spec keys are str, got {type(key).__name__}")
    items = ",".join(f"{k}={_value_text(k, v)}" for k, v in keys.items())
    if not name:
        return items
    return f"{name}:{items}" if items else name


def spec(rules: RulesRef, combatant: Spec) -> str:
    """The spec text of a combatant given as text or as a dictionary.

    Text passes unchanged. A dictionary's key ``"name"`` is the catalog name
    (``None`` or ``""``: inline keys); without it, the game's player
    character (``fray.rulesets()``'s ``player``: for example ``hero`` in pixel-dungeon
    and shattered-pd, ``player`` in brogue and both crawls), or inline keys
    in a game without one (epixx). The other keys become ``key=value`` in
    order; ``True`` is ``1``, ``False`` ``0``, a pair ``(lo, hi)`` the range
    ``lo-hi``; numbers may be numpy's.

    >>> fray.spec("pixel-dungeon", {"class": "warrior", "level": 5})
    'hero:class=warrior,level=5'
    """
    return _spec_text(_ruleset(rules), combatant)


def _flags(situation: Union[str, Iterable[str], None]) -> List[str]:
    if situation is None:
        return []
    if isinstance(situation, str):
        return [s for s in situation.split(",") if s]
    flags = list(situation)
    for f in flags:
        if not isinstance(f, str):
            raise TypeError(f"situation flags are str, got {type(f).__name__}")
    return flags


def _columns(columns: Union[str, Iterable[str]]) -> List[str]:
    # A comma list as `fray sweep --columns` reads it, or the names one by one.
    if isinstance(columns, str):
        return [c.strip() for c in columns.split(",") if c.strip()]
    names = list(columns)
    for c in names:
        if not isinstance(c, str):
            raise TypeError(f"columns are str, got {type(c).__name__}")
    return names


def _point(p: Point, what: str) -> str:
    if isinstance(p, str):
        return p
    try:
        x, y = p  # type: ignore[misc]
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be (x, y) or 'x,y', got {p!r}") from None
    return f"{_integer(x, what + ' x')},{_integer(y, what + ' y')}"


def _options(kind: Optional[str], from_: Optional[Point], to: Optional[Point]) -> Dict[str, str]:
    o: Dict[str, str] = {}
    if kind is not None:
        o["kind"] = kind
    if from_ is not None:
        o["from"] = _point(from_, "from_")
    if to is not None:
        o["to"] = _point(to, "to")
    return o


def _map(map: MapInput) -> Tuple[str, bool]:
    if isinstance(map, os.PathLike):
        return os.fspath(map), True
    if not isinstance(map, str):
        raise TypeError(f"a map is its text or a path, got {type(map).__name__}")
    return map, False


# --- dice ---------------------------------------------------------------------------------------------


def dist(expr: str) -> Pmf:
    """The exact distribution of a dice expression (``fray dist``).

    >>> p = fray.dist("4d6kh3")
    >>> p.mean, p.at_least(15)
    """
    return Pmf(_fray.dist(expr))


def roll(expr: str, seed: Optional[int] = None, count: int = 1, rng: str = "default") -> Roll:
    """Seeded rolls of a dice expression (``fray roll``); ``rng`` is an engine of ``fray.engines()``.

    Without a seed a fresh one is drawn and kept in the result. The same seed
    gives the same rolls as ``fray roll EXPR --seed S --count N --rng R``.
    """
    return Roll(_fray.roll(expr, _seed(seed), _count(count), rng))


# --- one attack -----------------------------------------------------------------------------------------


def attack(
    rules: RulesRef,
    attacker: Spec,
    defender: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
    kind: Optional[str] = None,
    from_: Optional[Point] = None,
    to: Optional[Point] = None,
) -> Attack:
    """The exact outcome of one attack (``fray attack``): P(hit), the outcome kinds, the damage.

    ``kind``, ``from_`` and ``to`` are the command line's ``--kind``, ``--from``
    and ``--to``, for the games that read them.
    """
    info = _ruleset(rules)
    return Attack(
        _fray.attack(
            info["id"],
            _spec_text(info, attacker),
            _spec_text(info, defender),
            _flags(situation),
            _options(kind, from_, to),
        )
    )


def strike(
    rules: RulesRef,
    attacker: Spec,
    defender: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
    seed: Optional[int] = None,
    count: int = 1,
    rng: str = "default",
    kind: Optional[str] = None,
    from_: Optional[Point] = None,
    to: Optional[Point] = None,
) -> StrikeRun:
    """Sampled attacks with a trace of every draw (``fray strike``).

    The same seed gives the same strikes, draw for draw, as
    ``fray strike ... --seed S --count N --rng R``. The first 1000 strikes keep
    their trace; all ``count`` are counted in ``hits`` and ``total_damage``.
    """
    info = _ruleset(rules)
    return StrikeRun(
        _fray.strike(
            info["id"],
            _spec_text(info, attacker),
            _spec_text(info, defender),
            _flags(situation),
            _options(kind, from_, to),
            _seed(seed),
            _count(count),
            rng,
        )
    )


# --- fights ---------------------------------------------------------------------------------------------


def _method(method: Optional[str], exact: bool, sims: Optional[Any]) -> Tuple[str, Optional[int]]:
    """The method asked for and the fights of any sampled part, as the command
    line reads ``--method``, ``--exact`` and ``--sims``: ``exact=True`` is
    ``method="exact"`` (the two exclude each other, as ``--exact`` and
    ``--method`` do), ``sims`` alone asks for Monte Carlo, and with a method
    it is the fights of whatever part Monte Carlo answers."""
    if sims is not None:
        sims = _whole(sims, "sims")
    if method is not None:
        if not isinstance(method, str):
            raise TypeError(f"method must be a str (auto, exact or monte-carlo), got {type(method).__name__}")
        if exact:
            raise Error("exact and method exclude each other (exact=True is method='exact')")
        return method, sims
    if exact:
        return "exact", sims
    return ("monte-carlo" if sims is not None else "auto"), sims


def _optional(value: Optional[Any], what: str) -> Optional[int]:
    return None if value is None else _whole(value, what)


def ttk(
    rules: RulesRef,
    attacker: Spec,
    defender: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
    method: Optional[str] = None,
    exact: bool = False,
    sims: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    kind: Optional[str] = None,
    from_: Optional[Point] = None,
    to: Optional[Point] = None,
) -> Ttk:
    """Attacks and game time to kill a defender that does not fight back (``fray ttk``);
    its own turns (its regeneration, HP it loses, its state) still count.

    ``method`` is the command line's ``--method``: ``"auto"`` (exact when the
    rules allow it within about a second's work, else Monte Carlo), ``"exact"`` (Monte Carlo when the exact
    analysis cannot be made) or ``"monte-carlo"``; ``exact=True`` is
    ``method="exact"``. ``sims`` is the number of fights of any part Monte
    Carlo answers (100 000 by default); given alone, without ``method`` or
    ``exact``, it asks for Monte Carlo. ``seed`` default 1, ``threads``
    default all cores (the answer does not depend on ``threads``). The answer
    says which method each part used (``method``, ``sampled``) and why
    (``method_reason``).
    """
    info = _ruleset(rules)
    method, sims = _method(method, exact, sims)
    return Ttk(
        _fray.ttk(
            info["id"],
            _spec_text(info, attacker),
            _spec_text(info, defender),
            _flags(situation),
            _options(kind, from_, to),
            method,
            sims,
            None if seed is None else _seed(seed),
            _optional(threads, "threads"),
        )
    )


def duel(
    rules: RulesRef,
    a: Spec,
    b: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
    method: Optional[str] = None,
    exact: bool = False,
    sims: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    first: str = "a",
    kind: Optional[str] = None,
    from_: Optional[Point] = None,
    to: Optional[Point] = None,
) -> Duel:
    """Who wins a fight to the death or the first escape (``fray duel``), exact or Monte Carlo.

    ``method`` as in ``ttk``: ``"auto"`` (the default: exact when the rules
    allow it within about a second's work, else Monte Carlo), ``"exact"`` (``exact=True``; Monte Carlo when
    the exact analysis cannot be made) or ``"monte-carlo"``. ``sims`` is the
    number of fights Monte Carlo runs (100 000 by default); alone it asks for
    Monte Carlo. The fights start from ``seed`` (default 1) on ``threads``
    threads (default all cores; the answer does not depend on it). The answer
    says which method was used (``method``) and why (``method_reason``).
    ``first`` ("a" or "b") attacks first when both are due together.
    """
    info = _ruleset(rules)
    method, sims = _method(method, exact, sims)
    return Duel(
        _fray.duel(
            info["id"],
            _spec_text(info, a),
            _spec_text(info, b),
            _flags(situation),
            _options(kind, from_, to),
            method,
            sims,
            None if seed is None else _seed(seed),
            _optional(threads, "threads"),
            first,
        )
    )


# --- game tables -------------------------------------------------------------------------------------------


@_rules_first("sweep(rules, attacker, defender, situation=(), *, key=None, skill=None, start=0, stop=27, step=1, ...)")
def sweep(
    rules: RulesRef,
    attacker: Spec,
    defender: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
    key: Optional[str] = None,
    skill: Optional[str] = None,
    start: float = 0,
    stop: float = 27,
    step: float = 1,
    side: str = "attacker",
    method: Optional[str] = None,
    sims: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    columns: Union[str, Iterable[str], None] = None,
) -> Table:
    """A stat raised step by step (``fray sweep``).

    With ``key``, any numeric spec key of any game (``fray sweep --key``):
    the key is set in ``side``'s spec (``attacker`` or ``defender``) for each
    value from ``start`` to ``stop`` by ``step``, and each row gives
    ``p_hit``, ``mean_damage``, ``mean_attacks_to_kill``, ``mean_hits_to_kill``
    and ``p_attacker_wins``. ``method`` is how each row's fights are solved,
    as ``fray sweep --method``: ``"auto"`` (the default: exact when the rules
    allow it within about a second's work, else Monte Carlo), ``"exact"`` (Monte Carlo, said so, when it
    cannot be made) or ``"monte-carlo"``; ``sims`` is the fights of each row
    Monte Carlo answers (10 000 by default; it never changes the method), from
    ``seed``. The notes say which rows were exact and which Monte Carlo, and why.
    ``columns`` (a comma list or a list of column names, as ``fray sweep
    --columns``) computes only the columns named: ``p_hit``, ``mean_damage``
    and ``warnings`` are always there, ``mean_attacks_to_kill`` or
    ``mean_hits_to_kill`` add turns to kill, ``p_attacker_wins`` the duel; the
    others are ``None``. Every column by default.

    With ``skill``, the game's own skill sweep where it has one
    (``fray.game_verbs()``'s ``skill-sweep``; for example crawl's
    ``fighting``, ``weapon_skill`` or ``dex``): a table of P(hit) and mean damage
    (``fray sweep --skill``); it has no fights, so ``method``, ``sims``,
    ``seed`` and ``threads`` are refused.

    >>> fray.sweep("pixel-dungeon", "hero:weapon=war_hammer", "gnoll_scout", key="str", start=10, stop=18, step=2)
    """
    info = _ruleset(rules)
    rid = info["id"]
    a, d = _spec_text(info, attacker), _spec_text(info, defender)
    lo, hi, by = _real(start, "start"), _real(stop, "stop"), _real(step, "step")
    if key is not None:
        if skill is not None:
            raise Error("sweep: give key or skill, not both")
        if method is not None and not isinstance(method, str):
            raise TypeError(f"method must be a str (auto, exact or monte-carlo), got {type(method).__name__}")
        return Table(
            _fray.sweep_key(
                rid, a, d, _flags(situation), {}, key, lo, hi, by, side, "auto" if method is None else method,
                _optional(sims, "sims"), None if seed is None else _seed(seed), _optional(threads, "threads"),
                None if columns is None else _columns(columns),
            )
        )
    if skill is None:
        raise Error("sweep: key is required (a spec key: fray.catalog(rules, 'keys'))")
    if columns is not None:
        raise Error("sweep: columns is for a key sweep (a skill sweep has p_hit and mean_damage only)")
    fights = [n for n, v in (("method", method), ("sims", sims), ("seed", seed), ("threads", threads)) if v is not None]
    if fights:
        verb = "is" if len(fights) == 1 else "are"
        raise Error(f"sweep: {', '.join(fights)} {verb} for a key sweep (a skill sweep has no fights)")
    return Table(
        _game_verb(
            "skill-sweep",
            rid,
            {"attacker": a, "defender": d, "situation": _flags(situation), "skill": skill,
             "from": repr(lo), "to": repr(hi), "step": repr(by)},
            {"verb": "sweep", "from": "start", "to": "stop"},
        )
    )


@_rules_first("bestiary(rules, attacker, situation=(), *, monsters=None, hd=None, branch=None, ...)")
def bestiary(
    rules: RulesRef,
    attacker: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
    monsters: Union[str, Iterable[str], None] = None,
    hd: Union[str, int, float, Tuple[float, float], None] = None,
    branch: Optional[str] = None,
    method: Optional[str] = None,
    sims: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    row_work: Optional[float] = None,
    kind: Optional[str] = None,
) -> Table:
    """A character against every monster of a game (``fray bestiary``).

    One row per monster of the game's catalog (``monsters``: only those; ``hd``:
    only those whose level, Crawl's ``hd`` or epixx's ``level``, lies in the
    range: ``"1-5"``, ``3``, ``(1, 5)``; ``branch``: only those the game's random
    generation places in a branch's levels, ``"D"``, ``"D:3"``, ``"D:1-5"``, DCSS
    only, as ``--branch``), in order of danger: ``p_hit`` and
    damage both ways, ``hits_to_kill``, ``turns_to_kill``, ``p_win``, ``p_lose``,
    the duel's ``method``, its Monte Carlo ``fights`` and interval, and a
    ``note`` for what the game could not answer (docs/json.md). ``method``,
    ``sims`` (the most fights of a sampled row, 2 000 by default), ``seed``,
    ``threads`` (rows side by side; the rows do not depend on it) and
    ``row_work`` (each fight's work, docs/limits.md) as on the command line.

    >>> fray.bestiary("pixel-dungeon", "hero:class=warrior,level=5", monsters=["marsupial_rat", "gnoll_scout"])
    """
    info = _ruleset(rules)
    if method is not None and not isinstance(method, str):
        raise TypeError(f"method must be a str (auto, exact or monte-carlo), got {type(method).__name__}")
    names: List[str] = []
    if monsters is not None:
        names = [m for m in monsters.split(",")] if isinstance(monsters, str) else [str(m) for m in monsters]
        if not names:
            raise Error("bestiary: monsters names no monster")
    level: Optional[str] = None
    if hd is not None:
        if isinstance(hd, str):
            level = hd
        elif isinstance(hd, bool):
            raise TypeError("hd must be a range (\"1-5\"), a number or a (lo, hi) pair, got bool")
        elif isinstance(hd, (int, float)):
            level = repr(hd)
        else:
            pair = tuple(hd)
            if len(pair) != 2:
                raise Error(f"bestiary: hd must be a (lo, hi) pair, got {len(pair)} values")
            level = f"{_real(pair[0], 'hd')!r}-{_real(pair[1], 'hd')!r}"
    if branch is not None and not isinstance(branch, str):
        raise TypeError(f"branch must be a str (\"D\", \"D:3\", \"D:1-5\"), got {type(branch).__name__}")
    return Table(
        _fray.bestiary(
            info["id"],
            _spec_text(info, attacker),
            _flags(situation),
            _options(kind, None, None),
            names,
            level,
            "auto" if method is None else method,
            _optional(sims, "sims"),
            None if seed is None else _seed(seed),
            _optional(threads, "threads"),
            None if row_work is None else _real(row_work, "row_work"),
            branch,
        )
    )


@_rules_first("table(rules, kind, *, percent=None, monsters=None, reachable=False)")
def table(
    rules: RulesRef,
    kind: str,
    *,
    percent: Optional[Iterable[int]] = None,
    monsters: Optional[Iterable[str]] = None,
    reachable: bool = False,
) -> Table:
    """A game's balance tables (``fray table``; for example Brogue's ``enchant-for-hit`` or ``armor-for-hit``).

    ``percent``: target percentages (default the wiki's); ``monsters``: the rows
    (default the wiki's), the defenders of enchant-for-hit or the attackers of
    armor-for-hit; ``reachable`` (armor-for-hit): only defenses a player can have.

    >>> fray.table("brogue", "enchant-for-hit", percent=[50, 90])
    """
    percents = [] if percent is None else [_whole(p, "percent") for p in percent]
    if percent is not None and not percents:
        raise Error("table percent: no percentages given")
    names = [] if monsters is None else [m for m in monsters]
    for m in names:
        if not isinstance(m, str):
            raise TypeError(f"monsters are names (str), got {type(m).__name__}")
    values: Dict[str, Any] = {"TABLE": kind, "monsters": names}
    if percents:
        values["percent"] = ",".join(str(p) for p in percents)
    if reachable:
        values["reachable"] = True
    return Table(_game_verb("table", _ruleset_id(rules), values))


def _offering(verb: str) -> str:
    """The first game that offers ``verb`` (``fray.game_verbs()``)."""
    for v in _fray.game_verbs():
        if v["name"] == verb and v["rulesets"]:
            return v["rulesets"][0]
    raise Error(f"no ruleset has the verb {verb}")


def enchant_for_hit(
    percent: Optional[Iterable[int]] = None, monsters: Optional[Iterable[str]] = None
) -> Table:
    """The net enchant a player needs to hit each monster at least X % of the time:
    ``enchant-for-hit`` of the first game whose ``table`` has it
    (``fray.table("brogue", "enchant-for-hit", ...)``)."""
    return table(_offering("table"), "enchant-for-hit", percent=percent, monsters=monsters)


def armor_for_hit(
    percent: Optional[Iterable[int]] = None, monsters: Optional[Iterable[str]] = None, reachable: bool = False
) -> Table:
    """The armor that holds each monster to at most X % to hit the player:
    ``armor-for-hit`` of the first game whose ``table`` has it
    (``fray.table("brogue", "armor-for-hit", ...)``)."""
    return table(_offering("table"), "armor-for-hit", percent=percent, monsters=monsters, reachable=reachable)


@_rules_first("turn(rules, defender, attackers, situation=(), *, kind='melee')")
def turn(
    rules: RulesRef,
    defender: Spec,
    attackers: Iterable[Spec],
    situation: Union[str, Iterable[str], None] = (),
    *,
    kind: str = "melee",
) -> Turn:
    """One defender turn facing several attacks, in order (``fray turn``; for example epixx's).

    >>> fray.turn("epixx", "str=1,agi=1,shield=1-3", ["str=0", "str=0"])
    """
    info = _ruleset(rules)
    if isinstance(attackers, (str, Mapping)):
        raise TypeError("attackers is a list of combatants (one spec str or dict each)")
    return Turn(
        _game_verb(
            "turn",
            info["id"],
            {
                "defender": _spec_text(info, defender),
                "attacker": [_spec_text(info, a) for a in attackers],
                "situation": _flags(situation),
                "kind": kind,
            },
        )
    )


# --- catalogs --------------------------------------------------------------------------------------------


def _catalog_rows(doc: Dict[str, Any]) -> List[Dict[str, Any]]:
    rows = []
    for e in doc["entries"]:
        row: Dict[str, Any] = {"name": e["name"]}
        row.update(e["stats"])
        row["description"] = e["description"]
        rows.append(row)
    return rows


def catalog(rules: RulesRef, kind: str, *, frame: Optional[bool] = None) -> Any:
    """One catalog of a game (``fray list --rules GAME KIND``): monsters, weapons,
    armors, classes, situations or keys.

    One dict per entry: ``name``, the entry's stats, ``description``. A pandas
    DataFrame when pandas can be imported (``frame=False`` keeps the list;
    ``frame=True`` requires pandas).
    """
    rows = _catalog_rows(_fray.catalog(_ruleset_id(rules), kind))
    if frame is False:
        return rows
    try:
        import pandas as pd  # type: ignore[import-not-found]
    except ImportError:
        if frame:
            raise
        return rows
    return pd.DataFrame(rows)


def catalogs(rules: RulesRef) -> Dict[str, int]:
    """The catalogs a game has and their sizes (``fray list --rules GAME``)."""
    return dict(_fray.catalogs(_ruleset_id(rules))["catalogs"])


def rulesets() -> List[Dict[str, Any]]:
    """Every game fray knows, the rules files loaded (``fray.load_rules``)
    last: id, title, aliases, player (the catalog name of its player
    character, or None), catalogs, request options, engines, verbs,
    branches, defaults."""
    return _fray.rulesets()


def engines() -> List[str]:
    """Every random engine by name, for ``roll(rng=...)`` and ``strike(rng=...)``."""
    return _fray.engines()


# --- grids -----------------------------------------------------------------------------------------------


def _fov_default() -> str:
    return _fray.fov_algorithms()[0]


#: ``fov``'s default algorithm: the first game's own field of view (``fray.game_verbs()``).
_FOV_DEFAULT = _fov_default()


def fov(map: MapInput, at: Point, radius: Optional[int] = None, algorithm: str = _FOV_DEFAULT) -> Fov:
    """The cells visible from ``at`` (``fray fov``).

    ``map`` is the map's text (or a path to a map file). ``algorithm``: a
    game's own field of view by its id (``fray.game_verbs()``'s ``fov``
    lists them; the first is the default; for example ``pixel-dungeon``:
    ShadowCaster, radius 1..8, default 8), ``symmetric`` (symmetric shadowcasting as libtcod
    computes it) or ``symmetric-exact`` (radius 0, the default, is unlimited).
    """
    text, is_path = _map(map)
    values: Dict[str, Any] = {"map": text, "at": _point(at, "at"), "algorithm": algorithm}
    r = _optional(radius, "radius")
    if r is not None:
        values["radius"] = str(r)
    return Fov(_fray.fov(*_verb_args(values, {}, is_path)))


@_rules_first("path(rules, map, start, target, *, magic=False, hit_chars=False)")
def path(rules: RulesRef, map: MapInput, start: Point, target: Point, *, magic: bool = False, hit_chars: bool = False) -> Path:
    """A game's projectile path (Ballistica) from ``start`` towards ``target`` (``fray path``).

    ``magic``: a magic ray that goes on past the target; ``hit_chars``: stop
    at the first character in the way (for example Pixel Dungeon's).

    >>> fray.path("pixel-dungeon", pathlib.Path("examples/maps/ballistics.txt"), (1, 1), (8, 4))
    """
    text, is_path = _map(map)
    values: Dict[str, Any] = {"map": text, "from": _point(start, "start"), "to": _point(target, "target")}
    if magic:
        values["magic"] = True
    if hit_chars:
        values["hit-chars"] = True
    return Path(
        _game_verb("path", _ruleset_id(rules), values, {"from": "start", "to": "target", "hit-chars": "hit_chars"}, is_path)
    )


def aim(rules: RulesRef, map: MapInput, start: Point, target: Point, *, flags: Optional[str] = None) -> Aim:
    """Where to tap so that a thrown item ends on ``target`` (``fray aim``):
    every cell of the map but ``start`` whose projectile path (the game's
    Ballistica) from ``start`` towards it stops on ``target``, by row then
    column. ``flags``: the Ballistica params of a game that takes them, a
    comma list as ``fray path --flags`` reads it (for example Shattered Pixel
    Dungeon's ``magic-bolt``).

    >>> fray.aim("pixel-dungeon", pathlib.Path("examples/maps/ballistics.txt"), (2, 5), (7, 3)).count
    """
    text, is_path = _map(map)
    values: Dict[str, Any] = {"map": text, "from": _point(start, "start"), "to": _point(target, "target")}
    if flags is not None:
        values["flags"] = flags
    return Aim(_game_verb("aim", _ruleset_id(rules), values, {"from": "start", "to": "target"}, is_path))


@_rules_first("surprise(rules, map, mob, hero, state, *, stealth=None, flying=False, alerted=False, radius=None)")
def surprise(
    rules: RulesRef,
    map: MapInput,
    mob: Point,
    hero: Point,
    state: str,
    *,
    stealth: Optional[int] = None,
    flying: bool = False,
    alerted: bool = False,
    radius: Optional[int] = None,
) -> Surprise:
    """The chance that a mob (``sleeping``, ``wandering`` or ``hunting``) has
    not noticed the hero, so the hero's next hit is a surprise attack
    (``fray surprise``; for example Pixel Dungeon's Mob.notice)."""
    text, is_path = _map(map)
    values: Dict[str, Any] = {"map": text, "mob": _point(mob, "mob"), "hero": _point(hero, "hero"), "state": state}
    for name, value in (("stealth", stealth), ("radius", radius)):
        v = _optional(value, name)
        if v is not None:
            values[name] = str(v)
    if flying:
        values["flying"] = True
    if alerted:
        values["alerted"] = True
    return Surprise(_game_verb("surprise", _ruleset_id(rules), values, {}, is_path))


# --- a player's own character --------------------------------------------------------------------------


def import_character(rules: RulesRef, text_or_path: Union[str, bytes, "os.PathLike[str]"]) -> ImportedCharacter:
    """A game's own character file read as an attacker spec (``fray import``;
    ``crawl-0.34``: a DCSS 0.34 character file, the ``#`` dump or a morgue
    file). ``text_or_path`` is a path (``pathlib.Path``, or a str without a
    line break) or the file's text (a str with line breaks, or bytes, read as
    UTF-8).

    >>> c = fray.import_character("crawl-0.34", pathlib.Path("morgue.txt"))
    >>> fray.attack("crawl-0.34", c.spec, "orc_warrior").p_hit
    """
    values: Dict[str, Any] = {}
    if isinstance(text_or_path, os.PathLike):
        values["FILE"], is_path = os.fspath(text_or_path), True
    elif isinstance(text_or_path, bytes):
        values["FILE"], is_path = text_or_path.decode("utf-8", errors="replace"), False
    elif isinstance(text_or_path, str):
        is_path = "\n" not in text_or_path and "\r" not in text_or_path and text_or_path != ""
        values["FILE"] = text_or_path
    else:
        raise TypeError(f"a character file is its text or a path, got {type(text_or_path).__name__}")
    doc = _fray.game_verb(
        "import", _ruleset_id(rules), *_verb_args(values, {"FILE": "text_or_path"})[:2], set() if is_path else {"FILE"}
    )
    return ImportedCharacter(doc)


# --- the game verbs, generically ---------------------------------------------------------------------


def _verb_args(
    values: Mapping[str, Any], labels: Mapping[str, str], map_is_path: bool = True
) -> Tuple[Dict[str, List[str]], Dict[str, str], Set[str]]:
    """A verb's option values as the library reads them: a text option one
    str, a list its strs, a flag ``"true"``; ``labels`` name options in
    messages (their names by default); a map given as text (not a path) is
    said so."""
    out: Dict[str, List[str]] = {}
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            out[name] = ["true"]
        elif isinstance(value, str):
            out[name] = [value]
        else:
            out[name] = [str(v) for v in value]
    return out, dict(labels), (set() if map_is_path else {"map"})


def _game_verb(
    verb: str, rules: str, values: Mapping[str, Any], labels: Mapping[str, str] = {}, map_is_path: bool = True
) -> Dict[str, Any]:
    return _fray.game_verb(verb, rules, *_verb_args(values, labels, map_is_path))


def game_verbs() -> List[Dict[str, Any]]:
    """The verbs only some games have, as data: each one's ``name``, ``help``,
    ``options`` (``name``, ``help``, ``kind``: text, list or flag,
    ``required``, ``default``, ``map``, ``positional``) and ``rulesets`` (the
    games that offer it, in registry order); ``fov`` last (its ``rulesets``:
    the games with their own field of view)."""
    return _fray.game_verbs()


def game_verb(rules: RulesRef, verb: str, **options: Any) -> Dict[str, Any]:
    """Runs a verb only some games have (``fray.game_verbs()``) and returns
    its JSON document, as ``fray VERB --rules RULES --json`` prints it.

    Each option by its name (``_`` for ``-``): a str (or a number) for a text
    option, a list for a list option, True for a flag; a map option is a
    path to a map file (``pathlib.Path``) or the map's text.

    >>> fray.game_verb("brogue", "table", TABLE="enchant-for-hit", percent="50,90")
    """
    values: Dict[str, Any] = {}
    map_is_path = True
    for key, value in options.items():
        name = key.replace("_", "-") if key.upper() != key else key
        if name == "map":
            value, map_is_path = _map(value)
        elif isinstance(value, numbers.Real) and not _is_bool(value):
            value = repr(value)
        values[name] = value
    return _game_verb(verb, _ruleset_id(rules), values, {}, map_is_path)
