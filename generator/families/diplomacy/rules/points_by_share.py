"""points_by_share: at the end of a game, the points (the pot) shared by how each power did
against its starting share of the board.

Rinascimento's CustomPoints classes (webDiplomacy's points-per-supply-centre pot replaced):
a power's value is its units plus its supply centres, its share that value over all the
surviving powers' values. Each power is given its share at the start (`start_shares`,
fractions that add up to 1). Every power starts from an even part of the pot (1/n for n
powers); a surviving power that now holds less than its starting share loses that part
in proportion (half its starting share left: half its part lost); the parts lost, an
eliminated power's whole part included, go to the powers that hold more than their
starting share, in proportion to what each gained. As webDiplomacy computes it, a share
is compared with the starting one rounded to three decimals, and an eliminated power
gets nothing. In a winner-takes-all game the winner takes it all, as usual.

    rules:
      points_by_share: {start_shares: {VENEZIA: 0.148, MILANO: 0.074, ...}}

The game plays by its usual rules; only the points differ.
"""
from __future__ import annotations

from ....escape import md_text
from ...base import Page
from . import Param, Problem, RuleModule, WebdipForm


def fractions_per_power(value) -> str | None:
    """{POWER: fraction} with 0 < fraction <= 1"""
    ok = isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 1
        for k, v in value.items())
    return None if ok else "must map each power id to its starting share, a fraction above 0 and at most 1"


def shares(start: dict[str, float], held: dict[str, int]) -> dict[str, float]:
    """Each power's part of the pot (fractions adding up to 1 while someone gained) from
    its units plus supply centres at the end (`held`); `start` is every power's starting
    share."""
    value = {p: held.get(p, 0) for p in start}
    total = sum(value.values())
    if not total:
        return dict.fromkeys(start, 0.0)
    even = 1 / len(start)
    lost = gained = 0.0
    for power, begun in start.items():
        diff = value[power] / total - begun if value[power] else -begun
        if diff < 0:
            lost += -diff / begun * even
        elif diff > 0:
            gained += diff
    out = {}
    for power, begun in start.items():
        if not value[power]:
            out[power] = 0.0
            continue
        mine = value[power] / total
        part = even
        if round(mine, 3) < begun:
            part -= (begun - mine) / begun * even
        elif round(mine, 3) > begun and gained:
            part += (mine - begun) / gained * lost
        out[power] = part
    return out


def checks(game, params: dict) -> list[Problem]:
    found = []
    start = params["start_shares"]
    powers = set(game.map.powers)
    for power in sorted(set(start) - powers):
        found.append(Problem("game.yaml", f"/rules/points_by_share/start_shares/{power}", f"no power '{power}'",
                             hint=f"one of {', '.join(sorted(powers))}"))
    missing = sorted(powers - set(start) - {game.modules.neutral})
    if missing:
        found.append(Problem("game.yaml", "/rules/points_by_share/start_shares",
                             f"no starting share for {', '.join(missing)}",
                             hint="give every power its share of the units and centres at the start"))
    if start and abs(sum(start.values()) - 1) > 0.01:
        found.append(Problem("game.yaml", "/rules/points_by_share/start_shares",
                             f"the starting shares add up to {sum(start.values()):.3f}, not 1",
                             hint="each is a power's units and centres at the start over everyone's"))
    return found


def example(game, params: dict) -> tuple[dict, dict] | None:
    """(units and centres, parts) of the starting position after the first power took a
    centre of the second: the page's worked example, computed by `shares`."""
    start = params["start_shares"]
    if len(start) < 2 or set(start) - set(game.map.powers):
        return None
    first, second = sorted(start)[:2]
    held = {p: len(game.start.units.get(p, ())) + len(game.start.centers.get(p, ())) for p in start}
    if not game.start.centers.get(second):
        return None
    held[first] += 1
    held[second] -= 1
    return held, shares(start, held)


def pages(game, params: dict) -> list[Page]:
    lines = ["# Points by share of the board", "",
             "At the end of the game the points are shared by how each power did against its share of the "
             "board at the start. A power's value is its units plus its supply centres; its share is that "
             "value over all surviving powers' values. Every power starts from an even part of the points; a "
             "power that now holds less than its starting share loses its part in the same proportion, and "
             "the points lost, those of eliminated powers included, go to the powers that hold more than "
             "their starting share, in proportion to what each gained. An eliminated power gets nothing. In a "
             "winner-takes-all game the winner takes all.", "",
             "| Power | Share at the start |", "|---|---|"]
    lines += [f"| {md_text(p)} | {v:.3f} |" for p, v in sorted(params["start_shares"].items())]
    found = example(game, params)
    if found is not None:
        held, parts = found
        first, second = sorted(params["start_shares"])[:2]
        lines += ["", "## Example", "", "Computed when this page was made: the starting position, after "
                  f"{md_text(first)} took a centre of {md_text(second)}.", "",
                  "| Power | Units and centres | Part of the points |", "|---|---|---|"]
        lines += [f"| {md_text(p)} | {held[p]} | {parts[p]:.3f} |" for p in sorted(parts)]
    return [Page("points-by-share.md", "\n".join(lines) + "\n", "Points by share")]


def _read(found: dict) -> dict:
    return {"start_shares": (found.get("CustomPoints") or {}).get("i_percent", {})}


MODULE = RuleModule(
    name="points_by_share",
    title="Points by share of the board",
    summary=("The points at the end are shared by how each power's units and centres compare with its "
             "share at the start; the play is the usual one."),
    params={"start_shares": Param({}, "Each power's share of the units and centres at the start "
                                      "(fractions adding up to 1).", shape=fractions_per_power)},
    checks=checks, pages=pages,
    webdip=WebdipForm("the points are shared by each power's units and centres against its starting share",
                      mixins=("CustomPoints",), read=_read, country_values=("i_percent",),
                      not_exported="webDiplomacy needs Rinascimento's CustomPoints classes for it"))
