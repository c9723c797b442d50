"""The Python side: dictionary specs, numpy types, the Pmf, errors, threads."""

import subprocess
import sys
import threading

import numpy as np
import pytest

import fray
from conftest import CLI, MAPS, as_a_fresh_cli_says, cli_error


# --- specs as dictionaries ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules,given,text",
    [
        ("pixel-dungeon", {"class": "warrior", "level": 5}, "hero:class=warrior,level=5"),
        ("pixel-dungeon", {"name": "gnoll_scout", "hp": 3}, "gnoll_scout:hp=3"),
        ("pixel-dungeon", {"name": None, "accuracy": 12, "damage": (2, 8)}, "accuracy=12,damage=2-8"),
        ("brogue", {"weapon": "sword", "enchant": 3}, "player:weapon=sword,enchant=3"),
        ("brogue", {"name": "ogre"}, "ogre"),
        ("crawl", {"fighting": 5.5, "weapon": "long_sword", "might": True}, "player:fighting=5.5,weapon=long_sword,might=1"),
        ("crawl-0.19", {"fighting": 5}, "player:fighting=5"),
        ("epixx", {"str": 1, "agi": 1, "weapon": "1d8"}, "str=1,agi=1,weapon=1d8"),
        ("epixx", {"name": "human_fighter", "str": 2, "hp": 20}, "human_fighter:str=2,hp=20"),
        ("brogue", "goblin", "goblin"),
    ],
)
def test_spec(rules, given, text):
    assert fray.spec(rules, given) == text


def test_dictionary_spec_is_the_same_question():
    by_text = fray.attack("pixel-dungeon", "hero:class=warrior,level=5,str=18,weapon=war_hammer", "gnoll_scout")
    by_dict = fray.attack(
        "pixel-dungeon", {"class": "warrior", "level": 5, "str": 18, "weapon": "war_hammer"}, {"name": "gnoll_scout"}
    )
    assert by_dict.to_json() == by_text.to_json()


def test_spec_bad_value_type():
    with pytest.raises(TypeError):
        fray.spec("brogue", {"enchant": [1, 2, 3]})
    with pytest.raises(TypeError):
        fray.attack("brogue", 42, "player")


# --- numpy types and the Pmf -------------------------------------------------------------------------------


def test_pmf_arrays_and_summaries():
    p = fray.dist("3d6")
    assert isinstance(p.values, np.ndarray) and p.values.dtype == np.int64
    assert isinstance(p.probs, np.ndarray) and p.probs.dtype == np.float64
    assert p.values.tolist() == list(range(3, 19))
    # 3d6: 27 of the 216 outcomes sum to 10; P(X >= 16) = 10/216; P(X <= 4) = 4/216.
    assert p.prob(10) == pytest.approx(27 / 216, abs=1e-15)
    assert p.at_least(16) == pytest.approx(10 / 216, abs=1e-15)
    assert p.at_most(4) == pytest.approx(4 / 216, abs=1e-15)
    assert p.mean == pytest.approx(10.5, abs=1e-12)
    assert p.std == pytest.approx(np.sqrt(35 / 4), abs=1e-12)
    assert p.var == pytest.approx(35 / 4, abs=1e-12)
    assert p.min == 3 and p.max == 18 and isinstance(p.min, int)
    assert p.quantile(0.5) == 10  # P(X <= 10) = 1/2 exactly
    assert p.quantile(0.0) == 3 and p.quantile(1.0) == 18
    assert p.cdf()[-1] == pytest.approx(1.0, abs=1e-12)
    d = p.to_dict()
    assert list(d) == list(range(3, 19)) and all(isinstance(k, int) for k in d)
    assert sum(d.values()) == pytest.approx(1.0, abs=1e-12)
    assert dict(iter(p)) == d and len(p) == 16
    with pytest.raises(fray.Error):
        p.quantile(1.5)
    with pytest.raises(ValueError):
        p.values[0] = 7  # read-only


