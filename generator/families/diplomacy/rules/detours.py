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

A detour is stated by its two ends, each a list of provinces (the map's borders between them
must exist; the detour says how moves over them count):

    rules:
      detours: {detours: [{between: [[MAO], [EGY, HEJ]]}], loss: 0.5}

A move of any unit from one end to the other:

- has its attack and prevent strengths lowered by `loss` (webDiplomacy's adjMove takes 0.5 off
  its support count: an unsupported fleet still enters an empty province, and loses to any
  other move into it; with one support, 1.5, it beats a unit holding alone);
- cuts no support of the unit it attacks (it still dislodges it).

No unit at one end may support a unit holding at the other, or a move ending there. This is
the rivers module's logic (rivers.py) for every kind of unit, with its own loss; retreats
along a detour are the standard ones (Baron1900's priority of the other retreat is not played:
the importer says so).
"""
from __future__ import annotations

from ...base import Page
from ....escape import md_text
from ..model import province_of
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm
from .rivers import crossing_moves, refuse_support, section, sides, weakened

UNITS = frozenset("AF")


def _detours_shape(value) -> str | None:
    ok = isinstance(value, list) and all(
        isinstance(d, dict) and set(d) == {"between"} and isinstance(d["between"], list) and len(d["between"]) == 2
        and all(isinstance(e, list) and e and all(isinstance(x, str) for x in e) for e in d["between"])
        for d in value)
    return None if ok else "must be a list of {between: [[ids at one end], [ids at the other]]} entries"


def _ends(params: dict) -> list:
    return sides(d["between"] for d in params["detours"])


def move_strength(game, units: dict, moves: dict, params: dict) -> dict:
    return dict.fromkeys(crossing_moves(units, moves, _ends(params), UNITS), weakened(params["loss"]))


def cuts_no_support(game, units: dict, moves: dict, params: dict) -> list[str]:
    return crossing_moves(units, moves, _ends(params), UNITS)


def validate(game, units: dict, order, orders: list, params: dict):
    return refuse_support(game, units, order, _ends(params), UNITS, "no support is given the long way round")


def checks(game, params: dict) -> list[Problem]:
    found = []
    provinces = game.map.provinces
    for i, detour in enumerate(params["detours"]):
        ends = [list(map(province_of, end)) for end in detour["between"]]
        for side, end in enumerate(ends):
            for j, listed in enumerate(end):
                ptr = f"/rules/detours/detours/{i}/between/{side}/{j}"
                if listed not in provinces:
                    found.append(Problem("game.yaml", ptr, f"no province '{detour['between'][side][j]}'",
                                         hint="name a province of the map"))
                elif side == 1 and listed in ends[0]:
                    found.append(Problem("game.yaml", ptr, f"{listed} is at both ends of the detour",
                                         hint="list each province at one end only"))
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
              "other end, nor a move ending there.", ""]
    lines += section(game, "A move the long way round loses to a move from next door",
                     "Both move into the same empty province; without the rule they would bounce.",
                     bounce_example(game), "detours", "Where no way is long")
    lines += section(game, "An attack the long way round cuts no support",
                     "The fleet attacked the long way round still gives its support.", support_example(game),
                     "detours", "Where no way is long")
    return [Page("detours.md", "\n".join(lines).rstrip() + "\n", "The long way round")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    if found:
        return found
    return [p for make in (bounce_example, support_example)
            for p in example.problems("detours", example.play(game, make(game)))]


def _read(found: dict) -> dict | None:
    facts = found.get("Detour") or {}
    ends = facts.get("sides")
    if not ends:
        return None
    return {"detours": [{"between": ends}], "loss": facts.get("loss", 0.5)}


MODULE = RuleModule(
    name="detours",
    title="The long way round",
    summary=("A move between the ends of a long way round attacks weaker and cuts no support; no unit "
             "supports from one end to the other."),
    params={"detours": Param([], "The ways: [{between: [[ids at one end], [ids at the other]]}].",
                             shape=_detours_shape),
            "loss": Param(0.5, "What a move the long way round loses of its attack and prevent strengths.",
                          choices=(0.5, 1))},
    move_strength=move_strength, cuts_no_support=cuts_no_support, validate=validate,
    checks=example_checks, pages=pages,
    webdip=WebdipForm("moves the long way round are weaker, cut no support, and no support goes that way",
                      forms=("Detour",), read=_read,
                      not_exported="webDiplomacy needs the variant's own classes for it"))
