"""The adjudicator's public request surface (`Game.adjudicate`, `mapwright adjudicate`) as
untrusted programs (bots, judges, web forms) use it: the faults fuzzing it found, one
regression test each."""
from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import re
import time
from functools import lru_cache
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from generator import api
from generator.cli import main
from generator.families.diplomacy.api import AdjudicationError
from generator.families.diplomacy.model import province_of
from generator.families.diplomacy.play import movement_orders, random_orders, start_request
from generator.schemas import fast_check, validator

GAMES = ("classic", "divided-states")
EXAMPLES = os.environ.get("MAPWRIGHT_REQUEST_FUZZ_EXAMPLES")
API_EXAMPLES, CLI_EXAMPLES = (int(EXAMPLES), int(EXAMPLES) // 4 or 1) if EXAMPLES else (500, 100)
FIXED = not EXAMPLES        # the same examples every run, unless on a hunt
RESPONSE = validator("adjudication-response")
VALID_RESPONSE = fast_check("adjudication-response")
CODES = {"DIP030", "DIP031", "DIP032"}
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]


@lru_cache(maxsize=None)
def game(game_id: str):
    return api.load_game(game_id)


# -- what every answer must satisfy --------------------------------------------------------

def resolves(request, pointer: str) -> bool:
    node = request
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            keys = [k for k in node if str(k) == token]
            if not keys:
                return False
            node = node[keys[0]]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return False
    return True


def check_error(request, exc: AdjudicationError) -> None:
    assert exc.code in CODES, exc.code
    assert isinstance(exc.pointer, str) and (exc.pointer == "" or exc.pointer.startswith("/"))
    assert resolves(request, exc.pointer), (exc.pointer, exc.message)
    assert exc.message and len(exc.message.splitlines()) == 1, repr(exc.message[:300])
    assert len(exc.message) <= 400, exc.message[:400]
    assert exc.hint and len(exc.hint.splitlines()) == 1 and len(exc.hint) <= 400, exc.hint[:400]


def next_request(g, after: dict, rng: random.Random) -> dict:
    return dict(after, orders=random_orders(g.model, after, rng))


def check_answer(g, request, rng: random.Random):
    """The response, or None when the request was refused as it must be."""
    try:
        response = g.adjudicate(request)
    except AdjudicationError as exc:
        note(f"refused: {exc.code} {exc.pointer}: {exc.message[:200]}")
        check_error(request, exc)
        return None
    assert VALID_RESPONSE(response), [e.message[:200] for e in RESPONSE.iter_errors(response)][:3]
    json.dumps(response)
    after = response["after"]
    if after["winner"] is None:
        follow = next_request(g, after, rng)
        try:
            g.adjudicate(follow)
        except AdjudicationError as exc:     # the only end of a game but a winner: the calendar's
            assert re.fullmatch(r"(F9999[MR]|W9999A)", after["phase"]), (after["phase"], exc.message)
            assert exc.pointer == "/phase" and "past year 9999" in exc.message, exc.message
    return response


START = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]}}
RETREAT = {"phase": "S1901R", "units": {"GERMANY": ["A PAR"]}, "contested": [],
           "dislodged": {"FRANCE": [{"unit": "A PAR", "attacker_from": "BUR", "via_convoy": False}]}}


# -- faults the fuzzing found, one test each ----------------------------------------------------

def nested(depth: int):
    value = "S1901M"
    for _ in range(depth):
        value = [value]
    return value


def refused(game_id: str, request) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as err:
        game(game_id).adjudicate(request)
    check_error(request, err.value)
    return err.value


@pytest.mark.parametrize("phase", ["S\u0661\u0669\u0660\u0661M", "S1901M\n", "F\uff11\uff19\uff10\uff11M"])
def test_a_phase_is_written_in_ascii_digits_and_nothing_after(phase):
    """`\\d` and `$` let Arabic-Indic or full-width digits and a trailing newline through,
    and the response echoed a phase its own schema refuses."""
    assert refused("classic", dict(START, phase=phase)).pointer == "/phase"


