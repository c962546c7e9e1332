"""A PDF worker ends with the process that started it, even when that process is killed
without shutting its pool down (a terminal closed, `kill`, a test's terminate())."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

PARENT = textwrap.dedent("""
    import multiprocessing, os, sys, time
    from concurrent.futures import ProcessPoolExecutor
    from generator.mkdocs_plugin import workers
    if __name__ == "__main__":
        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=workers.start, initargs=(5,))
        busy = pool.submit(time.sleep, 600)         # a long render
        print(list(pool._processes)[0], flush=True)
        time.sleep(600)
""")


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")    # a zombie waiting for init to reap it has ended


def test_a_worker_leaves_when_its_parent_is_killed(tmp_path):
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=REPO, stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        worker = int(parent.stdout.readline())
        time.sleep(1.5)                              # the worker is up and busy
        assert _running(worker)
        assert os.getpriority(os.PRIO_PROCESS, worker) >= 5   # serve's workers stand back
    finally:
        parent.send_signal(signal.SIGKILL)           # no chance to shut the pool down
        parent.wait(timeout=10)
    deadline = time.time() + 10
    while _running(worker) and time.time() < deadline:
        time.sleep(0.2)
    assert not _running(worker), "the worker outlived its parent"
