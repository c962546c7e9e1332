"""Write expected/<map>.json: the PyPI `diplomacy` package's own reading of each .map file.

The test of Mapwright's DPjudge importer compares its borders, coasts, centres,
powers and units with these files, edge for edge. `diplomacy` (MILA, AGPL) is not
a Mapwright dependency: run this script with an interpreter that has it, e.g.

    python -m venv /tmp/dip && /tmp/dip/bin/pip install diplomacy==1.1.2
    /tmp/dip/bin/python tests/data/dpjudge/generate_expected.py

It loads the maps from this folder (copies of the package's own files), asks
`Map.abuts(unit, a, '-', b)` for every ordered pair of locations and unit type,
and writes the answers sorted, so that a re-run gives the same bytes. (World's
first load makes the package compute convoy paths, which takes several minutes.)
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def dump(name: str) -> dict:
    import os
    from diplomacy.engine.map import Map
    os.chdir(HERE / "maps")          # MAP/USE lines name files beside the map
    game_map = Map(f"{name}.map", use_cache=False)
    locs = sorted({loc.upper() for loc in game_map.locs})
    moves = {"A": [], "F": []}
    for unit in moves:
        for a in locs:
            for b in locs:
                if a != b and game_map.abuts(unit, a, "-", b):
                    moves[unit].append([a, b])
    powers = {}
    for power in game_map.powers:
        powers[power] = {"homes": sorted(game_map.homes.get(power, [])),
                         "centers": sorted(game_map.centers.get(power, [])),
                         "units": sorted(game_map.units.get(power, []))}
    return {"map": f"{name}.map", "generated_by": "diplomacy " + _version(),
            "errors": sorted(game_map.error), "phase": game_map.phase,
            "locations": {loc: game_map.area_type(loc) for loc in locs},
            "supply_centers": sorted(game_map.scs), "powers": powers,
            "army_moves": moves["A"], "fleet_moves": moves["F"]}


def _version() -> str:
    from importlib.metadata import version
    return version("diplomacy")


def main(names: list[str]) -> int:
    names = names or sorted(p.stem for p in (HERE / "maps").glob("*.map"))
    (HERE / "expected").mkdir(exist_ok=True)
    for name in names:
        data = dump(name)
        (HERE / "expected" / f"{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                                        encoding="utf-8")
        print(f"{name}: {len(data['army_moves'])} army and {len(data['fleet_moves'])} fleet moves")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
