"""The map script: real geography in, a reconstructed hex map out.

When a game's published map is not available, its map is rebuilt from public
geography (a geography file such as tools/dixie_map/geography.yaml: city
coordinates, state lines, river courses, coastlines, the two sides and the border
between them) projected deterministically onto a grid of hexes:

- projection: equirectangular about a standard parallel (x = km east of the
  origin along that parallel's scale, y = km south); hex 0101's centre is the origin;
- a hex takes the terrain of the area its centre falls in (lakes, then seas, then
  prohibited countries, then land; a land hex belongs to the side `border.inside`
  names when inside the border polygon, else to `border.outside`; rough/swamp areas
  also mark the hex holding their centroid, so small swamps are not lost);
- a hexside is a river hexside when the segment joining the two hex centres
  crosses the river's polyline; a sea/lake hexside when that segment's midpoint is
  water; a border hexside when the two hexes' home countries differ;
- a bridge goes on the named river's hexside nearest the bridge's coordinates;
- a city (or resource centre) goes in the nearest land hex that lies on its real
  bank of every river and in its real country: the segment from its coordinates
  to the hex centre may cross no river course and no border line, and the hex's
  side must be the side its coordinates lie in. A hex another city holds is
  skipped (the city listed first keeps it). When no hex within 1.5 hexes
  qualifies, generation fails (PlacementError) instead of writing a wrong map;
- a region is the hexes of one side inside the polygon of a river's course and
  closing points (e.g. the hexes west of a great river).

Run: python -m generator.families.hex.mapgen GEOGRAPHY.yaml OUT.yaml
The output is byte-identical for the same input (sorted, fixed float format).
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import yaml

from ...yaml_text import scalar
from .grid import Grid, format_hex, hexside

KM_PER_DEG_LAT = 110.95
KM_PER_DEG_LON_EQUATOR = 111.32


class Projection:
    def __init__(self, origin_lat: float, origin_lon: float, standard_parallel: float):
        self.lat0, self.lon0 = origin_lat, origin_lon
        self.kx = KM_PER_DEG_LON_EQUATOR * math.cos(math.radians(standard_parallel))

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        return (lon - self.lon0) * self.kx, (self.lat0 - lat) * KM_PER_DEG_LAT

    def latlon(self, x: float, y: float) -> tuple[float, float]:
        return self.lat0 - y / KM_PER_DEG_LAT, self.lon0 + x / self.kx


def point_in_polygon(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            t = (y - y1) / (y2 - y1)
            if x < x1 + t * (x2 - x1):
                inside = not inside
    return inside


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(p1, p2, q1, q2) -> bool:
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0


def polyline_crosses(p1, p2, line) -> bool:
    return any(segments_cross(p1, p2, line[i], line[i + 1]) for i in range(len(line) - 1))


def centroid(poly):
    return sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)


class PlacementError(ValueError):
    """A city or resource centre cannot stand on its real bank and in its real country."""


class MapBuilder:
    def __init__(self, geo: dict):
        self.geo = geo
        g = geo["grid"]
        self.grid = Grid(g["columns"], g["rows"], g.get("offset", "even-columns-down"))
        self.hex_km = float(g["hex_km"])
        pj = g["projection"]
        self.proj = Projection(pj["origin"]["lat"], pj["origin"]["lon"], pj["standard_parallel"])
        self.notes: list[str] = []
        self.rivers = [(r, self.poly(r["points"])) for r in geo.get("rivers", [])]
        self.border_line = self.poly(geo["border"]["points"])
        self.border_polygon = self.poly(geo["border"]["points"] + geo["border"]["closing"])

    def side_at(self, x: float, y: float) -> str:
        """The side whose home country the point (x, y) lies in (before water and prohibited areas)."""
        b = self.geo["border"]
        return b["inside"] if point_in_polygon(x, y, self.border_polygon) else b["outside"]

    def separated(self, p, q) -> str:
        """The river or border line the segment p-q crosses ('' when none)."""
        for r, line in self.rivers:
            if polyline_crosses(p, q, line):
                return r["name"]
        return "the border" if polyline_crosses(p, q, self.border_line) else ""

    def poly(self, points):
        return [self.proj.xy(lat, lon) for lat, lon in points]

    def centre(self, hex_id):
        return self.grid.center(hex_id, self.hex_km)

    def nearest_hex(self, x, y):
        best = None
        for h in self.grid.all_hexes():
            cx, cy = self.centre(h)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, h)
        return best[1], math.sqrt(best[0])

    def build(self) -> dict:
        lakes = [(a["name"], self.poly(a["points"])) for a in self.geo.get("lakes", [])]
        seas = [(a["name"], self.poly(a["points"])) for a in self.geo.get("seas", [])]
        banned = [(a["name"], self.poly(a["points"])) for a in self.geo.get("prohibited", [])]
        areas = [(a, self.poly(a["points"])) for a in self.geo.get("terrain_areas", [])]

        def water_at(x, y):
            for _, p in lakes:
                if point_in_polygon(x, y, p):
                    return "lake"
            for _, p in seas:
                if point_in_polygon(x, y, p):
                    return "sea"
            return None

        hexes: dict[str, dict] = {}
        for h in self.grid.all_hexes():
            x, y = self.centre(h)
            water = water_at(x, y)
            if water:
                hexes[h] = {"terrain": water}
            elif any(point_in_polygon(x, y, p) for _, p in banned):
                hexes[h] = {"terrain": "prohibited"}
            else:
                terrain = "clear"
                for area, p in areas:
                    if point_in_polygon(x, y, p):
                        terrain = area["terrain"]
                        break
                hexes[h] = {"terrain": terrain, "country": self.side_at(x, y)}
        for area, p in areas:  # small areas still mark the hex holding their centroid
            h, _ = self.nearest_hex(*centroid(p))
            if hexes[h].get("country") and hexes[h]["terrain"] == "clear":
                hexes[h]["terrain"] = area["terrain"]

        cities, taken = [], set()
        for c in self.geo.get("cities", []):
            h = self._place(c, hexes, taken)
            if h is not None:
                taken.add(h)
                cities.append({"id": c["id"], "name": c["name"], "hex": h, "country": hexes[h]["country"],
                               "capital": bool(c.get("capital", False))})
        resources, rtaken = [], set()
        for r in self.geo.get("resource_centres", []):
            h = self._place(r, hexes, rtaken)
            if h is not None:
                rtaken.add(h)
                resources.append({"id": r["id"], "name": r["name"], "hex": h, "country": hexes[h]["country"]})
        sides = self._hexsides(hexes, water_at)
        regions = {}
        for reg in self.geo.get("regions", []):
            river = next(r for r in self.geo["rivers"] if r["id"] == reg["river"])
            poly = self.poly(river["points"] + reg["closing"])
            regions[reg["id"]] = sorted(h for h, v in hexes.items()
                                        if v.get("country") == reg["country"] and point_in_polygon(*self.centre(h), poly))
        return {"hexes": hexes, "cities": cities, "resource_centres": resources, "hexsides": sides, "regions": regions}

    def _place(self, item, hexes, taken) -> str | None:
        """The hex for a city or resource centre (see the module docstring), None when off the map."""
        p = self.proj.xy(*item["at"])
        nearest, dist = self.nearest_hex(*p)
        if dist > self.hex_km * 0.75:
            self.notes.append(f"{item['name']} lies off the map; left out")
            return None
        side = self.side_at(*p)
        reach = self.hex_km * 1.5
        candidates = sorted((math.dist(p, self.centre(h)), h) for h in self.grid.within(nearest, 2))
        refused = []
        for d, h in candidates:
            if d > reach:
                break
            why = ("not land" if not hexes[h].get("country") else
                   f"{hexes[h]['country']} home country, not {side}" if hexes[h]["country"] != side else
                   "already holds a place listed earlier" if h in taken else "")
            crossed = "" if why else self.separated(p, self.centre(h))
            if not why and not crossed:
                return h
            refused.append(f"{h}: {why or 'across ' + crossed}")
        raise PlacementError(f"{item['name']} ({item['at'][0]}, {item['at'][1]}, {side}) has no hex within "
                             f"{reach:g} km on its own bank and in its own country; refused " + "; ".join(refused))

    def _hexsides(self, hexes, water_at):
        rivers = self.rivers
        sides: dict[tuple[str, str], dict] = {}
        for a in self.grid.all_hexes():
            for b in self.grid.neighbours(a):
                if b < a:
                    continue
                ha, hb = hexes[a], hexes[b]
                if not (ha.get("country") and hb.get("country")):
                    continue
                pa, pb = self.centre(a), self.centre(b)
                features, river_id = [], None
                for r, line in rivers:
                    if polyline_crosses(pa, pb, line):
                        features.append(r["kind"])
                        river_id = r["id"]
                        break
                water = water_at((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                if water:
                    features.append(water)
                if ha["country"] != hb["country"]:
                    features.append("border")
                if features:
                    entry = {"features": features}
                    if river_id:
                        entry["river"] = river_id
                    sides[(a, b)] = entry
        for br in self.geo.get("bridges", []):
            x, y = self.proj.xy(*br["at"])
            best = None
            for key, entry in sorted(sides.items()):
                if entry.get("river") != br["river"] or "great-river" not in entry["features"]:
                    continue
                (ax, ay), (bx, by) = self.centre(key[0]), self.centre(key[1])
                d = ((ax + bx) / 2 - x) ** 2 + ((ay + by) / 2 - y) ** 2
                if best is None or d < best[0]:
                    best = (d, key)
            if best is None or math.sqrt(best[0]) > self.hex_km * 1.5:
                self.notes.append(f"bridge at {br['name']}: no {br['river']} hexside nearby; left out")
                continue
            entry = sides[best[1]]
            if "bridge" not in entry["features"]:
                entry["features"].append("bridge")
                entry["bridge"] = br["name"]
        return sides


def placement_problems(geo: dict, map_data: dict) -> list[str]:
    """Every city or resource centre of `map_data` (a map.yaml) whose hex is not on the real bank
    of every river, or not in the real country, of its coordinates in `geo`: an independent check
    of the placement rule over a written map."""
    builder = MapBuilder(geo)
    where = {(kind, item["id"]): item for kind in ("cities", "resource_centres") for item in geo.get(kind, [])}
    out = []
    for kind in ("cities", "resource_centres"):
        for place in map_data.get(kind) or []:
            item = where.get((kind, place["id"]))
            if item is None:
                out.append(f"{place['name']}: not in the geography")
                continue
            p = builder.proj.xy(*item["at"])
            side = builder.side_at(*p)
            crossed = builder.separated(p, builder.centre(place["hex"]))
            if crossed:
                out.append(f"{place['name']} is in hex {place['hex']}, across {crossed} from its real coordinates")
            if place["country"] != side:
                out.append(f"{place['name']} is in {place['country']} hex {place['hex']}; its coordinates lie in {side}")
    return out


def _q(s) -> str:
    """A string as YAML reads it back unchanged (the project's one YAML writer, generator/yaml_text)."""
    return scalar(str(s))


def _border_block(held: dict | None) -> list[str]:
    if not held:
        return []
    return ["border:", f"  held_by: {_q(held['side'])}", f"  source: {_q(held['source'])}", f"  rule: {_q(held['rule'])}",
            f"  reasoning: {_q(' '.join(held['reasoning'].split()))}"]


def emit(geo: dict, built: dict, builder: MapBuilder, input_name: str) -> str:
    g = geo["grid"]
    pj = g["projection"]
    out = [
        "# yaml-language-server: $schema=../../schemas/hex-map.schema.json",
        f"# GENERATED by generator/families/hex/mapgen.py from {input_name}; do not edit by hand:",
        "# change the geography there and run the script again.",
        "source: estimated",
        "reasoning: >-",
        "  The published map is not available. This map is reconstructed from real geography",
        "  (approximate coordinates of cities, rivers, coasts and state lines) projected onto",
        f"  {g['hex_km']} km hexes (rule 3.5); the border between the two home countries is our reading of the",
        "  rulebook's premises. Every city and resource centre stands on the bank of each river, and in",
        "  the country, where its real coordinates lie.",
        f"  {geo['border']['reasoning'].strip()}",
        f"geography_source: {_q(geo.get('source', ''))}",
        f"grid: {{columns: {g['columns']}, rows: {g['rows']}, offset: {g.get('offset', 'even-columns-down')}, "
        f"hex_km: {g['hex_km']}}}",
        f"projection: {{kind: {pj['kind']}, standard_parallel: {pj['standard_parallel']}, "
        f"origin_lat: {pj['origin']['lat']}, origin_lon: {pj['origin']['lon']}}}",
        "sides:",
        *(f"  - {{id: {_q(sd['id'])}, name: {_q(sd['name'])}, colour: {_q(sd['colour'])}, "
          f"counter_colour: {_q(sd['counter_colour'])}}}" for sd in geo["sides"]),
        *_border_block(geo["border"].get("held_by")),
        "hexes:",
    ]
    for h in sorted(built["hexes"]):
        v = built["hexes"][h]
        extra = f", country: {_q(v['country'])}" if v.get("country") else ""
        out.append(f"  {_q(h)}: {{terrain: {v['terrain']}{extra}}}")
    out.append("cities:")
    for c in sorted(built["cities"], key=lambda c: c["id"]):
        out.append(f"  - {{id: {_q(c['id'])}, name: {_q(c['name'])}, hex: {_q(c['hex'])}, country: {_q(c['country'])}, "
                   f"capital: {str(c['capital']).lower()}}}")
    out.append("resource_centres:")
    for r in sorted(built["resource_centres"], key=lambda r: r["id"]):
        out.append(f"  - {{id: {_q(r['id'])}, name: {_q(r['name'])}, hex: {_q(r['hex'])}, country: {_q(r['country'])}}}")
    out.append("hexsides:")
    for (a, b), e in sorted(built["hexsides"].items()):
        extra = f", river: {_q(e['river'])}" if e.get("river") else ""
        if e.get("bridge"):
            extra += f", bridge: {_q(e['bridge'])}"
        out.append(f"  - {{hexes: [{_q(a)}, {_q(b)}], features: [{', '.join(_q(x) for x in e['features'])}]{extra}}}")
    out.append("regions:")
    for name, hexes in sorted(built["regions"].items()):
        out.append(f"  {_q(name)}:")
        for i in range(0, len(hexes), 12):
            out.append("    - " + "\n    - ".join(_q(h) for h in hexes[i:i + 12]))
    out.append("notes:" + ("" if builder.notes else " []"))
    for n in builder.notes:
        out.append(f"  - {_q(n)}")
    return "\n".join(out) + "\n"


def generate(geography_path: Path) -> str:
    geo = yaml.safe_load(Path(geography_path).read_text(encoding="utf-8"))
    builder = MapBuilder(geo)
    built = builder.build()
    wrong = placement_problems(geo, built)
    if wrong:
        raise PlacementError("; ".join(wrong))
    return emit(geo, built, builder, _shown_path(Path(geography_path)))


def _shown_path(path: Path) -> str:
    """The input as the generated header names it: relative to the project that holds it
    (the nearest folder above it with a pyproject.toml or .git), so the header is the same
    in every clone and every kind of install; else just its file name."""
    resolved = path.resolve()
    for folder in resolved.parents:
        if (folder / "pyproject.toml").is_file() or (folder / ".git").exists():
            return resolved.relative_to(folder).as_posix()
    return resolved.name


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m generator.families.hex.mapgen GEOGRAPHY.yaml OUT.yaml", file=sys.stderr)
        return 2
    try:
        text = generate(Path(argv[0]))
    except PlacementError as exc:
        print(f"mapgen: {exc}", file=sys.stderr)
        return 1
    Path(argv[1]).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
