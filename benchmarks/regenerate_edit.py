"""CPU time of regenerating Divided States after a power is renamed in its map.yaml (what
`mapwright serve` does in its process before MkDocs renders the changed pages).

    python benchmarks/regenerate_edit.py [--edits 5]

On a copy of content/ (the bundled files are never touched): one cold `Generator.tree`,
then each edit renames a power and times the next `Generator.tree` in CPU seconds (so a
busy machine slows it less than wall-clock time would). Side by side: the same edits
with the drawings kept between edits (map layers by what they read, simplified
thumbnail outlines, print tiles' path boxes), and with those memos emptied before each
edit: every drawing made afresh, as before they were kept (a view's province boxes are
still found once per view). Both must make the same pages: the script checks it.

Prints a Markdown table and writes it to benchmarks/results/regenerate-edit.md.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import BuildOptions, Generator  # noqa: E402
from generator.families.diplomacy import pages_render  # noqa: E402
from generator.render import map as map_render, tiles  # noqa: E402
from generator.render.print import PrintJob  # noqa: E402
from serve_edit import publish, rename_power, spread_row  # noqa: E402  (benchmarks/, beside this script)


def forget_drawings() -> None:
    map_render.LAYERS.clear()
    pages_render._SIMPLIFIED.clear()
    tiles._path_bbox.cache_clear()


def digest(files: dict) -> str:
    h = hashlib.sha256()
    for path, value in sorted(files.items()):
        if isinstance(value, PrintJob):
            value = "\0".join(value.pages) + value.title
        h.update(path.encode() + b"\0" + (value if isinstance(value, bytes) else value.encode()))
    return h.hexdigest()


def run(edits: int, keep: bool) -> tuple[list[float], list[str]]:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        shutil.copytree(ROOT / "content", tmp / "content")
        options = BuildOptions(content=tmp / "content", project=tmp, pdf=True, cache_dir=tmp / "build" / "cache")
        forget_drawings()
        generator = Generator()
        generator.tree(options)
        game_map = tmp / "content" / "divided-states" / "map.yaml"
        name, times, made = "Maine", [], []
        for i in range(edits):
            new = f"Maine Edited {i}"
            rename_power(game_map, name, new)
            name = new
            if not keep:
                forget_drawings()
            start = time.process_time()
            tree = generator.tree(options)
            times.append(time.process_time() - start)
            assert tree.regenerated == ["divided-states"], tree.regenerated
            made.append(digest(tree.files))
        return times, made


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "regenerate-edit.md")
    args = parser.parse_args(argv)
    load = os.getloadavg()
    kept, kept_pages = run(args.edits, keep=True)
    afresh, afresh_pages = run(args.edits, keep=False)
    if kept_pages != afresh_pages:
        raise SystemExit("the kept drawings made other pages than drawing afresh")
    lines = ["# Regenerating Divided States after a power is renamed (CPU time)", "",
             f"`python benchmarks/regenerate_edit.py --edits {args.edits}` on Python {platform.python_version()}, "
             f"{os.cpu_count()} CPU(s), {platform.machine()}, load average {load[0]:.1f} at the start. "
             "`Generator.tree` after each edit; the same pages either way.", "",
             "| drawings | median | min | max |", "|---|---|---|---|"]
    lines += [spread_row(label, times) for label, times in (("kept between edits", kept),
                                                             ("drawn afresh each edit", afresh))]
    publish(lines, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
