"""classes/*.php read as text (generator/importers/webdip_classes.py): linear in the file."""
import time

import pytest

from generator.importers.webdip_classes import read_classes
from generator.importers.webdip_variant import VariantPhp


def _read(tmp_path, cls: str, text: str):
    (tmp_path / "V" / "classes").mkdir(parents=True)
    (tmp_path / "V" / "classes" / f"{cls}.php").write_text("<?php\n" + text, encoding="utf-8")
    return read_classes(tmp_path, VariantPhp(folder="V", classes={cls: "V"}))


@pytest.mark.parametrize("cls, text", [
    # each class body read to the end of the file: 66 s of CPU for 3,000 unclosed classes
    ("adjudicatorPreGame", "class A_adjudicatorPreGame extends adjudicatorPreGame {\n" * 3000),
    # `function f(` never closed: the function pattern read to the next ')' from each (14 s)
    ("processGame", "class V_processGame extends processGame {\n" + "function f(\n" * 30_000 + "}"),
    # a lazy regex from every 'Build Army') to an elseif that never comes (340 s)
    ("userOrderBuilds", "class V_userOrderBuilds extends userOrderBuilds {\nfunction toTerrIDCheck() {\n"
     + "if ($this->type == 'Build Army') x\n" * 30_000 + "}}"),
    # the same from every SELECT COUNT(*) to a ');' (175 s)
    ("processOrderBuilds", "class V_processOrderBuilds extends processOrderBuilds {\nfunction create() {'Destroy';\n"
     + "SELECT COUNT(*) x\n" * 30_000 + "}}"),
    # every moveToTerrCheck body read to the end (24 s)
    ("userOrderDiplomacy", "class V_userOrderDiplomacy extends userOrderDiplomacy {\n"
     + "function moveToTerrCheck() {\n" * 3000 + "}"),
], ids=["classes", "functions", "build-army", "select-count", "move-checks"])
def test_unclosed_code_costs_linear_time(tmp_path, cls, text):
    start = time.process_time()
    facts = _read(tmp_path, cls, text)
    assert time.process_time() - start < 3
    assert not facts.problems


def test_a_class_body_ends_at_the_next_class(tmp_path):
    """PHP nests no classes: an unclosed body is not read into the class after it."""
    text = ("class VVariant_processGame extends processGame {\n function process() { if (1) { x(); }\n"
            "class Other_processGame extends processGame { function changePhase() { y(); } }\n")
    messages = [m for _, _, m in _read(tmp_path, "processGame", text).unmodelled]
    assert messages == [
        "VVariant_processGame overrides process of processGame (the phase sequence) with the variant's own code",
        "Other_processGame changes processGame (the phase sequence); no Mapwright rule module reproduces 'Other'"]


def test_colour_and_neutral_centre_keys_that_are_not_decimal_numbers_are_ignored(tmp_path):
    """'²' is a digit to str.isdigit but not to int(), which raised; so did a 5,000-digit key."""
    facts = _read(tmp_path, "drawMap", "class VVariant_drawMap extends drawMap {\n"
                  "protected $countryColors = array('\u00b2' => array(1, 2, 3), 1 => array(4, 5, 6), "
                  f"'{'9' * 5000}' => array(7, 8, 9));\n"
                  "protected $nsc_info = array('\u00b2' => array(1), '3' => array(2)); }")
    assert facts.colours == {1: (4, 5, 6)} and facts.nsc_info == {3: 2}
