"""Every function against the command line: the same question gives the same
--json document, in every game."""

import pytest

import fray
from conftest import MAPS, builtin_rulesets, run_cli

GAMES = ["pixel-dungeon", "brogue", "crawl", "epixx", "crawl-0.34", "shattered-pd"]

# Attacks per game: (attacker, defender, situation, options), spec texts as on the command line.
ATTACKS = {
    "pixel-dungeon": [
        ("hero:class=warrior,level=5,str=18,weapon=war_hammer", "gnoll_scout", [], {}),
        ("hero:class=huntress,subclass=sniper,str=12", "skeleton", ["thrown"], {}),
        ("gnoll_brute", "hero:level=3", [], {}),
        ("accuracy=12,damage=2-8", "evasion=4,armor=2,hp=20", [], {}),
    ],
    "brogue": [
        ("player", "goblin_conjurer", [], {}),
        ("ogre", "player", [], {}),
        ("player:weapon=sword,enchant=3", "vampire_bat", [], {}),
        ("accuracy=100,damage=2-10/1", "player", [], {}),
    ],
    "crawl": [
        ("player:fighting=5,weapon=long_sword", "orc_warrior", [], {}),
        ("player:dex=15,str=15,fighting=3,weapon_skill=5,weapon=long_sword", "hd=1,ev=10", [], {}),
        ("player:dex=20,fighting=6,weapon_skill=10,stealth=15,weapon=dagger", "deep_elf_blademaster", ["netted"], {}),
        ("orc_warrior", "player:dodging=5", [], {}),
    ],
    "epixx": [
        ("str=1,agi=1,weapon=1d8", "fighter", [], {}),
        ("human_fighter", "duellist", [], {}),
        ("ogre", "duellist", ["confused"], {}),
        ("agi=2,weapon=1d6", "fighter", [], {"kind": "ranged", "from": "0,0", "to": "3,4"}),
    ],
    "crawl-0.34": [
        ("player:fighting=5,long_blades=5,weapon=long_sword", "orc_warrior:shield=buckler", [], {}),
        ("player:dex=20,fighting=6,short_blades=10,stealth=15,weapon=dagger", "orc", ["sleeping"], {}),
        ("orc_warrior", "player:dodging=5,ev=10.40", [], {}),
    ],
    "shattered-pd": [
        ("hero:class=duelist,subclass=champion,level=12,str=14,weapon=rapier,weapon_level=2", "gnoll_brute", [], {}),
        ("gnoll_brute", "hero:level=3", ["blessed"], {}),
        ("hero:class=warrior,level=5", "rat", ["unseen"], {}),
    ],
}

# Two sides of a fight per game: (a, b).
FIGHTS = {
    "pixel-dungeon": ("hero:level=5,str=18,weapon=war_hammer", "gnoll_brute"),
    "brogue": ("player", "goblin_conjurer"),
    "crawl": ("player:fighting=5,weapon=long_sword,hp=40", "orc_warrior"),
    "epixx": ("human_fighter", "ogre"),
    "crawl-0.34": ("player:fighting=5,long_blades=4,weapon=long_sword,hp=40", "orc_warrior"),
    "shattered-pd": ("hero:class=warrior,level=5", "gnoll_brute"),
}


def option_args(options):
    return [a for k, v in options.items() for a in (f"--{k}", v)]


def python_options(options):
    return {("from_" if k == "from" else k): v for k, v in options.items()}


def attack_cases():
    return [(g, *case) for g in GAMES for case in ATTACKS[g]]


@pytest.mark.parametrize("rules,attacker,defender,situation,options", attack_cases())
def test_attack(rules, attacker, defender, situation, options):
    doc = run_cli(
        "attack", "--rules", rules, "--attacker", attacker, "--defender", defender,
        *(["--situation", ",".join(situation)] if situation else []), *option_args(options),
    )
    got = fray.attack(rules, attacker, defender, situation, **python_options(options))
    assert got.to_json() == doc
    assert got.p_hit == doc["p_hit"]
    assert got.damage.mean == doc["damage"]["mean"]
    assert got.damage.to_dict() == {v: p for v, p in doc["damage"]["pmf"]}
    assert [o.kind for o in got.outcomes] == [o["kind"] for o in doc["outcomes"]]


