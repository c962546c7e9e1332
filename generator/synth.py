"""Synthetic Diplomacy maps of any size, for tests and benchmarks.

    python -m generator.synth OUT_DIR --provinces 1000 [--seed 1] [--no-geometry]

Random sites (seeded: the same arguments give byte-identical files) are spread by
a few Lloyd relaxation steps; their Voronoi cells, clipped to the image box, are the
provinces, and two provinces border each other when their cells share an edge (the
Delaunay triangulation of the sites, restricted to the box). A smooth random height
field picks a landmass: sea below a level chosen so that about `land_share` of the
cells are land; land cells touching the sea become coasts. About a third of the land
is supply centres. Each power gets `homes` home centres around a capital, chosen far
from the other capitals, with an army or a fleet on each.

The output is a game folder in the diplomacy family's format: game.yaml, map.yaml
(powers, provinces, borders, start) and optionally geometry.yaml (the cells as
outlines). Needs scipy (Voronoi via Qhull).
"""
from __future__ import annotations

import argparse
import math
import random
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .heap import command_heap

CELL = 40.0  # average province spacing in image pixels
POWER_NAMES = ["Aurelia", "Borealis", "Castor", "Dravenia", "Esterra", "Fennmark", "Galdor",
               "Hesper", "Ilvania", "Jorvik", "Kestrel", "Lumen"]
POWER_ADJECTIVES = ["Aurelian", "Boreal", "Castorian", "Dravenian", "Esterran", "Fennish", "Galdorian",
                    "Hesperian", "Ilvanian", "Jorvish", "Kestrelian", "Luminian"]
POWER_COLOURS = ["#c0392b", "#1f3a93", "#3498db", "#555555", "#27ae60", "#8e44ad", "#d4ac0d",
                 "#e67e22", "#16a085", "#7f8c8d", "#e84393", "#2d3436"]
SYLLABLES = ["ka", "lo", "mi", "ra", "se", "tu", "vi", "no", "da", "pe", "ri", "go", "fa", "be",
             "zu", "ha", "el", "or", "an", "is"]


@dataclass
class SynthMap:
    """A generated map, before it is written out."""

    width: int
    height: int
    sites: list[tuple[float, float]]
    kinds: list[str]                       # land | coast | sea, per site
    neighbours: list[set[int]]
    cells: list[list[tuple[float, float]]]
    centers: set[int] = field(default_factory=set)
    homes: dict[str, list[int]] = field(default_factory=dict)   # power id -> site indexes


def province_id(i: int) -> str:
    return f"P{i:05d}"


def province_name(i: int, kind: str) -> str:
    """A unique, pronounceable name per index (a bijective base-20 syllable code)."""
    n, parts = i + 20, []
    while n:
        n, r = divmod(n, 20)
        parts.append(SYLLABLES[r])
    word = "".join(reversed(parts)).capitalize()
    return f"{word} Sea" if kind == "sea" else word


def _sites(n: int, width: float, height: float, rng: random.Random) -> list[tuple[float, float]]:
    return [(rng.uniform(0, width), rng.uniform(0, height)) for _ in range(n)]


def _voronoi(sites, width: float, height: float):
    """Cells clipped to the box, and neighbour pairs, via the mirror trick: reflecting the
    sites across the four sides closes every original cell exactly along the box."""
    import numpy as np
    from scipy.spatial import Voronoi
    pts = np.asarray(sites, dtype=float)
    mirrored = [pts,
                np.column_stack([-pts[:, 0], pts[:, 1]]),
                np.column_stack([2 * width - pts[:, 0], pts[:, 1]]),
                np.column_stack([pts[:, 0], -pts[:, 1]]),
                np.column_stack([pts[:, 0], 2 * height - pts[:, 1]])]
    vor = Voronoi(np.vstack(mirrored))
    n = len(sites)
    cells = []
    for i in range(n):
        region = vor.regions[vor.point_region[i]]
        ring = [(min(max(float(vor.vertices[v][0]), 0.0), width),
                 min(max(float(vor.vertices[v][1]), 0.0), height)) for v in region if v >= 0]
        cx, cy = sites[i]
        ring.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
        cells.append(ring)
    pairs = set()
    for (a, b), ridge in zip(vor.ridge_points, vor.ridge_vertices):
        if a < n and b < n and -1 not in ridge:
            p, q = vor.vertices[ridge[0]], vor.vertices[ridge[1]]
            if math.hypot(p[0] - q[0], p[1] - q[1]) > 1e-6:  # a shared edge, not a corner
                pairs.add((min(a, b), max(a, b)))
    return cells, sorted(pairs)


def _centroid(ring) -> tuple[float, float]:
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-9:
        return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))
    return (cx / (3 * area), cy / (3 * area))


