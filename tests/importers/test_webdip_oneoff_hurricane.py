"""The importer's warnings for Pirates' hurricane (webdip_oneoff), which stand when only a part of
it is found (with its placement and its moves both found, a rule module plays it: the RovingHazard
form, tests/families/diplomacy/rules/test_roving_hazard.py): they say which phase and which unit
the classes change, read from the vendored classes."""
from pathlib import Path

from generator.importers.webdip_classes import _function_body
from generator.importers.php_arrays import strip_comments
from generator.importers.webdip_oneoff import describe

CLASSES = Path(__file__).resolve().parents[1] / "data" / "webdip" / "Pirates" / "classes"


def _class_function(file: str, cls: str, function: str) -> str:
    text = strip_comments((CLASSES / file).read_text(encoding="utf-8"))     # as the importer reads it
    return _function_body(text[text.index(f"class {cls} "):], function) or ""


def test_the_hurricane_build_is_named_with_its_phase():
    code = _class_function("processOrderBuilds.php", "Hurricane_processOrderBuilds", "create")
    said = describe("processOrderBuilds", "Hurricane_processOrderBuilds", "create", code)
    assert "in every build phase" in said and "no supply centre" in said and "not modelled" in said


def test_the_hurricane_move_is_named_with_its_phase():
    code = _class_function("processOrderDiplomacy.php", "Hurricane_processOrderDiplomacy", "create")
    said = describe("processOrderDiplomacy", "Hurricane_processOrderDiplomacy", "create", code)
    assert "in every movement phase" in said and "random territory next to it" in said


def test_the_hurricane_count_and_the_phase_played_again():
    code = _class_function("processMembers.php", "Hurricane_processMembers", "countUnitsSCs")
    assert "counted for no player" in describe("processMembers", "X", "countUnitsSCs", code)
    code = _class_function("processGame.php", "PiratesVariant_processGame", "process")
    assert "processed at once" in describe("processGame", "X", "process", code)


def test_code_without_the_extra_country_is_not_the_hurricane():
    code = _class_function("processOrderBuilds.php", "Hurricane_processOrderBuilds", "create")
    assert describe("processOrderBuilds", "X", "create", code.replace("+ 1", "+ 2")) is None
    assert describe("processGame", "X", "process", "parent::process(); parent::process();") is None
