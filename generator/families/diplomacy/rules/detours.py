"""detours: a way between provinces taken the long way round, at reduced strength.

Baron1900's Suez rule (its variant.php and rules page, "The Suez Canal Rules"): "Movement
between Egypt or Hejaz and the Mid-Atlantic Ocean is allowed. It is assumed the unit travels
around the southern tip of Africa. A unit that moves in this manner does so at half strength.
This means that a unit adjacent Egypt or Hejaz succeeds in moving there if opposed only by a
fleet moving from the Mid-Atlantic Ocean ... A fleet in Egypt or Hejaz cannot support a unit
holding in or moving to the Mid-Atlantic Ocean ... Likewise, a fleet in the Mid-Atlantic Ocean
cannot support a unit holding in or moving to Egypt or Hejaz. A fleet moving from Egypt or
Hejaz to the Mid-Atlantic Ocean does not cut support being provided by a fleet already in the
Mid-Atlantic Ocean unless the attack results in F Mid-Atlantic Ocean being dislodged."

(5) "F Mid-Atlantic Ocean can convoy an army from or to Egypt or Hejaz. An army convoyed from
Egypt or Hejaz attacks its destination space at full strength. An army convoyed to Egypt or
Hejaz attacks at half strength." (6) "If two units are retreating to Egypt or Hejaz, or the
Mid-Atlantic Ocean, and one of them must travel around the southern tip of Africa, the unit that
does not travel around southern Africa may retreat while the other unit is disbanded."

A detour is stated by its two ends, each a list of provinces (the map's borders between them
must exist; the detour says how moves over them count), and optionally the short way: the
provinces a convoy takes when it does not go round (Baron1900's `$mediterraneanTerritories`):

    rules:
      detours: {detours: [{between: [[MAO], [EGY, HEJ]], short_way: [GIB, WES, TYS, ION, EAS]}],
                loss: 0.5}

A move of any unit from one end to the other:

- has its attack and prevent strengths lowered by `loss` (webDiplomacy's adjMove takes 0.5 off
  its support count: an unsupported fleet still enters an empty province, and loses to any
  other move into it; with one support, 1.5, it beats a unit holding alone);
- cuts no support of the unit it attacks (it still dislodges it).

No unit at one end may support a unit holding at the other, or a move ending there. This is
the rivers module's logic (rivers.py) for every kind of unit, with its own loss.

An army convoyed to one end by a fleet at the other end (the fleet is ordered to convoy it)
comes round: its attack and prevent strengths are lowered by `loss` too, unless fleets in every
province of the short way convoy it and none of them is dislodged (Baron1900's adjConvoyMove:
the army "attacks at half strength" when the convoy goes round Africa, at full strength when
the whole chain through the Mediterranean convoys it; a paradox over a fleet of that chain is
guessed and checked as any other decision). An army convoyed from an end lands at full strength
(it boards the long way, it does not arrive by it), and its attack cuts support as usual (the
no-cut rule is for moves between the ends).

A retreat from one end to the other gives way: when another unit retreats into the same
province, the retreat that does not go round goes there and the one going round is disbanded;
two retreats going round into one province are both disbanded (adjudicatorRetreats).
"""
from __future__ import annotations

from dataclasses import replace

from ...base import Page
from ....escape import md_text
from ..model import province_of
from ..movement import on_convoy_route
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, boolean
from .rivers import between, crossing_moves, refuse_support, section, side_problems, sides, weakened

UNITS = frozenset("AF")


def _ids(value) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _detours_shape(value) -> str | None:
    ok = isinstance(value, list) and all(
        isinstance(d, dict) and "between" in d and set(d) <= {"between", "short_way"}
        and isinstance(d["between"], list) and len(d["between"]) == 2
        and all(_ids(e) and e for e in d["between"]) and _ids(d.get("short_way", []))
        for d in value)
    return None if ok else ("must be a list of {between: [[ids at one end], [ids at the other]], "
                            "short_way: [ids] (optional)} entries")


def _ends(params: dict) -> list:
    return sides(d["between"] for d in params["detours"])


def _short_ways(params: dict) -> list[frozenset]:
    return [frozenset(map(province_of, d.get("short_way", ()))) for d in params["detours"]]


def move_strength(game, units: dict, moves: dict, params: dict) -> dict:
    return dict.fromkeys(crossing_moves(units, moves, _ends(params), UNITS), weakened(params["loss"]))


