"""Do two checkouts report the same diagnostics? Builds a corpus of game folders (the
bundled games, each as it is and with its YAML files edited as an author might break
them, plus the malformed-content cases of tests/test_malformed_corpus.py), runs
`mapwright validate --format json` of each checkout over it, and diffs the outputs.

    python tools/loader_equivalence.py OLD_CHECKOUT NEW_CHECKOUT [--work DIR] [--edits N]

Exit 0 when every diagnostic (code, file, line, column, message, hint) is the same.
Written for issue #30 item 6 (one loader path), to show the loader's rewrite kept them.
"""
from __future__ import annotations

import argparse
import difflib
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# What an author's slip leaves in a YAML file: each edit is (kind, text); inserted or
# put in place of a line, at a position drawn from the seeded generator.
EDITS = [
    ("insert", "[oops]"), ("insert", ": "), ("insert", "- "), ("insert", "{"), ("insert", "&a "),
    ("insert", "*a "), ("insert", "!!str "), ("insert", "!!python/name:os.system "), ("insert", ".inf"),
    ("insert", "9007199254740993"), ("insert", "yes"), ("insert", "~"), ("insert", "zz: 1, "),
    ("insert", "\t"), ("insert", "\u00e9"), ("insert", "1_000"), ("insert", "'"), ("insert", '"'),
    ("delete", 1), ("delete", 4), ("delete", 12),
    ("line", "<<: {extra: 1}"), ("line", "---"), ("line", "? [a]\n: b"), ("line", "  extra_key: [1, 2]"),
    ("dup", None), ("line", "unknown_top_level: 1"),
]


def _edited(text: str, rng: random.Random) -> str:
    kind, what = rng.choice(EDITS)
    lines = text.split("\n")
    # most of a large file's bytes lie deep inside it: the positions come from there too
    at = rng.randrange(len(text) + 1)
    if kind == "insert":
        return text[:at] + what + text[at:]
    if kind == "delete":
        return text[:at] + text[at + what:]
    row = rng.randrange(len(lines))
    if kind == "dup":   # a line written twice: a duplicate key, or an item more
        lines.insert(row, lines[row])
    else:
        lines.insert(row, what)
    return "\n".join(lines)


def _malformed_cases(repo: Path) -> dict:
    spec = importlib.util.spec_from_file_location("malformed", repo / "tests" / "test_malformed_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {name: case for name, case in module.CASES.items() if name != "fifo_page"}   # a FIFO blocks a copy


def build_corpus(repo: Path, root: Path, edits: int, seed: int = 30) -> None:
    rng = random.Random(seed)
    content = root / "content"
    for game in sorted((repo / "content").iterdir()):
        if not (game / "game.yaml").is_file():
            continue
        shutil.copytree(game, content / game.name)
        for data in sorted(game.glob("*.yaml")):
            text = data.read_text(encoding="utf-8")
            for i in range(edits):
                copy = content / f"{game.name}-{data.stem}-{i}"
                shutil.copytree(game, copy)
                (copy / data.name).write_text(_edited(text, rng), encoding="utf-8")
    for name, case in _malformed_cases(repo).items():
        copy = content / f"malformed-{name.replace('_', '-')}"
        shutil.copytree(repo / "content" / "classic", copy)
        case(copy)


def diagnostics(checkout: Path, root: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-m", "generator", "validate", "content", "--format", "json", "-j", "2"],
                          cwd=root, env=env, capture_output=True, text=True)
    if "Traceback" in done.stderr:
        raise SystemExit(f"{checkout}: {done.stderr[-3000:]}")
    found = json.loads(done.stdout)
    items = found["diagnostics"] if isinstance(found, dict) else found
    return sorted(json.dumps(d, sort_keys=True, ensure_ascii=False) for d in items)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--work", type=Path, default=None, help="where the corpus is built (default: a temporary folder)")
    ap.add_argument("--edits", type=int, default=6, help="edited copies of each game per YAML file")
    args = ap.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="loader-equivalence-"))
    if not (work / "content").is_dir():
        build_corpus(args.old.resolve(), work, args.edits)
    old, new = diagnostics(args.old.resolve(), work), diagnostics(args.new.resolve(), work)
    games = len(list((work / "content").iterdir()))
    print(f"{games} game folders in {work}; {len(old)} diagnostics (old), {len(new)} (new)")
    diff = list(difflib.unified_diff(old, new, "old", "new", lineterm="", n=0))
    print("\n".join(diff[:200]) if diff else "identical")
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main())
