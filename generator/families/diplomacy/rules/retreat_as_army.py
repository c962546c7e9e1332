"""retreat_as_army: a dislodged unit retreats only where a unit of another kind could move.

Pirates' clippers (its rules page: "If a clipper is dislodged it can only retreat to an
adjacent territory. It does not move two places when retreating. This is meant to simulate
the clipper being defeated and being damaged it can't sail as far in the retreat phase.").
Its map gives the fleets (clippers) borders two places away and the armies (frigates) the
borders to adjacent territories; its userOrderRetreats checks every retreat as if the unit
were an army (PiratesVariant_userOrderRetreats::toTerrIDCheck sets the unit's type to
'Army' around the standard check). So:

- a unit of the other kind retreats only to a place it could retreat to by the standard
  rules that is also next to its province by the borders of `kind`;
- a unit of `kind` retreats as usual.

webDiplomacy's check would also let a fleet retreat onto land next to it (it checks the
army's borders only); a fleet cannot stand there, so the module keeps the standard
retreats' places and narrows them, and on a map whose every territory takes both kinds
(Pirates') the two agree.

    rules:
      retreat_as_army: {kind: A}
"""
from __future__ import annotations

from ....escape import md_text
from ...base import Page
from ..model import province_of
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm

_NAMES = {"A": "army", "F": "fleet"}
_PLURAL = {"A": "armies", "F": "fleets"}


def retreats(game, unit, options: list[str], params: dict) -> list[str]:
    """The standard `options` of a dislodged unit, those a unit of `kind` could not reach left out."""
    kind = params["kind"]
    if unit.kind == kind:
        return options
    here = province_of(unit.location)
    reach = game.map.army_adj.get(here, ()) if kind == "A" else game.map.fleet_reach.get(here, ())
    return [o for o in options if province_of(o) in reach]


def _movement_phase(game) -> str:
    start = game.start.phase
    if start.endswith("M"):
        return start
    year = start[1:-1]
    return f"S{int(year) + 1}M" if year.isdecimal() else "S1901M"


def example_of(game) -> dict | None:
    """A unit of the other kind dislodged where its own borders reach farther than those of
    `kind`: it may retreat only to the places both reach."""
    m, kind = game.map, game.modules.params("retreat_as_army")["kind"]
    other = "F" if kind == "A" else "A"
    own = m.fleet_reach if other == "F" else m.army_adj
    narrow = m.army_adj if kind == "A" else m.fleet_reach
    powers = sorted(m.powers)
    if len(powers) < 2:
        return None
    for p in sorted(own):
        if "/" in p or not narrow.get(p):
            continue
        near = [q for q in sorted(own[p]) if p in own.get(q, ()) and "/" not in q]
        wider = [q for q in near if q not in narrow[p]]
        attackers = [q for q in near if q in wider] + [q for q in near if q not in wider]
        if len(wider) < 2 or len(attackers) < 3:
            continue
        q, r = attackers[0], attackers[1]
        if not set(narrow[p]) - {q, r}:
            continue
        move, support = f"{other} {q} - {p}", f"{other} {r} S {other} {q} - {p}"
        places = m.fleet_adj.get(p, ()) if other == "F" else m.army_adj.get(p, ())
        stays = sorted(x for x in narrow[p] if x not in (q, r) and x in places)
        if not stays:
            continue
        return {"phase": _movement_phase(game),
                "units": {powers[0]: [f"{other} {q}", f"{other} {r}"], powers[1]: [f"{other} {p}"]},
                "orders": {powers[0]: [move, support], powers[1]: [f"{other} {p} H"]},
                "expect": {"results": {move: "succeeds"}, "retreats": {f"{other} {p}": stays}}}
    return None


def checks(game, params: dict) -> list[Problem]:
    return example.problems("retreat_as_army", example.play(game, example_of(game)))


def pages(game, params: dict) -> list[Page]:
    kind = params["kind"]
    other = _NAMES["F" if kind == "A" else "A"]
    lines = ["# Short retreats", "",
             f"A dislodged {other} retreats only to a province next to its own by the {_PLURAL[kind]}' borders, "
             f"as far as {'an' if kind == 'A' else 'a'} {_NAMES[kind]} could move, even where it could move "
             "farther in a movement phase. "
             f"Otherwise the standard retreat rules apply; a dislodged {_NAMES[kind]} retreats as usual.", ""]
    played = example.play(game, example_of(game))
    lines += example.section(game, played)
    if played is not None:
        found = played[0]
        [(unit, places)] = found["expect"]["retreats"].items()
        provinces = game.map.provinces
        lines += ["", f"The dislodged `{md_text(unit)}` may retreat only to "
                      + ", ".join(md_text(provinces[x].name if x in provinces else x) for x in places) + "."]
    return [Page("short-retreats.md", "\n".join(lines).rstrip() + "\n", "Short retreats")]


MODULE = RuleModule(
    name="retreat_as_army",
    title="Short retreats",
    summary=("A dislodged unit retreats only as far as a unit of another kind could move (Pirates' clippers "
             "retreat to adjacent territories only)."),
    params={"kind": Param("A", "The kind of unit whose borders every retreat must keep to.", choices=("A", "F"))},
    retreats=retreats, checks=checks, pages=pages,
    webdip=WebdipForm("a dislodged unit retreats only as far as an army could move (Pirates' clippers)",
                      forms=("RetreatAs",), read=lambda found: dict(found["RetreatAs"] or {}),
                      not_exported="webDiplomacy needs a userOrderRetreats class of the variant's own for it"))
