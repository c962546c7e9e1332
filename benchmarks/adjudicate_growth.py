"""How adjudication time grows with map size on the real maps: Classic, A Modern
Europe and Divided States (693 provinces), one unit on every supply centre, each
with a random legal order. Reports time per movement phase (best of N) and per unit,
and the growth exponent between the smallest and the largest map; then one convoy
order on each map with a fleet in every open sea (the convoy-route check that once
enumerated paths: 54 s on A Modern Europe).

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
    print("\n| map | fleets at sea | ms for one phase with one convoy order across the sea |")
    print("|---|---|---|")
    for game_id in GAMES:
        result = validate_game(args.content / game_id)
        game, adjudicate = result.game, result.family.extra["adjudicate"]
        request = full_sea_convoy(game)
        seconds, response = best_of(args.repeat, lambda: adjudicate(game, request))
        fleets = len(request["units"][next(iter(request["units"]))]) - 1
        print(f"| {game_id} | {fleets} | {seconds * 1000:.2f} |")
    return 0


def full_sea_convoy(game) -> dict:
    """A fleet in every open sea and one army ordered across the map by convoy, with
    the convoy order given to the middle fleet."""
    m = game.map
    seas = sorted(m.convoy_seas)
    coasts = [c for c in sorted(m.coastal) if any(c in m.fleet_reach.get(s, ()) for s in seas)]
    src, dest = coasts[0], coasts[-1]
    power = sorted(m.powers)[0]
    units = [f"F {m.provinces[s].locations('F')[0]}" for s in seas] + [f"A {src}"]
    return {"phase": "S2000M", "units": {power: units},
            "orders": {power: [f"F {seas[len(seas) // 2]} C A {src} - {dest}", f"A {src} - {dest} VIA"]}}


if __name__ == "__main__":
    raise SystemExit(main())
