"""SVG drawing: the hex map, positions, example figures and NATO unit symbols. Pure string
building; all text from content goes through generator.escape; numbers use fixed formats so
output is stable. Side colours come from map.yaml `sides` (schema-checked #rrggbb values)."""
from __future__ import annotations

import math

from ...escape import xml_attr, xml_text
from ...render import legible
from .grid import Grid
from .model import HexGame, Position, Unit
from .naming import unit_labels

TERRAIN_FILL = {"clear": "#f3efd8", "rough": "#c9b48a", "swamp": "#a9c9a0", "sea": "#9cc3e6",
                "lake": "#b5d6f2", "prohibited": "#bdbdbd"}
NEUTRAL = "#777777"
RIVER_STYLE = {"river": ("#2f6fb5", 1.6), "great-river": ("#1f4f95", 3.2)}


def f(x: float) -> str:
    return f"{x:.1f}"


def side_colour(game: HexGame, side_id: str) -> str:
    s = game.map.side(side_id)
    return xml_attr(s.colour) if s else NEUTRAL


def counter_fill(game: HexGame, side_id: str) -> str:
    s = game.map.side(side_id)
    return xml_attr(s.counter_colour) if s else "#eeeeee"


def lighten(colour: str, keep: float) -> str:
    """`colour` (#rrggbb) mixed with white, keeping `keep` of it."""
    try:
        rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    except ValueError:
        return "#eeeeee"
    return "#" + "".join(f"{round(255 - (255 - c) * keep):02x}" for c in rgb)


COUNTER_TEXT = 0.13   # a counter's smallest text (DISR), in counter widths
COUNTER_MOST = 0.6    # a worked example's counters at most this many hex heights wide


def hex_points(grid: Grid, hex_id: str, size: float, ox: float, oy: float) -> str:
    cx, cy = grid.center(hex_id, size)
    return " ".join(f"{f(x + ox)},{f(y + oy)}" for x, y in Grid.corners(cx, cy, size))