def cuts_no_support(game, units: dict, moves: dict, params: dict) -> list[str]:
    return crossing_moves(units, moves, _ends(params), UNITS)


def convoy_strength(game, units: dict, convoys: dict, params: dict) -> dict:
    """The armies convoyed to one end by a fleet at the other: weaker unless the short way
    carries them (a move between the ends is weakened as a move already)."""
    found = {}
    if not params["convoys"]:
        return found
    loss = weakened(params["loss"])
    for (one, other), short in zip(_ends(params), _short_ways(params)):
        for p, (dest, fleets) in convoys.items():
            if (dest in other and fleets & one or dest in one and fleets & other) and \
                    not between([(one, other)], p, dest):
                found.setdefault(p, (loss, short))
    return found


def retreat_gives_way(game, unit, dest: str, params: dict) -> bool:
    return params["retreats"] and between(_ends(params), province_of(unit.location), province_of(dest))


def validate(game, units: dict, order, orders: list, params: dict):
    short = _short_way_convoy(game, units, order, params)
    if short is not None:
        return short
    return refuse_support(game, units, order, _ends(params), UNITS, "no support is given the long way round")


def _short_way_convoy(game, units: dict, order, params: dict):
    """The convoy order of a fleet of the short way, settled, when the fleet is on a route to
    the army's destination that does not land it the long way round; None otherwise (the
    standard check decides). The standard check finds such a fleet needless, as the fleet at
    the far end reaches the destination alone (DATC 6.G.19), but the variant counts its convoy:
    it is what spares the army the long way (adjConvoyMove)."""
    if order.kind != "convoy" or not params["convoys"]:
        return None
    m, unit = game.map, units.get(order.province)
    army = units.get(province_of(order.target)) if order.target else None
    if unit is None or unit.power != order.power or unit.kind != "F" or order.province not in m.convoy_seas \
            or army is None or army.kind != "A" or not order.dest:
        return None
    src, dest = province_of(army.location), province_of(order.dest)
    for (one, other), short in zip(_ends(params), _short_ways(params)):
        far = one if dest in other else other if dest in one else None
        if far is None or order.province not in short or src == dest:
            continue
        fleets = m.convoy_seas & {p for p, u in units.items() if u.kind == "F"}
        starts = set(m.shore_seas.get(src, frozenset()) & fleets)
        ends = set(m.shore_seas.get(dest, frozenset()) & fleets) - far
        if on_convoy_route(m.sea_adj, set(fleets), starts, ends, order.province):
            return replace(order, location=unit.location, unit="F", target=src, target_unit="A", dest=dest)
    return None


def checks(game, params: dict) -> list[Problem]:
    found = []
    provinces = game.map.provinces
    for i, detour in enumerate(params["detours"]):
        found += side_problems(game, f"/rules/detours/detours/{i}/between", detour["between"],
                               "is at both ends of the detour", "list each province at one end only")
        for j, listed in enumerate(detour.get("short_way", ())):
            if province_of(listed) not in provinces:
                found.append(Problem("game.yaml", f"/rules/detours/detours/{i}/short_way/{j}",
                                     f"no province '{listed}'", hint="name a sea province of the map"))
    return found


# --- the page's examples, found on the game's own map ---------------------------------

def _phase(game) -> str:
    start = game.start.phase
    year = start[1:-1]
    return start if start.endswith("M") else (f"S{int(year) + 1}M" if year.isdecimal() else "S1901M")


def _fleet_next(m, p: str) -> list[str]:
    return sorted({province_of(q) for loc, qs in m.fleet_adj.items() if province_of(loc) == p for q in qs})


def _fleet_pairs(game):
    """(from, to) detour moves a fleet can make on this map, in order."""
    m = game.map
    for one, other in _ends(game.modules.params("detours")):
        for a in sorted(one | other):
            for b in _fleet_next(m, a):
                if (a in one and b in other) or (a in other and b in one):
                    yield a, b


def _powers(m) -> tuple[str, str]:
    powers = sorted(m.powers)
    return powers[0], powers[1 % len(powers)]


