"""Validate and build times for the bundled content/, and how the build splits between
Mapwright's generator (validate + docs tree, PDFs among it) and MkDocs itself.

    python benchmarks/build_content.py [--content content] [--repeat 3]

Each build runs in a fresh Python process, so no in-process cache from an earlier run
flatters it; the fastest of --builds runs per configuration is reported:

- cold: what `mapwright build` does today, every printable PDF rendered;
- warm PDF cache: MAPWRIGHT_CACHE_DIR set and filled by a previous build (the PDFs are
  read back, byte-identical);
- no PDFs: MAPWRIGHT_NO_PDF=1 (the site without its build-time printables).

Prints a Markdown table and writes it to benchmarks/results/build.md.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import generate, run_mkdocs  # noqa: E402
from generator.game import discover  # noqa: E402
from generator.validate import validate_game  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"


def timed(action):
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def best(repeat: int, action) -> float:
    return min(timed(action)[0] for _ in range(repeat))


def one_build(content: Path, config: Path, work: Path) -> dict:
    """generate + run_mkdocs once, in this process; PDF rendering timed on the side."""
    from generator.render import print as printing
    rendering = {"seconds": 0.0, "calls": 0}
    render = printing._render_pdf

    def counted(*args, **kwargs):
        seconds, value = timed(lambda: render(*args, **kwargs))
        rendering["seconds"] += seconds
        rendering["calls"] += 1
        return value
    printing._render_pdf = counted
    docs, site = work / "docs", work / "site"
    gen_seconds, built = timed(lambda: generate(content, docs))
    out = {"generate": gen_seconds, "validate": built.timings.get("validate", math.nan),
           "tree": built.timings.get("generate"), "pdf": rendering["seconds"],
           "pdf_rendered": rendering["calls"], "errors": built.report.has_errors,
           "files": sum(1 for p in docs.rglob("*") if p.is_file()) if docs.exists() else 0}
    if not built.report.has_errors:
        out["mkdocs"], _ = timed(lambda: run_mkdocs(config, docs, site, built.nav))
    return out


def best_build(runs: int, content: Path, config: Path, work: Path, env: dict) -> dict:
    """The fastest of `runs` builds (generate + MkDocs), each in a fresh process."""
    results = [build_in_subprocess(content, config, work / f"run{i}", env) for i in range(runs)]
    return min(results, key=lambda r: r["generate"] + r.get("mkdocs", 0.0))


def build_in_subprocess(content: Path, config: Path, work: Path, env: dict) -> dict:
    code = ("import json, sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
            "from benchmarks.build_content import one_build; "
            "print(json.dumps(one_build(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))))")
    run = subprocess.run([sys.executable, "-c", code, str(ROOT), str(content), str(config), str(work)],
                         capture_output=True, text=True, env={**os.environ, **env}, cwd=ROOT, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def split_table(name: str, r: dict) -> list[str]:
    total = r["generate"] + (r.get("mkdocs") or 0)

    def share(x):
        return f"{100 * x / total:.0f} %" if x is not None and total else "–"

    def secs(x):
        return f"{x:.3f} s" if x is not None else "–"
    other_tree = r["tree"] - r["pdf"] if r.get("tree") is not None else None
    return [f"### {name}", "",
            "| step | time | share |", "|---|---|---|",
            f"| generator: validate every game | {secs(r['validate'])} | {share(r['validate'])} |",
            f"| generator: docs tree ({r['files']} files), without PDFs | {secs(other_tree)} | {share(other_tree)} |",
            f"| generator: rendering PDFs ({r['pdf_rendered']} rendered) | {secs(r['pdf'])} | {share(r['pdf'])} |",
            f"| generator total (`generate`) | {secs(r['generate'])} | {share(r['generate'])} |",
            f"| MkDocs (`run_mkdocs`) | {secs(r.get('mkdocs'))} | {share(r.get('mkdocs'))} |",
            f"| **build** | {secs(total)} | 100 % |", ""]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml")
    parser.add_argument("--repeat", type=int, default=3, help="runs per validate timing (best is kept)")
    parser.add_argument("--builds", type=int, default=2, help="builds per configuration (fastest is kept)")
    parser.add_argument("--out", type=Path, default=RESULTS / "build.md")
    args = parser.parse_args(argv)

    games, _ = discover([args.content])
    for game in games:  # warm imports and schema caches
        validate_game(game)
    per_game = []
    for game in games:
        seconds = best(args.repeat, lambda: validate_game(game))
        result = validate_game(game)
        examples = sum(len(v) for v in result.examples.values())
        errors = sum(d.severity == "error" for d in result.diagnostics)
        per_game.append((game.name, seconds, examples, errors))

    broken = [name for name, _, _, errors in per_game if errors]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        content = args.content.resolve()
        if broken:  # build the games that validate; a game with errors stops every build
            content = tmp / "content"
            content.mkdir()
            for game in games:
                if game.name not in broken:
                    shutil.copytree(game, content / game.name)
        cache = tmp / "cache"
        no_cache = {"MAPWRIGHT_CACHE_DIR": "", "MAPWRIGHT_NO_PDF": ""}
        runs = args.builds
        builds = {
            "cold (every PDF rendered, as `mapwright build` does today)":
                best_build(runs, content, args.config, tmp / "cold", no_cache),
        }
        build_in_subprocess(content, args.config, tmp / "fill", {**no_cache, "MAPWRIGHT_CACHE_DIR": str(cache)})
        builds["warm PDF cache (MAPWRIGHT_CACHE_DIR filled by a previous build)"] = \
            best_build(runs, content, args.config, tmp / "warm", {**no_cache, "MAPWRIGHT_CACHE_DIR": str(cache)})
        builds["no PDFs (MAPWRIGHT_NO_PDF=1)"] = \
            best_build(runs, content, args.config, tmp / "nopdf", {**no_cache, "MAPWRIGHT_NO_PDF": "1"})

    lines = ["# Build benchmark: bundled content", "",
             f"`python benchmarks/build_content.py` on Python {platform.python_version()}, {os.cpu_count()} CPU(s), "
             f"{platform.machine()}. Validate: best of {args.repeat} in one process (imports and caches warm); "
             f"each build: the fastest of {args.builds} runs, each in a fresh process.", "",
             "## Validate, per game", "",
             "| game | validate | worked examples | errors |", "|---|---|---|---|"]
    lines += [f"| {name} | {s:.3f} s | {ex} | {err} |" for name, s, ex, err in per_game]
    lines += [f"| **all** | {sum(s for _, s, _, _ in per_game):.3f} s | "
              f"{sum(ex for _, _, ex, _ in per_game)} | {sum(e for _, _, _, e in per_game)} |", ""]
    lines += ["## Build: generator vs MkDocs", ""]
    for name, r in builds.items():
        if r["errors"]:
            lines += [f"### {name}", "", "content has errors; the build stops after validation.", ""]
        else:
            lines += split_table(name, r)
    if broken:
        lines += [f"Left out of the build (validation errors): {', '.join(broken)}.", ""]
    text = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    from generator.heap import command_heap
    with command_heap():   # timed as the `mapwright` command runs (its collector policy)
        raise SystemExit(main())
