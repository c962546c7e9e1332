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


def test_generated_objects_are_set_aside_while_mkdocs_renders_and_given_back():
    from generator.heap import GeneratedSetAside
    held = GeneratedSetAside()
    before = gc.get_freeze_count()
    held.hold()
    try:
        assert gc.get_freeze_count() > before     # the objects that exist now are set aside
        held.hold()                               # (once: frozen already)
    finally:
        held.release()
    assert gc.get_freeze_count() == 0 and not held.froze
    gc.freeze()                                   # a program that froze objects itself
    try:
        frozen = gc.get_freeze_count()
        held.hold()
        held.release()
        assert gc.get_freeze_count() == frozen     # ... is left as it is
    finally:
        gc.unfreeze()


def test_the_plugin_leaves_the_collector_alone_unless_the_command_says(monkeypatch):
    """`mkdocs build` with the plugin, or `api.build`, froze the program's objects too."""
    from generator.mkdocs_plugin.plugin import Session
    touched = []
    for name in ("freeze", "unfreeze"):
        monkeypatch.setattr(gc, name, lambda *a, name=name: touched.append(name))
    session = Session()
    session.freeze()
    session.thaw()
    assert touched == []


SWITCHES = {("gc", "freeze"), ("gc", "unfreeze"), ("gc", "set_threshold"), ("gc", "disable"), ("gc", "enable"),
            ("os", "putenv"), ("os", "unsetenv"), ("environ", "setdefault"), ("environ", "update"),
            ("environ", "pop"), ("environ", "__setitem__")}
EDGE = ("cli.py", "__main__.py", "heap.py", "commands/")


def _switches(tree) -> list[tuple[int, str]]:
    """(line, what) of each call or assignment that changes the process for everyone in it."""
    import ast
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if (name, node.func.attr) in SWITCHES:
                found.append((node.lineno, f"{name}.{node.func.attr}"))
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AugAssign) else [])
        for target in targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute) \
                    and target.value.attr == "environ":
                found.append((node.lineno, "os.environ[...] ="))
    return found


def test_process_wide_switches_are_thrown_only_at_the_command_line_edge():
    """Library code set gc.freeze (the plugin) and SOURCE_DATE_EPOCH (run.py) for whatever
    program ran it; only the command (cli, commands/, its collector policy heap.py) may."""
    import ast
    from pathlib import Path
    import generator
    package = Path(generator.__file__).resolve().parent
    found = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        if where.startswith(EDGE):
            continue
        found += [f"{where}:{line}: {what}" for line, what in _switches(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, found
    planted = ast.parse("import os, gc\nos.environ['X'] = '1'\nos.environ.setdefault('Y', '2')\ngc.freeze()\n")
    assert [what for _, what in _switches(planted)] == ["os.environ[...] =", "environ.setdefault", "gc.freeze"]
