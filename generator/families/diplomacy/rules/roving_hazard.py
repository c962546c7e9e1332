"""roving_hazard: a unit no player holds that the rules place and move at random (Pirates' hurricane).

Pirates' rules page: "In the build phase of 1667 and on, a hurricane forms randomly on any
unoccupied territory. The hurricane will then randomly move to an adjacent territory in spring
and again in autumn. ... If the hurricane hits an SC in autumn (whether occupied or not) its
devastating power destroys all value of that SC to the player who controls it, with the SC
becoming neutral in the build phase. ... After the autumn phase (ie entering the next build
phase) the hurricane has lost its strength and disappears." What its classes do (the unit is
the country after the last of $countries, `count($Game->Variant->countries) + 1`):

- processOrderBuilds' create(), in every build phase but the opening one (CustomStart's create
  at turn 0 does not call it): a Destroy order for the old unit and a 'Build Army' for a new
  one on a random territory with no unit, no supply centre and a border (`ORDER BY RAND()`);
- processOrderDiplomacy's create(), in every movement phase, spring and autumn alike: a Move
  to a random territory next to it by the armies' borders (none found: the order points
  nowhere and fails, so the unit stays where it is); with no unit, nothing;
- adjMove / adjHeadToHeadMove: every move of that country gains 3 (`$min += 3; $max += 3;`),
  in attack, prevention and defence, and in its hold when the move fails; it takes the place
  of the frigates' half (`elseif`), so a hazard that is an army gains 3, not 3.5. Pirates'
  _holdStrength adds it after the success test, so the province the hurricane has just left
  still holds with 3 (a unit following it in needs an attack of 4): `lingers: true`; a class
  that adds it in the failure branch only is the standard reading (`lingers: false`);
- processMembers' countUnitsSCs: that country is counted for no player, so a supply centre
  it stands in at the end of a fall turn (webDiplomacy gives the centre to the occupant) is
  no one's: neutral. A unit it dislodges retreats as any other (no class takes it off).

The engine is deterministic: the dice are the server's, and their outcome comes in the request
as data, as the players' orders do. The hazard's units are listed under `power`; in a
movement phase its order is a move to a province next to it or a hold (a unit with no order
holds, as when the class rolls nothing); any other order of it is refused with the reason. In
an adjustment phase its unit is taken off and its build order ("A XYZ B") places the new one,
in a vacant province that is no supply centre and that a unit of `kind` can stand in and leave;
with no such order, no hazard until the next adjustment phase. Dislodged, it is disbanded (no
player orders its retreat). The game's opening adjustment phase (a custom start's) places none.

    rules:
      roving_hazard: {power: HURRICANE, name: hurricane, bonus: 3, lingers: true}
"""
from __future__ import annotations

from ....escape import code_span, md_text
from ...base import Page
from ..movement import IllegalOrder, Unit
from . import Param, Problem, RuleModule, WebdipForm, boolean, text


def _strength(value) -> str | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
    return None if ok else "must be a number, 0 or more"


def neutral_power(params: dict) -> str:
    return params["power"]


def move_bonus(game, units, moves: dict, params: dict) -> dict:
    """Its moves' bonus; with `lingers` the engine keeps it in the hold of the province left."""
    power, bonus = params["power"], params["bonus"]
    return {p: bonus for p in moves if units[p].power == power}


def validate(game, units, order, orders, params: dict):
    """The hazard moves to a province next to it or holds; the standard rules check the move."""
    if order.power != params["power"] or order.kind == "hold":
        return None
    name = params["name"]
    if order.kind != "move":
        raise IllegalOrder(f"the {name} only moves or holds: its order comes from the rules' dice, "
                           f"never a {order.kind}")
    if order.via:
        raise IllegalOrder(f"the {name} moves only to a province next to it, never by convoy")
    return None


def no_retreat(game, unit, params: dict) -> str | None:
    return f"no player orders the {params['name']}'s retreat" if unit.power == params["power"] else None


def owners_after(game, phase: str, units: dict, centers: dict[str, list[str]], params: dict) -> dict[str, list[str]]:
    """A supply centre the hazard stands in after a fall turn belongs to no one."""
    if not params["neutralises"] or not phase.startswith("F"):
        return centers
    struck = {p for p, u in units.items() if u.power == params["power"] and game.map.provinces[p].supply_center}
    if not struck:
        return centers
    return {power: [c for c in owned if c not in struck] for power, owned in centers.items()}


def sites(game, params: dict) -> set[str]:
    """Where the hazard may be placed: provinces that are no supply centre, that its kind of unit
    can stand in and that have a border it can leave by (the class: `t.supply='No'` and a row
    of wD_Borders from the territory)."""
    m, kind = game.map, params["kind"]
    adj = m.army_adj if kind == "A" else m.fleet_adj
    return {pid for pid, prov in m.provinces.items() if not prov.supply_center
            and any(adj.get(loc) for loc in prov.locations(kind))}


def placements(game, phase: str, units: dict, params: dict) -> dict:
    if phase and phase == game.start.phase:      # the opening build phase places none
        return {}
    return {params["power"]: (sites(game, params), 1, params["kind"])}


