"""The start of each PDF worker process: its priority, and its end with the build.

A worker of a process pool waits for work on a pipe. When the build or serve process
is stopped by a signal it does not handle (`kill`, a test's terminate(), a closed
terminal), nothing shuts the pool down: the workers, re-parented, would wait (or finish
a long render) for ever. Each worker therefore watches whether its parent is still
the process that started it and leaves as soon as it is not."""
from __future__ import annotations

import os
import threading
import time

PARENT_CHECK_SECONDS = 1.0


def start(niceness: int = 0) -> None:
    """Pool initializer: stand back by `niceness` (serve's workers give way to the pages)
    and end with the parent."""
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    parent = os.getppid()
    threading.Thread(target=_leave_with, args=(parent,), name="mapwright-parent-watch", daemon=True).start()


def _leave_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)   # the parent is gone: nobody is waiting for this render