def test_pmf_of_4d6kh3():
    # 4d6 keep the highest 3: mean 15869/1296, P(18) = 21/1296.
    p = fray.dist("4d6kh3")
    assert p.mean == pytest.approx(15869 / 1296, abs=1e-12)
    assert p.prob(18) == pytest.approx(21 / 1296, abs=1e-15)


def test_result_types():
    a = fray.attack("brogue", "ogre", "player")
    assert isinstance(a.p_hit, float) and isinstance(a.damage, fray.Pmf)
    assert a.damage.values.dtype == np.int64
    assert isinstance(a.outcomes[0], fray.Outcome)
    assert a.p("miss") + a.p("hit") == pytest.approx(1.0, abs=1e-12)
    assert a.p_hit == pytest.approx(a.p("hit"), abs=1e-15)

    r = fray.roll("1d6", seed=3, count=100)
    assert r.rolls.dtype == np.int64 and r.rolls.shape == (100,)
    assert r.rolls.min() >= 1 and r.rolls.max() <= 6

    s = fray.strike("brogue", "ogre", "player", seed=9, count=10)
    assert s.damages.dtype == np.int64 and s.hit_mask.dtype == np.bool_
    assert int(s.damages.sum()) == s.total_damage

    t = fray.ttk("brogue", "player", "goblin_conjurer")
    assert t.attacks.values.dtype == np.int64
    assert t.time.values.dtype == np.float64
    assert t.p_escape == 0.0

    # A monster that flees near death: the fight may end with it escaped.
    w = fray.duel("brogue", "player:weapon=war_axe,strength=19,enchant=3,armor=banded_mail,hp=80,regeneration=none", "wraith")
    assert w.p_b_escapes > 0.3 and w.p_a_escapes == 0.0
    assert abs(w.p_a_wins + w.p_b_wins + w.p_b_escapes + w.p_draw - 1) < 1e-9
    assert w.b["escape"] == "flees near death"

    f = fray.fov((MAPS / "door.txt").read_text(), (3, 3))
    assert f.visible.dtype == np.int64 and f.visible.shape == (f.count, 2)
    assert (3, 3) in f
    mask = f.mask(20, 20)
    assert mask.dtype == np.bool_ and int(mask.sum()) == f.count

    table = fray.sweep("crawl", "player:weapon=long_sword", "orc_warrior", skill="fighting", start=0, stop=10, step=5)
    col = table.column(table.columns[1])
    assert col.dtype == np.float64 and col.shape == (3,)


def test_numpy_integers_are_accepted():
    a = fray.strike("brogue", "ogre", "player", seed=np.uint64(7), count=np.int64(3))
    b = fray.strike("brogue", "ogre", "player", seed=7, count=3)
    assert a.to_json() == b.to_json()
    f = fray.fov((MAPS / "door.txt").read_text(), np.array([3, 3]))
    assert f.at == (3, 3)


def test_seed_absent_is_reported():
    s = fray.strike("brogue", "ogre", "player")
    again = fray.strike("brogue", "ogre", "player", seed=s.seed)
    assert again.to_json() == s.to_json()


def test_catalog_rows():
    rows = fray.catalog("brogue", "monsters", frame=False)
    assert isinstance(rows, list) and isinstance(rows[0], dict)
    assert next(iter(rows[0])) == "name" and list(rows[0])[-1] == "description"
    assert any(r["name"] == "ogre" for r in rows)
    assert fray.catalog("brogue", "armours", frame=False) == fray.catalog("brogue", "armors", frame=False)


