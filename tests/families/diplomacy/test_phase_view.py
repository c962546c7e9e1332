"""The family's view of a phase for the order diagram (phase_view.py), the decisions it
reads (decisions.py), the board's view (board_view.py) and the examples' check."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.families.diplomacy.api import adjudicate_phase
from generator.families.diplomacy.board_view import view_of
from generator.families.diplomacy.decisions import decisions
from generator.families.diplomacy.examples import compare
from generator.families.diplomacy.phase_view import order_views, phase_diagram, phase_title, phase_view
from generator.families.diplomacy.verdicts import Beats, Cut, Dislodged
from generator.render import UnitView

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("text, verb, loc, target, dest", [
    ("A PAR - BUR", "M", "PAR", "", "BUR"),
    ("Army Paris -> Burgundy", "M", "PAR", "", "BUR"),
    ("F stp(nc) - BAR", "M", "STP/NC", "", "BAR"),
    ("A PAR T F", "T", "PAR", "", ""),
    ("A MUN S A BER", "S", "MUN", "BER", ""),
    ("A MUN S A BER H", "S", "MUN", "BER", ""),
    ("F NTH C A LON - NWY", "C", "NTH", "LON", "NWY"),
    ("A SIL S A BOH - MUN", "S", "SIL", "BOH", "MUN"),
    ("A PAR D", "D", "PAR", "", ""),
    ("F STP/NC B", "B", "STP/NC", "", ""),
    ("BUILD A PAR", "B", "PAR", "", ""),
    ("A VEN H", "H", "VEN", "", ""),
    ("A LON - NWY VIA CONVOY", "M", "LON", "", "NWY"),
])
def test_orders_are_read_by_the_family_parser(classic, text, verb, loc, target, dest):
    (o,) = order_views(classic, {"phase": "S1901M", "orders": {"FRANCE": [text]}}, None)
    assert (o.verb, o.loc, o.target, o.dest) == (verb, loc, target, dest)
    assert o.via_convoy == ("VIA" in text) and o.succeeds is None     # not adjudicated: no outcome


def test_text_that_is_no_order_and_waive_are_not_drawn(classic):
    assert order_views(classic, {"orders": {"FRANCE": ["hello world", "A", "WAIVE"]}}, None) == []


def test_a_move_in_a_retreat_phase_is_a_retreat(classic):
    (o,) = order_views(classic, {"phase": "F1901R", "orders": {"FRANCE": ["A PAR - BUR"]}}, None)
    assert o.verb == "R"


def test_each_order_gets_the_verdict_on_it_paired_by_place(classic):
    # power keys as written ("england"), texts unlike the adjudicator's reading
    request = {"phase": "S1901M",
               "units": {"ENGLAND": ["F LON", "F NTH", "A YOR"], "FRANCE": ["F ENG", "A BRE"]},
               "orders": {"england": ["Fleet London -> English Channel", "F NTH S F LON - ENG", "A YOR - ENG"],
                          "France": ["F ENG H", "A BRE H"]}}
    result = adjudicate_phase(classic, request)
    decided = decisions(result)
    assert isinstance(decided[("ENGLAND", 0)].verdict, Beats)    # attack 2 beats hold 1
    assert decided[("ENGLAND", 0)].succeeds and decided[("ENGLAND", 0)].outcome == "succeeds"
    army = decided[("ENGLAND", 2)]      # an army cannot enter a sea: not legal, no verdict
    assert (army.legal, army.verdict, army.outcome) == (False, None, "illegal")
    assert isinstance(decided[("FRANCE", 0)].verdict, Dislodged)
    views = {o.text: o for o in order_views(classic, request, result)}
    assert views["Fleet London -> English Channel"].succeeds is True
    dislodged = views["F ENG H"]
    assert dislodged.succeeds is False
    assert dislodged.why == decided[("FRANCE", 0)].why and "dislodged by F LON - ENG" in dislodged.why
    assert views["A YOR - ENG"].succeeds is False and views["A YOR - ENG"].why.startswith("illegal")
    # what the phase left, from the typed result: the dislodged fleet and where it may go
    view = phase_view(classic, request, result)
    assert view.dislodged_after == (UnitView("FRANCE", "F", "ENG"),)     # read by the family: typed
    assert view.retreats[0][0] == UnitView("FRANCE", "F", "ENG") and "MAO" in view.retreats[0][1]
    assert view.title == "Spring 1901, movement"


def test_the_same_text_twice_gets_each_its_own_decision(classic):
    # DATC 6.D.3-like: one unit ordered twice differently is void; its orders are paired by place
    request = {"phase": "S1901M", "units": {"GERMANY": ["A BER", "A MUN"]},
               "orders": {"GERMANY": ["A BER - SIL", "A MUN S A BER - SIL", "A BER - PRU"]}}
    result = adjudicate_phase(classic, request)
    views = order_views(classic, request, result)
    assert [o.dest for o in views if o.verb == "M"] == ["SIL", "PRU"]
    assert [o.succeeds for o in views if o.verb == "M"] == [False, False]
    assert all("void" in o.why for o in views if o.verb == "M")


def test_a_cut_support_is_crossed_with_its_reason_in_the_caption(classic):
    request = {"phase": "S1901M", "units": {"GERMANY": ["A BER", "A MUN"], "AUSTRIA": ["A BOH"]},
               "orders": {"GERMANY": ["A BER - SIL", "A MUN S A BER - SIL"], "AUSTRIA": ["A BOH - MUN"]}}
    result = adjudicate_phase(classic, request)
    assert isinstance(decisions(result)[("GERMANY", 1)].verdict, Cut)
    svg = phase_diagram(classic, request, result)
    root = ET.fromstring(svg)
    assert [e for e in root.iter(f"{NS}path") if e.get("class") == "mw-failed"]
    assert "SIL: cut by A BOH - MUN" in svg     # (the caption wraps)


def test_diagram_from_the_engine_on_classic(classic):
    request = {"phase": "S1901M",
               "units": {"ENGLAND": ["F LON", "F NTH", "A YOR"], "FRANCE": ["F ENG"]},
               "orders": {"ENGLAND": ["F LON - ENG", "F NTH S F LON - ENG", "A YOR H"], "FRANCE": ["F ENG H"]}}
    root = ET.fromstring(phase_diagram(classic, request, adjudicate_phase(classic, request)))
    assert any("mw-move" in (g.get("class") or "") for g in root.iter(f"{NS}g"))
    assert [e for e in root.iter(f"{NS}circle") if e.get("class") == "mw-dislodged-marker"]


def test_phase_titles():
    assert phase_title("F1901R") == "Fall 1901, retreats"
    assert phase_title("w1902a") == "Winter 1902, adjustments"
    assert phase_title(None) == "Orders" and phase_title("later") == "later"


def test_coloured_neutral_centres_come_from_the_enabled_module_hook(classic_with):
    coloured = {"FRANCE": ["BEL"]}
    view = view_of(classic_with({"colored_neutral_centers": {}}, colored_neutral_centers=coloured))
    assert view.provinces["BEL"].neutral_colour == "FRANCE" and view.provinces["HOL"].neutral_colour is None
    # the same data without the module enabled: no colour
    assert view_of(classic_with({}, colored_neutral_centers=coloured)).provinces["BEL"].neutral_colour is None


def test_expectations_name_orders_by_their_reading_not_their_text(classic):
    request = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}
    result = adjudicate_phase(classic, request)
    assert compare(classic, {"results": {"Army Paris -> Burgundy": "succeeds"}}, request, result) == []
    assert compare(classic, {"results": {"a par-bur": "fails"}}, request, result) == [
        "'a par-bur': expected fails, engine says succeeds (BUR is open)"]
    (missing,) = compare(classic, {"results": {"A PAR - PIC": "fails"}}, request, result)
    assert "not among the orders" in missing


def test_retreats_are_drawn_with_their_verdicts(classic):
    request = {"phase": "S1901R", "units": {"FRANCE": ["A MUN"], "ITALY": ["A BOH"]},
               "dislodged": {"GERMANY": [{"unit": "A MUN", "attacker_from": "BUR", "via_convoy": False}],
                             "AUSTRIA": [{"unit": "A BOH", "attacker_from": "TYR", "via_convoy": False}]},
               "contested": [], "orders": {"GERMANY": ["A MUN - SIL"], "AUSTRIA": ["A BOH R SIL"]}}
    views = order_views(classic, request, adjudicate_phase(classic, request))
    assert [(o.verb, o.succeeds) for o in views] == [("R", False), ("R", False)]
    assert all(o.why.startswith("standoff: 2 units retreat to") for o in views)
