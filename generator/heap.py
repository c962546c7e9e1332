"""Keeping the garbage collector off the long-lived heap during big, pure computations.

A 10,000-province game is millions of long-lived objects (loaded data, the family's
model, map views). Python's full collections scan all of them, again and again while
the docs tree or the checks allocate: at that size a third of the docs tree's time went
to collections that found nothing. `long_lived_frozen()` moves what exists at entry to
the permanent generation (`gc.freeze`), so collections during the block look only at
objects made inside it, and gives them back to the collector (`gc.unfreeze`) at exit.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def long_lived_frozen():
    # Someone else froze objects (a forking server, say): unfreezing would undo their
    # choice too, so leave the collector alone. Likewise when it is switched off.
    if gc.get_freeze_count() or not gc.isenabled():
        yield
        return
    gc.freeze()
    thresholds = gc.get_threshold()
    # young collections go on as usual (they find short-lived cycles); full ones would
    # rescan whatever long-lived structure the block itself builds (map views), so wait
    gc.set_threshold(thresholds[0], thresholds[1], max(thresholds[2], 1_000_000))
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


@contextmanager
def collector_paused():
    """No garbage collection at all inside the block, for code that builds large
    structures that all survive (YAML node graphs being composed or dumped) and makes
    no cyclic garbage worth collecting meanwhile."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
