"""run_example: the engine behind every ```example block of the rules pages.

The block's `kind` picks the computation; the result is compared with `expect:`
(mappings compare only the keys the example gives, lists of mappings item by item,
everything else exactly). Ids an
example names (states, regions, parties, cards) are checked against the game's data
first, so a typo is a located diagnostic, never a crash.
"""
from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from ...escape import md_text
from ...schemas import fast_check, load_schema, validator_class
from ..base import Example, Outcome
from . import codes
from .control import control
from .costs import campaign
from .electoral import count
from .model import Game
from .momentum import momentum
from .polling import final_polling, regional_poll
from .position import Position
from .setup import setup_problems
from .speeches import speech
from .statehood import admission_effects, admit
from .tilemap import control_map
from .turn import play_turn, result_of

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

SCHEMA = "election-example"


@lru_cache(maxsize=None)
def _kinds() -> tuple[str, ...]:
    return tuple(b["properties"]["kind"]["const"] for b in load_schema(SCHEMA)["oneOf"])


@lru_cache(maxsize=None)
def _branch(kind: str) -> Draft202012Validator:
    """The python-jsonschema validator of one kind, built (and jsonschema imported) only
    for an example the compiled check refused."""
    root = load_schema(SCHEMA)
    branch = next(b for b in root["oneOf"] if b["properties"]["kind"]["const"] == kind)
    return validator_class()({"$defs": root["$defs"], **branch})   # patterns read as jsonschema-rs reads them


def schema_problems(example: Example) -> list:
    kind = example.data.get("kind")
    if not isinstance(kind, str) or kind not in _kinds():
        return [example.doc.diagnostic("/kind", codes.BAD_EXAMPLE, f"unknown example kind {kind!r}",
                                       hint="kinds: " + ", ".join(_kinds()))]
    try:   # the compiled check says yes for almost every example; the branch's errors only when not
        if fast_check(SCHEMA)(example.data):
            return []
    except ValueError:   # a value JSON has no type for: python-jsonschema decides
        pass
    found = []
    for error in sorted(_branch(kind).iter_errors(example.data), key=lambda e: list(e.absolute_path)):
        pointer = "".join(f"/{p}" for p in error.absolute_path)
        found.append(example.doc.diagnostic(pointer, codes.BAD_EXAMPLE, error.message,
                                            hint="see the election-example schema"))
    return found


def _references(game: Game, data: dict):
    """(pointer, message, hint) for each id the example names that the game does not define."""
    found = []

    def want(pointer, value, table, what):
        if value is not None and value not in table:
            found.append((pointer, f"unknown {what} '{value}'", f"use a {what} id of the game's data"))

    for key in ("party", "speaker", "target", "leader"):
        want(f"/{key}", data.get(key), game.parties, "party")
    if "state" in data:
        want("/state", data["state"], game.states, "state")
    if "region" in data:
        want("/region", data["region"], game.regions, "region")
    for i, r in enumerate(data.get("regions") or []):
        want(f"/regions/{i}", r, game.regions, "region")
    for state, by_party in (data.get("position") or {}).items():
        want(f"/position/{state}", state, game.states, "state")
        for party in by_party or {}:
            want(f"/position/{state}/{party}", party, game.parties, "party")
    for key in ("locked", "held", "stronghold_tokens", "admitted_by"):
        for state, party in (data.get(key) or {}).items():
            want(f"/{key}/{state}", state, game.states, "state")
            want(f"/{key}/{state}", party, game.parties, "party")
    for i, state in enumerate(data.get("admitted") or []):
        want(f"/admitted/{i}", state, game.states, "state")
    for key in ("momentum", "previous", "order", "appearances_used", "discard_rest"):
        for i, party in enumerate(data.get(key) or []):
            want(f"/{key}/{i}", party, game.parties, "party")
    for key in ("votes", "states_won", "placements", "hands"):
        for party in data.get(key) or {}:
            want(f"/{key}/{party}", party, game.parties, "party")
    for party, states in (data.get("placements") or {}).items():
        for state in states or {}:
            want(f"/placements/{party}/{state}", state, game.states, "state")
    for i, request in enumerate(data.get("place") or []):
        want(f"/place/{i}/state", request.get("state"), game.states, "state")
    for state in data.get("allocation") or {}:
        want(f"/allocation/{state}", state, game.states, "state")
    for i, card in enumerate(data.get("events") or []):
        want(f"/events/{i}", card, game.cards, "card")
    if data.get("kind") in ("speech", "statehood"):
        want("/card", data.get("card"), game.cards, "card")
    for party, cards in (data.get("hands") or {}).items():
        for i, card in enumerate(cards):
            if not isinstance(card, int):
                want(f"/hands/{party}/{i}", card, game.cards, "card")
    for i, action in enumerate(data.get("actions") or []):
        at = f"/actions/{i}"
        want(f"{at}/party", action.get("party"), game.parties, "party")
        if not isinstance(action.get("card"), int):
            want(f"{at}/card", action.get("card"), game.cards, "card")
        for j, request in enumerate(action.get("campaign") or []):
            want(f"{at}/campaign/{j}/state", request.get("state"), game.states, "state")
        sp = action.get("speech") or {}
        want(f"{at}/speech/region", sp.get("region"), game.regions, "region")
        want(f"{at}/speech/target", sp.get("target"), game.parties, "party")
        for state in sp.get("allocation") or {}:
            want(f"{at}/speech/allocation/{state}", state, game.states, "state")
        for j, card in enumerate(action.get("events") or []):
            want(f"{at}/events/{j}", card, game.cards, "card")
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
    if (isinstance(expect, list) and isinstance(result, list) and len(expect) == len(result)
            and expect and all(isinstance(e, dict) for e in expect)):   # a list of mappings: item by item
        return [m for i, (e, r) in enumerate(zip(expect, result)) for m in compare(e, r, f"{path}[{i + 1}]")]
    if isinstance(expect, (int, float)) and not isinstance(expect, bool) and isinstance(result, str):
        expect = str(expect)
    if expect != result:
        return [f"{path or 'result'}: expected {json.dumps(expect, default=str)}, "
                f"the engine gives {json.dumps(result, default=str)}"]
    return []


