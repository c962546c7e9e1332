"""Variant rule modules: each is enabled by game.yaml `rules:` and changes only what it says."""
from __future__ import annotations

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import RuleSet


def res(resp, order):
    return next(r for r in resp["results"] if r["order"] == order)


# --- transform -------------------------------------------------------------------

def test_transform_needs_the_module(classic):
    resp = adjudicate(classic, {"phase": "S1901M", "units": {"FRANCE": ["A BRE"]},
                                "orders": {"FRANCE": ["A BRE T F"]}})
    assert not resp["results"][0]["legal"]


def test_transform_succeeds_when_not_attacked(classic_with):
    g = classic_with({"transform": {}})
    resp = adjudicate(g, {"phase": "S1901M", "units": {"FRANCE": ["A BRE"], "RUSSIA": ["A STP"]},
                          "orders": {"FRANCE": ["A BRE T F"], "RUSSIA": ["A STP T F/NC"]}})
    assert [r["result"] for r in resp["results"]] == ["succeeds", "succeeds"]
    assert resp["after"]["units"] == {"FRANCE": ["F BRE"], "RUSSIA": ["F STP/NC"]}


def test_transform_fails_when_attacked_even_by_a_bounced_move(classic_with):
    g = classic_with({"transform": {}})
    resp = adjudicate(g, {"phase": "S1901M",
                          "units": {"FRANCE": ["A BRE", "A GAS"], "ENGLAND": ["F ENG"]},
                          "orders": {"FRANCE": ["A BRE T F", "A GAS S A BRE"], "ENGLAND": ["F ENG - BRE"]}})
    assert res(resp, "F ENG - BRE")["result"] == "fails"          # support-held: not dislodged
    assert res(resp, "A BRE T F")["result"] == "fails"
    assert "attacked by F ENG - BRE" in res(resp, "A BRE T F")["reason"]
    assert resp["after"]["units"]["FRANCE"] == ["A BRE", "A GAS"]


def test_transform_not_spoiled_by_own_power(classic_with):
    g = classic_with({"transform": {}})
    resp = adjudicate(g, {"phase": "S1901M", "units": {"FRANCE": ["A BRE", "A PAR"]},
                          "orders": {"FRANCE": ["A BRE T F", "A PAR - BRE"]}})
    assert res(resp, "A BRE T F")["result"] == "succeeds"


def test_transform_rules_of_place_and_coast(classic_with):
    g = classic_with({"transform": {}})
    resp = adjudicate(g, {"phase": "S1901M", "units": {"FRANCE": ["A PIC", "A PAR"], "RUSSIA": ["A STP"]},
                          "orders": {"FRANCE": ["A PIC T F", "A PAR T F"], "RUSSIA": ["A STP T F"]}})
    reasons = [r["reason"] for r in resp["results"]]
    assert "not a coastal supply centre" in reasons[0] and "not a coastal supply centre" in reasons[1]
    assert "name the coast" in reasons[2]


# --- build_anywhere and custom_start ----------------------------------------------------

def test_build_anywhere(classic, classic_with):
    req = {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR", "SPA"]},
           "orders": {"FRANCE": ["A SPA B"]}}
    assert adjudicate(classic, req)["results"][0]["result"] == "fails"
    assert adjudicate(classic_with({"build_anywhere": {}}), req)["results"][0]["result"] == "succeeds"


