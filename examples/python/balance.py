"""Balance sweep: how a Brogue player's weapon enchant changes a fight with an ogre.

For each net enchant from -3 to +10 on a sword, fray gives the exact chance
to hit, the mean damage of one attack, and the chance that the player wins
a duel to the death; the script draws the three curves into a PNG.

    PYTHONPATH=build/python python3 examples/python/balance.py --out enchant.png
"""

import argparse

import matplotlib

matplotlib.use("Agg")  # files only, no display needed
import matplotlib.pyplot as plt  # noqa: E402

import fray  # noqa: E402


def sweep(monster: str, weapon: str, enchants: range) -> dict:
    """P(hit), mean damage and P(win) for each enchant, exact."""
    rows = {"enchant": [], "p_hit": [], "mean_damage": [], "p_win": [], "mean_attacks": []}
    for e in enchants:
        player = {"weapon": weapon, "enchant": e}
        hit = fray.attack("brogue", player, monster)
        fight = fray.duel("brogue", player, monster)
        kill = fray.ttk("brogue", player, monster)
        rows["enchant"].append(e)
        rows["p_hit"].append(hit.p_hit)
        rows["mean_damage"].append(hit.mean_damage)
        rows["p_win"].append(fight.p_a_wins)
        rows["mean_attacks"].append(kill.attacks.mean if kill.attacks is not None else float("nan"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="balance.png", help="PNG file to write (default balance.png)")
    parser.add_argument("--monster", default="ogre", help="Brogue monster (fray.catalog('brogue', 'monsters'))")
    parser.add_argument("--weapon", default="sword", help="Brogue weapon (fray.catalog('brogue', 'weapons'))")
    parser.add_argument("--low", type=int, default=-3, help="lowest enchant")
    parser.add_argument("--high", type=int, default=10, help="highest enchant")
    args = parser.parse_args()

    rows = sweep(args.monster, args.weapon, range(args.low, args.high + 1))

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    left.plot(rows["enchant"], rows["p_hit"], marker="o", label="P(hit)")
    left.plot(rows["enchant"], rows["p_win"], marker="s", label="P(player wins the duel)")
    left.set_xlabel(f"{args.weapon} enchant")
    left.set_ylabel("probability")
    left.set_ylim(0, 1.02)
    left.grid(alpha=0.3)
    left.legend(loc="upper left")
    right.plot(rows["enchant"], rows["mean_damage"], marker="o", color="C2", label="mean damage per attack")
    right.plot(rows["enchant"], rows["mean_attacks"], marker="^", color="C3", label="mean attacks to kill")
    right.set_xlabel(f"{args.weapon} enchant")
    right.grid(alpha=0.3)
    right.legend(loc="upper right")
    fig.suptitle(f"Brogue CE: player with a {args.weapon} against {args.monster} (exact, fray)")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)

    for e, h, w in zip(rows["enchant"], rows["p_hit"], rows["p_win"]):
        print(f"enchant {e:+3d}: P(hit) {h:.4f}  P(win) {w:.4f}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
