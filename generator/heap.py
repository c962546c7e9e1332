"""The garbage-collector policy of the `mapwright` command (and of nothing else).

A 10,000-province game is millions of long-lived objects (YAML nodes, loaded data,
the family's model, map views). Python's full collections scan all of them, again and
again while loading, checking and the docs tree allocate: at that size a third of the
docs tree's time and two thirds of loading went to collections that found nothing.
For one command the CLI therefore keeps the young collections (they find short-lived
cycles) and holds off the full ones until the command ends. Library functions never
touch the collector: a program that embeds Mapwright keeps its own policy. A
long-running command (`serve`) keeps the interpreter's default.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager

FULL_COLLECTIONS_HELD_OFF = 1_000_000   # young-generation passes before a full one


@contextmanager
def command_heap(long_running: bool = False):
    """The collector policy for one short command; restored on exit, even after an error."""
    if long_running or not gc.isenabled():
        yield
        return
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], max(thresholds[2], FULL_COLLECTIONS_HELD_OFF))
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


class GeneratedSetAside:
    """For `mapwright build` and `serve`: while MkDocs renders the pages, full collections
    leave the generator's objects alone.

    The games, their models and the docs tree are some hundreds of thousands of objects
    that live until the build ends; every full collection MkDocs' rendering triggers would
    walk all of them again (MkDocs alone has none of them to walk). `hold` (the plugin
    calls it once the pages are generated) sets the objects that exist then aside with
    `gc.freeze`; `release` (once the pages are rendered, or the build failed) gives them
    back, so that serve's old trees are still collected. The plugin is given this by the
    command (mkdocs_plugin/run.py's `heap` option); run as MkDocs' plugin alone, or from
    `api.build`, it leaves the collector as the program set it. A program that froze
    objects itself is left as it is."""

    def __init__(self):
        self.froze = False

    def hold(self) -> None:
        if gc.isenabled() and gc.get_freeze_count() == 0:
            gc.freeze()
            self.froze = True

    def release(self) -> None:
        if self.froze:
            gc.unfreeze()
            self.froze = False
