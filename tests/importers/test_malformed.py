"""Malformed and hostile variant folders: every one ends in located diagnostics,
never in an exception (issue 12's import corpus)."""
import struct
import zlib
from pathlib import Path

import pytest

from generator.importers.php_arrays import Lines, PhpDataError, parse_literal, read_install_php
from generator.importers.png_image import ImageProblem, load_rgb
from generator.importers.webdiplomacy import ImportOptions, import_variant
from generator.markup import check_markdown

DATA = Path(__file__).resolve().parents[1] / "data" / "webdip"

INSTALL = """<?php
$territoryRawData=array(
  array('North (NTH)', 'Coast', 'Yes', 1, 1, 1, 1, 1),
  array('South (STH)', 'Coast', 'Yes', 2, 2, 2, 2, 2),
  array('Sea (SEA)', 'Sea', 'No', 0, 3, 3, 3, 3)
);
foreach($territoryRawData as $territoryRawRow)
{ list($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow; }
$bordersRawData=array(
  array('North (NTH)','South (STH)','Yes','Yes'),
  array('North (NTH)','Sea (SEA)','Yes','No'),
  array('South (STH)','Sea (SEA)','Yes','No')
);
foreach($bordersRawData as $borderRawRow)
{ list($from, $to, $fleets, $armies)=$borderRawRow; }
"""
VARIANT = """<?php
/* Copyright (C) 2026 Someone. This program is free software: you can redistribute it and/or modify it
   under the terms of the GNU Affero General Public License, version 3, or (at your option) any later version. */
class TinyVariant extends WDVariant {
  public $name = 'Tiny'; public $fullName = 'Tiny <img src=x onerror=alert(1)>';
  public $countries = array('Northland', 'Southland');
  public function __construct() { parent::__construct(); $this->variantClasses['adjudicatorPreGame'] = 'Tiny'; }
  public function turnAsDate($turn) { return (floor($turn/2) + 1901); }
}
"""
PREGAME = """<?php
class TinyVariant_adjudicatorPreGame extends adjudicatorPreGame {
  protected $countryUnits = array('Northland' => array('North (NTH)' => 'Fleet'),
                                  'Southland' => array('South (STH)' => 'Army'));
}
"""


def _folder(root: Path, name: str = "Tiny", install: str = INSTALL, variant: str | None = VARIANT,
            pregame: str | None = PREGAME) -> Path:
    folder = root / name
    (folder / "classes").mkdir(parents=True)
    (folder / "install.php").write_text(install, encoding="utf-8")
    if variant is not None:
        (folder / "variant.php").write_text(variant, encoding="utf-8")
    if pregame is not None:
        (folder / "classes" / "adjudicatorPreGame.php").write_text(pregame, encoding="utf-8")
    return folder


def _png(width: int, height: int, body: bytes = b"") -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(body)) + chunk(b"IEND", b"")


def test_the_tiny_variant_imports(tmp_path):
    result = import_variant(_folder(tmp_path))
    assert not [d for d in result.diagnostics if d.severity == "error"]
    assert result.data["start"]["units"] == {"NORTHLAND": ["F NTH"], "SOUTHLAND": ["A STH"]}
    assert result.data["start"]["phase"] == "S1901M"
    page = result.starters["rules/01-rules.md"]
    assert check_markdown("Tiny/rules/01-rules.md", page) == []   # the hostile title is text


@pytest.mark.parametrize("install, line", [
    (INSTALL.replace("'Yes', 1, 1", "'Yes', " + "array(" * 12 + "1" + ")" * 12 + ", 1", 1), 3),
    (INSTALL.replace("'Yes', 1, 1", "'Yes', " + "9" * 5000 + ", 1", 1), 3),
    (INSTALL.replace("'Sea', 'No'", "'Sea', strtoupper('x')"), 5),
    (INSTALL.replace("array('South (STH)','Sea (SEA)','Yes','No')", "array('South (STH)','Sea (SEA)','Yes')"), 12),
    (INSTALL.replace("'Sea (SEA)', 'Sea'", "'Sea (SEA), 'Sea'"), 0),
    (INSTALL.replace(");\nforeach($bordersRawData", "/* never closed"), 0),
    ("<?php require_once('variants/../../etc/install.php');", 1),
    ("<?php require_once('variants/Tiny/install.php');", 1),
    ("", 1),
])
def test_malformed_install_php_is_a_located_error(tmp_path, install, line):
    result = import_variant(_folder(tmp_path, install=install))
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["IMP001"], result.diagnostics
    assert errors[0].file == "Tiny/install.php"
    if line:
        assert errors[0].line == line
    assert not result.files