@pytest.mark.parametrize("rules,attacker,defender,situation,options", attack_cases())
def test_strike_same_draws_as_cli(rules, attacker, defender, situation, options):
    args = [
        "strike", "--rules", rules, "--attacker", attacker, "--defender", defender,
        *(["--situation", ",".join(situation)] if situation else []), *option_args(options),
        "--seed", "20240607", "--count", "25",
    ]
    doc = run_cli(*args)
    got = fray.strike(rules, attacker, defender, situation, seed=20240607, count=25, **python_options(options))
    assert got.to_json() == doc
    assert [[d.value for d in s.draws] for s in got.strikes] == [[d["value"] for d in s["draws"]] for s in doc["strikes"]]


@pytest.mark.parametrize("rules,engine", [("pixel-dungeon", "java"), ("brogue", "brogue"), ("crawl", "default")])
def test_strike_game_engine(rules, engine):
    attacker, defender, _, _ = ATTACKS[rules][0]
    doc = run_cli("strike", "--rules", rules, "--attacker", attacker, "--defender", defender,
                  "--seed", "18446744073709551615", "--count", "1500", "--rng", engine)
    got = fray.strike(rules, attacker, defender, seed=2**64 - 1, count=1500, rng=engine)
    assert got.to_json() == doc
    assert got.traced == 1000 and len(got.strikes) == 1000 and got.count == 1500


@pytest.mark.parametrize("rules", GAMES)
def test_ttk_exact(rules):
    a, b = FIGHTS[rules]
    doc = run_cli("ttk", "--rules", rules, "--attacker", a, "--defender", b)
    got = fray.ttk(rules, a, b)
    assert got.to_json() == doc
    if got.attacks is not None:
        assert got.attacks.mean == doc["attacks"]["mean"]


@pytest.mark.parametrize("rules", GAMES)
def test_ttk_monte_carlo(rules):
    a, b = FIGHTS[rules]
    doc = run_cli("ttk", "--rules", rules, "--attacker", a, "--defender", b, "--sims", "3000", "--seed", "11",
                  "--threads", "2")
    got = fray.ttk(rules, a, b, sims=3000, seed=11, threads=2)
    assert got.to_json() == doc
    assert got.method == doc["method"] and got.sims == 3000 and got.seed == 11


@pytest.mark.parametrize("rules", GAMES)
def test_duel_exact(rules):
    a, b = FIGHTS[rules]
    doc = run_cli("duel", "--rules", rules, "--a", a, "--b", b)
    got = fray.duel(rules, a, b)
    assert got.to_json() == doc
    assert got.p_a_wins == doc["p_a_wins"]
    assert fray.duel(rules, a, b, exact=True).to_json() == run_cli("duel", "--rules", rules, "--a", a, "--b", b,
                                                                   "--exact")


@pytest.mark.parametrize("rules", GAMES)
def test_duel_monte_carlo(rules):
    a, b = FIGHTS[rules]
    doc = run_cli("duel", "--rules", rules, "--a", a, "--b", b, "--sims", "4000", "--seed", "5", "--threads", "2",
                  "--first", "b")
    got = fray.duel(rules, a, b, sims=4000, seed=5, threads=2, first="b")
    assert got.to_json() == doc
    # The answer does not depend on the number of threads.
    assert fray.duel(rules, a, b, sims=4000, seed=5, threads=1, first="b").to_json() == doc
    lo, hi = got.p_a_wins_ci
    assert lo <= got.p_a_wins <= hi


# The method choice of the command line: (the CLI's options, Python's keywords). The
# goblin conjurer's summons have no exact chain, so an exact fight of it falls back to
# Monte Carlo; the vampire bat's ttk is exact with its hits sampled.
METHODS = [
    (["--exact", "--sims", "2000"], dict(exact=True, sims=2000)),
    (["--method", "exact", "--sims", "2000"], dict(method="exact", sims=2000)),
    (["--method", "auto", "--sims", "3000"], dict(method="auto", sims=3000)),
    (["--method", "monte-carlo", "--sims", "1000"], dict(method="monte-carlo", sims=1000)),
    (["--sims", "1500"], dict(sims=1500)),
]


