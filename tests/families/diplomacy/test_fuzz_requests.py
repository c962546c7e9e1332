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
