"""How the functions read their arguments: a combatant given as keys in every
game, numbers of any integral type (numpy's included), and the rules first."""

import fractions
import inspect
import pathlib

import numpy as np
import pytest

import fray
from conftest import MAPS, builtin_rulesets

# The name each game's specs give its player character (as its spec parser
# reads it); epixx has none, its player is a set of keys.
PLAYERS = {
    "pixel-dungeon": "hero",
    "shattered-pd": "hero",
    "brogue": "player",
    "crawl": "player",
    "crawl-0.34": "player",
    "epixx": None,
}

# (keys, the same combatant as text, a defender): keys without "name" are the player's.
PLAYER_KEYS = {
    "pixel-dungeon": ({"class": "warrior", "level": 5}, "hero:class=warrior,level=5", "gnoll_scout"),
    "shattered-pd": ({"class": "duelist", "level": 4, "weapon": "rapier"}, "hero:class=duelist,level=4,weapon=rapier", "gnoll_brute"),
    "brogue": ({"weapon": "sword", "enchant": 3}, "player:weapon=sword,enchant=3", "ogre"),
    "crawl": ({"fighting": 5, "weapon": "long_sword", "hp": 40}, "player:fighting=5,weapon=long_sword,hp=40", "orc_warrior"),
    "crawl-0.34": ({"fighting": 5, "long_blades": 5, "weapon": "long_sword", "hp": 40},
                   "player:fighting=5,long_blades=5,weapon=long_sword,hp=40", "orc_warrior"),
    "epixx": ({"str": 1, "agi": 1, "weapon": "1d8", "hp": 20}, "str=1,agi=1,weapon=1d8,hp=20", "fighter"),
}


# --- a combatant as keys: the game's player character, in every game -----------------------------------


def test_every_game_says_its_player_character():
    said = {r["id"]: r["player"] for r in builtin_rulesets()}
    assert said == PLAYERS


@pytest.mark.parametrize("rules", sorted(PLAYERS))
def test_keys_without_a_name_are_the_player(rules):
    keys, text, defender = PLAYER_KEYS[rules]
    assert fray.spec(rules, keys) == text
    by_keys = fray.attack(rules, keys, defender)
    assert by_keys.to_json() == fray.attack(rules, text, defender).to_json()
    # The same as the defender, and in a fight (a short Monte Carlo one: the spec is the point).
    assert fray.attack(rules, defender, keys).to_json() == fray.attack(rules, defender, text).to_json()
    fight = dict(sims=300, seed=1, threads=1)
    assert fray.duel(rules, keys, defender, **fight).to_json() == fray.duel(rules, text, defender, **fight).to_json()


@pytest.mark.parametrize(
    "alias,name",
    [("spd", "hero"), ("shattered", "hero"), ("crawl-0.19", "player"), ("crawl-0.34.1", "player")],
)
def test_an_alias_names_the_same_player(alias, name):
    assert fray.spec(alias, {"hp": 30}) == f"{name}:hp=30"


def test_a_name_of_none_is_inline_keys_in_every_game():
    for rules in PLAYERS:
        assert fray.spec(rules, {"name": None, "hp": 30}) == "hp=30"


def test_spec_of_unknown_rules_is_an_error():
    with pytest.raises(fray.Error, match="unknown ruleset 'brouge'"):
        fray.spec("brouge", {"hp": 30})


# --- numbers of any integral type ------------------------------------------------------------------------


class Level:
    """An integral number type of the user's own (it has __index__, as numpy's do)."""

    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n


INTEGERS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, Level]


@pytest.mark.parametrize("kind", INTEGERS)
def test_integral_spec_values(kind):
    assert fray.spec("brogue", {"hp": kind(50), "enchant": kind(3)}) == "player:hp=50,enchant=3"
    assert fray.spec("brogue", {"name": "ogre", "hp": kind(55)}) == "ogre:hp=55"
    assert fray.spec("pixel-dungeon", {"name": None, "damage": (kind(2), kind(8))}) == "damage=2-8"


def test_numpy_spec_values_in_an_attack():
    text = fray.attack("brogue", "player:hp=50,enchant=3,weapon=sword", "ogre:hp=55")
    keys = fray.attack(
        "brogue",
        {"hp": np.int64(50), "enchant": np.int32(3), "weapon": "sword"},
        {"name": "ogre", "hp": np.uint16(55)},
    )
    assert keys.to_json() == text.to_json()
    assert fray.spec("crawl", {"fighting": np.float64(5.5), "might": np.bool_(True)}) == "player:fighting=5.5,might=1"
    assert fray.spec("crawl", {"fighting": np.float32(0.5)}) == "player:fighting=0.5"
    assert fray.spec("pixel-dungeon", {"name": None, "damage": np.array([2, 8])}) == "damage=2-8"