def nato_symbol(kind: str, arm: str, size: str, x: float, y: float, w: float, h: float, variant_id: str = "",
                least: float = 0.0) -> str:
    """A NATO-style unit symbol: frame, branch mark, size mark above (its text at least `least`)."""
    out = [f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" fill="none" stroke="#000" stroke-width="{f(max(0.3, w / 40))}"/>']
    sw = f(max(0.3, w / 40))
    if arm in ("infantry", "mixed") and "airborne" not in variant_id:
        out.append(f'<path d="M{f(x)},{f(y)} L{f(x + w)},{f(y + h)} M{f(x + w)},{f(y)} L{f(x)},{f(y + h)}" stroke="#000" stroke-width="{sw}" fill="none"/>')
    if arm in ("armour", "mixed"):
        out.append(f'<rect x="{f(x + w * 0.2)}" y="{f(y + h * 0.25)}" width="{f(w * 0.6)}" height="{f(h * 0.5)}" '
                   f'rx="{f(h * 0.25)}" fill="none" stroke="#000" stroke-width="{sw}"/>')
    if "airborne" in variant_id:
        out.append(f'<path d="M{f(x)},{f(y)} L{f(x + w)},{f(y + h)} M{f(x + w)},{f(y)} L{f(x)},{f(y + h)}" stroke="#000" stroke-width="{sw}" fill="none"/>')
        out.append(f'<path d="M{f(x + w * 0.3)},{f(y + h * 0.8)} Q{f(x + w * 0.4)},{f(y + h * 0.6)} {f(x + w * 0.5)},{f(y + h * 0.8)} '
                   f'Q{f(x + w * 0.6)},{f(y + h * 0.6)} {f(x + w * 0.7)},{f(y + h * 0.8)}" stroke="#000" stroke-width="{sw}" fill="none"/>')
    if "marine" in variant_id:
        out.append(f'<path d="M{f(x + w * 0.15)},{f(y + h * 0.85)} q{f(w * 0.12)},{f(-h * 0.12)} {f(w * 0.23)},0 t{f(w * 0.23)},0 t{f(w * 0.23)},0" '
                   f'stroke="#000" stroke-width="{sw}" fill="none"/>')
    if arm == "fort":
        # a fortification: a crenellated line
        pts = []
        steps = 6
        for i in range(steps + 1):
            px = x + w * (0.1 + 0.8 * i / steps)
            pts.append(f"{f(px)},{f(y + h * (0.45 if i % 2 else 0.65))}")
        return f'<polyline points="{" ".join(pts)}" fill="none" stroke="#000" stroke-width="{sw}"/>'
    marks = {"corps": "XXX", "division": "XX", "brigade": "X"}.get(size, "")
    if marks:
        out.append(f'<text x="{f(x + w / 2)}" y="{f(y - h * 0.08)}" font-size="{f(max(h * 0.35, least))}" text-anchor="middle" '
                   f'font-family="sans-serif">{marks}</text>')
    return "".join(out)


def counter(game: HexGame, unit: Unit, cx: float, cy: float, s: float, label: str = "", *,
            side_band: bool = False, least: float = 0.0) -> str:
    """A unit counter `s` wide centred on (cx, cy); disrupted: its face-down side, grey (with
    `side_band`, a strip of its side's colour along the top, for a printed counter's back).
    No text on it smaller than `least` (a worked example's figure: see render/legible.py)."""
    t = game.unit_type(unit)
    x, y = cx - s / 2, cy - s / 2
    fill = counter_fill(game, unit.side) if not unit.disrupted else "#dddddd"
    out = [f'<g><rect x="{f(x)}" y="{f(y)}" width="{f(s)}" height="{f(s)}" rx="{f(s * 0.08)}" fill="{fill}" stroke="#222" stroke-width="{f(s * 0.03)}"/>']
    if unit.disrupted and side_band:
        out.append(f'<rect x="{f(x + s * 0.1)}" y="{f(y + s * 0.92)}" width="{f(s * 0.8)}" height="{f(s * 0.05)}" '
                   f'fill="{side_colour(game, unit.side)}"/>')
    out.append(nato_symbol(t.id, t.arm, t.size, x + s * 0.25, y + s * 0.3, s * 0.5, s * 0.32, t.id, least))
    values = f"{t.strength.value}-{t.movement.value}" if t.arm != "fort" else f"{t.strength.value}"
    out.append(f'<text x="{f(cx)}" y="{f(y + s * 0.9)}" font-size="{f(max(s * 0.2, least))}" text-anchor="middle" font-family="sans-serif">{xml_text(values)}</text>')
    if unit.disrupted:
        # in the top corner, clear of the size mark above the symbol
        out.append(f'<text x="{f(x + s * 0.06)}" y="{f(y + s * 0.17)}" font-size="{f(max(s * 0.13, least))}" font-family="sans-serif" '
                   f'fill="#a00">DISR</text>')
    if label:
        out.append(f'<text x="{f(cx)}" y="{f(y - s * 0.05)}" font-size="{f(max(s * 0.16, least))}" text-anchor="middle" font-family="sans-serif">{xml_text(label)}</text>')
    out.append("</g>")
    return "".join(out)


def draw_hexes(game: HexGame, hexes: list[str], size: float, ox: float, oy: float, *,
               labels: bool = True, tint: bool = True, gmap=None, least: float = 0.0) -> list[str]:
    gmap = gmap or game.map
    grid = gmap.grid
    out = []
    for h in hexes:
        t = gmap.terrain.get(h, "prohibited")
        out.append(f'<polygon points="{hex_points(grid, h, size, ox, oy)}" fill="{TERRAIN_FILL.get(t, "#fff")}" '
                   f'stroke="#8a8a7a" stroke-width="{f(size * 0.02)}"/>')
        c = gmap.country.get(h)
        if tint and c:
            out.append(f'<polygon points="{hex_points(grid, h, size, ox, oy)}" '
                       f'fill="{side_colour(game, c)}" fill-opacity="0.07" stroke="none"/>')
        if labels:
            cx, cy = grid.center(h, size)
            out.append(f'<text x="{f(cx + ox)}" y="{f(cy + oy - size * 0.3)}" font-size="{f(max(size * 0.16, least))}" '
                       f'text-anchor="middle" font-family="sans-serif" fill="#555">{h}</text>')
    return out


def draw_hexsides(game: HexGame, hexes: set[str], size: float, ox: float, oy: float, gmap=None) -> list[str]:
    gmap = gmap or game.map
    grid = gmap.grid
    out = []
    for (a, b), feats in sorted(gmap.hexsides.items()):
        if a not in hexes and b not in hexes:
            continue
        (x1, y1), (x2, y2) = grid.shared_edge(a, b, size)
        seg = f'x1="{f(x1 + ox)}" y1="{f(y1 + oy)}" x2="{f(x2 + ox)}" y2="{f(y2 + oy)}"'
        if "border" in feats:
            out.append(f'<line {seg} stroke="#000" stroke-width="{f(size * 0.08)}" stroke-dasharray="{f(size * 0.12)} {f(size * 0.06)}"/>')
        for kind in ("great-river", "river"):
            if kind in feats:
                colour, width = RIVER_STYLE[kind]
                out.append(f'<line {seg} stroke="{colour}" stroke-width="{f(size * width / 40)}" stroke-linecap="round"/>')
        if "blocked" in feats:
            out.append(f'<line {seg} stroke="#6b2d0c" stroke-width="{f(size * 0.1)}"/>')
        if "sea" in feats or "lake" in feats:
            out.append(f'<line {seg} stroke="#9cc3e6" stroke-width="{f(size * 0.1)}"/>')
        if "bridge" in feats:
            mx, my = (x1 + x2) / 2 + ox, (y1 + y2) / 2 + oy
            out.append(f'<rect x="{f(mx - size * 0.07)}" y="{f(my - size * 0.07)}" width="{f(size * 0.14)}" '
                       f'height="{f(size * 0.14)}" fill="#fff" stroke="#000" stroke-width="{f(size * 0.02)}"/>')
    return out


def draw_places(game: HexGame, hexes: set[str], size: float, ox: float, oy: float, names: bool = True,
                least: float = 0.0) -> list[str]:
    grid = game.map.grid
    out = []
    for c in sorted(game.map.cities.values(), key=lambda c: c.id):
        if c.hex not in hexes:
            continue
        cx, cy = grid.center(c.hex, size)
        r = size * (0.14 if c.capital else 0.1)
        shape = (f'<rect x="{f(cx + ox - r)}" y="{f(cy + oy - r)}" width="{f(2 * r)}" height="{f(2 * r)}" fill="#222"/>'
                 if c.capital else f'<circle cx="{f(cx + ox)}" cy="{f(cy + oy)}" r="{f(r)}" fill="#222"/>')
        out.append(shape)
        if names:
            out.append(f'<text x="{f(cx + ox)}" y="{f(cy + oy + size * 0.36)}" font-size="{f(max(size * 0.19, least))}" text-anchor="middle" '
                       f'font-family="sans-serif" font-weight="bold">{xml_text(c.name)}</text>')
    for r in sorted(game.map.resource_centres.values(), key=lambda r: r.id):
        if r.hex not in hexes:
            continue
        cx, cy = grid.center(r.hex, size)
        s = size * 0.12
        out.append(f'<polygon points="{f(cx + ox + size * 0.22)},{f(cy + oy - s)} {f(cx + ox + size * 0.22 + s)},{f(cy + oy)} '
                   f'{f(cx + ox + size * 0.22)},{f(cy + oy + s)} {f(cx + ox + size * 0.22 - s)},{f(cy + oy)}" fill="#d4a017" stroke="#000" stroke-width="{f(size * 0.015)}"/>')
    return out


def estimated_banner(x: float, y: float, size: float, text: str) -> str:
    return (f'<text x="{f(x)}" y="{f(y)}" font-size="{f(size)}" font-family="sans-serif" fill="#a00" '
            f'font-weight="bold">{xml_text(text)}</text>')


def svg_document(width: float, height: float, body: list[str], *, unit: str = "mm", title: str = "",
                 print_scale: float | None = None, min_font: float | None = None) -> str:
    """`print_scale`: the scale the document must print at (data-print-scale; tiled if larger than the paper);
    `min_font`: its smallest text (data-min-font, for render/figure.py)."""
    fixed = f' data-print-scale="{print_scale:g}"' if print_scale else ""
    fixed += f' data-min-font="{f(min_font)}"' if min_font else ""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{f(width)}{unit}" height="{f(height)}{unit}" '
            f'viewBox="0 0 {f(width)} {f(height)}"{fixed}>')
    t = f"<title>{xml_text(title)}</title>" if title else ""
    return head + t + "".join(body) + "</svg>\n"


