"""Typed results of fray's functions.

Every result keeps the document `fray VERB --json` prints for the same
question (``to_json()``) and offers its parts as typed attributes: numbers as
floats and ints, distributions as :class:`Pmf` with numpy arrays.
"""

from __future__ import annotations

import copy
import itertools
import math
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, NamedTuple, Optional, Tuple

if TYPE_CHECKING:
    import numpy as np


def _numpy() -> Any:
    """numpy, imported when an array is first asked for: fray answers without it,
    its arrays need it."""
    try:
        import numpy
    except ImportError as e:
        raise ImportError("fray's arrays need numpy (Debian: apt-get install python3-numpy)") from e
    return numpy

__all__ = [
    "Pmf",
    "Outcome",
    "Draw",
    "Strike",
    "Result",
    "Roll",
    "Attack",
    "StrikeRun",
    "Ttk",
    "Duel",
    "Table",
    "Path",
    "Aim",
    "Fov",
    "ImportedCharacter",
    "Surprise",
    "Turn",
    "TurnAttack",
]


class Pmf:
    """An exact discrete distribution: each value with its probability.

    ``values`` and ``probs`` are numpy arrays in increasing value, impossible
    values left out. ``values`` is int64 for a whole quantity (damage, a dice
    sum, attacks to kill) and float64 for game time. ``mean`` and ``std`` are
    the library's own figures (as ``--json`` prints them).
    """

    __slots__ = ("_v", "_p", "_values", "_probs", "mean", "std", "expression", "_doc")

    mean: float
    std: float
    expression: Optional[str]

    def __init__(self, doc: Dict[str, Any]) -> None:
        pairs = doc["pmf"]
        if not pairs:
            raise ValueError("a Pmf needs at least one value")
        self._v: List[Any] = [v for v, _ in pairs]
        self._p: List[float] = [float(p) for _, p in pairs]
        self._values: Any = None
        self._probs: Any = None
        self.mean = float(doc["mean"])
        if "stddev" in doc:
            self.std = float(doc["stddev"])
        else:  # a distribution of game time carries only its mean
            var = sum(p * (v - self.mean) ** 2 for v, p in zip(self._v, self._p))
            self.std = math.sqrt(max(0.0, var))
        self.expression = doc.get("expression")
        self._doc = doc

    @property
    def values(self) -> "np.ndarray":
        """The possible values, increasing (int64, or float64 for game time); read-only."""
        if self._values is None:
            np = _numpy()
            whole = all(isinstance(v, int) for v in self._v)
            self._values = np.array(self._v, dtype=np.int64 if whole else np.float64)
            self._values.setflags(write=False)
        return self._values

    @property
    def probs(self) -> "np.ndarray":
        """Each value's probability (float64); read-only."""
        if self._probs is None:
            np = _numpy()
            self._probs = np.array(self._p, dtype=np.float64)
            self._probs.setflags(write=False)
        return self._probs

    @property
    def range(self) -> Optional[Tuple[int, int]]:
        """A dice expression's own smallest and largest values (``fray dist``'s
        ``range``), which ``min`` and ``max`` may fall short of when the
        distribution drops values too improbable for a double (1000d6:
        (1000, 6000), values 1599..5401); ``None`` when not known, and for a
        distribution that is no dice expression's."""
        r = self._doc.get("range")
        return None if r is None else (r[0], r[1])

    @property
    def min(self) -> Any:
        """The smallest possible value."""
        return self._v[0]

    @property
    def max(self) -> Any:
        """The largest possible value."""
        return self._v[-1]

    @property
    def var(self) -> float:
        """The variance, std squared."""
        return self.std * self.std

    # The sums below run in increasing value, one term at a time, as the
    # library's Pmf::at_least, Pmf::cdf and Pmf::quantile sum.

    def at_least(self, k: float) -> float:
        """P(X >= k)."""
        if k <= self._v[0]:
            return 1.0
        if k > self._v[-1]:
            return 0.0
        s = 0.0
        for v, p in zip(self._v, self._p):
            if v >= k:
                s += p
        return min(s, 1.0)

    def at_most(self, k: float) -> float:
        """P(X <= k)."""
        if k < self._v[0]:
            return 0.0
        if k >= self._v[-1]:
            return 1.0
        s = 0.0
        for v, p in zip(self._v, self._p):
            if v > k:
                break
            s += p
        return min(s, 1.0)

    def prob(self, v: float) -> float:
        """P(X == v) (0 for a value that cannot occur)."""
        return float(sum(p for x, p in zip(self._v, self._p) if x == v))

    def cdf(self) -> "np.ndarray":
        """P(X <= v) for each of ``values``."""
        np = _numpy()
        return np.array(list(itertools.accumulate(self._p)), dtype=np.float64)

    def quantile(self, q: float) -> Any:
        """The smallest value v with P(X <= v) >= q, for q in [0, 1]."""
        from ._fray import Error

        if not (0.0 <= q <= 1.0):
            raise Error(f"quantile {q} is outside [0, 1]")
        s = 0.0
        for v, p in zip(self._v, self._p):
            s += p
            # A tolerance keeps rounding from pushing q = 1 past the last value.
            if s >= q - 1e-15:
                return v
        return self._v[-1]

    def to_dict(self) -> Dict[Any, float]:
        """{value: probability}, in increasing value."""
        return dict(zip(self._v, self._p))

    def to_json(self) -> Dict[str, Any]:
        """The distribution as ``--json`` writes it: pmf pairs, mean, stddev, min, max."""
        return copy.deepcopy(self._doc)

    def __len__(self) -> int:
        return len(self._v)

    def __iter__(self) -> Iterator[Tuple[Any, float]]:
        return iter(zip(self._v, self._p))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pmf) and self._doc == other._doc

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        what = f"{self.expression!r}, " if self.expression else ""
        return f"Pmf({what}mean={self.mean:.6g}, std={self.std:.6g}, {self.min}..{self.max}, {len(self)} values)"


