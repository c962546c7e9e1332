"""What the command line says besides its output, on which stream, and how much.

- stdout carries what the command was asked for: a report in `--format json` or
  `github`, an SVG, an adjudication, an example's outcome.
- stderr carries everything said to the person running it: diagnostics as text,
  "wrote ..." lines, errors, and the progress line.
- `-q` leaves only problems (diagnostics and errors); `-v` adds developer detail
  (timings). Messages are log records of the `mapwright` logger, so the levels are
  logging's: WARNING, INFO, DEBUG.
- Progress (generator/progress.py, and MkDocs' own steps during a build) is one status
  line, rewritten in place, only when stderr is a terminal, `CI` is not set (every CI
  service sets it) and not under `-q`; it is cleared before anything else is written.
"""
from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sys
import time

from ..escape import terminal

QUIET, NORMAL, VERBOSE = logging.WARNING, logging.INFO, logging.DEBUG
LOG = logging.getLogger("mapwright")
_PROGRESS = ("mapwright.progress", "mkdocs")     # whose steps the status line shows
_NOISE = ("Running `", "Config value")           # MkDocs' debug lines that say nothing of progress
_status: StatusLine | None = None
_level = NORMAL          # this command's (-q, -v)


def say(text: str) -> None:
    """A line for the person running the command ("wrote ..."); not under -q."""
    LOG.info(text)


def detail(text: str) -> None:
    """A line for a developer (timings); only under -v."""
    LOG.debug(text)


def quiet() -> bool:
    return _level >= QUIET


def clear_status() -> None:
    """Before writing anything else to stderr: take the progress line away."""
    if _status is not None:
        _status.clear()


def shows_progress(stream, level: int) -> bool:
    return (level <= NORMAL and stream.isatty() and not os.environ.get("CI")
            and os.environ.get("TERM") != "dumb")


class StatusLine(logging.Handler):
    """The latest step, as one line rewritten in place (at most ten times a second)."""

    def __init__(self, stream, prefix: str):
        super().__init__(logging.DEBUG)
        self.stream, self.prefix, self.shown, self.last = stream, prefix, False, 0.0

    def emit(self, record) -> None:
        now = time.monotonic()
        if now - self.last < 0.1 or (record.name != _PROGRESS[0] and record.getMessage().startswith(_NOISE)):
            return
        self.last = now
        width = max(20, shutil.get_terminal_size().columns - 1)
        text = terminal(f"{self.prefix}: {record.getMessage()}")    # names from content: one line, inert
        self.stream.write("\r\033[K" + text[:width])
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False


class _Lines(logging.Handler):
    """Messages of the `mapwright` logger, one a line (progress steps aside)."""

    def __init__(self, stream, level: int):
        super().__init__(level)
        self.stream = stream
        self.addFilter(lambda record: not record.name.startswith(_PROGRESS[0]))

    def emit(self, record) -> None:
        clear_status()
        self.stream.write(terminal(record.getMessage()) + "\n")


@contextlib.contextmanager
def attached(level: int, command: str, progress: bool = False):
    """Messages at `level` and above on stderr for the time of one command, and, for long
    work (`progress`), the progress line when it is wanted."""
    global _status, _level
    stream = sys.stderr
    _level = level
    lines = _Lines(stream, level)
    status = StatusLine(stream, f"mapwright {command}") if progress and shows_progress(stream, level) else None
    loggers = [LOG] + ([logging.getLogger(name) for name in _PROGRESS] if status else [])
    saved = [(logger, logger.level, logger.propagate) for logger in loggers]
    LOG.setLevel(logging.DEBUG)
    LOG.propagate = False
    LOG.addHandler(lines)
    if status is not None:
        for name in _PROGRESS:
            logging.getLogger(name).setLevel(logging.DEBUG)
            logging.getLogger(name).addHandler(status)
        _status = status
    try:
        yield
    finally:
        if status is not None:
            status.clear()
            for name in _PROGRESS:
                logging.getLogger(name).removeHandler(status)
        _status, _level = None, NORMAL
        LOG.removeHandler(lines)
        for logger, old_level, propagate in saved:
            logger.setLevel(old_level)
            logger.propagate = propagate
