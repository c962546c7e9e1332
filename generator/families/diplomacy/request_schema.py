"""An adjudication request checked by its schema (schemas/adjudication-request.schema.json),
and the schema's first fault said as the adjudicator says a fault: one short line at
the value's place, with what to write instead.

The compiled check (jsonschema-rs) answers yes for almost every request; only a request
it refuses is walked by python-jsonschema (schemas.validator), in the order the
adjudicator reads it: the schema lists the keys in that order, and each map of powers
is walked in the sorted order of its keys, so the fault reported does not depend on
the order of the request's keys. Only the first fault is found: a hostile request of
a million bad values costs no more than its first one.

A value that has a reader of its own (the phase, a unit, a power) is explained by that
reader (`Readers`), so that the schema and the reader never say one fault two ways.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...schemas import fast_check, validator
from .request_errors import (ORDERS_HINT, UNREADABLE_REQUEST, AdjudicationError, incomplete, json_pointer,
                             place_of, quoted)

SCHEMA = "adjudication-request"
POWER_MAPS = ("units", "centers", "home_centers", "orders", "dislodged", "adjustments")
MAP_HINT = 'write "{key}": {{"POWER": [...]}}, {{}} for none'
DISLODGED_SHAPE = '{"unit": "F NTH", "attacker_from": "HOL", "via_convoy": false}'

# Why each fact is required, said when it is left out (or null).
WHY_REQUIRED = {
    "phase": ("", 'add "phase": "S1901M" (or F1901R, W1901A...)'),
    "units": ("", 'add "units": {...} to the request'),
    "centers": (" (a fall phase changes who owns the supply centres, and a winter phase builds from "
                "them; give every power's centres, neutral ones left out)", 'add "centers": {...} to the request'),
    "dislodged": (": a retreat phase must list the dislodged units ({} for none), or give the 'movement' "
                  "it follows", 'add "dislodged": {...} to the request'),
    "contested": (": a retreat phase must say which provinces the movement left empty by a standoff "
                  "([] for none)", 'copy "contested" from the movement\'s result, or give "movement"'),
}
DISLODGED_FACTS = ("unit", "attacker_from", "via_convoy")


@dataclass(frozen=True)
class Readers:
    """The game's readers of the values that have one; each raises the AdjudicationError
    that says why the value cannot be read."""

    phase: Callable[[object], object]
    unit: Callable[[object, str, str], object]          # (text, place, pointer)
    power: Callable[[object, tuple], object]            # (name, place parts)


def check(request, readers: Callable[[], Readers]) -> None:
    """Raise the AdjudicationError of the request's first fault by its schema, if any
    (`readers` made only then)."""
    try:
        if fast_check(SCHEMA)(request):
            return
    except ValueError:      # a value JSON has no type for: python-jsonschema decides
        pass
    error = next(iter(validator(SCHEMA).iter_errors(_in_reading_order(request))), None)
    if error is not None:
        raise _refusal(error, request, readers())


def _in_reading_order(request):
    """The request with each map of powers in sorted order of its keys."""
    if type(request) is not dict:
        return request
    out = dict(request)
    for key in POWER_MAPS:
        value = out.get(key)
        if type(value) is dict:
            out[key] = {k: value[k] for k in sorted(value, key=str)}
    return out


def _refusal(error, request, readers: Readers) -> AdjudicationError:
    path, keyword, value = tuple(error.absolute_path), error.validator, error.instance
    if not path:
        return _of_request(keyword, error, request)
    key = path[0]
    if len(path) == 1:
        return _of_key(key, keyword, value, request, readers)
    if key in POWER_MAPS and keyword != "const":    # the power is read before its value
        readers.power(path[1], path[:2])
    if key == "dislodged" and len(path) >= 3:
        return _of_dislodged(path, keyword, value, error, readers)
    text, pointer = place_of(path)
    if len(path) == 2:
        if key == "contested":
            return AdjudicationError(f"{text}: unknown province {quoted(value)}", pointer,
                                     hint="name a province of the map (its id, abbreviation or name)")
        if key == "adjustments":
            return AdjudicationError(f"{text}: {quoted(value)} is not a whole number", pointer,
                                     hint="builds are a positive number, removals a negative one")
        if key == "orders":
            return AdjudicationError(f"{text} must be a list of order strings, got {quoted(value)}", pointer,
                                     hint=ORDERS_HINT)
        if key == "dislodged" and keyword == "const":
            return AdjudicationError("'dislodged' units belong only in a retreat phase (…R)", pointer,
                                     hint='leave "dislodged" out, or give it as {} outside a retreat phase')
        if key == "dislodged" and isinstance(value, dict):
            return AdjudicationError(f"{text} must be a list of dislodged units ([{DISLODGED_SHAPE}]), not one "
                                     "object", pointer, hint="put the object in a list")
        return AdjudicationError(f"{text} must be a list, got {quoted(value)}", pointer,
                                 hint="write the power's entries as a JSON list, [] for none")
    if key == "units":
        readers.unit(value, text, pointer)
    elif key in ("centers", "home_centers"):
        return AdjudicationError(f"{text}: {quoted(value)} is not a supply centre", pointer,
                                 hint="name a supply centre of the map (its id, abbreviation or name)")
    elif key == "orders" and keyword == "maxLength":
        return AdjudicationError(f"{text}: an order is written in at most {error.validator_value} characters, "
                                 f"got {len(value):,}", pointer, UNREADABLE_REQUEST,
                                 "write the order as A PAR - BUR, one order a string")
    elif key == "orders":
        return AdjudicationError(f"{text}: orders must be a list of order strings, got {quoted(value)}", pointer,
                                 hint=ORDERS_HINT)
    return _unforeseen(text, pointer, error)


def _of_request(keyword, error, request) -> AdjudicationError:
    if keyword == "type":
        return AdjudicationError(f"the request must be a JSON object, got {quoted(request)}",
                                 hint='send {"phase": "S1901M", "units": {...}, "orders": {...}}')
    if keyword == "additionalProperties":
        known = error.schema["properties"]
        extra = sorted((k for k in request if k not in known), key=str)
        more = f" and {len(extra) - 1} more" if len(extra) > 1 else ""
        return AdjudicationError(f"unknown request key {quoted(str(extra[0]))}{more}", json_pointer(extra[0]),
                                 hint=f"a request's keys are {', '.join(sorted(known))}")
    if keyword == "required":
        key = error.missing_key
        why, hint = WHY_REQUIRED[key]
        return incomplete(f"'{key}' is missing{why}", "", hint)
    return _unforeseen("the request", "", error)


def _of_key(key: str, keyword, value, request: dict, readers: Readers) -> AdjudicationError:
    pointer = json_pointer(key)
    if key == "phase":
        readers.phase(value)
    elif key == "winner":
        readers.power(value, ("winner",))
    elif keyword == "not" and key == "movement":
        return AdjudicationError("'movement' belongs only in a retreat phase (…R)", pointer,
                                 hint="leave it out: a movement or adjustment request states its units")
    elif keyword == "not":
        return AdjudicationError(f"'{key}' is derived from 'movement'; give one or the other", pointer,
                                 hint=f"leave '{key}' out, or 'movement'")
    elif value is None and key in WHY_REQUIRED:
        why, hint = WHY_REQUIRED[key]
        return incomplete(f"'{key}' is null{why}", pointer,
                          hint if key == "contested" else f'give "{key}": {{...}} ({{}} for none)')
    elif key == "movement":
        return AdjudicationError(f"'movement' must be the movement phase's request (a JSON object), got "
                                 f"{quoted(value)}", pointer,
                                 hint=f'give the {request["phase"][:-1]}M request, or "units", "dislodged" '
                                      'and "contested"')
    elif key == "contested":
        return AdjudicationError(f"'contested' must be a list of provinces, got {quoted(value)}", pointer,
                                 hint='write "contested": ["BUR"], or [] for none')
    elif key == "adjustments":
        return AdjudicationError("'adjustments' must map power names to numbers", pointer,
                                 hint='write {"FRANCE": 1} (builds) or {"FRANCE": -1} (removals), {} for none')
    elif key in POWER_MAPS:
        return AdjudicationError(f"'{key}' must map power names to lists, got {quoted(value)}", pointer,
                                 hint=MAP_HINT.format(key=key))
    return AdjudicationError(f"'{key}' cannot be {quoted(value)}", pointer,
                             hint="see the adjudication-request schema reference page")


def _of_dislodged(path: tuple, keyword, value, error, readers: Readers) -> AdjudicationError:
    """A fault in one dislodged unit, dislodged.POWER[i] (its place named as the
    adjudicator names it)."""
    item = path[:3]
    where, pointer = place_of(item)
    if len(path) == 3:
        if keyword == "additionalProperties":
            known = error.schema["properties"]
            key = sorted(map(str, (k for k in value if k not in known)))[0]
            return AdjudicationError(f"{where}: unknown key {quoted(key)}", pointer + json_pointer(key),
                                     hint=f"a dislodged unit's keys are {', '.join(sorted(known))}")
        if keyword == "required":
            missing = min(DISLODGED_FACTS.index(k) for k in DISLODGED_FACTS if k not in value)
            key = DISLODGED_FACTS[missing]
            return incomplete(f"{where}: '{key}' is missing (where the attacker came from and whether it came "
                              "by convoy decide where the unit may retreat)", pointer,
                              f"add \"{key}\" (a movement response's 'after' gives it)")
        return AdjudicationError(f"{where}: expected {DISLODGED_SHAPE}, got {quoted(value)}", pointer,
                                 hint="give each dislodged unit as an object")
    fact = path[3]
    at = pointer + json_pointer(*path[3:])
    if fact == "unit":
        readers.unit(value, where, at)
    elif fact == "attacker_from":
        return AdjudicationError(f"{where}: unknown province {quoted(value)} in attacker_from", at,
                                 hint="name the province the dislodging unit moved from")
    elif fact == "via_convoy":
        return AdjudicationError(f"{where}: via_convoy must be true or false, got {quoted(value)}", at,
                                 hint="true when the attacker came by convoy")
    elif fact == "retreats":
        text, _ = place_of(path[:4])
        if len(path) == 4:
            return AdjudicationError(f"{text} must be a list of locations, got {quoted(value)}", at,
                                     hint='write "retreats": ["PIC", "GAS"], or leave it out')
        return AdjudicationError(f"{text}[{path[4]}]: {quoted(value)} is not a location of the map", at,
                                 hint="name where the unit may retreat: a province id or name, "
                                      "with its coast for a fleet (STP/NC)")
    return _unforeseen(where, at, error)


def _unforeseen(text: str, pointer: str, error) -> AdjudicationError:
    """A fault the words above do not cover (a reader that accepted what the schema
    refuses, or a new rule of the schema): the schema's own words, on one line."""
    said = " ".join(str(error.message).split())
    return AdjudicationError(f"{text}: {said[:200]}", pointer,
                             hint="see the adjudication-request schema reference page")
