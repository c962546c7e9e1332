"""Export to a DPjudge .map file and import it back with the DPjudge importer: the
same provinces, names, coasts, centres, army and fleet moves, powers, homes,
starting units and centres, first phase and victory target."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.commands.common import load_game
from generator.exporters.dpjudge import export_map
from generator.exporters.output import write_file
from generator.writing import Refused
from generator.families.diplomacy.loading import game_from_data
from generator.importers.dpjudge import import_map

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", ["classic", "modern-europe", "divided-states"])
def test_import_of_the_exported_map_reproduces_the_game(game_id, tmp_path):
    fam, game = load_game(str(REPO / "content" / game_id))
    assert fam is not None, game
    result = export_map(game, f"content/{game_id}/game.yaml", f"mapwright export dpjudge content/{game_id}")
    path = write_file(tmp_path / f"{game_id}.map", result.files["map"], [REPO / "content"])
    back = import_map(path)
    assert not back.diagnostics, back.diagnostics
    again = game_from_data(game_id, {"rules": {}}, back.data)
    m, m2 = game.map, again.map
    assert list(m2.powers) == list(m.powers)
    assert sorted(m2.provinces) == sorted(m.provinces)
    for pid, prov in m.provinces.items():
        other = m2.provinces[pid]
        assert (other.name, other.type, other.coasts, other.supply_center, other.home) == \
            (prov.name, prov.type, prov.coasts, prov.supply_center, prov.home), pid
    assert m2.army_adj == m.army_adj
    assert m2.fleet_adj == m.fleet_adj
    powers = set(m.powers)
    assert {p: sorted(u) for p, u in again.start.units.items() if u} == \
        {p: sorted(u) for p, u in game.start.units.items() if u and p in powers}
    assert {p: sorted(c) for p, c in again.start.centers.items()} == \
        {p: sorted(c) for p, c in game.start.centers.items() if c}
    assert again.start.phase == game.start.phase
    assert m2.victory_centers == m.victory_centers
    assert ("build_anywhere" in back.files["game.yaml"]) == game.modules.has("build_anywhere")


def test_existing_files_not_written_by_mapwright_are_refused(tmp_path):
    mine = tmp_path / "mine.map"
    mine.write_text("BEGIN SPRING 1901 MOVEMENT\n", encoding="utf-8")
    with pytest.raises(Refused):
        write_file(mine, "# Written by `mapwright export dpjudge x`\n", [REPO / "content"])
    assert mine.read_text(encoding="utf-8") == "BEGIN SPRING 1901 MOVEMENT\n"
    with pytest.raises(Refused):
        write_file(REPO / "content" / "classic" / "x.map", "# Written by `mapwright export`\n", [REPO / "content"])
    ours = tmp_path / "ours.map"
    write_file(ours, "# Written by `mapwright export dpjudge x`\nA\n", [REPO / "content"])
    write_file(ours, "# Written by `mapwright export dpjudge x`\nB\n", [REPO / "content"])
    assert ours.read_text(encoding="utf-8").endswith("B\n")


def test_cli(tmp_path):
    out = tmp_path / "classic.map"
    run = subprocess.run([sys.executable, "-m", "generator", "export", "dpjudge", "content/classic", "-o", str(out)],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 0, run.stdout + run.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Written by `mapwright export dpjudge content/classic`")
    assert "COAST bul ABUTS" in text and "COAST BUL/EC ABUTS" in text and "RUSSIA (Russian) MOS SEV STP WAR" in text
    assert "F STP/SC" in text


def test_classic_exported_has_the_moves_the_diplomacy_package_reads_in_standard_map(tmp_path):
    """The bundled Classic, exported, abuts exactly as MILA's own standard.map does
    (tests/data/dpjudge/expected/standard.json, written with that package)."""
    import json
    fam, game = load_game(str(REPO / "content" / "classic"))
    result = export_map(game, "content/classic/game.yaml", "mapwright export dpjudge content/classic")
    path = write_file(tmp_path / "classic.map", result.files["map"], [REPO / "content"])
    data = import_map(path).data
    expected = json.loads((REPO / "tests" / "data" / "dpjudge" / "expected" / "standard.json").read_text())
    for unit, key in (("army", "army_moves"), ("fleet", "fleet_moves")):
        ours = {frozenset(b["between"]) for b in data["borders"] if unit in b["units"]}
        assert ours == {frozenset(m) for m in expected[key]}, unit