@pytest.mark.parametrize("kind", INTEGERS)
def test_integral_counts_seeds_and_sizes(kind):
    assert fray.roll("1d6", seed=kind(7), count=kind(5)).to_json() == fray.roll("1d6", seed=7, count=5).to_json()
    assert (
        fray.strike("brogue", "ogre", "player", seed=kind(9), count=kind(4)).to_json()
        == fray.strike("brogue", "ogre", "player", seed=9, count=4).to_json()
    )
    assert (
        fray.duel("brogue", "player", "goblin", sims=kind(100), seed=kind(3), threads=kind(1)).to_json()
        == fray.duel("brogue", "player", "goblin", sims=100, seed=3, threads=1).to_json()
    )
    assert (
        fray.ttk("brogue", "player", "goblin", sims=kind(100), seed=kind(3), threads=kind(1)).to_json()
        == fray.ttk("brogue", "player", "goblin", sims=100, seed=3, threads=1).to_json()
    )
    assert (
        fray.sweep("brogue", "player", "goblin", key="enchant", start=kind(0), stop=kind(2), sims=kind(100),
                   seed=kind(3), threads=kind(1)).to_json()
        == fray.sweep("brogue", "player", "goblin", key="enchant", start=0, stop=2, sims=100, seed=3, threads=1).to_json()
    )
    assert fray.table("brogue", "enchant-for-hit", percent=[kind(50)]).to_json() == fray.table(
        "brogue", "enchant-for-hit", percent=[50]).to_json()


@pytest.mark.parametrize("kind", INTEGERS)
def test_integral_coordinates_and_radii(kind):
    door = (MAPS / "door.txt").read_text()
    assert fray.fov(door, (kind(3), kind(3)), radius=kind(4)).to_json() == fray.fov(door, (3, 3), radius=4).to_json()
    assert (
        fray.path("pixel-dungeon", door, (kind(3), kind(3)), (kind(5), kind(6))).to_json()
        == fray.path("pixel-dungeon", door, (3, 3), (5, 6)).to_json()
    )
    assert (
        fray.surprise("pixel-dungeon", door, (kind(3), kind(2)), (kind(5), kind(6)), "hunting", stealth=kind(3),
                      radius=kind(6)).to_json()
        == fray.surprise("pixel-dungeon", door, (3, 2), (5, 6), "hunting", stealth=3, radius=6).to_json()
    )
    assert fray.attack("epixx", "agi=2,weapon=1d6", "fighter", kind="ranged", from_=(kind(0), kind(0)),
                       to=np.array([3, 4])).to_json() == fray.attack(
        "epixx", "agi=2,weapon=1d6", "fighter", kind="ranged", from_="0,0", to="3,4").to_json()


def test_whole_reals_are_whole_numbers():
    # A float without a fraction (numpy.linspace gives them) is the whole number.
    assert fray.roll("1d6", seed=7.0, count=np.float64(5)).to_json() == fray.roll("1d6", seed=7, count=5).to_json()
    assert fray.fov((MAPS / "door.txt").read_text(), (3.0, np.float32(3))).at == (3, 3)
    assert fray.roll("1d6", seed=fractions.Fraction(14, 2), count=5).seed == 7


@pytest.mark.parametrize(
    "call,what",
    [
        (lambda: fray.roll("1d6", seed=True), "seed must be a whole number 0..18446744073709551615, got the bool True"),
        (lambda: fray.roll("1d6", count=np.bool_(True)), "count must be a whole number, got the bool True"),
        (lambda: fray.strike("brogue", "ogre", "player", count=True), "count must be a whole number, got the bool True"),
        (lambda: fray.duel("brogue", "player", "goblin", sims=True), "sims must be a whole number, got the bool True"),
        (lambda: fray.duel("brogue", "player", "goblin", sims=10, threads=True),
         "threads must be a whole number, got the bool True"),
        (lambda: fray.sweep("brogue", "player", "goblin", key="enchant", seed=True),
         "seed must be a whole number 0..18446744073709551615, got the bool True"),
        (lambda: fray.sweep("brogue", "player", "goblin", key="enchant", stop=True), "stop must be a number, got the bool True"),
        (lambda: fray.sweep("brogue", "player", "goblin", key="enchant", start="3"), "start must be a number, got str '3'"),
        (lambda: fray.fov((MAPS / "door.txt").read_text(), (np.bool_(True), 3)), "at x must be a whole number, got the bool True"),
        (lambda: fray.fov((MAPS / "door.txt").read_text(), (3, 3), radius=False), "radius must be a whole number, got the bool False"),
        (lambda: fray.table("brogue", "enchant-for-hit", percent=[True]), "percent must be a whole number, got the bool True"),
        (lambda: fray.roll("1d6", count="5"), "count must be a whole number, got str '5'"),
        (lambda: fray.spec("pixel-dungeon", {"damage": (True, 8)}),
         "spec key 'damage' (a range) must be a whole number, got the bool True"),
    ],
)
def test_a_bool_or_text_is_no_number(call, what):
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == what