# --- errors ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call,cli_args",
    [
        (lambda: fray.attack("brogue", "goblin_conjuror", "player"),
         ["attack", "--rules", "brogue", "--attacker", "goblin_conjuror", "--defender", "player"]),
        (lambda: fray.attack("brouge", "ogre", "player"),
         ["attack", "--rules", "brouge", "--attacker", "ogre", "--defender", "player"]),
        (lambda: fray.attack("pixel-dungeon", "hero:str=-3", "rat"),
         ["attack", "--rules", "pixel-dungeon", "--attacker", "hero:str=-3", "--defender", "rat"]),
        (lambda: fray.attack("crawl", "player:", "orc"),
         ["attack", "--rules", "crawl", "--attacker", "player:", "--defender", "orc"]),
        (lambda: fray.attack("brogue", "ogre", "player", ["sleepy"]),
         ["attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--situation", "sleepy"]),
        (lambda: fray.dist("3d"), ["dist", "3d"]),
        (lambda: fray.dist("1000000d1000000"), ["dist", "1000000d1000000"]),
        (lambda: fray.dist("300d1000+300d999+300d998"), ["dist", "300d1000+300d999+300d998"]),
        (lambda: fray.roll("1d6", seed=1, rng="dice"), ["roll", "1d6", "--seed", "1", "--rng", "dice"]),
        (lambda: fray.duel("brogue", "player", "hp=0,damage=1-2"),
         ["duel", "--rules", "brogue", "--a", "player", "--b", "hp=0,damage=1-2"]),
        (lambda: fray.table("brogue", "enchant-for-hat"), ["table", "enchant-for-hat"]),
        (lambda: fray.table("brogue", "enchant-for-hit", monsters=["gobbo"]), ["table", "enchant-for-hit", "--defender", "gobbo"]),
        (lambda: fray.sweep("crawl", "player", "orc_warrior", skill="wizardry"),
         ["sweep", "--attacker", "player", "--defender", "orc_warrior", "--skill", "wizardry"]),
        (lambda: fray.turn("epixx", "str=1", ["str=99"]), ["turn", "--defender", "str=1", "--attacker", "str=99"]),
        (lambda: fray.fov("#####\n#.?.#\n#####\n", (1, 1)), None),
        (lambda: fray.fov(MAPS / "missing.txt", (1, 1)), ["fov", "--map", str(MAPS / "missing.txt"), "--at", "1,1"]),
        (lambda: fray.surprise("pixel-dungeon", (MAPS / "door.txt").read_text(), (3, 2), (5, 6), "dozing"), None),
    ],
)
def test_errors_carry_the_cli_message(call, cli_args):
    with pytest.raises(fray.Error) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message
    if cli_args is not None:
        assert as_a_fresh_cli_says(message) == cli_error(*cli_args)


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: fray.roll("1d6", count=0), "count 0 is out of range 1..10000000"),
        (lambda: fray.strike("brogue", "ogre", "player", count=10**8), "count 100000000 is out of range 1..10000000"),
        (lambda: fray.roll("1d6", seed=-1), "seed must be a whole number 0..18446744073709551615, got -1"),
        (lambda: fray.roll("1d6", seed=2**64), "seed must be a whole number 0..18446744073709551615, got 18446744073709551616"),
        (lambda: fray.roll("1d6", seed=1.5), "seed must be a whole number 0..18446744073709551615, got 1.5"),
        (lambda: fray.duel("brogue", "player", "ogre", sims=0), "sims must be at least 1, got 0"),
        (lambda: fray.duel("brogue", "player", "ogre", sims=10, threads=0), "threads must be at least 1, got 0"),
        (lambda: fray.duel("brogue", "player", "ogre", sims=10, threads=5000), "threads 5000 is too many (at most 1024)"),
        (lambda: fray.duel("brogue", "player", "ogre", exact=True, method="exact"),
         "exact and method exclude each other (exact=True is method='exact')"),
        (lambda: fray.ttk("brogue", "player", "ogre", method="fast"), "method 'fast' is not one of auto, exact, monte-carlo"),
        (lambda: fray.sweep("brogue", "player", "ogre", key="enchant", method="fast"),
         "method 'fast' is not one of auto, exact, monte-carlo"),
        (lambda: fray.sweep("crawl", "player", "orc_warrior", skill="fighting", method="exact"),
         "sweep: method is for a key sweep (a skill sweep has no fights)"),
        (lambda: fray.sweep("crawl", "player", "orc_warrior", skill="fighting", sims=100, seed=1),
         "sweep: sims, seed are for a key sweep (a skill sweep has no fights)"),
        (lambda: fray.duel("brogue", "player", "ogre", first="c"), "first must be a or b, got 'c'"),
        (lambda: fray.attack("brogue", "ogre", "player", kind="ranged"),
         "--kind is not used by --rules brogue"),
        (lambda: fray.catalog("brogue", "classes"),
         "catalog: rules brogue has no classes (it has: monsters, weapons, armors, situations, keys)"),
        (lambda: fray.table("brogue", "enchant-for-hit", reachable=True), "table: reachable applies to armor-for-hit only"),
        (lambda: fray.table("brogue", "armor-for-hit", percent=[101]), "table percent: 101 is outside 0..100"),
        (lambda: fray.sweep("brogue", "player", "orc_warrior", skill="fighting"),
         "sweep is not a verb of rules brogue (it is for: crawl)"),
        (lambda: fray.path("pixel-dungeon", (MAPS / "door.txt").read_text(), (0, 0), (3, 3)), None),
        (lambda: fray.fov((MAPS / "door.txt").read_text(), (3, 3), radius=9), "radius 9 is out of range 1..8 for pixel-dungeon"),
        (lambda: fray.fov((MAPS / "door.txt").read_text(), (3, 3), algorithm="raycast"),
         "algorithm 'raycast' is not one of pixel-dungeon, shattered-pd, symmetric, symmetric-exact"),
    ],
)
def test_python_argument_errors(call, message):
    with pytest.raises(fray.Error) as caught:
        call()
    if message is not None:
        assert str(caught.value) == message


