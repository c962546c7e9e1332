"""Classic geometry: traced from webDiplomacy's Classic folder, keyed by the ids of
content/classic/map.yaml (matched by name), reproducible with the recorded command."""
from pathlib import Path

import numpy as np
import pytest
import yaml

from generator.cli import main
from generator.importers.id_map import id_map_from_data, load_id_map, name_key, pair_coasts
from generator.importers.trace import thick_area
from generator.importers.webdiplomacy import ImportOptions, import_variant

REPO = Path(__file__).resolve().parents[2]
CLASSIC = REPO / "content" / "classic"
WEBDIP = REPO / "tests" / "data" / "webdip"          # the vendored variant folders

# the command recorded in content/classic/geometry.yaml's header
OPTIONS = ImportOptions(geometry_only=True, ids_from="content/classic/map.yaml", seeds=("SWI=228,255",))


@pytest.fixture(scope="module")
def classic():
    return import_variant(WEBDIP / "Classic", OPTIONS, load_id_map(CLASSIC / "map.yaml"))


def test_reimport_reproduces_committed_classic_geometry(classic):
    assert list(classic.files) == ["geometry.yaml"]          # map.yaml is left alone
    assert [d for d in classic.diagnostics] == []
    assert (CLASSIC / "geometry.yaml").read_text(encoding="utf-8") == classic.files["geometry.yaml"]
    assert "--ids-from content/classic/map.yaml --seed SWI=228,255" in classic.files["geometry.yaml"]


def test_every_classic_province_has_an_outline_and_nothing_else_does(classic):
    data = yaml.safe_load((CLASSIC / "map.yaml").read_text(encoding="utf-8"))
    ids = {p["id"] for p in data["provinces"]}
    committed = yaml.safe_load((CLASSIC / "geometry.yaml").read_text(encoding="utf-8"))
    assert set(committed["outlines"]) == ids
    coasts = {f"{p['id']}/{c}" for p in data["provinces"] for c in p.get("coasts", [])}
    assert set(committed["coast_labels"]) == coasts                   # BUL/EC from webDip's "North Coast"
    powers = {p["id"] for p in data["powers"]}
    assert set(committed["owners"].values()) == powers
    assert committed["owners"]["RUH"] == "GERMANY" and "SWI" not in committed["owners"]


def test_classic_outlines_touch_where_the_map_has_borders(classic):
    data = yaml.safe_load((CLASSIC / "map.yaml").read_text(encoding="utf-8"))
    contacts = {tuple(c[:2]) for c in classic.geometry["contacts"]}
    for border in data["borders"]:
        a, b = sorted(loc.split("/")[0] for loc in border["between"])
        assert (a, b) in contacts, f"{a}-{b} border but outlines do not touch"
    # Switzerland is traced from the black area of the image and sits where it should
    swi = {tuple(c[:2]) for c in contacts if "SWI" in c}
    assert swi == {("BUR", "SWI"), ("MAR", "SWI"), ("MUN", "SWI"), ("PIE", "SWI"), ("SWI", "TYR")}


def test_cli_check_accepts_committed_file_and_refuses_bad_options(chdir_repo, capsys):
    folder = str(WEBDIP / "Classic")
    args = ["import", "webdiplomacy", folder, "--geometry-only", "--ids-from", "content/classic/map.yaml",
            "--seed", "SWI=228,255", "-o", "content/classic"]
    assert main(args + ["--check"]) == 0
    assert main(args[:-2] + ["-o", "content/classic", "--seed", "SWI=1,1", "--check"]) == 1  # a sea's colour
    assert main(["import", "webdiplomacy", folder, "--ids-from", "content/classic/map.yaml",
                 "-o", "content/classic", "--check"]) == 2     # needs --geometry-only
    assert main(args[:-2] + ["-o", "content/classic", "--seed", "SWI", "--check"]) == 2
    capsys.readouterr()


def test_unmatched_names_are_diagnostics(tmp_path):
    data = yaml.safe_load((CLASSIC / "map.yaml").read_text(encoding="utf-8"))
    for prov in data["provinces"]:
        if prov["id"] == "NTH":
            prov["name"], prov["aliases"] = "German Ocean", []
        if prov["id"] == "BUL":
            prov["coasts"] = ["EC", "WC", "SC"]       # two coasts left over: no guess
    result = import_variant(WEBDIP / "Classic", OPTIONS, id_map_from_data(data))
    messages = sorted(d.message for d in result.diagnostics)
    codes = sorted(d.code for d in result.diagnostics)
    assert codes == ["IMP009", "IMP009", "IMP010"], messages
    assert any("'North Sea'" in m for m in messages) and any("NTH matches no territory" in m for m in messages)
    assert "NTH" not in result.geometry["outlines"]


def test_name_keys_and_ambiguous_names():
    assert name_key("St. Petersburg") == name_key("st petersburg") == "st petersburg"
    assert name_key("Mid-Atlantic Ocean") == "mid atlantic ocean"
    ids = id_map_from_data({"provinces": [
        {"id": "A", "name": "Alpha", "aliases": ["shared"]},
        {"id": "B", "name": "Beta", "aliases": ["shared", "alpha"]},   # a name beats another's alias
    ], "powers": [{"id": "NEW_YORK", "name": "New York"}]})
    assert ids.province("ALPHA") == "A" and ids.province("beta") == "B" and ids.province("b") == "B"
    assert ids.province("shared") is None and ids.province("gamma") is None
    assert ids.power("NEW_YORK") == "NEW_YORK" and ids.power("new-york") == "NEW_YORK"


def test_coast_pairing():
    assert pair_coasts(["NC", "SC"], ["EC", "SC"]) == {"SC": "SC", "NC": "EC"}
    assert pair_coasts(["NC", "SC"], ["NC", "SC"]) == {"NC": "NC", "SC": "SC"}
    assert pair_coasts(["NC", "WC"], ["EC", "SC"]) == {}          # two left over: no guess


def test_thick_area_keeps_the_blob_and_drops_thin_lines():
    mask = np.zeros((30, 40), dtype=bool)
    mask[10:20, 10:22] = True          # the broad area
    mask[14, 0:40] = True              # a one-pixel line through it
    mask[0:30, 30] = True              # a separate line
    area = thick_area(mask, 15, 15)
    assert area[10:20, 10:22].all()
    assert not area[14, 0:8].any() and not area[:, 30].any()
    assert area.sum() <= 120 + 2 * 2   # at most the radius of line stub on each side
    assert not thick_area(mask, 30, 5).any()       # a point on a thin line: no area
    assert not thick_area(mask, 39, 29).any()      # outside the mask