def map_frame(grid: Grid, size: float, margin: float) -> tuple[float, float, float, float]:
    """(width, height, ox, oy) of the whole map: a banner strip on top, then the hexes."""
    width = (grid.columns - 1) * size * math.sqrt(3) / 2 + 2 * size / math.sqrt(3) + 2 * margin
    height = grid.rows * size + size / 2 + 2 * margin + 16
    return width, height, margin + size / math.sqrt(3), margin + size / 2 + 12


def map_svg(game: HexGame, *, size: float = 12.0, margin: float = 10.0, pos: Position | None = None,
            title: str = "", print_scale: float | None = None) -> tuple[str, float, float]:
    """The whole map, sized in mm (a hex is `size` mm from side to side); with `pos`, its units too;
    `print_scale`: see svg_document."""
    grid = game.map.grid
    width, height, ox, oy = map_frame(grid, size, margin)
    hexes = grid.all_hexes()
    body = [f'<rect width="{f(width)}" height="{f(height)}" fill="#fff"/>']
    body += draw_hexes(game, hexes, size, ox, oy)
    body += draw_hexsides(game, set(hexes), size, ox, oy)
    body += draw_places(game, set(hexes), size, ox, oy)
    if pos is not None:
        body += draw_units(game, pos, set(hexes), size, ox, oy)
    name = game.source.meta["title"]
    if title:
        body.append(f'<text x="{f(margin)}" y="{f(margin + 11)}" font-size="5" font-family="sans-serif">{xml_text(title)}</text>')
    if game.map.source.estimated:
        body.append(estimated_banner(margin, margin + 5, 6, f"{name} - RECONSTRUCTED map (source: estimated): "
                                     f"not the published map; {game.map.hex_km:g} km hexes"))
    return svg_document(width, height, body, title=f"{name}: {title or 'map'}", print_scale=print_scale), width, height


