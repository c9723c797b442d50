"""fray.load_rules: a game described in a rules file (docs/rules.md), read from
a path or from text, answers through every function as a built-in game does,
with the numbers the command line gives for the same file (`--rules-file`)
and the numbers worked out here by hand."""

import fractions
import functools
import pathlib

import pytest

import fray
from conftest import SOURCE_DIR, cli_error, run_cli

# The plainest game (docs/rules.md): a percent chance to hit for a dice roll.
# The knight is the player; the program's `elif percent(a.hit)` is line 18, `hit` column 16.
PERCENT = """\
[game]
id = "percent-test"
title = "Percent (test)"
player = "knight"

[stats]
hp     = { default = 10, min = 1, max = 1000, help = "hit points" }
hit    = { default = 50, min = 0, max = 100, help = "chance to hit, percent" }
damage = { type = "dice", default = "1d6", help = "damage roll" }

[situations]
sleeping = "the defender is asleep: every blow hits"

[attack]
program = '''
if situation.sleeping then
  return hit, roll(a.damage)
elif percent(a.hit) then
  return hit, roll(a.damage)
end
return miss
'''

[[monsters]]
name = "knight"
hp = 20
hit = 75
damage = "1d8"

[[monsters]]
name = "goblin"
hp = 7
hit = 40
damage = "1d4"
"""
ID = "percent-test"
KNIGHT = (20, fractions.Fraction(75, 100), 8)  # hp, P(hit), damage 1dN
GOBLIN = (7, fractions.Fraction(40, 100), 4)


@pytest.fixture
def percent_file(tmp_path):
    path = tmp_path / "percent.toml"
    path.write_text(PERCENT)
    return path


@pytest.fixture
def rules(percent_file):
    return fray.load_rules(percent_file)


# --- by hand ---------------------------------------------------------------------------------------------


def damage_pmf(side):
    """One blow's damage: 0 on a miss, 1..N alike on a hit."""
    _, p, faces = side
    return {0: 1 - p, **{k: p / faces for k in range(1, faces + 1)}}


def attacks_to_kill(side, hp, most):
    """P(the defender's HP reach 0 on exactly the n-th blow), n = 1..most."""
    blow = damage_pmf(side)
    alive = {hp: fractions.Fraction(1)}  # HP left -> P, still alive
    out = []
    for _ in range(most):
        killed, nxt = fractions.Fraction(0), {}
        for h, ph in alive.items():
            for d, pd in blow.items():
                if d >= h:
                    killed += ph * pd
                else:
                    nxt[h - d] = nxt.get(h - d, 0) + ph * pd
        out.append(killed)
        alive = nxt
    return out


def p_first_wins(a, b):
    """A duel of blows in turn, a first: P(a kills b first). Both missing
    brings a turn back to itself, solved as a geometric series."""
    pa, pb = damage_pmf(a), damage_pmf(b)

    @functools.lru_cache(maxsize=None)
    def a_to_move(ha, hb):
        # Each side's hits from this state; their misses loop back.
        def b_moves(ha, hb):  # b to move, from a state other than (ha, hb) itself
            return sum(p * (0 if d >= ha else a_to_move(ha - d, hb)) for d, p in pb.items() if d > 0)

        a_hits = sum(p * (1 if d >= hb else pb[0] * a_to_move(ha, hb - d) + b_moves(ha, hb - d))
                     for d, p in pa.items() if d > 0)
        b_hits_after_miss = pa[0] * b_moves(ha, hb)
        return (a_hits + b_hits_after_miss) / (1 - pa[0] * pb[0])

    return a_to_move(a[0], b[0])


# --- reading it --------------------------------------------------------------------------------------------


def test_load_from_a_path(percent_file):
    for given in (percent_file, str(percent_file)):
        r = fray.load_rules(given)
        assert isinstance(r, fray.Rules)
        assert (r.id, r.title, r.player) == (ID, "Percent (test)", "knight")
        assert r.path == str(percent_file.resolve())
        assert str(r) == ID
        assert r == fray.Rules(ID) and hash(r) == hash(fray.Rules(ID))
        assert "monsters" in r.catalogs
        # What fray.rulesets() says of it.
        assert r.to_json() == next(i for i in fray.rulesets() if i["id"] == ID)
        assert r.to_json()["title"] == r["title"] == r.title


def test_load_a_relative_path(percent_file, monkeypatch):
    monkeypatch.chdir(percent_file.parent)
    assert fray.load_rules("percent.toml").path == str(percent_file.resolve())


def test_load_from_text():
    r = fray.load_rules(PERCENT)
    assert (r.id, r.title) == (ID, "Percent (test)")
    assert r.path is None
    assert fray.attack(r, "knight", "goblin").p_hit == 0.75


