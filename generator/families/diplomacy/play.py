"""Random play: orders for any phase of a position, and whole games played by chaining
each response's `after` into the next request (the batch judge and the tests use it).

The orders are what a careless but literate player writes: mostly legal moves,
supports, convoys, holds, retreats, builds and disbands, with some impossible ones
mixed in, so the judge sees the illegal-order paths as well.
"""
from __future__ import annotations

import random

from .model import Game, province_of


def _units(request: dict) -> list[tuple[str, str, str]]:
    return [(power, u.split(None, 1)[0], u.split(None, 1)[1])
            for power, us in sorted(request.get("units", {}).items()) for u in us]


def movement_orders(game: Game, request: dict, rng: random.Random) -> dict[str, list[str]]:
    m = game.map
    units = _units(request)
    where = {province_of(loc): (power, kind, loc) for power, kind, loc in units}
    orders: dict[str, list[str]] = {}
    for power, kind, loc in units:
        p = province_of(loc)
        nbs = m.neighbours(loc, kind)
        roll = rng.random()
        text = f"{kind} {loc} H"
        if roll < 0.55 and nbs:
            text = f"{kind} {loc} - {rng.choice(nbs)}"
        elif roll < 0.8 and nbs:
            reach = {province_of(x) for x in nbs}
            near = [q for q in where if q in reach]
            if near:
                _, qk, ql = where[rng.choice(near)]
                dests = [province_of(d) for d in m.neighbours(ql, qk)
                         if province_of(d) in reach and province_of(d) != p]
                text = (f"{kind} {loc} S {qk} {ql} - {rng.choice(dests)}" if dests and rng.random() < 0.6
                        else f"{kind} {loc} S {qk} {ql}")
        elif roll < 0.9 and kind == "F" and p in m.convoy_seas:
            armies = [q for q, (_, k, _) in where.items() if k == "A" and q in m.coastal]
            if armies:
                text = f"F {loc} C A {rng.choice(armies)} - {rng.choice(sorted(m.coastal))}"
        elif roll < 0.95 and kind == "A" and p in m.coastal:
            text = f"A {loc} - {rng.choice(sorted(m.coastal))}" + (" VIA" if rng.random() < 0.3 else "")
        orders.setdefault(power, []).append(text)
    return orders


def retreat_orders(game: Game, request: dict, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, ds in sorted(request.get("dislodged", {}).items()):
        for d in ds:
            if d.get("retreats") and rng.random() < 0.85:
                orders.setdefault(power, []).append(f"{d['unit']} R {rng.choice(d['retreats'])}")
            elif rng.random() < 0.5:
                orders.setdefault(power, []).append(f"{d['unit']} D")
    return orders


def adjustment_orders(game: Game, request: dict, rng: random.Random) -> dict[str, list[str]]:
    m = game.map
    occupied = {province_of(loc) for _, _, loc in _units(request)}
    orders: dict[str, list[str]] = {}
    for power, n in sorted(request.get("adjustments", {}).items()):
        if n > 0:
            sites = [c for c in request.get("centers", {}).get(power, []) if c not in occupied]
            rng.shuffle(sites)
            for c in sites[:n]:
                kinds = [k for k in "AF" if m.provinces[c].locations(k)]
                kind = rng.choice(kinds)
                loc = rng.choice(m.provinces[c].locations(kind))
                orders.setdefault(power, []).append(f"Build {kind} {loc}" if rng.random() < 0.5
                                                    else f"{kind} {loc} B")
        elif n < 0 and rng.random() < 0.7:     # otherwise civil disorder removes them
            mine = [f"{k} {loc}" for p, k, loc in _units(request) if p == power]
            for u in rng.sample(mine, min(-n, len(mine))):
                orders.setdefault(power, []).append(f"{u} D")
    return orders


def random_orders(game: Game, request: dict, rng: random.Random) -> dict[str, list[str]]:
    step = request["phase"][-1]
    if step == "M":
        return movement_orders(game, request, rng)
    if step == "R":
        return retreat_orders(game, request, rng)
    return adjustment_orders(game, request, rng)


def start_request(game: Game) -> dict:
    s = game.start
    return {"phase": s.phase, "units": {p: list(v) for p, v in s.units.items()},
            "centers": {p: list(v) for p, v in s.centers.items()}}


def play(game: Game, adjudicate, rng: random.Random, phases: int, start: dict | None = None):
    """Yield (request, response) for `phases` phases of one random game, each request
    being the previous response's `after` plus random orders."""
    position = start or start_request(game)
    for _ in range(phases):
        request = dict(position, orders=random_orders(game, position, rng))
        response = adjudicate(request)
        yield request, response
        if response["after"]["winner"]:
            return
        position = response["after"]