def _pmf_or_none(doc: Optional[Dict[str, Any]]) -> Optional[Pmf]:
    if doc is None or not doc.get("pmf"):
        return None
    return Pmf(doc)


def _interval(pair: Optional[List[float]]) -> Optional[Tuple[float, float]]:
    return None if pair is None else (float(pair[0]), float(pair[1]))


class Outcome(NamedTuple):
    """One kind of outcome of an attack: its name, probability, and whether it lands."""

    kind: str
    p: float
    lands: bool


class Draw(NamedTuple):
    """One random draw a strike made: what it decided, the game's call, the value."""

    label: str
    call: str
    value: Any


class Strike(NamedTuple):
    """One sampled attack."""

    outcome: str
    hit: bool
    damage: int
    rolls: Dict[str, Any]
    draws: List[Draw]


class Result:
    """A verb's answer: ``to_json()`` is the document ``fray VERB --json`` prints."""

    _doc: Dict[str, Any]

    def __init__(self, doc: Dict[str, Any]) -> None:
        self._doc = doc

    def to_json(self) -> Dict[str, Any]:
        """The ``--json`` document of the same question (a fresh copy)."""
        return copy.deepcopy(self._doc)

    def to_dict(self) -> Dict[str, Any]:
        """The same as ``to_json()``."""
        return self.to_json()

    def __getitem__(self, key: str) -> Any:
        return self._doc[key]

    def keys(self) -> List[str]:
        return list(self._doc)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._doc == other._doc  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]


