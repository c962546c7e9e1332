"""Schema validation of the 10,000-province synthetic map (python -m generator.synth),
by the path `schemas.validate_document` takes and by python-jsonschema alone.

    python benchmarks/validate_schema.py [--provinces 10000] [--repeat 3]

Rows: the yes/no check validate_document runs first (compiled: jsonschema-rs), the same
document through python-jsonschema's iter_errors (what Mapwright used before a fast
path, and still uses to word the messages when the answer is no), and the whole
`mapwright validate` of the game (load, schemas, checks, examples). Seconds, best of
--repeat runs. Writes benchmarks/results/validate_schema.md.
"""
from __future__ import annotations

import argparse
import math
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator import synth  # noqa: E402
from generator.loader import load_document  # noqa: E402
from generator.schemas import validate_document, validator  # noqa: E402
from generator.validate import validate_game  # noqa: E402


def best_of(repeat: int, action) -> float:
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--provinces", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "synthetic"
        synth.write_game(game, args.provinces, seed=1)
        doc, _ = load_document(game / "map.yaml")
        assert validate_document(doc, "diplomacy-map") == []          # warm, and valid
        fast = best_of(args.repeat, lambda: validate_document(doc, "diplomacy-map"))
        slow = best_of(args.repeat, lambda: list(validator("diplomacy-map").iter_errors(doc.data)))
        whole = best_of(args.repeat, lambda: validate_game(game))
    rows = [
        "| stage | seconds |",
        "|---|---|",
        f"| map.yaml schema check, as validate_document runs it | {fast:.3f} |",
        f"| map.yaml through python-jsonschema alone | {slow:.3f} |",
        f"| `mapwright validate` of the whole game | {whole:.2f} |",
    ]
    text = (f"Synthetic map of {args.provinces:,} provinces; Python {platform.python_version()}, "
            f"best of {args.repeat}.\n\n" + "\n".join(rows) + "\n")
    print(text)
    out = ROOT / "benchmarks" / "results" / "validate_schema.md"
    out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    from generator.heap import command_heap
    with command_heap():   # timed as the `mapwright` command runs (its collector policy)
        raise SystemExit(main())
