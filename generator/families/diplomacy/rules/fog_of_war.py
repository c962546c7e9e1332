"""fog_of_war: each power sees only part of the board; orders resolve as always.

ClassicFog and the variants built on its Fog classes (TenSixtySix) show each player a
map with the rest hidden: a power sees the provinces where its units stand and every
province bordering them, and its supply centres and every province bordering them (the
rules page of ClassicFog: "Units: see their current territory + every territory that
share a border with them; territories with a supply center: the same; territories
without a supply center: see only their current territory"). Orders are written blind:
webDiplomacy accepts a support or convoy it cannot check, and turns a support of a move
from a province where no unit stands into a hold; Mapwright's engine judges such an
order not possible, and an order that is not possible is a hold, so the outcome is the
same. The module changes no adjudication; its page explains what players see.

    rules:
      fog_of_war: {}
"""
from __future__ import annotations

from ...base import Page
from ....escape import md_cell
from ..model import province_of
from . import RuleModule, WebdipForm


def visible(game, power: str, units: dict[str, list[str]], centers: dict[str, list[str]]) -> set[str]:
    """The provinces `power` sees: where its units stand, its supply centres, and every
    province bordering one of those (by an army or a fleet border)."""
    m = game.map
    seen = {province_of(u.split()[-1]) for u in units.get(power, [])} | set(centers.get(power, []))
    around = set()
    for prov in seen:
        around |= m.army_adj.get(prov, frozenset())
        for loc in m.provinces[prov].locations("F") if prov in m.provinces else ():
            around |= m.fleet_reach.get(loc, frozenset())
    return {p for p in seen | around if p in m.provinces}


def pages(game, params: dict) -> list[Page]:
    m = game.map
    units, centers = game.start.units, game.start.centers
    lines = ["# Fog of war", "",
             "Each power sees only part of the board. A power sees:", "",
             "- every province where one of its units stands, and every province bordering it;",
             "- every supply centre it owns, and every province bordering it;",
             "- in webDiplomacy also a province without a supply centre that it controls (the last "
             "power to occupy it controls it), but only that province.", "",
             "Everything else is hidden: the units standing there, and who owns the centres. Orders are "
             "written without seeing the whole board, and they resolve exactly as in the standard rules: "
             "a support of a unit that is not where the order says, or a convoy with no fleets to carry "
             "it, is not possible, and the unit holds instead. When the game ends, everybody sees the "
             "whole board.", "",
             "## What each power sees at the start", "",
             "Worked out from the starting position when this page was made.", "",
             "| Power | Provinces seen | Of |", "| --- | --- | --- |"]
    for power in m.powers.values():
        seen = visible(game, power.id, units, centers)
        lines.append(f"| {md_cell(power.name)} | {md_cell(', '.join(sorted(m.provinces[p].name for p in seen)))} "
                     f"| {len(seen)} of {len(m.provinces)} |")
    return [Page("fog-of-war.md", "\n".join(lines).rstrip() + "\n", "Fog of war")]


def start(game, params: dict) -> list[str]:
    return ["The game is played under fog of war: each power sees only the provinces around its "
            "units and centres (see the Fog of war page)."]


MODULE = RuleModule(
    name="fog_of_war",
    title="Fog of war",
    summary=("Each power sees only the provinces around its units and supply centres; orders are "
             "written blind and resolve by the standard rules."),
    pages=pages, start=start,
    webdip=WebdipForm("fog of war: each power sees only the provinces around its units and centres",
                      mixins=("Fog",), forms=("Fog",),
                      not_exported="webDiplomacy needs the Fog classes (its map drawing and order screens)"))
