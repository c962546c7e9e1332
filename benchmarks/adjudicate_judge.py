"""The batch judge at work: random games played through `mapwright adjudicate --jsonl`,
and Classic compared with MILA's engine phase by phase.

    python benchmarks/adjudicate_judge.py [--games 200] [--phases 24]
    PEERS_PYTHON=/path/to/venv/bin/python python benchmarks/adjudicate_judge.py --mila 2000

1. For Classic and Divided States, `--games` random games of up to `--phases` phases
   each (movement, retreats, adjustments) are played by one `mapwright adjudicate GAME
   --jsonl` process per map: each request is the previous response's `after` plus
   random orders (generator/families/diplomacy/play.py), written to the judge's stdin,
   its answer read back from stdout. Every answer must be a response that matches
   schemas/adjudication-response.schema.json; an error line, a crash or a schema
   violation is counted and shown.
2. With `--mila N` (the `diplomacy` package importable, or PEERS_PYTHON naming a venv
   that has it, as for benchmarks/adjudicate_vs_peers.py), N random Classic movement
   phases played by MILA are re-adjudicated and the positions after compared; every
   disagreement is listed with the DATC reason.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def play_through_judge(game_id: str, games: int, phases: int, seed: int) -> dict:
    from generator import api
    from generator.families.diplomacy.play import random_orders, start_request
    from generator.schemas import validator
    schema = validator("adjudication-response")
    game = api.load_game(game_id)
    judge = subprocess.Popen([sys.executable, "-m", "generator", "adjudicate", game_id, "--jsonl"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)), text=True, bufsize=1)
    stats = {"games": 0, "phases": 0, "errors": [], "won": 0, "kinds": {"M": 0, "R": 0, "A": 0}}
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        position = start_request(game.model)
        for _ in range(phases):
            request = dict(position, orders=random_orders(game.model, position, rng))
            judge.stdin.write(json.dumps(request) + "\n")
            judge.stdin.flush()
            line = judge.stdout.readline()
            if not line:
                stats["errors"].append(f"game {g}: the judge stopped: {judge.stderr.read()[-2000:]}")
                return stats
            response = json.loads(line)
            stats["phases"] += 1
            stats["kinds"][request["phase"][-1]] += 1
            problems = [e.message for e in schema.iter_errors(response)]
            if "diagnostics" in response or problems:
                stats["errors"].append(f"game {g} {request['phase']}: {response.get('diagnostics') or problems}")
                break
            if response["after"]["winner"]:
                stats["won"] += 1
                break
            position = response["after"]
        stats["games"] += 1
    judge.stdin.close()
    judge.wait(timeout=60)
    stats["seconds"] = time.perf_counter() - start
    return stats


# --- Classic against MILA -----------------------------------------------------------------

def _split(units: dict) -> tuple[set, set]:
    normal, dislodged = set(), set()
    for power, us in units.items():
        for u in us:
            (dislodged if u.startswith("*") else normal).add((power, u.lstrip("*")))
    return normal, dislodged


def compare_with_mila(records: list[dict]) -> list[dict]:
    """Disagreements: position after (units, dislodged or disbanded) differs."""
    out = []
    for rec in records:
        want_units, want_dislodged = _split(rec["mila_units"])
        after = rec["ours_after"]
        got_units = {(p, u) for p, us in after["units"].items() for u in us}
        got_dislodged = {(p, d["unit"]) for p, ds in after["dislodged"].items() for d in ds}
        got_dislodged |= {(p, u) for p, us in rec.get("ours_disbanded", {}).items() for u in us}
        if got_units != want_units or got_dislodged != want_dislodged:
            out.append({"rec": rec, "units": sorted(got_units ^ want_units),
                        "dislodged": sorted(got_dislodged ^ want_dislodged), "reason": _datc_reason(rec)})
    return out


def _datc_reason(rec: dict) -> str:
    """Why the engines differ, where the DATC says which is right."""
    for r in rec["ours_results"]:
        if r["order"].endswith(" VIA") and r["result"] == "fails" and "convoy" in r["reason"]:
            words = r["order"].split()
            return (f"{r['order']} ({r['power']}): no fleet convoys the army, so the move fails; MILA falls "
                    f"back to the land route {words[1]} - {words[3]}. DATC v3.0 4.A.3 and 6.G.8 prefer no "
                    "fallback (the 2023 rules)")
    return ""


def mila_records(phases: int, seed: int) -> list[dict] | None:
    try:
        import diplomacy  # noqa: F401
        import pydip  # noqa: F401
    except ImportError:
        python = os.environ.get("PEERS_PYTHON") or os.environ.get("DIPLOMACY_PYTHON")
        if not python:
            return None
        out = REPO / "build" / "judge-mila.json"
        out.parent.mkdir(exist_ok=True)
        subprocess.run([python, __file__, "--mila-worker", str(phases), "--seed", str(seed), "--out", str(out)],
                       env=dict(os.environ, PYTHONPATH=str(REPO)), check=True)
        return json.loads(out.read_text())
    from adjudicate_vs_peers import name_table, play_and_time
    from pydip.map.predefined import vanilla_dip

    from generator import api
    game = api.load_game("classic")
    table = name_table(game.model, sorted(vanilla_dip.generate_map().name_map))
    return play_and_time(game, phases, seed, table)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--phases", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--maps", nargs="*", default=["classic", "divided-states"])
    ap.add_argument("--mila", type=int, default=0, help="Classic movement phases to compare with MILA")
    ap.add_argument("--mila-worker", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.mila_worker:
        args.out.write_text(json.dumps(mila_records(args.mila_worker, args.seed)))
        return 0
    failed = False
    lines = []
    for game_id in args.maps:
        s = play_through_judge(game_id, args.games, args.phases, args.seed)
        failed |= bool(s["errors"])
        lines.append(f"| {game_id} | {s['games']} | {s['phases']:,} ({s['kinds']['M']:,} movement, "
                     f"{s['kinds']['R']:,} retreat, {s['kinds']['A']:,} adjustment) | {s['won']} | "
                     f"{len(s['errors'])} | {s.get('seconds', 0):.0f} s |")
        for e in s["errors"][:20]:
            print("  error:", e)
    print("`mapwright adjudicate GAME --jsonl`, random games chained request to response:\n")
    print("| map | games | phases | won | errors | time |")
    print("|---|---|---|---|---|---|")
    print("\n".join(lines))
    if args.mila:
        records = mila_records(args.mila, args.seed)
        if records is None:
            print("\nno MILA comparison: install `diplomacy` and `pydip` in a venv and set PEERS_PYTHON")
        else:
            diffs = compare_with_mila(records)
            explained = [d for d in diffs if d["reason"]]
            print(f"\nClassic against MILA `diplomacy` 1.1.2: {len(records)} random movement phases, "
                  f"{len(diffs)} positions differ, {len(explained)} of them where the DATC prefers Mapwright's "
                  f"answer, {len(diffs) - len(explained)} unexplained.")
            for d in diffs:
                rec = d["rec"]
                print(f"- game {rec['game']} {rec['phase']}: units {d['units']}, dislodged {d['dislodged']}: "
                      f"{d['reason'] or 'UNEXPLAINED'}")
            failed |= len(explained) != len(diffs)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
