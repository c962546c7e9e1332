"""Read an import input: a regular file, and no more of it than the importer will use.

A stranger's folder can hold a named pipe where a file belongs (`MAP other.map` with
other.map a FIFO made the import wait for ever: opening and reading a FIFO blocks until
something writes to it) or a file of gigabytes (read whole before its size was checked).
The file is opened without blocking, checked to be a regular file, and read up to a
limit.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path


class NotAFile(OSError):
    """The path is a pipe, a device or a folder, not a regular file."""


def read_regular(path: Path, limit: int) -> bytes:
    """At most limit + 1 bytes of the file (one more than the limit tells the caller it is
    too large). Raises NotAFile or OSError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotAFile(f"{Path(path).name} is not a regular file (a pipe, a device or a folder)")
    with os.fdopen(fd, "rb") as f:
        return f.read(limit + 1)
