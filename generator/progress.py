"""Progress of long work, for whoever watches it: `step("tracing outlines")`.

A log record at DEBUG on the `mapwright.progress` logger: library callers see nothing
unless they ask for it, and the command line shows the latest step as one status line
on a terminal (generator/commands/console.py).
"""
from __future__ import annotations

import logging

LOG = logging.getLogger("mapwright.progress")


def step(text: str, *args) -> None:
    """Say what the work is doing now (%-style args, formatted only when shown)."""
    LOG.debug(text, *args)
