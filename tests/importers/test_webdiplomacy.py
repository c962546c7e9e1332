"""The importer against the reference variant folders, and reproducibility of the
committed content (re-running the importer must give the committed files)."""
import json
from pathlib import Path

import pytest
import yaml

from generator.importers.webdiplomacy import ImportOptions, import_variant

WEBDIP = Path("/work/shared/reference/webdip")
if not WEBDIP.is_dir():
    WEBDIP = Path(__file__).resolve().parents[3] / "shared" / "reference" / "webdip"
CONTENT = Path(__file__).resolve().parents[2] / "content"
needs_reference = pytest.mark.skipif(not WEBDIP.is_dir(), reason="webDiplomacy reference data not available")

COMMANDS = {
    "divided-states": ("Divided_States", ImportOptions(custom_start=True, colours="resources/uslargecolormapbetaB.png")),
    "modern-europe": ("A_Modern_Europe", ImportOptions(custom_start=True, colours="resources/map.png")),
}


@pytest.fixture(scope="module")
def imported():
    return {game: import_variant(WEBDIP / folder, options) for game, (folder, options) in COMMANDS.items()}


@needs_reference
@pytest.mark.parametrize("game", sorted(COMMANDS))
def test_reimport_reproduces_committed_files(imported, game):
    for name, text in imported[game].files.items():
        assert (CONTENT / game / name).read_text(encoding="utf-8") == text, f"{game}/{name} differs"


@needs_reference
@pytest.mark.parametrize("game", sorted(COMMANDS))
def test_matches_the_reference_conversion(imported, game):
    """Every territory, supply centre and border of map.json is in the import."""
    folder = COMMANDS[game][0]
    ref = json.loads((WEBDIP / folder / "map.json").read_text(encoding="utf-8"))
    data = yaml.safe_load(imported[game].files["map.yaml"])
    assert len(data["provinces"]) == ref["counts"]["provinces"]
    assert sum(1 for p in data["provinces"] if p.get("supply_center")) == ref["counts"]["supplyCenters"]
    assert len(data["borders"]) == ref["counts"]["borders"]
    fleet_only = sum(1 for b in data["borders"] if b["units"] == ["fleet"])
    assert fleet_only == ref["counts"]["bordersFleetOnly"]
    outlines = imported[game].geometry["outlines"]
    assert set(outlines) == {p["id"] for p in data["provinces"]}


@needs_reference
def test_divided_states_svg_budget(imported):
    """Outlines as SVG path text stay under 1.5 KB per province on average."""
    outlines = imported["divided-states"].geometry["outlines"]
    size = sum(len("M" + " ".join(f"{r[i]},{r[i + 1]}" for i in range(0, len(r), 2)) + "Z")
               for rings in outlines.values() for r in rings)
    assert size / len(outlines) < 1500


@needs_reference
def test_coasts_names_and_sealanes(imported):
    data = imported["divided-states"].data
    provinces = {p["id"]: p for p in data["provinces"]}
    assert provinces["KKV"]["coasts"] == ["SC", "EC"]
    assert provinces["MVN"]["name"] == "Martha's Vineyard"
    assert provinces["MSB_N"]["abbr"] == "MSB n" and provinces["MSB_N"]["region"] == "MSB"
    msb = next(r for r in data["sea_regions"] if r["id"] == "MSB")
    assert sorted(msb["sealanes"]) == ["MSB_E", "MSB_N", "MSB_S", "MSB_W"]
    assert "A FRU" in data["start"]["units"]["NEUTRAL"]
    assert data["default_builds"]["MAINE"] == ["A BNG", "A AUM", "F PTM"]


@needs_reference
def test_classic_small_map_and_two_way_border_rows():
    result = import_variant(WEBDIP / "Classic", ImportOptions())
    data = result.data
    assert len(data["borders"]) == 218          # both directions listed, kept once
    assert {p["id"] for p in data["provinces"] if p.get("coasts")} == {"ST_PETERSBURG", "SPAIN", "BULGARIA"}
    assert "F ST_PETERSBURG/SC" in data["start"]["units"]["RUSSIA"]
    assert len(result.geometry["outlines"]) == 75


def test_missing_install_php_is_a_diagnostic(tmp_path):
    result = import_variant(tmp_path)
    assert [d.code for d in result.diagnostics] == ["IMP007"] and not result.files


def test_hostile_php_is_refused_not_run(tmp_path):
    (tmp_path / "install.php").write_text("<?php $territoryRawData=array(array(system('rm -rf /')));",
                                          encoding="utf-8")
    result = import_variant(tmp_path)
    assert [d.code for d in result.diagnostics] == ["IMP001"]