@pytest.mark.parametrize("cli_args,kwargs", METHODS)
def test_fight_method_as_the_cli(cli_args, kwargs):
    seed = ["--seed", "3", "--threads", "1"]
    doc = run_cli("duel", "--rules", "brogue", "--a", "player", "--b", "goblin_conjurer", *cli_args, *seed)
    got = fray.duel("brogue", "player", "goblin_conjurer", seed=3, threads=1, **kwargs)
    assert got.to_json() == doc
    # Monte Carlo answers with the fights asked for, and says what was asked.
    assert (got.method, got.sims) == ("monte-carlo", kwargs["sims"])
    assert got.method_asked == ("exact" if kwargs.get("exact") else kwargs.get("method", "monte-carlo"))
    doc = run_cli("ttk", "--rules", "brogue", "--attacker", "player", "--defender", "goblin_conjurer", *cli_args, *seed)
    assert fray.ttk("brogue", "player", "goblin_conjurer", seed=3, threads=1, **kwargs).to_json() == doc


def test_fight_method_sims_are_the_sampled_parts():
    # An exact answer whose hits are sampled: with a method, sims is the fights of the hits.
    doc = run_cli("ttk", "--rules", "pixel-dungeon", "--attacker", "vampire_bat", "--defender", "hero:level=3",
                  "--method", "auto", "--sims", "2000", "--seed", "4", "--threads", "1")
    got = fray.ttk("pixel-dungeon", "vampire_bat", "hero:level=3", method="auto", sims=2000, seed=4, threads=1)
    assert got.to_json() == doc
    assert (got.method, got.method_asked, got.sampled, got.sims) == ("exact", "auto", ["hits"], 2000)
    # The same with exact=True: the exact analysis, its hits from 2000 fights.
    exact = fray.ttk("pixel-dungeon", "vampire_bat", "hero:level=3", exact=True, sims=2000, seed=4, threads=1)
    assert exact.to_json() == run_cli("ttk", "--rules", "pixel-dungeon", "--attacker", "vampire_bat", "--defender",
                                      "hero:level=3", "--exact", "--sims", "2000", "--seed", "4", "--threads", "1")
    assert (exact.method, exact.method_asked, exact.sims) == ("exact", "exact", 2000)
    # The default is auto; method="monte-carlo" samples the whole fight.
    assert fray.duel("pixel-dungeon", "vampire_bat", "hero:level=3").method_asked == "auto"
    mc = fray.duel("pixel-dungeon", "vampire_bat", "hero:level=3", method="monte-carlo", sims=1000, seed=4, threads=1)
    assert (mc.method, mc.method_asked, mc.method_reason, mc.sims) == ("monte-carlo", "monte-carlo",
                                                                       "Monte Carlo asked for", 1000)


@pytest.mark.parametrize("method", ["auto", "exact", "monte-carlo"])
def test_sweep_method_as_the_cli(method):
    # Each row's fights solved by the method asked for; sims is the fights of each sampled row.
    # Without the player's regeneration the goblin's duel is exact; the conjurer's never is.
    a = "player:regeneration=none"
    for d in ["goblin", "goblin_conjurer"]:
        doc = run_cli("sweep", "--rules", "brogue", "--attacker", a, "--defender", d, "--key", "enchant",
                      "--from", "0", "--to", "2", "--method", method, "--sims", "500", "--seed", "2", "--threads", "1")
        got = fray.sweep("brogue", a, d, key="enchant", start=0, stop=2, method=method, sims=500, seed=2, threads=1)
        assert got.to_json() == doc
        sampled = method == "monte-carlo" or d == "goblin_conjurer"
        duel = next(n for n in got.notes if n.startswith("duel: "))
        assert duel.startswith("duel: Monte Carlo, 500 fights a row" if sampled else "duel: exact"), duel
        if method == "exact" and sampled:
            assert "exact asked for, but no exact analysis" in duel


@pytest.mark.parametrize("rules", GAMES)
def test_catalogs(rules):
    doc = run_cli("list", "--rules", rules)
    assert fray.catalogs(rules) == doc["catalogs"]
    for kind in doc["catalogs"]:
        entries = run_cli("list", "--rules", rules, kind)["entries"]
        rows = fray.catalog(rules, kind, frame=False)
        assert [r["name"] for r in rows] == [e["name"] for e in entries]
        for row, e in zip(rows, entries):
            assert row == {"name": e["name"], **e["stats"], "description": e["description"]}


