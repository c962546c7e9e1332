"""neutral_armies: neutral standing armies.

Units listed in `start.units` under the neutral power id (parameter `power`,
default NEUTRAL) belong to no player. Each turn they hold; an army in one of the
`support_hold` provinces instead supports an adjacent neutral army that is under
attack (the first such army in province-id order), or holds when none is.
A dislodged neutral army is disbanded at once; neutral armies never retreat,
never own centres and never build.
"""
from __future__ import annotations

from ....escape import md_text
from . import Param, RuleModule


def standing_orders(game, units: dict, moves: dict[str, str], params: dict) -> dict[str, list[str]]:
    """Orders for the neutral armies. `units` maps province -> Unit; `moves` maps a
    province to the destination province of a move ordered by a player (used to see
    which neutral armies are attacked)."""
    neutral = params["power"]
    listed = set(params.get("support_hold") or [])
    attacked = set(moves.values())
    result = []
    for prov in sorted(p for p, u in units.items() if u.power == neutral):
        u = units[prov]
        text = f"{u.kind} {u.location} H"
        if prov in listed:
            for other in sorted(game.map.army_adj.get(prov, ())):
                ou = units.get(other)
                if ou is not None and ou.power == neutral and other in attacked:
                    text = f"{u.kind} {u.location} S {ou.kind} {ou.location}"
                    break
        result.append(text)
    return {neutral: result} if result else {}


def no_retreat(game, unit, params: dict) -> str | None:
    return "neutral armies never retreat" if unit.power == params["power"] else None


def neutral_power(params: dict) -> str:
    return params["power"]


def start(game, params: dict) -> list[str]:
    units = game.start.units.get(params["power"]) or []
    if not units:
        return []
    shown = []
    for text in units:
        kind, _, loc = str(text).partition(" ")
        shown.append(f"{kind} {game.map.display(loc.strip())}" if loc else str(text))
    return ["## Neutral standing armies", "",
            f"{len(units)} neutral armies stand on centres at the start: {md_text(', '.join(shown))}."]


MODULE = RuleModule(
    name="neutral_armies",
    title="Neutral standing armies",
    summary=("Neutral armies hold; listed ones support-hold an attacked adjacent neutral army. "
             "They disband when dislodged."),
    params={"power": Param("NEUTRAL", "The power id under which neutral units are listed."),
            "support_hold": Param([], "Provinces whose neutral army support-holds adjacent neutral armies.")},
    standing_orders=standing_orders, no_retreat=no_retreat, neutral_power=neutral_power, start=start)
