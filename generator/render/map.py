"""The map renderer: provinces, centres, units, labels, border kinds, title and legend.

`render_map(view, options)` draws a whole board (or a cropped part of it) as one SVG.
Order diagrams reuse `MapCanvas` and add their own layers. Sizes are derived from how
densely the label points sit, so a 75-province and a 700-province board both read well.
"""
from __future__ import annotations

import math
import operator
import statistics
from dataclasses import dataclass, field

from . import geometry as geo
from . import legible
from .mapview import MapView, ProvinceView
from .svg import (colour, document, el, esc, group, hatch_pattern, ink_on, lighten, num,
                  path_from_pieces, polyline_d, text, text_width, wrap)

LAND = "#efe3c2"
SEA = "#bcd6ec"
LAKE = "#9cc7e6"
IMPASSABLE = "#8f8f8f"
STROKE = "#3a3a3a"
RIVER = "#2b6cb0"
BRIDGE = "#7a4a1e"
CROSSING = "#333333"
OFFBOARD = "#6f6f6f"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
# How far above its province's name a unit sits, in unit radii: the token (radius 1) clears
# the name's cap height (0.37 font above the label point), so a name is never under a unit.
UNIT_LIFT = 1.5
_POWER = operator.attrgetter("power")
UI_SMALL = 0.85        # subtitle, legend captions: this many times the title and key text
PRINT_KEY_FONT = 1.4   # printed maps: title and key text at most this many times the labels


@dataclass(frozen=True)
class UnitView:
    """A unit as its family read it: whose, army ("A") or fleet ("F"), and where (a
    location the view resolves, e.g. "STP/NC"). Render reads no unit text."""
    power: str
    kind: str
    location: str


@dataclass
class MapOptions:
    owners: dict[str, str] | None = None          # province id -> power: fills land in its colour
    units: tuple[UnitView, ...] = ()              # drawn in the order given, grouped by power
    dislodged: tuple[UnitView, ...] = ()          # drawn offset beside their province
    centers: dict[str, list[str]] | None = None   # power -> centre provinces (marker colour)
    interactive: bool = False                      # ids and data-* for mapwright-map.js
    print_mode: bool = False                       # hatching for black-and-white printing
    title: str | None = None
    subtitle: str = ""
    legend: bool = True
    labels: bool = True
    crop: list[str] | None = None                  # provinces to frame (viewBox)
    frame_points: list[tuple[float, float]] | None = None   # or: points to frame (wins over crop)
    places: dict[str, tuple[float, float]] | None = None    # province id -> where its unit is drawn
                                                   # (a province drawn in several places)
    powers_link: str | None = None                 # URL of the powers page, for the legend
    unit_mm: float | None = None                   # if set: width/height in mm at this many mm per map unit


@dataclass
class Metrics:
    font: float
    unit: float
    stroke: float
    ui_font: float   # title and legend

    @classmethod
    def of(cls, view: MapView, frame_width: float) -> "Metrics":
        pts = [p.label for p in view.provinces.values()]
        nn = _median_nearest(pts) or 60.0
        font = max(4.0, min(16.0, nn * 0.26))
        ui = max(font * 0.8, min(60.0, frame_width / 60))
        return cls(font=font, unit=font * 0.95, stroke=max(0.5, font * 0.07), ui_font=ui)


    def legible(self, width: float) -> "Metrics":
        """These sizes, raised (units and strokes with the text) so that the smallest text
        of a drawing `width` wide reads on a phone (legible.py)."""
        least = legible.smallest_text(width)
        k = max(1.0, least / self.font)
        return Metrics(font=self.font * k, unit=self.unit * k, stroke=self.stroke * k,
                       ui_font=max(self.ui_font, least / UI_SMALL))


def _median_nearest(pts) -> float:
    """Median distance from a sample of the points to their nearest other point.

    Every map and order diagram asks this of the same label points several times, so the
    answer is cached per point set; the nearest point is found on a grid (linear time
    instead of quadratic) with the same arithmetic, so the result is the same float."""
    if len(pts) < 2:
        return 0.0
    key = tuple((p[0], p[1]) for p in pts)
    cached = _NEAREST_CACHE.get(key)
    if cached is None:
        if len(_NEAREST_CACHE) >= 16:
            _NEAREST_CACHE.pop(next(iter(_NEAREST_CACHE)))
        cached = _NEAREST_CACHE[key] = _median_nearest_uncached(key)
    return cached


_NEAREST_CACHE: dict[tuple, float] = {}


