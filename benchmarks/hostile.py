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


def _import(root: Path, install: str | None = None, png: bytes | None = None, builds: str | None = None
            ) -> list[str]:
    """The smallest vendored variant folder, with one file replaced."""
    folder = root / "Pure"
    shutil.copytree(REPO / "tests" / "data" / "webdip" / "Pure", folder)
    if install is not None:
        (folder / "install.php").write_text(install, encoding="utf-8")
    if builds is not None:
        (folder / "classes" / "userOrderBuilds.php").write_text(builds, encoding="utf-8")
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


def _flat_png(width: int, height: int, checker: int = 0) -> bytes:
    """A PNG of one colour, a checkerboard in its top-left corner: kilobytes for millions of
    pixels (or of colour borders)."""
    import io

    import numpy as np
    from PIL import Image
    image = Image.new("RGB", (width, height), (200, 100, 50))
    if checker:
        board = np.indices((checker, checker)).sum(axis=0) % 2
        image.paste(Image.fromarray(np.where(board[..., None], (10, 200, 30), (200, 10, 10)).astype(np.uint8)))
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _blocks(lines: list[str]) -> str:
    """The page limit (64 KiB) filled with blocks of these lines."""
    block = "\n".join(lines) + "\n\n"
    return block * ((64 * 1024 - 16) // len(block.encode()))


# The densest rules pages the Markdown limits accept (generator/markup.py LIMITS), one
# construct each: 200-line blocks, 4 markers a line, 500 headings a page.
PAGES = [
    ("500 headings, then 200-line blocks of '* * *'",
     ("#\n" * 200 + "\n") * 2 + "#\n" * 100 + "\n" + _blocks(["* * *"] * 200)[:60_000]),
    ("200-row tables", _blocks(["|a|b|", "|-|-|"] + ["|a|b|"] * 198)),
    ("200-line lists '- - - - a'", _blocks(["- - - - a"] * 200)),
    ("definitions 4 deep", _blocks(["a", ": b"] * 5)),
    ("200-line blocks of '??? note'", _blocks(["??? note"] * 200)),
]
QUADRATIC = [   # refused now (MW304); they cost 43 s to validate and 125 s to build before
    ("64 KiB of '#' lines (quadratic before: 43 s)", "#\n" * 32_000),
    ("64 KiB of setext headings", "a\n=\n" * 16_000),
]


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
    ("install.php: 36,000 DELETE FROM wD_Borders statements, near the 4 MB limit (70 s before)",
     lambda r: _import(r, _install(lambda t: t + "".join(
         f"$DB->sql_put('DELETE FROM wD_Borders WHERE mapID='.$this->mapID.' AND toTerrID={i % 90}"
         f" AND fromTerrID={i // 90}');\n" for i in range(36000))))),
    ("classes: 24,000 functions in one class, 1.4 MB (22 s before)",
     lambda r: _import(r, builds=(REPO / "tests" / "data" / "webdip" / "Pure" / "classes" / "userOrderBuilds.php")
                       .read_text(encoding="utf-8").replace("\tprotected function toTerrIDCheck()", "".join(
                           f"\tfunction f{i}() {{ return parent::f{i}(); }}\n" for i in range(24000))
                           + "\tprotected function toTerrIDCheck()", 1))),
    ("interactive map: a 10 KB PNG claiming 9000 x 9000 px", lambda r: _import(r, png=_png_header(9000, 9000))),
    ("adjudicate: a request nested 100,000 deep", lambda r: _request(r, b"[" * 100000 + b"]" * 100000)),
    ("adjudicate: a request that is not UTF-8", lambda r: _request(r, b'{"phase": "\xff\xfe"}')),
    ("adjudicate: Modern Europe, a fleet on every sea, one convoy across them", _full_sea_convoy),
    ("adjudicate: 16 MiB, one unit ordered 1.19 million times (29 s, 4.9 GB before)",
     lambda r: _request(r, json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
                                       "orders": {"FRANCE": ["A PAR - BUR"] * 1_190_000}},
                                      separators=(",", ":")).encode())),
    ("adjudicate: one order of 16 MB (2.6 s, 933 MB before)",
     lambda r: _request(r, json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
                                       "orders": {"FRANCE": ["A PAR - " + "BUR " * 4_150_000]}}).encode())),
    ("interactive map: 7400 x 7400 px of one colour, 175 KB (18 s, 2.7 GB before)",
     lambda r: _import(r, png=_flat_png(7400, 7400))),
    ("interactive map: a 1000 x 1000 checkerboard, 7 KB (20 s, 1.5 GB before)",
     lambda r: _import(r, png=_flat_png(1000, 1000, 1000))),
    ("interactive map: 4000 x 3000 px of one colour (the pixel limit)",
     lambda r: _import(r, png=_flat_png(4000, 3000))),
    *[(f"validate: {name}", lambda r, page=page: _validate(_game(r, page))) for name, page in PAGES + QUADRATIC],
    *[(f"build: {name}", lambda r, page=page: _build(_game(r, page))) for name, page in PAGES + QUADRATIC],
]


def _child_cpu() -> float:
    # (children's CPU seconds; their peak memory is measured by tests/costs.py, since
    # ru_maxrss keeps the forking process's peak across exec)
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