def test_the_calendar_ends_with_a_refusal_naming_the_phase():
    """F9999M and W9999A were adjudicated into an `after` of S10000M, which no request
    (and not the response schema) accepts: now they are refused up front, and the last
    phases' `after` names the phase that is refused."""
    for phase in ("F9999M", "F9999R", "W9999A"):
        err = refused("classic", {"phase": phase, "units": {}, "centers": {}, "contested": [], "dislodged": {}})
        assert err.pointer == "/phase" and "past year 9999" in err.message
    response = game("classic").adjudicate(dict(START, phase="S9999M"))
    assert VALID_RESPONSE(response) and response["after"]["phase"] == "F9999M"
    check_answer(game("classic"), dict(START, phase="S9999M"), random.Random(0))
    assert game("classic").adjudicate(dict(START, phase="S0M", orders={"FRANCE": ["A PAR - BUR"]}))["after"]["phase"] == "F0M"


@pytest.mark.parametrize("game_id, request_", [
    ("classic", {"phase": "S1901M", "units": {"a\nb": []}}),
    ("classic", {"phase": "S1901M", "units": {}, "x\ny": 1, "z": 2}),
    ("classic", {"phase": "S1901M", "units": {"X" * 100_000: []}}),
    ("classic", {"phase": "S1901M", "units": {"FRANCE": ["A " + "PAR " * 30_000]}}),
    ("classic", {"phase": "S1901M", "units": {"FRANCE": ["A " + "x" * 100_000]}}),
    ("classic", {"phase": "S1901R", "units": {}, "contested": [],
                 "dislodged": {"FRANCE": [{"unit": "A PAR", "attacker_from": "BUR", "via_convoy": False,
                                           "a\nb": 1}]}}),
    ("divided-states", {"phase": "S1901M", "units": {"FRANCE": []}}),
    ("divided-states", {"phase": "W2020A", "units": {}, "centers": {}, "winner": "FRANCE"}),
])
def test_a_message_is_one_short_line_whatever_was_sent(game_id, request_):
    """Keys and texts as sent were pasted whole into messages (a newline, 100,000
    characters), and an unknown power's message listed all fifty powers of Divided States."""
    refused(game_id, request_)


def test_divided_states_adjustments_stated_wrong_name_the_first_power_in_one_line():
    request = dict(start_request(game("divided-states").model), adjustments={})     # 50 powers build
    err = refused("divided-states", request)
    assert "leaves out" in err.message and err.pointer == "/adjustments"


@pytest.mark.parametrize("request_", [
    {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR", "BRE"]},
     "adjustments": {"FRANCE": 10 ** 5000}},
    {"phase": "S1901M", "units": {}, "adjustments": {"FRANCE": -(10 ** 5000)}},
    {"phase": "S1901R", "movement": {"phase": nested(5000)}},
])
def test_odd_values_are_refused_not_crashes(request_):
    """A huge integer (its digits cannot be shown: ValueError) or a deeply nested phase
    (its repr: RecursionError) escaped as other exceptions."""
    refused("classic", request_)


def test_movement_without_a_phase_is_pointed_at_where_it_stands():
    """The pointer named /movement/phase, which the request does not hold."""
    assert refused("classic", {"phase": "S1901R", "movement": {"units": {}}}).pointer == "/movement"


@pytest.mark.parametrize("contested, code", [(None, "DIP031"), ({}, "DIP030"), ("", "DIP030"), (False, "DIP030"),
                                             (0, "DIP030")])
def test_a_retreat_request_states_its_standoffs(contested, code):
    """`contested: null` (or any false value) was read as "no standoffs": a default for
    the fact that decides where a unit may retreat (DATC 6.H.6)."""
    err = refused("classic", dict(RETREAT, contested=contested))
    assert (err.code, err.pointer) == (code, "/contested")


def retreat_with(retreats, order: str) -> dict:
    dislodged = dict(RETREAT["dislodged"]["FRANCE"][0], retreats=retreats)
    return dict(RETREAT, dislodged={"FRANCE": [dislodged]}, orders={"FRANCE": [order]})


def test_stated_retreats_are_read_as_locations_and_checked():
    """`retreats` were upper-cased and silently dropped when they did not match a
    location id exactly: "Picardy" left the unit nowhere to go, "nowhere" was ignored."""
    response = game("classic").adjudicate(retreat_with(["Picardy", "gas"], "A PAR R PIC"))
    assert response["results"][0]["result"] == "succeeds" and response["after"]["units"]["FRANCE"] == ["A PIC"]
    response = game("classic").adjudicate(retreat_with(["PIC"], "A PAR R GAS"))
    assert response["results"][0]["legal"] is False
    assert refused("classic", retreat_with(["nowhere"], "A PAR R PIC")).pointer == "/dislodged/FRANCE/0/retreats/0"
    err = refused("classic", retreat_with(["PIC", "MOS"], "A PAR R PIC"))
    assert err.pointer == "/dislodged/FRANCE/0/retreats/1" and "MOS" in err.message and "PIC" in err.hint
    fleet = {"phase": "S1901R", "units": {"ENGLAND": ["F BAR"]}, "contested": [],
             "dislodged": {"RUSSIA": [{"unit": "F NWY", "attacker_from": "BAR", "via_convoy": False,
                                       "retreats": ["STP"]}]}, "orders": {"RUSSIA": ["F NWY R STP/NC"]}}
    assert game("classic").adjudicate(fleet)["after"]["units"]["RUSSIA"] == ["F STP/NC"]


