"""A jDip SVG map's outlines and unit positions (generator/importers/jdip_svg.py): numbers
geometry.yaml cannot hold are left out, with a DPJ006 warning, never a crash."""
import shutil
from pathlib import Path

import pytest

from generator.importers.dpjudge import import_map

DATA = Path(__file__).resolve().parents[1] / "data" / "dpjudge"


@pytest.mark.parametrize("old, new, words", [
    # float('1e999') is infinity: round() raised OverflowError (an internal error)
    ('<jdipNS:UNIT x="362.5"', '<jdipNS:UNIT x="1e999"', "more than 1,000,000 units away"),
    ('viewBox="0 0 1000 1000"', 'viewBox="0 0 1e999 1e999"', "no viewBox or size"),
    ('id="_vie"', 'transform="scale(1e200)" id="_vie"', "more than 1,000,000 units away"),   # an overflow in the area
    ('id="_vie"', 'transform="rotate(1e999)" id="_vie"', "more than 1,000,000 units away"),  # math.cos(inf)
    # finite but beyond the schema: written for validate to refuse
    ('<jdipNS:UNIT x="362.5"', '<jdipNS:UNIT x="1e300"', "more than 1,000,000 units away"),
    ('viewBox="0 0 1000 1000"', 'viewBox="0 0 0.2 0.2"', "no viewBox or size"),
])
def test_numbers_beyond_the_map_are_left_out_and_said(tmp_path, old, new, words):
    shutil.copy(DATA / "maps" / "pure.map", tmp_path)
    svg = (DATA / "svg" / "pure.svg").read_text(encoding="utf-8")
    assert old in svg
    (tmp_path / "pure.svg").write_text(svg.replace(old, new, 1), encoding="utf-8")
    result = import_map(tmp_path / "pure.map")
    assert any(d.code == "DPJ006" and words in d.message for d in result.diagnostics), result.diagnostics
    geometry = result.geometry
    numbers = [v for rings in geometry.get("outlines", {}).values() for ring in rings for v in ring]
    numbers += [v for point in geometry.get("coast_labels", {}).values() for v in point]
    numbers += [v for p in result.data["provinces"] for v in p.get("label", [])]
    assert all(abs(v) <= 1_000_000 for v in numbers)
    assert not geometry or 1 <= geometry["image"]["width"] <= 100_000
