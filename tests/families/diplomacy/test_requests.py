"""Adjudication requests are complete and explicit; malformed ones get located
diagnostics; responses chain into the next request and match the published schemas."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generator import api
from generator.commands.adjudicate import decode
from generator.families.diplomacy.api import AdjudicationError, INCOMPLETE_REQUEST
from generator.families.diplomacy.play import play
from generator.schemas import validator

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def game():
    return api.load_game("classic")


def error(game, request) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as err:
        game.adjudicate(request)
    return err.value


# DATC 6.H.6: Vienna may not retreat to Bohemia, which the movement left empty by a standoff.
H6_MOVEMENT = {"phase": "S1901M",
               "units": {"AUSTRIA": ["A BUD", "A TRI"], "GERMANY": ["A MUN", "A SIL"], "ITALY": ["A VIE"]},
               "orders": {"AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"], "GERMANY": ["A MUN - BOH",
                          "A SIL - BOH"], "ITALY": ["A VIE H"]}}


def test_retreat_without_contested_is_refused_not_defaulted(game):
    after = game.adjudicate(H6_MOVEMENT)["after"]
    assert after["phase"] == "S1901R" and after["contested"] == ["BOH"]
    request = {k: after[k] for k in ("phase", "units", "dislodged")}
    err = error(game, dict(request, orders={"ITALY": ["A VIE R BOH"]}))
    assert err.code == INCOMPLETE_REQUEST and "'contested' is missing" in err.message
    chained = game.adjudicate(dict(after, orders={"ITALY": ["A VIE R BOH"]}))
    assert not chained["results"][0]["legal"] and "standoff" in chained["results"][0]["reason"]


def test_retreat_request_may_carry_its_movement(game):
    resp = game.adjudicate({"phase": "S1901R", "movement": H6_MOVEMENT, "orders": {"ITALY": ["A VIE R BOH"]}})
    assert not resp["results"][0]["legal"]
    resp = game.adjudicate({"phase": "S1901R", "movement": H6_MOVEMENT, "orders": {"ITALY": ["A VIE R TYR"]}})
    assert resp["after"]["units"]["ITALY"] == ["A TYR"]
    assert "derived from 'movement'" in error(game, {"phase": "S1901R", "movement": H6_MOVEMENT,
                                                     "contested": []}).message
    assert error(game, {"phase": "S1901R", "movement": dict(H6_MOVEMENT, units={"PRUSSIA": []})}).pointer \
        == "/movement/units/PRUSSIA"


@pytest.mark.parametrize("item, pointer", [
    ({"unit": "A VIE", "via_convoy": False}, "/dislodged/AUSTRIA/0"),
    ({"unit": "A VIE", "attacker_from": "GAL"}, "/dislodged/AUSTRIA/0"),
    ({"unit": "A VIE", "attacker_from": "GAL", "via_convoy": "no"}, "/dislodged/AUSTRIA/0/via_convoy"),
    ({"unit": "A VIE", "attacker_from": "NOWHERE", "via_convoy": False}, "/dislodged/AUSTRIA/0/attacker_from"),
    ({"unit": "A VIE", "attacker_from": "GAL", "via_convoy": False, "from": 1}, "/dislodged/AUSTRIA/0/from"),
])
def test_every_dislodged_fact_is_required(game, item, pointer):
    err = error(game, {"phase": "S1901R", "units": {}, "contested": [], "dislodged": {"AUSTRIA": [item]}})
    assert err.pointer == pointer


def test_dislodged_as_a_dict_and_fall_without_centres_are_refused(game):
    err = error(game, {"phase": "S1901R", "units": {}, "contested": [],
                       "dislodged": {"AUSTRIA": {"unit": "A VIE", "attacker_from": "GAL", "via_convoy": False}}})
    assert err.pointer == "/dislodged/AUSTRIA" and "not one object" in err.message
    err = error(game, {"phase": "F1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {}})
    assert err.code == INCOMPLETE_REQUEST and "'centers' is missing" in err.message


def test_a_unit_with_nowhere_to_retreat_is_disbanded_in_the_movement(game):
    resp = game.adjudicate({"phase": "S1901M",
                            "units": {"ENGLAND": ["F NTH", "F NWG", "F ENG"], "GERMANY": ["F HEL", "F DEN",
                                      "A HOL", "F SKA"], "FRANCE": ["A BEL", "A EDI", "A YOR", "A LON", "A NWY"]},
                            "orders": {"GERMANY": ["F HEL - NTH", "F DEN S F HEL - NTH"]}})
    assert resp["disbanded"] == {"ENGLAND": ["F NTH"]}
    assert resp["after"]["dislodged"] == {} and resp["after"]["phase"] == "F1901M"


def test_stated_adjustments_and_winner_are_checked(game):
    request = {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR", "BRE"]}}
    assert game.adjudicate(dict(request, adjustments={"FRANCE": 1}, winner=None))
    assert error(game, dict(request, adjustments={"FRANCE": 2})).pointer == "/adjustments"
    assert error(game, dict(request, winner="FRANCE")).pointer == "/winner"


def test_errors_are_located_in_the_request_text(game):
    text = '{"phase": "S1901M",\n "units": {"FRANCE": ["A PAR", "A NTH"]}}'
    data, doc = decode(text.encode(), "req.json")
    d = error(game, data).diagnostic(doc)
    assert (d.file, d.line, d.column, d.code) == ("req.json", 2, text.split("\n")[1].index('"A NTH"') + 1, "DIP030")
    for raw, message in ((b'{"phase": "\xff"}', "not UTF-8"), (b"[" * 100_000, "nested too deeply"),
                         (b'{"phase": 1' + b"1" * 5000 + b"}", "cannot be read"), (b'{"a":', "not JSON")):
        data, diags = decode(raw, "req.json")
        assert data is None and message in diags[0].message and diags[0].code == "DIP032", raw[:20]


RESPONSE = validator("adjudication-response")
REQUEST = validator("adjudication-request")


@pytest.mark.parametrize("game_id", ["classic", "divided-states"])
def test_random_games_chain_and_match_the_schemas(game_id):
    g = api.load_game(game_id)
    for seed in range(2):
        for request, response in play(g.model, g.adjudicate, random.Random(seed), 14):
            assert not list(REQUEST.iter_errors(request)), request
            assert not list(RESPONSE.iter_errors(response)), response
            assert not list(REQUEST.iter_errors(response["after"]))


def run_cli(*args, stdin: bytes):
    return subprocess.run([sys.executable, "-m", "generator", "adjudicate", *args], input=stdin,
                          capture_output=True, cwd=REPO, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})


def test_jsonl_plays_a_game_by_chaining(game):
    first = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
             "orders": {"FRANCE": ["A Paris moves to Burgundy"]}}
    after = game.adjudicate(first)["after"]
    second = dict(after, orders={"FRANCE": ["A Bur - Mun."]})
    lines = [json.dumps(first), "", "{\"phase\": \"S1901M\", \"units\": 3}", json.dumps(second)]
    run = run_cli("classic", "--jsonl", stdin=("\n".join(lines) + "\n").encode())
    out = [json.loads(x) for x in run.stdout.decode().splitlines()]
    assert run.returncode == 1 and len(out) == 3
    assert out[0]["after"] == after
    assert out[1]["line"] == 3 and out[1]["diagnostics"][0]["pointer"] == "/units"
    assert "<stdin>:3:" in run.stderr.decode()
    assert out[2]["results"][0]["canonical"] == "A BUR - MUN"


def test_cli_single_request_errors_are_located():
    run = run_cli("classic", stdin=b'{"phase": "S1901M",\n  "units": {"FRANCE": ["X PAR"]}}')
    assert run.returncode == 1
    assert "<stdin>:2:" in run.stderr.decode() and "DIP030" in run.stderr.decode()
    assert "internal error" not in run.stderr.decode()


def test_wrong_types_anywhere_are_located_not_crashes(game):
    deep = "x"
    for _ in range(500):
        deep = [deep]
    for request, pointer in (({"phase": "S1901M", "units": {"FRANCE": [deep]}}, "/units/FRANCE/0"),
                             ({"phase": ["S1901M"], "units": {}}, "/phase"),
                             ({"phase": "S1901M", "units": {"FRANCE": "A PAR"}}, "/units/FRANCE"),
                             ({"phase": "S1901M", "units": {}, "centers": {"FRANCE": [{"a": 1}]}}, "/centers/FRANCE/0"),
                             ({"phase": "S1901M", "units": {}, "contested": "BUR"}, "/contested"),
                             ({"phase": "W1901A", "units": {}, "centers": {}, "adjustments": {"FRANCE": "1"}},
                              "/adjustments/FRANCE")):
        err = error(game, request)
        assert err.pointer == pointer and len(err.message) < 300, (request, err.message)


def test_centre_lists_read_before_are_still_checked_together():
    """Each power's list read once is found whole later, yet a centre two powers claim,
    or a bad centre after good lists, is refused as on a first reading."""
    game = api.load_game("classic")        # its own tables, filled by this test alone
    base = {"phase": "F1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {}}
    for _ in range(2):
        game.adjudicate(dict(base, centers={"FRANCE": ["PAR", "BRE"], "ENGLAND": ["LON"]}))
        game.adjudicate(dict(base, centers={"ENGLAND": ["PAR"]}))
    both = error(game, dict(base, centers={"FRANCE": ["PAR", "BRE"], "ENGLAND": ["PAR"]}))
    assert "PAR is already owned by ENGLAND" in both.message and both.pointer == "/centers/FRANCE/0"
    bad = error(game, dict(base, centers={"ENGLAND": ["LON"], "FRANCE": ["PAR", "BUR"]}))
    assert "not a supply centre" in bad.message and bad.pointer == "/centers/FRANCE/1"
    ok = game.adjudicate(dict(base, centers={"France": ["PAR", "BRE"], "ENGLAND": ["LON"]}))
    assert ok["after"]["centers"] == {"ENGLAND": ["LON"], "FRANCE": ["BRE", "PAR"]}


def _reversed_keys(value):
    if isinstance(value, dict):
        return {k: _reversed_keys(value[k]) for k in reversed(list(value))}
    return value


@pytest.mark.parametrize("game_id", ["classic", "divided-states"])
def test_the_order_of_a_requests_keys_changes_nothing(game_id):
    """Requests are read by a plain loop in the order their keys come; the response,
    as JSON text, is the same for any order of the keys."""
    g = api.load_game(game_id)
    for request, response in play(g.model, g.adjudicate, random.Random(3), 12):
        again = g.adjudicate(_reversed_keys(request))
        assert json.dumps(again) == json.dumps(response), request["phase"]


def test_faults_are_named_alike_after_a_known_request():
    """A request made of names read before goes by the quick reading; one fault in it
    is reported as on a first reading, the first fault in sorted power order whatever
    the order of the keys."""
    game = api.load_game("classic")
    base = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}, "orders": {}}
    game.adjudicate(base)
    for units in ({"GERMANY": ["A PAR"], "FRANCE": ["A PAR"]}, {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}):
        clash = error(game, dict(base, units=units))
        assert clash.pointer == "/units/GERMANY/0" and "PAR already holds A PAR (FRANCE)" in clash.message
    for orders in ({"GERMANY": ["A MUN H", 3], "FRANCE": ["A PAR H"]}, {"FRANCE": ["A PAR H"], "GERMANY": ["A MUN H", 3]}):
        assert error(game, dict(base, orders=orders)).pointer == "/orders/GERMANY/1"
    assert error(game, dict(base, units={"FRANCE": [["A PAR"]]})).pointer == "/units/FRANCE/0"
    twice = game.adjudicate(dict(base, orders={"FRANCE": ["A PAR - BUR"], "france": ["A PAR - PIC"]}))
    assert [r["reason"] for r in twice["results"]] == ["void: the unit received different orders, so it holds"] * 2


@pytest.mark.parametrize("units, dislodged, at", [
    # nobody stands where the unit was dislodged
    ({"AUSTRIA": ["A TRI"]}, {"unit": "A VIE", "attacker_from": "TRI", "via_convoy": False}, "unit"),
    # the unit there is the dislodged unit's own power's
    ({"ITALY": ["A VIE"]}, {"unit": "A VIE", "attacker_from": "TRI", "via_convoy": False}, "unit"),
    # an army in VIE cannot have come from LON, over land
    ({"AUSTRIA": ["A VIE"]}, {"unit": "A VIE", "attacker_from": "LON", "via_convoy": False}, "attacker_from"),
    # a fleet is never convoyed
    ({"ENGLAND": ["F NTH"]}, {"unit": "F NTH", "attacker_from": "LON", "via_convoy": True}, "attacker_from"),
    # a fleet in NWY cannot have come from MOS
    ({"RUSSIA": ["F NWY"]}, {"unit": "A NWY", "attacker_from": "MOS", "via_convoy": False}, "attacker_from"),
], ids=["nobody-there", "own-power", "army-not-adjacent", "fleet-by-convoy", "fleet-not-adjacent"])
def test_a_stated_dislodgement_no_movement_could_make_is_refused(game, units, dislodged, at):
    """The dislodged facts were taken as given: a unit "dislodged" from an empty province,
    or by an attacker from anywhere, got retreats worked out for a position that cannot
    arise (attacker_from decides where it may not go)."""
    power = "ITALY" if dislodged["unit"].startswith("A VIE") else "GERMANY"
    request = {"phase": "S1901R", "units": units, "contested": [], "dislodged": {power: [dislodged]},
               "orders": {}}
    err = error(game, request)
    assert err.pointer == f"/dislodged/{power}/0/{at}" and err.hint
    assert "\n" not in err.message


def test_a_stated_dislodgement_by_convoy_or_over_a_coast_is_accepted(game):
    by_sea = {"phase": "S1901R", "units": {"ENGLAND": ["A NWY"]}, "contested": [], "orders": {},
              "dislodged": {"RUSSIA": [{"unit": "A NWY", "attacker_from": "LON", "via_convoy": True}]}}
    assert game.adjudicate(by_sea)["after"]["dislodged"] == {}
    coast = {"phase": "S1901R", "units": {"RUSSIA": ["F BOT"]}, "contested": [], "orders": {},
             "dislodged": {"GERMANY": [{"unit": "F BOT", "attacker_from": "STP", "via_convoy": False}]}}
    assert game.adjudicate(coast)["after"]["units"]["RUSSIA"] == ["F BOT"]


DISLODGED = {"unit": "A VIE", "attacker_from": "TRI", "via_convoy": False}
RETREAT = {"phase": "S1901R", "units": {"AUSTRIA": ["A VIE"]}, "contested": [], "dislodged": {"ITALY": [DISLODGED]}}


@pytest.mark.parametrize("request_, pointer, says", [
    ([], "", "the request must be a JSON object"),
    ({"phase": "S1901M", "units": {}, "extra": 1}, "/extra", "unknown request key 'extra'"),
    ({"units": {}}, "", "'phase' is missing"),
    ({"phase": "S1901"}, "/phase", "'phase' must look like"),
    ({"phase": "F9999M", "units": {}}, "/phase", "past year 9999"),
    ({"phase": "S1901M"}, "", "'units' is missing"),
    ({"phase": "S1901M", "units": None}, "/units", "'units' is null"),
    ({"phase": "S1901M", "units": []}, "/units", "'units' must map power names to lists"),
    ({"phase": "S1901M", "units": {"FRANCE": "A PAR"}}, "/units/FRANCE", "units.FRANCE must be a list"),
    ({"phase": "S1901M", "units": {"FRANCE": [7]}}, "/units/FRANCE/0", "a unit is written 'A PAR'"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A " + "PAR " * 60]}}, "/units/FRANCE/0", "at most 200 characters"),
    ({"phase": "F1901M", "units": {}}, "", "'centers' is missing (a fall phase"),
    ({"phase": "W1901A", "units": {}, "centers": None}, "/centers", "'centers' is null"),
    ({"phase": "S1901M", "units": {}, "centers": {"FRANCE": [1]}}, "/centers/FRANCE/0", "1 is not a supply centre"),
    ({"phase": "S1901M", "units": {}, "orders": {"FRANCE": {}}}, "/orders/FRANCE", "list of order strings"),
    ({"phase": "S1901M", "units": {}, "orders": {"FRANCE": ["x" * 501]}}, "/orders/FRANCE/0", "at most 500"),
    ({"phase": "S1901M", "units": {}, "orders": {"Atlantis": [1]}}, "/orders/Atlantis", "unknown power 'Atlantis'"),
    ({"phase": "S1901M", "units": {}, "movement": {}}, "/movement", "only in a retreat phase"),
    ({"phase": "S1901R", "movement": [], "orders": {}}, "/movement", "the movement phase's request"),
    ({"phase": "S1901R", "movement": H6_MOVEMENT, "units": {}}, "/units", "derived from 'movement'"),
    ({"phase": "S1901R", "units": {}, "contested": []}, "", "'dislodged' is missing: a retreat phase"),
    ({"phase": "S1901R", "units": {}, "dislodged": {}}, "", "'contested' is missing: a retreat phase"),
    ({"phase": "S1901R", "units": {}, "dislodged": {}, "contested": "BUR"}, "/contested", "list of provinces"),
    ({"phase": "S1901R", "units": {}, "dislodged": {}, "contested": [3]}, "/contested/0", "unknown province 3"),
    ({"phase": "S1901M", "units": {}, "dislodged": {"ITALY": [DISLODGED]}}, "/dislodged/ITALY", "only in a retreat"),
    (dict(RETREAT, dislodged={"ITALY": [7]}), "/dislodged/ITALY/0", "expected {\"unit\""),
    (dict(RETREAT, dislodged={"ITALY": [dict(DISLODGED, by=1)]}), "/dislodged/ITALY/0/by", "unknown key 'by'"),
    (dict(RETREAT, dislodged={"ITALY": [{"unit": "A VIE"}]}), "/dislodged/ITALY/0", "'attacker_from' is missing"),
    (dict(RETREAT, dislodged={"ITALY": [dict(DISLODGED, unit="X")]}), "/dislodged/ITALY/0/unit", "a unit is written"),
    (dict(RETREAT, dislodged={"ITALY": [dict(DISLODGED, attacker_from=1)]}), "/dislodged/ITALY/0/attacker_from",
     "unknown province 1 in attacker_from"),
    (dict(RETREAT, dislodged={"ITALY": [dict(DISLODGED, via_convoy=0)]}), "/dislodged/ITALY/0/via_convoy",
     "via_convoy must be true or false, got 0"),
    (dict(RETREAT, dislodged={"ITALY": [dict(DISLODGED, retreats="BOH")]}), "/dislodged/ITALY/0/retreats",
     "must be a list of locations"),
    (dict(RETREAT, dislodged={"ITALY": [dict(DISLODGED, retreats=[None])]}), "/dislodged/ITALY/0/retreats/0",
     "None is not a location of the map"),
    ({"phase": "W1901A", "units": {}, "centers": {}, "adjustments": []}, "/adjustments", "map power names to numbers"),
    ({"phase": "W1901A", "units": {}, "centers": {}, "adjustments": {"FRANCE": True}}, "/adjustments/FRANCE",
     "True is not a whole number"),
    ({"phase": "W1901A", "units": {}, "centers": {}, "winner": 1}, "/winner", "power names are strings"),
])
def test_the_schema_refuses_and_the_adjudicator_says_why(game, request_, pointer, says):
    """The request is checked by its schema: each rule the schema holds refuses a request,
    and the refusal says what is wrong at the place of the fault, in the adjudicator's words
    (never the schema's own message, nor a hint that only points at the schema)."""
    assert list(REQUEST.iter_errors(request_))
    err = error(game, request_)
    assert (err.pointer, err.code in ("DIP030", "DIP031", "DIP032")) == (pointer, True)
    assert says in err.message and "\n" not in err.message
    assert "schema" not in err.hint, err.hint


def test_a_lone_order_may_be_a_string(game):
    """The schema allows one order written on its own, as the adjudicator always read it."""
    request = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": "A PAR - BUR"}}
    assert not list(REQUEST.iter_errors(request))
    assert game.adjudicate(request)["after"]["units"] == {"FRANCE": ["A BUR"]}
