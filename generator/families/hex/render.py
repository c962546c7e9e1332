"""The hex map, positions, example figures and NATO unit symbols, as render's view models
(generator.render builds the SVG and escapes what content says). Numbers are written with
one decimal (HEX_NUMBERS) so output is stable. Side colours come from map.yaml `sides`
(schema-checked #rrggbb values)."""
from __future__ import annotations

import math

from ...render import (TEXT_SPAN, Circle, Fixed, Fragment, Group, Length, Line, Numbers, Path, Polygon, Polyline, Rect,
                       Svg, Text, bands, frame, lighten, mix, paint, smallest_text, stack, to_svg)
from .grid import Grid
from .model import HexGame, Position, Unit
from .naming import unit_labels

TERRAIN_FILL = {"clear": "#f3efd8", "rough": "#c9b48a", "swamp": "#a9c9a0", "sea": "#9cc3e6",
                "lake": "#b5d6f2", "prohibited": "#bdbdbd"}
NEUTRAL = "#777777"
RIVER_STYLE = {"river": ("#2f6fb5", 1.6), "great-river": ("#1f4f95", 3.2)}
HEX_NUMBERS = Numbers(places=1, trim=False)   # every float with one decimal: 12.0, 3.5
SANS = "sans-serif"


def f(x: float) -> str:
    """A number in path data, as HEX_NUMBERS writes it."""
    return f"{x:.1f}"


def side_colour(game: HexGame, side_id: str) -> str:
    s = game.map.side(side_id)
    return s.colour if s else NEUTRAL


def counter_fill(game: HexGame, side_id: str) -> str:
    s = game.map.side(side_id)
    return s.counter_colour if s else "#eeeeee"


COUNTER_TEXT = 0.13   # a counter's smallest text (DISR), in counter widths
COUNTER_MOST = 0.6    # a worked example's counters at most this many hex heights wide


def hex_points(grid: Grid, hex_id: str, size: float, ox: float, oy: float) -> tuple:
    cx, cy = grid.center(hex_id, size)
    return tuple((x + ox, y + oy) for x, y in Grid.corners(cx, cy, size))


def _cross(x: float, y: float, w: float, h: float, sw: float) -> Path:
    return Path(f"M{f(x)},{f(y)} L{f(x + w)},{f(y + h)} M{f(x + w)},{f(y)} L{f(x)},{f(y + h)}",
                paint(stroke="#000", stroke_width=sw, fill="none"))


def nato_symbol(kind: str, arm: str, size: str, x: float, y: float, w: float, h: float, variant_id: str = "",
                least: float = 0.0) -> Fragment:
    """A NATO-style unit symbol: frame, branch mark, size mark above (its text at least `least`)."""
    sw = max(0.3, w / 40)
    ink = paint(fill="none", stroke="#000", stroke_width=sw)
    if arm == "fort":
        # a fortification: a crenellated line (no frame)
        steps = 6
        pts = tuple((x + w * (0.1 + 0.8 * i / steps), y + h * (0.45 if i % 2 else 0.65)) for i in range(steps + 1))
        return Fragment((Polyline(pts, ink),))
    out: list = [Rect(x, y, w, h, attrs=ink)]
    line = paint(stroke="#000", stroke_width=sw, fill="none")
    if arm in ("infantry", "mixed") and "airborne" not in variant_id:
        out.append(_cross(x, y, w, h, sw))
    if arm in ("armour", "mixed"):
        out.append(Rect(x + w * 0.2, y + h * 0.25, w * 0.6, h * 0.5, h * 0.25, ink))
    if "airborne" in variant_id:
        out.append(_cross(x, y, w, h, sw))
        out.append(Path(f"M{f(x + w * 0.3)},{f(y + h * 0.8)} Q{f(x + w * 0.4)},{f(y + h * 0.6)} {f(x + w * 0.5)},{f(y + h * 0.8)} "
                        f"Q{f(x + w * 0.6)},{f(y + h * 0.6)} {f(x + w * 0.7)},{f(y + h * 0.8)}", line))
    if "marine" in variant_id:
        out.append(Path(f"M{f(x + w * 0.15)},{f(y + h * 0.85)} q{f(w * 0.12)},{f(-h * 0.12)} {f(w * 0.23)},0 "
                        f"t{f(w * 0.23)},0 t{f(w * 0.23)},0", line))
    marks = {"corps": "XXX", "division": "XX", "brigade": "X"}.get(size, "")
    if marks:
        out.append(Text(x + w / 2, y - h * 0.08, marks,
                        paint(font_size=max(h * 0.35, least), text_anchor="middle", font_family=SANS)))
    return Fragment(tuple(out))


