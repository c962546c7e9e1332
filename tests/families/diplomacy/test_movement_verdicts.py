"""Each phase answers each order with a typed verdict (PhaseResult.verdicts, one a
row): the row's result and reason are that verdict's, and the verdict names who did it."""
from __future__ import annotations

import pytest

from generator import api
from generator.families.diplomacy import verdicts as v
from generator.families.diplomacy.api import adjudicate_phase


@pytest.fixture(scope="module")
def classic():
    return api.load_game("classic").model


def phase(game, units: dict, orders: dict):
    return adjudicate_phase(game, {"phase": "S1901M", "units": units, "orders": orders,
                                   "centers": {p: [] for p in units}})


def verdicts_by_order(result):
    assert len(result.verdicts) == len(result.results)
    return {row["order"]: verdict for row, verdict in zip(result.results, result.verdicts)}


def test_each_row_is_its_verdict(classic):
    result = phase(classic,
                   {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN", "A KIE"],
                    "ENGLAND": ["F NTH", "A LON"], "ITALY": ["A VEN"]},
                   {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - ENG"],
                    "GERMANY": ["A MUN - BUR", "A KIE S A MUN - RUH"],
                    "ENGLAND": ["F NTH C A LON - NWY", "A LON - NWY"],
                    "ITALY": ["A VEN - PAR"]})
    got = verdicts_by_order(result)
    assert got["A PAR - BUR"] == v.Beats(2, "BUR", 0, False, ((1, "MUN"),))
    assert got["A MUN - BUR"] == v.Standoff(1, 2, "PAR")
    assert got["A MAR S A PAR - BUR"] == v.SUPPORT_GIVEN
    assert got["A KIE S A MUN - RUH"] == v.SupportMismatch("MUN", True)
    assert got["F BRE - ENG"] == v.Open("ENG")
    assert got["F NTH C A LON - NWY"] == v.CONVOY_INTACT and got["A LON - NWY"] == v.Open("NWY")
    assert got["A VEN - PAR"] is None           # not next to Paris: illegal, no verdict
    for row, verdict in zip(result.results, result.verdicts):
        if verdict is not None:
            assert row["result"] == ("succeeds" if verdict.ok else "fails")
            assert row["reason"] == verdict.reason(lambda p: _unit_text(result, p), classic.map.display)


def _unit_text(result, p: str) -> str:
    return next(r["unit"] + (f" - {r['order'].split(' - ')[1]}" if " - " in r["order"] else "")
                for r in result.results if r["unit"].split()[1] == p)


def test_dislodgement_and_cut_name_the_unit(classic):
    result = phase(classic,
                   {"GERMANY": ["A MUN", "A BER"], "RUSSIA": ["A SIL", "A BOH", "A PRU"]},
                   {"GERMANY": ["A MUN S A BER", "A BER H"],
                    "RUSSIA": ["A BOH - MUN", "A SIL S A PRU - BER", "A PRU - BER"]})
    got = verdicts_by_order(result)
    assert got["A MUN S A BER"] == v.Cut("BOH")
    assert got["A BER H"] == v.Dislodged("PRU", False)
    assert got["A PRU - BER"] == v.Beats(2, "BER", 1, False)
    assert got["A BOH - MUN"] == v.Bounced(1, "MUN", 1, False) and not got["A BOH - MUN"]


def test_adjustments_and_retreats_carry_their_verdicts_too(classic):
    result = adjudicate_phase(classic, {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]},
                                        "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},
                                        "orders": {"FRANCE": ["BUILD A MAR", "WAIVE", "BUILD A PIC"]}})
    assert result.verdicts == (v.Built("A MAR"), v.WAIVED, None)       # PIC is no home centre: not legal
    assert [r["reason"] for r in result.results][:2] == ["built", "build waived"]
    # two units retreat to one province: both disbanded, each told why by its verdict
    result = adjudicate_phase(classic, {"phase": "S1901R", "units": {"FRANCE": ["A MUN"], "ITALY": ["A BOH"]},
                                        "dislodged": {"GERMANY": [{"unit": "A MUN", "attacker_from": "BUR", "via_convoy": False}],
                                                      "AUSTRIA": [{"unit": "A BOH", "attacker_from": "TYR", "via_convoy": False}]},
                                        "contested": [],
                                        "orders": {"GERMANY": ["A MUN - SIL"], "AUSTRIA": ["A BOH R SIL"]}})
    assert result.verdicts == (v.RetreatStandoff(2, "SIL"), v.RetreatStandoff(2, "SIL"))
    assert result.results[0]["reason"] == "standoff: 2 units retreat to SIL, so all are disbanded"
    assert not any(r["result"] == "succeeds" for r in result.results)


def test_row_lines_and_notes_are_kept_apart_by_index(classic):
    """PhaseResult.row_lines is one trace line per row, in row order; notes are the rest."""
    result = phase(classic,
                   {"GERMANY": ["A MUN", "A BER"], "RUSSIA": ["A SIL", "A BOH", "A PRU"]},
                   {"GERMANY": ["A MUN S A BER", "A BER H"],
                    "RUSSIA": ["A BOH - MUN", "A SIL S A PRU - BER", "A PRU - BER"]})
    assert len(result.row_lines) == len(result.results) == 5
    assert [line.split(":")[0] for line in result.row_lines] == [r["canonical"] for r in result.results]
    assert result.notes == [] and result.row_lines == result.trace
    # a retreat phase: the unit given no order is a note, and it comes before the rows
    result = adjudicate_phase(classic, {"phase": "S1901R", "units": {"FRANCE": ["A MUN"], "ITALY": ["A BOH"]},
                                        "dislodged": {"GERMANY": [{"unit": "A MUN", "attacker_from": "BUR", "via_convoy": False}],
                                                      "AUSTRIA": [{"unit": "A BOH", "attacker_from": "TYR", "via_convoy": False}]},
                                        "contested": [], "orders": {"GERMANY": ["A MUN - SIL"]}})
    assert result.notes == ["A BOH (AUSTRIA) is disbanded: no valid retreat order"]
    assert result.row_lines == [result.trace[-1]] and result.row_lines[0] == "A MUN R SIL: succeeds, retreats"
    assert result.rows_at == 1 and result.to_json()["trace"] == result.trace
