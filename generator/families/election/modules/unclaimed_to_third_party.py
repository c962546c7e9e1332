"""9.5, 9.7: a state nobody wins goes to a candidate no player runs; nobody takes its card."""
from __future__ import annotations

from ..outcome import StateOutcome
from .spec import RuleModule


def _unclaimed(game, p, pos, state, phase, ctl):
    for award in p.get("awards") or []:
        if award.get("state") == state.id and phase in (award.get("phases") or []):
            return StateOutcome(state.id, third_party=award["to"],
                                reason=f"nobody wins {state.name}, so it goes to {award['to']}; "
                                       f"no player takes the card (9.5, 9.7)")
    return None


def _check(game, p):
    found = []
    awards = p.get("awards") if p.get("awards") is not None else []
    if not isinstance(awards, list):
        return [("/awards", "awards is a list of {state: id, to: name, phases: [regional, final]}")]
    for i, award in enumerate(awards):
        phases = award.get("phases", []) if isinstance(award, dict) else None
        if not isinstance(award, dict) or not isinstance(award.get("to"), str) or not isinstance(award.get("state"), str) \
                or not (isinstance(phases, list) and all(ph in ("regional", "final") for ph in phases)):
            found.append((f"/awards/{i}", "an award is {state: id, to: name, phases: [regional, final]}"))
        elif award.get("state") not in game.states:
            found.append((f"/awards/{i}/state", f"names unknown state {award.get('state')!r}"))
    return found


MODULE = RuleModule(
    "unclaimed_to_third_party", "9.5", "States nobody wins go to a candidate outside the game",
    params={"awards": "any"}, hooks={"resolve_unclaimed": _unclaimed, "check": _check}, order=10)
