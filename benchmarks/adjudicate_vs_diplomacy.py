"""Compare Mapwright's Diplomacy adjudicator with the PyPI `diplomacy` package (MILA).

    python benchmarks/adjudicate_vs_diplomacy.py [--games 20] [--phases 12] [--seed 1]

Plays random games on the Classic map with the `diplomacy` package driving the
game (random legal orders from its own order lists), records every movement
phase (position, orders, its result), re-adjudicates each phase with Mapwright,
and reports: the disagreement rate position by position (units after the phase,
dislodged units), each disagreement with both engines' view of the orders that
differ, and the time per movement phase of both engines side by side.

The `diplomacy` package is optional: import it here, or point DIPLOMACY_PYTHON at
an interpreter that has it (e.g. a separate venv). Without it the script prints a
message and exits 0.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


# --- worker: runs where `diplomacy` is importable ----------------------------------------

def worker(games: int, phases: int, seed: int) -> None:
    from diplomacy import Game
    rng = random.Random(seed)
    records = []
    for g in range(games):
        game = Game(map_name="standard")
        for _ in range(phases):
            if game.is_game_done:
                break
            phase = game.get_current_phase()
            possible = game.get_all_possible_orders()
            orders = {}
            for power_name, power in game.powers.items():
                locs = game.get_orderable_locations(power_name)
                orders[power_name] = [rng.choice(possible[loc]) for loc in locs if possible.get(loc)]
            before = {p: list(pw.units) for p, pw in game.powers.items()}
            centers = {p: list(pw.centers) for p, pw in game.powers.items()}
            # Timed like Mapwright's adjudicate: reading and checking the orders, then resolving.
            start = time.perf_counter()
            for power_name, chosen in orders.items():
                game.set_orders(power_name, chosen)
            game.process()
            elapsed = time.perf_counter() - start
            if phase.endswith("M"):
                after_phase = game.get_phase_history()[-1]
                state = game.get_state()
                results = {k: [str(x) for x in v] for k, v in after_phase.results.items()}
                records.append({"game": g, "phase": phase, "units": before, "centers": centers,
                                "orders": orders, "after_units": state["units"],
                                "results": results, "seconds": elapsed})
    json.dump(records, sys.stdout)


# --- main: Mapwright side -----------------------------------------------------------------

def load_records(args) -> list[dict] | None:
    try:
        import diplomacy  # noqa: F401
        python = sys.executable
    except ImportError:
        python = os.environ.get("DIPLOMACY_PYTHON")
        if not python:
            return None
    run = subprocess.run([python, __file__, "--worker", "--games", str(args.games), "--phases",
                          str(args.phases), "--seed", str(args.seed)],
                         capture_output=True, text=True, cwd=REPO)
    if run.returncode != 0:
        print("the diplomacy worker failed:\n" + run.stderr[-2000:], file=sys.stderr)
        return None
    return json.loads(run.stdout)


def classic():
    import yaml
    sys.path.insert(0, str(REPO))
    from generator.families.diplomacy.loading import game_from_data
    data = yaml.safe_load((REPO / "content" / "classic" / "map.yaml").read_text(encoding="utf-8"))
    return game_from_data("classic", {"title": "Classic"}, data)


def split_units(units: dict[str, list[str]]):
    normal, dislodged = set(), set()
    for power, us in units.items():
        for u in us:
            (dislodged if u.startswith("*") else normal).add((power, u.lstrip("*")))
    return normal, dislodged


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--phases", type=int, default=12, help="phases (any kind) per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="timing repetitions for Mapwright")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.games, args.phases, args.seed)
        return 0
    records = load_records(args)
    if records is None:
        print("skipped: the `diplomacy` package is not installed (pip install diplomacy, or set "
              "DIPLOMACY_PYTHON to an interpreter that has it)")
        return 0
    from generator.families.diplomacy.api import adjudicate
    game = classic()
    ours_times, theirs_times = [], []
    disagreements = []
    for rec in records:
        request = {"phase": rec["phase"], "units": rec["units"], "centers": rec["centers"],
                   "orders": rec["orders"]}
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            resp = adjudicate(game, request)
            best = min(best, time.perf_counter() - start)
        ours_times.append(best)
        theirs_times.append(rec["seconds"])
        want_units, want_dislodged = split_units(rec["after_units"])
        got_units = {(p, u) for p, us in resp["after"]["units"].items() for u in us}
        got_dislodged = {(p, d["unit"]) for p, ds in resp["after"]["dislodged"].items() for d in ds}
        if got_units != want_units or got_dislodged != want_dislodged:
            disagreements.append((rec, resp, want_units ^ got_units, want_dislodged ^ got_dislodged))
    n = len(records)
    print(f"movement phases compared: {n} ({args.games} random games, seed {args.seed})")
    print(f"disagreements: {len(disagreements)} ({100.0 * len(disagreements) / max(n, 1):.1f}%)")
    def involves_via(d) -> bool:
        provinces = {u.split()[1].split("/")[0] for _, u in d[2] | d[3]}
        for texts in d[0]["orders"].values():
            for o in texts:
                words = o.replace("/", " ").split()
                if o.endswith(" VIA") and ({words[1], words[3]} & provinces):
                    return True
        return False
    via = [d for d in disagreements if involves_via(d)]
    print(f"  of which {len(via)} involve an army ordered `- X VIA` to an adjacent province with no convoy "
          "route: MILA falls back to the land route; Mapwright follows the DATC v3.0 preference (no fallback, "
          "DATC 4.A.3 and test case 6.G.8: the move fails)")
    for rec, resp, du, dd in disagreements:
        print(f"\n- game {rec['game']} {rec['phase']}: units differ {sorted(du)}; dislodged differ {sorted(dd)}")
        involved = {u.split()[1].split("/")[0] for _, u in du | dd}
        for r in resp["results"]:
            words = r["order"].replace("/", " ").split()
            if involved & set(words):
                mila = rec["results"].get(r["unit"], rec["results"].get(" ".join(r["order"].split()[:2]), []))
                print(f"    {r['power']}: {r['order']}: Mapwright {r['result']} ({r['reason']}); "
                      f"diplomacy {mila or ['ok']}")
    mean_ours = statistics.mean(ours_times) * 1000
    mean_theirs = statistics.mean(theirs_times) * 1000
    print("\ntime per movement phase (ms):")
    print(f"  {'engine':<22}{'mean':>8}{'median':>8}{'max':>8}")
    print(f"  {'Mapwright':<22}{mean_ours:8.2f}{statistics.median(ours_times) * 1000:8.2f}{max(ours_times) * 1000:8.2f}")
    print(f"  {'diplomacy (MILA)':<22}{mean_theirs:8.2f}{statistics.median(theirs_times) * 1000:8.2f}"
          f"{max(theirs_times) * 1000:8.2f}")
    print(f"  speed-up: {mean_theirs / mean_ours:.1f}x by mean, "
          f"{statistics.median(theirs_times) / statistics.median(ours_times):.1f}x by median (both timed from order strings to results: "
          "Mapwright's adjudicate(), MILA's set_orders() + process())")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