def test_includes_are_read_beside_the_file(tmp_path):
    (tmp_path / "more.toml").write_text('[[monsters]]\nname = "rat"\nhp = 3\nhit = 20\n')
    main = tmp_path / "main.toml"
    main.write_text('include = ["more.toml"]\n' + PERCENT)
    r = fray.load_rules(main)
    assert [m["name"] for m in fray.catalog(r, "monsters", frame=False)] == ["knight", "goblin", "rat"]
    assert fray.attack(r, "rat", "knight").p_hit == pytest.approx(0.2, abs=1e-15)
    # Text has no folder: its include is an error at the include.
    with pytest.raises(fray.RulesFileError) as caught:
        fray.load_rules(main.read_text())
    assert (caught.value.file, caught.value.line, caught.value.column) == ("<rules>", 1, 12)


def test_rules_for_a_built_in_game():
    assert fray.Rules("spd").id == "shattered-pd"
    assert fray.Rules("brogue").path is None
    with pytest.raises(fray.Error, match="unknown ruleset 'no-such-game'"):
        fray.Rules("no-such-game")


# --- the same numbers as the command line and as worked out by hand --------------------------------------


def test_attack(rules, percent_file):
    doc = run_cli("attack", "--rules-file", str(percent_file), "--attacker", "knight", "--defender", "goblin")
    for given in (rules, ID):
        got = fray.attack(given, "knight", "goblin")
        assert got.to_json() == doc
    # P(hit) 75 %, then 1d8.
    assert got.p_hit == 0.75
    assert got.p("hit") == 0.75 and got.p("miss") == 0.25
    assert list(got.damage.values) == list(range(0, 9))
    assert got.damage.probs == pytest.approx([0.25] + [0.75 / 8] * 8, abs=1e-15)
    assert got.mean_damage == pytest.approx(0.75 * 4.5, abs=1e-12)
    # A situation flag of the file.
    asleep = fray.attack(rules, "knight", "goblin", ["sleeping"])
    assert asleep.p_hit == 1.0
    assert asleep.to_json() == run_cli("attack", "--rules-file", str(percent_file), "--attacker", "knight",
                                       "--defender", "goblin", "--situation", "sleeping")


def test_attack_of_specs_given_as_keys(rules, percent_file):
    # Keys without a name start from the file's player, the knight.
    assert fray.spec(rules, {"hit": 30}) == "knight:hit=30"
    assert fray.spec(ID, {"name": None, "hit": 30, "damage": "2d6"}) == "hit=30,damage=2d6"
    got = fray.attack(rules, {"hit": 30}, "goblin")
    assert got.p_hit == 0.3
    assert got.to_json() == run_cli("attack", "--rules-file", str(percent_file), "--attacker", "knight:hit=30",
                                    "--defender", "goblin")


def test_strike(rules, percent_file):
    doc = run_cli("strike", "--rules-file", str(percent_file), "--attacker", "knight", "--defender", "goblin",
                  "--seed", "7", "--count", "200")
    got = fray.strike(rules, "knight", "goblin", seed=7, count=200)
    assert got.to_json() == doc
    assert got.count == 200 and 0 < got.hits < 200
    assert got.hits == sum(1 for s in got.strikes if s.hit)
    assert all((s.outcome == "hit") == s.hit == (s.damage > 0) for s in got.strikes)


def test_ttk(rules, percent_file):
    doc = run_cli("ttk", "--rules-file", str(percent_file), "--attacker", "knight", "--defender", "goblin")
    got = fray.ttk(rules, "knight", "goblin")
    assert got.to_json() == doc
    assert got.method == "exact" and got.p_kill == pytest.approx(1, abs=1e-9)
    want = attacks_to_kill(KNIGHT, GOBLIN[0], 12)
    probs = dict(zip(got.attacks.values.tolist(), got.attacks.probs.tolist()))
    for n, p in enumerate(want, start=1):
        assert probs.get(n, 0.0) == pytest.approx(float(p), abs=1e-12), n


def test_duel(rules, percent_file):
    doc = run_cli("duel", "--rules-file", str(percent_file), "--a", "knight", "--b", "goblin")
    got = fray.duel(rules, "knight", "goblin")
    assert got.to_json() == doc
    assert got.method == "exact"
    assert got.p_a_wins == pytest.approx(float(p_first_wins(KNIGHT, GOBLIN)), abs=1e-9)
    assert got.p_a_wins + got.p_b_wins + got.p_draw == pytest.approx(1, abs=1e-9)
    # The goblin first: the same reckoning from its side.
    back = fray.duel(ID, "goblin", "knight")
    assert back.p_a_wins == pytest.approx(float(p_first_wins(GOBLIN, KNIGHT)), abs=1e-9)


def test_sweep(rules, percent_file):
    doc = run_cli("sweep", "--rules-file", str(percent_file), "--attacker", "knight", "--defender", "goblin",
                  "--key", "hit", "--from", "0", "--to", "100", "--step", "25", "--seed", "3", "--threads", "1")
    got = fray.sweep(rules, "knight", "goblin", key="hit", start=0, stop=100, step=25, seed=3, threads=1)
    assert got.to_json() == doc
    assert got.column("p_hit").tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert got.column("mean_damage").tolist() == pytest.approx([0.0, 1.125, 2.25, 3.375, 4.5], abs=1e-12)


