"""Import time of every vendored webDiplomacy variant folder (goal: Europa_Renovatio,
842 territories, under 10 s), and what each import ends in.

    python benchmarks/import_webdip.py [NAME ...]

Imports each folder of tests/data/webdip (the best of three runs for the named ones,
one run otherwise), validates the written game, and prints a Markdown table that is
also saved to benchmarks/results/import_webdip.md. Times are the process's CPU time
(time.process_time), so a machine shared with other work gives comparable figures.
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


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