def test_rulesets():
    ids = [r["id"] for r in builtin_rulesets()]
    assert ids == GAMES
    for r in builtin_rulesets():
        assert fray.catalogs(r["id"]) == run_cli("list", "--rules", r["id"])["catalogs"]
        assert r["title"] == run_cli("list", "--rules", r["id"])["title"]
    # The branches a bestiary's branch= names: DCSS's dungeons only.
    branches = {r["id"]: [b["abbrev"] for b in r["branches"]] for r in builtin_rulesets()}
    assert [g for g in GAMES if branches[g]] == ["crawl", "crawl-0.34"]
    assert branches["crawl-0.34"][:3] == ["D", "Temple", "Orc"]


@pytest.mark.parametrize("expr", ["3d6", "4d6kh3", "2d20kl1 >= 15", "d6!", "brogue_clump(1,3,1)", "(1d3)d6"])
def test_dist(expr):
    doc = run_cli("dist", expr)
    got = fray.dist(expr)
    assert got.to_json() == doc
    assert got.expression == expr
    assert got.mean == doc["mean"] and got.std == doc["stddev"]
    assert got.values.tolist() == [v for v, _ in doc["pmf"]]
    assert got.probs.tolist() == [p for _, p in doc["pmf"]]
    assert got.range == (None if doc["range"] is None else tuple(doc["range"]))


def test_dist_range():
    # The expression's own range, beyond the values a double keeps.
    big = fray.dist("1000d6")
    assert big.range == (1000, 6000) and big.min > 1000 and big.max < 6000
    assert fray.dist("4d6kh3").range == (3, 18)
    assert fray.dist("2*1d3==3").range is None


@pytest.mark.parametrize("engine", ["default", "java", "brogue"])
def test_roll(engine):
    doc = run_cli("roll", "3d6+2", "--seed", "42", "--count", "50", "--rng", engine)
    got = fray.roll("3d6+2", seed=42, count=50, rng=engine)
    assert got.to_json() == doc
    assert got.rolls.tolist() == doc["rolls"]


def test_sweep():
    attacker = "player:dex=15,str=15,weapon=long_sword,weapon_skill=5"
    doc = run_cli("sweep", "--attacker", attacker, "--defender", "orc_warrior", "--skill", "fighting",
                  "--from", "0", "--to", "27", "--step", "9")
    got = fray.sweep("crawl", attacker, "orc_warrior", skill="fighting", start=0, stop=27, step=9)
    assert got.to_json() == doc
    assert len(got) == 4


@pytest.mark.parametrize(
    "args,kwargs",
    [
        (["enchant-for-hit"], {}),
        (["armor-for-hit"], {}),
        (["armor-for-hit", "--percent", "50,33,25,10,5,2", "--reachable"],
         {"percent": [50, 33, 25, 10, 5, 2], "reachable": True}),
        (["enchant-for-hit", "--defender", "goblin,ogre", "--percent", "90,100"],
         {"monsters": ["goblin", "ogre"], "percent": [90, 100]}),
        (["armor-for-hit", "--attacker", "goblin,ogre"], {"monsters": ["goblin", "ogre"]}),
    ],
)
def test_table(args, kwargs):
    doc = run_cli("table", *args)
    assert fray.table("brogue", args[0], **kwargs).to_json() == doc
    if args[0] == "enchant-for-hit":
        assert fray.enchant_for_hit(**kwargs).to_json() == doc
    else:
        assert fray.armor_for_hit(**kwargs).to_json() == doc


def test_turn():
    doc = run_cli("turn", "--defender", "str=1,agi=1,shield=1-3", "--attacker", "str=0", "--attacker", "str=0")
    got = fray.turn("epixx", "str=1,agi=1,shield=1-3", ["str=0", "str=0"])
    assert got.to_json() == doc
    assert len(got.attacks) == 2


@pytest.mark.parametrize(
    "map_name,at,algorithm,radius",
    [
        ("door.txt", "3,3", "pixel-dungeon", None),
        ("door.txt", "3,3", "symmetric", None),
        ("ballistics.txt", "1,1", "symmetric-exact", 5),
        ("corner.txt", "1,1", "pixel-dungeon", 4),
    ],
)
def test_fov(map_name, at, algorithm, radius):
    path = MAPS / map_name
    args = ["fov", "--map", str(path), "--at", at, "--algorithm", algorithm]
    if radius is not None:
        args += ["--radius", str(radius)]
    doc = run_cli(*args)
    x, y = (int(c) for c in at.split(","))
    from_text = fray.fov(path.read_text(), (x, y), radius=radius, algorithm=algorithm)
    from_file = fray.fov(path, at, radius=radius, algorithm=algorithm)
    assert from_text.to_json() == doc
    assert from_file.to_json() == doc
    assert from_text.count == len(from_text.visible)


