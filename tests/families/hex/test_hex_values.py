"""Data values the hex engines divide by, index with or look up: each refused at its line in
the data file, never a crash of a worked example (MW204) at the example's line.

Each case changes one value of Dixie and validates the whole game, worked examples included
(issue 32, item 11; tests/test_fuzz_values.py finds such values by fuzzing)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from changes import validate_changed

from .helpers import dixie, position


def changed(game_copy, name: str, change):
    """Dixie with `change(data)` made to `name`, validated."""
    return validate_changed(game_copy("dixie"), name, change)


def _set(*path, value):
    def change(data):
        for step in path[:-1]:
            data = data[step]
        data[path[-1]] = value
    return change


def _drop(key, ids):
    return lambda data: data.__setitem__(key, [row for row in data[key] if row["id"] not in ids])


CASES = {
    "interceptors per kill 0": ("game.yaml", _set("rules", "airpower", "interceptors_per_kill", value=0), "HEX032"),
    "interceptors per kill text": ("game.yaml", _set("rules", "airpower", "interceptors_per_kill", value="two"), "HEX032"),
    "negative advance": ("game.yaml", _set("rules", "mechanized_exploitation", "advance_hexes", value=-1), "HEX032"),
    "CRT roll 0": ("crt.yaml", _set("rows", 0, "roll", value=0), "HEX020"),
    "CRT row without results": ("crt.yaml", _set("rows", 0, "results", value=[]), "HEX020"),
    "CRT differentials twice": ("crt.yaml", _set("lines", "normal", "differentials",
                                                 value=[-2, -2, 0, 1, 2, 3, 4, 5, 6]), "MW101"),
    "CRT differentials decreasing": ("crt.yaml", _set("lines", "normal", "differentials",
                                                      value=[-1, -2, 0, 1, 2, 3, 4, 5, 6]), "HEX020"),
    "a highest roll no table has": ("crt.yaml", _set("die", "max_modified_roll", value=10 ** 12), "MW101"),
    "no hexes": ("map.yaml", _set("hexes", value={}), "HEX003"),
    "unknown terrain": ("terrain.yaml", _drop("terrain", {"rough"}), "HEX001", "map.yaml"),
    "no hexside types": ("terrain.yaml", _set("hexsides", value=[]), "HEX005", "map.yaml"),
    "no features": ("terrain.yaml", _set("features", value=[]), "HEX026"),
    "no fort feature": ("terrain.yaml", _drop("features", {"fort"}), "HEX026"),
    "a corps without components": ("units.yaml", _set("unit_types", 0, "components", value=[]), "MW101"),
    "a corps of one unit": ("units.yaml", _set("unit_types", 0, "components", value=["infantry-division"]), "MW101"),
    "a corps of unknown units": ("units.yaml", _set("unit_types", 0, "components", value=["nope", "nope"]), "HEX026"),
    "no corps type": ("units.yaml", _drop("unit_types", {"infantry-corps"}), "HEX026"),
    "no fort type": ("units.yaml", _drop("unit_types", {"fort"}), "HEX026"),
    "a contingent hostile to one not listed": ("scenarios.yaml", lambda d: d["variant"].__setitem__(
        "intervention_forces", d["variant"]["intervention_forces"][:1]), "HEX027"),
    "a contingent of unknown units": ("scenarios.yaml", _set("variant", "intervention_forces", 0, "units",
                                                             value={"nope": 1}), "HEX027"),
    "a terrain id with a trailing newline": ("terrain.yaml", _set("terrain", 1, "id", value="rough\n"), "MW101"),
    "a unit type id with a trailing newline": ("units.yaml", _set("unit_types", 1, "id", value="infantry-division\n"),
                                               "MW101"),
}


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_a_value_the_engine_cannot_use_is_refused_at_its_line(game_copy, case):
    name, change, code, where = (*case, case[0])[:4]   # where: the file that uses the value, when not `name`
    result = changed(game_copy, name, change)
    found = [d for d in result.diagnostics if d.code == code]
    assert found and all(d.file.endswith(where) and d.line > 1 for d in found), \
        [str(d) for d in result.diagnostics][:5]
    assert not [d for d in result.diagnostics if d.code in ("MW204", "MW901")], \
        [str(d) for d in result.diagnostics if d.code in ("MW204", "MW901")][:3]


def test_a_game_without_bridges_answers_a_bridge_capture():
    """A bridge capture where the map has no bridge is refused, whatever terrain.yaml defines."""
    from generator.families.hex.movement import bridge_capture
    game = replace(dixie(), hexside_types={k: v for k, v in dixie().hexside_types.items() if k != "bridge"})
    pos = position(("a", "USA", "armoured-brigade", "0101"))
    attempt = bridge_capture(game, pos, "a", "0101", "0102", mp_left=9)
    assert not attempt.legal and any("no bridge" in p for p in attempt.problems)
