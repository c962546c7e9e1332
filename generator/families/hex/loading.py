"""GameSource (schema-valid documents) -> HexGame. Pure: reads only `source.docs`."""
from __future__ import annotations

from ..base import GameSource
from .crt import crt_from_data
from .modules import enable
from .grid import Grid, hexside
from .model import (City, Fact, HexGame, HexMap, HexsideType, Place, Side, Terrain, UnitType)


def _data(source: GameSource, name: str) -> dict:
    doc = source.docs.get(name)
    return doc.data if doc is not None and isinstance(doc.data, dict) else {}


def load_map(data: dict) -> HexMap:
    g = data.get("grid", {})
    grid = Grid(int(g.get("columns", 1)), int(g.get("rows", 1)), g.get("offset", "even-columns-down"))
    terrain, country = {}, {}
    for h, v in (data.get("hexes") or {}).items():
        terrain[h] = v.get("terrain", "clear")
        if v.get("country"):
            country[h] = v["country"]
    sides, names = {}, {}
    for entry in data.get("hexsides") or []:
        a, b = entry["hexes"]
        key = hexside(a, b)
        sides[key] = frozenset(sides.get(key, frozenset()) | set(entry["features"]))
        if entry.get("bridge"):
            names[key] = entry["bridge"]
    cities = {c["id"]: City(c["id"], c["name"], c["hex"], c["country"], bool(c.get("capital")))
              for c in data.get("cities") or []}
    rcs = {r["id"]: Place(r["id"], r["name"], r["hex"], r["country"]) for r in data.get("resource_centres") or []}
    regions = {rid: frozenset(hexes) for rid, hexes in (data.get("regions") or {}).items()}
    players = tuple(Side(s["id"], s["name"], s.get("colour", "#555555"), s.get("counter_colour", "#eeeeee"))
                    for s in data.get("sides") or [])
    border = data.get("border") or {}
    held = Fact(border.get("held_by"), str(border.get("source", "")), str(border.get("rule", "")),
                str(border.get("reasoning", "")))
    # The map's own provenance: `source` says where it comes from, `reasoning` why (when estimated).
    provenance = Fact(data.get("source", ""), data.get("source", ""), reasoning=data.get("reasoning", ""))
    return HexMap(grid, terrain, country, sides, cities, rcs, regions, provenance,
                  float(g.get("hex_km", 70)), names, players, held)


def load(source: GameSource) -> HexGame:
    units = _data(source, "units.yaml")
    terrain_doc = _data(source, "terrain.yaml")
    unit_types = {}
    for u in units.get("unit_types", []):
        unit_types[u["id"]] = UnitType(
            u["id"], u["name"], u["arm"], u["size"], Fact.read(u["strength"]), Fact.read(u["movement"]),
            Fact.read(u["loss_points"]), Fact.read(u["counters"]), u.get("variant", ""),
            tuple(u.get("components", ())), u.get("corps_forming", True), u.get("replaceable", True),
            tuple(u.get("capabilities", ())))
    terrain = {t["id"]: Terrain(t["id"], t["name"], Fact.read(t["movement"]), Fact.read(t["combat_line"]),
                                bool(t.get("armour_stacks_alone")), bool(t.get("forts_allowed")))
               for t in terrain_doc.get("terrain", [])}
    hexside_types = {}
    for h in terrain_doc.get("hexsides", []):
        hexside_types[h["id"]] = HexsideType(
            h["id"], h["name"], Fact.read(h.get("movement_home"), 0), Fact.read(h.get("movement_enemy"), 0),
            h.get("crossing") == "bridge-only", Fact.read(h.get("passable"), True), bool(h.get("blocks_zoc")),
            bool(h.get("defender_advantage")), bool(h.get("blocks_retreat_unless_bridged")),
            Fact.read(h.get("amphibious_assault_ap"), 0), Fact.read(h.get("capture_mp"), 0),
            Fact.read(h.get("advance_after_amphibious_assault"), False),
            str((h.get("advance_after_amphibious_assault") or {}).get("alternative", "")))
    feature_defence, capital_weight = {}, Fact(3)
    for f in terrain_doc.get("features", []):
        feature_defence[f["id"]] = Fact.read(f["defence"])
        if "counts_as_cities" in f:
            capital_weight = Fact.read(f["counts_as_cities"])
    scen = _data(source, "scenarios.yaml")
    crt_data = _data(source, "crt.yaml")
    return HexGame(
        source=source, map=load_map(_data(source, "map.yaml")), unit_types=unit_types, terrain=terrain,
        hexside_types=hexside_types, feature_defence=feature_defence, capital_weight=capital_weight,
        crt=crt_from_data(crt_data) if crt_data else None, charts=_data(source, "charts.yaml"),
        scenarios=list(scen.get("scenarios", [])), scenario_variant=dict(scen.get("variant", {})),
        errata=list(scen.get("errata", [])) + list(units.get("errata", [])), units_doc=units,
        rules=dict(source.rules), scenario_setup=dict(scen.get("setup") or {}), modules=enable(source.rules),
        coverage=list(_data(source, "coverage.yaml").get("sections", [])))