@pytest.mark.parametrize(
    "call,what",
    [
        (lambda: fray.roll("1d6", count=2.5), "count must be a whole number, got 2.5"),
        (lambda: fray.roll("1d6", seed=np.float64(1.5)), "seed must be a whole number 0..18446744073709551615, got 1.5"),
        (lambda: fray.duel("brogue", "player", "goblin", sims=np.float32(10.5)), "sims must be a whole number, got 10.5"),
        (lambda: fray.fov((MAPS / "door.txt").read_text(), (1.5, 1)), "at x must be a whole number, got 1.5"),
        (lambda: fray.path("pixel-dungeon", (MAPS / "door.txt").read_text(), (3, 3), (5, float("nan"))),
         "target y must be a whole number, got nan"),
        (lambda: fray.surprise("pixel-dungeon", (MAPS / "door.txt").read_text(), (3, 2), (5, 6), "hunting", stealth=0.5),
         "stealth must be a whole number, got 0.5"),
        (lambda: fray.sweep("brogue", "player", "goblin", key="enchant", step=float("inf")), "step must be a finite number, got inf"),
        (lambda: fray.spec("crawl", {"fighting": float("nan")}), "spec key 'fighting' must be a finite number, got nan"),
        (lambda: fray.spec("pixel-dungeon", {"damage": (2, 8.5)}), "spec key 'damage' (a range) must be a whole number, got 8.5"),
        (lambda: fray.roll("1d6", count=np.int64(-3)), "count -3 is out of range 1..10000000"),
    ],
)
def test_a_fraction_is_no_whole_number(call, what):
    with pytest.raises(fray.Error) as caught:
        call()
    assert str(caught.value) == what


# --- the rules first --------------------------------------------------------------------------------------


def test_the_rules_come_first_in_every_function_that_takes_them():
    takes_rules = []
    for name in fray.__all__:
        f = getattr(fray, name)
        if not inspect.isfunction(f):
            continue
        params = list(inspect.signature(f).parameters.values())
        if any(p.name == "rules" for p in params):
            takes_rules.append(name)
            assert params[0].name == "rules", name
            assert params[0].default is inspect.Parameter.empty, name
            assert params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, name
    assert sorted(takes_rules) == sorted(
        ["spec", "attack", "strike", "ttk", "duel", "sweep", "bestiary", "table", "turn", "catalog", "catalogs", "path",
         "aim", "surprise", "game_verb", "import_character"]
    )


DOOR = (MAPS / "door.txt").read_text()


@pytest.mark.parametrize(
    "call,error,message",
    [
        # The calls of the old order (before the rules came first) fail, and say the new one.
        (lambda: fray.sweep("player:dex=15,weapon=long_sword", "orc_warrior", "fighting", start=0, stop=27, step=9),
         fray.Error,
         # (the known games, then any rules files the tests loaded)
         ("unknown ruleset 'player:dex=15,weapon=long_sword' (known: pixel-dungeon, brogue, crawl, epixx, crawl-0.34, "
          "shattered-pd",
          ") (the rules come first: fray.sweep(rules, attacker, defender, situation=(), *, key=None, "
          "skill=None, start=0, stop=27, step=1, ...))")),
        (lambda: fray.sweep("player", "orc_warrior", "fighting", ["unaware"]), fray.Error, None),
        (lambda: fray.sweep("hero:weapon=war_hammer", "gnoll_scout", key="str", rules="pixel-dungeon"), TypeError,
         "sweep(): multiple values for argument 'rules'"),
        (lambda: fray.sweep("hero:weapon=war_hammer", "gnoll_scout", key="str"), TypeError,
         "sweep(): missing a required argument: 'defender'"),
        (lambda: fray.table("enchant-for-hit"), TypeError, "table(): missing a required argument: 'kind'"),
        (lambda: fray.table("armor-for-hit", percent=[50], rules="brogue"), TypeError, "multiple values for argument 'rules'"),
        (lambda: fray.turn("str=1", ["str=99"]), TypeError, "turn(): missing a required argument: 'attackers'"),
        (lambda: fray.turn("str=1", ["str=99"], "confused"), fray.Error, None),
        (lambda: fray.path(DOOR, (3, 3), (5, 6)), TypeError, "path(): missing a required argument: 'target'"),
        (lambda: fray.path(pathlib.Path(MAPS / "door.txt"), (3, 3), (5, 6), magic=True), TypeError, None),
        (lambda: fray.surprise(DOOR, (3, 2), (5, 6), "sleeping"), TypeError,
         "surprise(): missing a required argument: 'state'"),
        (lambda: fray.surprise(DOOR, (3, 2), (5, 6), "sleeping", rules="pixel-dungeon"), TypeError, None),
    ],
)
def test_a_call_in_the_old_order_fails_and_says_the_new_one(call, error, message):
    with pytest.raises(error) as caught:
        call()
    text = str(caught.value)
    assert "(the rules come first: fray." in text
    for part in (() if message is None else (message,) if isinstance(message, str) else message):
        assert part in text


def test_a_reordered_function_keeps_its_name_doc_and_signature():
    for f in (fray.sweep, fray.table, fray.turn, fray.path, fray.surprise):
        assert f.__doc__ and f.__name__ in ("sweep", "table", "turn", "path", "surprise")
        assert list(inspect.signature(f).parameters)[0] == "rules"
