"""bidding_start: each power starts with its capital and a number of tokens, and bids them
for the other home centres before the first move.

vDiplomacy's BiddingStart classes (GreekDip, rules.html "Diplomacy Bidding Start"): "Each
nation starts with their capital city and four tokens to bid for other home centers with.
All of the players reveal their bids at once ... If a player is the only player to have bid
on a supply center then that supply center becomes a home center of that player. If two
players bid on the same supply center the player who bid the most on the supply center gets
it as their home center. If they bid the same amount on the supply center then the supply
center remains neutral. After bidding there is no build phase. All Supply Centers that become
a nation's Home Centers will have either a navy or army in the territory." webDiplomacy plays
the bids as moves of token armies (several tokens on one centre: a move and its supports)
and then places the listed unit on every centre a power holds, its capital included.

The game's `start` is the position before the bidding: each power's capital, no units.
`resolve_bids` turns the bids into the position the first spring starts from (the centres
each power holds and the units on them), and `homes_after` gives the game as it is played
from there: the centres won are home centres, where the power builds (processOrderBuilds:
the builds use the centres held after the bidding, not the map's).

    rules:
      bidding_start: {tokens: {ATHENS: 4, SPARTA: 4}, units: [F ATHENS, A SPARTA, A ARGOS, ...]}
"""
from __future__ import annotations

import copy
import dataclasses

from ....escape import code_span, md_text
from ...base import Page
from . import Param, Problem, RuleModule, WebdipForm, count_per_power, list_of_ids


class BidError(ValueError):
    """Bids the rules do not allow (more tokens than a power has, a centre not open to bids)."""


def unit_at(params: dict) -> dict[str, str]:
    """Province -> the unit a power holding it after the bidding gets there ("F CORINTH/EC")."""
    return {u.split()[1].split("/")[0]: u for u in params["units"] if len(u.split()) == 2}


def biddable(game, params: dict) -> list[str]:
    """The centres open to bids: those given a unit, held by no power at the start."""
    held = {c for cs in game.start.centers.values() for c in cs}
    return [p for p in unit_at(params) if p not in held]


def resolve_bids(game, bids: dict[str, dict[str, int]], params: dict) -> dict:
    """The bidding's outcome: {"won": {centre: power}, "neutral": [centres bid for and tied],
    "centers": {power: [centres]}, "units": {power: [units]}}. A sole bidder wins the centre,
    else the highest bid; a tie for the highest leaves it neutral. Raises BidError for bids
    the rules do not allow."""
    open_ = set(biddable(game, params))
    tokens = params["tokens"]
    offers: dict[str, list[tuple[int, str]]] = {}
    for power, placed in sorted(bids.items()):
        if power not in tokens:
            raise BidError(f"{power} has no tokens to bid")
        for centre, n in sorted(placed.items()):
            if centre not in open_:
                raise BidError(f"{power} bids for {centre}, which is not open to bids")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise BidError(f"{power}'s bid for {centre} is not a whole number of tokens")
            offers.setdefault(centre, []).append((n, power))
        if sum(placed.values()) > tokens[power]:
            raise BidError(f"{power} bids {sum(placed.values())} tokens; it has {tokens[power]}")
    won, neutral = {}, []
    for centre, offered in sorted(offers.items()):
        top = max(n for n, _ in offered)
        best = [p for n, p in offered if n == top]
        if len(best) == 1:
            won[centre] = best[0]
        else:
            neutral.append(centre)
    centers = {p: list(cs) for p, cs in game.start.centers.items()}
    for centre, power in won.items():
        centers.setdefault(power, []).append(centre)
    units_of = unit_at(params)
    units = {p: [units_of[c] for c in cs if c in units_of] for p, cs in centers.items()}
    return {"won": won, "neutral": neutral, "centers": centers, "units": units}


def homes_after(game, centers: dict[str, list[str]]):
    """The game as it is played after the bidding: each power's home centres are the centres it
    holds then (its capital and the centres it won). The game given is not changed."""
    home_of = {c: p for p, cs in centers.items() for c in cs}
    played = copy.copy(game.map)
    played.provinces = {pid: dataclasses.replace(prov, home=home_of.get(pid)) if prov.supply_center else prov
                        for pid, prov in game.map.provinces.items()}
    return dataclasses.replace(game, map=played, view=None)


def checks(game, params: dict) -> list[Problem]:
    found = []
    m = game.map
    if not params["tokens"]:
        found.append(Problem("game.yaml", "/rules/bidding_start/tokens", "bidding_start gives no power tokens to bid",
                             hint="write tokens: {POWER: n, ...}"))
    if not params["units"]:
        found.append(Problem("game.yaml", "/rules/bidding_start/units",
                             "bidding_start lists no unit for the centres won", hint="write units: [A CENTRE, ...]"))
    for power in sorted(params["tokens"]):
        if power not in m.powers:
            found.append(Problem("game.yaml", f"/rules/bidding_start/tokens/{power}", f"no power '{power}'"))
        elif not game.start.centers.get(power):
            found.append(Problem("game.yaml", f"/rules/bidding_start/tokens/{power}",
                                 f"{power} bids, but holds no centre (its capital) at the start",
                                 hint="give the power its capital in map.yaml's start centres"))
    for i, unit in enumerate(params["units"]):
        parts = unit.split()
        prov = m.provinces.get(parts[1].split("/")[0]) if len(parts) == 2 else None
        if prov is None or parts[0] not in ("A", "F") or not prov.supply_center:
            found.append(Problem("game.yaml", f"/rules/bidding_start/units/{i}",
                                 f"'{unit}' is not a unit on a supply centre", hint="write it as 'A ATHENS' or "
                                                                                   "'F CORINTH/EC'"))
        elif parts[1] not in prov.locations("fleet" if parts[0] == "F" else "army"):
            found.append(Problem("game.yaml", f"/rules/bidding_start/units/{i}",
                                 f"'{unit}' cannot stand there", hint="a fleet on a coast of its own, an army on land"))
    if params["units"] and not biddable(game, params):
        found.append(Problem("game.yaml", "/rules/bidding_start/units", "no centre is open to bids",
                             hint="list a unit for the home centres the powers bid for"))
    return found