def _heights(sites, width, height, rng: random.Random) -> list[float]:
    """A smooth random field: a few broad bumps (continents) plus finer ripples."""
    bumps = [(rng.uniform(0, width), rng.uniform(0, height), rng.uniform(0.15, 0.35) * max(width, height),
              rng.uniform(0.6, 1.0)) for _ in range(rng.randint(3, 6))]
    waves = [(rng.uniform(0.5, 3) * 2 * math.pi / width, rng.uniform(0.5, 3) * 2 * math.pi / height,
              rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 0.15)) for _ in range(4)]
    out = []
    for x, y in sites:
        h = sum(a * math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * r * r)) for bx, by, r, a in bumps)
        h += sum(a * math.sin(fx * x + fy * y + ph) for fx, fy, ph, a in waves)
        out.append(h)
    return out


def generate(provinces: int = 100, *, seed: int = 1, powers: int | None = None, homes: int = 3,
             land_share: float = 0.6, relax: int = 2) -> SynthMap:
    """Build a synthetic map with `provinces` provinces (at least 12)."""
    if provinces < 12:
        raise ValueError("a synthetic map needs at least 12 provinces")
    rng = random.Random(seed)
    side = math.sqrt(provinces) * CELL
    width, height = int(round(side * 1.25)), int(round(side / 1.25))
    sites = _sites(provinces, width, height, rng)
    for _ in range(relax):  # Lloyd steps: even out cell sizes
        cells, _ = _voronoi(sites, width, height)
        sites = [_centroid(c) if len(c) >= 3 else s for c, s in zip(cells, sites)]
    cells, pairs = _voronoi(sites, width, height)
    neighbours: list[set[int]] = [set() for _ in sites]
    for a, b in pairs:
        neighbours[a].add(b)
        neighbours[b].add(a)

    heights = _heights(sites, width, height, rng)
    level = sorted(heights)[int((1 - land_share) * len(heights))]
    land = [h >= level for h in heights]
    kinds = ["sea" if not land[i] else
             ("coast" if any(not land[j] for j in neighbours[i]) else "land") for i in range(len(sites))]
    smap = SynthMap(width, height, sites, kinds, neighbours, cells)
    _place_powers(smap, rng, powers, homes)
    return smap


def _land_distances(smap: SynthMap, start: int) -> dict[int, int]:
    seen, queue = {start: 0}, deque([start])
    while queue:
        i = queue.popleft()
        for j in smap.neighbours[i]:
            if smap.kinds[j] != "sea" and j not in seen:
                seen[j] = seen[i] + 1
                queue.append(j)
    return seen


def _land_masses(smap: SynthMap) -> dict[int, int]:
    """Site index -> size of the landmass (connected land and coast) it belongs to."""
    size: dict[int, int] = {}
    for i, kind in enumerate(smap.kinds):
        if kind != "sea" and i not in size:
            mass = _land_distances(smap, i)
            for j in mass:
                size[j] = len(mass)
    return size


