"""Fuzzing the adjudicator's public request surface: real requests, mutated as a buggy
bot, a hostile client or a careless web form might.

Requests come from untrusted programs. The seeds are real: random games played on
Classic and Divided States (and, with fewer examples, Modern Europe) by chaining (each response's `after` plus random orders
drawn from the units on the board, generator/families/diplomacy/play.py, with
aggressive supported attacks mixed in so that units are dislodged), giving movement,
retreat (both forms: `dislodged` and `contested` stated, as a response's `after`
gives them, or the `movement` it follows) and adjustment requests. Each example
changes a few things: a value's type, a key deleted or added, huge strings, deep
nesting, very many orders or units, odd Unicode (combining marks, RTL overrides, NUL,
lone surrogates), orders in odd notation, units in impossible places or twice,
phases like F9999M, S0000M or X1901M, centres owned twice, unknown powers,
`adjustments` and `winner` stated wrong. Whatever the request:

- `Game.adjudicate` answers a response that matches schemas/adjudication-response,
  whose `after` (with fresh orders) is accepted as the next request, or raises
  AdjudicationError (DIP030/031/032) whose JSON pointer resolves to a place in the
  request and whose message is one short line with a hint; never anything else;
- `mapwright adjudicate --jsonl` answers every non-blank input line with exactly one
  output line, each a response or `{"line": N, "diagnostics": [...]}` located on
  line N at a value's first character (at the fault itself for duplicate keys and
  lone surrogate escapes), and never an internal error;
- hostile input costs linear time: a request ten times larger takes at most ~30 times
  as long (process time, the best of a few runs; never an absolute time).

The faults the fuzzing found come first, one regression test each; the properties follow.

MAPWRIGHT_REQUEST_FUZZ_EXAMPLES sets the examples per property and draws new ones each run
(a hunt); without it every run tries the same examples.
"""
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
    fleet = {"phase": "S1901R", "units": {"ENGLAND": ["F NWY"]}, "contested": [],
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
    with pytest.raises(AdjudicationError, match="at most 500 characters"):     # (now refused outright)
        g.adjudicate(dict(START, orders={"FRANCE": [long_order, "A PAR - BUR"]}))
    g.adjudicate(dict(START, orders={"FRANCE": ["A PAR - BUR"]}))
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
    # the game loaded once (validating it costs more than the requests here), before
    # load_game is patched to it
    game(game_id)
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


@pytest.mark.parametrize("orders, at, says", [
    (["A PAR - " + "BUR " * 200], 0, "at most 500 characters"),
    (["A PAR - BUR", "A PAR - PIC", "A PAR H", "A PAR - GAS", "A PAR - BUR", "A MAR H"], 4,
     "more than 4 orders for the unit in PAR"),
    (["A MAR H"] * 400, 4 * 76, "more than 304 orders"),            # 76 provinces in all
])
def test_orders_past_what_the_map_could_need_are_refused_where_they_stand(tmp_path, orders, at, says):
    """A request of one unit ordered 1.68 million times cost 29 s and 4.9 GB, one order
    of 16 MB 2.6 s and 933 MB: now each is refused at the first order past a bound."""
    text = json.dumps(dict(START, orders={"FRANCE": orders}), indent=1)
    found = single(tmp_path, text)
    line = text[:json_position(text, "FRANCE", at)].count("\n") + 1
    assert len(found) == 1 and "error[DIP032]" in found[0] and says in found[0]
    assert found[0].startswith(f"{tmp_path / 'requests.jsonl'}:{line}:")


def json_position(text: str, power: str, index: int) -> int:
    """Offset of the index-th order of the power in an indented request."""
    start = text.index(f'"{power}": [', text.index('"orders"'))
    return [m.start() for m in STRING_TOKEN.finditer(text, start)][index + 1]


def test_a_unit_longer_than_any_is_refused_at_its_place(tmp_path):
    text = json.dumps(dict(START, units={"FRANCE": ["A PAR", "A " + "MAR " * 100]}))
    assert "at most 200 characters" in single(tmp_path, text)[0]


@pytest.mark.parametrize("orders", [["A PAR - BUR"] * 1_190_000, ["A PAR - " + "BUR " * 4_150_000]])
def test_a_16_mb_request_of_orders_costs_under_2_s_and_500_mb(tmp_path, orders):
    from costs import command_cost
    from generator.commands.adjudicate import MAX_REQUEST_BYTES
    path = tmp_path / "request.json"
    path.write_text(json.dumps(dict(START, orders={"FRANCE": orders}), separators=(",", ":")))
    assert 0.98 * MAX_REQUEST_BYTES < path.stat().st_size <= MAX_REQUEST_BYTES
    cost = command_cost("adjudicate", "classic", path)
    assert cost.code == 1 and "DIP032" in cost.stderr and "Traceback" not in cost.stderr
    assert cost.cpu < 2 and cost.peak_mb < 500, cost


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


# -- seeds: real requests from random games ---------------------------------------------

def aggressive_orders(model, request: dict, rng: random.Random) -> dict[str, list[str]]:
    """Movement orders that attack a neighbouring foreign unit with every friendly unit
    that can support the attack, so that units are dislodged and retreats follow."""
    m = model.map
    units = {province_of(u.split()[1]): (p, u.split()[0], u.split()[1])
             for p, us in sorted(request["units"].items()) for u in us}
    orders = movement_orders(model, request, rng)
    given: dict[str, str] = {}
    for prov, (power, kind, loc) in sorted(units.items()):
        if prov in given or rng.random() < 0.4:
            continue
        targets = [province_of(n) for n in m.neighbours(loc, kind)
                   if province_of(n) in units and units[province_of(n)][0] != power]
        if not targets:
            continue
        target = rng.choice(sorted(set(targets)))
        dest = next(n for n in m.neighbours(loc, kind) if province_of(n) == target)
        given[prov] = f"{kind} {loc} - {dest}"
        for q, (qpower, qkind, qloc) in sorted(units.items()):
            if q not in given and qpower == power and q != prov and any(
                    province_of(n) == target for n in m.neighbours(qloc, qkind)):
                given[q] = f"{qkind} {qloc} S {kind} {loc} - {target}"
    if given:
        orders = {p: [o for o in os_ if province_of(o.split()[1]) not in given] for p, os_ in orders.items()}
        for prov, text in given.items():
            orders.setdefault(units[prov][0], []).append(text)
    return orders


@lru_cache(maxsize=None)
def seeds(game_id: str) -> tuple[str, ...]:
    """Real requests (as JSON text, so each example mutates a fresh copy) of every kind:
    movement, retreat stated, retreat with its movement, adjustment."""
    g = game(game_id)
    found: dict[str, list[str]] = {"M": [], "R": [], "Rm": [], "A": []}
    for seed in range(6):
        rng = random.Random(seed)
        position = start_request(g.model)
        previous = None
        for _ in range(16):
            step = position["phase"][-1]
            if step == "M" and rng.random() < 0.7:
                orders = aggressive_orders(g.model, position, rng)
            else:
                orders = random_orders(g.model, position, rng)
            request = dict(position, orders=orders)
            found[step].append(json.dumps(request))
            if step == "R" and previous is not None:
                found["Rm"].append(json.dumps({"phase": request["phase"], "movement": previous,
                                               "orders": orders}))
            response = g.adjudicate(request)
            if response["after"]["winner"]:
                break
            previous, position = request, response["after"]
    assert all(found.values()), {k: len(v) for k, v in found.items()}
    picked = []
    for kind in ("M", "R", "Rm", "A"):
        picked += found[kind][:12]
    return tuple(picked)


# -- mutations ---------------------------------------------------------------------------

HUGE = "x" * 100_000
ODD_STRINGS = ["", " ", "\t", HUGE, "A" * 100_000, "A " + "PAR " * 20_000, "e\u0301", "A PAR\u0301",
               "\u202eA PAR - BUR", "\u202e", "A\x00PAR", "\x00", "\ud800", "\udfff", "\U0001f3f0",
               "\u2028", "\x85", "\ufeff", "\u0661\u0669\u0660\u0661", "A Moscow moves to Ukraine",
               "a par - bur", "  A   PAR   -   BUR  ", "F STP/NC", "F STP(sc)", "F Spain north coast",
               "A NTH", "F MOS", "F STP", "A SPA/NC", "F SPA/XX", "F9999M", "S0000M", "X1901M", "S1901",
               "s1901m", "W9999A", "F9999R", "S9999M", "W1901M", "S\u0661\u0669\u0660\u0661M", "S1901M\n",
               "S19010M", "FRANCE", "france", "NEUTRAL", "Atlantis", "null", "1901", "WAIVE",
               "Build A PAR", "A PAR D", "A PAR R BUR", "A PAR -> BUR", "A PAR \u2013 BUR", "-" * 1000,
               "(" * 1000, "/" * 1000, "A PAR S A " + "BUR " * 5000, "A PAR - BUR.", "A PAR - BUR VIA CONVOY",
               "PERMIT F MED", "A PAR T F", "units", "phase", "orders", "~1/", "a\nb"]
ODD_SCALARS = [None, True, False, 0, -1, 1, 7, 2 ** 53, -(2 ** 63), 10 ** 4000, 1.5, -0.0, 1e308,
               float("inf"), float("nan")]


def odd_value(draw):
    kind = draw(st.sampled_from(["scalar", "string", "list", "dict"]))
    if kind == "scalar":
        return draw(st.sampled_from(ODD_SCALARS))
    if kind == "string":
        return draw(st.sampled_from(ODD_STRINGS))
    if kind == "list":
        return draw(st.sampled_from([[], [None], [[]], [{}], ["A PAR"], [1, "x"], [HUGE]]))
    return draw(st.sampled_from([{}, {"a": 1}, {"FRANCE": []}, {"FRANCE": "A PAR"}, {"": None}]))


def nodes(value, path=()):
    """Every (path, value) of a request, its root first."""
    out, stack = [], [(path, value)]
    while stack:
        p, v = stack.pop()
        out.append((p, v))
        if isinstance(v, dict):
            stack += [(p + (k,), x) for k, x in v.items()]
        elif isinstance(v, list):
            stack += [(p + (i,), x) for i, x in enumerate(v)]
    return out


def get(root, path):
    for p in path:
        root = root[p]
    return root


def put(root, path, value):
    get(root, path[:-1])[path[-1]] = value
    return root


def notations(model, text: str) -> list[str]:
    """A unit or an order as people write it: names, lower case, spaces, coasts, words."""
    m = model.map
    words = text.split()
    out = [text.lower(), text.upper(), "  ".join(words) + "  ", text.replace(" - ", " moves to "),
           text.replace(" - ", "-"), text.replace(" - ", " -> "), text + ".", text + " /NC", text + "(sc)",
           text + " north coast", " ".join(words[1:]), text.replace("A ", "Army ", 1).replace("F ", "Fleet ", 1),
           ("F " if words[0] == "A" else "A ") + " ".join(words[1:])]
    named = []
    for w in words:
        pid = m.lookup(w.split("/")[0]) if len(w) > 1 else None
        named.append(m.provinces[pid].name if pid else w)
    out.append(" ".join(named))
    out.append(" ".join(named).lower())
    return out


@st.composite
def mutated_request(draw, game_id: str):
    g = game(game_id)
    request = json.loads(draw(st.sampled_from(seeds(game_id))))
    done = []
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["retype", "retype", "delete", "add", "string", "string", "notation",
                                    "notation", "nest", "many", "unit twice", "phase", "centre twice",
                                    "power", "stated", "stated", "swap"]))
        everything = nodes(request)
        inner = [(p, v) for p, v in everything if p]
        done.append(how)
        if how == "retype" and inner:
            path, _ = draw(st.sampled_from(inner))
            put(request, path, odd_value(draw))
        elif how == "delete":
            members = [(p, v) for p, v in inner if isinstance(get(request, p[:-1]), dict)]
            if members:
                path, _ = draw(st.sampled_from(members))
                del get(request, path[:-1])[path[-1]]
        elif how == "add":
            dicts = [(p, v) for p, v in everything if isinstance(v, dict)]
            path, target = draw(st.sampled_from(dicts))
            key = draw(st.sampled_from(["phase", "units", "centers", "orders", "dislodged", "contested",
                                        "movement", "adjustments", "winner", "retreats", "unit",
                                        "attacker_from", "via_convoy", "FRANCE", "France", "ENGLAND",
                                        "NEUTRAL", "x", "", HUGE, "a\nb", "\ud800", "~1/"]))
            other = draw(st.sampled_from(everything))[1]
            target[key] = copy.deepcopy(other) if draw(st.booleans()) else odd_value(draw)
        elif how == "string":
            strings = [(p, v) for p, v in inner if isinstance(v, str)]
            if strings:
                path, value = draw(st.sampled_from(strings))
                odd = draw(st.sampled_from(ODD_STRINGS))
                put(request, path, draw(st.sampled_from([odd, value + odd, odd + value, value * 3])))
        elif how == "notation":
            texts = [(p, v) for p, v in inner if isinstance(v, str) and len(v.split()) >= 2
                     and p[0] in ("units", "orders", "dislodged", "movement")]
            if texts:
                path, value = draw(st.sampled_from(texts))
                put(request, path, draw(st.sampled_from(notations(g.model, value))))
        elif how == "nest" and inner:
            path, value = draw(st.sampled_from(inner))
            for _ in range(draw(st.sampled_from([1, 3, 60, 400]))):
                value = [value] if draw(st.booleans()) else {"x": value}
            put(request, path, value)
        elif how == "many":
            lists = [(p, v) for p, v in everything if isinstance(v, list) and v]
            if lists:
                path, value = draw(st.sampled_from(lists))
                n = draw(st.sampled_from([2, 50, 3000]))
                if draw(st.booleans()):
                    put(request, path, value * n)
                else:
                    put(request, path, value + [f"{x} {i}" if isinstance(x, str) else x
                                                for i in range(n) for x in value[:1]])
        elif how == "unit twice":
            units = request.get("units") if isinstance(request.get("units"), dict) else None
            all_units = [u for us in (units or {}).values() if isinstance(us, list) for u in us]
            if units and all_units:
                unit = draw(st.sampled_from(all_units))
                power = draw(st.sampled_from(sorted(units, key=str) + ["FRANCE", "TEXAS"]))
                units.setdefault(power, [])
                if isinstance(units[power], list):
                    units[power].append(unit)
        elif how == "phase":
            request["phase"] = draw(st.sampled_from(["F9999M", "S9999M", "W9999A", "F9999R", "S9999R",
                                                     "S0000M", "F0M", "W0A", "X1901M", "S1901", "s1901m",
                                                     "S\u0661\u0669\u0660\u0661M", "S1901M\n", "S19010M",
                                                     "W1901M", "S1901A", "F1901R", "S1901R", "W1901A",
                                                     "S1901M", "F1901M", "S 1901 M", ""]))
        elif how == "centre twice":
            centers = request.get("centers")
            if isinstance(centers, dict):
                owned = [c for cs in centers.values() if isinstance(cs, list) for c in cs]
                if owned:
                    centre = draw(st.sampled_from(owned))
                    power = draw(st.sampled_from(sorted(centers, key=str) + sorted(g.model.map.powers)[:2]))
                    if isinstance(centers.get(power, []), list):
                        centers.setdefault(power, []).append(centre)
        elif how == "power":
            for key in ("units", "centers", "orders", "dislodged", "adjustments"):
                value = request.get(key)
                if isinstance(value, dict) and value:
                    old = draw(st.sampled_from(sorted(value, key=str)))
                    new = draw(st.sampled_from(["Atlantis", "NEUTRAL", "", str(old).lower(), str(old).title(),
                                                f" {old}", HUGE, "\u202eFRANCE", "1"]))
                    value[new] = value.pop(old)
                    break
        elif how == "stated":
            which = draw(st.sampled_from(["adjustments", "winner"]))
            powers = sorted(g.model.map.powers)
            if which == "adjustments":
                request["adjustments"] = draw(st.sampled_from([
                    {}, {powers[0]: 1}, {powers[0]: 0}, {powers[0]: -1}, {powers[0]: True}, {powers[0]: 1.0},
                    {powers[0]: 10 ** 4000}, {"Atlantis": 1}, [], None, 3]))
            else:
                request["winner"] = draw(st.sampled_from([None, powers[0], powers[-1], "Atlantis", 1, [], {}]))
        elif how == "swap":
            keys = [k for k in ("units", "centers", "orders", "dislodged", "contested") if k in request]
            if len(keys) >= 2:
                a, b = draw(st.sampled_from(keys)), draw(st.sampled_from(keys))
                request[a], request[b] = request[b], request[a]
    return request, done


