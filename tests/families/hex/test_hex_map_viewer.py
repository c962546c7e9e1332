"""Dixie's map in the site's map viewer: every hex a cell the viewer finds by its number
or its city and describes by terrain, country and places; small enough to inline in
the page; a city's name from content never becomes markup."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from generator.families.hex.render import interactive_map_svg

from .helpers import dixie

SVG = "{http://www.w3.org/2000/svg}"


def _cells(svg: str) -> dict[str, tuple[ET.Element, ET.Element]]:
    root = ET.fromstring(svg)
    hexes = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "mw-hexes")
    return {cell.get("data-prov"): (cell, group) for group in hexes for cell in group}


def test_every_hex_is_a_cell_with_its_kind_and_its_city():
    game = dixie()
    svg = interactive_map_svg(game)
    cells = _cells(svg)
    assert set(cells) == set(game.map.grid.all_hexes())
    for city in game.map.cities.values():
        cell, group = cells[city.hex]
        assert cell.get("data-name") == city.name
        assert f"{city.name}: {'capital' if city.capital else 'city'}" in cell.get("data-facts")
    land = next(h for h, side in sorted(game.map.country.items()) if game.map.terrain.get(h) == "clear")
    side = game.map.side(game.map.country[land])
    assert cells[land][1].get("data-kind") == f"Clear, home country of the {side.name}"
    root = ET.fromstring(svg)
    assert root.get("id") == "mw-map" and root.get("data-mw-overview") == "#mw-hexes"
    labels = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "mw-labels")
    assert len(list(labels)) == len(cells)        # each hex's number is a label
    assert len(svg) < 320_000, len(svg)           # inlined in the map page


def test_a_city_name_stays_text():
    game = dixie()
    hostile = '<script>"x"</script>'
    cities = {cid: replace(c, name=hostile) if cid == "memphis" else c for cid, c in game.map.cities.items()}
    svg = interactive_map_svg(replace(game, map=replace(game.map, cities=cities)))
    assert "<script>" not in svg
    cell, _ = _cells(svg)[game.map.cities["memphis"].hex]
    assert cell.get("data-name") == hostile