def test_custom_start_default_builds(classic_with):
    g = classic_with({"custom_start": {}}, default_builds={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
                     start={"phase": "W1900A", "units": {}, "centers": {"FRANCE": ["BRE", "PAR", "MAR"]}})
    req = {"phase": "W1900A", "units": {}, "centers": {"FRANCE": ["BRE", "PAR", "MAR"],
                                                        "ENGLAND": ["LON", "EDI", "LVP"]},
           "orders": {"ENGLAND": ["F LON B"]}}
    resp = adjudicate(g, req)
    assert resp["after"]["units"]["FRANCE"] == ["F BRE", "A MAR", "A PAR"]
    assert resp["after"]["units"]["ENGLAND"] == ["F LON"]       # orders given: no defaults
    assert resp["after"]["phase"] == "S1901M"
    later = adjudicate(g, {**req, "phase": "W1901A"})             # only the opening phase
    assert "FRANCE" not in later["after"]["units"]


# --- neutral armies ------------------------------------------------------------------

def test_neutral_armies_hold_support_and_disband(classic_with):
    g = classic_with({"neutral_armies": {"support_hold": ["BEL"]}})
    req = {"phase": "S1901M",
           "units": {"NEUTRAL": ["A HOL", "A BEL"], "GERMANY": ["A RUH", "A KIE"]},
           "orders": {"GERMANY": ["A RUH - HOL", "A KIE S A RUH - HOL"]}}
    resp = adjudicate(g, req)
    assert res(resp, "A BEL S A HOL")["result"] == "succeeds"      # neutral support generated
    assert res(resp, "A RUH - HOL")["result"] == "fails"           # 2 against 2
    req["units"]["GERMANY"].append("F NTH")
    req["orders"]["GERMANY"].append("F NTH S A RUH - HOL")
    resp = adjudicate(g, req)
    assert res(resp, "A RUH - HOL")["result"] == "succeeds"
    assert resp["after"]["dislodged"] == {}                        # disbanded, never retreats
    assert resp["after"]["units"]["NEUTRAL"] == ["A BEL"]
    assert any("neutral" in t and "disbanded" in t for t in resp["trace"])


def test_neutral_armies_do_not_own_centres(classic_with):
    g = classic_with({"neutral_armies": {}})
    resp = adjudicate(g, {"phase": "F1901M", "units": {"NEUTRAL": ["A HOL"]}, "centers": {}, "orders": {}})
    assert resp["after"]["centers"] == {}


# --- sealanes --------------------------------------------------------------------------

def tiny_sea_map() -> dict:
    """Two sea regions A (OZ A, lanes A_1, A_2) and B (OZ B, lane B_1); coasts X, Y, Z.
    Physical borders: X-A_1, A_1-A_2, A_2-B_1, B_1-Y, A-Z (the OZ's own drawn border)."""
    sea = lambda i: {"id": i, "name": i, "type": "sea"}   # noqa: E731
    return {"powers": [{"id": "P", "name": "P"}],
            "provinces": [sea("A"), sea("A_1"), sea("A_2"), sea("B"), sea("B_1"),
                          {"id": "X", "name": "X", "type": "coast"},
                          {"id": "Y", "name": "Y", "type": "coast"},
                          {"id": "Z", "name": "Z", "type": "coast"}],
            "borders": [{"between": ["X", "A_1"], "units": ["fleet"]},
                        {"between": ["A_1", "A_2"], "units": ["fleet"]},
                        {"between": ["A_2", "B_1"], "units": ["fleet"]},
                        {"between": ["B_1", "Y"], "units": ["fleet"]},
                        {"between": ["A", "Z"], "units": ["fleet"]},
                        {"between": ["X", "Z"], "units": ["army"]}],
            "sea_regions": [{"id": "A", "overseer": "A", "sealanes": ["A_1", "A_2"]},
                            {"id": "B", "overseer": "B", "sealanes": ["B_1"]}],
            "start": {"units": {}, "centers": {}}}


def test_sealanes_derivation_both_wordings():
    for reach in ("sealanes", "region"):
        g = game_from_data("t", {"title": "t", "rules": {"sealanes": {"overseer_reach": reach}}}, tiny_sea_map())
        n = lambda loc: g.map.neighbours(loc, "F")   # noqa: E731
        assert n("A_1") == ["A", "A_2", "X"]
        assert n("A_2") == ["A", "A_1", "B", "B_1"]          # OZ of the region it touches
        assert n("B") == ["A", "A_2", "B_1", "Y"]            # external lane A_2, OZ A, coast Y
        assert n("B_1") == ["A", "A_2", "B", "Y"]
        assert n("A") == ["A_1", "A_2", "B", "B_1", "X", "Z"]
    # without the module only the drawn borders exist
    g = game_from_data("t", {"title": "t"}, tiny_sea_map())
    assert g.map.neighbours("A", "F") == ["Z"]


def test_sealane_wordings_differ_when_the_overseer_touches_another_region():
    data = tiny_sea_map()
    data["borders"].append({"between": ["A", "B_1"], "units": ["fleet"]})  # the OZ itself touches region B
    data["borders"] = [b for b in data["borders"] if b["between"] != ["A_2", "B_1"]]
    lanes = game_from_data("t", {"title": "t", "rules": {"sealanes": {"overseer_reach": "sealanes"}}}, data)
    region = game_from_data("t", {"title": "t", "rules": {"sealanes": {"overseer_reach": "region"}}}, data)
    assert "B" not in lanes.map.neighbours("A", "F")
    assert "B" in region.map.neighbours("A", "F")


def test_physical_borders_of_sealanes_are_kept():
    g = game_from_data("t", {"title": "t", "rules": {"sealanes": {}}}, tiny_sea_map())
    assert "X" in g.map.neighbours("A_1", "F") and "Y" in g.map.neighbours("B_1", "F")
    assert g.map.neighbours("X", "F") == ["A", "A_1"]


# --- rule set ---------------------------------------------------------------------------

def test_ruleset_reports_unknown_modules_and_parameters():
    rs = RuleSet({"build_anywere": {}, "sealanes": {"overseer_reach": "ocean", "colour": 1}, "transform": {}})
    msgs = [m for _, _, m in rs.problems]
    assert any("unknown rule module 'build_anywere'" in m for m in msgs)
    assert any("'overseer_reach' must be one of" in m for m in msgs)
    assert any("no parameter 'colour'" in m for m in msgs)
    assert rs.has("transform") and rs.params("transform") == {"where": "supply_centers"}
