"""Pathological input: how long each hostile case takes end to end (goal: under 2 s each).

    python benchmarks/hostile.py [--timeout S]

Each case writes a small game (or import folder) holding one hostile construct into a
temporary folder and runs the real command on it in a fresh process, so the figure is what
a CI job would pay. The table is printed and saved to benchmarks/results/hostile.md.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import textwrap
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

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


def _validate(game: Path) -> list[str]:
    return ["validate", str(game)]


def _build(game: Path) -> list[str]:
    root = game.parents[1]
    return ["build", "--content", str(root / "content"), "-o", str(root / "site"),
            "--cache-dir", str(root / "cache")]


def _import(root: Path, install: str | None = None, png: bytes | None = None) -> list[str]:
    """The smallest vendored variant folder, with one file replaced."""
    folder = root / "Pure"
    shutil.copytree(REPO / "tests" / "data" / "webdip" / "Pure", folder)
    if install is not None:
        (folder / "install.php").write_text(install, encoding="utf-8")
    if png is not None:
        (folder / "interactiveMap" / "IA_smallmap.png").write_bytes(png)
    return ["import", "webdiplomacy", str(folder), "-o", str(root / "content" / "pure")]


def _install(edit) -> str:
    return edit((REPO / "tests" / "data" / "webdip" / "Pure" / "install.php").read_text(encoding="utf-8"))


def _png_header(width: int, height: int) -> bytes:
    """A valid PNG signature and IHDR claiming width x height, then 10 KB of nothing."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + chunk + b"\0" * 10_000


def _request(root: Path, data: bytes) -> list[str]:
    path = root / "request.json"
    path.write_bytes(data)
    return ["adjudicate", "classic", str(path)]


def _full_sea_convoy(root: Path) -> list[str]:
    """A Modern Europe spring with a fleet on every sea and one army convoyed across them
    all: the convoy search used to enumerate paths (33 s inside a worked example)."""
    from generator.api import load_game
    board = load_game(REPO / "content" / "modern-europe").model.map
    seas = sorted(p.id for p in board.provinces.values() if p.type == "sea")
    coasts = sorted(p.id for p in board.provinces.values() if p.type == "coast")
    power = sorted(board.powers)[0]
    army, target = coasts[0], coasts[-1]
    request = {"phase": "S1901M",
               "units": {power: [f"A {army}"] + [f"F {s}" for s in seas]},
               "orders": {power: [f"A {army} - {target} VIA"] + [f"F {s} C A {army} - {target}" for s in seas]}}
    path = root / "request.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    return ["adjudicate", str(REPO / "content" / "modern-europe"), str(path)]


CASES = [
    ("rules line of 2,400 backticks", lambda r: _validate(_game(r, "# 1 Page\n\n" + "`" * 2400 + "\n"))),
    ("rules line of `a repeated (2,400 chars)", lambda r: _validate(_game(r, "# 1 Page\n\n" + "`a" * 1200 + "\n"))),
    ("20,000 '[' on one line", lambda r: _validate(_game(r, "# 1 Page\n\n" + "[" * 20000 + "\n"))),
    ("20,000 '[' over 100 lines of a paragraph",
     lambda r: _validate(_game(r, "# 1 Page\n\n" + ("[" * 200 + "\n") * 100))),
    ("300 KB heading", lambda r: _build(_game(r, "# 1 " + "a " * 150000 + "\n"))),
    ("unclosed tags, 1,300 on a line", lambda r: _validate(_game(r, "# 1 Page\n\n" + "<a " * 1300 + "\n"))),
    ("64 KiB page of ordinary paragraphs (the page limit)",
     lambda r: _validate(_game(r, "# 1 Page\n\n" + "word [x](y.md) *e* `c`\n\n" * 2600))),
    ("game.yaml with 20,000 unknown keys (located diagnostics)",
     lambda r: _validate(_game(r, None, _many_keys(20000)))),
    ("install.php: a 5,000-digit coordinate",
     lambda r: _import(r, _install(lambda t: t.replace("720, 300", "9" * 5000 + ", 300", 1)))),
    ("install.php: array( nested 20,000 deep",
     lambda r: _import(r, _install(lambda t: t.replace("array('London'", "array(" * 20000 + "'London'", 1)))),
    ("install.php: 100,000 comment lines before the territories (line numbers)",
     lambda r: _import(r, _install(lambda t: t.replace("$territoryRawData", "// x\n" * 100000 + "$territoryRawData", 1)))),
    ("interactive map: a 10 KB PNG claiming 9000 x 9000 px", lambda r: _import(r, png=_png_header(9000, 9000))),
    ("adjudicate: a request nested 100,000 deep", lambda r: _request(r, b"[" * 100000 + b"]" * 100000)),
    ("adjudicate: a request that is not UTF-8", lambda r: _request(r, b'{"phase": "\xff\xfe"}')),
    ("adjudicate: Modern Europe, a fleet on every sea, one convoy across them", _full_sea_convoy),
]


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_case(build, timeout: float) -> tuple[float, float, int | str]:
    """Wall-clock and CPU seconds of the command (CPU time is what the case costs even on
    a machine other work is slowing down), and its exit code."""
    with tempfile.TemporaryDirectory() as tmp:
        args = [sys.executable, "-m", "generator"] + build(Path(tmp))
        start, cpu = time.perf_counter(), _child_cpu()
        try:
            run = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return timeout, timeout, "timeout"
        took, used = time.perf_counter() - start, _child_cpu() - cpu
        if "Traceback" in run.stderr or "internal error" in run.stderr:
            return took, used, "CRASH"
        return took, used, run.returncode


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    rows = ["| case | seconds | CPU seconds | exit |", "|---|---|---|---|"]
    worst = 0.0
    for name, build in CASES:
        took, used, code = run_case(build, args.timeout)
        worst = max(worst, took)
        rows.append(f"| {name} | {took:.2f} | {used:.2f} | {code} |")
        print(rows[-1], flush=True)
    load = os.getloadavg()[0]
    rows.append(f"\nWorst case: {worst:.2f} s wall clock (each figure includes starting Python, about "
                f"0.3 s); load average {load:.1f} on {os.cpu_count()} CPUs when it ran.")
    out = REPO / "benchmarks" / "results" / "hostile.md"
    out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
