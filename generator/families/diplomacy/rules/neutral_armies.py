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
from ..claims import _names as claim_names, _need as claim_param, _prov as claim_province
from ..model import province_of
from . import Param, RuleModule, WebdipForm, list_of_ids, text


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


def support_hold_claim(game, params: dict, module: dict | None) -> list[str]:
    """Claim kind `support_hold`; params: provinces (the neutral armies that support-hold).
    Compares with this module's parameters and checks each has an adjacent neutral army."""
    listed = {claim_province(game, p) for p in claim_param(params, "provinces")}
    out = []
    if module is None:
        return ["the game does not enable the neutral_armies rule module"]
    configured = set(module.get("support_hold") or [])
    if configured != listed:
        out.append(f"neutral_armies.support_hold lists {claim_names(game, configured)}; "
                   f"the rule names {claim_names(game, listed)}")
    neutral = {province_of(u.split()[1]) for u in game.start.units.get(module.get("power", "NEUTRAL"), [])}
    for p in sorted(listed):
        if p not in neutral:
            out.append(f"{game.map.display(p)} holds no neutral army at the start")
        elif not (game.map.army_adj.get(p, frozenset()) & neutral):
            out.append(f"{game.map.display(p)} has no adjacent neutral army to support")
    return out


def _imported(found: dict) -> dict:
    """The importer's neutral units: their power id, and the provinces of $neutralHold."""
    facts = found.get("NeutralUnits") or {}
    hold = facts.get("hold") or []
    return {"power": facts.get("power", "NEUTRAL"), **({"support_hold": hold} if hold else {})}


MODULE = RuleModule(
    name="neutral_armies",
    title="Neutral standing armies",
    summary=("Neutral armies hold; listed ones support-hold an attacked adjacent neutral army. "
             "They disband when dislodged."),
    params={"power": Param("NEUTRAL", "The power id under which neutral units are listed.", shape=text),
            "support_hold": Param([], "Provinces whose neutral army support-holds adjacent neutral armies.",
                                  shape=list_of_ids)},
    standing_orders=standing_orders, no_retreat=no_retreat, neutral_power=neutral_power, start=start,
    claims={"support_hold": support_hold_claim},
    webdip=WebdipForm("neutral standing armies", mixins=("NeutralUnits",), forms=("NeutralUnits",), read=_imported,
                      export="NeutralUnits"))