@pytest.mark.parametrize("game_id", GAMES)
def test_seeds_cover_every_kind_of_request(game_id):
    phases = [json.loads(s) for s in seeds(game_id)]
    assert {p["phase"][-1] for p in phases} == {"M", "R", "A"}
    assert any("movement" in p for p in phases) and any("dislodged" in p and p["dislodged"] for p in phases)
    rng = random.Random(0)
    for request in phases:
        assert check_answer(game(game_id), request, rng) is not None, request["phase"]


# Modern Europe's rule modules (canals, sealanes, transform) get fewer examples of their own.
@pytest.mark.parametrize("game_id, examples", [(g, API_EXAMPLES // len(GAMES)) for g in GAMES]
                         + [("modern-europe", API_EXAMPLES // 6)])
def test_a_mutated_request_is_answered_or_refused_with_a_located_error(game_id, examples):
    @settings(max_examples=examples, deadline=None, database=None, derandomize=FIXED,
              suppress_health_check=HEALTH)
    @given(mutated_request(game_id), st.integers(0, 2 ** 32))
    def check(case, rng_seed):
        request, done = case
        note(f"mutations: {done}")
        check_answer(game(game_id), request, random.Random(rng_seed))

    check()


# -- the command: JSON text in, one line out per request line ---------------------------------

def check_located(line_text: str, diagnostic: dict, request) -> None:
    """A diagnostic of an adjudication error points at the first character of the value
    (or member key) its pointer names."""
    col = diagnostic["column"]
    assert 1 <= col <= len(line_text) + 1, (col, len(line_text))
    pointer = diagnostic["pointer"]
    if not pointer or not isinstance(request, dict) or not resolves(request, pointer):
        return
    at = line_text[col - 1:]
    assert at[:1] in '"[{-0123456789tfnNI', (pointer, at[:40])
    last = pointer.rsplit("/", 1)[1].replace("~1", "/").replace("~0", "~")
    container = request
    for token in pointer.split("/")[1:-1]:
        token = token.replace("~1", "/").replace("~0", "~")
        container = container[int(token)] if isinstance(container, list) else container[token]
    if isinstance(container, dict):          # a member: located at its key
        m = STRING_TOKEN.match(at)
        assert m and json.loads(m.group()) == last, (pointer, at[:60])


def check_cli_output(lines: list[str], output: bytes, requests: dict[int, object], faults: dict[int, int]):
    """Each non-blank input line answered by one output line, in order; errors on their
    line, and at the fault itself where the test knows where it put one."""
    shown = output.decode("utf-8").split("\n")
    assert shown[-1] == "" and len(shown[-1:]) == 1
    answers = shown[:-1]
    numbered = [n for n, text in enumerate(lines, 1) if text.strip()]
    assert len(answers) == len(numbered), (len(answers), len(numbered))
    for n, answer in zip(numbered, answers):
        assert len(answer.splitlines()) == 1
        data = json.loads(answer)
        if "diagnostics" in data:
            assert data["line"] == n and data["diagnostics"], data
            for d in data["diagnostics"]:
                assert d["code"] in CODES and d["line"] == n, d
                assert len(d["message"].splitlines()) == 1 and len(d["message"]) <= 400, d["message"][:400]
                assert d["hint"], d
            first = data["diagnostics"][0]
            if n in faults:
                assert first["column"] == faults[n] + 1, (first, faults[n])
            else:
                check_located(lines[n - 1], first, requests.get(n))
        else:
            assert VALID_RESPONSE(data), [e.message[:200] for e in RESPONSE.iter_errors(data)][:3]


def dumps(value, change=None) -> tuple[str, int | None]:
    """JSON text of `value`; `change(path, value) -> text or None` may write a node its
    own way. Returns the text and the offset of the first fault `change` reported."""
    fault = [None]

    def go(v, path, parts):
        if change is not None:
            mine = change(path, v)
            if mine is not None:
                text, offset = mine
                if offset is not None and fault[0] is None:
                    fault[0] = sum(map(len, parts)) + offset
                parts.append(text)
                return
        if isinstance(v, dict):
            parts.append("{")
            for i, (k, x) in enumerate(v.items()):
                parts.append((", " if i else "") + json.dumps(k) + ": ")
                go(x, path + (k,), parts)
            parts.append("}")
        elif isinstance(v, list):
            parts.append("[")
            for i, x in enumerate(v):
                if i:
                    parts.append(", ")
                go(x, path + (i,), parts)
            parts.append("]")
        else:
            parts.append(json.dumps(v))

    parts: list[str] = []
    go(value, (), parts)
    return "".join(parts), fault[0]


LONE = [r"\ud800", r"\udfff", r"\uDBFF", r"\udc00\ud800", r"\ud800\u0041", r"\ud83c"]
FINE = [r"\ud83c\udff0", r"\\ud800", r"\u00e9", r"\u0000", r"\u202e", r"\u2028", "\u0085", "\u2028",
        "\u202e", "e\u0301", "\x7f", "\ufffe", "\U0001f3f0", r"\"", "\t".encode("unicode_escape").decode()]


@st.composite
def request_line(draw, game_id: str):
    """(JSON text of one request, where its fault is when the test put one there, the
    request as Python data when the text is JSON)."""
    how = draw(st.sampled_from(["seed", "mutated", "duplicate", "lone", "fine", "nan", "truncated", "deep",
                                "bom", "spaces"]))
    if how == "mutated":
        request, _ = draw(mutated_request(game_id))
        try:
            text = json.dumps(request, ensure_ascii=draw(st.booleans()))
            text.encode("utf-8")
        except (UnicodeEncodeError, ValueError):
            text = json.dumps(request)
        return text, None, request if not re.search(r"NaN|Infinity", text) else None
    request = json.loads(draw(st.sampled_from(seeds(game_id))))
    everything = nodes(request)
    if how == "duplicate":
        dicts = [p for p, v in everything if isinstance(v, dict) and v]
        where = draw(st.sampled_from(dicts))
        key = draw(st.sampled_from(sorted(get(request, where))))

        def change(path, v):
            if path != where:
                return None
            body, _ = dumps(v)
            extra = ", " + json.dumps(key) + ": "
            return body[:-1] + extra + json.dumps(draw(st.sampled_from([1, "x", [], None]))) + "}", len(body) - 1 + 2
        text, fault = dumps(request, change)
        return text, fault, None
    if how in ("lone", "fine"):
        strings = [p for p, v in everything if isinstance(v, str)]
        where = draw(st.sampled_from(strings))
        escape = draw(st.sampled_from(LONE if how == "lone" else FINE))

        def change(path, v):
            if path != where:
                return None
            body = json.dumps(v)
            cut = draw(st.integers(1, len(body) - 1))
            return body[:cut] + escape + body[cut:], cut if how == "lone" else None
        text, fault = dumps(request, change)
        return text, fault, json.loads(text) if how == "fine" else None
    if how == "nan":
        where = draw(st.sampled_from([p for p, v in everything if p]))
        literal = draw(st.sampled_from(["NaN", "Infinity", "-Infinity"]))
        text, fault = dumps(request, lambda path, v: (literal, 0) if path == where else None)
        return text, fault, None
    text = json.dumps(request)
    if how == "truncated":
        return text[:draw(st.integers(1, len(text) - 1))], None, None
    if how == "deep":
        depth = draw(st.sampled_from([10, 900, 5000, 100_000]))
        where = draw(st.sampled_from([p for p, v in everything if p]))
        text, _ = dumps(request, lambda path, v: ("[" * depth + "1" + "]" * depth, None) if path == where else None)
        return text, None, None
    if how == "bom":
        return "\ufeff" + text, None, request
    if how == "spaces":
        return text.replace(", ", draw(st.sampled_from([",\t", " ,\r ", ","]))), None, request
    return text, None, request


@pytest.mark.parametrize("game_id", GAMES)
def test_every_request_line_gets_one_answer_located_on_its_line(game_id, tmp_path):
    @settings(max_examples=CLI_EXAMPLES // len(GAMES), deadline=None, database=None, derandomize=FIXED,
              suppress_health_check=HEALTH + [HealthCheck.function_scoped_fixture])
    @given(st.lists(request_line(game_id), min_size=1, max_size=4), st.lists(st.sampled_from(["", " ", "\r"]),
                                                                                 max_size=2))
    def check(cases, blanks):
        lines, requests, faults = [], {}, {}
        for text, fault, request in cases:
            lines.append(text)
            requests[len(lines)] = request
            if fault is not None:
                faults[len(lines)] = fault
            if blanks:
                lines.append(blanks.pop())
        note(f"lines: {[line[:200] for line in lines]}")
        code, output, _ = run_cli(tmp_path, game_id, "\n".join(lines).encode("utf-8") + b"\n", "--jsonl")
        check_cli_output(lines, output, requests, faults)
        answers = output.decode("utf-8").split("\n")[:-1]
        assert code == (1 if any("diagnostics" in json.loads(a) for a in answers) else 0)
        for n, answer in zip([n for n, t in enumerate(lines, 1) if t.strip()], answers):
            data = json.loads(answer)
            if "diagnostics" not in data and requests.get(n) is not None:   # the command reads what the API does
                assert data == json.loads(json.dumps(game(game_id).adjudicate(requests[n])))

    check()


# -- hostile input costs linear time ------------------------------------------------------------

def cost(run, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def grows_linearly(make, n: int, what: str) -> None:
    """A request ten times larger costs at most ~30 times as much (the base cost floored
    at 5 ms, so that timer noise on a tiny cost cannot fail it)."""
    small, large = make(n), make(10 * n)
    small(), large()       # (tables filled, imports done)
    t1, t10 = cost(small), cost(large)
    assert t10 <= 30 * max(t1, 0.005), f"{what}: {t1:.4f}s for n={n}, {t10:.4f}s for 10n"


def api_call(game_id: str, request_of):
    g = game(game_id)

    def make(n):
        request = request_of(n)

        def run():
            try:
                g.adjudicate(request)
            except AdjudicationError:
                pass
        return run
    return make


HOSTILE = {
    "many orders": lambda n: dict(START, orders={"FRANCE": [f"A PAR - X{i}" for i in range(n)]}),
    "many orders for one unit": lambda n: dict(START, orders={"FRANCE": ["A PAR - BUR", "A PAR - PIC"] * n}),
    "many good orders": lambda n: dict(START, orders={"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"] * n}),
    "a long order": lambda n: dict(START, orders={"FRANCE": ["A PAR S A " + "BUR " * (20 * n)]}),
    "a long unit": lambda n: dict(START, units={"FRANCE": ["A " + "PAR " * (20 * n)]}),
    "a long power name": lambda n: dict(START, orders={"X" * (100 * n): []}),
    "many unknown powers": lambda n: dict(START, orders={f"P{i}": [] for i in range(n)}),
    "many unknown keys": lambda n: dict(START, **{f"k{i}": 1 for i in range(n)}),
    "many standoffs": lambda n: dict(RETREAT, contested=["BUR", "Picardy", "gas"] * n),
    "many retreats": lambda n: dict(RETREAT, dislodged={"FRANCE": [dict(RETREAT["dislodged"]["FRANCE"][0],
                                                                        retreats=["PIC", "gas"] * n)]}),
    "many stated adjustments": lambda n: {"phase": "W1901A", "units": {}, "centers": {},
                                          "adjustments": {"FRANCE": 0, **{f"P{i}": 0 for i in range(n)}}},
}


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_hostile_requests_cost_linear_time(what):
    grows_linearly(api_call("classic", HOSTILE[what]), 400, what)


def test_hostile_request_text_costs_linear_time(tmp_path):
    """The command's reading: many lines, a long line with its fault at the end (the
    locator walks the text), a key given twice or a lone surrogate at the end."""
    def cli(lines_of):
        def make(n):
            text = lines_of(n).encode("utf-8")

            def run():
                run_cli(tmp_path, "classic", text, "--jsonl")
            return run
        return make
    first = json.dumps(dict(START, orders={"FRANCE": ["A PAR - BUR"]}))
    orders = lambda n: json.dumps(dict(START, orders={"FRANCE": ["A PAR H"] * n}))[:-1]
    cases = {
        "many lines": lambda n: "\n".join([first] * (n // 10)) + "\n",
        "a fault at the end": lambda n: orders(n) + ', "Atlantis": {"x": 1}}\n',
        "a key twice at the end": lambda n: orders(n) + ', "orders": {}}\n',
        "a lone surrogate at the end": lambda n: orders(n) + ', "x": "\\ud800"}\n',
        "many escapes": lambda n: json.dumps(dict(START, orders={"FRANCE": ["\\\\" * (50 * n) + "\\ud800"]})) + "\n",
    }
    for what, lines_of in cases.items():
        grows_linearly(cli(lines_of), 400, what)


# -- a request like the ones before is read by plain lookups: the same answer --------------

def outcome(g, request):
    """The response, or the refusal's code, pointer and message."""
    try:
        return g.adjudicate(copy.deepcopy(request))
    except AdjudicationError as exc:
        return (exc.code, exc.pointer, exc.message, exc.hint)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_request_read_by_plain_lookups_is_answered_as_the_whole_reading_answers_it(game_id):
    """A game that has read many requests reads most new ones by looking their texts up
    (no schema check: every value found passed it before); a game that has read none
    checks each by the schema and reads it whole. Both answer every mutated request the
    same, and the plain reading is what the warm game mostly did."""
    from generator.families.diplomacy import api as diplomacy_api
    warm, cold = game(game_id), api.load_game(game_id)
    for text in seeds(game_id):
        outcome(warm, json.loads(text))
    plain = diplomacy_api._plain_request
    read_plainly = []

    def counting(*args):
        found = plain(*args)
        read_plainly.append(found is not None)
        return found

    @settings(max_examples=API_EXAMPLES // 4, deadline=None, database=None, derandomize=FIXED,
              suppress_health_check=HEALTH)
    @given(mutated_request(game_id))
    def check(case):
        request, done = case
        note(f"mutations: {done}")
        cold.model.__dict__.pop("_adjudication_index", None)      # its tables empty again
        with mock.patch.object(diplomacy_api, "_plain_request", counting):
            warm_answer = outcome(warm, request)
        assert warm_answer == outcome(cold, request)

    check()
    for text in seeds(game_id):      # the seeds themselves: plain when not a retreat
        with mock.patch.object(diplomacy_api, "_plain_request", counting):
            outcome(warm, json.loads(text))
    assert sum(read_plainly) >= 30, (sum(read_plainly), len(read_plainly))