def checks(game, params: dict) -> list[Problem]:
    power, found = params["power"], []
    if power in game.map.powers:
        found.append(Problem("game.yaml", "/rules/roving_hazard/power",
                             f"'{power}' is a power of the map; the {params['name']} belongs to no player",
                             hint="give the hazard a power id of its own (HURRICANE)"))
    hooks = game.modules.hooks("neutral_power") if game.modules is not None else ()
    if sum(fn(given) == power for fn, given in hooks) > 1:
        found.append(Problem("game.yaml", "/rules/roving_hazard/power",
                             f"'{power}' is the power of another module's neutral units too",
                             hint="give the hazard a power id of its own (HURRICANE)"))
    if not found:
        found += [p for played in _played(game, params) for p in _problems(played)]
    return found


# --- the page's examples, found on the game's own map and played by the engine -------------

def _movement_phase(game, season: str) -> str:
    start = game.start.phase
    year = start[1:-1]
    year = int(year) + (0 if start.endswith("M") else 1) if year.isdecimal() else 1901
    return f"{season}{year}M"


def examples_of(game, params: dict) -> list[tuple[str, dict]]:
    """(title, request with `expect`): the hazard dislodges a supported unit in the spring, and in
    the autumn ends in a power's centre, which becomes neutral; the adjustment phase after takes
    it off and places it anew."""
    m, power, kind = game.map, params["power"], params["kind"]
    adj = m.army_adj if kind == "A" else m.fleet_adj
    powers = sorted(m.powers)
    if not powers:
        return []
    out = []
    # spring: a unit supported once (hold 2) is dislodged by the hazard (1 + bonus)
    for src in sorted(sites(game, params)):
        if "/" in src:
            continue
        for dst in sorted(q for q in adj.get(src, ()) if "/" not in q and m.provinces[q].locations(kind)):
            helpers = sorted(q for q in adj.get(dst, ()) if q != src and "/" not in q
                             and m.provinces[q].locations(kind) and dst in adj.get(q, ()))
            if not helpers or 1 + params["bonus"] <= 2:   # a supported hold (2) must give way
                continue
            move, hold, support = f"{kind} {src} - {dst}", f"{kind} {dst} H", f"{kind} {helpers[0]} S {kind} {dst}"
            out.append(("Spring: the " + params["name"] + " dislodges a supported unit", {
                "phase": _movement_phase(game, "S"),
                "units": {power: [f"{kind} {src}"], powers[0]: [f"{kind} {dst}", f"{kind} {helpers[0]}"]},
                "orders": {power: [move], powers[0]: [hold, support]},
                "expect": {"results": {move: "succeeds", hold: "fails"}}}))
            break
        if out:
            break
    if params["lingers"]:
        out += _lingering_example(game, params, powers[0])
    # autumn: the hazard ends in a power's centre (vacant): the centre is no one's after it
    for src in sorted(sites(game, params)):
        if "/" in src:
            continue
        centres = sorted(q for q in adj.get(src, ()) if "/" not in q and m.provinces[q].supply_center
                         and m.provinces[q].locations(kind))
        if not centres:
            continue
        dst = centres[0]
        owner = m.provinces[dst].home if m.provinces[dst].home in m.powers else powers[0]
        move = f"{kind} {src} - {dst}"
        fall = {"phase": _movement_phase(game, "F"), "units": {power: [f"{kind} {src}"]},
                "centers": {owner: [dst]}, "orders": {power: [move]},
                "expect": {"results": {move: "succeeds"}, "centers": {}}}
        out.append((f"Autumn: the {params['name']} ends in a centre, which becomes neutral", fall))
        others = sorted(s for s in sites(game, params) if s not in (src, dst) and "/" not in s)
        if params["neutralises"] and others:
            phase = "W" + fall["phase"][1:-1] + "A"
            place = f"{kind} {others[0]} B"
            out.append((f"The adjustment phase after: the {params['name']} is taken off and placed anew", {
                "phase": phase, "units": {power: [f"{kind} {dst}"]}, "centers": {},
                "orders": {power: [place]},
                "expect": {"results": {place: "succeeds"}, "units": {power: [f"{kind} {others[0]}"]}}}))
        break
    return out


def _lingering_example(game, params: dict, player: str) -> list[tuple[str, dict]]:
    """The hazard moves on and a lone unit moving in after it fails: its attack, 1 and the bonus any
    module gives its move (Pirates' frigates: 1.5), against the hazard's bonus; none where it would
    not fail."""
    m, power, kind = game.map, params["power"], params["kind"]
    adj = m.army_adj if kind == "A" else m.fleet_adj
    whole = lambda q: "/" not in q and bool(m.provinces[q].locations(kind))    # noqa: E731
    for src in sorted(s for s in sites(game, params) if "/" not in s):
        near = sorted(q for q in adj.get(src, ()) if whole(q) and src in adj.get(q, ()))
        if len(near) < 2:
            continue
        dst, follower = near[0], near[1]
        unit = {follower: Unit(player, kind, follower)}
        attack = 1 + sum(fn(game, unit, {follower: src}, given).get(follower, 0)
                         for fn, given in game.modules.hooks("move_bonus"))
        if attack > params["bonus"]:
            return []
        move, follow = f"{kind} {src} - {dst}", f"{kind} {follower} - {src}"
        return [(f"Spring: the province the {params['name']} leaves still holds with its bonus", {
            "phase": _movement_phase(game, "S"),
            "units": {power: [f"{kind} {src}"], player: [f"{kind} {follower}"]},
            "orders": {power: [move], player: [follow]},
            "expect": {"results": {move: "succeeds", follow: "fails"}}})]
    return []


