"""fray's functions: one for each verb of the ``fray`` command line."""

from __future__ import annotations

import os
import random
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _fray
from ._fray import Error
from ._results import Attack, Duel, Fov, Path, Pmf, Roll, StrikeRun, Surprise, Table, Ttk, Turn

__all__ = [
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
    "table",
    "enchant_for_hit",
    "armor_for_hit",
    "catalog",
    "catalogs",
    "rulesets",
    "engines",
    "fov",
    "path",
    "surprise",
    "turn",
]

#: A combatant: spec text as on the command line, or a dictionary of keys.
Spec = Union[str, Mapping[str, Any]]
#: A cell: (x, y) or the text "x,y".
Point = Union[str, Tuple[int, int], Sequence[int]]
#: A map: its text (rows of ``#.+:@``), or a path to a map file.
MapInput = Union[str, "os.PathLike[str]"]

_MAX_SEED = 2**64 - 1

# The catalog entry a dictionary without "name" describes, per game: the
# player character in the games whose specs start from one, an inline
# combatant in epixx (whose player is a set of keys, not a catalog entry).
_DEFAULT_NAME = {"pixel-dungeon": "hero", "brogue": "player", "crawl": "player", "epixx": None}


def _ruleset_id(rules: str) -> str:
    if not isinstance(rules, str):
        raise TypeError(f"rules must be a str, got {type(rules).__name__}")
    for r in _fray.rulesets():
        if rules == r["id"] or rules in r["aliases"]:
            return r["id"]
    return rules  # the library's own error names the rulesets it has


def _value_text(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}-{value[1]}"  # a range "LO-HI"
    raise TypeError(f"spec key '{key}': a value must be a str, int, float, bool or (lo, hi), got {type(value).__name__}")


def spec(rules: str, combatant: Spec) -> str:
    """The spec text of a combatant given as text or as a dictionary.

    Text passes unchanged. A dictionary's key ``"name"`` is the catalog name
    (``None`` or ``""``: inline keys); without it, the game's player
    character: ``hero`` (pixel-dungeon), ``player`` (brogue, crawl), inline
    keys (epixx). The other keys become ``key=value`` in order; ``True`` is
    ``1``, ``False`` ``0``, a pair ``(lo, hi)`` the range ``lo-hi``.

    >>> fray.spec("pixel-dungeon", {"class": "warrior", "level": 5})
    'hero:class=warrior,level=5'
    """
    if isinstance(combatant, str):
        return combatant
    if not isinstance(combatant, Mapping):
        raise TypeError(f"a combatant is a spec str or a dict, got {type(combatant).__name__}")
    keys = dict(combatant)
    rid = _ruleset_id(rules)
    if "name" in keys:
        name = keys.pop("name")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"spec key 'name' must be a str or None, got {type(name).__name__}")
    else:
        name = _DEFAULT_NAME.get(rid)
    for key in keys:
        if not isinstance(key, str):
            raise TypeError(f"spec keys are str, got {type(key).__name__}")
    items = ",".join(f"{k}={_value_text(k, v)}" for k, v in keys.items())
    if not name:
        return items
    return f"{name}:{items}" if items else name


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


def _point(p: Point, what: str) -> str:
    if isinstance(p, str):
        return p
    try:
        x, y = p
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be (x, y) or 'x,y', got {p!r}") from None
    if isinstance(x, bool) or isinstance(y, bool) or not isinstance(x, int) or not isinstance(y, int):
        try:
            import numpy as np

            if isinstance(x, np.integer) and isinstance(y, np.integer):
                return f"{int(x)},{int(y)}"
        except ImportError:  # pragma: no cover
            pass
        raise TypeError(f"{what} must be whole numbers (x, y), got {p!r}")
    return f"{x},{y}"


def _options(kind: Optional[str], from_: Optional[Point], to: Optional[Point]) -> Dict[str, str]:
    o: Dict[str, str] = {}
    if kind is not None:
        o["kind"] = kind
    if from_ is not None:
        o["from"] = _point(from_, "from_")
    if to is not None:
        o["to"] = _point(to, "to")
    return o


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return random.SystemRandom().getrandbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int):
        try:
            import numpy as np

            if isinstance(seed, np.integer):
                seed = int(seed)
        except ImportError:  # pragma: no cover
            pass
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
        raise Error(f"seed must be a whole number 0..{_MAX_SEED}, got {seed!r}")
    return seed


def _whole(value: Any, what: str) -> int:
    try:
        import numpy as np

        if isinstance(value, np.integer):
            value = int(value)
    except ImportError:  # pragma: no cover
        pass
    if isinstance(value, bool) or not isinstance(value, int):
        raise Error(f"{what} must be a whole number, got {value!r}")
    if not -(2**63) <= value < 2**63:
        raise Error(f"{what} {value} is out of range")
    return value


