"""Data values the election engine divides by, indexes with or looks up: each refused at its
line in the data file, never a crash of a worked example (MW204) at the example's line.

Each case changes one value of Divided Republic and validates the whole game, worked examples
included (issue 32, item 11; tests/test_fuzz_values.py finds such values by fuzzing)."""
from __future__ import annotations

import pytest

from changes import validate_changed


def changed(game_copy, name: str, change):
    """Divided Republic with `change(data)` made to `name`, validated."""
    return validate_changed(game_copy("divided-republic"), name, change)


def _momentum(key, value):
    def change(data):
        momentum = data["rules"]["momentum"]
        if key == "initial_order":   # a fact: {value, source, reasoning}
            momentum[key]["value"] = value
        else:
            momentum[key] = value
    return change


def _every_id(key, suffix):
    return lambda data: [row.__setitem__("id", row["id"] + suffix) for row in data[key]]


CASES = {
    "an empty momentum order": ("game.yaml", _momentum("initial_order", []), "ELE010"),
    "a party twice in the momentum order": ("game.yaml", _momentum("initial_order", ["CU", "CU", "R", "SD"]), "ELE010"),
    "a party missing from the momentum order": ("game.yaml", _momentum("initial_order", ["CU", "R", "SD"]), "ELE010"),
    "no turns": ("game.yaml", _momentum("turns", 0), "ELE010"),
    "no actions": ("game.yaml", _momentum("actions_per_turn", 0), "ELE010"),
    "a negative hand": ("game.yaml", _momentum("hand", -1), "ELE010"),
    "state ids with a trailing newline": ("states.yaml", _every_id("states", "\n"), "MW101"),
    "a state id with a line separator": ("states.yaml", lambda d: d["states"][0].__setitem__("id", "maine\u2028"),
                                         "MW101"),
    "party ids with a trailing newline": ("parties.yaml", _every_id("parties", "\n"), "MW101"),
}


@pytest.mark.parametrize("name, change, code", CASES.values(), ids=list(CASES))
def test_a_value_the_engine_cannot_use_is_refused_at_its_line(game_copy, name, change, code):
    result = changed(game_copy, name, change)
    found = [d for d in result.diagnostics if d.code == code]
    assert found and all(d.file.endswith(name) and d.line > 1 for d in found), \
        [str(d) for d in result.diagnostics][:5]
    assert not [d for d in result.diagnostics if d.code in ("MW204", "MW901")], \
        [str(d) for d in result.diagnostics if d.code in ("MW204", "MW901")][:3]