def test_non_utf8_and_odd_files_are_read_or_reported(tmp_path):
    folder = _folder(tmp_path, install=INSTALL.replace("North (NTH)", "N\xf6rth (NTH)"))
    (folder / "install.php").write_bytes(INSTALL.replace("North", "N\xf6rth").encode("latin-1"))
    result = import_variant(folder)
    assert any(p["name"] == "Nörth" for p in result.data["provinces"])


@pytest.mark.parametrize("variant, pregame, what", [
    (None, PREGAME, "variant.php not found"),
    (VARIANT.replace("array('Northland', 'Southland')", "array(strtoupper('x'))"), PREGAME, "$countries"),
    (VARIANT.replace("'adjudicatorPreGame'] = 'Tiny'", "'adjudicatorPreGame'] = 'Elsewhere'"), None,
     "not in the variants folder"),
    (VARIANT, PREGAME.replace("'North (NTH)' => 'Fleet'", "'Nowhere' => 'Fleet'"), "unknown territory"),
    (VARIANT.replace("extends WDVariant", "extends TinyVariant"), PREGAME, "parent variant"),
    (VARIANT.replace("floor($turn/2) + 1901", "$turn"), PREGAME, "start year"),
])
def test_variant_problems_are_located_diagnostics(tmp_path, variant, pregame, what):
    result = import_variant(_folder(tmp_path, variant=variant, pregame=pregame))
    assert any(what in d.message for d in result.diagnostics), [d.message for d in result.diagnostics]
    assert "map.yaml" in result.files


def test_a_huge_png_is_refused_from_its_header_before_decoding(tmp_path, monkeypatch):
    path = tmp_path / "big.png"
    path.write_bytes(_png(9000, 9000) + b"\0" * 10_000)
    import PIL.Image
    monkeypatch.setattr(PIL.Image, "open", lambda *a, **k: pytest.fail("decoded a refused image"))
    with pytest.raises(ImageProblem, match="9000 x 9000"):
        load_rgb(path, max_pixels=60_000_000)


@pytest.mark.parametrize("content", [b"", b"GIF89a not a png", _png(4, 4)[:40]])
def test_an_unreadable_interactive_map_is_a_warning(tmp_path, content):
    folder = _folder(tmp_path)
    (folder / "interactiveMap").mkdir()
    (folder / "interactiveMap" / "IA_map.png").write_bytes(content)
    result = import_variant(folder)
    assert [d.code for d in result.diagnostics if d.code == "IMP014"] == ["IMP014"]
    assert "geometry.yaml" not in result.files and "map.yaml" in result.files


def test_image_options_outside_the_folder_or_mis_sized_are_diagnosed(tmp_path):
    folder = _folder(tmp_path)
    (tmp_path / "outside.png").write_bytes(_png(4, 4))
    result = import_variant(folder, ImportOptions(image="../outside.png"))
    assert any(d.code == "IMP014" and "inside the variant folder" in d.message for d in result.diagnostics)
    pure = import_variant(DATA / "Pure", ImportOptions(colours="interactiveMap/none.png"))
    assert any(d.code == "IMP014" and "--colours" in d.message for d in pure.diagnostics)


def test_no_interactive_map_is_said(tmp_path):
    result = import_variant(_folder(tmp_path))
    assert any(d.code == "IMP014" and "no interactive-map image" in d.message for d in result.diagnostics)


def test_line_numbers_are_computed_once():
    text = "a\n" * 100_000
    lines = Lines(text)
    assert lines.line(0) == 1 and lines.line(len(text) - 1) == 100_000


def test_php_literal_forms():
    value, _ = parse_literal("array('a' => array(1, -2.5), \"b\\n\" => true, 3 => null, $x, [4])", 0)
    assert value["a"] == [1, -2.5] and value["b\n"] is True and value[3] is None and value[5] == [4]
    with pytest.raises(PhpDataError):
        parse_literal("array('a' => )", 0)
    with pytest.raises(PhpDataError):
        parse_literal('array("$injected")', 0)


def test_second_territory_block_and_extra_columns():
    text = INSTALL.replace("foreach($bordersRawData", "$territoryRawData=array(array('Isle (ISL)', 'Strait', 'No', 0, "
                           "4, 4, 4, 4, $flag));\nforeach($territoryRawData as $territoryRawRow) { list($name, $type, "
                           "$supply, $countryID, $x, $y, $sx, $sy, $flags)=$territoryRawRow; }\nforeach($bordersRawData")
    territories, _ = read_install_php(text)
    assert [t["name"] for t in territories][-1] == "Isle (ISL)" and territories[-1]["flags"].name == "flag"
