"""What a movement phase costs once the processor's caches hold none of the engine:
Mapwright, pydip and the least work a response of Mapwright's shape needs, each timed
warm and with the caches flushed before every phase.

    PEERS_PYTHON=/path/to/venv/bin/python python benchmarks/adjudicate_in_situ.py

Reads the phases `benchmarks/adjudicate_vs_peers.py` recorded (build/peer-phases.json;
run that first), keeps those pydip reads, and times each engine over all of them in
turn twice: "warm" (one phase after another, as in a bot's loop) and "flushed" (32 MB
of other data touched before each phase, about what MILA's `Game.process()` touches
between two phases of the interleaved benchmark). The "floor" is no adjudicator: each
unit and order text found in a table made beforehand, one result row with a reason
and one trace line per order, the next position grouped by power - what any engine
answering in Mapwright's response shape must at least do in Python. It says how much
of an engine's time in the interleaved benchmark is its own size (code and data
fetched again after another program ran) rather than its work; the last line says
what one piece of data fetched again costs.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PHASES = REPO / "build" / "peer-phases.json"
clock = time.process_time


class Flush:
    """Touch 32 MB (one byte a page of a buffer, then a third of 300,000 small dicts)."""

    def __init__(self):
        self.buffer = bytearray(64 << 20)
        self.objects = [{"a": i, "b": str(i)} for i in range(300_000)]

    def __call__(self) -> None:
        buffer = self.buffer
        for i in range(0, 32 << 20, 4096):
            buffer[i] = (buffer[i] + 1) & 255
        sum(len(d) for d in self.objects[::3])


def fetch_cost(flush, picks: int = 1000, rounds: int = 40) -> tuple[float, float]:
    """Nanoseconds to read one field of an object picked at random among 200,000, warm
    (read just before) and after `flush`: what a piece of data the caches lost costs."""
    import random

    class Box:
        __slots__ = ("x",)

        def __init__(self, x):
            self.x = x
    pool = [Box(i) for i in range(200_000)]
    rng = random.Random(1)
    warm, cold = [], []
    for _ in range(rounds):
        chosen = rng.sample(pool, picks)
        for times, flushed in ((warm, False), (cold, True)):
            sum(b.x for b in chosen)
            if flushed:
                flush()
            start = time.perf_counter()
            sum(b.x for b in chosen)
            times.append((time.perf_counter() - start) / picks * 1e9)
    return statistics.median(warm), statistics.median(cold)


def floor_engine(records: list[dict]):
    """The floor (see the module docstring), its tables made from the recorded phases."""
    units_at, orders_of = {}, {}
    for rec in records:
        for units in rec["units"].values():
            for text in units:
                kind, loc = text.split()
                units_at[text] = (kind, loc.split("/")[0], loc)
        for power, orders in rec["orders"].items():
            for text in orders:
                orders_of[(power, text)] = (text.split()[1].split("/")[0], " ".join(text.split()))

    def phase(request: dict) -> dict:
        where = {}
        for power, units in request["units"].items():
            for text in units:
                kind, prov, loc = units_at[text]
                where[prov] = (power, kind, loc)
        results, trace = [], []
        for power, orders in request["orders"].items():
            for text in orders:
                prov, canonical = orders_of[(power, text)]
                unit = where.get(prov)
                reason = f"attack strength 1 beats hold strength 0 in {prov}"
                results.append({"power": power, "order": text, "canonical": canonical,
                                "unit": f"{unit[1]} {unit[2]}" if unit else "", "legal": True,
                                "result": "succeeds", "reason": reason})
                trace.append(f"{canonical}: succeeds, {reason}")
        after: dict[str, list[str]] = {}
        for prov, (power, kind, loc) in sorted(where.items()):
            after.setdefault(power, []).append(f"{kind} {loc}")
        centers = {p: sorted(v) for p, v in request["centers"].items()}
        return {"phase": request["phase"], "results": results, "trace": trace,
                "after": {"units": after, "centers": centers}}
    return phase


def seconds_of(run):
    """run(item) -> the CPU seconds it took (pydip's timer already works that way)."""
    def timed(item) -> float:
        start = clock()
        run(item)
        return clock() - start
    return timed


def median_seconds(timer, items, flush=None) -> float:
    """Median of timer(item) over items, the collector paused inside each (as timeit
    does), `flush` called before each when given."""
    import gc
    times = []
    for item in items:
        if flush is not None:
            flush()
        gc.disable()
        times.append(timer(item))
        gc.enable()
    return statistics.median(times)


def main() -> int:
    sys.path[:0] = [str(REPO), str(REPO / "benchmarks")]
    from adjudicate_vs_peers import in_peers_venv, name_table, pydip_timer
    again = in_peers_venv(__file__)
    if again is not None:
        return again
    if not PHASES.is_file():
        print(f"{PHASES.relative_to(REPO)} is missing: run benchmarks/adjudicate_vs_peers.py first")
        return 2
    from pydip.map.predefined import vanilla_dip

    from generator import api
    game = api.load_game(REPO / "content" / "classic")
    records = [r for r in json.loads(PHASES.read_text()) if r["pydip_seconds"] is not None]
    requests = [{"phase": r["phase"], "units": r["units"], "centers": r["centers"], "orders": r["orders"]}
                for r in records]
    pydip = pydip_timer(name_table(game.model, sorted(vanilla_dip.generate_map().name_map)))
    floor = floor_engine(records)
    flush = Flush()
    engines = [("Mapwright `Game.adjudicate`", seconds_of(game.adjudicate), requests),
               ("pydip (players and commands built, `resolve_turn`)", pydip, records),
               ("floor (no adjudication, see above)", seconds_of(floor), requests)]
    rows = []
    for name, timer, items in engines:
        median_seconds(timer, items)          # a first round: every engine's own tables filled
        rows.append((name, median_seconds(timer, items), median_seconds(timer, items, flush)))
    lines = [f"{len(records)} random Classic movement phases (those pydip reads, from build/peer-phases.json).", "",
             "| engine | warm median ms | flushed median ms | flushed / warm |", "|---|---|---|---|"]
    lines += [f"| {name} | {w * 1000:.3f} | {f * 1000:.3f} | {f / w:.1f}× |" for name, w, f in rows]
    warm_ns, cold_ns = fetch_cost(flush)
    lines += ["", f"One field of an object picked at random read warm: {warm_ns:.0f} ns; after the flush: "
              f"{cold_ns:.0f} ns."]
    text = "\n".join(lines) + "\n"
    print(text)
    out = REPO / "benchmarks" / "results" / "adjudicate_in_situ.md"
    out.write_text("`PEERS_PYTHON=... python benchmarks/adjudicate_in_situ.py`\n\n" + text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
