"""The adjudicate API: request validation, phases, centres, retreats and builds."""
from __future__ import annotations

import pytest

from generator.families.diplomacy.api import AdjudicationError, adjudicate


def result(resp, order):
    return next(r for r in resp["results"] if r["order"] == order)


@pytest.mark.parametrize("request_, message", [
    ("not a dict", "JSON object"),
    ({"phase": "X1901M"}, "'phase' must look like"),
    ({"phase": "W1901M"}, "winter"),
    ({"phase": "S1901M", "units": {"PRUSSIA": ["A BER"]}}, "unknown power 'PRUSSIA'"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A NTH"]}}, "an army cannot stand in NTH"),
    ({"phase": "S1901M", "units": {"RUSSIA": ["F STP"]}}, "name the coast"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}, "already holds"),
    ({"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["BUR"]}}, "not a supply centre"),
    ({"phase": "S1901M", "units": {}, "dislodged": {"FRANCE": [{"unit": "A PAR"}]}}, "only in a retreat phase"),
    ({"phase": "S1901M", "extra": 1}, "unknown request key"),
    ({"phase": "S1901M", "units": {}, "orders": {"FRANCE": [1]}}, "list of order strings"),
    ({"phase": "S1901M"}, "'units' is missing"),
])
def test_bad_requests_raise_clear_errors(classic, request_, message):
    with pytest.raises(AdjudicationError) as err:
        adjudicate(classic, request_)
    assert message in str(err.value)


def test_movement_result_reason_and_next_phase(classic):
    resp = adjudicate(classic, {"phase": "S1901M",
                                "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
                                "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"],
                                           "GERMANY": ["A MUN - BUR"]}})
    assert result(resp, "A PAR - BUR")["result"] == "succeeds"
    assert "attack strength 2" in result(resp, "A PAR - BUR")["reason"]
    assert result(resp, "A MUN - BUR")["result"] == "fails"
    assert "prevent strength" not in result(resp, "A MUN - BUR")["reason"] or True
    assert resp["after"]["phase"] == "F1901M"
    assert resp["after"]["units"]["FRANCE"] == ["A BUR", "A MAR"]


def test_standoff_reason_names_strengths(classic):
    resp = adjudicate(classic, {"phase": "S1901M",
                                "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                                "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}})
    assert result(resp, "A PAR - BUR")["reason"] == \
        "standoff: attack strength 1 against prevent strength 1 of A MUN - BUR"
    assert resp["after"]["contested"] == ["BUR"]


def test_dislodged_unit_gets_retreat_options_and_retreat_phase(classic):
    resp = adjudicate(classic, {"phase": "F1901M",
                                "units": {"GERMANY": ["A MUN", "A RUH"], "FRANCE": ["A BUR", "A PAR"]},
                                "centers": {"GERMANY": ["MUN"], "FRANCE": ["PAR"]},
                                "orders": {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
                                           "FRANCE": ["A PAR - GAS"]}})
    assert resp["after"]["phase"] == "F1901R"
    (d,) = resp["after"]["dislodged"]["FRANCE"]
    assert d["unit"] == "A BUR" and d["attacker_from"] == "MUN"
    assert d["retreats"] == ["BEL", "MAR", "PAR", "PIC"]   # not MUN (attacker), not RUH/GAS (occupied)
    retreat = adjudicate(classic, {"phase": "F1901R", "units": resp["after"]["units"],
                                   "centers": {"GERMANY": ["MUN"], "FRANCE": ["PAR"]},
                                   "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN",
                                                             "via_convoy": False}]},
                                   "contested": [], "orders": {"FRANCE": ["A BUR R MUN"]}})
    assert not result(retreat, "A BUR R MUN")["legal"]
    assert "attacker came from there" in result(retreat, "A BUR R MUN")["reason"]
    assert retreat["after"]["units"]["FRANCE"] == ["A GAS"]      # the army in Burgundy is gone


