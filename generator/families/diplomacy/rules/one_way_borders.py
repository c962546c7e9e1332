"""one_way_borders: borders that units may cross one way only.

The Dutch Revolt (webDiplomacy's DutchRevolt), its rules page: "This special 'homeland' SC
can not be entered by any unit". Its install.php, once the map is made, deletes the borders
into the territory (`DELETE FROM wD_Borders WHERE mapID=... AND toTerrID=9`, and the same
from wD_CoastalBorders): webDiplomacy keeps a border once each way, so units may leave the
territory, never enter it ("Remove the links to Spain... (you can only leave Spain)").

A map's borders go both ways; this module closes some of them one way:

    rules:
      one_way_borders: {no_entry: [SPAIN]}            # every border into Spain
      one_way_borders: {closed: [[PICARDY, SPAIN]]}   # the border from Picardy into Spain

A listed province closes every location of it; a listed coast (`SPA/nc`) that coast only.
Over a closed border, as over no border (webDiplomacy checks each order against the borders
it keeps):

- no unit moves, and no dislodged unit retreats;
- no unit supports a move into the place, nor a unit standing there (a support needs the
  border from the supporter to the place);
- no army is convoyed into a place of `no_entry` (every border into it is gone), nor from FROM
  into TO of a closed pair.

Units leave by the same borders as on the map.
"""
from __future__ import annotations

from ...base import Page
from ....escape import md_text
from ..model import province_of
from ..movement import IllegalOrder
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, list_of_ids


def _pairs(value) -> str | None:
    ok = isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
                                         for p in value)
    return None if ok else "must be a list of [FROM, TO] pairs of location ids"


def _covers(listed: str, location: str) -> bool:
    """Does a listed place (a province: all its locations; a coast: that coast) cover `location`?"""
    return location.casefold() == listed.casefold() or ("/" not in listed and province_of(location) == listed)


def closed(params: dict, start: str, end: str) -> bool:
    """Is the border from location `start` into location `end` closed?"""
    return any(_covers(p, end) for p in params["no_entry"]) or \
        any(_covers(a, start) and _covers(b, end) for a, b in params["closed"])


def validate(game, units: dict, order, orders: list, params: dict):
    """A move, or a support, over a closed border is illegal; None for the rest."""
    if order.kind not in ("move", "support"):
        return None
    unit = units.get(order.province)
    if unit is None or unit.power != order.power:
        return None
    show = game.map.display
    if order.kind == "move":
        if order.dest and closed(params, unit.location, order.dest):
            raise IllegalOrder(f"{unit.kind} {show(unit.location)} cannot move into {show(order.dest)}: "
                               "the border is closed that way")
        return None
    into = order.dest or order.target
    if into and closed(params, unit.location, province_of(into)):
        raise IllegalOrder(f"{unit.kind} {show(unit.location)} cannot support into {show(province_of(into))}: "
                           "the border is closed that way")
    return None


def retreats(game, unit, options: list[str], params: dict) -> list[str]:
    return [loc for loc in options if not closed(params, unit.location, loc)]


def checks(game, params: dict) -> list[Problem]:
    """Every place a location of the map; every closed pair a border of the map."""
    m = game.map
    found = [] if params["no_entry"] or params["closed"] else [Problem(
        "game.yaml", "/rules/one_way_borders", "the module is enabled but closes no border",
        hint="list the places no unit may enter (no_entry) or the [FROM, TO] borders closed that way (closed)")]

    def known(loc: str) -> bool:
        prov = m.provinces.get(province_of(loc))
        return prov is not None and ("/" not in loc or loc.casefold() in {x.casefold() for x in prov.locations("F")})
    for i, loc in enumerate(params["no_entry"]):
        if not known(loc):
            found.append(Problem("game.yaml", f"/rules/one_way_borders/no_entry/{i}", f"no location '{loc}'",
                                 hint="name a province (or a coast, PROV/nc) of the map"))
    for i, (a, b) in enumerate(params["closed"]):
        for j, loc in enumerate((a, b)):
            if not known(loc):
                found.append(Problem("game.yaml", f"/rules/one_way_borders/closed/{i}/{j}", f"no location '{loc}'",
                                     hint="name a province (or a coast, PROV/nc) of the map"))
        pa, pb = province_of(a), province_of(b)
        if known(a) and known(b) and pb not in m.army_adj.get(pa, ()) and \
                not any(province_of(t) == pb for loc in m.provinces[pa].locations("F")
                        for t in m.fleet_adj.get(loc, ())):
            found.append(Problem("game.yaml", f"/rules/one_way_borders/closed/{i}",
                                 f"{a} and {b} share no border", hint="list a border of the map"))
    return found


