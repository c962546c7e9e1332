"""neutral_armies: neutral standing armies.

Units listed in `start.units` under the neutral power id (parameter `power`,
default NEUTRAL) belong to no player. Each turn they hold; an army in one of the
`support_hold` provinces instead supports an adjacent neutral army that is under
attack (the first such army in province-id order), or holds when none is.
A dislodged neutral army is disbanded at once; neutral armies never retreat and
never own centres.

With `rebuild` (KnownWorld_901, "Neutral units now rebuild if possible"), the neutral
power keeps the supply centres listed there for as long as no power has taken one:
webDiplomacy gives them to the neutral pseudo-country at the start (install.php's
countryID one past the last country) and a centre changes hands only when a power's
unit stands in it at the end of a fall turn, never back to the neutral. After each
fall turn, every listed centre that no power owns and no unit stands in gets a new
neutral army, in an adjustment phase held for it even when no player adjusts (the
variant's processGame inserts 'Build Army' orders for the pseudo-country in each empty
territory it still holds). So a neutral army dislodged in the spring comes back in the
winter when its conqueror has left by the fall; a centre a power took is never rebuilt.

    rules:
      neutral_armies: {support_hold: [BEL], rebuild: [BEL, HOL]}
"""
from __future__ import annotations

from ...base import Page
from ....escape import code_span, md_text
from ..claims import _names as claim_names, _need as claim_param, _prov as claim_province
from ..model import province_of
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, list_of_ids, text


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


def neutral_builds(game, units: dict, centers: dict[str, list[str]], params: dict) -> dict[str, list[str]]:
    """The armies the neutral power rebuilds in an adjustment phase: one in each `rebuild`
    centre that no power owns and no unit stands in (`units`: province -> Unit)."""
    listed = params.get("rebuild") or []
    if not listed:
        return {}
    owned = {c for cs in centers.values() for c in cs}
    empty = sorted({province_of(c) for c in listed} - owned - set(units))
    return {params["power"]: [f"A {c}" for c in empty]} if empty else {}


def checks(game, params: dict) -> list[Problem]:
    """`rebuild` lists supply centres an army can stand in that no power calls home."""
    found = []
    for i, listed in enumerate(params.get("rebuild") or []):
        prov = game.map.provinces.get(province_of(listed))
        ptr = f"/rules/neutral_armies/rebuild/{i}"
        if prov is None:
            found.append(Problem("game.yaml", ptr, f"no province '{listed}'",
                                 hint="list the supply centres the neutral power holds at the start"))
        elif not prov.supply_center or not prov.locations("A"):
            found.append(Problem("game.yaml", ptr, f"{listed} is no supply centre an army can stand in",
                                 hint="the neutral power rebuilds armies only in its supply centres"))
        elif prov.home:
            found.append(Problem("game.yaml", ptr, f"{listed} is a home centre of {prov.home}, not the neutral's",
                                 hint="list only centres no power calls home"))
    return found


def examples_of(game, params: dict) -> list[dict]:
    """Two adjudication requests on the game's own map, with what the rule says must happen:
    a fall turn in which a power's army leaves the first `rebuild` centre it had taken from
    the neutral in the spring (the centre stays the neutral's, so an adjustment phase is due
    for it alone), then that winter, in which the neutral army is rebuilt there."""
    m, neutral = game.map, params["power"]
    listed = sorted({province_of(c) for c in params.get("rebuild") or []} & set(m.provinces))
    for centre in listed:
        others = [f"A {c}" for c in listed if c != centre and m.provinces[c].locations("A")]
        for power, info in sorted(m.powers.items()):
            homes = sorted(p for p, prov in m.provinces.items() if prov.home == power and prov.supply_center)
            exits = sorted(q for q in m.army_adj.get(centre, ()) if not m.provinces[q].supply_center)
            if not homes or not exits or not m.provinces[centre].locations("A"):
                continue
            move = f"A {centre} - {exits[0]}"
            held = {neutral: others} if others else {}
            fall = {"phase": "F1901M", "units": {power: [f"A {centre}"], **held}, "centers": {power: [homes[0]]},
                    "orders": {power: [move]},
                    "expect": {"results": {move: "succeeds"}, "units": {power: [f"A {exits[0]}"], **held}}}
            winter = {"phase": "W1901A", "units": {power: [f"A {exits[0]}"], **held},
                      "centers": {power: [homes[0]]}, "orders": {power: []},
                      "expect": {"results": {f"A {centre} B": "succeeds"},
                                 "units": {power: [f"A {exits[0]}"], neutral: sorted(others + [f"A {centre}"])}}}
            return [fall, winter]
    return []


