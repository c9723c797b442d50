# Type stubs of the compiled module fray._fray. Each function returns the
# --json document of a `fray` verb as Python objects; the package fray wraps
# them in typed results (fray/_results.py).
from typing import Any, Dict, List, Optional

__version__: str
MAX_COUNT: int
MAX_TRACED: int

class Error(ValueError):
    """Bad input: the message the command line prints after "fray: error: "."""

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
def sweep(
    rules: str, attacker: str, defender: str, situation: List[str], skill: str, start: float, stop: float, step: float
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
def table(rules: str, kind: str, percents: List[int], monsters: List[str], reachable: bool) -> Dict[str, Any]: ...
def catalog(rules: str, kind: str) -> Dict[str, Any]: ...
def catalogs(rules: str) -> Dict[str, Any]: ...
def rulesets() -> List[Dict[str, Any]]: ...
def ruleset(id: str) -> Dict[str, Any]: ...
def engines() -> List[str]: ...
def path(
    rules: str, map: str, is_path: bool, start: str, target: str, magic: bool, hit_chars: bool
) -> Dict[str, Any]: ...
def fov(map: str, is_path: bool, at: str, radius: Optional[int], algorithm: str) -> Dict[str, Any]: ...
def surprise(
    rules: str,
    map: str,
    is_path: bool,
    mob: str,
    hero: str,
    state: str,
    stealth: Optional[int],
    flying: bool,
    alerted: bool,
    radius: Optional[int],
) -> Dict[str, Any]: ...
def turn(rules: str, defender: str, attackers: List[str], situation: List[str], kind: str) -> Dict[str, Any]: ...
