"""The order notation: abbreviations, full names, aliases, coasts, errors."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import yaml

from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.orders import OrderSyntaxError, parse_order

REPO = Path(__file__).resolve().parents[3]


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
        assert parse_order(o.canonical(), "FRANCE", classic.map) == dataclasses.replace(o, text=o.canonical())


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


# --- DATC 4.x preferred readings and notations people type ---------------------------

@pytest.mark.parametrize("text, kind, location, dest, target", [
    ("A Moscow moves to Ukraine", "move", "MOS", "UKR", ""),
    ("F Mid-Atlantic - Spain (nc)", "move", "MAO", "SPA/NC", ""),
    ("A Par - Bur.", "move", "PAR", "BUR", ""),
    ("A BUR S German A MUN - BEL", "support", "BUR", "BEL", "MUN"),
    ("F NTH S English F LON", "support", "NTH", "", "LON"),
    ("A PAR S England's A MAR", "support", "PAR", "", "MAR"),
    ("F NTH C English A LON - BEL", "convoy", "NTH", "BEL", "LON"),
    ("Build WAR", "build", "WAR", "", ""),
    ("F GoL - Spain south coast", "move", "LYO", "SPA/SC", ""),
])
def test_notations_people_type(classic, text, kind, location, dest, target):
    o = parse_order(text, "RUSSIA", classic.map)
    assert (o.kind, o.location, o.dest, o.target) == (kind, location, dest, target)


def adjudicate(classic, request):
    from generator.families.diplomacy.api import adjudicate as run
    return run(classic, request)


def test_unknown_coast_is_ignored(classic):
    """4.B.6: Spain has no west coast and Brest no east coast; the coast is garbage."""
    for text, dest in (("F MAO - SPA/WC", None), ("F MAO - Brest east coast", "F BRE"),
                       ("F MAO - spa(xx)", None)):
        resp = adjudicate(classic, {"phase": "S1901M", "units": {"FRANCE": ["F MAO"]},
                                    "orders": {"FRANCE": [text]}})
        r = resp["results"][0]
        if dest is None:   # Spain has two coasts the fleet can reach: name one (4.B.1)
            assert not r["legal"] and "several coasts" in r["reason"]
        else:
            assert r["legal"] and resp["after"]["units"]["FRANCE"] == [dest]
    resp = adjudicate(classic, {"phase": "S1901M", "units": {"FRANCE": ["F GAS"]},
                                "orders": {"FRANCE": ["F GAS - SPA/WC"]}})
    assert resp["after"]["units"]["FRANCE"] == ["F SPA/NC"]


def test_support_naming_a_nationality_is_valid(classic):
    resp = adjudicate(classic, {"phase": "S1901M", "units": {"GERMANY": ["A MUN"], "FRANCE": ["A BUR"],
                                                             "ITALY": ["A TYR"]},
                                "orders": {"FRANCE": ["A BUR S Italian A TYR - MUN"], "ITALY": ["A TYR - MUN"]}})
    assert resp["after"]["units"]["ITALY"] == ["A MUN"]
    assert "GERMANY" not in resp["after"]["units"]


@pytest.mark.parametrize("order", [
    "A BUR S Austria-Hungary A TYR - MUN", "A BUR S Austria-Hungary's A TYR - MUN", "A BUR S Austria Hungary A TYR - MUN",
    "A BUR S AUSTRIA_HUNGARY A TYR - MUN", "A BUR S New York A TYR - MUN", "A BUR S New-York's A TYR - MUN",
])
def test_a_nationality_of_several_words_is_skipped(order):
    """Powers named in several words or with a hyphen (vDiplomacy's Austria-Hungary,
    Divided States' New York) are skipped like one-word ones (DATC 4.C.5)."""
    renamed = {"AUSTRIA": ("AUSTRIA_HUNGARY", "Austria-Hungary"), "ITALY": ("NEW_YORK", "New York")}
    text = json.dumps(yaml.safe_load((REPO / "content" / "classic" / "map.yaml").read_text(encoding="utf-8")))
    for old, (new_id, _) in renamed.items():
        text = text.replace(f'"{old}"', f'"{new_id}"')
    data = json.loads(text)
    names = dict(renamed.values())
    for power in data["powers"]:
        power["name"] = names.get(power["id"], power["name"])
    game = game_from_data("renamed", {"title": "Renamed"}, data)
    mover = "AUSTRIA_HUNGARY" if "ustria" in order.lower() else "NEW_YORK"
    resp = adjudicate(game, {"phase": "S1901M", "units": {"GERMANY": ["A MUN"], "FRANCE": ["A BUR"], mover: ["A TYR"]},
                             "orders": {"FRANCE": [order], mover: ["A TYR - MUN"]}})
    assert resp["results"][0]["legal"], resp["results"][0]
    assert resp["after"]["units"][mover] == ["A MUN"]


@pytest.mark.parametrize("order, built", [
    ("Build WAR", "A WAR"), ("MOS B", "A MOS"), ("Build STP/NC", "F STP/NC"), ("B SEV", None),
])
def test_build_without_unit_type(classic, order, built):
    """4.C.3: an army in a land area; a fleet in a coastal one only when a coast is named."""
    resp = adjudicate(classic, {"phase": "W1901A", "units": {}, "centers": {"RUSSIA": ["WAR", "MOS", "STP", "SEV"]},
                                "orders": {"RUSSIA": [order]}})
    if built:
        assert resp["after"]["units"]["RUSSIA"] == [built]
    else:
        assert not resp["results"][0]["legal"] and "A or F" in resp["results"][0]["reason"]


def test_fast_path_reads_exactly_as_the_general_reader(classic):
    """The shortcut for id notation ("A PAR - BUR") must give the very Order the
    general reader gives, or step aside."""
    from hypothesis import given, settings, strategies as st
    from generator.families.diplomacy import orders as O
    m = classic.map
    ids = sorted(m.provinces) + ["STP/NC", "SPA/SC", "BUL/EC", "spa/xx", "Nth", "mid", "North", "A", "-"]
    # words that also start longer names ("ENG" of "Eng Ch"), and the words that go on
    ids += ["ENG", "eng", "Ch", "EAS", "Med", "WES", "N", "Afr", "St", "Petersburg", "Atlantic",
            "ENG/NC", "(nc)", "/", "x.y"]
    word = st.sampled_from(ids + ["A", "F", "a", "H", "-", "S", "C", "R", "D", "B", "VIA", "via", "to", "x"])

    def general(text):
        saved, O._fast = O._fast, (lambda *a: None)
        try:
            return O._parse_order(text, "FRANCE", m)
        except OrderSyntaxError as exc:
            return str(exc)
        finally:
            O._fast = saved

    @settings(max_examples=800, deadline=None)
    @given(st.lists(word, min_size=1, max_size=8))
    def check(words):
        text = " ".join(words)
        fast = O._fast(text.split(), "FRANCE", m, text)
        if fast is not None:
            assert fast == general(text)
    check()


def test_orders_equal_and_hash_by_what_they_say(classic):
    """An order's worked-out fields and the adjudicator's memos are no part of its value."""
    a = parse_order("A PAR - BUR", "FRANCE", classic.map)
    b = parse_order("a par - bur", "FRANCE", classic.map)
    a.canonical(classic.map)
    assert (a.province, a.dest_province, a.target_province) == ("PAR", "BUR", "")
    assert a == dataclasses.replace(b, text=a.text) and hash(a) == hash(dataclasses.replace(b, text=a.text))
    assert dataclasses.replace(a, location="BRE").province == "BRE"


def test_a_checked_order_that_changes_nothing_is_the_order_itself(classic):
    from generator.families.diplomacy.movement import Unit, check_movement_order
    units = {"PAR": Unit("FRANCE", "A", "PAR"), "STP": Unit("RUSSIA", "F", "STP/SC")}
    same = parse_order("A PAR - BUR", "FRANCE", classic.map)
    assert check_movement_order(classic.map, units, same, frozenset()) is same
    bare = parse_order("PAR - BUR", "FRANCE", classic.map)
    settled = check_movement_order(classic.map, units, bare, frozenset())
    assert settled is not bare and settled.unit == "A" and bare.unit is None
    fleet = check_movement_order(classic.map, units, parse_order("F STP - BOT", "RUSSIA", classic.map), frozenset())
    assert fleet.location == "STP/SC" and fleet.canonical(classic.map).startswith("F STP")