def _played(game, params: dict) -> list:
    return [example.play(game, found) for found in examples_of(game, params)]


def _section(game, title: str, played, neutral: str, others: str) -> list[str]:
    """An example's orders and the engine's outcome, the holds of the neutral armies that only
    stand by left out of the table."""
    from ..examples import outcome_table
    found, result, _ = played
    orders = [o for os in found["orders"].values() for o in os]
    said = ", ".join(code_span(o) for o in orders) if orders else "no orders"
    table = [line for line in outcome_table(game, result).splitlines()
             if not (line.startswith(f"| {md_text(neutral)} |") and line.endswith("| holds |"))]
    return [f"## {title}", "", f"Adjudicated by the engine when this page was made: {said} ({others}).",
            "", *table, ""]


def pages(game, params: dict) -> list[Page]:
    """The rebuilding of neutral armies, with its examples played by the engine."""
    if not params.get("rebuild"):
        return []
    provinces = game.map.provinces
    names = ", ".join(md_text(provinces[c].name if c in provinces else c)
                      for c in map(province_of, params["rebuild"]))
    lines = ["# Neutral armies rebuilt", "",
             "Neutral armies belong to no player: each turn they hold, and a dislodged one is disbanded "
             "at once. The neutral power keeps these supply centres for as long as no power has taken "
             f"one: {names}. A centre changes hands only when a power's unit stands in it at the end of "
             "a fall turn, and never goes back to the neutral.", "",
             "After each fall turn, a neutral army is built in every one of those centres that no power "
             "owns and no unit stands in, in an adjustment phase that is held for it even when no "
             "player has builds or disbands to make. So a neutral army dislodged in the spring comes "
             "back in the winter if its conqueror has left by the end of the fall; a centre a power "
             "took is never rebuilt.", ""]
    played = _played(game, params)
    if played:
        lines += _section(game, "Example: the conqueror leaves in the fall", played[0], params["power"],
                          "the neutral armies in the other centres hold and are not shown")
        lines += _section(game, "Example: the winter after", played[1], params["power"],
                          "the other centres hold their neutral armies, so nothing is built there")
    return [Page("neutral-armies.md", "\n".join(lines).rstrip() + "\n", "Neutral armies rebuilt")]


def module_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    if found:
        return found
    return [p for played in _played(game, params) for p in example.problems("neutral_armies", played)]


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
    rebuilt = (["", "A neutral army is rebuilt each winter in every centre the neutral power still holds "
                    "that stands empty (see Neutral armies rebuilt)."] if params.get("rebuild") else [])
    return ["## Neutral standing armies", "",
            f"{len(units)} neutral armies stand on centres at the start: {md_text(', '.join(shown))}.", *rebuilt]


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
    """The importer's neutral units: their power id, the provinces of $neutralHold, and the
    centres the pseudo-country holds at the start when its processGame rebuilds there."""
    facts = found.get("NeutralUnits") or {}
    hold = facts.get("hold") or []
    rebuild = (found.get("NeutralRebuild") or {}).get("centres") or []
    return {"power": facts.get("power", "NEUTRAL"), **({"support_hold": hold} if hold else {}),
            **({"rebuild": rebuild} if rebuild else {})}


MODULE = RuleModule(
    name="neutral_armies",
    title="Neutral standing armies",
    summary=("Neutral armies hold; listed ones support-hold an attacked adjacent neutral army. "
             "They disband when dislodged; with `rebuild`, one is rebuilt each winter in every listed "
             "centre no power has taken that stands empty."),
    params={"power": Param("NEUTRAL", "The power id under which neutral units are listed.", shape=text),
            "support_hold": Param([], "Provinces whose neutral army support-holds adjacent neutral armies.",
                                  shape=list_of_ids),
            "rebuild": Param([], "Supply centres the neutral power holds at the start: after each fall turn, "
                                 "a neutral army is built in each that no power owns and no unit stands in.",
                             shape=list_of_ids)},
    standing_orders=standing_orders, no_retreat=no_retreat, neutral_power=neutral_power, start=start,
    neutral_builds=neutral_builds, checks=module_checks, pages=pages,
    claims={"support_hold": support_hold_claim},
    webdip=WebdipForm("neutral standing armies", mixins=("NeutralUnits",), forms=("NeutralUnits", "NeutralRebuild"),
                      read=_imported, export="NeutralUnits"))