@pytest.mark.parametrize("magic,hit_chars", [(False, False), (True, False), (False, True)])
def test_path(magic, hit_chars):
    path = MAPS / "ballistics.txt"
    args = ["path", "--map", str(path), "--from", "1,1", "--to", "8,4"]
    args += ["--magic"] if magic else []
    args += ["--hit-chars"] if hit_chars else []
    doc = run_cli(*args)
    got = fray.path("pixel-dungeon", path.read_text(), (1, 1), (8, 4), magic=magic, hit_chars=hit_chars)
    assert got.to_json() == doc
    assert got.path.tolist() == doc["path"]


# fray.aim: the cells to tap (11,1) ... (8,3) of fray aim, the same document;
# with flags, as fray.game_verb runs it too.
@pytest.mark.parametrize("rules,flags", [("pixel-dungeon", None), ("shattered-pd", None), ("shattered-pd", "magic-bolt")])
def test_aim(rules, flags):
    path = MAPS / "ballistics.txt"
    args = ["aim", "--rules", rules, "--map", str(path), "--from", "2,5", "--to", "7,3"]
    args += ["--flags", flags] if flags else []
    doc = run_cli(*args)
    got = fray.aim(rules, path.read_text(), (2, 5), (7, 3), flags=flags)
    assert got.to_json() == doc
    want = [[11, 1], [9, 2], [10, 2], [11, 2], [7, 3], [8, 3]] + ([[5, 4]] if flags else [])
    assert got.cells.tolist() == want
    assert got.count == len(want) and got.start == (2, 5) and got.target == (7, 3)
    extra = {"flags": flags} if flags else {}
    assert fray.game_verb(rules, "aim", map=path, **{"from": "2,5"}, to="7,3", **extra) == doc
    with pytest.raises(fray.Error) as caught:
        fray.aim(rules, path, (2, 5), (2, 5))
    assert str(caught.value) == "target 2,5 is the hero's own cell (start); aim at another cell"


@pytest.mark.parametrize(
    "state,extra,kwargs",
    [
        ("sleeping", [], {}),
        ("wandering", ["--alerted"], {"alerted": True}),
        ("hunting", ["--stealth", "3", "--flying", "--radius", "6"], {"stealth": 3, "flying": True, "radius": 6}),
    ],
)
def test_surprise(state, extra, kwargs):
    path = MAPS / "door.txt"
    doc = run_cli("surprise", "--map", str(path), "--mob", "3,2", "--hero", "5,6", "--state", state, *extra)
    got = fray.surprise("pixel-dungeon", path.read_text(), (3, 2), (5, 6), state, **kwargs)
    assert got.to_json() == doc


# The generic sweep: any numeric spec key of any game, the CLI's table.
SWEEPS = {
    "pixel-dungeon": ("hero:weapon=war_hammer", "gnoll_scout", "str", 10, 18, 2),
    "brogue": ("player", "ogre", "enchant", -2, 4, 1),
    "crawl": ("player:weapon=long_sword,hp=40", "orc_warrior", "fighting", 0, 27, 9),
    "epixx": ("human_fighter", "ogre", "str", 0, 2, 1),
    "crawl-0.34": ("player:weapon=long_sword,hp=40", "orc_warrior", "long_blades", 0, 12, 4),
    "shattered-pd": ("hero:class=warrior", "gnoll_brute", "level", 1, 9, 4),
}


@pytest.mark.parametrize("rules", GAMES)
def test_sweep_key(rules):
    a, d, key, lo, hi, step = SWEEPS[rules]
    doc = run_cli("sweep", "--rules", rules, "--attacker", a, "--defender", d, "--key", key, "--from", str(lo),
                  "--to", str(hi), "--step", str(step), "--seed", "3", "--threads", "1")
    got = fray.sweep(rules, a, d, key=key, start=lo, stop=hi, step=step, seed=3, threads=1)
    assert got.to_json() == doc