def test_wrong_types_raise_type_errors():
    with pytest.raises(TypeError):
        fray.dist(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        fray.fov(b"#...#", (1, 1))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        fray.fov("#...#", ("1", 1))  # type: ignore[arg-type]
    for call in (lambda: fray.duel("brogue", "player", "goblin", method=1),  # type: ignore[arg-type]
                 lambda: fray.sweep("brogue", "player", "goblin", key="enchant", method=True)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"^method must be a str \(auto, exact or monte-carlo\), got (int|bool)$"):
            call()


# --- the GIL ------------------------------------------------------------------------------------------------


def test_threads_run_together_and_agree():
    # Long calls release the GIL: several Python threads each run a Monte Carlo
    # duel; each answer equals the one computed alone.
    alone = fray.duel("brogue", "player", "goblin", sims=20000, seed=4, threads=1).to_json()
    answers = []

    def work():
        answers.append(fray.duel("brogue", "player", "goblin", sims=20000, seed=4, threads=1).to_json())

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [alone] * 3


def test_docstrings():
    for name in ["dist", "roll", "attack", "strike", "ttk", "duel", "sweep", "bestiary", "table", "catalog", "fov",
                 "path", "aim", "surprise", "turn", "rulesets", "spec"]:
        assert getattr(fray, name).__doc__, name
    version = subprocess.run([CLI, "--version"], capture_output=True, text=True).stdout.split()
    assert version == ["fray", fray.__version__]


def test_catalog_is_a_data_frame_when_pandas_imports(monkeypatch):
    # pandas is optional: a stand-in module records what catalog() hands it.
    import sys
    import types

    stand_in = types.ModuleType("pandas")
    stand_in.DataFrame = lambda rows: ("DataFrame", rows)
    monkeypatch.setitem(sys.modules, "pandas", stand_in)
    kind, rows = fray.catalog("epixx", "monsters")
    assert kind == "DataFrame" and rows == fray.catalog("epixx", "monsters", frame=False)
    monkeypatch.setitem(sys.modules, "pandas", None)  # import fails
    assert isinstance(fray.catalog("epixx", "monsters"), list)
    with pytest.raises(ImportError):
        fray.catalog("epixx", "monsters", frame=True)


def test_answers_without_numpy():
    # numpy is needed for the arrays only: an interpreter without it still
    # imports fray and gets every number.
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import fray\n"
        "a = fray.attack('brogue', 'ogre', 'player')\n"
        "print(a.p_hit, a.damage.mean, a.damage.at_least(10), fray.dist('3d6').quantile(0.5))\n"
        "try:\n"
        "    a.damage.values\n"
        "except ImportError as e:\n"
        "    print('ImportError', e)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    a = fray.attack("brogue", "ogre", "player")
    first, second = done.stdout.splitlines()
    assert first == f"{a.p_hit} {a.damage.mean} {a.damage.at_least(10)} 10"
    assert second.startswith("ImportError fray's arrays need numpy")


def test_ctrl_c_cancels_a_long_fight():
    # A Monte Carlo duel of millions of fights runs for seconds; Ctrl-C (SIGINT)
    # stops it within a poll of the library's progress and raises
    # KeyboardInterrupt, and fray answers normally afterwards.
    import os
    import signal
    import time

    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            fray.duel("brogue", "player", "goblin", sims=3_000_000, seed=1, threads=1)
            time.sleep(30)  # the interrupt came after the duel: it must still arrive
        stopped = time.monotonic() - start
    finally:
        timer.cancel()
    assert stopped < 10
    assert fray.duel("brogue", "player", "goblin", sims=1000, seed=1, threads=1).method == "monte-carlo"


def test_fights_say_what_they_model_and_how_they_were_computed():
    # The mechanics a fight follows, not only those it leaves out.
    drain = "vampire bat: life drain: heals min(damage, HT - HP) on each hit (Bat.attackProc)"
    t = fray.ttk("pixel-dungeon", "vampire_bat", "hero:level=3", threads=1)
    assert drain in t.modelled and drain not in t.not_modelled
    assert t.modelled == t["modelled"] and t.not_modelled == t["not_modelled"]
    # Exact, with its hits sampled: each part's method, and why.
    assert (t.method, t.method_asked, t.sampled) == ("exact", "auto", ["hits"])
    assert t.method_reason.startswith("auto: the exact analysis can be made; hits to kill sampled: ")
    assert t.hits is not None and t.hits.mean == t["hits"]["mean"]
    assert (t.sims, t.seed) == (100000, 1)
    assert t.notes == t["notes"] and t.warnings == t["warnings"]
    assert not hasattr(t, "note") and "note" not in t.keys() and "hits_method" not in t.keys()
    d = fray.duel("pixel-dungeon", "vampire_bat", "hero:level=3")
    assert (d.method, d.method_asked, d.sampled) == ("exact", "auto", [])
    assert d.method_reason == "auto: the exact analysis can be made"
    assert drain in d.modelled and not hasattr(d, "note")
    m = fray.duel("pixel-dungeon", "vampire_bat", "hero:level=3", sims=1000, seed=2, threads=1)
    assert (m.method, m.method_asked, m.method_reason) == ("monte-carlo", "monte-carlo", "Monte Carlo asked for")
    assert "p_a_wins" in m.sampled and len(m.sampled) == 11
    # One attack lists both too (the drain is no part of one bite), and the
    # sides name accuracy and evasion as every game does.
    a = fray.attack("pixel-dungeon", "vampire_bat", "hero")
    assert drain in a.not_modelled and a.modelled == a["modelled"]
    assert a.equipment == a["equipment"] and a.warnings == a["warnings"]
    assert isinstance(a.attacker["accuracy"], int) and isinstance(a.defender["evasion"], int)
    s = fray.strike("pixel-dungeon", "vampire_bat", "hero", seed=1, count=2)
    assert s.not_modelled == a.not_modelled and s.modelled == a.modelled
    c = fray.attack("crawl", "player:fighting=5,weapon=long_sword", "orc_warrior")
    assert c.attacker["accuracy"] > 0 and c.defender["evasion"] == c.details["ev"] and "to_hit" not in c.attacker