# Each kind: (game, data, pos) -> (result, trace, position drawn, states highlighted, winners, problems)
# where problems are (pointer, code, message, expect keys that make them the point).

def _campaign(game, data, pos):
    r = campaign(game, pos, data["party"], int(data["card"]), data["place"],
                 personal_appearance=bool(data.get("personal_appearance")),
                 events=tuple(data.get("events") or ()), setup=bool(data.get("setup")))
    touched = sorted({p["state"] for p in data["place"]})
    result = {"budget": r.budget, "placed": r.placed, "costs": r.costs, "spent": r.spent, "left": r.left,
              "refused": r.refused, "problems": r.problems,
              "control": {s: control(game, r.position, s).party for s in touched}}
    code = codes.CARD_VALUE if r.problems and "(4.1)" in r.problems[0] else codes.ILLEGAL_ACTION
    problems = [("/card" if code == codes.CARD_VALUE else "/place", code, "; ".join(r.problems),
                 ("problems", "refused"))] if r.problems else []
    return result, r.trace, r.position, touched, None, problems


def _control(game, data, pos):
    c = control(game, pos, data["state"])
    return ({"controller": c.party, "tied": c.tied, "leaders": list(c.leaders)}, [c.reason + "."],
            pos, [data["state"]], None, [])


def _regional(game, data, pos):
    r = regional_poll(game, pos, data["region"], held=data.get("held"), players=data.get("players"))
    return r.to_dict(game), r.trace, r.position, [o.state for o in r.outcomes], None, []


def _final(game, data, pos):
    r = final_polling(game, pos, data.get("regions"), data.get("players"))
    result = r.to_dict(game)
    return result, r.trace, r.position, [o.state for o in r.outcomes], result["winners"], []


def _speech(game, data, pos):
    s = speech(game, pos, data["speaker"], data["card"], data["region"], data["target"], data["direction"],
               roll=data.get("roll"), allocation=data.get("allocation"), cancelled=bool(data.get("cancelled")),
               events=tuple(data.get("events") or ()), reroll=data.get("reroll"), reroll_by=data.get("reroll_by"))
    result = {"chooser": s.chooser, "amount": s.amount, "changed": s.changed, "problems": s.problems,
              "unknown": s.unknown, "position": s.position.to_dict()["position"],
              "control": {st: control(game, s.position, st).party for st in sorted(s.changed)}}
    if s.distribution:
        result["distribution"] = {str(k): str(v) for k, v in sorted(s.distribution.items())}
    touched = sorted(s.changed) or [st.id for st in game.states_in(data["region"], pos.admitted)]
    problems = []
    if s.unknown:
        problems.append(("/region", codes.UNKNOWN_VALUE, "; ".join(s.unknown), ()))
    if s.problems:
        problems.append(("/allocation", codes.ILLEGAL_ACTION, "; ".join(s.problems), ("problems",)))
    return result, s.trace, s.position, touched, None, problems


