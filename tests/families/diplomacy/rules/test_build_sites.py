"""build_sites: builds in home centres and the listed ones (or only the listed ones)."""
from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks

WINTER = {"phase": "W1901A", "units": {"ENGLAND": ["F LON"]},
          "centers": {"ENGLAND": ["LON", "EDI", "NWY", "BEL"]}}


def outcomes(game, orders):
    resp = adjudicate(game, {**WINTER, "orders": {"ENGLAND": orders}})
    return [(r["order"], r["result"]) for r in resp["results"]]


def test_listed_centre_becomes_a_build_site_and_home_stays_one(classic_with):
    g = classic_with({"build_sites": {"sites": {"ENGLAND": ["NWY"]}}})
    assert outcomes(g, ["A NWY B", "F EDI B", "A BEL B"]) == [
        ("A NWY B", "succeeds"), ("F EDI B", "succeeds"), ("A BEL B", "fails")]


def test_only_listed_centres_when_home_is_off(classic_with):
    g = classic_with({"build_sites": {"sites": {"ENGLAND": ["NWY"]}, "home": False}})
    assert outcomes(g, ["F EDI B", "A NWY B"]) == [("F EDI B", "fails"), ("A NWY B", "succeeds")]


def test_a_listed_centre_must_still_be_owned(classic_with):
    g = classic_with({"build_sites": {"sites": {"ENGLAND": ["HOL"]}}})
    assert outcomes(g, ["A HOL B"]) == [("A HOL B", "fails")]


def test_without_the_module_only_home_centres(classic):
    assert outcomes(classic, ["A NWY B", "F EDI B"]) == [("A NWY B", "fails"), ("F EDI B", "succeeds")]


def test_bad_data_is_reported_not_used(classic_with):
    g = classic_with({"build_sites": {"sites": {"ENGLAND": ["NOWHERE"], "MARS": ["LON"]}}})
    messages = [d.message for d in structural_checks(g)]
    assert any("no province 'NOWHERE'" in m for m in messages)
    assert any("unknown power 'MARS'" in m for m in messages)
    g = classic_with({"build_sites": {"sites": ["NWY"]}})
    assert any("'sites' must map each power id" in m for _, _, m in g.modules.problems)
    assert outcomes(g, ["A NWY B"]) == [("A NWY B", "fails")]      # the default (no sites) applies


def test_webdiplomacys_addhomescs_and_any_home_builds_are_the_module(tmp_path):
    # Chesspolitik: AddHomeSCs classes let a power build on its home centres and on the
    # territories variant.php's $countryAdditionalSCs lists for it (country => names)
    from generator.families.diplomacy.rules import recognised
    from generator.importers.webdip_variant import read_variant
    (tmp_path / "V").mkdir()
    (tmp_path / "V" / "variant.php").write_text(
        "<?php\nclass VVariant extends WDVariant {\n"
        "  public static $countryAdditionalSCs = array('Russians' => array('A7', 'G7'), 'Chinese' => array('G1'));\n"
        "}\n", encoding="utf-8")
    assert read_variant(tmp_path, "V").country_lists == {
        "countryAdditionalSCs": {"Russians": ["A7", "G7"], "Chinese": ["G1"]}}
    found = {"AddHomeSCs": {}, "countryAdditionalSCs": {"RUSSIANS": ["A7", "G7"]},
             "BuildAnyHome": {"sites": {"RUSSIANS": ["G7", "B1"]}}}
    assert recognised(found) == {"build_sites": {"sites": {"RUSSIANS": ["G7", "B1", "A7"]}, "home": True}}
