"""Cells for a board that has label points but no outlines.

Each province gets the part of the plane nearer its label point than any other (a
Voronoi cell), capped to a disc so lonely points stay compact. The result is clearly
a schematic: the map page captions it so, and the adjacency lines drawn over it are
the real connections (cells touching does not mean provinces are adjacent).
"""
from __future__ import annotations

import math

from . import geometry as geo
from .mapview import MapView


def schematic_cells(view: MapView) -> dict[str, list[float]]:
    sites: dict[tuple[float, float], str] = {}
    for pid in sorted(view.provinces):
        p = view.provinces[pid]
        key = (round(p.label[0], 3), round(p.label[1], 3))
        if key in sites:   # two provinces on one point: nudge the later one
            key = (key[0] + 1.0, key[1] + 1.0)
        sites[key] = pid
    pts = {pid: xy for xy, pid in sites.items()}
    if not pts:
        return {}
    spacing = _typical_spacing(list(pts.values()))
    cells = geo.voronoi_cells(pts, (0.0, 0.0, float(view.width), float(view.height)),
                              max_radius=spacing * 1.6)
    out = {}
    for pid, poly in cells.items():
        if len(poly) >= 3:
            out[pid] = [round(c, 1) for c in geo.flatten(poly)]
    return out


def _typical_spacing(pts) -> float:
    ds = []
    grid = geo.PointGrid.of(pts)   # linear time on large maps, same distances
    for i, (px, py) in enumerate(pts):
        if grid:
            ds.append(grid.nearest_distance(i, 50.0))
            continue
        best = min((math.hypot(qx - px, qy - py) for j, (qx, qy) in enumerate(pts) if j != i),
                   default=50.0)
        ds.append(best)
    ds.sort()
    return max(ds[len(ds) // 2], 10.0) if ds else 50.0