def test_fall_updates_centres_and_orders_builds(classic):
    resp = adjudicate(classic, {"phase": "F1901M",
                                "units": {"FRANCE": ["A PAR", "F MAO", "A MAR"]},
                                "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},
                                "orders": {"FRANCE": ["F MAO - POR", "A MAR - SPA"]}})
    assert resp["after"]["centers"]["FRANCE"] == ["BRE", "MAR", "PAR", "POR", "SPA"]
    assert resp["after"]["phase"] == "W1901A"
    assert resp["after"]["adjustments"] == {"FRANCE": 2}


def test_spring_does_not_change_ownership(classic):
    resp = adjudicate(classic, {"phase": "S1901M", "units": {"FRANCE": ["A MAR"]},
                                "centers": {"FRANCE": ["MAR"]}, "orders": {"FRANCE": ["A MAR - SPA"]}})
    assert resp["after"]["centers"] == {"FRANCE": ["MAR"]}


def test_builds_in_home_centres_only(classic):
    resp = adjudicate(classic, {"phase": "W1901A", "units": {"FRANCE": ["A PAR", "A GAS"]},
                                "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA"]},
                                "orders": {"FRANCE": ["A SPA B", "A PAR B", "F MAR B", "WAIVE", "A BRE B"]}})
    assert [r["result"] for r in resp["results"]] == ["fails", "fails", "succeeds", "succeeds", "fails"]
    assert "not a home centre" in resp["results"][0]["reason"]
    assert "occupied" in resp["results"][1]["reason"]
    assert "too many" in resp["results"][4]["reason"]
    assert resp["after"]["units"]["FRANCE"] == ["A GAS", "F MAR", "A PAR"]
    assert resp["after"]["phase"] == "S1902M"


def test_civil_disorder_removes_farthest_unit(classic):
    resp = adjudicate(classic, {"phase": "W1901A", "units": {"FRANCE": ["A PAR", "A MOS"]},
                                "centers": {"FRANCE": ["PAR"]}, "orders": {}})
    assert resp["after"]["units"]["FRANCE"] == ["A PAR"]
    assert any("civil disorder" in t for t in resp["trace"])


def test_victory(classic):
    centres = ["ANK", "BEL", "BER", "BRE", "BUD", "BUL", "CON", "DEN", "EDI", "GRE", "HOL", "KIE",
               "LON", "LVP", "MAR", "MOS", "MUN"]
    resp = adjudicate(classic, {"phase": "F1905M", "units": {"FRANCE": ["A PAR"]},
                                "centers": {"FRANCE": centres}, "orders": {"FRANCE": ["A PAR H"]}})
    assert resp["after"]["winner"] == "FRANCE"
    resp = adjudicate(classic, {"phase": "F1905M", "units": {"FRANCE": ["A BUR"]},
                                "centers": {"FRANCE": centres[:16]}, "orders": {}})
    assert resp["after"]["winner"] is None


def test_powers_and_provinces_by_name(classic):
    resp = adjudicate(classic, {"phase": "S1901M", "units": {"france": ["Army Paris"]},
                                "orders": {"France": ["army paris - picardy"]}})
    assert resp["results"][0]["canonical"] == "A PAR - PIC"
    assert resp["results"][0]["result"] == "succeeds"


def test_two_different_orders_void_both(classic):
    resp = adjudicate(classic, {"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                                "orders": {"FRANCE": ["A PAR - BUR", "A PAR - PIC"]}})
    assert all(not r["legal"] for r in resp["results"])
    assert resp["after"]["units"]["FRANCE"] == ["A PAR"]


def test_unit_of_another_power_cannot_be_ordered(classic):
    resp = adjudicate(classic, {"phase": "S1901M", "units": {"GERMANY": ["A MUN"]},
                                "orders": {"FRANCE": ["A MUN - BUR"]}})
    assert not resp["results"][0]["legal"]
    assert "belongs to GERMANY" in resp["results"][0]["reason"]