def _place_powers(smap: SynthMap, rng: random.Random, powers: int | None, homes: int) -> None:
    land = [i for i, k in enumerate(smap.kinds) if k != "sea"]
    count = powers or max(2, min(7, len(land) // 12))
    # Capitals: farthest-point sampling over land sites whose landmass can hold the homes.
    masses = _land_masses(smap)
    roomy = [i for i in land if masses[i] >= homes * 2]
    if len(roomy) < count:
        raise ValueError("not enough land for the powers; use more provinces or a larger land_share")
    capitals = [rng.choice(roomy)]
    gap = {i: math.inf for i in roomy}  # squared distance to the nearest capital so far
    while len(capitals) < count:
        cx, cy = smap.sites[capitals[-1]]
        for i in gap:
            x, y = smap.sites[i]
            gap[i] = min(gap[i], (x - cx) ** 2 + (y - cy) ** 2)
        capitals.append(max((i for i in roomy if i not in capitals), key=lambda i: (gap[i], -i)))
    taken: set[int] = set()
    for p, capital in enumerate(capitals):
        order = sorted(_land_distances(smap, capital).items(), key=lambda kv: (kv[1], kv[0]))
        mine = [i for i, _ in order if i not in taken][:homes]
        taken.update(mine)
        # neighbouring homes of another power would make starting positions collide
        for i in mine:
            taken.update(j for j in smap.neighbours[i] if smap.kinds[j] != "sea")
        smap.homes[f"POWER{p + 1}"] = sorted(mine)
    home_set = {i for h in smap.homes.values() for i in h}
    # neutral centres only where a unit from a home can go (a landmass beyond a sea no home
    # fleet reaches would hold a centre nobody can take: DIP505)
    reach = _reachable(smap, home_set)
    others = [i for i in land if i not in home_set and i in reach]
    rng.shuffle(others)
    smap.centers = home_set | set(others[: max(0, len(land) // 3 - len(home_set))])


def _reachable(smap: SynthMap, starts: set[int]) -> set[int]:
    """Sites an army or a fleet starting in `starts` can reach over the map's borders
    (`_border_units`), each unit type on its own."""
    out: set[int] = set()
    for unit in ("army", "fleet"):
        seen = {i for i in starts if unit == "army" or smap.kinds[i] == "coast"}
        stack = list(seen)
        while stack:
            i = stack.pop()
            for j in smap.neighbours[i]:
                if j not in seen and unit in _border_units(smap, i, j):
                    seen.add(j)
                    stack.append(j)
        out |= seen
    return out


# -- writing ----------------------------------------------------------------------

def _units(smap: SynthMap, power: str) -> list[str]:
    out = []
    for n, i in enumerate(smap.homes[power]):
        fleet = smap.kinds[i] == "coast" and n % 2 == 0
        out.append(f"{'F' if fleet else 'A'} {province_id(i)}")
    return out


def _border_units(smap: SynthMap, a: int, b: int) -> list[str]:
    ka, kb = smap.kinds[a], smap.kinds[b]
    if ka == "sea" or kb == "sea":
        return ["fleet"]  # sea-sea or sea-coast (land cells never touch the sea)
    if ka == "coast" and kb == "coast":
        # the coastline runs between them when both touch a common sea
        shared = smap.neighbours[a] & smap.neighbours[b]
        if any(smap.kinds[s] == "sea" for s in shared):
            return ["army", "fleet"]
    return ["army"]


def map_data(smap: SynthMap) -> dict:
    powers = sorted(smap.homes)
    total = len(smap.centers)
    data = {
        # The schema caps `victory.centers` at 1000; past that the family's default
        # (a majority of the centres) applies.
        **({"victory": {"centers": total // 2 + 1}} if total // 2 + 1 <= 1000 else {}),
        "powers": [{"id": p, "name": POWER_NAMES[k % len(POWER_NAMES)] + ("" if k < len(POWER_NAMES) else f" {k}"),
                    "adjective": POWER_ADJECTIVES[k % len(POWER_ADJECTIVES)],
                    "color": POWER_COLOURS[k % len(POWER_COLOURS)]} for k, p in enumerate(powers)],
        "provinces": [],
        "borders": [],
        "start": {"phase": "S1901M",
                  "units": {p: _units(smap, p) for p in powers},
                  "centers": {p: [province_id(i) for i in smap.homes[p]] for p in powers}},
    }
    owner = {i: p for p, hs in smap.homes.items() for i in hs}
    for i, kind in enumerate(smap.kinds):
        prov = {"id": province_id(i), "name": province_name(i, kind), "type": kind}
        if i in smap.centers:
            prov["supply_center"] = True
        if i in owner:
            prov["home"] = owner[i]
        prov["label"] = [round(smap.sites[i][0], 1), round(smap.sites[i][1], 1)]
        data["provinces"].append(prov)
    for a in range(len(smap.sites)):
        for b in sorted(j for j in smap.neighbours[a] if j > a):
            data["borders"].append({"between": [province_id(a), province_id(b)],
                                    "units": _border_units(smap, a, b)})
    return data


def geometry_data(smap: SynthMap) -> dict:
    outlines = {}
    for i, ring in enumerate(smap.cells):
        if len(ring) >= 3:
            outlines[province_id(i)] = [[int(round(c)) for p in ring for c in p]]
    return {"image": {"width": smap.width, "height": smap.height}, "outlines": outlines}


def game_data(smap: SynthMap, seed: int) -> dict:
    n = len(smap.sites)
    return {
        "title": f"Synthetic map ({n} provinces, seed {seed})",
        "family": "diplomacy",
        "players": len(smap.homes),
        "summary": (f"A generated test map: {n} Voronoi provinces, {len(smap.centers)} supply "
                    f"centres and {len(smap.homes)} powers, made by generator/synth.py for tests "
                    "and benchmarks. Not a designed game."),
        "credits": [{"name": "Mapwright synthetic map generator", "role": "generated the map"}],
        "licence": {"name": "CC0-1.0", "notice": "Generated data; no rights reserved."},
        "sources": [{"id": "synth", "title": f"generator/synth.py, seed {seed}"}],
        "rules": {},
    }


def _dump(data: dict, schema: str) -> str:
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    body = yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, width=120,
                     default_flow_style=None)
    return f"# yaml-language-server: $schema=../../schemas/{schema}.schema.json\n{body}"


def write_game(out_dir: Path, provinces: int = 100, *, seed: int = 1, geometry: bool = True,
               **options) -> Path:
    """Generate a map and write it as a game folder; returns the folder."""
    smap = generate(provinces, seed=seed, **options)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "game.yaml").write_text(_dump(game_data(smap, seed), "game"), encoding="utf-8")
    (out_dir / "map.yaml").write_text(_dump(map_data(smap), "diplomacy-map"), encoding="utf-8")
    if geometry:
        (out_dir / "geometry.yaml").write_text(_dump(geometry_data(smap), "diplomacy-geometry"),
                                               encoding="utf-8")
    elif (out_dir / "geometry.yaml").exists():
        (out_dir / "geometry.yaml").unlink()
    return out_dir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.synth", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="game folder to write (e.g. content/synth-100)")
    parser.add_argument("--provinces", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--powers", type=int, default=None, help="default: by land area, 2 to 7")
    parser.add_argument("--no-geometry", action="store_true", help="leave out geometry.yaml")
    args = parser.parse_args(argv)
    with command_heap():   # a command: the CLI's collector policy (generator/heap.py)
        write_game(args.out, args.provinces, seed=args.seed, powers=args.powers, geometry=not args.no_geometry)
    print(f"wrote {args.out} ({args.provinces} provinces, seed {args.seed})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