def counter_face(s: float, cx: float, cy: float, fill: str) -> Rect:
    """A counter's square, `s` wide and centred on (cx, cy), in `fill`."""
    return Rect(cx - s / 2, cy - s / 2, s, s, s * 0.08, paint(fill=fill, stroke="#222", stroke_width=s * 0.03))


def counter(game: HexGame, unit: Unit, cx: float, cy: float, s: float, label: str = "", *,
            side_band: bool = False, least: float = 0.0) -> Group:
    """A unit counter `s` wide centred on (cx, cy); disrupted: its face-down side, grey (with
    `side_band`, a strip of its side's colour along the top, for a printed counter's back).
    No text on it smaller than `least` (a worked example's figure: see render/legible.py)."""
    t = game.unit_type(unit)
    x, y = cx - s / 2, cy - s / 2
    fill = counter_fill(game, unit.side) if not unit.disrupted else "#dddddd"
    out: list = [counter_face(s, cx, cy, fill)]
    if unit.disrupted and side_band:
        out.append(Rect(x + s * 0.1, y + s * 0.92, s * 0.8, s * 0.05, attrs=paint(fill=side_colour(game, unit.side))))
    out.append(nato_symbol(t.id, t.arm, t.size, x + s * 0.25, y + s * 0.3, s * 0.5, s * 0.32, t.id, least))
    values = f"{t.strength.value}-{t.movement.value}" if t.arm != "fort" else f"{t.strength.value}"
    out.append(Text(cx, y + s * 0.9, values, paint(font_size=max(s * 0.2, least), text_anchor="middle", font_family=SANS)))
    if unit.disrupted:
        # in the top corner, clear of the size mark above the symbol
        out.append(Text(x + s * 0.06, y + s * 0.17, "DISR",
                        paint(font_size=max(s * 0.13, least), font_family=SANS, fill="#a00")))
    if label:
        out.append(Text(cx, y - s * 0.05, label,
                        paint(font_size=max(s * 0.16, least), text_anchor="middle", font_family=SANS)))
    return Group(tuple(out))


def draw_hexes(game: HexGame, hexes: list[str], size: float, ox: float, oy: float, *,
               labels: bool = True, tint: bool = True, gmap=None, least: float = 0.0) -> list:
    gmap = gmap or game.map
    grid = gmap.grid
    out: list = []
    for h in hexes:
        t = gmap.terrain.get(h, "prohibited")
        out.append(Polygon(hex_points(grid, h, size, ox, oy),
                           paint(fill=TERRAIN_FILL.get(t, "#fff"), stroke="#8a8a7a", stroke_width=size * 0.02)))
        c = gmap.country.get(h)
        if tint and c:
            out.append(Polygon(hex_points(grid, h, size, ox, oy),
                               paint(fill=side_colour(game, c), fill_opacity="0.07", stroke="none")))
        if labels:
            cx, cy = grid.center(h, size)
            out.append(Text(cx + ox, cy + oy - size * 0.3, h, paint(font_size=max(size * 0.16, least), text_anchor="middle",
                                                                    font_family=SANS, fill="#555")))
    return out


def draw_hexsides(game: HexGame, hexes: set[str], size: float, ox: float, oy: float, gmap=None) -> list:
    gmap = gmap or game.map
    grid = gmap.grid
    out: list = []
    for (a, b), feats in sorted(gmap.hexsides.items()):
        if a not in hexes and b not in hexes:
            continue
        (x1, y1), (x2, y2) = grid.shared_edge(a, b, size)
        seg = (x1 + ox, y1 + oy, x2 + ox, y2 + oy)
        if "border" in feats:
            out.append(Line(*seg, paint(stroke="#000", stroke_width=size * 0.08,
                                        stroke_dasharray=(size * 0.12, size * 0.06))))
        for kind in ("great-river", "river"):
            if kind in feats:
                colour, width = RIVER_STYLE[kind]
                out.append(Line(*seg, paint(stroke=colour, stroke_width=size * width / 40, stroke_linecap="round")))
        if "blocked" in feats:
            out.append(Line(*seg, paint(stroke="#6b2d0c", stroke_width=size * 0.1)))
        if "sea" in feats or "lake" in feats:
            out.append(Line(*seg, paint(stroke="#9cc3e6", stroke_width=size * 0.1)))
        if "bridge" in feats:
            mx, my = (x1 + x2) / 2 + ox, (y1 + y2) / 2 + oy
            out.append(Rect(mx - size * 0.07, my - size * 0.07, size * 0.14, size * 0.14,
                            attrs=paint(fill="#fff", stroke="#000", stroke_width=size * 0.02)))
    return out


