# Type stubs of the compiled module fray._fray. Each function returns the
# --json document of a `fray` verb as Python objects; the package fray wraps
# them in typed results (fray/_results.py).
from typing import Any, Dict, List, Optional, Set

__version__: str
MAX_COUNT: int
MAX_TRACED: int

class Error(ValueError):
    """Bad input: the message the command line prints after "fray: error: "."""

class RulesFileError(Error):
    """A problem in a rules file: where it is and what it is."""

    file: str
    line: int
    column: int
    reason: str

def dist(expr: str) -> Dict[str, Any]: ...
def roll(expr: str, seed: int, count: int, rng: str) -> Dict[str, Any]: ...
def attack(
    rules: str, attacker: str, defender: str, situation: List[str], options: Dict[str, str]
) -> Dict[str, Any]: ...
def strike(
    rules: str,
    attacker: str,
    defender: str,
    situation: List[str],
    options: Dict[str, str],
    seed: int,
    count: int,
    engine: str,
) -> Dict[str, Any]: ...
def ttk(
    rules: str,
    attacker: str,
    defender: str,
    situation: List[str],
    options: Dict[str, str],
    method: str,
    sims: Optional[int],
    seed: Optional[int],
    threads: Optional[int],
) -> Dict[str, Any]: ...
def duel(
    rules: str,
    a: str,
    b: str,
    situation: List[str],
    options: Dict[str, str],
    method: str,
    sims: Optional[int],
    seed: Optional[int],
    threads: Optional[int],
    first: str,
) -> Dict[str, Any]: ...
def sweep_key(
    rules: str,
    attacker: str,
    defender: str,
    situation: List[str],
    options: Dict[str, str],
    key: str,
    start: float,
    stop: float,
    step: float,
    side: str,
    method: str,
    sims: Optional[int],
    seed: Optional[int],
    threads: Optional[int],
) -> Dict[str, Any]: ...
def bestiary(
    rules: str,
    attacker: str,
    situation: List[str],
    options: Dict[str, str],
    monsters: List[str],
    hd: Optional[str],
    method: str,
    sims: Optional[int],
    seed: Optional[int],
    threads: Optional[int],
    row_work: Optional[float],
    branch: Optional[str] = None,
) -> Dict[str, Any]: ...
def catalog(rules: str, kind: str) -> Dict[str, Any]: ...
def catalogs(rules: str) -> Dict[str, Any]: ...
def rulesets() -> List[Dict[str, Any]]: ...
def ruleset(id: str) -> Dict[str, Any]: ...
def load_rules_text(text: str) -> Dict[str, Any]: ...
def load_rules_file(path: bytes) -> Dict[str, Any]: ...
def engines() -> List[str]: ...
def game_verb(
    verb: str, rules: str, values: Dict[str, List[str]], labels: Dict[str, str], map_texts: Set[str]
) -> Dict[str, Any]: ...
def game_verbs() -> List[Dict[str, Any]]: ...
def fov(values: Dict[str, List[str]], labels: Dict[str, str], map_texts: Set[str]) -> Dict[str, Any]: ...
def fov_algorithms() -> List[str]: ...
