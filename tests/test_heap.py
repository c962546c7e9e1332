"""generator.heap.long_lived_frozen leaves the garbage collector as it found it."""
import gc

import pytest

from generator.heap import long_lived_frozen


def test_state_is_restored_even_after_an_error():
    before = (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled())
    keep = [[i] for i in range(1000)]
    with pytest.raises(ValueError):
        with long_lived_frozen():
            assert gc.get_freeze_count() > 0          # the existing heap is set aside
            assert gc.get_threshold()[2] >= 1_000_000  # no full collections inside
            raise ValueError("boom")
    assert (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()) == before
    assert keep


def test_cycles_made_inside_are_still_collected():
    import weakref

    class Node:
        pass
    with long_lived_frozen():
        a, b = Node(), Node()
        a.other, b.other = b, a
        probe = weakref.ref(a)
        del a, b
        gc.collect(0)
        gc.collect(1)
        assert probe() is None   # young collections go on inside the block


def test_nested_or_disabled_collector_is_left_alone():
    with long_lived_frozen():
        outer = gc.get_freeze_count()
        with long_lived_frozen():
            assert gc.get_freeze_count() == outer
    gc.disable()
    try:
        with long_lived_frozen():
            assert gc.get_freeze_count() == 0 and not gc.isenabled()
    finally:
        gc.enable()


def test_collector_paused_restores_the_collector():
    from generator.heap import collector_paused
    with pytest.raises(KeyError):
        with collector_paused():
            assert not gc.isenabled()
            raise KeyError("x")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()   # was off before: stays off
    finally:
        gc.enable()
