"""The order notation: abbreviations, full names, aliases, coasts, errors."""
from __future__ import annotations

import pytest

from generator.families.diplomacy.orders import OrderSyntaxError, parse_order


@pytest.mark.parametrize("text, kind, location, dest, target", [
    ("A PAR H", "hold", "PAR", "", ""),
    ("a par hold", "hold", "PAR", "", ""),
    ("A PAR - BUR", "move", "PAR", "BUR", ""),
    ("Army Paris -> Burgundy", "move", "PAR", "BUR", ""),
    ("F North Sea - Norway", "move", "NTH", "NWY", ""),
    ("F MAO - SPA/NC", "move", "MAO", "SPA/NC", ""),
    ("F mid-atlantic ocean - spa(sc)", "move", "MAO", "SPA/SC", ""),
    ("F St Petersburg/SC - BOT", "move", "STP/SC", "BOT", ""),
    ("F stpete north coast - BAR", "move", "STP/NC", "BAR", ""),
    ("A PAR S A MAR - BUR", "support", "PAR", "BUR", "MAR"),
    ("A PAR S MAR", "support", "PAR", "", "MAR"),
    ("F NTH C A LON - BEL", "convoy", "NTH", "BEL", "LON"),
    ("F NTH R HOL", "retreat", "NTH", "HOL", ""),
    ("F NTH D", "disband", "NTH", "", ""),
    ("A PAR B", "build", "PAR", "", ""),
    ("Build F STP/NC", "build", "STP/NC", "", ""),
    ("PAR - BUR", "move", "PAR", "BUR", ""),
])
def test_parses(classic, text, kind, location, dest, target):
    o = parse_order(text, "FRANCE", classic.map)
    assert (o.kind, o.location, o.dest, o.target) == (kind, location, dest, target)


def test_via_convoy(classic):
    assert parse_order("A LON - BEL VIA", "ENGLAND", classic.map).via
    assert parse_order("A LON - BEL via convoy", "ENGLAND", classic.map).via
    assert not parse_order("A LON - BEL", "ENGLAND", classic.map).via


def test_waive_and_transform(classic):
    assert parse_order("WAIVE", "FRANCE", classic.map).kind == "waive"
    o = parse_order("A STP T F/NC", "RUSSIA", classic.map)
    assert (o.kind, o.new_unit, o.new_coast) == ("transform", "F", "NC")
    assert o.canonical() == "A STP T F/NC"


@pytest.mark.parametrize("text, message", [
    ("A PAR - XYZ", "unknown province"),
    ("A PAR", "does not say"),
    ("A PAR Q BUR", "unknown order word"),
    ("F NTH C A LON", "needs the army's destination"),
    ("A PAR - BUR extra", "unexpected"),
    ("F SPA/XC - MAO", "unknown coast"),
    ("", "empty"),
])
def test_reports_why_it_cannot_read(classic, text, message):
    with pytest.raises(OrderSyntaxError) as err:
        parse_order(text, "FRANCE", classic.map)
    assert message in str(err.value) or (message == "does not say" and "not what it does" in str(err.value))


def test_canonical_round_trip(classic):
    for text in ["A PAR - BUR", "F NTH C A LON - BEL", "A PAR S A MAR - BUR", "A PAR S A MAR",
                 "F NTH R HOL", "A LON - BEL VIA", "F SPA/SC - MAO"]:
        o = parse_order(text, "FRANCE", classic.map)
        assert parse_order(o.canonical(), "FRANCE", classic.map) == \
            parse_order(text, "FRANCE", classic.map).__class__(**{**o.__dict__, "text": o.canonical()})


def test_ambiguous_abbreviation_is_refused_but_ids_work():
    from generator.families.diplomacy.model import build_map
    m = build_map({"powers": [{"id": "P", "name": "P"}],
                   "provinces": [{"id": "ISTRIA", "name": "Istria", "abbr": "IST", "type": "coast"},
                                 {"id": "ISTANBUL", "name": "Istanbul", "abbr": "IST", "type": "coast"}],
                   "borders": [{"between": ["ISTRIA", "ISTANBUL"]}], "start": {"units": {}, "centers": {}}})
    with pytest.raises(OrderSyntaxError) as err:
        parse_order("A IST - ISTANBUL", "P", m)
    assert "ambiguous (ISTANBUL or ISTRIA)" in str(err.value)
    assert parse_order("A ISTRIA - Istanbul", "P", m).dest == "ISTANBUL"


def test_names_written_with_a_dotted_abbreviation_are_read():
    """`St. Petersburg` is typed as two words though its alias normalises to one."""
    from generator.commands.common import load_game
    from generator.families.diplomacy.api import adjudicate
    _, game = load_game(str(__import__("pathlib").Path(__file__).resolve().parents[3] / "content" / "classic"))
    response = adjudicate(game, {"phase": "S1901M", "units": {"RUSSIA": ["F STP/NC"]},
                                 "orders": {"RUSSIA": ["F St. Petersburg (nc) - BAR"]}})
    assert [r["result"] for r in response["results"]] == ["succeeds"]