# Only the columns asked for, as `fray sweep --columns`: the others stay empty.
@pytest.mark.parametrize("columns", ["p_hit", "p_hit,mean_hits_to_kill", ["mean_damage", "p_attacker_wins"]])
def test_sweep_columns_as_the_cli(columns):
    a, d = "player:regeneration=none", "goblin"
    text = columns if isinstance(columns, str) else ",".join(columns)
    doc = run_cli("sweep", "--rules", "brogue", "--attacker", a, "--defender", d, "--key", "enchant",
                  "--from", "0", "--to", "2", "--columns", text, "--seed", "2", "--threads", "1")
    got = fray.sweep("brogue", a, d, key="enchant", start=0, stop=2, seed=2, threads=1, columns=columns)
    assert got.to_json() == doc
    every = fray.sweep("brogue", a, d, key="enchant", start=0, stop=2, seed=2, threads=1)
    assert every.to_json() == run_cli("sweep", "--rules", "brogue", "--attacker", a, "--defender", d, "--key",
                                      "enchant", "--from", "0", "--to", "2", "--seed", "2", "--threads", "1")
    rows, all_rows = got.to_json()["rows"], every.to_json()["rows"]
    ttk = "mean_hits_to_kill" in text
    duel = "p_attacker_wins" in text
    for row, full in zip(rows, all_rows):
        assert row["p_hit"] == full["p_hit"] and row["mean_damage"] == full["mean_damage"]
        assert (row["mean_hits_to_kill"] is None) == (not ttk)
        assert (row["p_attacker_wins"] is None) == (not duel)
        assert full["mean_hits_to_kill"] is not None and full["p_attacker_wins"] is not None


def test_sweep_columns_refused():
    with pytest.raises(fray.Error, match="columns: no column 'p_win'"):
        fray.sweep("brogue", "player", "goblin", key="enchant", start=0, stop=1, columns="p_hit,p_win")
    with pytest.raises(fray.Error, match="columns: give at least one column"):
        fray.sweep("brogue", "player", "goblin", key="enchant", start=0, stop=1, columns=[])
    with pytest.raises(fray.Error, match="columns is for a key sweep"):
        fray.sweep("crawl", "player", "orc", skill="fighting", start=0, stop=3, columns="p_hit")
    with pytest.raises(TypeError):
        fray.sweep("brogue", "player", "goblin", key="enchant", start=0, stop=1, columns=[1])


# The verbs only some games have, asked generically (fray.game_verbs,
# fray.game_verb): the same documents as the command line's, and the games
# that offer each verb as the library lists them.
def test_game_verbs_generically():
    verbs = {v["name"]: v for v in fray.game_verbs()}
    assert verbs["table"]["rulesets"] == ["brogue"]
    assert verbs["path"]["rulesets"] == ["pixel-dungeon", "shattered-pd"]
    assert verbs["skill-sweep"]["rulesets"] == ["crawl"]
    assert verbs["fov"]["rulesets"] == ["pixel-dungeon", "shattered-pd"]
    table = next(o for o in verbs["table"]["options"] if o["name"] == "TABLE")
    assert table["positional"] and table["required"] and table["kind"] == "text"
    doc = run_cli("table", "enchant-for-hit", "--percent", "50,90")
    assert fray.game_verb("brogue", "table", TABLE="enchant-for-hit", percent="50,90") == doc
    path = MAPS / "ballistics.txt"
    doc = run_cli("path", "--rules", "shattered-pd", "--map", str(path), "--from", "1,1", "--to", "8,4",
                  "--flags", "magic-bolt")
    assert fray.game_verb("shattered-pd", "path", map=path, **{"from": "1,1"}, to="8,4", flags="magic-bolt") == doc
    with pytest.raises(fray.Error) as caught:
        fray.game_verb("crawl", "table", TABLE="enchant-for-hit")
    assert str(caught.value) == "table is not a verb of rules crawl (it is for: brogue)"
    # A name no game has is told apart from a game's missing verb.
    with pytest.raises(fray.Error) as caught:
        fray.game_verb("brogue", "tabel")
    assert str(caught.value) == ("unknown verb 'tabel' (did you mean 'table'?) "
                                 "(the verbs only some games have: path, aim, surprise, table, skill-sweep, turn, import)")


# fray.path and fray.fov take every game that has them, as the command line does.
def test_path_and_fov_of_shattered_pd():
    path = MAPS / "ballistics.txt"
    doc = run_cli("path", "--rules", "shattered-pd", "--map", str(path), "--from", "1,1", "--to", "8,4")
    assert fray.path("shattered-pd", path, (1, 1), (8, 4)).to_json() == doc
    doc = run_cli("fov", "--map", str(path), "--at", "1,1", "--algorithm", "shattered-pd", "--radius", "12")
    assert fray.fov(path, (1, 1), radius=12, algorithm="shattered-pd").to_json() == doc
    with pytest.raises(fray.Error) as caught:
        fray.path("shattered-pd", path, (1, 1), (8, 4), magic=True)
    assert str(caught.value) == "magic and hit_chars are Pixel Dungeon's; rules shattered-pd takes flags"