# --- the page's examples, found on the game's own map ---------------------------------

def _movement_phase(game) -> str:
    start = str(game.start.phase or "")
    year = start[1:-1]
    if not year.isdecimal():
        return "S1901M"
    return start if start.endswith("M") else f"S{int(year) + (1 if start.startswith('W') else 0)}M"


def _crossings(game, params: dict):
    """(unit kind, from, into) of each closed border of the map whose other way is open, by id."""
    m = game.map
    for kind, table in (("A", m.army_adj), ("F", m.fleet_adj)):
        for start in sorted(table):
            for end in sorted(table[start]):
                if closed(params, start, end) and not closed(params, end, start):
                    yield kind, start, end


def examples_of(game) -> tuple[dict, dict] | None:
    """Two moves over a closed border, one each way: into the place it is illegal; out of it,
    with the place's unit, it succeeds."""
    params, m = game.modules.params("one_way_borders"), game.map
    powers = sorted(m.powers)
    if not powers:
        return None
    one = powers[0]
    for kind, start, end in _crossings(game, params):
        into, out = f"{kind} {start} - {end}", f"{kind} {end} - {start}"
        phase = _movement_phase(game)
        return ({"phase": phase, "units": {one: [f"{kind} {start}"]}, "orders": {one: [into]},
                 "expect": {"results": {into: "illegal"}}},
                {"phase": phase, "units": {one: [f"{kind} {end}"]}, "orders": {one: [out]},
                 "expect": {"results": {out: "succeeds"}}})
    return None


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    if found:
        return found
    pair = examples_of(game)
    return [p for ex in (pair or ()) for p in example.problems("one_way_borders", example.play(game, ex))]


def pages(game, params: dict) -> list[Page]:
    m = game.map

    def name(loc: str) -> str:
        prov = m.provinces.get(province_of(loc))
        if prov is None:
            return md_text(loc)
        return md_text(prov.name + (f" ({loc.split('/', 1)[1]})" if "/" in loc else ""))
    lines = ["# One-way borders", ""]
    for loc in params["no_entry"]:
        lines.append(f"- {name(loc)}: no unit may enter it; units may leave it")
    for a, b in params["closed"]:
        lines.append(f"- from {name(a)} into {name(b)}: closed (the way back is open)")
    lines += ["", "Over a closed border, as over no border at all, no unit moves and no dislodged unit "
              "retreats, and no unit supports a move into the place or a unit standing there. No army is "
              "convoyed into a place no unit may enter. Units leave it by the map's borders.", ""]
    pair = examples_of(game)
    if pair:
        closed_way, open_way = (example.play(game, ex) for ex in pair)
        lines += ["## Into the place", ""] + example.section(game, closed_way)[2:]
        lines += ["", "## Out of it", ""] + example.section(game, open_way)[2:]
    return [Page("one-way-borders.md", "\n".join(lines).rstrip() + "\n", "One-way borders")]


def _read(found: dict) -> dict:
    facts = found.get("DeletedBorders") or {}
    return {k: facts[k] for k in ("no_entry", "closed") if facts.get(k)}


MODULE = RuleModule(
    name="one_way_borders",
    title="One-way borders",
    summary="Borders units may cross one way only: no move, retreat or support into the place over them.",
    params={"no_entry": Param([], "Places no unit may enter, over any border: [PROVINCE or PROV/coast].",
                              shape=list_of_ids),
            "closed": Param([], "Borders closed one way: [[FROM, TO]] (from FROM into TO).", shape=_pairs)},
    validate=validate, retreats=retreats, checks=example_checks, pages=pages,
    webdip=WebdipForm("borders units may cross one way only (install.php deletes the other way after the map "
                      "is made: DutchRevolt's Spain)", forms=("DeletedBorders",), read=_read,
                      export="DeletedBorders"))