def bounce_example(game) -> dict | None:
    """A fleet coming the long way round and a fleet from next door move into the same empty
    province: the neighbour's move succeeds."""
    m, ends = game.map, _ends(game.modules.params("detours"))
    one, two = _powers(m)
    for a, b in _fleet_pairs(game):
        near = next((c for c in _fleet_next(m, b) if c != a and not any(c in e for pair in ends for e in pair)),
                    None)
        if near is None:
            continue
        long_way, short_way = f"F {a} - {b}", f"F {near} - {b}"
        return {"phase": _phase(game), "units": {one: [f"F {a}"], two: [f"F {near}"]},
                "orders": {one: [long_way], two: [short_way]},
                "expect": {"results": {long_way: "fails", short_way: "succeeds"}}}
    return None


def support_example(game) -> dict | None:
    """A fleet attacked the long way round still gives its support (it is not dislodged)."""
    m, ends = game.map, _ends(game.modules.params("detours"))
    one, two = _powers(m)
    listed = {p for pair in ends for e in pair for p in e}
    for a, b in _fleet_pairs(game):
        for t in _fleet_next(m, b):
            if t in listed:
                continue
            near = [q for q in _fleet_next(m, t) if q not in listed and q not in (a, b)]
            if len(near) < 2:
                continue
            u, v = near[0], near[1]
            cut, hold, support = f"F {a} - {b}", f"F {t} H", f"F {b} S F {t}"
            attack, helper = f"F {u} - {t}", f"F {v} S F {u} - {t}"
            return {"phase": _phase(game), "units": {one: [f"F {b}", f"F {t}"], two: [f"F {a}", f"F {u}", f"F {v}"]},
                    "orders": {one: [hold, support], two: [cut, attack, helper]},
                    "expect": {"results": {cut: "fails", support: "succeeds", hold: "succeeds",
                                           attack: "fails", helper: "succeeds"}}}
    return None


def convoy_example(game) -> dict | None:
    """An army convoyed to one end by a fleet at the other and a unit from next door move into
    the same empty province: the one from next door succeeds."""
    params = game.modules.params("detours")
    if not params.get("convoys"):
        return None
    m, ends = game.map, _ends(params)
    listed = {p for pair in ends for e in pair for p in e}
    one, two = _powers(m)
    for fleet, dest in _fleet_pairs(game):
        if fleet not in m.convoy_seas or dest not in m.coastal:
            continue
        src = next((q for q in sorted(m.fleet_reach.get(fleet, ())) if q not in listed and q in m.coastal
                    and m.provinces[q].type == "coast"), None)
        near = next((c for c in _fleet_next(m, dest) if c not in listed), None)
        if src is None or near is None or near == src:
            continue
        move, convoy, short = f"A {src} - {dest}", f"F {fleet} C A {src} - {dest}", f"F {near} - {dest}"
        return {"phase": _phase(game), "units": {one: [f"A {src}", f"F {fleet}"], two: [f"F {near}"]},
                "orders": {one: [move, convoy], two: [short]},
                "expect": {"results": {move: "fails", convoy: "succeeds", short: "succeeds"}}}
    return None


def retreat_example(game) -> dict | None:
    """A unit retreating the long way round and one retreating from next door into the same
    province: the one from next door stays in the game."""
    params = game.modules.params("detours")
    if not params.get("retreats"):
        return None
    m, ends = game.map, _ends(params)
    listed = {p for pair in ends for e in pair for p in e}
    one, two = _powers(m)
    for far, dest in _fleet_pairs(game):
        near = next((c for c in _fleet_next(m, dest) if c not in listed and c != far), None)
        came = next((c for c in _fleet_next(m, far) if c != dest and c != near), None)
        came_near = next((c for c in _fleet_next(m, near) if c not in (dest, far, came)), None) if near else None
        if near is None or came is None or came_near is None:
            continue
        round_way, short_way = f"F {far} R {dest}", f"F {near} R {dest}"
        return {"phase": _phase(game)[:-1] + "R", "units": {two: [f"F {far}"], one: [f"F {near}"]},
                "dislodged": {one: [{"unit": f"F {far}", "attacker_from": came, "via_convoy": False}],
                              two: [{"unit": f"F {near}", "attacker_from": came_near, "via_convoy": False}]},
                "contested": [], "orders": {one: [round_way], two: [short_way]},
                "expect": {"results": {round_way: "fails", short_way: "succeeds"}}}
    return None


def _names(game, end) -> str:
    provinces = game.map.provinces
    return ", ".join(md_text(provinces[q].name if q in provinces else q) for q in map(province_of, end))