def _median_nearest_uncached(pts) -> float:
    step = max(1, len(pts) // 200)   # a sample is enough for a typical spacing
    nearest = _nearest_on_grid if len(pts) > 32 and all(
        math.isfinite(c) for p in pts for c in p) else _nearest_brute
    d = [math.sqrt(nearest(pts, i)) for i in range(0, len(pts), step)]
    return statistics.median(d) if d else 0.0


def _nearest_brute(pts, i) -> float:
    """Squared distance from pts[i] to the nearest point other than itself and its copies."""
    px, py = pts[i]
    return min(((qx - px) ** 2 + (qy - py) ** 2 for j, (qx, qy) in enumerate(pts) if j != i
                and (qx, qy) != (px, py)), default=0.0)


def _nearest_on_grid(pts, i) -> float:
    """`_nearest_brute`, searching grid cells ring by ring around pts[i]."""
    grid, x0, y0, size, cols, rows = _grid_of(pts)
    px, py = pts[i]
    cx, cy = int((px - x0) / size), int((py - y0) / size)
    best = math.inf
    for r in range(max(cols, rows) + 1):
        # points outside rings 0..r are at least (r - 1) * size away even if binned one
        # cell off by rounding: stop once nothing unseen can be nearer
        if r >= 2 and best <= ((r - 1) * size) ** 2:
            break
        for gx in range(cx - r, cx + r + 1):
            for gy in ((cy - r, cy + r) if abs(gx - cx) != r else range(cy - r, cy + r + 1)):
                for j in grid.get((gx, gy), ()):
                    qx, qy = pts[j]
                    if j != i and (qx, qy) != (px, py):
                        dist = (qx - px) ** 2 + (qy - py) ** 2
                        if dist < best:
                            best = dist
    return best if best != math.inf else 0.0


_GRID_CACHE: list = [None, None]   # (points, grid) of the last point set


def _grid_of(pts):
    if _GRID_CACHE[0] is not pts:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        x0, y0 = min(xs), min(ys)
        w, h = max(xs) - x0, max(ys) - y0
        size = max(math.sqrt(max(w * h, w * w, h * h, 1e-12) / len(pts)), 1e-9)
        grid: dict[tuple[int, int], list[int]] = {}
        for j, (x, y) in enumerate(pts):
            grid.setdefault((int((x - x0) / size), int((y - y0) / size)), []).append(j)
        _GRID_CACHE[:] = [pts, (grid, x0, y0, size, int(w / size) + 1, int(h / size) + 1)]
    return _GRID_CACHE[1]


@dataclass
class LegendItem:
    key: str       # sort/dedupe key
    swatch: str    # markup drawn in a unit box centred at (0, 0), size ~1 ui font
    label: str
    href: str | None = None   # the label links there


class LayerMemo:
    """Base layers drawn, by everything they read (MapCanvas._kept): serve keeps one
    process across edits. Bounded by count and by markup (the bundled games draw ~730
    layers, 3.6 MB); the least recently drawn go first."""

    def __init__(self, count: int = 1024, chars: int = 64_000_000):
        self.count, self.chars = count, chars
        self.kept: dict[tuple, tuple[str, list]] = {}
        self.size = 0

    def take(self, key):
        """The layer kept for `key` (None if none), now the most recently used."""
        kept = self.kept.pop(key, None)
        if kept is not None:
            self.kept[key] = kept
        return kept

    def put(self, key, kept: tuple[str, list]) -> None:
        self.kept[key] = kept
        self.size += len(kept[0])
        while len(self.kept) > 1 and (len(self.kept) > self.count or self.size > self.chars):
            self.size -= len(self.kept.pop(next(iter(self.kept)))[0])

    def clear(self) -> None:
        self.kept.clear()
        self.size = 0


LAYERS = LayerMemo()

_LINK_ENDS = operator.attrgetter("a", "b")
_LINK_ORDER = operator.attrgetter("a", "b", "kind")


class MapCanvas:
    """Draws the layers of one map; callers add overlays and legend items, then `finish()`."""

    def __init__(self, view: MapView, options: MapOptions | None = None):
        self.view = view
        self.o = options or MapOptions()
        self._cells = None
        self.frame = self._frame()
        self.m = Metrics.of(view, self.frame[2] - self.frame[0])
        if self.o.crop or self.o.frame_points:   # a diagram: text that reads in the page's column
            self.m = self.m.legible(self.frame[2] - self.frame[0])
        if self.o.print_mode:   # on paper the key is read up close: a little above the labels
            self.m.ui_font = min(self.m.ui_font, self.m.font * PRINT_KEY_FONT)
        self.visible = self._visible()
        self.layers: list[str] = []
        self.overlays: list[str] = []
        self.legend: dict[str, LegendItem] = {}
        self.defs: list[str] = []
        self.schematic = not view.has_outlines

    # ------------------------------------------------------------------ frame and cells
    def _frame(self):
        v = self.view
        if not self.o.crop and not self.o.frame_points:
            return (0.0, 0.0, float(v.width), float(v.height))
        xs, ys = [], []
        if self.o.frame_points:
            xs = [float(pt[0]) for pt in self.o.frame_points]
            ys = [float(pt[1]) for pt in self.o.frame_points]
        for loc in () if self.o.frame_points else self.o.crop:
            r = v.resolve(loc)
            if not r:
                continue
            p = v.provinces[r[0]]
            xs.append(p.label[0])
            ys.append(p.label[1])
        if not xs:
            return (0.0, 0.0, float(v.width), float(v.height))
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        nn = _median_nearest([p.label for p in v.provinces.values()]) or 40.0
        pad = max(span * 0.18, nn * 1.3, 30)
        # never so tight that a diagram is all markers
        x0, y0, x1, y1 = legible.frame(list(zip(xs, ys)), pad, (-math.inf, -math.inf, math.inf, math.inf),
                                       min_width=nn * 7)
        # keep a pleasant aspect ratio between 4:3 landscape and 3:4 portrait
        w, h = x1 - x0, y1 - y0
        if w < h * 0.75:
            grow = (h * 0.75 - w) / 2
            x0, x1 = x0 - grow, x1 + grow
        elif h < w * 0.6:
            grow = (w * 0.6 - h) / 2
            y0, y1 = y0 - grow, y1 + grow
        return (max(x0, 0.0), max(y0, 0.0), min(x1, float(v.width)), min(y1, float(v.height)))

    def _visible(self) -> list[ProvinceView]:
        x0, y0, x1, y1 = self.frame
        out = []
        boxes = self.view.bboxes   # the view's, once: a board's diagrams crop the same outlines
        for pid in sorted(self.view.provinces):
            p = self.view.provinces[pid]
            cropped = bool(self.o.crop or self.o.frame_points)
            b = None
            if p.pieces or cropped:
                if pid not in boxes:
                    boxes[pid] = geo.bbox(self.pieces(p))
                b = boxes[pid]
            if b is None or not cropped:
                out.append(p)
            elif b[0] <= x1 and b[2] >= x0 and b[1] <= y1 and b[3] >= y0:
                out.append(p)
        return out

    def cells(self) -> dict[str, list[float]]:
        """Schematic cells for a board without outlines (see schematic.py)."""
        if self._cells is None:
            if self.view.cells is None:
                from .schematic import schematic_cells
                self.view.cells = schematic_cells(self.view)
            self._cells = self.view.cells
        return self._cells

    def pieces(self, p: ProvinceView) -> list[list[float]]:
        if p.pieces:
            return p.pieces
        if self.view.has_outlines:
            return []
        cell = self.cells().get(p.id)
        return [cell] if cell else []

    # ------------------------------------------------------------------ fills
    def fill_of(self, p: ProvinceView) -> str:
        owner = (self.o.owners or {}).get(p.id)
        if p.kind == "sea":
            return "url(#mw-sea)" if self.o.print_mode else SEA
        if p.kind == "lake":
            return "url(#mw-lake)" if self.o.print_mode else LAKE
        if p.kind == "impassable":
            return "url(#mw-impassable)"
        if owner:
            if self.o.print_mode:
                return f"url(#mw-pw-{self._power_index(owner)})"
            return lighten(self.view.power_colour(owner), 0.35)
        return LAND

    def _power_index(self, power: str) -> int:
        ids = sorted(self.view.powers)
        pid = self.view.power_id(power)
        return ids.index(pid) if pid in ids else 0

    def _defs(self) -> str:
        m = self.m
        s = max(3.0, m.font * 0.55)
        d = [hatch_pattern("mw-impassable", angle=45, spacing=s, stroke="#555555",
                           width=m.stroke, background="#c8c8c8", cross=True)]
        if self.o.print_mode:
            d.append(hatch_pattern("mw-sea", angle=90, spacing=s * 2.2, stroke="#9dbcd8",
                                   width=m.stroke * 0.6, background="#e8f1f9"))
            d.append(hatch_pattern("mw-lake", angle=90, spacing=s, stroke="#7fa7c9",
                                   width=m.stroke * 0.7, background="#d5e7f5"))
            angles = [45, -45, 0, 90, 30, -30, 60, -60, 15, -15, 75, -75]
            for i, pid in enumerate(sorted(self.view.powers)):
                c = self.view.powers[pid].color
                d.append(hatch_pattern(f"mw-pw-{i}", angle=angles[i % len(angles)],
                                       spacing=s * (1.2 + 0.5 * (i // len(angles) % 3)),
                                       stroke=mix_dark(c), width=m.stroke * 0.9,
                                       background=lighten(c, 0.55), cross=i >= 2 * len(angles)))
        d.extend(self.defs)
        return "".join(d)

    # ------------------------------------------------------------------ layers
    def decor_layer(self) -> str:
        """Flat-colour areas of the source map that are no province (insets, frames)."""
        if not self.view.decor or self.o.print_mode:
            return ""
        out = [el("path", d=path_from_pieces(rings), fill=c) for c, rings in self.view.decor]
        return group(out, class_="mw-decor", fill_rule="evenodd")

    def _kept(self, layer: str, inputs: tuple, draw) -> str:
        """`draw()` (a layer's markup; the legend items it adds), or what it gave last time
        for the same inputs: the view's fingerprint, the provinces shown, the sizes and
        what `inputs` adds of the options. After an edit that leaves the outlines alone
        (a power renamed) a board's maps and diagrams draw no outline again."""
        key = (layer, self.view.fingerprint(), tuple(p.id for p in self.visible),
               (self.m.font, self.m.unit, self.m.stroke, self.m.ui_font), inputs)
        kept = LAYERS.take(key)
        if kept is None:
            before = set(self.legend)
            markup = draw()
            kept = (markup, [(k, item) for k, item in self.legend.items() if k not in before])
            LAYERS.put(key, kept)
        else:
            for k, item in kept[1]:
                self.legend.setdefault(k, item)
        return kept[0]

    def province_layer(self) -> str:
        inputs = (self.o.interactive, self.o.print_mode, tuple(self.fill_of(p) for p in self.visible),
                  tuple((self.o.owners or {}).get(p.id) for p in self.visible) if self.o.interactive else ())
        return self._kept("provinces", inputs, self._province_layer)

    def _province_layer(self) -> str:
        order = {"sea": 0, "lake": 2, "impassable": 1}
        rows = sorted(self.visible, key=lambda p: (order.get(p.kind, 1), p.id))
        out = []
        neighbours = self._neighbour_index() if self.o.interactive else {}
        for p in rows:
            pieces = self.pieces(p)
            if not pieces:
                continue
            extra = {}
            if self.o.interactive:
                army, fleet = neighbours.get(p.id, ([], []))
                owner = (self.o.owners or {}).get(p.id) or ""
                extra = dict(id=f"prov-{p.id}", data_prov=p.id, data_abbr=p.abbr, data_name=p.name,
                             data_kind=p.kind, data_sc="1" if p.supply_center else None,
                             data_home=p.home or None, data_owner=owner or None,
                             data_army=" ".join(army), data_fleet=" ".join(fleet),
                             tabindex="-1", role="button",
                             aria_label=f"{p.name} ({p.abbr})")
            cls = f"mw-prov mw-{p.kind}"
            out.append(el("path", class_=cls, d=path_from_pieces(pieces), fill=self.fill_of(p),
                          **extra))
        stroke = dict(stroke=STROKE, stroke_width=num(self.m.stroke, 2), stroke_linejoin="round",
                      fill_rule="evenodd")
        if self.o.interactive:
            return group(out, id="mw-provinces", **stroke)
        return group(out, **stroke)

    def _neighbour_index(self):
        army: dict[str, set] = {}
        fleet: dict[str, set] = {}
        for link in self.view.links:
            pa, pb = link.a.split("/")[0], link.b.split("/")[0]
            if link.army:
                army.setdefault(pa, set()).add(pb)
                army.setdefault(pb, set()).add(pa)
            if link.fleet:
                fleet.setdefault(pa, set()).add(link.b)
                fleet.setdefault(pb, set()).add(link.a)
        return {pid: (sorted(army.get(pid, ())), sorted(fleet.get(pid, ())))
                for pid in self.view.provinces}

    def border_kind_layer(self) -> str:
        """Rivers along the shared border, bridges across it, other crossings as dashed links."""
        return self._kept("borders", (), self._border_kind_layer)

    def _border_kind_layer(self) -> str:
        out = []
        m = self.m
        visible = {p.id for p in self.visible}
        # the links touching what shows, then in order (a cropped diagram shows few)
        shown = [k for k in self.view.links if k.a.split("/")[0] in visible or k.b.split("/")[0] in visible]
        for link in sorted(shown, key=_LINK_ORDER):
            pa, pb = link.a.split("/")[0], link.b.split("/")[0]
            kind = link.kind.strip().lower()
            if not kind and self._crosses_water(link):
                kind = "crossing"
            if not kind or kind in ("normal", "land", "sea", "coast", "default", "corner", "sealane"):
                continue
            A, B = self.view.provinces.get(pa), self.view.provinces.get(pb)
            if A is None or B is None:
                continue
            qa, qb = self.view.point(link.a) or A.label, self.view.point(link.b) or B.label
            runs = geo.shared_boundary(A.pieces, B.pieces, max(2.0, m.stroke * 3)) if (
                A.pieces and B.pieces and kind in ("river", "bridge")) else []
            runs = [r for r in runs if geo.polyline_length(r) > m.font * 0.5]
            if kind == "river":
                if runs:
                    d = "".join(polyline_d(geo.simplify(r, 0.8) if len(r) > 5 else r) for r in runs)
                else:
                    d = _cross_segment(qa, qb, m.font * 1.2)
                out.append(el("path", d=d, fill="none", stroke=RIVER, stroke_width=num(m.stroke * 3.5, 2),
                              stroke_linecap="round", stroke_linejoin="round", class_="mw-river"))
                self.add_legend("border-river", el("path", d=f"M{-m.ui_font * .6:.1f} 0q{m.ui_font * .3:.1f} {-m.ui_font * .4:.1f} {m.ui_font * .6:.1f} 0t{m.ui_font * .6:.1f} 0",
                                                   fill="none", stroke=RIVER, stroke_width=num(m.ui_font * 0.18, 2)), "river")
            elif kind == "bridge":
                mid = geo.point_along(max(runs, key=geo.polyline_length), 0.5) if runs else (
                    (qa[0] + qb[0]) / 2, (qa[1] + qb[1]) / 2)
                out.append(_bridge(mid, qa, qb, m.font * 1.1, m.stroke * 2))
                self.add_legend("border-bridge", _bridge((0, 0), (-1, 0), (1, 0), self.m.ui_font, self.m.ui_font * 0.12),
                                "bridge")
            else:
                out.append(el("path", d=polyline_d([qa, qb]), fill="none", stroke=CROSSING,
                              stroke_width=num(m.stroke * 1.6, 2),
                              stroke_dasharray=f"{num(m.font * 0.5)} {num(m.font * 0.3)}",
                              class_=f"mw-crossing mw-{_css_token(kind)}"))
                u = self.m.ui_font
                self.add_legend(f"border-{kind}", el("path", d=f"M{-u * .7:.1f} 0H{u * .7:.1f}", stroke=CROSSING,
                                                      stroke_width=num(u * .12, 2),
                                                      stroke_dasharray=f"{num(u * .3)} {num(u * .2)}"),
                                kind.replace("_", " "))
        return group(out, class_="mw-borders") if out else ""

    def _crosses_water(self, link) -> bool:
        """An army border between provinces whose outlines do not touch (an island's
        crossing): drawn, or nobody would see it."""
        if not link.army or self.view.contacts is None:
            return False
        a, b = link.a.split("/")[0], link.b.split("/")[0]
        pa, pb = self.view.provinces.get(a), self.view.provinces.get(b)
        if pa is None or pb is None or not pa.pieces or not pb.pieces:
            return False
        if (min(a, b), max(a, b)) in self.view.contacts:
            return False
        if geo.shared_boundary(pa.pieces, pb.pieces, max(3.0, self.m.font * 0.6)):
            return False   # nearly touching: a separator line between them in the source image
        # far-apart pairs are links between map insets ("to SSK"): a line across the
        # whole board would mislead, so only short crossings are drawn
        return math.dist(pa.label, pb.label) <= self.m.font * 20

    def schematic_layer(self) -> str:
        """For boards without outlines: the adjacency graph over the schematic cells."""
        out = []
        m = self.m
        visible = {p.id for p in self.visible}
        shown = [k for k in self.view.links if k.a.split("/")[0] in visible or k.b.split("/")[0] in visible]
        for link in sorted(shown, key=_LINK_ENDS):
            qa = self.view.point(link.a)
            qb = self.view.point(link.b)
            if not qa or not qb:
                continue
            dash = None if link.army else f"{num(m.font * 0.4)} {num(m.font * 0.25)}"
            col = "#6b5a3a" if link.army else "#3f6f9f"
            out.append(el("path", d=polyline_d([qa, qb]), stroke=col, stroke_dasharray=dash,
                          stroke_width=num(m.stroke * 1.2, 2), fill="none"))
        u = m.ui_font
        self.add_legend("schem-army", el("path", d=f"M{-u * .7:.1f} 0H{u * .7:.1f}", stroke="#6b5a3a",
                                         stroke_width=num(u * .12, 2)), "adjacent (armies)")
        self.add_legend("schem-fleet", el("path", d=f"M{-u * .7:.1f} 0H{u * .7:.1f}", stroke="#3f6f9f",
                                          stroke_width=num(u * .12, 2),
                                          stroke_dasharray=f"{num(u * .3)} {num(u * .2)}"),
                        "adjacent (fleets only)")
        return group(out, class_="mw-schematic-links", opacity="0.8")

    def centre_point(self, p: ProvinceView) -> tuple[float, float]:
        w = text_width(p.abbr, self.m.font)
        return (p.label[0] - w / 2 - self.m.font * 0.55, p.label[1] - self.m.font * 0.35)

    def centre_layer(self) -> str:
        owner_of = {}
        for power, provs in sorted((self.o.centers or {}).items()):
            for c in provs:
                r = self.view.resolve(c)
                if r:
                    owner_of[r[0]] = power
        # each centre's fill, and whether a power owns it: all the layer reads of the options
        fills = {}
        for p in self.visible:
            if p.supply_center:
                owner = owner_of.get(p.id)
                if owner:
                    fills[p.id] = (self.view.power_colour(owner), True)
                elif p.neutral_colour:
                    fills[p.id] = (self.view.power_colour(p.neutral_colour), False)
                else:
                    fills[p.id] = ("#ffffff", False)
        return self._kept("centres", tuple(fills.values()), lambda: self._centre_layer(fills))

    def _centre_layer(self, fills: dict[str, tuple[str, bool]]) -> str:
        out = []
        m = self.m
        r = m.font * 0.42
        any_coloured = False
        for p in self.visible:
            if not p.supply_center:
                continue
            x, y = self.centre_point(p)
            fill, owned = fills[p.id]
            if p.neutral_colour and not owned:
                any_coloured = True
                out.append(el("rect", x=num(x - r * 1.5), y=num(y - r * 1.5), width=num(r * 3),
                              height=num(r * 3), fill="#ffffff", stroke="#000000",
                              stroke_width=num(m.stroke, 2)))
            out.append(el("circle", cx=num(x), cy=num(y), r=num(r), fill=fill, stroke="#000000",
                          stroke_width=num(m.stroke * 1.2, 2)))
            out.append(el("circle", cx=num(x), cy=num(y), r=num(r * 0.35), fill=ink_on(fill)))
        if out:
            u = self.m.ui_font
            self.add_legend("sc", el("circle", r=num(u * .4), fill="#ffffff", stroke="#000000", stroke_width=num(u * .08, 2))
                            + el("circle", r=num(u * .14), fill="#000000"), "supply centre")
        if any_coloured:
            u = self.m.ui_font
            self.add_legend("sc-coloured", el("rect", x=num(-u * .55), y=num(-u * .55), width=num(u * 1.1),
                                              height=num(u * 1.1), fill="#ffffff", stroke="#000000",
                                              stroke_width=num(u * .06, 2))
                            + el("circle", r=num(u * .36), fill="#b0b0b0", stroke="#000000",
                                 stroke_width=num(u * .06, 2)),
                            "neutral centre shown in a power's colour")
        return group(out, class_="mw-centres") if out else ""

    def label_layer(self) -> str:
        if not self.o.labels:
            return ""
        return self._kept("labels", (), self._label_layer)

    def _label_layer(self) -> str:
        out = []
        m = self.m
        for p in self.visible:
            x, y = p.label
            style = "italic" if p.is_water else None
            out.append(el("text", esc(p.abbr), x=num(x), y=num(y + m.font * 0.35),
                          font_style=style))
            # a piece drawn far from the label point (a sealane repeated across the board, an
            # inset) is labelled again; an island off its own coast is not (PCH thrice)
            for cx, cy in self.extra_spots(p):
                if math.hypot(cx - x, cy - y) < m.font * REPEAT_LABEL_FONTS:
                    continue
                out.append(el("text", esc(p.abbr), x=num(cx), y=num(cy + m.font * 0.35),
                              font_style=style, class_="mw-label-extra"))
        return group(out, class_="mw-labels", font_family=FONT, font_size=num(m.font),
                     text_anchor="middle", fill="#111111", pointer_events="none")

    def name_layer(self) -> str:
        """The provinces' names under their codes, for the interactive map (the viewer
        shows them once zoomed in enough to read them): only names whose box lies inside
        their province, so a name never runs over a neighbour's code."""
        return self._kept("names", (), self._name_layer)

    def _name_layer(self) -> str:
        size = self.m.font * NAME_SCALE
        out = []
        for p in self.visible:
            spot = name_spot(p, self.pieces(p), self.m.font, size)
            if spot is not None:
                out.append(el("text", esc(p.name), x=num(spot[0]), y=num(spot[1]),
                              font_style="italic" if p.is_water else None))
        return group(out, class_="mw-names", data_mw_scale=num(NAME_SCALE, 2), font_family=FONT,
                     font_size=num(size), text_anchor="middle", fill="#111111", pointer_events="none")

    def extra_spots(self, p: ProvinceView) -> list[tuple[float, float]]:
        return extra_spots(p, self.m.font)

    def base_point(self, loc: str) -> tuple[float, float] | None:
        """Where `loc` is in this drawing: the place chosen for its province (see
        MapOptions.places), else its coast or label point."""
        r = self.view.resolve(loc)
        if r is None:
            return None
        if not r[1] and self.o.places and r[0] in self.o.places:
            return self.o.places[r[0]]
        return self.view.point(loc)

    def unit_layer(self, units: tuple[UnitView, ...], *, dislodged=False, cls="mw-units") -> str:
        out = []
        for u in sorted(units, key=_POWER):     # stable: a power's units in the order given
            pt = self.base_point(u.location)
            if pt is None:
                continue
            if dislodged:
                pt = (pt[0] + self.m.unit * 0.9, pt[1] + self.m.unit * 0.9)
            else:
                pt = self.unit_point(u.location)
            out.append(self.unit_marker(u.kind, pt, u.power, dislodged=dislodged))
        if out:
            u = self.m.ui_font
            self.add_legend("unit-a", unit_shape("A", (0, 0), u * 0.55, "#ffffff", u * 0.08), "army")
            self.add_legend("unit-f", unit_shape("F", (0, 0), u * 0.55, "#ffffff", u * 0.08), "fleet")
        return group(out, class_=cls) if out else ""

    def unit_point(self, loc: str, base: tuple[float, float] | None = None) -> tuple[float, float]:
        """Units sit on the label point (or `base`, a point chosen in one of the
        province's pieces), nudged up so the name stays readable."""
        r = self.view.resolve(loc)
        pt = base or self.base_point(loc)
        if r and not r[1]:
            above = (pt[0], pt[1] - self.m.unit * UNIT_LIFT)
            below = (pt[0], pt[1] + self.m.unit * (UNIT_LIFT + 0.1))
            if pt[1] - self.m.unit * (UNIT_LIFT + 1) < 0:   # at the board's top edge: below the name
                return below
            # on a dense board the spot above may be a neighbour's name: then below, or beside
            # its own name, whichever is clear first
            aside = len(self.view.provinces[r[0]].abbr) * self.m.font * 0.31 + self.m.unit * 1.15
            for spot in (above, below, (pt[0] + aside, pt[1] - self.m.font * 0.1),
                         (pt[0] - aside, pt[1] - self.m.font * 0.1)):
                if not self._covers_a_name(spot, r[0]):
                    return spot
            return above
        return pt

    def _covers_a_name(self, pt, own: str) -> bool:
        """Whether a unit token at `pt` would hide another province's name."""
        reach = self.m.unit * 1.1
        half_h = self.m.font * 0.4
        for p in self.visible:
            if p.id == own:
                continue
            half_w = len(p.abbr) * self.m.font * 0.31
            x, y = p.label
            if abs(pt[0] - x) < half_w + reach and abs(pt[1] - y) < half_h + reach:
                return True
        return False

    def unit_marker(self, kind: str, pt, power: str, *, dislodged=False) -> str:
        c = self.view.power_colour(power)
        body = unit_shape(kind, pt, self.m.unit * (0.8 if dislodged else 1.0), c, self.m.stroke * 1.3)
        if dislodged:
            body += el("circle", cx=num(pt[0]), cy=num(pt[1]), r=num(self.m.unit * 1.05), fill="none",
                       stroke="#d40000", stroke_width=num(self.m.stroke * 2.2, 2),
                       stroke_dasharray=f"{num(self.m.unit * 0.35)} {num(self.m.unit * 0.2)}")
            u = self.m.ui_font
            self.add_legend("dislodged", unit_shape("A", (0, 0), u * 0.45, "#ffffff", u * 0.06) +
                            el("circle", r=num(u * 0.58), fill="none", stroke="#d40000",
                               stroke_width=num(u * .1, 2), stroke_dasharray=f"{num(u * .2)} {num(u * .12)}"),
                            "dislodged unit")
        return el("g", body, class_="mw-unit", data_power=self.view.power_id(power) or str(power))

    def add_legend(self, key: str, swatch: str, label: str, href: str | None = None) -> None:
        self.legend.setdefault(key, LegendItem(key, swatch, label, href))

    # ------------------------------------------------------------------ assembly
    def _terrain_legend(self):
        u = self.m.ui_font
        kinds = {p.kind for p in self.visible}
        names = {"land": ("land", LAND), "sea": ("sea", SEA), "lake": ("lake", LAKE),
                 "impassable": ("impassable", IMPASSABLE)}
        if "coast" in kinds:
            kinds.add("land")
        for k in ("land", "sea", "lake", "impassable"):
            if k in kinds:
                label, _ = names[k]
                p = ProvinceView(id="x", name="", abbr="", kind=k)
                fill = self.fill_of(p)
                self.add_legend(f"0-{k}", el("rect", x=num(-u * .6), y=num(-u * .45), width=num(u * 1.2),
                                             height=num(u * .9), fill=fill, stroke=STROKE,
                                             stroke_width=num(u * .05, 2)), label)

    def _power_legend(self):
        owners = set((self.o.owners or {}).values()) | {u.power for u in self.o.units} | {
            k for k, v in (self.o.centers or {}).items() if v}
        shown = sorted({self.view.power_id(o) or o for o in owners if o})
        u = self.m.ui_font
        if len(shown) > 14 and not self.o.print_mode:   # on paper: always the whole key
            if self.o.powers_link:
                self.add_legend("zz-powers", "", f"{len(shown)} powers: colours on the Powers page",
                                href=self.o.powers_link)
            else:
                self.add_legend("zz-powers", "", f"{len(shown)} powers: colours on this game's "
                                "Powers page")
            return
        for pid in shown:
            pw = self.view.powers.get(pid)
            name = pw.name if pw else pid
            fill = self.fill_of(ProvinceView(id="x", name="", abbr="", kind="land")) if False else None
            swatch_fill = (f"url(#mw-pw-{self._power_index(pid)})" if self.o.print_mode
                           else self.view.power_colour(pid))
            self.add_legend(f"zz-pw-{pid}", el("rect", x=num(-u * .6), y=num(-u * .45), width=num(u * 1.2),
                                               height=num(u * .9), fill=swatch_fill or fill, stroke=STROKE,
                                               stroke_width=num(u * .05, 2)), name)

    def finish(self, *, root_attrs: dict | None = None, caption: str = "") -> str:
        """Lay out title, map and legend, and return the SVG document."""
        if not self.layers:
            self.draw_base()
        self._terrain_legend()
        self._power_legend()
        x0, y0, x1, y1 = self.frame
        w = x1 - x0
        u = self.m.ui_font
        title = self.o.title if self.o.title is not None else self.view.title
        # a long title wraps rather than shrinks below the key's text
        title_size = max(min(u * 1.5, (w - u) / (max(len(title or ""), 1) * 0.62)), u)
        title_lines = wrap(title, title_size, w - u) if title else []
        sub = self.o.subtitle
        if self.schematic:
            sub = ("Schematic: no province outlines are available, so cells are drawn around "
                   "label points and lines join adjacent provinces." + (f" {sub}" if sub else ""))
        sub_lines = wrap(sub, u * 0.85, w - u) if sub else []
        top = (title_size * (1.6 + 1.2 * (len(title_lines) - 1)) if title else 0.0) + len(sub_lines) * u * 1.15 + (u * 0.5 if title or sub_lines else 0)
        legend_markup, legend_h = self._legend_block(x0, y1, w) if self.o.legend else ("", 0.0)
        cap_lines = wrap(caption, u * 0.85, w - u) if caption else []
        legend_h += len(cap_lines) * u * 1.15 + (u * 0.4 if cap_lines else 0)
        vb = (x0, y0 - top, w, (y1 - y0) + top + legend_h)
        body = [el("rect", x=num(vb[0]), y=num(vb[1]), width=num(vb[2]), height=num(vb[3]), fill="#ffffff")]
        if not self.schematic:   # what no province covers is off the board (the source maps' black)
            body.append(el("rect", x=num(x0), y=num(y0), width=num(w), height=num(y1 - y0),
                           fill="#d0d0d0" if self.o.print_mode else OFFBOARD, class_="mw-offboard"))
        body.append(el("g", "".join(self.layers), clip_path="url(#mw-frame)"))
        body.append(el("g", "".join(self.overlays), clip_path="url(#mw-frame)", class_="mw-overlay"))
        body.append(el("rect", x=num(x0), y=num(y0), width=num(w), height=num(y1 - y0), fill="none",
                       stroke="#000000", stroke_width=num(self.m.stroke * 1.5, 2)))
        head = []
        y = y0 - top
        for i, line in enumerate(title_lines):
            y += title_size * (1.25 if i == 0 else 1.2)
            head.append(text(x0 + u * 0.5, y, line, font_size=num(title_size), font_weight="bold"))
        if title_lines:
            y += title_size * 0.2
        for line in sub_lines:
            y += u * 1.1
            head.append(text(x0 + u * 0.5, y, line, font_size=num(u * 0.85),
                             font_style="italic" if self.schematic else None, class_="mw-subtitle"))
        body.append(group(head, font_family=FONT, fill="#000000", class_="mw-title"))
        body.append(legend_markup)
        y = y1 + legend_h - len(cap_lines) * u * 1.15 - u * 0.2
        for line in cap_lines:
            y += u * 1.1
            body.append(text(x0 + u * 0.5, y - u * 0.2, line, font_family=FONT,
                             font_size=num(u * 0.85), class_="mw-caption"))
        clip = el("clipPath", el("rect", x=num(x0), y=num(y0), width=num(w), height=num(y1 - y0)),
                  id="mw-frame")
        width, height, unit = vb[2], vb[3], ""
        if self.o.unit_mm:
            width, height, unit = vb[2] * self.o.unit_mm, vb[3] * self.o.unit_mm, "mm"
        ra = dict(root_attrs or {})
        ra.setdefault("class", "mw-map")
        ra["data-min-font"] = num(min(self.m.font, u * UI_SMALL), 2)
        return document("".join(body), width=width, height=height, view_box=vb, unit=unit,
                        title=title or self.view.title, defs=self._defs() + clip, root_attrs=ra)

    def _legend_block(self, x0, y_top, width):
        items = [self.legend[k] for k in sorted(self.legend)]
        if not items:
            return "", 0.0
        u = self.m.ui_font
        row_h = u * 1.6
        x, y = x0 + u * 0.5, y_top + u * 0.6
        out = []
        rows = 1
        for it in items:
            w = u * 1.8 + text_width(it.label, u) + u * 1.2
            if x + w > x0 + width and x > x0 + u:
                x = x0 + u * 0.5
                y += row_h
                rows += 1
            # each item a group of its own, placed by one translate and knowing its width:
            # a tiled print lifts the items off the board and lays them out again (render/tiles.py)
            parts = [el("g", it.swatch, transform=f"translate({num(u * 0.7)} 0)")] if it.swatch else []
            label = text(u * 1.7, u * 0.35, it.label)
            if it.href:
                label = el("a", el("text", esc(it.label), x=num(u * 1.7), y=num(u * 0.35),
                                   fill="#1a4f9c", text_decoration="underline"),
                           href=it.href, class_="mw-legend-link")
            parts.append(label)
            out.append(el("g", "".join(parts), class_="mw-legend-item", data_width=num(w),
                          transform=f"translate({num(x)} {num(y + row_h / 2)})"))
            x += w
        h = rows * row_h + u * 1.2
        return group(out, class_="mw-legend", font_family=FONT, font_size=num(u), data_top=num(y_top),
                     data_row=num(row_h)), h

    def draw_base(self) -> None:
        self.layers.append(self.decor_layer())
        self.layers.append(self.province_layer())
        if self.schematic:
            self.layers.append(self.schematic_layer())
        self.layers.append(self.border_kind_layer())
        self.layers.append(self.centre_layer())
        self.layers.append(self.label_layer())
        if self.o.interactive and self.o.labels:
            self.layers.append(self.name_layer())
        if self.o.units:
            self.layers.append(self.unit_layer(self.o.units))
        if self.o.dislodged:
            self.layers.append(self.unit_layer(self.o.dislodged, dislodged=True, cls="mw-dislodged"))


def render_map(view: MapView, options: MapOptions | None = None) -> str:
    """The whole board (or `options.crop`) as a standalone SVG document."""
    canvas = MapCanvas(view, options)
    canvas.draw_base()
    attrs = {}
    if canvas.o.interactive:
        x0, y0, x1, y1 = canvas.frame
        attrs = {"id": "mw-map", "data-game": view.title,
                 "data-powers": " ".join(f"{k}={v.color}" for k, v in sorted(view.powers.items())),
                 # the viewer opens centred on the board and repeats its provinces in the inset
                 "data-mw-board": f"{num(x0)} {num(y0)} {num(x1 - x0)} {num(y1 - y0)}",
                 "data-mw-overview": "#mw-provinces"}
    return canvas.finish(root_attrs=attrs)


def home_owners(view: MapView) -> dict[str, str]:
    """Land provinces coloured by their power as the source map colours them, or else
    by the power whose home they are (the published-map look)."""
    out = {}
    for pid, power in view.published_owners.items():
        pw = view.power_id(power)
        p = view.provinces.get(pid)
        if pw and p is not None and not p.is_water and p.kind != "impassable":
            out[pid] = pw
    if not out:
        for p in view.provinces.values():
            if p.home and not p.is_water and p.kind != "impassable":
                pid = view.power_id(p.home)
                if pid:
                    out[p.id] = pid
    for p in view.provinces.values():   # coloured neutral centres wear their power's colour
        if p.neutral_colour and p.id not in out and not p.is_water:
            pid = view.power_id(p.neutral_colour)
            if pid:
                out[p.id] = pid
    return out


# ---------------------------------------------------------------- places

NAME_SCALE = 0.8   # a name's font, in label fonts
REPEAT_LABEL_FONTS = 30   # a piece this many label fonts from the label point is labelled again


def name_spot(p: ProvinceView, pieces: list[list[float]], font: float, size: float) -> tuple[float, float] | None:
    """Where `p`'s name goes under its code (the baseline's middle), or None when the
    name's box would leave the piece holding the label point."""
    x, y = p.label
    half = text_width(p.name, size) / 2
    top = y + font * 0.5
    bottom = top + size * 1.15
    for piece in pieces:
        pts = geo.pairs(piece)
        if not geo.point_in_polygon(p.label, pts):
            continue
        corners = [(x - half, top), (x + half, top), (x - half, bottom), (x + half, bottom), (x, bottom)]
        if all(geo.point_in_polygon(c, pts) for c in corners):
            return (x, bottom - size * 0.25)
        return None
    return None


def extra_spots(p: ProvinceView, font: float) -> list[tuple[float, float]]:
    """A point inside each sizeable piece of `p` other than the one holding its label:
    where a province drawn in several places (a repeated sealane, an inset) is labelled
    again, and where a unit in it may be drawn."""
    if len(p.pieces) < 2:
        return []
    rings = [geo.pairs(piece) for piece in p.pieces]
    out = []
    for i, pts in enumerate(rings):
        if abs(geo.area(pts)) < (font * 3) ** 2 or geo.point_in_polygon(p.label, pts):
            continue
        pt = geo.interior_point(pts)
        # a ring inside another ring of the province is a hole in it (drawn even-odd: a
        # sea's ring around an island), not a piece of it
        if pt is not None and sum(1 for j, other in enumerate(rings)
                                  if j != i and geo.point_in_polygon(pt, other)) % 2 == 0:
            out.append(pt)
    return out


def spots(view: MapView, location: str, font: float) -> list[tuple[float, float]]:
    """Every place a unit at `location` could be drawn: its coast point, or the label
    point followed by a point in each other piece of a province drawn several times."""
    r = view.resolve(location)
    if r is None:
        return []
    pid, coast = r
    if coast:
        return [view.point(location)]
    p = view.provinces[pid]
    return [p.label] + extra_spots(p, font)


# ---------------------------------------------------------------- small shapes

def unit_shape(kind: str, pt, r: float, fill: str, stroke_w: float) -> str:
    """An army is a round token, a fleet a hull shape; both carry their letter, so they
    read in black and white."""
    x, y = pt
    fill = colour(fill)
    if kind == "F":
        d = (f"M{num(x - r * 1.15)} {num(y - r * 0.55)}H{num(x + r * 1.15)}"
             f"L{num(x + r * 0.75)} {num(y + r * 0.75)}H{num(x - r * 0.75)}Z")
        shape = el("path", d=d, fill=fill, stroke="#000000", stroke_width=num(stroke_w, 2))
    else:
        shape = el("circle", cx=num(x), cy=num(y), r=num(r * 0.9), fill=fill, stroke="#000000",
                   stroke_width=num(stroke_w, 2))
    letter = el("text", kind, x=num(x), y=num(y + r * 0.38), font_size=num(r * 1.05),
                font_family=FONT, font_weight="bold", text_anchor="middle", fill=ink_on(fill))
    return shape + letter


def mix_dark(c: str) -> str:
    from .svg import mix
    return mix(c, "#000000", 0.35)


def _cross_segment(a, b, length):
    """A short segment across the line a-b at its midpoint (a river with no outlines)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1
    px, py = -dy / n * length / 2, dx / n * length / 2
    return polyline_d([(mx - px, my - py), (mx + px, my + py)])


def _bridge(mid, a, b, length, width):
    """Two parallel rails crossing the border along the a-b direction."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1
    ux, uy = dx / n, dy / n
    px, py = -uy * length * 0.22, ux * length * 0.22
    h = length / 2
    rails = []
    for s in (-1, 1):
        cx, cy = mid[0] + s * px, mid[1] + s * py
        rails.append(polyline_d([(cx - ux * h, cy - uy * h), (cx + ux * h, cy + uy * h)]))
    return el("path", d="".join(rails), stroke=BRIDGE, stroke_width=num(width, 2), fill="none",
              stroke_linecap="square", class_="mw-bridge")


def _css_token(s: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in s.lower())