class Roll(Result):
    """``fray.roll``: seeded rolls of a dice expression."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.expression: str = doc["expression"]
        self.seed: int = doc["seed"]
        self.engine: str = doc["engine"]

    @property
    def rolls(self) -> "np.ndarray":
        """The rolls, in order (int64)."""
        np = _numpy()
        return np.array(self._doc["rolls"], dtype=np.int64)

    def __repr__(self) -> str:
        return f"Roll({self.expression!r}, seed={self.seed}, rolls={self._doc['rolls']})"


class Attack(Result):
    """``fray.attack``: the exact outcome of one attack."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.attacker: Dict[str, Any] = doc["attacker"]
        self.defender: Dict[str, Any] = doc["defender"]
        self.situation: List[str] = doc["situation"]
        self.p_hit: float = doc["p_hit"]
        self.outcomes: List[Outcome] = [Outcome(o["kind"], o["p"], o["lands"]) for o in doc["outcomes"]]
        self.damage: Pmf = Pmf(doc["damage"])
        self.damage_on_hit: Pmf = Pmf(doc["damage_on_hit"])
        self.mean_damage: float = doc["mean_damage"]
        self.attack_time: float = doc["attack_time"]
        self.time_unit: str = doc["time_unit"]
        self.details: Dict[str, Any] = doc["details"]
        self.notes: List[str] = doc["notes"]
        # The items behind the answer, and what makes it worse than the specs may intend.
        self.equipment: List[str] = doc["equipment"]
        self.warnings: List[str] = doc["warnings"]
        # The two combatants' game mechanics this attack follows, and those it leaves out.
        self.modelled: List[str] = doc["modelled"]
        self.not_modelled: List[str] = doc["not_modelled"]

    def p(self, kind: str) -> float:
        """The probability of one outcome kind ("miss", "hit", "critical", ...); 0 if the attack has no such kind."""
        return sum(o.p for o in self.outcomes if o.kind == kind)

    def __repr__(self) -> str:
        return (
            f"Attack({self.rules}: {self.attacker['name']} vs {self.defender['name']}, "
            f"p_hit={self.p_hit:.6g}, mean_damage={self.mean_damage:.6g})"
        )