def start(game, params: dict) -> list[str]:
    counts = sorted(set(params["tokens"].values()))
    told = " or ".join(map(str, counts)) or "no"
    return [f"The game begins with a bidding: each power holds only its capital and has {told} tokens to bid "
            "for the other home centres, all bids revealed at once. A sole bidder wins the centre, else the "
            "highest bid; a tie leaves it neutral. Each centre a power then holds, its capital included, gets "
            "the unit listed for it, and becomes one of its home centres; there is no build phase before the "
            "first spring."]


def example_bids(game, params: dict) -> dict[str, dict[str, int]] | None:
    """Bids that show the three outcomes: one power outbids another, two tie, a sole bidder."""
    powers = [p for p in params["tokens"] if params["tokens"][p] >= 2][:3]
    centres = biddable(game, params)[:3]
    if len(powers) < 3 or len(centres) < 3:
        return None
    a, b, c = powers
    return {a: {centres[0]: 2}, b: {centres[0]: 1, centres[1]: 1}, c: {centres[1]: 1, centres[2]: 1}}


def pages(game, params: dict) -> list[Page]:
    from ..api import adjudicate_phase
    from ..examples import outcome_table
    name = game.map.powers
    show = game.map.display
    lines = ["# Bidding start", "", *start(game, params), "",
             "| Power | Capital | Tokens |", "| --- | --- | --- |"]
    lines += [f"| {md_text(name[p].name)} | {', '.join(md_text(show(c)) for c in game.start.centers.get(p, []))} "
              f"| {n} |" for p, n in params["tokens"].items() if p in name]
    lines += ["", "The unit each centre gets:", "", "| Centre | Unit |", "| --- | --- |"]
    lines += [f"| {md_text(show(p))} | {code_span(u)} |" for p, u in sorted(unit_at(params).items())]
    bids = example_bids(game, params)
    if bids is not None:
        out = resolve_bids(game, bids, params)
        lines += ["", "## Example", "", "Computed when this page was made from these bids:", "",
                  "| Power | Bids |", "| --- | --- |"]
        lines += [f"| {md_text(name[p].name)} | " + ", ".join(f"{n} on {md_text(show(c))}" for c, n in b.items())
                  + " |" for p, b in bids.items()]
        lines += ["", "| Centre | Goes to |", "| --- | --- |"]
        lines += [f"| {md_text(show(c))} | {md_text(name[out['won'][c]].name) if c in out['won'] else 'nobody (a tie)'} |"
                  for c in sorted({c for b in bids.values() for c in b})]
        lines += ["", "The first spring starts with:", "", "| Power | Units |", "| --- | --- |"]
        lines += [f"| {md_text(name[p].name)} | {', '.join(code_span(u) for u in us)} |"
                  for p, us in out["units"].items() if p in name]
        winner, centre = next(((p, c) for c, p in out["won"].items()), (None, None))
        tied = out["neutral"][0] if out["neutral"] else None
        if winner and tied and game.start.phase:
            played = homes_after(game, out["centers"])
            units = {p: [u for u in us if u != unit_at(params)[centre]] for p, us in out["units"].items()}
            held = {**out["centers"], winner: out["centers"][winner] + [tied]}
            request = {"phase": f"W{game.start.phase[1:-1]}A", "units": units, "centers": held,
                       "orders": {winner: [f"{unit_at(params)[centre]} B", f"{unit_at(params)[tied]} B"]}}
            lines += ["", f"Later {md_text(name[winner].name)} has taken the centre nobody won and lost the unit "
                      "on the centre it won: it may build on the centre it won (a home centre now), not on the "
                      "other. Adjudicated by the engine:", "", outcome_table(played, adjudicate_phase(played, request))]
    return [Page("bidding-start.md", "\n".join(lines) + "\n", "Bidding start")]


def units_shape(value) -> str | None:
    return list_of_ids(value) or (None if all(len(u.split()) == 2 for u in value)
                                  else "must list units as 'A PROVINCE' or 'F PROVINCE/COAST'")


def _read(found: dict) -> dict:
    facts = {k: v for facts in found.values() for k, v in (facts or {}).items()}
    return {"tokens": facts.get("tokens", {}), "units": facts.get("units", [])}


MODULE = RuleModule(
    name="bidding_start",
    title="Bidding start",
    summary=("Each power starts with its capital and tokens to bid for the other home centres; a sole or "
             "highest bidder wins a centre, a tie leaves it neutral, and each centre won gets its listed unit."),
    params={"tokens": Param({}, "The tokens each power bids with: {POWER: n}.", shape=count_per_power),
            "units": Param([], "The unit each centre gets when a power holds it after the bidding "
                               "(['A SPARTA', 'F CORINTH/EC', ...]).", shape=units_shape)},
    checks=checks, start=start, pages=pages,
    webdip=WebdipForm("the game begins with a bidding for the home centres (bidding start)",
                      mixins=("BiddingStart",), forms=("BiddingStart",), read=_read,
                      not_exported="webDiplomacy needs the BiddingStart classes and the token territories for it"))