def hex_facts(game: HexGame, hex_id: str) -> tuple[str, str, str]:
    """(name, kind, facts) of a hex as the map viewer's panel says them: the city or
    resource centre in it (else no name); its terrain and home country; its places."""
    m = game.map
    t = m.terrain.get(hex_id, "prohibited")
    kind = game.terrain[t].name if t in game.terrain else t
    side = m.side(m.country[hex_id]) if m.country.get(hex_id) else None
    if side:
        kind += f", home country of the {side.name}"
    cities = sorted((c for c in m.cities.values() if c.hex == hex_id), key=lambda c: c.id)
    centres = sorted((r for r in m.resource_centres.values() if r.hex == hex_id), key=lambda r: r.id)
    facts = [f"{c.name}: {'capital' if c.capital else 'city'}" for c in cities]
    facts += [f"{r.name}: resource centre" for r in centres]
    name = (cities or centres)[0].name if cities or centres else ""
    return name, kind, " · ".join(facts)


def short(x: float) -> str:
    """A coordinate with one decimal and no trailing zero (the inlined map's size)."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def interactive_map_svg(game: HexGame, *, size: float = 12.0, margin: float = 10.0) -> str:
    """The whole map for the site's map viewer (mapwright-map.js): each hex a cell it can
    find, select and describe (data-prov: the hex number; data-name: its city; its group's
    data-kind: terrain and country), the hex numbers as its labels. Small enough to inline
    in the page (1,485 hexes): a hex is a short relative path, cells are grouped by fill
    and kind, a country's tint is mixed into its land's fill."""
    m = game.map
    grid = m.grid
    width, height, ox, oy = map_frame(grid, size, margin)
    hexes = grid.all_hexes()
    r = size / math.sqrt(3)
    # a flat-topped hex from its east corner, clockwise (Grid.corners), as relative moves
    outline = (f"l{short(-r / 2)},{short(size / 2)}h{short(-r)}l{short(-r / 2)},{short(-size / 2)}"
               f" {short(r / 2)},{short(-size / 2)}h{short(r)}z")
    groups: dict[tuple[str, str], list[str]] = {}
    numbers = []
    for h in hexes:
        cx, cy = grid.center(h, size)
        t = m.terrain.get(h, "prohibited")
        fill = TERRAIN_FILL.get(t, "#ffffff")
        if m.country.get(h) and t not in ("sea", "lake", "prohibited"):
            fill = mix(fill, side_colour(game, m.country[h]), 0.12)
        name, kind, facts = hex_facts(game, h)
        extra = (f' data-name="{xml_attr(name)}"' if name else "") + (f' data-facts="{xml_attr(facts)}"' if facts else "")
        groups.setdefault((fill, kind), []).append(
            f'<path d="M{short(cx + ox + r)},{short(cy + oy)}{outline}" data-prov="{h}"{extra}/>')
        numbers.append(f'<text x="{short(cx + ox)}" y="{short(cy + oy - size * 0.3)}">{h}</text>')
    cells = "".join(f'<g fill="{c}" data-kind="{xml_attr(k)}">{"".join(paths)}</g>' for (c, k), paths in sorted(groups.items()))
    body = [f'<rect width="{f(width)}" height="{f(height)}" fill="#fff"/>',
            f'<g id="mw-hexes" stroke="#8a8a7a" stroke-width="{f(size * 0.02)}">{cells}</g>',
            '<g pointer-events="none">', *draw_hexsides(game, set(hexes), size, ox, oy),
            *draw_places(game, set(hexes), size, ox, oy), "</g>",
            f'<g class="mw-labels" font-size="{f(size * 0.16)}" text-anchor="middle" font-family="sans-serif" '
            f'fill="#555" pointer-events="none">{"".join(numbers)}</g>']
    name = game.source.meta["title"]
    if m.source.estimated:
        body.append(estimated_banner(margin, margin + 5, 6, f"{name} - RECONSTRUCTED map (source: estimated): "
                                     f"not the published map; {m.hex_km:g} km hexes"))
    board = f"{f(margin)} {f(margin + 12)} {f(width - 2 * margin)} {f(height - 2 * margin - 12)}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="mw-map" class="mw-map" viewBox="0 0 {f(width)} {f(height)}" '
            f'data-mw-board="{board}" data-mw-overview="#mw-hexes" role="group" aria-label="{xml_attr(name)}: map">'
            + "".join(body) + "</svg>\n")


def mix(colour: str, tint: str, keep: float) -> str:
    """`colour` (#rrggbb) with `keep` of `tint` mixed in (a country's tint over terrain)."""
    try:
        a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
        b = [int(tint[i:i + 2], 16) for i in (1, 3, 5)]
    except ValueError:
        return colour
    return "#" + "".join(f"{round(x + (y - x) * keep):02x}" for x, y in zip(a, b))


def draw_units(game: HexGame, pos: Position, hexes: set[str], size: float, ox: float, oy: float,
               labels: bool = False, least: float = 0.0) -> list[str]:
    """Counters side by side in their hexes (when `labels`, numbered where the position
    holds more than one unit of a side and type, as the example's text names them); with
    `least`, counters large enough for their text to be at least that."""
    grid = game.map.grid
    marks = {uid: mark for uid, (_, mark) in unit_labels(game, pos.units.values()).items()} if labels else {}
    by_hex: dict[str, list[Unit]] = {}
    for u in sorted(pos.units.values(), key=lambda u: u.id):
        by_hex.setdefault(u.hex, []).append(u)
    s = max(size * 0.36, least / COUNTER_TEXT)
    out = []
    for h, units in sorted(by_hex.items()):
        if h not in hexes:
            continue
        cx, cy = grid.center(h, size)
        n = len(units)
        for i, u in enumerate(units):
            dx = (i - (n - 1) / 2) * s * 1.05
            out.append(counter(game, u, cx + ox + dx, cy + oy, s, label=marks.get(u.id, ""), least=least))
    return out


def thumbnail_svg(game: HexGame, size: float = 6.0) -> str:
    """A small picture of the map: terrain and home countries only."""
    grid = game.map.grid
    width = (grid.columns - 1) * size * math.sqrt(3) / 2 + 2 * size / math.sqrt(3)
    height = grid.rows * size + size / 2
    ox, oy = size / math.sqrt(3), size / 2
    body = []
    for h in grid.all_hexes():
        t = game.map.terrain.get(h, "prohibited")
        fill = TERRAIN_FILL.get(t, "#fff")
        if t == "clear" and game.map.country.get(h):
            fill = lighten(side_colour(game, game.map.country[h]), 0.15)
        body.append(f'<polygon points="{hex_points(grid, h, size, ox, oy)}" fill="{fill}" stroke="none"/>')
    return svg_document(width, height, body, unit="px", title=f"{game.source.meta['title']}: map")


def example_figure(game: HexGame, pos: Position, focus: list[str], *, path: list[str] = (), arrows: list[tuple[str, str]] = (),
                   shaded: list[str] = (), marked: dict[str, str] | None = None, gmap=None, size: float = 60.0) -> str:
    """An SVG drawing of the hexes around an example, with units, a path, attack arrows
    and shaded (e.g. enemy-controlled) hexes. Units: px.

    Framed by render/legible.py's rule: the focus hexes and part of each neighbour, and
    text (counters included) large enough to read in a phone's column."""
    gmap = gmap or game.map
    grid = gmap.grid
    hexes = set()
    for h in focus:
        if grid.contains(h):
            hexes.update(grid.within(h, 1))
    if not hexes:
        return ""
    cs = [grid.center(h, size) for h in hexes]
    minx, miny = min(c[0] for c in cs), min(c[1] for c in cs)
    r = size / math.sqrt(3)
    ox, oy = -minx + r + 4, -miny + size / 2 + 4
    centres = [(x + ox, y + oy) for x, y in (grid.center(h, size) for h in focus if grid.contains(h))]
    # the widest frame whose counters (their text at the rule's smallest) still fit a hex
    widest = legible.TEXT_SPAN * COUNTER_TEXT * COUNTER_MOST * size
    margin = size * 0.75   # the focus hexes whole and a strip of each neighbour
    frames = [legible.frame(band, margin, (0.0, 0.0, math.inf, math.inf), min_width=size * 1.8)
              for band in legible.bands(centres, widest - 2 * margin)]
    width = max(x1 - x0 for x0, _, x1, _ in frames)
    least = legible.smallest_text(width)
    ordered = sorted(hexes)
    body = []
    body += draw_hexes(game, ordered, size, ox, oy, gmap=gmap, least=least)
    for h in sorted(shaded):
        if h in hexes:
            body.append(f'<polygon points="{hex_points(grid, h, size, ox, oy)}" fill="#e0a000" fill-opacity="0.28" stroke="none"/>')
    body += draw_hexsides(game, hexes, size, ox, oy, gmap=gmap)
    body += draw_places(game, hexes, size, ox, oy, least=least)
    for h, text in sorted((marked or {}).items()):
        if h in hexes:
            cx, cy = grid.center(h, size)
            body.append(f'<text x="{f(cx + ox)}" y="{f(cy + oy + size * 0.42)}" font-size="{f(max(size * 0.15, least))}" '
                        f'text-anchor="middle" font-family="sans-serif" fill="#7a0000">{xml_text(text)}</text>')
    if path:
        pts = " ".join(f"{f(grid.center(h, size)[0] + ox)},{f(grid.center(h, size)[1] + oy)}" for h in path if grid.contains(h))
        body.append(f'<polyline points="{pts}" fill="none" stroke="#0a7d2c" stroke-width="{f(size * 0.05)}" '
                    f'stroke-dasharray="{f(size * 0.1)} {f(size * 0.05)}"/>')
    for a, b in arrows:
        (x1_, y1_), (x2_, y2_) = grid.center(a, size), grid.center(b, size)
        body.append(_attack_arrow(x1_ + ox, y1_ + oy, x2_ + ox, y2_ + oy, size))
    body += draw_units(game, pos, hexes, size, ox, oy, labels=True, least=least)
    drawing, width, height = legible.stack(frames, "".join(body), size * 0.15)
    banner = max(least, min(9.0, width / 26))
    out = [f'<rect width="{f(width)}" height="{f(height + banner * 2)}" fill="#fff"/>', drawing,
           estimated_banner(2, height + banner * 1.4, banner, "map and values: reconstruction (estimated)")]
    return svg_document(width, height + banner * 2, out, unit="px", title="worked example", min_font=least)


def _attack_arrow(x1: float, y1: float, bx: float, by: float, size: float) -> str:
    """An arrow from one hex centre 70 % of the way to another's (an `mw-arrow`, measured
    like the Diplomacy diagrams' arrows)."""
    x2, y2 = x1 + (bx - x1) * 0.7, y1 + (by - y1) * 0.7
    ang = math.atan2(y2 - y1, x2 - x1)
    hx1, hy1 = x2 - size * 0.12 * math.cos(ang - 0.5), y2 - size * 0.12 * math.sin(ang - 0.5)
    hx2, hy2 = x2 - size * 0.12 * math.cos(ang + 0.5), y2 - size * 0.12 * math.sin(ang + 0.5)
    return (f'<g class="mw-arrow"><path class="mw-shaft" d="M{f(x1)},{f(y1)} L{f(x2)},{f(y2)}" stroke="#b00000" '
            f'stroke-width="{f(size * 0.05)}"/><polygon class="mw-tip" data-x="{f(x2)}" data-y="{f(y2)}" '
            f'points="{f(x2)},{f(y2)} {f(hx1)},{f(hy1)} {f(hx2)},{f(hy2)}" fill="#b00000"/></g>')
