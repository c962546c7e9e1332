"""Where an order diagram draws each unit and each end of each order.

Most provinces are drawn once, at their label point. Some boards draw a province in
several places (Divided States repeats the Panama Canal, the Northwest Passage and
Alaskan provinces in insets), so a diagram has to choose: each unit goes in the piece of
its province nearest the provinces its own order names, and each order's other ends in
the pieces nearest the unit that gives it. The view is then cropped to the chosen points,
not to every place the provinces appear.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from .map import spots
from .mapview import MapView

Point = tuple[float, float]


@dataclass
class Plan:
    places: dict[str, Point] = field(default_factory=dict)           # province id -> where its unit sits
    ends: list[dict[str, Point]] = field(default_factory=list)        # per order: role -> point
    points: list[Point] = field(default_factory=list)                 # everything drawn (the crop)


def plan(view: MapView, font: float, units: list[str], orders) -> Plan:
    """`units`: locations holding a unit (as written); `orders`: objects with `loc`,
    `target`, `dest` (locations, "" when absent), in drawing order."""
    cache: dict[str, list[Point]] = {}

    def cands(loc: str) -> list[Point]:
        if loc not in cache:
            cache[loc] = spots(view, loc, font)
        return cache[loc]

    def pid(loc: str) -> str | None:
        r = view.resolve(loc) if loc else None
        return r[0] if r else None

    occupied = {}
    for loc in units:
        p = pid(loc)
        if p is not None and cands(loc):
            occupied.setdefault(p, loc)
    out = Plan()
    places = out.places

    def fixed(loc: str) -> list[Point]:
        p = pid(loc)
        return [places[p]] if p in places else cands(loc)

    # 1. a unit whose order reaches other provinces: the piece nearest them
    for o in orders:
        p = pid(o.loc)
        if p is None or p in places or p not in occupied:
            continue
        partners = [x for x in (o.target, o.dest) if x and pid(x) is not None and cands(x)]
        options = cands(o.loc)
        if not partners or not options:
            continue
        places[p] = min(options, key=lambda c: (sum(min(_d(c, q) for q in fixed(x)) for x in partners), c))

    # 2. the other units: the piece nearest what is already placed (else the label)
    centre = _centre(list(places.values()))
    for p, loc in sorted(occupied.items()):
        if p not in places:
            places[p] = _nearest(cands(loc), centre)

    # 3. each order's ends: units where they sit, empty provinces nearest the order's unit
    for o in orders:
        ends: dict[str, Point] = {}
        a = places.get(pid(o.loc)) if o.loc else None
        if a is None and o.loc and cands(o.loc):
            a = _nearest(cands(o.loc), centre)
        if a is not None:
            ends["loc"] = a
        t = None
        if o.target and cands(o.target):
            t = places.get(pid(o.target)) or _nearest(cands(o.target), a)
            ends["target"] = t
        if o.dest and cands(o.dest):
            dp = pid(o.dest)
            ends["dest"] = places[dp] if dp in occupied else _nearest(cands(o.dest), t or a)
        out.ends.append(ends)

    seen = set()
    for pt in list(places.values()) + [pt for e in out.ends for pt in e.values()]:
        if pt not in seen:
            seen.add(pt)
            out.points.append(pt)
    return out


def _d(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _centre(points: list[Point]) -> Point | None:
    if not points:
        return None
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _nearest(options: list[Point], to: Point | None) -> Point:
    if to is None or len(options) == 1:
        return options[0]
    return min(options, key=lambda c: (_d(c, to), c))
