"""How Mapwright scales with map size: synthetic Diplomacy maps of 100, 1,000 and
10,000 provinces, timed through validate, one adjudicated movement phase, the map
render, the docs tree and (for the smaller sizes) MkDocs.

    python benchmarks/scale.py [--sizes 100 1000 10000] [--mkdocs-max 1000] [--profile]

Prints a Markdown table (seconds, best of --repeat runs, and the log-log growth
slope between sizes: 1.0 is linear, 2.0 quadratic) and writes it to
benchmarks/results/scale.md. The docs tree is also split into rendering the printable
PDFs (librsvg where it is installed, else CairoSVG: print.renderer()) and everything else. The renderer's in-process caches are emptied
before each render and the docs tree, so no stage profits from an earlier one.
`--profile` adds the hottest functions of validating the largest map.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import math
import os
import platform
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator import synth  # noqa: E402
from generator.validate import validate_game  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"


def best_of(repeat: int, action) -> tuple[float, object]:
    best, value = math.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        value = action()
        best = min(best, time.perf_counter() - start)
    return best, value


def cold_caches() -> None:
    """Forget the renderer's in-process caches, so no stage profits from an earlier one."""
    from generator.render import map as map_module, svg
    svg._RING_PATHS.clear()
    map_module._NEAREST_CACHE.clear()


# -- one movement phase with many units --------------------------------------------

def movement_request(game, rng: random.Random) -> dict:
    """Units on every supply centre (owned by the power of the nearest capital), each
    given a random legal order: hold, move, support a hold or support a move."""
    m = game.map
    capitals = {p: game.start.centers[p][0] for p in sorted(game.start.centers)}
    labels = {pid: prov.label or (0.0, 0.0) for pid, prov in m.provinces.items()}

    def nearest_power(pid):
        x, y = labels[pid]
        return min(capitals, key=lambda p: (labels[capitals[p]][0] - x) ** 2 + (labels[capitals[p]][1] - y) ** 2)

    units: dict[str, list[str]] = {p: [] for p in capitals}
    where: dict[str, tuple[str, str]] = {}  # province -> (power, letter)
    for pid in m.supply_centers:
        prov = m.provinces[pid]
        letter = "F" if prov.type == "coast" and rng.random() < 0.4 else "A"
        power = nearest_power(pid)
        units[power].append(f"{letter} {pid}")
        where[pid] = (power, letter)
    orders: dict[str, list[str]] = {p: [] for p in capitals}
    for pid, (power, letter) in sorted(where.items()):
        reach = m.neighbours(pid, letter)
        choice = rng.random()
        if not reach or choice < 0.2:
            order = f"{letter} {pid} H"
        elif choice < 0.7:
            order = f"{letter} {pid} - {rng.choice(reach)}"
        else:
            others = [x for x in reach if x in where]
            if others:
                other = rng.choice(others)
                o_letter = where[other][1]
                targets = [t for t in m.neighbours(other, o_letter) if t in reach and t != pid]
                order = (f"{letter} {pid} S {o_letter} {other} - {rng.choice(targets)}" if targets
                         else f"{letter} {pid} S {o_letter} {other}")
            else:
                order = f"{letter} {pid} - {rng.choice(reach)}"
        orders[power].append(order)
    centers = {p: sorted(pid for pid, (q, _) in where.items() if q == p) for p in capitals}
    return {"phase": "S1901M", "units": units, "centers": centers, "orders": orders}


# -- the stages --------------------------------------------------------------------

