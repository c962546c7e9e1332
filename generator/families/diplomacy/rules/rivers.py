"""rivers: armies cross a river weakened, and cannot support or retreat across it.

Imperium's river rule (its rules page: "an army crossing a river is counted with one
force less. Support crossing a river can't be given if the target zone is on the other
side, and crossing a river doesn't cut a support. Retreats orders can't be done over a
river. These borders are ordinary borders for fleets."). A river is the provinces on
its two banks; a map may have several:

    rules:
      rivers: {rivers: [{banks: [[GAL, BEL, RAE], [GER, SUE]]}]}

An army's move from a province on one bank to one on the other bank of the same river
crosses it, by land or by convoy (webDiplomacy's Imperium marks every army move whose
start and end lie on opposite banks). Such a move:

- has its attack and prevent strengths lowered by one; a strength of 1 becomes 1/2
  (Imperium 2.1.2: "An attack across a river with 0 fails even against empty
  territories. In this case set the strength to 0.5"): an unsupported army still
  crosses into an empty province, but is stopped by any unit holding there and by any
  other move into it that does not cross;
- cuts no support of the unit it attacks (it still dislodges it, and a dislodged unit
  gives no support).

Its defend strength (head to head) and the hold strengths are the standard ones. No
unit may support a move ending on the other bank, and no army a unit standing there
("Support crossing a river can't be given if the target zone is on the other side":
userOrderDiplomacy's supportMoveToTerrCheck refuses it whatever the unit,
supportHoldToTerrCheck only for an army, and so does this module: Imperium's fleets
border each other across its river at Frisii, the Hunni and both straits). A dislodged
army may not retreat across (userOrderRetreats). Fleets otherwise ignore rivers ("These
borders are ordinary borders for fleets").

A river is stated by its banks, as webDiplomacy's `$river_left` and `$river_right` do,
not as pairs of provinces: a convoyed army crosses too, between any two provinces on
opposite banks.
"""
from __future__ import annotations

import dataclasses

from ...base import Page
from ....escape import md_text
from ..model import province_of
from ..movement import IllegalOrder
from . import _example as example
from . import Param, Problem, RuleModule, RuleSet, WebdipForm


def _rivers_shape(value) -> str | None:
    ok = isinstance(value, list) and all(
        isinstance(r, dict) and set(r) == {"banks"} and isinstance(r["banks"], list) and len(r["banks"]) == 2
        and all(isinstance(b, list) and b and all(isinstance(x, str) for x in b) for b in r["banks"])
        for r in value)
    return None if ok else "must be a list of {banks: [[ids on one bank], [ids on the other]]} entries"


def _banks(params: dict) -> list[tuple[frozenset, frozenset]]:
    return sides(r["banks"] for r in params["rivers"])


def sides(pairs) -> list[tuple[frozenset, frozenset]]:
    """[(one side, the other side)] as sets of province ids, of [[ids], [ids]] pairs."""
    return [(frozenset(map(province_of, a)), frozenset(map(province_of, b))) for a, b in pairs]


def between(banks: list, start: str, end: str) -> bool:
    """Does going from province `start` to province `end` go from one side to the other?"""
    return any((start in a and end in b) or (start in b and end in a) for a, b in banks)


def crosses(params: dict, start: str, end: str) -> bool:
    """Does going from province `start` to province `end` cross a river?"""
    return between(_banks(params), start, end)


def weakened(loss):
    """A crossing move's attack or prevent strength: `loss` less (one for a river, one half
    for Baron1900's way round Africa), at least 1/2 (it still beats nothing); 0 (no attack on
    a unit of its own power) stays 0."""
    def weigh(strength):
        return strength if strength < 1 else max(strength - loss, 0.5)
    return weigh


across = weakened(1)


def crossing_moves(units: dict, moves: dict, banks: list, kinds: frozenset) -> list[str]:
    """The moves of the phase (`moves`: {province: destination}) of a unit of `kinds` from
    one side to the other."""
    return [p for p, d in moves.items() if units[p].kind in kinds and between(banks, p, d)]


def refuse_support(game, units: dict, order, banks: list, hold_kinds: frozenset, across_what: str):
    """Raise IllegalOrder for a support of a move ending on the other side, or of a unit
    standing there when the supporter is of `hold_kinds`; None for any other order."""
    if order.kind != "support":
        return None
    unit = units.get(order.province)
    if unit is None or unit.power != order.power or (unit.kind not in hold_kinds and not order.dest):
        return None
    into = province_of(order.dest) if order.dest else province_of(order.target)
    if between(banks, order.province, into):
        show = game.map.display
        raise IllegalOrder(f"{unit.kind} {show(unit.location)} cannot support into {show(into)}: {across_what}")
    return None