def draw_places(game: HexGame, hexes: set[str], size: float, ox: float, oy: float, names: bool = True,
                least: float = 0.0) -> list:
    grid = game.map.grid
    out: list = []
    for c in sorted(game.map.cities.values(), key=lambda c: c.id):
        if c.hex not in hexes:
            continue
        cx, cy = grid.center(c.hex, size)
        r = size * (0.14 if c.capital else 0.1)
        out.append(Rect(cx + ox - r, cy + oy - r, 2 * r, 2 * r, attrs=paint(fill="#222")) if c.capital
                   else Circle(cx + ox, cy + oy, r, paint(fill="#222")))
        if names:
            out.append(Text(cx + ox, cy + oy + size * 0.36, c.name,
                            paint(font_size=max(size * 0.19, least), text_anchor="middle", font_family=SANS,
                                  font_weight="bold")))
    for r in sorted(game.map.resource_centres.values(), key=lambda r: r.id):
        if r.hex not in hexes:
            continue
        cx, cy = grid.center(r.hex, size)
        s = size * 0.12
        x, y = cx + ox + size * 0.22, cy + oy
        out.append(Polygon(((x, y - s), (x + s, y), (x, y + s), (x - s, y)),
                           paint(fill="#d4a017", stroke="#000", stroke_width=size * 0.015)))
    return out


def estimated_banner(x: float, y: float, size: float, text: str) -> Text:
    x, y, size = float(x), float(y), float(size)
    return Text(x, y, text, paint(font_size=size, font_family=SANS, fill="#a00", font_weight="bold"))


def svg_document(width: float, height: float, body: list, *, unit: str = "mm", title: str = "",
                 print_scale: float | None = None, min_font: float | None = None) -> str:
    """`print_scale`: the scale the document must print at (data-print-scale; tiled if larger than the paper);
    `min_font`: its smallest text (data-min-font, for render/figure.py)."""
    width, height = float(width), float(height)
    root = paint(width=Length(width, unit), height=Length(height, unit), viewBox=(0, 0, width, height),
                 data_print_scale=f"{print_scale:g}" if print_scale else None,
                 data_min_font=min_font or None)
    return to_svg(Svg(tuple(body), root, title=title, numbers=HEX_NUMBERS))


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
    body: list = [Rect(None, None, width, height, attrs=paint(fill="#fff"))]
    body += draw_hexes(game, hexes, size, ox, oy)
    body += draw_hexsides(game, set(hexes), size, ox, oy)
    body += draw_places(game, set(hexes), size, ox, oy)
    if pos is not None:
        body += draw_units(game, pos, set(hexes), size, ox, oy)
    name = game.source.meta["title"]
    if title:
        body.append(Text(margin, margin + 11, title, paint(font_size=5, font_family=SANS)))
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
    groups: dict[tuple[str, str], list[Path]] = {}
    numbers = []
    for h in hexes:
        cx, cy = grid.center(h, size)
        t = m.terrain.get(h, "prohibited")
        fill = TERRAIN_FILL.get(t, "#ffffff")
        if m.country.get(h) and t not in ("sea", "lake", "prohibited"):
            fill = mix(fill, side_colour(game, m.country[h]), 0.12)
        name, kind, facts = hex_facts(game, h)
        groups.setdefault((fill, kind), []).append(
            Path(f"M{short(cx + ox + r)},{short(cy + oy)}{outline}", paint(data_prov=h, data_name=name or None,
                                                                         data_facts=facts or None)))
        numbers.append(Text(_short(cx + ox), _short(cy + oy - size * 0.3), h))
    cells = tuple(Group(tuple(paths), paint(fill=c, data_kind=k)) for (c, k), paths in sorted(groups.items()))
    body: list = [Rect(None, None, width, height, attrs=paint(fill="#fff")),
                  Group(cells, paint(id="mw-hexes", stroke="#8a8a7a", stroke_width=size * 0.02)),
                  Group((*draw_hexsides(game, set(hexes), size, ox, oy), *draw_places(game, set(hexes), size, ox, oy)),
                        paint(pointer_events="none")),
                  Group(tuple(numbers), paint(class_="mw-labels", font_size=size * 0.16, text_anchor="middle",
                                              font_family=SANS, fill="#555", pointer_events="none"))]
    name = game.source.meta["title"]
    if m.source.estimated:
        body.append(estimated_banner(margin, margin + 5, 6, f"{name} - RECONSTRUCTED map (source: estimated): "
                                     f"not the published map; {m.hex_km:g} km hexes"))
    root = paint(id="mw-map", class_="mw-map", viewBox=(0, 0, width, height),
                 data_mw_board=(margin, margin + 12, width - 2 * margin, height - 2 * margin - 12),
                 data_mw_overview="#mw-hexes", role="group", aria_label=f"{name}: map")
    return to_svg(Svg(tuple(body), root, numbers=HEX_NUMBERS))