class StrikeRun(Result):
    """``fray.strike``: sampled attacks, the first 1000 with every draw."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.attacker: Dict[str, Any] = doc["attacker"]
        self.defender: Dict[str, Any] = doc["defender"]
        self.situation: List[str] = doc["situation"]
        self.seed: int = doc["seed"]
        self.engine: str = doc["engine"]
        self.count: int = doc["count"]
        self.p_hit: float = doc["p_hit"]
        self.traced: int = doc["traced"]
        self.strikes: List[Strike] = [
            Strike(
                s["outcome"],
                s["hit"],
                s["damage"],
                s["rolls"],
                [Draw(d["for"], d["call"], d["value"]) for d in s["draws"]],
            )
            for s in doc["strikes"]
        ]
        self.hits: int = doc["hits"]
        self.total_damage: int = doc["total_damage"]
        self.mean_damage: float = doc["mean_damage"]
        self.details: Dict[str, Any] = doc["details"]
        self.notes: List[str] = doc["notes"]
        self.modelled: List[str] = doc["modelled"]
        self.not_modelled: List[str] = doc["not_modelled"]

    @property
    def damages(self) -> "np.ndarray":
        """The damage of each traced strike (int64)."""
        np = _numpy()
        return np.array([s.damage for s in self.strikes], dtype=np.int64)

    @property
    def hit_mask(self) -> "np.ndarray":
        """Whether each traced strike landed (bool)."""
        np = _numpy()
        return np.array([s.hit for s in self.strikes], dtype=bool)

    def __repr__(self) -> str:
        return f"StrikeRun({self.rules}, seed={self.seed}, count={self.count}, hits={self.hits}, total_damage={self.total_damage})"


class Ttk(Result):
    """``fray.ttk``: attacks and game time to kill a defender that does not fight back
    (its own turns, such as regeneration, still count).

    ``method`` is how the answer was computed ("exact" or "monte-carlo"),
    ``method_asked`` the method asked for ("auto", "exact" or "monte-carlo"),
    ``method_reason`` why, and ``sampled`` the keys Monte Carlo computed
    (``["hits"]`` when only the hits were sampled).
    """

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.method: str = doc["method"]
        self.method_asked: str = doc["method_asked"]
        self.method_reason: str = doc["method_reason"]
        self.sampled: List[str] = doc["sampled"]
        self.defender_hp: int = doc["defender_hp"]
        self.attacks: Optional[Pmf] = _pmf_or_none(doc["attacks"])
        # Of those attacks, the ones that land.
        self.hits: Optional[Pmf] = _pmf_or_none(doc["hits"])
        self.time: Optional[Pmf] = _pmf_or_none(doc["time"])
        self.time_unit: str = doc["time_unit"]
        self.p_kill: float = doc["p_kill"]
        # The defender runs away before it is killed (Brogue: flees near death).
        self.p_escape: float = doc["p_escape"]
        self.attacker: Dict[str, Any] = doc["attacker"]
        self.defender: str = doc["defender"]
        self.unresolved: Optional[float] = doc.get("unresolved")
        self.sims: Optional[int] = doc.get("sims")
        self.seed: Optional[int] = doc.get("seed")
        self.p_kill_ci: Optional[Tuple[float, float]] = _interval(doc.get("p_kill_ci"))
        self.p_escape_ci: Optional[Tuple[float, float]] = _interval(doc.get("p_escape_ci"))
        self.notes: List[str] = doc["notes"]
        self.warnings: List[str] = doc["warnings"]
        # The two fighters' game mechanics the fight follows, and those it leaves out.
        self.modelled: List[str] = doc["modelled"]
        self.not_modelled: List[str] = doc["not_modelled"]

    def __repr__(self) -> str:
        mean = "never" if self.attacks is None else f"{self.attacks.mean:.6g}"
        return f"Ttk({self.rules}, {self.method}, p_kill={self.p_kill:.6g}, mean attacks={mean})"


class Duel(Result):
    """``fray.duel``: who wins a fight to the death (or the first escape).

    ``method``, ``method_asked``, ``method_reason`` and ``sampled`` as in :class:`Ttk`.
    """

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.method: str = doc["method"]
        self.method_asked: str = doc["method_asked"]
        self.method_reason: str = doc["method_reason"]
        self.sampled: List[str] = doc["sampled"]
        self.p_a_wins: float = doc["p_a_wins"]
        self.p_b_wins: float = doc["p_b_wins"]
        self.p_draw: float = doc["p_draw"]
        # The fight ends with that side running away, neither dead.
        self.p_a_escapes: float = doc["p_a_escapes"]
        self.p_b_escapes: float = doc["p_b_escapes"]
        self.length: Optional[Pmf] = _pmf_or_none(doc["length"])
        self.time: Optional[Pmf] = _pmf_or_none(doc["time"])
        self.time_unit: str = doc["time_unit"]
        self.a_hp_left: Pmf = Pmf(doc["a_hp_left"])
        self.b_hp_left: Pmf = Pmf(doc["b_hp_left"])
        self.a_hp_if_wins: Optional[Pmf] = _pmf_or_none(doc["a_hp_if_wins"])
        self.b_hp_if_wins: Optional[Pmf] = _pmf_or_none(doc["b_hp_if_wins"])
        self.a: Dict[str, Any] = doc["a"]
        self.b: Dict[str, Any] = doc["b"]
        self.first_on_tie: str = doc["first_on_tie"]
        self.unresolved: Optional[float] = doc.get("unresolved")
        self.chain_states: Optional[int] = doc.get("chain_states")
        self.sims: Optional[int] = doc.get("sims")
        self.seed: Optional[int] = doc.get("seed")
        self.p_a_wins_ci: Optional[Tuple[float, float]] = _interval(doc.get("p_a_wins_ci"))
        self.p_b_wins_ci: Optional[Tuple[float, float]] = _interval(doc.get("p_b_wins_ci"))
        self.p_draw_ci: Optional[Tuple[float, float]] = _interval(doc.get("p_draw_ci"))
        self.p_a_escapes_ci: Optional[Tuple[float, float]] = _interval(doc.get("p_a_escapes_ci"))
        self.p_b_escapes_ci: Optional[Tuple[float, float]] = _interval(doc.get("p_b_escapes_ci"))
        self.notes: List[str] = doc["notes"]
        self.warnings: List[str] = doc["warnings"]
        self.modelled: List[str] = doc["modelled"]
        self.not_modelled: List[str] = doc["not_modelled"]

    def __repr__(self) -> str:
        return (
            f"Duel({self.rules}, {self.method}, p_a_wins={self.p_a_wins:.6g}, "
            f"p_b_wins={self.p_b_wins:.6g}, p_draw={self.p_draw:.6g})"
        )


class Table(Result):
    """A table (``fray.sweep``, ``fray.table``): columns, one dict per row, notes."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.title: str = doc["title"]
        self.columns: List[str] = doc["columns"]
        # Each row's cells in column order (the JSON document sorts keys).
        self.rows: List[Dict[str, Any]] = [{c: row.get(c) for c in self.columns} for row in doc["rows"]]
        self.notes: List[str] = doc["notes"]

    def column(self, key: str) -> "np.ndarray":
        """One column as a numpy array: float64 (NaN where a cell has no value) when
        every cell is a number or empty, otherwise an object array."""
        from ._fray import Error

        if key not in self.columns:
            raise Error(f"table has no column '{key}' (columns: {', '.join(self.columns)})")
        cells = [row.get(key) for row in self.rows]
        np = _numpy()
        if all(c is None or (isinstance(c, (int, float)) and not isinstance(c, bool)) for c in cells):
            return np.array([np.nan if c is None else c for c in cells], dtype=np.float64)
        return np.array(cells, dtype=object)

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (pandas must be installed)."""
        import pandas as pd  # type: ignore[import-not-found]

        return pd.DataFrame(self.rows, columns=self.columns)

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        return f"Table({self.title!r}, {len(self.rows)} rows, columns={self.columns})"


class Path(Result):
    """``fray.path``: a game's Ballistica on a map.

    ``result`` is where the projectile stops (``collision`` in a game whose
    document names it so); ``reason``, ``magic`` and ``hit_chars`` are
    ``""`` and False for a game without them; ``to_json()`` has the game's
    whole document (docs/json.md)."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.result: Tuple[int, int] = tuple(doc["result"] if "result" in doc else doc["collision"])  # type: ignore[assignment]
        self.reason: str = doc.get("reason", "")
        self.start: Tuple[int, int] = tuple(doc["from"])  # type: ignore[assignment]
        self.target: Tuple[int, int] = tuple(doc["to"])  # type: ignore[assignment]
        self.magic: bool = doc.get("magic", False)
        self.hit_chars: bool = doc.get("hit_chars", False)

    @property
    def path(self) -> "np.ndarray":
        """The cells the projectile crosses, n × 2 (x, y), int64."""
        return _points(self._doc["path"])

    @property
    def trace(self) -> "np.ndarray":
        """Every cell Ballistica visited, n × 2 (x, y), int64 (the path where the game's document has no trace)."""
        return _points(self._doc.get("trace", self._doc["path"]))

    def __repr__(self) -> str:
        return f"Path({self.start} -> {self.target}: stops at {self.result} ({self.reason}), {len(self._doc['path'])} cells)"


