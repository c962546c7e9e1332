"""Checking a rule module's parameters against the kinds it declares (spec.KINDS).

Shared by the checker, which reports every problem, and the registry, which keeps a
module with malformed parameters out of the engines (so bad data is a diagnostic,
never a crash inside a hook).
"""
from __future__ import annotations


_KIND_CHECKS = {
    "party": lambda g, v: [v] if isinstance(v, str) else None,
    "parties": lambda g, v: v if isinstance(v, list) and all(isinstance(x, str) for x in v) else None,
    "party->int": lambda g, v: list(v) if isinstance(v, dict) and all(isinstance(x, int) for x in v.values()) else None,
    "party->party": lambda g, v: list(v) + list(v.values()) if isinstance(v, dict) else None,
}
_STATE_KINDS = {"state": lambda v: [v] if isinstance(v, str) else None,
                "states": lambda v: v if isinstance(v, list) and all(isinstance(x, str) for x in v) else None,
                "state->party": lambda v: list(v) if isinstance(v, dict) else None,
                "state->parties": lambda v: list(v) if isinstance(v, dict) else None}


def param_problems(game, kind: str, value) -> list[str]:
    """What is wrong with one module parameter of the given kind (empty: nothing)."""
    if kind == "phases":
        ok = isinstance(value, list) and all(v in ("regional", "final") for v in value)
        return [] if ok else [f"expects a list of phases (regional, final), not {value!r}"]
    if kind == "int":
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"expects a whole number, not {value!r}"]
    if kind == "bool":
        return [] if isinstance(value, bool) else [f"expects true or false, not {value!r}"]
    if kind == "ints":
        return [] if isinstance(value, list) and all(isinstance(x, int) for x in value) else [f"expects a list of whole numbers, not {value!r}"]
    if kind in ("region", "regions"):
        ids = [value] if kind == "region" else value
        if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
            return [f"expects region ids, not {value!r}"]
        return [f"names unknown region '{x}'" for x in ids if x not in game.regions]
    if kind in ("card", "cards"):
        ids = [value] if kind == "card" else value
        if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
            return [f"expects card ids, not {value!r}"]
        return [f"names unknown card '{x}'" for x in ids if x not in game.cards]
    if kind in _STATE_KINDS:
        ids = _STATE_KINDS[kind](value)
        if ids is None:
            return [f"expects state ids, not {value!r}"]
        out = [f"names unknown state '{x}'" for x in ids if x not in game.states]
        if kind == "state->party" and isinstance(value, dict):
            out += [f"names unknown party '{x}'" for x in value.values() if x not in game.parties]
        if kind == "state->parties" and isinstance(value, dict):
            out += [f"names unknown party '{x}'" for v in value.values() for x in (v if isinstance(v, list) else [v])
                    if x not in game.parties]
        return out
    if kind == "party->int" and not (isinstance(value, dict) and all(
            isinstance(x, int) and not isinstance(x, bool) for x in value.values())):
        return [f"expects party ids mapped to whole numbers, not {value!r}"]
    if kind in _KIND_CHECKS:
        ids = _KIND_CHECKS[kind](game, value)
        if ids is None:
            return [f"expects party ids, not {value!r}"]
        return [f"names unknown party '{x}'" for x in ids if not isinstance(x, str) or x not in game.parties]
    return []


def malformed(game, module, params) -> bool:
    """True when a parameter is unknown, of the wrong kind, or a required one is missing."""
    return any(k not in module.params or param_problems(game, module.params[k], v) for k, v in params.items()) \
        or bool(module.required - set(params))