def _short(x: float) -> int | Fixed:
    """A coordinate as short() writes it (one decimal, none when it is whole)."""
    return int(short(x)) if "." not in short(x) else Fixed(x, 1)


def draw_units(game: HexGame, pos: Position, hexes: set[str], size: float, ox: float, oy: float,
               labels: bool = False, least: float = 0.0) -> list:
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
            fill = lighten(side_colour(game, game.map.country[h]), 0.85)   # 15 % of the country's colour
        body.append(Polygon(hex_points(grid, h, size, ox, oy), paint(fill=fill, stroke="none")))
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
    widest = TEXT_SPAN * COUNTER_TEXT * COUNTER_MOST * size
    margin = size * 0.75   # the focus hexes whole and a strip of each neighbour
    frames = [frame(band, margin, (0.0, 0.0, math.inf, math.inf), min_width=size * 1.8)
              for band in bands(centres, widest - 2 * margin)]
    width = max(x1 - x0 for x0, _, x1, _ in frames)
    least = smallest_text(width)
    ordered = sorted(hexes)
    body: list = []
    body += draw_hexes(game, ordered, size, ox, oy, gmap=gmap, least=least)
    for h in sorted(shaded):
        if h in hexes:
            body.append(Polygon(hex_points(grid, h, size, ox, oy), paint(fill="#e0a000", fill_opacity="0.28", stroke="none")))
    body += draw_hexsides(game, hexes, size, ox, oy, gmap=gmap)
    body += draw_places(game, hexes, size, ox, oy, least=least)
    for h, text in sorted((marked or {}).items()):
        if h in hexes:
            cx, cy = grid.center(h, size)
            body.append(Text(cx + ox, cy + oy + size * 0.42, text, paint(font_size=max(size * 0.15, least), text_anchor="middle",
                                                                          font_family=SANS, fill="#7a0000")))
    if path:
        pts = tuple((grid.center(h, size)[0] + ox, grid.center(h, size)[1] + oy) for h in path if grid.contains(h))
        body.append(Polyline(pts, paint(fill="none", stroke="#0a7d2c", stroke_width=size * 0.05,
                                        stroke_dasharray=(size * 0.1, size * 0.05))))
    for a, b in arrows:
        (x1_, y1_), (x2_, y2_) = grid.center(a, size), grid.center(b, size)
        body.append(_attack_arrow(x1_ + ox, y1_ + oy, x2_ + ox, y2_ + oy, size))
    body += draw_units(game, pos, hexes, size, ox, oy, labels=True, least=least)
    drawing, width, height = stack(frames, body, size * 0.15)
    banner = max(least, min(9.0, width / 26))
    out = [Rect(None, None, width, height + banner * 2, attrs=paint(fill="#fff")), *drawing,
           estimated_banner(2, height + banner * 1.4, banner, "map and values: reconstruction (estimated)")]
    return svg_document(width, height + banner * 2, out, unit="px", title="worked example", min_font=least)


def _attack_arrow(x1: float, y1: float, bx: float, by: float, size: float) -> Group:
    """An arrow from one hex centre 70 % of the way to another's (an `mw-arrow`, measured
    like the Diplomacy diagrams' arrows)."""
    x2, y2 = x1 + (bx - x1) * 0.7, y1 + (by - y1) * 0.7
    ang = math.atan2(y2 - y1, x2 - x1)
    hx1, hy1 = x2 - size * 0.12 * math.cos(ang - 0.5), y2 - size * 0.12 * math.sin(ang - 0.5)
    hx2, hy2 = x2 - size * 0.12 * math.cos(ang + 0.5), y2 - size * 0.12 * math.sin(ang + 0.5)
    shaft = Path(f"M{f(x1)},{f(y1)} L{f(x2)},{f(y2)}", paint(class_="mw-shaft", stroke="#b00000", stroke_width=size * 0.05))
    tip = Polygon(((x2, y2), (hx1, hy1), (hx2, hy2)), paint(class_="mw-tip", data_x=x2, data_y=y2, fill="#b00000"))
    return Group((shaft, tip), paint(class_="mw-arrow"))
