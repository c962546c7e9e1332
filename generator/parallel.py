"""Games checked side by side: one worker process per CPU, each game in one worker.

Validating is pure CPU work in one thread per game, and games are independent, so a
folder of many variants (a CI run on every pull request) takes the time of its share
per CPU instead of the sum. Workers are forked from the process that asks, after it
has set up what every game needs (`warm`), so they start at once and import nothing
again; where forking is not safe (a platform without fork, macOS, a process already
running other threads), a pool cannot be made, or there is one game or one CPU, the
games are checked here, one after the other, with the same results.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from .paths import tree_stamp

T = TypeVar("T")


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity where the platform says it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def can_fork() -> bool:
    return (sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1)


def each_game(work: Callable[[Path], T], games: list[Path], jobs: int | None = None,
              warm: Callable[[], None] | None = None) -> Iterable[T]:
    """work(game) for every game, in the order given; in up to `jobs` worker processes
    (default: the available CPUs) when that is possible and worth it. `work` and its
    results must pickle (a module-level function returning plain data)."""
    jobs = min(len(games), jobs if jobs is not None else available_cpus())
    if jobs < 2 or not can_fork():
        return map(work, games)
    if warm is not None:
        warm()
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs)
    except OSError:      # no process-shared semaphores here (some containers): in this process
        return map(work, games)
    # largest games first, so that no worker is left with a big one at the end
    order = sorted(range(len(games)), key=lambda i: -_size(games[i]))
    with pool:
        done = dict(zip(order, pool.imap(work, [games[i] for i in order])))
    return [done[i] for i in range(len(games))]


def _size(game: Path) -> int:
    """Bytes of the game's files (how long it takes to check, roughly)."""
    return sum(size for *_, size in tree_stamp([game]))
