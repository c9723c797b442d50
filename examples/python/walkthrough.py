# %% [markdown]
# # fray from Python: a walk-through
#
# Each `# %%` is a cell: open this file in Jupyter (through jupytext), VS Code
# or Spyder and run the cells one by one, or run it whole:
#
#     PYTHONPATH=build/python python3 examples/python/walkthrough.py
#
# Every function answers one verb of the `fray` command line, and its result's
# `to_json()` is the document `fray VERB --json` prints.

# %%
import fray

print(fray.__version__, [r["id"] for r in fray.rulesets()])

# %% [markdown]
# ## Dice: exact distributions and seeded rolls

# %%
p = fray.dist("4d6kh3")  # roll 4d6, keep the highest 3
print(p)
print("mean", p.mean, "std", p.std, "P(>= 15)", p.at_least(15), "median", p.quantile(0.5))
print(p.values[:5], p.probs[:5])  # numpy arrays

r = fray.roll("3d6", seed=42, count=10)
print(r.rolls)  # the same as `fray roll 3d6 --seed 42 --count 10`

# %% [markdown]
# ## One attack, exact
#
# Specs are the command line's strings, or dictionaries: without a "name",
# the game's player character (`hero` in Pixel Dungeon, `player` in Brogue
# and Crawl).

# %%
a = fray.attack("brogue", "ogre", "player")
print(a)
print([(o.kind, o.p) for o in a.outcomes])
print("damage given a hit:", a.damage_on_hit.to_dict())

hero = {"class": "warrior", "level": 5, "str": 18, "weapon": "war_hammer"}
print(fray.spec("pixel-dungeon", hero))
print(fray.attack("pixel-dungeon", hero, "gnoll_scout").p_hit)

# %% [markdown]
# ## Sampled strikes, with every draw

# %%
s = fray.strike("crawl", "player:fighting=5,weapon=long_sword", "orc_warrior", seed=1, count=5)
for strike in s.strikes:
    print(strike.outcome, strike.damage, [(d.label, d.value) for d in strike.draws])

# %% [markdown]
# ## Fights: turns to kill and duels

# %%
t = fray.ttk("pixel-dungeon", hero, "gnoll_brute")
print(t, "P(kill within 5 attacks):", t.attacks.at_most(5))

d = fray.duel("brogue", "player", "goblin")  # exact
print(d)
mc = fray.duel("brogue", "player", "goblin", sims=20000, seed=1, threads=2)  # Monte Carlo
print(mc, mc.p_a_wins_ci)

# %% [markdown]
# ## Catalogs: what specs can name
#
# A pandas DataFrame when pandas is installed, a list of dicts otherwise.

# %%
print(fray.catalogs("crawl"))
weapons = fray.catalog("pixel-dungeon", "weapons", frame=False)
print([w["name"] for w in weapons][:8])

# %% [markdown]
# ## Game tables: a DCSS skill sweep and Brogue's balance tables

# %%
sw = fray.sweep("crawl", "player:dex=15,str=15,weapon=long_sword,weapon_skill=5", "orc_warrior", skill="fighting", stop=27, step=9)
print(sw.columns)
for row in sw.rows:
    print(row)
enchant = fray.enchant_for_hit(percent=[50, 90], monsters=["goblin", "ogre"])
print(enchant.rows)

# %% [markdown]
# ## Grids: field of view and projectile paths

# %%
room = """\
##########
#........#
#..#.....#
#..#..@..#
#........#
##########
"""
f = fray.fov(room, (6, 3))
print(f.count, "cells visible")
print(f.mask(10, 6).astype(int))
pth = fray.path("pixel-dungeon", room, (8, 1), (1, 4))  # stops at the first wall in the way
print(pth, pth.path.tolist())

# %% [markdown]
# ## Errors
#
# Bad input raises `fray.Error` (a `ValueError`) with the command line's message.

# %%
try:
    fray.attack("brogue", "goblin_conjuror", "player")
except fray.Error as e:
    print("fray.Error:", e)
