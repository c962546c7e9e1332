"""run_example: the engine behind every ```example block of the rules pages.

The block's `kind` picks the computation; the result is compared with `expect:`
(mappings compare only the keys the example gives, everything else exactly).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator

from ..base import Example, Outcome
from . import codes
from .control import control
from .costs import campaign
from .electoral import count
from .model import Game
from .momentum import free_state_secession, momentum
from .polling import final_polling, regional_poll
from .position import Position
from .setup import setup_problems
from .speeches import speech
from .tilemap import control_map

SCHEMA_PATH = Path(__file__).resolve().parents[3] / "schemas" / "election-example.schema.json"


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def schema_problems(example: Example) -> list:
    found = []
    data = example.data
    kind = data.get("kind")
    branches = _validator().schema["oneOf"]
    branch = next((b for b in branches if b["properties"]["kind"].get("const") == kind), None)
    if branch is None:
        kinds = ", ".join(b["properties"]["kind"]["const"] for b in branches)
        return [example.doc.diagnostic("/kind", codes.BAD_EXAMPLE, f"unknown example kind {kind!r}",
                                       hint=f"kinds: {kinds}")]
    validator = Draft202012Validator(branch)
    for error in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path)):
        pointer = "".join(f"/{p}" for p in error.absolute_path)
        found.append(example.doc.diagnostic(pointer, codes.BAD_EXAMPLE, error.message,
                                             hint="see the election-example schema"))
    return found


def _plain(value):
    """Result values as YAML would write them (tuples -> lists, keys -> strings)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def compare(expect, result, path: str = "") -> list[str]:
    if isinstance(expect, dict) and isinstance(result, dict):
        out = []
        for key, want in expect.items():
            where = f"{path}.{key}" if path else str(key)
            if str(key) not in result:
                out.append(f"{where}: expected {json.dumps(want, default=str)}, the engine gives nothing")
            else:
                out += compare(want, result[str(key)], where)
        return out
    if isinstance(expect, (int, float)) and not isinstance(expect, bool) and isinstance(result, str):
        result_cmp = result
        expect = str(expect)
    else:
        result_cmp = result
    if expect != result_cmp:
        return [f"{path or 'result'}: expected {json.dumps(expect, default=str)}, "
                f"the engine gives {json.dumps(result, default=str)}"]
    return []


def _campaign(game, data, pos):
    r = campaign(game, pos, data["party"], int(data["card"]), data["place"],
                 personal_appearance=bool(data.get("personal_appearance")),
                 speaking_tour=bool(data.get("speaking_tour")),
                 popular_appeal=bool(data.get("popular_appeal")), setup=bool(data.get("setup")))
    touched = sorted({p["state"] for p in data["place"] if p["state"] in game.states})
    result = {"budget": r.budget, "placed": r.placed, "costs": r.costs, "spent": r.spent, "left": r.left,
              "refused": r.refused, "problems": r.problems,
              "control": {s: control(game, r.position, s).party for s in touched}}
    return result, r.trace, r.position, touched


def _control(game, data, pos):
    c = control(game, pos, data["state"])
    return ({"controller": c.party, "tied": c.tied, "leaders": list(c.leaders)}, [c.reason + "."],
            pos, [data["state"]])


def _regional(game, data, pos):
    r = regional_poll(game, pos, data["region"], held=data.get("held"), players=data.get("players"))
    return r.to_dict(game), r.trace, r.position, [o.state for o in r.outcomes]


def _final(game, data, pos):
    r = final_polling(game, pos, data.get("regions"), data.get("players"))
    return r.to_dict(game), r.trace, r.position, [o.state for o in r.outcomes], r


