"""What one `mapwright` command costs, measured in a fresh process of its own: CPU
seconds and peak memory, so that one test's figure is not another's. For the hostile
inputs issue 32 bounds (under 2 s, 500 MB). The peak is Linux's VmHWM, the process's
own high-water mark: getrusage's ru_maxrss keeps the forking process's peak across exec."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_CHILD = """
import json, re, sys, time
from generator.cli import main
start = time.process_time()
try:
    code = main(sys.argv[1:])
finally:
    with open("/proc/self/status") as status:
        peak = int(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1))
    sys.stderr.write("\\n" + json.dumps({"cpu": time.process_time() - start, "peak_mb": peak / 1024}) + "\\n")
sys.exit(code)
"""


@dataclass
class Cost:
    code: int
    stdout: str
    stderr: str
    cpu: float          # seconds of the command, Python's start left out
    peak_mb: float      # the whole process's peak, Python and its imports included


def command_cost(*args: str, cwd: Path = REPO, timeout: float = 120) -> Cost:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, "-c", _CHILD, *map(str, args)], cwd=cwd, env=env,
                         capture_output=True, text=True, timeout=timeout)
    body, _, last = run.stderr.rstrip("\n").rpartition("\n")
    figures = json.loads(last)
    return Cost(run.returncode, run.stdout, body, figures["cpu"], figures["peak_mb"])
