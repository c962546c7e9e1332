"""Import time of every vendored webDiplomacy variant folder (goal: Europa_Renovatio,
842 territories, under 10 s), and what each import ends in.

    python benchmarks/import_webdip.py [NAME ...]
    python benchmarks/import_webdip.py --against OTHER_CHECKOUT [--runs N] [NAME ...]

Imports each folder of tests/data/webdip (the best of three runs for the named ones,
one run otherwise), validates the written game, and prints a Markdown table that is
also saved to benchmarks/results/import_webdip.md. Times are the process's CPU time
(time.process_time), so a machine shared with other work gives comparable figures.

With --against, each import is the whole command (`python -m generator import
webdiplomacy`, start-up included) run by this checkout and by the other one (a folder
holding another version's `generator/`, made by `git worktree add` or `git archive`),
the two alternating run by run (other sessions on the machine slow both alike); the
table (saved to benchmarks/results/import_webdip_against.md) gives each one's best CPU
time (user + system) of N runs (3 by default) and says whether their files are the same.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data" / "webdip"


def main(names: list[str]) -> int:
    from generator.api import validate
    from generator.importers.webdiplomacy import import_variant, write_files
    folders = names or sorted(p.name for p in DATA.iterdir() if (p / "variant.php").is_file())
    rows = ["| variant | territories | borders | import (CPU) | validate errors / warnings |", "|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for name in folders:
            runs = []
            for _ in range(3 if names else 1):
                start = time.process_time()
                result = import_variant(DATA / name)
                runs.append(time.process_time() - start)
            out = Path(tmp) / name.lower().replace("_", "-")
            write_files(result, out)
            report = validate([str(out)])
            errors = sum(d["severity"] == "error" for d in report)
            warnings = sum(d["severity"] == "warning" for d in report)
            rows.append(f"| {name} | {len(result.data.get('provinces', []))} | {len(result.data.get('borders', []))} "
                        f"| {min(runs):.2f} s | {errors} / {warnings} |")
            print(rows[-1], flush=True)
    text = "\n".join(rows) + "\n"
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    if not names:
        (results / "import_webdip.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


def _cli_import(code: Path, folder: Path, out: Path) -> float:
    """CPU seconds (user + system) of one `mapwright import webdiplomacy` run by `code`."""
    import os
    import resource
    import shutil
    import subprocess
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "generator", "import", "webdiplomacy", str(folder), "-o", str(out)],
                   cwd=out.parent, env={**os.environ, "PYTHONPATH": str(code)}, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def against(other: Path, runs: int, names: list[str]) -> int:
    folders = names or sorted(p.name for p in DATA.iterdir() if (p / "variant.php").is_file())
    rows = [f"| variant | this checkout (CPU, best of {runs}) | {other.name} (CPU, best of {runs}) | same files |",
            "|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for name in folders:
            slug = name.lower().replace("_", "-")
            outs = {"this": Path(tmp) / "this" / slug, "other": Path(tmp) / "other" / slug}
            for out in outs.values():
                out.parent.mkdir(parents=True, exist_ok=True)
            times: dict[str, list[float]] = {"this": [], "other": []}
            for _ in range(runs):
                for which, code in (("other", other), ("this", ROOT)):
                    times[which].append(_cli_import(code, DATA / name, outs[which]))
            same = "yes" if _files(outs["this"]) == _files(outs["other"]) else "**no**"
            rows.append(f"| {name} | {min(times['this']):.2f} s | {min(times['other']):.2f} s | {same} |")
            print(rows[-1], flush=True)
    text = "\n".join(rows) + "\n"
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "import_webdip_against.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--against"] and len(args) >= 2:
        runs = 3
        rest = args[2:]
        if rest[:1] == ["--runs"] and len(rest) >= 2:
            runs, rest = int(rest[1]), rest[2:]
        raise SystemExit(against(Path(args[1]).resolve(), runs, rest))
    raise SystemExit(main(args))
