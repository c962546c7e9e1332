"""Pathological input: how long each hostile case takes end to end (goal: under 2 s each).

    python benchmarks/hostile.py [--timeout S]

Each case writes a small game (or import folder) holding one hostile construct into a
temporary folder and runs the real command on it in a fresh process, so the figure is what
a CI job would pay. The table is printed and saved to benchmarks/results/hostile.md.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

META = textwrap.dedent("""\
    title: Hostile
    family: diplomacy
    players: 2
    summary: A hostile game.
    credits: [{name: Someone, role: designer}]
    licence: {name: CC0, notice: No rights reserved.}
    sources: [{id: src, title: A source}]
""")


def _game(root: Path, page: str | None = None, meta: str = META) -> Path:
    game = root / "content" / "hostile"
    (game / "rules").mkdir(parents=True)
    (game / "game.yaml").write_text(meta, encoding="utf-8")
    src = REPO / "content" / "classic" / "map.yaml"
    (game / "map.yaml").write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    if page is not None:
        (game / "rules" / "01-page.md").write_text(page, encoding="utf-8")
    return game


def _many_keys(n: int) -> str:
    # every key is unknown to the schema: n located diagnostics, one lookup each
    return META + "".join(f"unknown_{i}: {i}\n" for i in range(n))


CASES = [
    ("rules line of 2,400 backticks", "validate", lambda r: _game(r, "# 1 Page\n\n" + "`" * 2400 + "\n")),
    ("rules line of `a repeated (2,400 chars)", "validate", lambda r: _game(r, "# 1 Page\n\n" + "`a" * 1200 + "\n")),
    ("20,000 '[' on one line", "validate", lambda r: _game(r, "# 1 Page\n\n" + "[" * 20000 + "\n")),
    ("20,000 '[' over 100 lines of a paragraph", "validate",
     lambda r: _game(r, "# 1 Page\n\n" + ("[" * 200 + "\n") * 100)),
    ("300 KB heading", "build", lambda r: _game(r, "# 1 " + "a " * 150000 + "\n")),
    ("unclosed tags, 1,300 on a line", "validate", lambda r: _game(r, "# 1 Page\n\n" + "<a " * 1300 + "\n")),
    ("128 KiB page of ordinary paragraphs (the page limit)", "validate",
     lambda r: _game(r, "# 1 Page\n\n" + "word [x](y.md) *e* `c`\n\n" * 5200)),
    ("game.yaml with 20,000 unknown keys (located diagnostics)", "validate",
     lambda r: _game(r, None, _many_keys(20000))),
]


def run_case(build, command: str, timeout: float) -> tuple[float, int | str]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        game = build(root)
        args = [sys.executable, "-m", "generator", command]
        args += [str(game)] if command == "validate" else ["--content", str(root / "content"),
                                                           "-o", str(root / "site"), "--cache-dir", str(root / "cache")]
        start = time.perf_counter()
        try:
            run = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return timeout, "timeout"
        took = time.perf_counter() - start
        if "Traceback" in run.stderr or "internal error" in run.stderr:
            return took, "CRASH"
        return took, run.returncode


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    rows = ["| case | command | seconds | exit |", "|---|---|---|---|"]
    worst = 0.0
    for name, command, build in CASES:
        took, code = run_case(build, command, args.timeout)
        worst = max(worst, took)
        rows.append(f"| {name} | {command} | {took:.2f} | {code} |")
        print(rows[-1], flush=True)
    rows.append(f"\nWorst case: {worst:.2f} s (each figure includes starting Python, about 0.3 s).")
    out = REPO / "benchmarks" / "results" / "hostile.md"
    out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