ARMIES = frozenset("A")


def move_strength(game, units: dict, moves: dict, params: dict) -> dict:
    return dict.fromkeys(crossing_moves(units, moves, _banks(params), ARMIES), across)


def cuts_no_support(game, units: dict, moves: dict, params: dict) -> list[str]:
    return crossing_moves(units, moves, _banks(params), ARMIES)


def validate(game, units: dict, order, orders: list, params: dict):
    """A support of a move ending on the other bank, or an army's support of a unit standing
    there, is illegal; None for the rest."""
    return refuse_support(game, units, order, _banks(params), ARMIES, "a river lies between them")


def retreats(game, unit, options: list[str], params: dict) -> list[str]:
    if unit.kind != "A":
        return options
    here = province_of(unit.location)
    return [loc for loc in options if not crosses(params, here, province_of(loc))]


def border_kinds(game, params: dict) -> dict:
    """The borders an army crosses a river by, drawn as rivers on the map."""
    adj = game.map.army_adj
    return {frozenset((a, b)): "river" for left, right in _banks(params) for a in left for b in right
            if b in adj.get(a, ())}


def side_problems(game, pointer: str, given: list[list[str]], both: str, hint: str) -> list[Problem]:
    """What is wrong in the two sides of a crossing (a river's banks, a detour's ends) listed at
    `pointer`: a place the map has not, a province on both sides (`both` says it, `hint` the fix)."""
    found = []
    places = [list(map(province_of, side)) for side in given]
    for side, listed_side in enumerate(places):
        for j, listed in enumerate(listed_side):
            ptr = f"{pointer}/{side}/{j}"
            if listed not in game.map.provinces:
                found.append(Problem("game.yaml", ptr, f"no province '{given[side][j]}'",
                                     hint="name a province of the map"))
            elif side == 1 and listed in places[0]:
                found.append(Problem("game.yaml", ptr, f"{listed} {both}", hint=hint))
    return found


def checks(game, params: dict) -> list[Problem]:
    return [p for i, river in enumerate(params["rivers"])
            for p in side_problems(game, f"/rules/rivers/rivers/{i}/banks", river["banks"],
                                   "is on both banks of the river", "list each province on one bank only")]


# --- the page's examples, found on the game's own map ---------------------------------

def _standing(m, p: str) -> bool:
    return p in m.provinces and bool(m.provinces[p].locations("A"))


def _next(m, p: str) -> list[str]:
    return sorted(q for q in m.army_adj.get(p, ()) if _standing(m, q))


def _movement_phase(game) -> str:
    """The game's first movement phase (S401M in Imperium), for the examples."""
    start = game.start.phase
    if start.endswith("M"):
        return start
    year = start[1:-1]
    return f"S{int(year) + 1}M" if year.isdecimal() else "S1901M"


def _two_powers(m) -> tuple[str, str]:
    powers = sorted(m.powers)
    return powers[0], powers[1 % len(powers)]


def bounce_example(game) -> dict | None:
    """An army crossing with one support into a province held by an enemy army: the attack
    (2, one less) does not beat the hold (1)."""
    m, params = game.map, game.modules.params("rivers")
    one, two = _two_powers(m)
    for a in sorted(m.army_adj):
        for b in _next(m, a):
            if not _standing(m, a) or not crosses(params, a, b):
                continue
            helper = next((s for s in _next(m, b) if s != a and not crosses(params, s, b)), None)
            if helper is None:
                continue
            move, support, hold = f"A {a} - {b}", f"A {helper} S A {a} - {b}", f"A {b} H"
            return {"phase": _movement_phase(game), "units": {one: [f"A {a}", f"A {helper}"], two: [f"A {b}"]},
                    "orders": {one: [move, support], two: [hold]},
                    "expect": {"results": {move: "fails", support: "succeeds", hold: "succeeds"}}}
    return None


