"""The Diplomacy family's rendered pages: interactive map, adjacency table and
downloads, printable files; and `printables(game)` for `mapwright print`.

Also the family's drawing of any position (`render_position`, for `mapwright render`)
and of an adjudicated request (`order_figure`, for worked examples and the DATC page).
"""
from __future__ import annotations

from ...escape import md_text, xml_text
from ...families.base import Page
from ...render import (MapOptions, MapView, Metrics, adjacency_csv, adjacency_json, adjacency_page, adjacency_sheets,
                       colour_key, home_owners, map_viewer, moves_key, render_map, simplified_pieces, view_fingerprint)
from .api import PhaseResult, adjudicate_phase
from .board_view import fresh_view_of, unit_views, view_of
from .model import Game
from .phase_view import dislodged_units, phase_diagram

# The game's powers page (pages.py writes powers.md): the SVG download (<game>/map.svg)
# links it from its legend. The map inlined in map.md does not: Material's instant
# navigation reads every <a> on a page as an HTML link and throws on an SVG one, so
# map.md links the page in Markdown under the map. Printed maps name the page.
POWERS_LINK_FROM_MAP_SVG = "powers/"

# Printables the site publishes (FAMILY.site_prints; not with --no-pdf); the build renders
# them (in parallel, cached). A3, letter, tabloid, PNG: `mapwright print`.
BUILD_PRINTS = ("map", "adjacency")
PRINT_LABEL_MM = 2.2      # printable maps are sized so province codes are this tall (6.2 pt); a
                          # paper too small for the whole map at that size gets it tiled


def board_view(game: Game) -> MapView:
    """The game's map view, made once per loaded model (a model lives for one build:
    the DATC page draws 165 diagrams of one board), kept on the model rather than
    looked up by id() in a module-level table."""
    if game.view is None:
        game.view = view_of(game)
    return game.view


def _title(game, view: MapView) -> str:
    return str(getattr(game, "title", "") or view.title)


def map_svg(game, *, interactive: bool = False, print_mode: bool = False, units: bool = False) -> str:
    """The board as the published map shows it: land in its powers' colours, centres,
    names; optionally the starting units."""
    view = board_view(game)
    link = None if print_mode or interactive else POWERS_LINK_FROM_MAP_SVG
    opts = MapOptions(owners=home_owners(view), interactive=interactive, print_mode=print_mode,
                      title=_title(game, view), units=unit_views(game, game.start.units) if units else (),
                      centers=view.start_centers if units else None, powers_link=link)
    if print_mode:
        m = Metrics.of(view, view.width)
        opts.unit_mm = PRINT_LABEL_MM / m.font
    return render_map(view, opts)


def thumbnail_svg(game) -> str:
    """A small, simplified, label-free map for the site's home page."""
    view = fresh_view_of(game)      # its outlines are simplified below
    tol = max(view.width, view.height) / 400
    # the simplified outlines by the outlines (an edit elsewhere simplifies none again)
    key = (view_fingerprint(view), tol)
    simple = _SIMPLIFIED.get(key)
    if simple is None:
        simple = {pid: simplified_pieces(p.pieces, tol) for pid, p in view.provinces.items()}
        if len(_SIMPLIFIED) >= 8:
            _SIMPLIFIED.pop(next(iter(_SIMPLIFIED)))
        _SIMPLIFIED[key] = simple
    for pid, p in view.provinces.items():
        p.pieces = [list(piece) for piece in simple[pid]]
    view.decor = []
    return render_map(view, MapOptions(owners=home_owners(view), title="", legend=False, labels=False))


_SIMPLIFIED: dict[tuple, dict[str, list]] = {}   # (outlines' fingerprint, tolerance) -> province -> pieces


def order_figure(game, request: dict, result: PhaseResult | None, title: str = "") -> str:
    """The order diagram of a request adjudicated as `result` (None: its orders drawn
    without outcomes): arrows, outcomes, dislodged units."""
    return phase_diagram(game, request, result, view=board_view(game), title=title)


def render_position(game, request: dict, title: str = "") -> str:
    """A position as an SVG (the family's `render`): with orders, adjudicated and drawn
    as an order diagram; without, the map with the units and centres. Raises
    api.AdjudicationError (a ValueError) when the request is malformed."""
    if request.get("orders"):
        return order_figure(game, request, adjudicate_phase(game, request), title=title)
    return render_map(board_view(game), MapOptions(
        units=unit_views(game, request.get("units")), centers=request.get("centers"),
        dislodged=unit_views(game, dislodged_units(request.get("dislodged")), "dislodged"), title=title or None))


def printables(game) -> dict[str, list[tuple[str, str]]]:
    """{what: [(file stem, SVG sized in mm)]} for `mapwright print` (the family's `printables`)."""
    view = board_view(game)
    title = _title(game, view)
    sheets = adjacency_sheets(view, title=title)
    return {
        "map": [("map", map_svg(game, print_mode=True))],
        "adjacency": [(f"adjacency-{i:02d}", s) for i, s in enumerate(sheets, start=1)],
    }


def map_page(game, view: MapView, svg: str) -> str:
    title = _title(game, view)
    n_sc = sum(1 for p in view.provinces.values() if p.supply_center)
    lines = [
        "---", "hide:", "  - toc", "---", "",
        f"# {md_text(title)} — map", "",
        f"{len(view.provinces)} provinces, {n_sc} supply centres, {len(view.powers)} powers.", "",
    ]
    help_text = [
        "Point at a province to see its name, code, centre and owner; click it, or type its "
        "code or name in the find box, to highlight where an army or a fleet can go from it. "
        "Zoom with the wheel, a pinch or the buttons; drag to pan (arrow keys when the map has "
        "the focus). "
        "Links of the form `#prov=CODE` open the map with that province selected.", "",
    ]
    if not view.has_outlines:
        lines += ['!!! note "Schematic map"', "",
                  "    This game has no province outlines yet, so the map is a schematic: each "
                  "province is the area nearest its label point, and lines show which provinces "
                  "are adjacent.", ""]
    key = moves_key()   # under the map, beside the powers' colours (the toolbar keeps one row)
    powers = colour_key("The powers' colours", [(pw.name, pw.color) for pw in view.powers.values()],
                        "Land wears the colour of the power that holds it at the start, as the published map shows it.")
    lines += [
        map_viewer(svg, legend=key, key=powers), "",
        *help_text,
        "Each power's home, units and centres are on the [Powers page](powers.md).", "",
        "## Downloads", "",
        "- [Map (SVG)](map.svg)",
        "- [Adjacency table](adjacency.md): [CSV](adjacency.csv) · [JSON](adjacency.json)",
    ]
    lines += ["", "Other paper sizes and formats: `mapwright print "
              f"{xml_text(getattr(game, 'game_id', 'GAME'))} --paper letter --format png`.", ""]
    return "\n".join(lines)


def render_pages(game) -> list[Page]:
    """Map page (interactive SVG inlined), adjacency page with CSV and JSON and a
    thumbnail, paths relative to the game's docs folder (the PDFs: FAMILY.site_prints)."""
    view = board_view(game)
    title = _title(game, view)
    interactive = map_svg(game, interactive=True)
    pages = [
        Page("map.md", map_page(game, view, interactive), "Map"),
        Page("map.svg", map_svg(game)),
        Page("thumbnail.svg", thumbnail_svg(game)),
        Page("adjacency.md", adjacency_page(view, title=f"{title} — adjacency"), "Adjacency"),
        Page("adjacency.csv", adjacency_csv(view)),
        Page("adjacency.json", adjacency_json(view)),
    ]
    return pages