def _electoral(game, data, pos):
    trace, secession, final = [], Fraction(0), None
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
    winners = None
    if final:
        winners = result["winners"] = {o.state: o.shown_winner for o in final.outcomes}
    touched = [o.state for o in final.outcomes] if final else []
    return result, trace + c.trace, pos, touched, winners, []


def _momentum(game, data, pos):
    out = momentum(game, turn=int(data.get("turn", 2)), polls_played=int(data.get("polls_played", 0)),
                   held=data.get("held") or {}, previous=data.get("previous"), players=data.get("players"))
    return out["result"], out["trace"], None, [], None, []


def _secession(game, data, pos):
    ctx = {"party": None, "territory": None, "admitted_by": data["admitted_by"], "order": data["momentum"]}
    _, result, trace = admission_effects(game, pos, ctx, data.get("players"))
    problems = [("/momentum", codes.BAD_EXAMPLE, "; ".join(result["problems"]), ())] if result.get("problems") else []
    return result, trace, None, [], None, problems


def _statehood(game, data, pos):
    after, result, trace, problems = admit(game, pos, data["party"], data["card"],
                                           admitted_by=data.get("admitted_by"), order=data.get("momentum") or (),
                                           players=data.get("players"))
    result = {**result, "problems": problems}
    found = [("/card", codes.ILLEGAL_ACTION, "; ".join(problems), ("problems",))] if problems else []
    card = game.cards.get(data["card"])
    touched = [card.admits] if card is not None and card.admits else []
    return result, trace or problems, after, touched, None, found


def _setup(game, data, pos):
    problems, placed_by = setup_problems(game, data["placements"], data.get("players"))
    board: dict = {}
    for party, states in sorted((data["placements"] or {}).items()):
        for state, n in sorted((states or {}).items()):
            board.setdefault(state, {})[party] = n
    after = Position.from_example({"position": board})
    result = {"legal": not problems, "problems": problems, "placed_by": placed_by}
    return result, problems or ["Every party's set-up matches its allocation (5.1-5.4)."], after, sorted(after.pcfs), None, []


def _turn(game, data, pos):
    t = play_turn(game, data, pos)
    order = list(data.get("order") or []) or [p for p in (data.get("hands") or {})]
    result = result_of(t, order)
    kinds = {"turn": codes.TURN_ILLEGAL, "value": codes.CARD_VALUE, "ref": codes.UNKNOWN_REF}
    problems = []
    for n, message, kind in t.problems:
        pointer = f"/actions/{n - 1}" if n else "/hands"
        problems.append((pointer, kinds[kind], message, ("problems", "refused")))
    for message in t.unknown:
        problems.append(("/actions", codes.UNKNOWN_VALUE, message, ()))
    touched = sorted({st for a in result["actions"] for st in (a.get("placed") or a.get("changed") or {})})
    return result, t.trace or [m for _, m, _ in t.problems], t.position, touched, None, problems


KINDS = {"campaign": _campaign, "control": _control, "regional_poll": _regional, "final_poll": _final,
         "speech": _speech, "electoral_count": _electoral, "momentum": _momentum,
         "free_state_secession": _secession, "statehood": _statehood, "setup": _setup, "turn": _turn}