def _played(game, params: dict) -> list:
    from . import _example as example
    return [(title, example.play(game, found)) for title, found in examples_of(game, params)]


def _problems(played) -> list[Problem]:
    from . import _example as example
    return example.problems("roving_hazard", played[1])


def pages(game, params: dict) -> list[Page]:
    from ..examples import outcome_table
    name, power, bonus = params["name"], params["power"], params["bonus"]
    title = f"The {name}"
    lines = [f"# {md_text(title[0].upper() + title[1:])}", "",
             f"The {md_text(name)} is a unit no player holds, listed under {code_span(power)}. The server "
             f"rolls the dice for it and writes its orders, as it writes the players': in each adjustment "
             f"phase the {md_text(name)} is taken off the board and placed anew in a vacant province that is "
             f"no supply centre (none in the game's opening adjustment phase); in each movement phase it "
             f"moves to a province next to it, or holds when it is given no order. It gives no other order.",
             "",
             f"Every move of the {md_text(name)} counts {md_text(str(bonus))} more: in its attack, in "
             f"preventing another unit from entering the province it moves to, and in a head-to-head battle; "
             f"when its move fails it holds with {md_text(str(bonus))} more as well. A unit it dislodges "
             f"retreats as usual; the {md_text(name)} dislodged is disbanded.", ""]
    if params["lingers"]:
        lines += [f"When the {md_text(name)} moves on, the province it has just left still holds with "
                  f"{md_text(str(bonus))} in that turn: a unit moving in after it needs an attack strength "
                  f"over {md_text(str(bonus))}.", ""]
    if params["neutralises"]:
        lines += [f"A supply centre the {md_text(name)} stands in at the end of a fall turn becomes neutral: "
                  f"it no longer counts for the power that owned it, for builds or for victory.", ""]
    for heading, played in _played(game, params):
        if played is None:
            continue
        found, result, _ = played
        orders = [o for os in found["orders"].values() for o in os]
        lines += [f"## {md_text(heading)}", "",
                  "Adjudicated by the engine when this page was made: "
                  + ", ".join(code_span(o) for o in orders) + ".", "", outcome_table(game, result), ""]
        after = result.after
        if "centers" in found["expect"]:
            before = "; ".join(f"{md_text(p)} owned {md_text(', '.join(cs))}" for p, cs in found["centers"].items())
            owned = ", ".join(f"{md_text(p)}: {md_text(', '.join(cs))}" for p, cs in after.centers.items()) or "none"
            lines += [f"Before the turn {before}. Centres owned after it: {owned}.", ""]
    slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-") or "hazard"
    return [Page(f"{slug}.md", "\n".join(lines).rstrip() + "\n", title[0].upper() + title[1:])]


def _imported(found: dict) -> dict:
    facts = found.get("RovingHazard") or {}
    return {k: v for k, v in facts.items() if k in ("power", "name", "bonus", "kind", "lingers")}


MODULE = RuleModule(
    name="roving_hazard",
    title="A roving hazard (hurricane)",
    summary=("A unit no player holds, placed anew in each adjustment phase and moved in each movement phase "
             "where the request says (the server's dice), with stronger moves; a centre it ends a fall turn "
             "in becomes neutral (Pirates' hurricane)."),
    params={"power": Param("HAZARD", "The power id its unit is listed under (no player's).", shape=text),
            "name": Param("hurricane", "What the unit is called on the pages and in reasons.", shape=text),
            "kind": Param("A", "The kind of unit it is.", choices=("A", "F")),
            "bonus": Param(3, "The extra strength of each of its moves.", shape=_strength),
            "neutralises": Param(True, "A supply centre it stands in after a fall turn becomes no one's.",
                                 shape=boolean),
            "lingers": Param(False, "The province its move leaves keeps the bonus as its hold strength in that "
                                    "turn (vDiplomacy's Pirates); false: the standard 0.", shape=boolean)},
    neutral_power=neutral_power, move_bonus=move_bonus, validate=validate, no_retreat=no_retreat,
    checks=checks, pages=pages, owners_after=owners_after, placements=placements,
    webdip=WebdipForm("a unit of no player placed and moved at random, with stronger moves, that makes the centre "
                      "it ends a fall turn in neutral (Pirates' hurricane)", forms=("RovingHazard",), read=_imported,
                      not_exported="webDiplomacy needs the hazard's processOrderBuilds, processOrderDiplomacy, "
                                   "processMembers and adjMove classes of the variant's own"))
