"""A module page's worked example, played by the engine when the page is made: the one
way the modules that find their example on the game's own map (convoy_coasts, railways)
play it, show it and check it."""
from __future__ import annotations

from ....escape import code_span
from . import Problem


def play(game, found: dict | None):
    """(example, its PhaseResult, what the engine says otherwise than the example expects), or
    None when the module found no example on this map."""
    from ..api import adjudicate_phase
    from ..examples import compare
    if found is None:
        return None
    request = {k: v for k, v in found.items() if k != "expect"}
    result = adjudicate_phase(game, request)
    return found, result, compare(game, found["expect"], request, result)


def section(game, played) -> list[str]:
    """The page's "Example" section: the orders and the engine's outcome table."""
    from ..examples import outcome_table
    if played is None:
        return []
    found, result, _ = played
    orders = [o for os in found["orders"].values() for o in os]
    return ["## Example", "", "Adjudicated by the engine when this page was made: "
            + ", ".join(code_span(o) for o in orders) + ".", "", outcome_table(game, result)]


def problems(module: str, played) -> list[Problem]:
    """The example's disagreement with the rule, as the module's problem in game.yaml."""
    if played is None or not played[2]:
        return []
    return [Problem("game.yaml", f"/rules/{module}",
                    f"the page's example does not play as the rule says: {'; '.join(played[2])}")]
