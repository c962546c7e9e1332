"""Time `mapwright validate` and `mapwright build` for Divided States (693 provinces).

    python benchmarks/validate_divided_states.py [--build]

Prints wall-clock seconds for each run; exits non-zero if a command fails.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", *argv], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
        raise SystemExit(f"{' '.join(argv)} failed with exit code {done.returncode}")
    return elapsed


def main() -> int:
    print(f"validate divided-states: {timed(['validate', 'content/divided-states']):.2f} s")
    if "--build" in sys.argv:
        with tempfile.TemporaryDirectory() as out:
            print(f"build divided-states: {timed(['build', 'content/divided-states', '--out', out]):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
