"""Import every variant folder of a webDiplomacy variants directory and report, per folder,
complete / partial / failed and the seconds the import took (the CLI, as a user runs it).

    python tools/measure_webdip_imports.py ../shared/reference/webdip [--held-out A,B,...]

`--held-out` marks the folders that were not looked at while the modules were written, so
the report can say how the modules fared on variants they were not developed against.
"""
from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

LIMIT_SECONDS = 5.0


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def import_one(folder: Path, out: Path) -> tuple[str, float, float, str]:
    """(status, wall seconds, CPU seconds, first error line) of `mapwright import webdiplomacy
    folder`. The CPU seconds are the import's own work (interpreter start included), which
    other sessions on a shared machine do not inflate as they inflate the wall time."""
    start, cpu = time.perf_counter(), _children_cpu()
    run = subprocess.run([sys.executable, "-m", "generator", "import", "webdiplomacy", str(folder),
                          "-o", str(out), "-q"], capture_output=True, text=True)
    seconds, cpu = time.perf_counter() - start, _children_cpu() - cpu
    game = out / "game.yaml"
    errors = [line for line in run.stderr.splitlines() if "error" in line.lower()]
    if run.returncode != 0 or not game.is_file():
        return "failed", seconds, cpu, (errors or run.stderr.splitlines() or ["?"])[0][:160]
    status = (yaml.safe_load(game.read_text(encoding="utf-8")) or {}).get("status", "?")
    return status, seconds, cpu, ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", type=Path)
    ap.add_argument("--held-out", default="", help="comma-separated folders held out of development")
    args = ap.parse_args()
    held = {f for f in args.held_out.split(",") if f}
    folders = sorted(p for p in args.variants.iterdir() if (p / "install.php").is_file())
    counts: dict[str, dict[str, int]] = {}
    slow = []
    with tempfile.TemporaryDirectory(prefix="webdip-measure-") as tmp:
        for folder in folders:
            slug = re.sub(r"[^a-z0-9]+", "-", folder.name.lower()).strip("-")
            status, seconds, cpu, why = import_one(folder, Path(tmp) / slug)
            split = "held-out" if folder.name in held else "developed"
            counts.setdefault(split, {}).setdefault(status, 0)
            counts[split][status] += 1
            if cpu > LIMIT_SECONDS:
                slow.append(folder.name)
            print(f"{folder.name:24} {status:9} wall {seconds:6.2f}s  cpu {cpu:5.2f}s  {split}"
                  + (f"  {why}" if why else ""), flush=True)
    for split, found in sorted(counts.items()):
        print(f"{split}: " + ", ".join(f"{n} {s}" for s, n in sorted(found.items())))
    if slow:
        print(f"over {LIMIT_SECONDS} s of CPU: {', '.join(slow)}")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