def pages(game, params: dict) -> list[Page]:
    half = "one half" if params["loss"] == 0.5 else "one"
    lines = ["# The long way round", "",
             "Some borders are a long way round (around a continent, say). A unit moving from one end of "
             "such a way to the other makes the whole journey in one move, but weaker.", ""]
    for detour in params["detours"]:
        lines.append(f"- Between {_names(game, detour['between'][0])} and {_names(game, detour['between'][1])}.")
    lines += ["",
              f"- **Weaker moves.** Such a move counts {half} less in attack and in preventing other moves: "
              "alone, it still enters an empty province, but any unit holding there stops it, and so does "
              "any other move into that province that does not take the long way.",
              "- **No support cut.** Such an attack does not cut the support of the unit it attacks, unless it "
              "dislodges that unit.",
              "- **No support the long way round.** A unit at one end cannot support a unit holding at the "
              "other end, nor a move ending there."]
    if params["convoys"]:
        short = [_names(game, d["short_way"]) for d in params["detours"] if d.get("short_way")]
        lines.append(f"- **Convoys the long way round.** An army convoyed to one end by a fleet at the other end "
                     f"counts {half} less in attack and in preventing other moves"
                     + (f", unless fleets in every province of the short way ({'; '.join(short)}) convoy it "
                        "too and none of them is dislodged" if short else "")
                     + ". An army convoyed from an end attacks as usual, and a convoyed attack cuts support "
                       "as usual.")
    if params["retreats"]:
        lines.append("- **Retreats the long way round give way.** When a unit retreats from one end to the "
                     "other and another unit retreats into the same province, the other unit retreats and the "
                     "one going the long way round is disbanded (two going the long way round are both "
                     "disbanded).")
    lines.append("")
    lines += section(game, "A move the long way round loses to a move from next door",
                     "Both move into the same empty province; without the rule they would bounce.",
                     bounce_example(game), "detours", "Where no way is long")
    lines += section(game, "An attack the long way round cuts no support",
                     "The fleet attacked the long way round still gives its support.", support_example(game),
                     "detours", "Where no way is long")
    lines += section(game, "An army convoyed the long way round loses to a move from next door",
                     "Both move into the same empty province; without the rule they would bounce.",
                     convoy_example(game), "detours", "Where no way is long")
    lines += section(game, "A retreat the long way round gives way",
                     "Two dislodged units retreat into the same province; without the rule both would be "
                     "disbanded.", retreat_example(game), "detours", "Where no way is long")
    return [Page("detours.md", "\n".join(lines).rstrip() + "\n", "The long way round")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    if found:
        return found
    return [p for make in (bounce_example, support_example, convoy_example, retreat_example)
            for p in example.problems("detours", example.play(game, make(game)))]


def _read(found: dict) -> dict | None:
    facts = found.get("Detour") or {}
    ends = facts.get("sides")
    if not ends:
        return None
    detour = {"between": ends}
    if facts.get("short_way"):
        detour["short_way"] = facts["short_way"]
    return {"detours": [detour], "loss": facts.get("loss", 0.5), "convoys": bool(facts.get("convoys")),
            "retreats": bool(facts.get("retreats"))}


MODULE = RuleModule(
    name="detours",
    title="The long way round",
    summary=("A move between the ends of a long way round attacks weaker and cuts no support; no unit "
             "supports from one end to the other; an army convoyed round is weaker too; a retreat round "
             "gives way to another."),
    params={"detours": Param([], "The ways: [{between: [[ids at one end], [ids at the other]], short_way: "
                                 "[ids of the provinces a convoy takes when it does not go round]}].",
                             shape=_detours_shape),
            "loss": Param(0.5, "What a move the long way round loses of its attack and prevent strengths.",
                          choices=(0.5, 1)),
            "convoys": Param(True, "An army convoyed to one end by a fleet at the other is weaker too, unless "
                                   "the fleets of the short way all carry it.", shape=boolean),
            "retreats": Param(True, "A retreat from one end to the other gives way to any other retreat into "
                                    "the same province.", shape=boolean)},
    move_strength=move_strength, cuts_no_support=cuts_no_support, validate=validate,
    checks=example_checks, pages=pages, convoy_strength=convoy_strength, retreat_gives_way=retreat_gives_way,
    webdip=WebdipForm("moves the long way round are weaker, cut no support, and no support goes that way",
                      forms=("Detour",), read=_read,
                      not_exported="webDiplomacy needs the variant's own classes for it"))