class Aim(Result):
    """``fray.aim``: the cells to tap so that a game's thrown item (its
    Ballistica) from ``start`` ends on ``target``; ``to_json()`` has the
    game's whole document (docs/json.md)."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.start: Tuple[int, int] = tuple(doc["from"])  # type: ignore[assignment]
        self.target: Tuple[int, int] = tuple(doc["to"])  # type: ignore[assignment]
        self.count: int = doc["count"]

    @property
    def cells(self) -> "np.ndarray":
        """The cells to tap, by row then column, n × 2 (x, y), int64."""
        return _points(self._doc["cells"])

    def __repr__(self) -> str:
        return f"Aim({self.start} -> {self.target}: {self.count} cells to tap)"


class ImportedCharacter(Result):
    """``fray.import_character``: a game's own character file read as an
    attacker spec (``fray import``): ``spec`` the spec text, ``character``
    what the file says as fray read it (species, background, xl, str, int,
    dex, hp, hp_max, ac, ev, sh, skills, weapon, body, shield, ...),
    ``unused`` what the file holds that the spec does not carry, each with
    the reason; ``to_json()`` has the whole document (docs/json.md)."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.spec: str = doc["spec"]
        self.character: Dict[str, Any] = copy.deepcopy(doc["character"])
        self.unused: List[str] = list(doc["unused"])

    def __repr__(self) -> str:
        c = self.character
        return f"ImportedCharacter({c['name']}, {c['species']} {c['background']} XL {c['xl']}: {self.spec})"


