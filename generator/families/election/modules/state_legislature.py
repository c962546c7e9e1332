"""9.6: a state whose legislature picks the electors: each party needs its own number of
PCFs (and some a share of all PCFs there); ties are not broken; one party's win there
may trigger secession on a die; the state may be exempt from locking."""
from __future__ import annotations

from fractions import Fraction

from ..control import describe, standings
from ..outcome import StateOutcome
from .spec import RuleModule


def _resolve(game, p, pos, state, phase, ctl):
    if p.get("state") != state.id:
        return None
    thresholds, shares = p.get("thresholds") or {}, p.get("share") or {}
    counts = pos.counts(state.id)
    top, leaders = standings(counts)
    out = StateOutcome(state.id)
    if len(leaders) != 1:
        out.reason = (f"{state.name}: {describe(counts)}; no single party leads, so nobody wins "
                      f"(9.6; ties here are not broken)")
        return out
    party = leaders[0]
    need = int(thresholds.get(party, state.requirement))
    if top < need:
        out.reason = f"{state.name}: {party} leads with {top} but needs {need} PCFs here (9.6); nobody wins"
        return out
    if party in shares:
        num, den = shares[party]
        total = pos.total(state.id)
        if top * den < total * num:
            out.reason = (f"{state.name}: {party} has {top} of {total} PCFs, less than {num}/{den} "
                          f"of them (9.6); nobody wins")
            return out
    out.winner = party
    out.reason = f"{state.name}: {party} leads with {top}, meeting its threshold of {need} (9.6)"
    secession = p.get("secession") or {}
    if secession.get("party") == party:
        faces = list(secession.get("faces", []))
        out.secession = Fraction(len(faces), 6)
        out.reason += (f"; {party} winning here calls for a die: {', '.join(map(str, faces))} means "
                       f"secession and defeat for everyone (chance {out.secession})")
    return out


def _check(game, p):
    found = []
    secession = p.get("secession") if p.get("secession") is not None else {}
    if not isinstance(secession, dict):
        return [("/secession", "secession is {party: id, faces: [die faces]}")]
    share = p.get("share") if p.get("share") is not None else {}
    if not isinstance(share, dict):
        return [("/share", "share is {party: [numerator, denominator]}")]
    faces = secession.get("faces", [])
    if not isinstance(faces, list) or any(not isinstance(f, int) or not 1 <= f <= 6 for f in faces):
        found.append(("/secession/faces", "secession faces must be die faces 1-6"))
    party = secession.get("party")
    if party is not None and party not in game.parties:
        found.append(("/secession/party", f"names unknown party {party!r}"))
    for q, ratio in share.items():
        if not (isinstance(ratio, list) and len(ratio) == 2 and all(isinstance(x, int) and x > 0 for x in ratio)):
            found.append((f"/share/{q}", "a share is [numerator, denominator], e.g. [2, 3]"))
    return found


MODULE = RuleModule(
    "state_legislature", "9.6", "A state whose legislature chooses: party thresholds, shares, secession",
    params={"state": "state", "thresholds": "party->int", "share": "any", "never_lock": "bool",
            "secession": "any"}, required=frozenset({"state"}),
    hooks={"resolve_first": _resolve, "check": _check,
           "never_lock": lambda game, p: {p["state"]} if p.get("never_lock") else set()},
    order=10)