def _count(count: Any) -> int:
    count = _whole(count, "count")
    if not 1 <= count <= _fray.MAX_COUNT:
        raise Error(f"count {count} is out of range 1..{_fray.MAX_COUNT}")
    return count


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
    rules: str,
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
    rid = _ruleset_id(rules)
    return Attack(
        _fray.attack(rid, spec(rid, attacker), spec(rid, defender), _flags(situation), _options(kind, from_, to))
    )


def strike(
    rules: str,
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
    rid = _ruleset_id(rules)
    return StrikeRun(
        _fray.strike(
            rid,
            spec(rid, attacker),
            spec(rid, defender),
            _flags(situation),
            _options(kind, from_, to),
            _seed(seed),
            _count(count),
            rng,
        )
    )


# --- fights ---------------------------------------------------------------------------------------------


def _method(exact: bool, sims: Optional[int]) -> Tuple[str, Optional[int]]:
    if sims is not None:
        sims = _whole(sims, "sims")
        if exact:
            raise Error("exact and sims exclude each other")
        return "monte_carlo", sims
    return ("exact" if exact else "automatic"), None


def _threads(threads: Optional[int]) -> Optional[int]:
    return None if threads is None else _whole(threads, "threads")


def ttk(
    rules: str,
    attacker: Spec,
    defender: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
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

    Exact when the rules allow it; ``sims=N`` runs N Monte Carlo fights
    (``seed`` default 1, ``threads`` default all cores; the answer does not
    depend on ``threads``).
    """
    rid = _ruleset_id(rules)
    method, sims = _method(exact, sims)
    return Ttk(
        _fray.ttk(
            rid,
            spec(rid, attacker),
            spec(rid, defender),
            _flags(situation),
            _options(kind, from_, to),
            method,
            sims,
            None if seed is None else _seed(seed),
            _threads(threads),
        )
    )


def duel(
    rules: str,
    a: Spec,
    b: Spec,
    situation: Union[str, Iterable[str], None] = (),
    *,
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

    ``sims=None`` asks for the exact analysis (the solver falls back to Monte
    Carlo, with a note, when the rules do not allow it); ``sims=N`` runs N
    fights from ``seed`` (default 1) on ``threads`` threads (default all
    cores). ``first`` ("a" or "b") attacks first when both are due together.
    """
    rid = _ruleset_id(rules)
    method, sims = _method(exact, sims)
    return Duel(
        _fray.duel(
            rid,
            spec(rid, a),
            spec(rid, b),
            _flags(situation),
            _options(kind, from_, to),
            method,
            sims,
            None if seed is None else _seed(seed),
            _threads(threads),
            first,
        )
    )


# --- game tables -------------------------------------------------------------------------------------------


def sweep(
    attacker: Spec,
    defender: Spec,
    skill: Optional[str] = None,
    situation: Union[str, Iterable[str], None] = (),
    *,
    key: Optional[str] = None,
    start: float = 0,
    stop: float = 27,
    step: float = 1,
    side: str = "attacker",
    rules: str = "crawl",
    sims: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
) -> Table:
    """A stat raised step by step (``fray sweep``).

    With ``key``, any numeric spec key of any game (``fray sweep --key``):
    the key is set in ``side``'s spec (``attacker`` or ``defender``) for each
    value from ``start`` to ``stop`` by ``step``, and each row gives
    ``p_hit``, ``mean_damage``, ``mean_attacks_to_kill``, ``mean_hits_to_kill``
    and ``p_attacker_wins`` (Monte Carlo rows use ``sims`` fights, 10 000 by
    default, and ``seed``).

    With ``skill`` (crawl only: ``fighting``, ``weapon_skill`` or ``dex``),
    the crawl table of P(hit) and mean damage (``fray sweep --skill``).
    """
    rid = _ruleset_id(rules)
    if key is not None:
        if skill is not None:
            raise Error("sweep: give key or skill, not both")
        return Table(
            _fray.sweep_key(
                rid, spec(rid, attacker), spec(rid, defender), _flags(situation), {}, key, float(start), float(stop),
                float(step), side, sims, seed, threads,
            )
        )
    if skill is None:
        raise Error("sweep: key is required (a spec key: fray.catalog(rules, 'keys'))")
    return Table(
        _fray.sweep(
            rid, spec(rid, attacker), spec(rid, defender), _flags(situation), skill, float(start), float(stop), float(step)
        )
    )


def table(
    kind: str,
    *,
    percent: Optional[Iterable[int]] = None,
    monsters: Optional[Iterable[str]] = None,
    reachable: bool = False,
    rules: str = "brogue",
) -> Table:
    """Brogue's balance tables (``fray table``): ``enchant-for-hit`` or ``armor-for-hit``.

    ``percent``: target percentages (default the wiki's); ``monsters``: the rows
    (default the wiki's), the defenders of enchant-for-hit or the attackers of
    armor-for-hit; ``reachable`` (armor-for-hit): only defenses a player can have.
    """
    percents = [] if percent is None else [_whole(p, "percent") for p in percent]
    if percent is not None and not percents:
        raise Error("table percent: no percentages given")
    names = [] if monsters is None else [m for m in monsters]
    for m in names:
        if not isinstance(m, str):
            raise TypeError(f"monsters are names (str), got {type(m).__name__}")
    return Table(_fray.table(_ruleset_id(rules), kind, percents, names, bool(reachable)))


def enchant_for_hit(
    percent: Optional[Iterable[int]] = None, monsters: Optional[Iterable[str]] = None
) -> Table:
    """Brogue: the net enchant a player needs to hit each monster at least X % of the time."""
    return table("enchant-for-hit", percent=percent, monsters=monsters)


def armor_for_hit(
    percent: Optional[Iterable[int]] = None, monsters: Optional[Iterable[str]] = None, reachable: bool = False
) -> Table:
    """Brogue: the armor that holds each monster to at most X % to hit the player."""
    return table("armor-for-hit", percent=percent, monsters=monsters, reachable=reachable)


def turn(
    defender: Spec,
    attackers: Iterable[Spec],
    situation: Union[str, Iterable[str], None] = (),
    *,
    kind: str = "melee",
    rules: str = "epixx",
) -> Turn:
    """One epixx defender turn facing several attacks, in order (``fray turn``)."""
    rid = _ruleset_id(rules)
    return Turn(_fray.turn(rid, spec(rid, defender), [spec(rid, a) for a in attackers], _flags(situation), kind))


# --- catalogs --------------------------------------------------------------------------------------------


def _catalog_rows(doc: Dict[str, Any]) -> List[Dict[str, Any]]:
    rows = []
    for e in doc["entries"]:
        row: Dict[str, Any] = {"name": e["name"]}
        row.update(e["stats"])
        row["description"] = e["description"]
        rows.append(row)
    return rows


def catalog(rules: str, kind: str, *, frame: Optional[bool] = None) -> Any:
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


def catalogs(rules: str) -> Dict[str, int]:
    """The catalogs a game has and their sizes (``fray list --rules GAME``)."""
    return dict(_fray.catalogs(_ruleset_id(rules))["catalogs"])


def rulesets() -> List[Dict[str, Any]]:
    """Every game fray knows: id, title, aliases, catalogs, request options, engines."""
    return _fray.rulesets()


def engines() -> List[str]:
    """Every random engine by name, for ``roll(rng=...)`` and ``strike(rng=...)``."""
    return _fray.engines()


# --- grids -----------------------------------------------------------------------------------------------


def fov(map: MapInput, at: Point, radius: Optional[int] = None, algorithm: str = "pixel-dungeon") -> Fov:
    """The cells visible from ``at`` (``fray fov``).

    ``map`` is the map's text (or a path to a map file). ``algorithm``:
    ``pixel-dungeon`` (ShadowCaster, radius 1..8, default 8), ``symmetric``
    (symmetric shadowcasting as libtcod computes it) or ``symmetric-exact``
    (radius 0, the default, is unlimited).
    """
    text, is_path = _map(map)
    r = None if radius is None else _whole(radius, "radius")
    return Fov(_fray.fov(text, is_path, _point(at, "at"), r, algorithm))


def path(
    map: MapInput, start: Point, target: Point, *, magic: bool = False, hit_chars: bool = False, rules: str = "pixel-dungeon"
) -> Path:
    """Pixel Dungeon's projectile path (Ballistica) from ``start`` towards ``target`` (``fray path``).

    ``magic``: a magic ray that goes on past the target; ``hit_chars``: stop
    at the first character in the way.
    """
    text, is_path = _map(map)
    return Path(
        _fray.path(
            _ruleset_id(rules), text, is_path, _point(start, "start"), _point(target, "target"), bool(magic), bool(hit_chars)
        )
    )


def surprise(
    map: MapInput,
    mob: Point,
    hero: Point,
    state: str,
    *,
    stealth: Optional[int] = None,
    flying: bool = False,
    alerted: bool = False,
    radius: Optional[int] = None,
    rules: str = "pixel-dungeon",
) -> Surprise:
    """Pixel Dungeon: the chance that a mob (``sleeping``, ``wandering`` or
    ``hunting``) has not noticed the hero, so the hero's next hit is a
    surprise attack (``fray surprise``)."""
    text, is_path = _map(map)
    return Surprise(
        _fray.surprise(
            _ruleset_id(rules),
            text,
            is_path,
            _point(mob, "mob"),
            _point(hero, "hero"),
            state,
            None if stealth is None else _whole(stealth, "stealth"),
            bool(flying),
            bool(alerted),
            None if radius is None else _whole(radius, "radius"),
        )
    )