def _speech(game, data, pos):
    s = speech(game, pos, data["speaker"], data["card"], data["region"], data["target"], data["direction"],
               roll=data.get("roll"), allocation=data.get("allocation"), cancelled=bool(data.get("cancelled")))
    result = {"chooser": s.chooser, "amount": s.amount, "changed": s.changed, "problems": s.problems,
              "unknown": s.unknown, "position": s.position.to_dict()["position"],
              "control": {st: control(game, s.position, st).party for st in sorted(s.changed)}}
    if s.distribution:
        result["distribution"] = {str(k): str(v) for k, v in sorted(s.distribution.items())}
    touched = sorted(s.changed) or [st.id for st in game.states_in(data["region"], pos.admitted)]
    return result, s.trace, s.position, touched, s


def _electoral(game, data, pos):
    trace, secession = [], 0
    from fractions import Fraction
    secession = Fraction(0)
    final = None
    if "votes" in data:
        votes = {p: int(data["votes"].get(p, 0)) for p in game.parties}
        won = {p: int((data.get("states_won") or {}).get(p, 0)) for p in game.parties}
    else:
        final = final_polling(game, pos, None, data.get("players"))
        trace += final.trace
        votes = {p: 0 for p in game.parties}
        won = {p: 0 for p in game.parties}
        for o in final.outcomes:
            if o.winner:
                votes[o.winner] += game.states[o.state].ev
                won[o.winner] += 1
            for p, n in o.split.items():
                votes[p] += n
            if o.secession:
                secession = 1 - (1 - secession) * (1 - o.secession)
    c = count(game, votes, won, admitted=pos.admitted, secession=secession)
    result = c.to_dict()
    if final:
        result["winners"] = {o.state: o.shown_winner for o in final.outcomes}
    touched = [o.state for o in final.outcomes] if final else []
    return result, trace + c.trace, pos, touched, final


def run_example(game: Game, example: Example) -> Outcome:
    problems = schema_problems(example)
    if problems:
        return Outcome({}, diagnostics=problems)
    data = example.data
    pos = Position.from_example(data)
    unknown_states = sorted({s for s in list(pos.pcfs) + list(pos.locked) + list(data.get("held") or {})
                             if s not in game.states})
    if unknown_states:
        return Outcome({}, diagnostics=[example.doc.diagnostic(
            "/position", codes.UNKNOWN_REF, f"unknown state id(s): {', '.join(unknown_states)}",
            hint="use the state ids of states.yaml")])
    regions = [data["region"]] if "region" in data else list(data.get("regions") or [])
    missing = sorted(r for r in regions if r not in game.regions)
    if missing:
        return Outcome({}, diagnostics=[example.doc.diagnostic(
            "/region" if "region" in data else "/regions", codes.UNKNOWN_REF,
            f"unknown region(s): {', '.join(missing)}", hint="use the region ids of regions.yaml")])
    order = data.get("momentum") or []
    party = (game.rule("free_state_secession") or {}).get("party", "R")
    if data["kind"] == "free_state_secession" and party not in order:
        return Outcome({}, diagnostics=[example.doc.diagnostic(
            "/momentum", codes.BAD_EXAMPLE, f"the momentum order must include {party}",
            hint="list every party, leader first")])
    kind = data["kind"]
    figure, final = None, None
    winners = None
    if kind == "campaign":
        result, trace, after, touched = _campaign(game, data, pos)
    elif kind == "control":
        result, trace, after, touched = _control(game, data, pos)
    elif kind == "regional_poll":
        result, trace, after, touched = _regional(game, data, pos)
    elif kind == "final_poll":
        result, trace, after, touched, final = _final(game, data, pos)
        winners = result["winners"]
    elif kind == "speech":
        result, trace, after, touched, s = _speech(game, data, pos)
    elif kind == "electoral_count":
        result, trace, after, touched, final = _electoral(game, data, pos)
        winners = result.get("winners")
    elif kind == "momentum":
        out = momentum(game, turn=int(data.get("turn", 2)), polls_played=int(data.get("polls_played", 0)),
                       held=data.get("held") or {}, previous=data.get("previous"), players=data.get("players"))
        result, trace, after, touched = out["result"], out["trace"], pos, []
    elif kind == "free_state_secession":
        out = free_state_secession(game, data["admitted_by"], data["momentum"])
        result, trace, after, touched = out["result"], out["trace"], pos, []
    elif kind == "setup":
        problems, placed_by = setup_problems(game, data["placements"], data.get("players"))
        result = {"legal": not problems, "problems": problems, "placed_by": placed_by}
        trace = problems or ["Every party's set-up matches its allocation (5.1-5.4)."]
        after = Position.from_example({"position": _setup_position(data["placements"])})
        touched = sorted(after.pcfs)
    else:  # the schema refuses other kinds
        raise ValueError(kind)
    result = _plain(result)
    diagnostics = []
    if kind == "campaign" and result["problems"] and "problems" not in data["expect"] and "refused" not in data["expect"]:
        diagnostics.append(example.doc.diagnostic("/place", codes.ILLEGAL_ACTION, "; ".join(result["problems"]),
                                                  hint="add `refused:` to expect if the refusal is the point"))
    if kind == "speech":
        if result["unknown"]:
            diagnostics.append(example.doc.diagnostic("/region", codes.UNKNOWN_VALUE, "; ".join(result["unknown"]),
                                                      hint="use a region whose modifier the card data gives"))
        if result["problems"] and "problems" not in data["expect"]:
            diagnostics.append(example.doc.diagnostic("/allocation", codes.ILLEGAL_ACTION,
                                                      "; ".join(result["problems"]),
                                                      hint="fix the allocation, or expect the problems"))
    mismatches = compare(_plain(data["expect"]), result)
    if kind in ("campaign", "control", "regional_poll", "final_poll", "speech", "electoral_count", "setup"):
        title = str(data.get("title") or "")
        figure = lambda: control_map(game, after, highlight=touched, winners=winners, title=title)  # noqa: E731
    return Outcome(result, trace, mismatches, figure, _summary(kind, result), diagnostics)