def support_example(game) -> dict | None:
    """An army attacks across the river a supporting army: the support is not cut, and the
    unit it supports holds against an attack of strength 2."""
    m, params = game.map, game.modules.params("rivers")
    one, two = _two_powers(m)
    for c in sorted(m.army_adj):
        for s in _next(m, c):
            if not _standing(m, c) or not crosses(params, c, s):
                continue
            for t in _next(m, s):
                if t == c or crosses(params, s, t):
                    continue
                near = [q for q in _next(m, t) if q not in (c, s) and not crosses(params, q, t)]
                if len(near) < 2:
                    continue
                u, v = near[0], near[1]
                cut, hold, support = f"A {c} - {s}", f"A {t} H", f"A {s} S A {t}"
                attack, helper = f"A {u} - {t}", f"A {v} S A {u} - {t}"
                return {"phase": _movement_phase(game),
                        "units": {one: [f"A {s}", f"A {t}"], two: [f"A {c}", f"A {u}", f"A {v}"]},
                        "orders": {one: [hold, support], two: [cut, attack, helper]},
                        "expect": {"results": {cut: "fails", support: "succeeds", hold: "succeeds",
                                               attack: "fails", helper: "succeeds"}}}
    return None


def without(game, name: str):
    """The same game without module `name` (a page's contrast: the orders elsewhere)."""
    rules = {k: v for k, v in game.modules.enabled.items() if k != name}
    return dataclasses.replace(game, modules=RuleSet(rules))


def _contrast(game, found: dict | None, name: str, elsewhere: str) -> list[str]:
    """The same orders without the module, adjudicated: what they do `elsewhere`."""
    if found is None:
        return []
    from ..api import adjudicate_phase
    from ..examples import outcome_table
    request = {k: v for k, v in found.items() if k != "expect"}
    plain = without(game, name)
    return [f"{elsewhere}, the same orders give:", "", outcome_table(plain, adjudicate_phase(plain, request))]


def section(game, title: str, intro: str, found: dict | None, name: str = "rivers",
            elsewhere: str = "Where no river runs") -> list[str]:
    """A page section: the example played by the engine, then the same orders without the module."""
    played = example.play(game, found)
    if played is None:
        return []
    lines = example.section(game, played)
    return [f"## {title}", "", intro, ""] + lines[2:] + [""] + _contrast(game, found, name, elsewhere) + [""]


def _names(game, bank) -> str:
    provinces = game.map.provinces
    return ", ".join(md_text(provinces[q].name if q in provinces else q) for q in map(province_of, bank))


def pages(game, params: dict) -> list[Page]:
    lines = ["# Rivers", "",
             "A river runs between two banks. An army moving from one bank to the other crosses it, over "
             "land or by convoy; fleets move across rivers as over any border.", ""]
    for river in params["rivers"]:
        lines.append(f"- One bank: {_names(game, river['banks'][0])}; the other bank: "
                     f"{_names(game, river['banks'][1])}.")
    lines += ["",
              "- **Weaker attacks.** A move across a river is counted with one force less: its attack and "
              "prevent strengths are one less than they would be. An unsupported army that crosses still "
              "enters an empty province (its strength counts as one half), but any unit holding there "
              "stops it, and so does any other move into that province that does not cross.",
              "- **No support cut.** An attack across a river does not cut the support of the unit it "
              "attacks (if it dislodges that unit, the support is lost as usual).",
              "- **No support across.** No unit may support a move into a province on the other bank, and "
              "no army may support a unit standing there.",
              "- **No retreat across.** A dislodged army may not retreat across a river.", ""]
    lines += section(game, "An attack across the river bounces",
                      "With one support an army would dislodge a unit holding alone; across the river its "
                      "attack counts one less.", bounce_example(game))
    lines += section(game, "An attack across the river cuts no support",
                      "The army attacked from across the river still gives its support.", support_example(game))
    return [Page("rivers.md", "\n".join(lines).rstrip() + "\n", "Rivers")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    if found:
        return found
    return [p for make in (bounce_example, support_example)
            for p in example.problems("rivers", example.play(game, make(game)))]


def _read(found: dict) -> dict | None:
    left, right = found.get("river_left"), found.get("river_right")
    return {"rivers": [{"banks": [left, right]}]} if left and right else None


MODULE = RuleModule(
    name="rivers",
    title="Rivers",
    summary=("An army crossing a river attacks with one force less and cuts no support; no army "
             "supports or retreats across a river."),
    params={"rivers": Param([], "The rivers: [{banks: [[ids on one bank], [ids on the other]]}].",
                            shape=_rivers_shape)},
    move_strength=move_strength, cuts_no_support=cuts_no_support, validate=validate, retreats=retreats,
    border_kinds=border_kinds,
    checks=example_checks, pages=pages,
    webdip=WebdipForm("armies crossing a river are weaker, cut no support, and neither support nor retreat "
                      "across it",
                      arrays=("river_left", "river_right"), read=_read,
                      not_exported="webDiplomacy needs Imperium's river classes, which read its own arrays"))