@pytest.mark.parametrize("dislodged", [{"FRANCE": {}}, {"FRANCE": 0}, {"Atlantis": []}])
def test_dislodged_units_outside_a_retreat_phase_are_checked(dislodged):
    """Any false value passed for "none" (an object, 0, an unknown power's empty list)."""
    refused("classic", dict(START, dislodged=dislodged))


def test_stated_adjustments_may_say_zero_but_not_twice():
    """A power stated with 0 (true) was refused; one stated twice (FRANCE and France)
    kept the last silently."""
    request = {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR", "BRE"]}}
    assert game("classic").adjudicate(dict(request, adjustments={"FRANCE": 1, "ENGLAND": 0}))
    err = refused("classic", dict(request, adjustments={"FRANCE": 1, "France": 1}))
    assert "twice" in err.message and err.pointer in ("/adjustments/France", "/adjustments/FRANCE")


@pytest.mark.parametrize("request_", [
    {"phase": "S1901M", "units": {"FRANCE": ["A NTH"]}},
    {"phase": "S1901M", "units": {"FRANCE": ["F SPA"]}},
    {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A PAR"]}},
    {"phase": "S1901M", "units": {"FRANCE": "A PAR"}},
    {"phase": "S1901M", "units": []},
    {"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["BUR"]}},
    {"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["PAR"], "ENGLAND": ["PAR"]}},
    {"phase": "S1901M", "units": {}, "orders": {"FRANCE": [1]}},
    {"phase": "S1901M", "units": {}, "movement": {}},
    {"phase": "W1901M", "units": {}},
    {"phase": "S1901R", "movement": {"phase": "S1901M", "units": {"FRANCE": ["A NTH"]}}},
    dict(RETREAT, dislodged={"FRANCE": [{"unit": "A PAR", "attacker_from": "BUR", "via_convoy": 0}]}),
    dict(RETREAT, dislodged={"FRANCE": [{"unit": "A PAR", "attacker_from": "BUR"}]}),
    dict(RETREAT, dislodged={"FRANCE": [1]}),
])
def test_every_refusal_says_what_to_do(request_):
    """Most refusals said only "see the adjudication-request schema", and a retreat
    request's movement lost the hint of its own fault."""
    err = refused("classic", request_)
    assert err.hint != "see the adjudication-request schema", err.message


def test_texts_longer_than_any_order_are_not_kept():
    """The per-game tables (and the map's table of names looked up) kept every text
    read, of any length: a long-running judge could be grown without bound in bytes."""
    g = api.load_game("classic")          # tables of its own
    long_order, long_word = "A PAR - " + "BUR " * 200, "Q" * 5_000
    g.adjudicate(dict(START, orders={"FRANCE": [long_order, "A PAR - BUR"]}))
    index = g.model.__dict__["_adjudication_index"]
    assert all(len(text) <= 500 for table in index.orders.values() for text in table)
    assert "A PAR - BUR" in index.orders["FRANCE"]
    for request in (dict(START, centers={"FRANCE": [long_word]}), dict(RETREAT, contested=[long_word])):
        with pytest.raises(AdjudicationError):
            g.adjudicate(request)
    assert long_word not in g.model.map._lookup_cache


# -- the command's faults -----------------------------------------------------------------------

STRING_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def run_cli(tmp_path, game_id: str, text: bytes, *args: str) -> tuple[int, bytes, str]:
    """`mapwright adjudicate GAME FILE [args]` in this process, its output written as a
    terminal would take it (UTF-8, strict), so that what cannot be written fails here too."""
    path = tmp_path / "requests.jsonl"
    path.write_bytes(text)
    out, err = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict", newline="\n")
    # the game loaded once (validating it costs more than the requests here)
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(err), \
            mock.patch("generator.api.load_game", lambda name, **_: game(name)):
        code = main(["adjudicate", game_id, str(path), *args])
        stdout.flush()
    assert "internal error" not in err.getvalue(), err.getvalue()[-2000:]
    return code, out.getvalue(), err.getvalue()


def single(tmp_path, text: str) -> list[str]:
    code, _, err = run_cli(tmp_path, "classic", text.encode("utf-8"))
    assert code == 1
    return [line for line in err.splitlines() if "DIP0" in line]


def test_a_lone_surrogate_escape_is_refused_where_it_stands(tmp_path):
    """A request holding "\\ud800" was located at 1:1 when it was refused, and when it
    was adjudicated its response could not be written: "internal error"."""
    text = '{"phase": "S1901M",\n "units": {"FRANCE": ["A PAR"]},\n "orders": {"FRANCE": ["A PAR - \\ud800"]}}'
    at = text.split("\n")[2].index("\\ud800") + 1
    assert single(tmp_path, text)[0].startswith(f"{tmp_path / 'requests.jsonl'}:3:{at}: ")
    line = text.replace("\n", "") + "\n"
    code, output, _ = run_cli(tmp_path, "classic", (line * 2).encode(), "--jsonl")
    answers = [json.loads(a) for a in output.decode().splitlines()]
    assert [a["line"] for a in answers] == [1, 2] and answers[0]["diagnostics"][0]["code"] == "DIP032"
    fine = line.replace("\\ud800", "\\ud83c\\udff0")          # a pair is a character
    code, output, _ = run_cli(tmp_path, "classic", fine.encode(), "--jsonl")
    assert code == 0 and "results" in json.loads(output)


def test_a_key_given_twice_is_refused_at_its_second_place(tmp_path):
    """json.loads kept the last of two keys silently (another reader keeps the first), and
    the error found in the kept value was located at the first."""
    text = '{"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},\n "units": {"FRANCE": ["A NTH"]}}'
    assert single(tmp_path, text)[0].split(": ", 1)[0].endswith(":2:2")
    assert "twice" in single(tmp_path, text)[0]


@pytest.mark.parametrize("odd", ["\u0085", "\u2028", "\x7f", "\ufeff"])
def test_positions_are_read_from_the_json_text(tmp_path, odd):
    """The diagnostic's position came from reading the JSON text as YAML, for which
    U+0085 and U+2028 break lines and DEL may not stand: a line too many, or 1:1."""
    text = '{"phase": "S1901M",\n "orders": {"FRANCE": ["A PAR ' + odd + ' - BUR"]},\n "units": {"FRANCE": ["A NTH"]}}'
    at = text.split("\n")[2].index('"A NTH"') + 1
    assert f"requests.jsonl:3:{at}: " in single(tmp_path, text)[0]


def test_byte_order_mark_and_non_finite_numbers(tmp_path):
    """A leading byte-order mark was refused as not JSON; NaN and Infinity were read."""
    line = json.dumps(START)
    code, output, _ = run_cli(tmp_path, "classic", ("\ufeff" + line + "\n").encode(), "--jsonl")
    assert code == 0 and "results" in json.loads(output)
    bad = line[:-1] + ', "adjustments": {"FRANCE": NaN}}'
    assert f"requests.jsonl:1:{bad.index('NaN') + 1}: " in single(tmp_path, bad)[0]


def test_an_overlong_line_is_read_in_bounded_memory(tmp_path, monkeypatch):
    """A request line was read whole, of any length, before being refused as too large."""
    from generator.commands import adjudicate
    monkeypatch.setattr(adjudicate, "MAX_REQUEST_BYTES", 1000)
    reads = []

    class Stream(io.BytesIO):
        def readline(self, size=-1):
            line = super().readline(size)
            reads.append(len(line))
            return line

        def __iter__(self):
            while line := self.readline():
                yield line

    text = (json.dumps(dict(START, orders={"FRANCE": ["A PAR H"] * 200_000})) + "\n" + json.dumps(START) + "\n").encode()
    out, err = io.StringIO(), io.StringIO()
    stdin = mock.Mock(buffer=Stream(text))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), mock.patch("sys.stdin", stdin), \
            mock.patch("generator.api.load_game", lambda name, **_: game(name)):
        assert main(["adjudicate", "classic", "--jsonl"]) == 1
    answers = [json.loads(a) for a in out.getvalue().splitlines()]
    assert "larger than" in answers[0]["diagnostics"][0]["message"] and "results" in answers[1]
    assert max(reads) <= 1024 * 1024       # (the line: 2 MB)