def _setup_position(placements: dict) -> dict:
    board: dict = {}
    for party, states in sorted((placements or {}).items()):
        for state, n in sorted((states or {}).items()):
            board.setdefault(state, {})[party] = n
    return board


def _summary(kind: str, result: dict) -> str:
    """One line under the example saying what the engine found."""
    def fmt(mapping):
        return ", ".join(f"{k}: {v}" for k, v in mapping.items()) or "none"
    if kind == "campaign":
        return (f"**Engine:** placed {fmt(result['placed'])} for {result['spent']} of {result['budget']} "
                f"points (costs {result['costs']}); control afterwards — {fmt(result['control'])}.")
    if kind == "control":
        return f"**Engine:** controller — {result['controller'] or 'nobody'}."
    if kind in ("regional_poll", "final_poll"):
        won = {k: v or "nobody" for k, v in result["winners"].items()}
        extra = f"; locked: {', '.join(result['locked'])}" if result.get("locked") else ""
        return f"**Engine:** winners — {fmt(won)}{extra}."
    if kind == "speech":
        return f"**Engine:** amount {result['amount'] if result['amount'] is not None else 'd6 + modifier'}; " \
               f"{result['chooser']} chooses; changes — {fmt(result['changed'])}."
    if kind == "electoral_count":
        return (f"**Engine:** votes — {fmt(result['votes'])}; {result['majority']} of {result['total']} needed; "
                f"{result['winner'] or 'nobody'} ({result['decided_by']}).")
    if kind == "momentum":
        return f"**Engine:** order — {result['order']}; hands — {fmt(result['hands'])}."
    if kind == "free_state_secession":
        return f"**Engine:** secession chance {result['secession_chance']}."
    if kind == "setup":
        return "**Engine:** set-up is legal." if result["legal"] else \
            "**Engine:** set-up is illegal — " + "; ".join(result["problems"]) + "."
    return ""