def measure(n: int, work: Path, repeat: int, mkdocs_max: int) -> dict[str, float | None]:
    times: dict[str, float | None] = {}
    game_dir = work / f"n{n}" / "content" / f"synth-{n}"
    times["generate map"], _ = best_of(1, lambda: synth.write_game(game_dir, n, seed=1))
    times["validate"], result = best_of(repeat, lambda: validate_game(game_dir))
    errs = [d for d in result.diagnostics if d.severity == "error"]
    if errs or result.game is None:
        raise SystemExit(f"the {n}-province map does not validate: {errs[:3]}")
    game, fam = result.game, result.family

    adjudicate = fam.adjudicate
    if adjudicate:
        request = movement_request(game, random.Random(n))
        times["units"] = sum(len(v) for v in request["units"].values())
        times["adjudicate (1 movement phase)"], response = best_of(repeat, lambda: adjudicate(game, request))
        assert len(response["results"]) == times["units"], "every order gets a result"
    else:
        times["adjudicate (1 movement phase)"] = None

    try:
        from generator.families.diplomacy.pages_render import map_svg
    except ImportError:
        map_svg = None
    times["render map SVG"] = best_of(repeat, lambda: (cold_caches(), map_svg(game)))[0] if map_svg else None

    from generator.site.tree import docs_tree, write_tree
    cold_caches()
    tree_time, (files, nav) = best_of(1, lambda: docs_tree([result]))
    from generator.build import SITE_PAPERS
    from generator.render.paper import for_paper
    from generator.render.print import pdf_jobs

    def site_pdfs() -> dict:   # the build renders these in a process pool; here one after another
        docs = fam.printables(game) if fam.printables else {}
        return {f"print/{name}": job.render() for what in fam.site_prints for paper in SITE_PAPERS
                for name, job in pdf_jobs(for_paper(docs[what], paper), paper).items()}
    pdf_time, pdfs = best_of(1, site_pdfs)
    files.update({f"{result.source.game_id}/{k}": v for k, v in pdfs.items()})
    times["docs tree (generate)"] = tree_time + pdf_time
    times["docs tree: printable PDFs"] = pdf_time or None
    times["docs tree: everything else"] = tree_time
    if n <= mkdocs_max:
        from benchmarks.build_content import mkdocs_alone
        docs, site = work / f"n{n}" / "docs", work / f"n{n}" / "site"
        write_tree(files, docs)
        times["mkdocs build"], _ = best_of(1, lambda: mkdocs_alone(str(ROOT / "mkdocs.yml"), str(docs), str(site), nav))
    else:
        times["mkdocs build"] = None
    return times


def profile_validate(game_dir: Path, top: int = 15) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    validate_game(game_dir)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def slope(t1, t2, n1, n2) -> str:
    if not t1 or not t2 or t1 <= 0 or t2 <= 0:
        return "–"
    return f"{math.log(t2 / t1) / math.log(n2 / n1):.2f}"


def table(sizes: list[int], rows: dict[int, dict]) -> str:
    stages = [k for k in rows[sizes[0]] if k != "units"]
    head = ["stage"] + [f"{n:,} provinces" for n in sizes] + \
        [f"slope {a:,}→{b:,}" for a, b in zip(sizes, sizes[1:])]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for stage in stages:
        cells = [f"{rows[n][stage]:.3f} s" if rows[n].get(stage) is not None else "–" for n in sizes]
        cells += [slope(rows[a].get(stage), rows[b].get(stage), a, b) for a, b in zip(sizes, sizes[1:])]
        lines.append("| " + " | ".join([stage] + cells) + " |")
    if all("units" in rows[n] for n in sizes):
        lines.append("| units adjudicated | " + " | ".join(f"{rows[n]['units']:,}" for n in sizes)
                     + " |" + " |" * (len(sizes) - 1))
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (best is kept)")
    parser.add_argument("--mkdocs-max", type=int, default=1000, help="largest size built with MkDocs")
    parser.add_argument("--profile", action="store_true", help="profile validating the largest map")
    parser.add_argument("--out", type=Path, default=RESULTS / "scale.md")
    args = parser.parse_args(argv)

    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        synth.write_game(work / "warm" / "g", 30, seed=1)
        validate_game(work / "warm" / "g")  # imports and schema caches out of the timings
        for n in args.sizes:
            rows[n] = measure(n, work, args.repeat, args.mkdocs_max)
            print(f"{n:>6} provinces: " + ", ".join(f"{k} {v:.3f}" for k, v in rows[n].items()
                                                     if isinstance(v, float)), file=sys.stderr)
        report = profile_validate(work / f"n{args.sizes[-1]}" / "content" / f"synth-{args.sizes[-1]}") \
            if args.profile else ""
    text = (f"# Scale benchmark\n\n"
            f"Synthetic Diplomacy maps from `generator/synth.py` (seed 1). Seconds, best of "
            f"{args.repeat} (generate, docs tree and mkdocs: one run). Slope: log-log growth between "
            f"sizes (1.0 = linear). Python {platform.python_version()}, {os.cpu_count()} CPU(s), "
            f"{platform.machine()}. Command: `python benchmarks/scale.py`.\n\n" + table(args.sizes, rows))
    if report:
        text += "\n## Profile: validating the largest map\n\n```\n" + report.strip() + "\n```\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    from generator.heap import command_heap
    with command_heap():   # timed as the `mapwright` command runs (its collector policy)
        raise SystemExit(main())
