"""generator.heap: the CLI's collector policy, restored after every command; library
functions leave the collector alone."""
import gc
import weakref

import pytest

from generator.heap import FULL_COLLECTIONS_HELD_OFF, command_heap


def test_full_collections_are_held_off_and_the_state_restored_even_after_an_error():
    before = (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled())
    with pytest.raises(ValueError):
        with command_heap():
            assert gc.get_threshold()[2] >= FULL_COLLECTIONS_HELD_OFF
            raise ValueError("boom")
    assert (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()) == before


def test_cycles_made_inside_are_still_collected():
    class Node:
        pass
    with command_heap():
        a, b = Node(), Node()
        a.other, b.other = b, a
        probe = weakref.ref(a)
        del a, b
        gc.collect(0)
        gc.collect(1)
        assert probe() is None   # young collections go on


def test_long_running_commands_and_a_disabled_collector_are_left_alone():
    before = gc.get_threshold()
    with command_heap(long_running=True):
        assert gc.get_threshold() == before
    gc.disable()
    try:
        with command_heap():
            assert gc.get_threshold() == before and not gc.isenabled()
    finally:
        gc.enable()


def test_library_functions_do_not_touch_the_collector(tmp_path, monkeypatch):
    from generator import synth
    from generator.validate import validate_game
    touched = []
    for name in ("set_threshold", "disable", "freeze"):
        monkeypatch.setattr(gc, name, lambda *a, name=name: touched.append(name))
    validate_game(synth.write_game(tmp_path / "g", 30, seed=1))
    assert touched == []