BESTIARY = {
    "pixel-dungeon": ("hero:class=warrior,level=5", "marsupial_rat,gnoll_scout,wraith"),
    "brogue": ("player", "rat,goblin"),
    "crawl": ("player:fighting=5,weapon=long_sword,hp=40", "rat,orc"),
    "epixx": ("human_fighter", "ogre"),
    "crawl-0.34": ("player:fighting=5,long_blades=4,weapon=long_sword,hp=40", "ballistomycete,goblin"),
    "shattered-pd": ("hero:class=warrior,level=5", "marsupial_rat,gnoll_scout"),
}


@pytest.mark.parametrize("rules", GAMES)
def test_bestiary(rules):
    attacker, monsters = BESTIARY[rules]
    doc = run_cli("bestiary", "--rules", rules, "--attacker", attacker, "--monsters", monsters,
                  "--sims", "300", "--seed", "4", "--threads", "1")
    got = fray.bestiary(rules, attacker, monsters=monsters.split(","), sims=300, seed=4, threads=2)
    assert got.to_json() == doc
    assert sorted(got.column("name").tolist()) == sorted(monsters.split(","))
    assert got.columns[:5] == ["name", "level", "hp", "p_hit", "p_hit_by"]


def test_bestiary_level_filter():
    a = "player:fighting=5,weapon=long_sword,hp=40"
    doc = run_cli("bestiary", "--rules", "crawl", "--attacker", a, "--hd", "1-2", "--sims", "200")
    for hd in ("1-2", (1, 2)):
        assert fray.bestiary("crawl", a, hd=hd, sims=200).to_json() == doc
    assert set(fray.bestiary("crawl", a, hd=1, sims=200).column("level").tolist()) == {1.0}
    with pytest.raises(fray.Error, match="the brogue monsters catalog has no level"):
        fray.bestiary("brogue", "player", hd="1-3")
    with pytest.raises(fray.Error, match="did you mean 'gnoll_scout'"):
        fray.bestiary("pixel-dungeon", "hero", monsters=["gnol_scout"])


def test_bestiary_branch_filter():
    # DCSS 0.34's D:1: the twelve monsters of mon-pick-data.h's D table whose rows start at 1.
    doc = run_cli("bestiary", "--rules", "crawl-0.34", "--attacker", "player", "--branch", "D:1", "--sims", "100",
                  "--row-work", "1e5")
    got = fray.bestiary("crawl-0.34", "player", branch="D:1", sims=100, row_work=1e5)
    assert got.to_json() == doc
    assert sorted(got.column("name").tolist()) == [
        "ball_python", "bat", "dart_slug", "endoplasm", "frilled_lizard", "gnoll", "goblin", "hobgoblin", "jackal",
        "kobold", "quokka", "rat"]
    assert any(n.startswith("branch D:1: ") for n in got.notes)
    # With monsters and hd: both filters (the orc is in D from level 3, the ribbon worm has 4 hit dice).
    both = fray.bestiary("crawl-0.34", "player", branch="d:2-3", monsters=["orc", "jackal", "ribbon_worm"], hd="1-3",
                         sims=100, row_work=1e5)
    assert sorted(both.column("name").tolist()) == ["jackal", "orc"]
    with pytest.raises(fray.Error, match="--branch: brogue has no branch data"):
        fray.bestiary("brogue", "player", branch="D")
    with pytest.raises(fray.Error, match=r"no branch 'Lari' \(did you mean 'Lair' or 'Tar'\?\) \(its branches: D, "):
        fray.bestiary("crawl-0.34", "player", branch="Lari")
    with pytest.raises(fray.Error, match="whole levels 1..15"):
        fray.bestiary("crawl-0.34", "player", branch="D:16")
    with pytest.raises(fray.Error, match="branch names no branch"):
        fray.bestiary("crawl-0.34", "player", branch="")
    with pytest.raises(TypeError, match="branch must be a str"):
        fray.bestiary("crawl-0.34", "player", branch=3)