def test_bestiary(rules, percent_file):
    doc = run_cli("bestiary", "--rules-file", str(percent_file), "--attacker", "knight", "--threads", "1")
    got = fray.bestiary(rules, "knight", threads=1)
    assert got.to_json() == doc
    assert {row["name"] for row in got.rows} == {"goblin", "knight"}


def test_catalogs(rules, percent_file):
    assert fray.catalogs(rules) == run_cli("list", "--rules-file", str(percent_file))["catalogs"]
    rows = fray.catalog(rules, "monsters", frame=False)
    assert [r["name"] for r in rows] == ["knight", "goblin"]
    assert (rows[1]["hp"], rows[1]["hit"]) == (7, 40)
    keys = [r["name"] for r in fray.catalog(ID, "keys", frame=False)]
    assert {"hp", "hit", "damage"} <= set(keys)
    assert ID in [r["id"] for r in fray.rulesets()]


@pytest.mark.parametrize("path", sorted((SOURCE_DIR / "examples" / "rules").glob("*.toml")), ids=lambda p: p.name)
def test_the_example_files(path):
    r = fray.load_rules(path)
    a, d = r.defaults["attacker"], r.defaults["defender"]
    doc = run_cli("attack", "--rules-file", str(path), "--attacker", a, "--defender", d)
    assert fray.attack(r, a, d).to_json() == doc


# --- loading again ---------------------------------------------------------------------------------------


def test_loading_the_same_id_again_replaces_it(percent_file):
    first = fray.load_rules(percent_file)
    assert fray.attack(first, "knight", "goblin").p_hit == 0.75
    percent_file.write_text(PERCENT.replace('title = "Percent (test)"', 'title = "Percent (test) 2"')
                            .replace("hit = 75", "hit = 50"))
    second = fray.load_rules(percent_file)
    assert second == first and second.title == "Percent (test) 2"
    # The id, the new Rules and the old one all mean the new file.
    for given in (first, second, ID):
        assert fray.attack(given, "knight", "goblin").p_hit == 0.5
    assert first.title == "Percent (test) 2"
    assert [r["id"] for r in fray.rulesets()].count(ID) == 1
    # Text with the same id replaces the file's ruleset in turn.
    third = fray.load_rules(PERCENT)
    assert third.path is None and fray.attack(ID, "knight", "goblin").p_hit == 0.75


def test_a_built_in_id_is_refused():
    with pytest.raises(fray.Error, match="brogue"):
        fray.load_rules(PERCENT.replace(f'id = "{ID}"', 'id = "brogue"'))
    assert fray.Rules("brogue").title.startswith("Brogue")


# --- errors ----------------------------------------------------------------------------------------------

BAD_STAT = PERCENT.replace("percent(a.hit)", "percent(a.hitt)")


def test_an_error_in_text_says_where():
    with pytest.raises(fray.RulesFileError) as caught:
        fray.load_rules(BAD_STAT)
    e = caught.value
    assert isinstance(e, fray.Error) and isinstance(e, ValueError)
    assert (e.file, e.line, e.column) == ("<rules>", 18, 16)
    assert e.reason.startswith("unknown stat 'hitt' (did you mean 'hit'?)")
    assert str(e) == f"<rules>:18:16: {e.reason}"


def test_an_error_in_a_file_says_where_as_the_command_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(BAD_STAT)
    with pytest.raises(fray.RulesFileError) as caught:
        fray.load_rules(path)
    e = caught.value
    assert (e.file, e.line, e.column) == (str(path), 18, 16)
    assert str(e) == cli_error("attack", "--rules-file", str(path), "--attacker", "knight", "--defender", "goblin")


def test_a_toml_error_says_where():
    text = PERCENT.replace('title = "Percent (test)"', 'title = "Percent (test)')
    with pytest.raises(fray.RulesFileError) as caught:
        fray.load_rules(text)
    assert (caught.value.file, caught.value.line) == ("<rules>", 3)
    assert caught.value.column > 0


def test_a_missing_file(tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(fray.RulesFileError) as caught:
        fray.load_rules(missing)
    e = caught.value
    assert (e.file, e.line, e.column) == (str(missing), 0, 0)
    assert str(missing) in str(e)


def test_what_a_str_is():
    # One line starting with '[' is text (a TOML table), not a file of that name.
    with pytest.raises(fray.RulesFileError) as caught:
        fray.load_rules("[game]")
    assert caught.value.file == "<rules>"
    # Any other line is a path.
    with pytest.raises(fray.RulesFileError) as caught:
        fray.load_rules("no-such-rules.toml")
    assert (caught.value.file, caught.value.line) == ("no-such-rules.toml", 0)


@pytest.mark.parametrize("given", [42, None, b"[game]\n", ["percent.toml"]], ids=repr)
def test_an_argument_of_another_type(given):
    with pytest.raises(TypeError, match=rf"path_or_text must be a str .* got {type(given).__name__}"):
        fray.load_rules(given)


def test_rules_of_another_type():
    with pytest.raises(TypeError, match=r"rules must be a str \(a ruleset id\) or a fray.Rules, got int"):
        fray.attack(42, "knight", "goblin")
    with pytest.raises(TypeError, match="id must be a str"):
        fray.Rules(42)