def run_example(game: Game, example: Example) -> Outcome:
    problems = schema_problems(example)
    if problems:
        return Outcome({}, diagnostics=problems)
    data = example.data
    refs = _references(game, data)
    if refs:
        return Outcome({}, diagnostics=[example.doc.diagnostic(p, codes.UNKNOWN_REF, m, hint=h) for p, m, h in refs])
    kind = data["kind"]
    result, trace, after, touched, winners, found = KINDS[kind](game, data, Position.from_example(data))
    result = _plain(result)
    expect = data["expect"]
    diagnostics = []
    seen = set()
    for pointer, code, message, excused_by in found:
        if any(k in expect for k in excused_by) or (pointer, message) in seen:
            continue
        seen.add((pointer, message))
        diagnostics.append(example.doc.diagnostic(pointer, code, message,
                                                  hint="fix the example, or add the refusal to `expect` "
                                                       "if it is the point" if excused_by else
                                                       "give the value in the data or use another card"))
    mismatches = compare(_plain(expect), result)
    figure = None
    if after is not None:   # drawn only when the build asks for it (validate draws no figures)
        title = str(data.get("title") or "")
        figure = lambda: control_map(game, after, highlight=touched, winners=winners, title=title,
                                         example=True)  # noqa: E731
    return Outcome(result, trace, mismatches, figure, _summary(game, kind, result), diagnostics)


def _said(game, key) -> str:
    """A state, territory or region by its name; party codes (R, SD ...) are the rules' own."""
    for table in (game.states, game.regions):
        if key in table:
            return table[key].name
    return str(key)


def _listed(words) -> str:
    words = [str(w) for w in words]
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def _order(order) -> str:
    """A momentum order, tied groups written "ND and SD (tied)"."""
    return ", then ".join(f"{_listed(g)} (tied)" if isinstance(g, list) else str(g) for g in order)


def _summary(game, kind: str, result: dict) -> str:
    """One line under the example saying what the engine found, in words: the names in it
    are the game's data, so the line is escaped whole (md_text) after its bold label."""
    said = _found(game, kind, result)
    return f"**Engine:** {md_text(said)}" if said else ""


def _found(game, kind: str, result: dict) -> str:
    def fmt(mapping, show=lambda v: v):
        return ", ".join(f"{_said(game, k)}: {show(v)}" for k, v in mapping.items()) or "none"
    nobody = lambda v: v or "nobody"  # noqa: E731
    if kind == "campaign":
        placed = _listed(f"{n} PCF{'s' if n != 1 else ''} in {_said(game, s)}" for s, n in result["placed"].items())
        costs = result["costs"]
        each = (f"each PCF cost {costs[0]}" if len(set(costs)) == 1 else
                "the PCFs cost " + _listed(costs)) if costs else "nothing placed"
        return (f"placed {placed or 'no PCFs'}, {result['spent']} of {result['budget']} points spent "
                f"({each}); control afterwards — {fmt(result['control'], nobody)}.")
    if kind == "control":
        return f"controller — {result['controller'] or 'nobody'}."
    if kind in ("regional_poll", "final_poll"):
        locked = [_said(game, s) for s in result.get("locked") or []]
        extra = f"; locked: {_listed(locked)}" if locked else ""
        return f"winners — {fmt(result['winners'], nobody)}{extra}."
    if kind == "speech":
        amount = result['amount'] if result['amount'] is not None else 'd6 + modifier'
        return (f"{amount} PCFs; {result['chooser']} chooses; changes — "
                f"{fmt(result['changed'], lambda v: f'{v:+d}'.replace('-', '−') if isinstance(v, int) else v)}.")
    if kind == "electoral_count":
        return (f"votes — {fmt(result['votes'])}; {result['majority']} of {result['total']} needed; "
                f"{result['winner'] or 'nobody'} ({result['decided_by']}).")
    if kind == "momentum":
        return f"order — {_order(result['order'])}; hands — {fmt(result['hands'])}."
    if kind == "free_state_secession":
        return f"secession chance {result.get('secession_chance', 'none: no module rolls for it')}."
    if kind == "statehood":
        if result.get("problems"):
            return "refused — " + "; ".join(result["problems"]) + "."
        return (f"admitted {_listed(_said(game, t) for t in result['admitted'])}; {result['majority']} of "
                f"{result['electoral_total']} needed; secession chance {result.get('secession_chance', '0')}.")
    if kind == "setup":
        return "set-up is legal." if result["legal"] else \
            "set-up is illegal — " + "; ".join(result["problems"]) + "."
    if kind == "turn":
        done = fmt(result["actions_taken"])
        tail = (f"; next order {_order(result['next_order'])}, hands {fmt(result.get('next_hands', {}))}"
                if "next_order" in result else "; the turn is not finished" if not result["complete"] else "")
        refused = result["refused"]
        refused = (f"; action{'s' if len(refused) > 1 else ''} {_listed(refused)} refused" if refused else "")
        return f"actions — {done}{refused}{tail}."
    return ""
