"""How adjudication time grows with map size on the real maps: Classic, A Modern
Europe and Divided States (693 provinces), one unit on every supply centre, each
with a random legal order. Reports time per movement phase (best of N) and per unit,
and the growth exponent between the smallest and the largest map.

    python benchmarks/adjudicate_growth.py [--repeat 20]
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import best_of, movement_request  # noqa: E402  (same folder)

from generator.validate import validate_game  # noqa: E402

GAMES = ("classic", "modern-europe", "divided-states")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--content", type=Path, default=Path("content"))
    args = parser.parse_args(argv)
    rows = []
    for game_id in GAMES:
        result = validate_game(args.content / game_id)
        game = result.game
        adjudicate = result.family.extra["adjudicate"]
        request = movement_request(game, random.Random(1))
        units = sum(len(v) for v in request["units"].values())
        seconds, _ = best_of(args.repeat, lambda: adjudicate(game, request))
        rows.append((game_id, len(game.map.provinces), units, seconds))
    print("| map | provinces | units | ms per movement phase | µs per unit |")
    print("|---|---|---|---|---|")
    for game_id, provinces, units, seconds in rows:
        print(f"| {game_id} | {provinces} | {units} | {seconds * 1000:.2f} | {seconds / units * 1e6:.1f} |")
    (_, _, u0, t0), (_, _, u1, t1) = rows[0], rows[-1]
    print(f"\ngrowth exponent (time ~ units^k), {rows[0][0]} to {rows[-1][0]}: "
          f"k = {math.log(t1 / t0) / math.log(u1 / u0):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