class Fov(Result):
    """``fray.fov``: the cells visible from a cell."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.count: int = doc["count"]
        self.at: Tuple[int, int] = tuple(doc["at"])  # type: ignore[assignment]
        self.algorithm: str = doc["algorithm"]
        self.radius: Optional[int] = doc["radius"]

    @property
    def visible(self) -> "np.ndarray":
        """The visible cells, n × 2 (x, y), int64, sorted by y then x."""
        return _points(self._doc["visible"])

    def mask(self, width: int, height: int) -> "np.ndarray":
        """A height × width boolean array, True where a cell is visible."""
        np = _numpy()
        m = np.zeros((height, width), dtype=bool)
        for x, y in self._doc["visible"]:
            if 0 <= x < width and 0 <= y < height:
                m[y, x] = True
        return m

    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        return any(x == cell[0] and y == cell[1] for x, y in self._doc["visible"])

    def __repr__(self) -> str:
        return f"Fov(at={self.at}, {self.algorithm}, radius={self.radius}, {self.count} cells)"


class Surprise(Result):
    """``fray.surprise``: the chance that a mob has not noticed the hero (a game's Mob.notice)."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.sees: bool = doc["sees"]
        self.in_fov: bool = doc["in_fov"]
        self.p_surprise: float = doc["p_surprise"]
        self.p_notice: float = doc["p_notice"]
        self.p_surprise_fraction: str = doc["p_surprise_fraction"]
        self.p_notice_fraction: str = doc["p_notice_fraction"]
        self.roll: Optional[int] = doc["roll"]
        self.state: str = doc["state"]
        self.distance: int = doc["distance"]
        self.stealth: int = doc["stealth"]
        self.flying: bool = doc["flying"]
        self.alerted: bool = doc["alerted"]
        self.radius: int = doc["radius"]
        self.mob: Tuple[int, int] = tuple(doc["mob"])  # type: ignore[assignment]
        self.hero: Tuple[int, int] = tuple(doc["hero"])  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Surprise({self.state}, p_surprise={self.p_surprise_fraction})"


class TurnAttack(NamedTuple):
    """One attack of a defender turn."""

    attacker: str
    p_hit: float
    outcomes: List[Outcome]
    steps: List[str]


class Turn(Result):
    """``fray.turn``: one defender turn facing several attacks."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        super().__init__(doc)
        self.rules: str = doc["rules"]
        self.defender: str = doc["defender"]
        self.situation: List[str] = doc["situation"]
        self.kind: str = doc["kind"]
        self.attacks: List[TurnAttack] = [
            TurnAttack(
                a["attacker"], a["p_hit"], [Outcome(o["kind"], o["p"], o["lands"]) for o in a["outcomes"]], a["steps"]
            )
            for a in doc["attacks"]
        ]
        self.hits: Pmf = Pmf(doc["hits"])
        self.damage: Pmf = Pmf(doc["damage"])
        self.mean_damage: float = doc["mean_damage"]
        self.p_confused: float = doc["p_confused"]
        self.notes: List[str] = doc["notes"]

    def __repr__(self) -> str:
        return f"Turn({self.defender}, {len(self.attacks)} attacks, mean_damage={self.mean_damage:.6g})"


def _points(cells: List[List[int]]) -> "np.ndarray":
    """[[x, y], ...] as an n × 2 int64 array."""
    np = _numpy()
    return np.array(cells, dtype=np.int64).reshape(-1, 2)
