"""Validate and build times for the bundled content/, and how the build splits between
Mapwright's generator (validate + docs tree) and MkDocs itself.

    python benchmarks/build_content.py [--content content] [--repeat 3]

Prints a Markdown table and writes it to benchmarks/results/build.md.
"""
from __future__ import annotations

import argparse
import math
import os
import platform
import shutil
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml")
    parser.add_argument("--repeat", type=int, default=3, help="runs per validate timing (best is kept)")
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
        docs, site = Path(tmp) / "docs", Path(tmp) / "site"
        content = args.content
        if broken:  # build the games that validate; a game with errors stops every build
            content = Path(tmp) / "content"
            content.mkdir()
            for game in games:
                if game.name not in broken:
                    shutil.copytree(game, content / game.name)
        gen_seconds, built = timed(lambda: generate(content, docs))
        if built.report.has_errors:
            print("content has errors; the build stops after validation:", file=sys.stderr)
        files = sum(1 for p in docs.rglob("*") if p.is_file()) if docs.exists() else 0
        mk_seconds = None
        if not built.report.has_errors:
            mk_seconds, _ = timed(lambda: run_mkdocs(args.config, docs, site, built.nav))
    validate_part = built.timings.get("validate", math.nan)
    tree_part = built.timings.get("generate")

    lines = ["# Build benchmark: bundled content", "",
             f"`python benchmarks/build_content.py` on {platform.python_version()}, {os.cpu_count()} CPU(s), "
             f"{platform.machine()}. Validate: best of {args.repeat}; build: one run.", "",
             "## Validate, per game", "",
             "| game | validate | worked examples | errors |", "|---|---|---|---|"]
    lines += [f"| {name} | {s:.3f} s | {ex} | {err} |" for name, s, ex, err in per_game]
    lines += [f"| **all** | {sum(s for _, s, _, _ in per_game):.3f} s | "
              f"{sum(ex for _, _, ex, _ in per_game)} | {sum(e for _, _, _, e in per_game)} |", ""]
    total = gen_seconds + (mk_seconds or 0)

    def share(x):
        return f"{100 * x / total:.0f} %" if x is not None and total else "–"

    def secs(x):
        return f"{x:.3f} s" if x is not None else "–"

    lines += ["## Build: generator vs MkDocs", "",
              "| step | time | share |", "|---|---|---|",
              f"| generator: validate every game | {secs(validate_part)} | {share(validate_part)} |",
              f"| generator: docs tree ({files} files) | {secs(tree_part)} | {share(tree_part)} |",
              f"| generator total (`generate`) | {secs(gen_seconds)} | {share(gen_seconds)} |",
              f"| MkDocs (`run_mkdocs`) | {secs(mk_seconds)} | {share(mk_seconds)} |",
              f"| **build** | {secs(total)} | 100 % |", ""]
    if broken:
        lines += [f"Left out of the build (validation errors): {', '.join(broken)}.", ""]
    text = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
