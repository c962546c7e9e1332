"""Order diagrams for worked examples, with webDiplomacy's drawing conventions.

`order_diagram(view, phase)` draws a `PhaseView`: the position before a phase and its
orders as the family read them (`OrderView`: the verb, the unit, the locations in id
form), each with the family's decision on it (`succeeds`, and `why` in words), and what
the phase left (units dislodged, where they may retreat). The family builds the view
from its adjudication (the Diplomacy family: families/diplomacy/phase_view.py); nothing
here reads order text or an adjudicator's response. Where a province is drawn in
several places, each unit and order end goes in the piece nearest the other end of its
order (placement.py), and the view is cropped to those pieces; ends still far apart (an
inset and the main map) get a panel each, the arrow tagged "to SSK" where it leaves one
and "from YUK" where it enters the other.

Conventions: a move is an arrow; support for a hold is a line ending in a ring round
the held unit; support for a move is a line ending a third of the way back along the
supported move; a convoy is a dashed line to the convoyed move; a retreat is a dashed
arrow from the dislodged unit; a failed order carries a red cross; a dislodged unit is
ringed in red.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from . import geometry as geo
from . import legible
from .map import FONT, MapCanvas, MapOptions, Metrics, UnitView, unit_shape
from .mapview import MapView
from .placement import plan
from .svg import document, el, esc, mix, num, polyline_d, wrap

VERBS = ("H", "M", "S", "C", "R", "D", "B", "T")   # hold, move, support, convoy, retreat, disband, build, change type


@dataclass(frozen=True)
class OrderView:
    """One order as its family read it, with the family's decision on it."""
    power: str
    text: str                 # as written (the caption quotes it)
    verb: str                 # one of VERBS
    kind: str = "A"           # unit type
    loc: str = ""             # where the ordered unit stands (or is built), a location id
    target_kind: str = ""     # for S / C: the supported or convoyed unit
    target: str = ""
    dest: str = ""            # move, retreat, supported or convoyed move destination
    via_convoy: bool = False
    new_unit: str = ""        # T: the unit type it becomes
    succeeds: bool | None = None   # None: not adjudicated (a position drawn with its orders)
    why: str = ""             # the decision in words, for a failed order's caption


@dataclass(frozen=True)
class PhaseView:
    """A phase to draw: the position before it, its orders, and what it left."""
    title: str
    units: tuple[UnitView, ...]                 # the units before the phase, as the family read them
    orders: tuple[OrderView, ...]
    centers: dict[str, list[str]] = field(default_factory=dict)
    dislodged: tuple[UnitView, ...] = ()                                 # before (a retreat phase)
    dislodged_after: tuple[UnitView, ...] = ()                           # by this phase's orders
    retreats: tuple[tuple[UnitView, tuple[str, ...]], ...] = ()          # a dislodged unit, where it may go


def _by_power(u: UnitView) -> str:
    return u.power


def _by_unit(item: tuple[UnitView, tuple[str, ...]]) -> tuple[str, str]:
    return item[0].kind, item[0].location


class OrderDiagram:
    def __init__(self, view: MapView, phase: PhaseView, title: str = ""):
        self.view = view
        self.phase = phase
        self.orders = list(phase.orders)
        self.dislodged_before = phase.dislodged
        self.dislodged_after = phase.dislodged_after
        self.retreats = phase.retreats
        # where each unit and order end is drawn (provinces drawn in several places)
        self.plan = plan(view, Metrics.of(view, view.width).font, self._unit_locations(), self.orders)
        self.ends = self.plan.ends        # per order: role -> point
        # Points too far apart for one readable view (a province in an inset and its
        # neighbour on the main map) are drawn in panels one under another, one per group.
        self.split = split_distance(view)
        if not self.plan.points:   # nothing placed: frame the centres the example is about
            self.plan.points = _centre_points(view, phase.centers)
        self.groups = clusters(self.plan.points, self.split) or [[]]
        self.title = title or phase.title
        self.panels = []
        for i, points in enumerate(self.groups):
            opts = MapOptions(units=phase.units, dislodged=self.dislodged_before,
                              centers=phase.centers or None,
                              frame_points=points or None, places=self.plan.places,
                              title=self.title if len(self.groups) == 1 else "",
                              legend=i == len(self.groups) - 1)
            self.panels.append(MapCanvas(view, opts))
        self.canvas = self.panels[0]
        self.m = self.canvas.m

    def _unit_locations(self) -> list[str]:
        return [u.location for u in self.phase.units + self.dislodged_before]

    # -------------------------------------------------------------- points
    def at(self, loc: str, *, dislodged=False, ends: dict | None = None, role: str = ""):
        """Where `loc` is drawn: for an order's end, the piece chosen for that order."""
        r = self.view.resolve(loc)
        if r is None:
            return None
        base = ends.get(role) if ends is not None else None
        if dislodged:
            p = base or self.canvas.base_point(loc)
            return (p[0] + self.m.unit * 0.9, p[1] + self.m.unit * 0.9)
        return self.canvas.unit_point(loc, base)

    def _is_dislodged_unit(self, power, kind, loc) -> bool:
        want = self.view.resolve(loc)
        for u in self.dislodged_before:
            if u.power == power and want is not None and self.view.resolve(u.location) == want:
                return True
        return False

    # -------------------------------------------------------------- drawing
    def draw(self) -> str:
        """The diagram: one view, or panels one under another sharing the last one's legend."""
        docs = []
        legend: dict = {}
        for i, canvas in enumerate(self.panels):
            self.canvas, self.m = canvas, canvas.m
            last = i == len(self.panels) - 1
            self._draw_orders()
            if len(self.panels) > 1:
                self._edge_tags(i)
            if last:
                for key, item in legend.items():
                    canvas.legend.setdefault(key, item)
            attrs = {"class": "mw-diagram" if len(self.panels) == 1 else "mw-diagram-panel"}
            docs.append(canvas.finish(root_attrs=attrs, caption=self._caption() if last else ""))
            legend.update(canvas.legend)
        if len(docs) == 1:
            return docs[0]
        return compose_panels(docs, self.panels[0].m.ui_font, title=self.title)

    def _panel_of(self, pt) -> int | None:
        for i, points in enumerate(self.groups):
            if pt in points:
                return i
        return None

    def _edge_tags(self, i: int) -> None:
        """Where a move leaves this panel for another (or comes in from one), name the
        province at the other end: "to SSK", "from YUK"."""
        out = []
        c = self.canvas
        for o, ends in zip(self.orders, self.ends):
            if o.verb not in ("M", "R"):
                continue
            a, b = ends.get("loc"), ends.get("dest")
            if a is None or b is None:
                continue
            pa, pb = self._panel_of(a), self._panel_of(b)
            if pa == pb or i not in (pa, pb):
                continue
            if i == pa:
                label, inside, outside = f"to {self._shown(o.dest)}", a, b
            else:
                label, inside, outside = f"from {self._shown(o.loc)}", b, a
            edge = geo.segment_exit(inside, outside, c.frame)
            if edge is None:
                continue
            out.append(_edge_tag(edge, inside, c.frame, label, self.m.font * 1.1))
        if out:
            c.overlays.append(el("g", "".join(out), class_="mw-edge-tags", font_family=FONT))

    def _shown(self, loc: str) -> str:
        """A location as players write it (abbreviation, coast)."""
        r = self.view.resolve(loc)
        if r is None:
            return str(loc)
        p = self.view.provinces[r[0]]
        return p.abbr + (f"/{r[1].upper()}" if r[1] else "")

    def _draw_orders(self) -> None:
        c = self.canvas
        c.draw_base()
        # an arrow reads as one when it is 15 px on a phone and clear of the tokens it joins
        self.least_arrow = max(legible.shortest_arrow(c.frame[2] - c.frame[0]), self.m.unit * 3)
        moves = {}
        for o in self.orders:
            if o.verb == "M":
                moves[(_loc_key(self.view, o.loc), _loc_key(self.view, o.dest))] = o
        overlay = []
        casing = self.m.stroke * 5.5
        width = self.m.stroke * 3
        for o, ends in zip(self.orders, self.ends):
            col = mix(self.view.power_colour(o.power), "#000000", 0.35)
            if o.verb in ("M", "R"):
                a = self.at(o.loc, dislodged=(o.verb == "R"), ends=ends, role="loc")
                b = self.at(o.dest, ends=ends, role="dest")
                if a is None or b is None:
                    continue
                if (_loc_key(self.view, o.dest), _loc_key(self.view, o.loc)) in moves and o.verb == "M":
                    a, b = _offset(a, b, self.m.unit * 0.45)   # head-to-head: keep both arrows visible
                pts = _bent(a, b, self.m.unit * 1.0, self.m.unit * 1.05, self.least_arrow)
                dash = f"{num(self.m.unit * 0.5)} {num(self.m.unit * 0.3)}" if o.verb == "R" else None
                colr = "#b35900" if o.verb == "R" else col
                overlay.append(_arrow(pts, colr, width, casing, self.m.unit * 0.75, dash=dash,
                                      cls="mw-move" if o.verb == "M" else "mw-retreat"))
                self._legend_arrow("b-move" if o.verb == "M" else "c-retreat", o.verb)
                if o.succeeds is False:   # a long move (across panels): the cross near its head, in sight
                    length = geo.polyline_length(pts)
                    at = 0.5 if length <= self.split else max(0.5, 1 - self.m.unit * 3 / length)
                    overlay.append(_cross(_beside(pts, self.m.unit * 0.55, at), self.m.unit * 0.55, self.m.stroke))
            elif o.verb == "S":
                a = self.at(o.loc, ends=ends, role="loc")
                if a is None:
                    continue
                if o.dest and _loc_key(self.view, o.dest) != _loc_key(self.view, o.target):
                    ta, tb = self.at(o.target, ends=ends, role="target"), self.at(o.dest, ends=ends, role="dest")
                    if ta is None or tb is None:
                        continue
                    if (_loc_key(self.view, o.dest), _loc_key(self.view, o.target)) in moves:
                        ta, tb = _offset(ta, tb, self.m.unit * 0.45)
                    move = _trim([ta, tb], self.m.unit * 1.0, self.m.unit * 1.05)
                    end = geo.point_along(move, 2 / 3)   # a third of the way back from the head
                    pts = _bent(a, end, self.m.unit * 1.0, 0, self.least_arrow)
                    overlay.append(_arrow(pts, col, width * 0.8, casing * 0.8, self.m.unit * 0.6,
                                          dash=f"{num(self.m.unit * 0.35)} {num(self.m.unit * 0.2)}",
                                          cls="mw-support-move"))
                    self._legend_arrow("d-support-move", "SM")
                else:
                    t = self.at(o.target, ends=ends, role="target")
                    if t is None:
                        continue
                    pts = _trim([a, t], self.m.unit * 1.0, self.m.unit * 1.35)
                    overlay.append(_line(pts, col, width * 0.8, casing * 0.8,
                                         dash=f"{num(self.m.unit * 0.35)} {num(self.m.unit * 0.2)}",
                                         cls="mw-support-hold"))
                    overlay.append(el("circle", cx=num(t[0]), cy=num(t[1]), r=num(self.m.unit * 1.35),
                                      fill="none", stroke=col, stroke_width=num(width * 0.8, 2),
                                      class_="mw-support-hold-ring"))
                    self._legend_arrow("e-support-hold", "SH")
                if o.succeeds is False:
                    overlay.append(_cross(_beside(pts, self.m.unit * 0.5), self.m.unit * 0.5, self.m.stroke))
            elif o.verb == "C":
                a = self.at(o.loc, ends=ends, role="loc")
                ta = self.at(o.target, ends=ends, role="target")
                tb = self.at(o.dest, ends=ends, role="dest") if o.dest else None
                if a is None or ta is None or tb is None:
                    continue
                move = _trim([ta, tb], self.m.unit * 1.0, self.m.unit * 1.05)
                end = geo.point_along(move, 0.5)
                pts = _bent(a, end, self.m.unit * 0.9, 0, self.least_arrow)
                overlay.append(_arrow(pts, "#1f4e99", width * 0.8, casing * 0.8, self.m.unit * 0.5,
                                      dash=f"{num(self.m.unit * 0.15)} {num(self.m.unit * 0.25)}",
                                      cls="mw-convoy", round_dash=True))
                self._legend_arrow("f-convoy", "C")
                if o.succeeds is False:
                    overlay.append(_cross(_beside(pts, self.m.unit * 0.5), self.m.unit * 0.5, self.m.stroke))
            elif o.verb == "H":
                a = self.at(o.loc, ends=ends, role="loc")
                if a is None:
                    continue
                overlay.append(_octagon(a, self.m.unit * 1.3, col, width * 0.8))
                self._legend_arrow("g-hold", "H")
                if o.succeeds is False:
                    overlay.append(_cross((a[0] + self.m.unit, a[1] - self.m.unit), self.m.unit * 0.5,
                                          self.m.stroke))
            elif o.verb == "T":
                a = self.at(o.loc, ends=ends, role="loc")
                if a is None:
                    continue
                # the unit holds while it changes type: a hold ring, and the new type beside it
                overlay.append(_octagon(a, self.m.unit * 1.3, col, width * 0.8))
                new = (a[0] + self.m.unit * 1.9, a[1] - self.m.unit * 0.9)
                overlay.append(el("g", unit_shape(o.new_unit or "F", new, self.m.unit * 0.7,
                                                  self.view.power_colour(o.power), self.m.stroke),
                                  class_="mw-transform", opacity="0.85"))
                self._legend_arrow("g-transform", "T")
                if o.succeeds is False:
                    overlay.append(_cross((a[0] + self.m.unit, a[1] - self.m.unit), self.m.unit * 0.5,
                                          self.m.stroke))
            elif o.verb == "B":
                pt = self.at(o.loc, ends=ends, role="loc")
                if pt is None:
                    continue
                overlay.append(el("circle", cx=num(pt[0]), cy=num(pt[1]), r=num(self.m.unit * 1.3),
                                  fill="none", stroke="#1a7f1a", stroke_width=num(width, 2)))
                overlay.append(unit_shape(o.kind, pt, self.m.unit, self.view.power_colour(o.power),
                                          self.m.stroke * 1.3))
                self._legend_arrow("h-build", "B")
                if o.succeeds is False:
                    overlay.append(_cross(pt, self.m.unit * 0.8, self.m.stroke))
            elif o.verb == "D":
                dis = self._is_dislodged_unit(o.power, o.kind, o.loc)
                pt = self.at(o.loc, dislodged=dis, ends=ends, role="loc")
                if pt is None:
                    continue
                overlay.append(_cross(pt, self.m.unit * 0.9, self.m.stroke, colour="#444444"))
                self._legend_arrow("i-disband", "D")
        # units dislodged by this phase's orders
        for u in sorted(self.dislodged_after, key=_by_power):     # (by power; each power's as given)
            pt = self.at(u.location)
            if pt is None:
                continue
            overlay.append(self._dislodged_marker(pt))
        if any(o.succeeds is False for o in self.orders):
            u = self.m.ui_font
            c.add_legend("j-failed", _cross((0, 0), u * 0.45, u * 0.08), "order fails")
        c.overlays.append(el("g", "".join(overlay), stroke_linecap="round", class_="mw-orders"))

    def _dislodged_marker(self, pt) -> str:
        u = self.m.unit
        self.canvas.add_legend("k-dislodged", el("circle", r=num(self.m.ui_font * 0.55), fill="none",
                                                 stroke="#d40000", stroke_width=num(self.m.ui_font * 0.1, 2),
                                                 stroke_dasharray=f"{num(self.m.ui_font * .2)} {num(self.m.ui_font * .12)}"),
                               "dislodged")
        return el("circle", cx=num(pt[0]), cy=num(pt[1]), r=num(u * 1.2), fill="none", stroke="#d40000",
                  stroke_width=num(self.m.stroke * 3, 2),
                  stroke_dasharray=f"{num(u * 0.4)} {num(u * 0.22)}", class_="mw-dislodged-marker")

    def _legend_arrow(self, key: str, verb: str) -> None:
        u = self.m.ui_font
        c = "#333333"
        w = u * 0.12
        sw = {"M": ("move", _arrow([(-u * .8, 0), (u * .8, 0)], c, w, 0, u * .45, cls=None, key=True)),
              "R": ("retreat", _arrow([(-u * .8, 0), (u * .8, 0)], "#b35900", w, 0, u * .45,
                                      dash=f"{num(u * .3)} {num(u * .18)}", cls=None, key=True)),
              "SM": ("support to a move", _arrow([(-u * .8, 0), (u * .8, 0)], c, w, 0, u * .4,
                                                 dash=f"{num(u * .2)} {num(u * .12)}", cls=None, key=True)),
              "SH": ("support to hold", _line([(-u * .8, 0), (u * .3, 0)], c, w, 0,
                                              dash=f"{num(u * .2)} {num(u * .12)}", cls=None)
                     + el("circle", cx=num(u * .55), cy="0", r=num(u * .25), fill="none", stroke=c,
                          stroke_width=num(w, 2))),
              "C": ("convoy", _arrow([(-u * .8, 0), (u * .8, 0)], "#1f4e99", w, 0, u * .4,
                                     dash=f"{num(u * .08)} {num(u * .15)}", cls=None, round_dash=True, key=True)),
              "H": ("hold", _octagon((0, 0), u * .5, c, w)),
              "T": ("changes unit type (and holds)", _octagon((0, 0), u * .5, c, w)
                    + unit_shape("F", (u * .55, -u * .3), u * .3, "#ffffff", w * 0.6)),
              "B": ("build", el("circle", r=num(u * .5), fill="none", stroke="#1a7f1a", stroke_width=num(w, 2))),
              "D": ("disband", _cross((0, 0), u * .45, u * .06, colour="#444444"))}
        label, swatch = sw[verb]
        self.canvas.add_legend(key, swatch, label)

    def _caption(self) -> str:
        parts = []
        for o in self.orders:
            if o.succeeds is False and o.why and len(parts) < 4:
                parts.append(f"{o.text}: {o.why}")
        for unit, opts in sorted(self.retreats, key=_by_unit):
            if len(parts) >= 6:
                break
            shown = f"{unit.kind} {self._shown(unit.location)}"
            parts.append(f"{shown} may retreat to " + (", ".join(self._shown(x) for x in opts) if opts else "nowhere"))
        text = "; ".join(parts)
        return text if len(text) <= 240 else text[:239].rstrip() + "…"


def _centre_points(view: MapView, centers: dict) -> list:
    pts = []
    for locs in centers.values():
        for loc in locs or []:
            pt = view.point(str(loc))
            if pt is not None and pt not in pts:
                pts.append(pt)
    return pts


def order_diagram(view: MapView, phase: PhaseView, *, title: str = "") -> str:
    """An SVG diagram of `phase`: its position, its orders and their outcomes."""
    return OrderDiagram(view, phase, title=title).draw()


def split_distance(view: MapView) -> float:
    """Points farther apart than this (with nothing between them) go in separate panels:
    fourteen typical province spacings, the width of about two cropped diagrams."""
    from .map import _median_nearest
    if not view.provinces:
        return float("inf")
    nn = _median_nearest([p.label for p in view.provinces.values()]) or 40.0
    return nn * 14


def clusters(points, distance: float) -> list[list]:
    """Groups of points chained by steps no longer than `distance` (single linkage), in
    the order of their first point."""
    parent = list(range(len(points)))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            if math.dist(points[i], points[j]) <= distance:
                parent[root(j)] = root(i)
    groups: dict[int, list] = {}
    for i, pt in enumerate(points):
        groups.setdefault(root(i), []).append(pt)
    return sorted(groups.values(), key=lambda g: points.index(g[0]))


def compose_panels(docs: list[str], gap: float, *, title: str = "") -> str:
    """Standalone panel documents one under another under one title, each scaled to the
    widest one's width (never down), so each keeps the text size legible.py gave it;
    element ids are made unique per panel."""
    boxes = [[float(v) for v in re.search(r'viewBox="([^"]+)"', doc).group(1).split()] for doc in docs]
    width = max(vb[2] for vb in boxes)
    placed, fonts = [], []
    for doc, vb in zip(docs, boxes):
        font = re.search(r'data-min-font="([0-9.]+)"', doc[:2000])
        if font:
            fonts.append(float(font.group(1)) * width / vb[2])
    # the title wraps rather than shrinks below the panels' smallest text
    size = max(min(gap * 1.5, (width - gap) / (max(len(title), 1) * 0.62)), min(fonts or [gap]))
    lines = wrap(title, size, width - gap) if title else []
    y = size * 1.25 * len(lines) + gap * 0.7 if lines else 0.0
    for i, (doc, vb) in enumerate(zip(docs, boxes)):
        scale = width / vb[2]
        if i:
            doc = re.sub(r'(id="|url\(#)(mw-[\w-]+)', rf"\g<1>\g<2>-p{i}", doc)
        inner = re.sub(r'^<svg xmlns="[^"]+" version="1.1" width="[^"]+" height="[^"]+"',
                       f'<svg x="0" y="{num(y, 2)}" width="{num(width, 2)}" height="{num(vb[3] * scale, 2)}"',
                       doc.strip())
        placed.append(inner)
        y += vb[3] * scale + gap
    height = y - gap
    body = el("rect", x="0", y="0", width=num(width, 2), height=num(height, 2), fill="#ffffff")
    for i, line in enumerate(lines):
        body += el("text", esc(line), x=num(gap * 0.5), y=num(size * (1.15 + 1.25 * i)), font_size=num(size),
                   font_weight="bold", font_family=FONT, class_="mw-title")
    body += "".join(placed)
    attrs = {"class": "mw-diagram mw-panels"}
    if fonts:
        attrs["data-min-font"] = num(min(fonts), 2)
    return document(body, width=width, height=height, view_box=(0, 0, width, height), title=title,
                    root_attrs=attrs)


def _edge_tag(edge, inside, frame, label: str, size: float) -> str:
    """A label just inside the frame where an arrow crosses it."""
    x0, y0, x1, y1 = frame
    dx, dy = inside[0] - edge[0], inside[1] - edge[1]
    n = math.hypot(dx, dy) or 1
    px, py = edge[0] + dx / n * size * 1.2, edge[1] + dy / n * size * 1.2
    w = len(label) * size * 0.62
    px = min(max(px, x0 + w / 2 + size * 0.3), x1 - w / 2 - size * 0.3)
    py = min(max(py, y0 + size * 1.2), y1 - size * 0.4)
    at = dict(x=num(px), y=num(py), font_size=num(size), font_weight="bold", text_anchor="middle")
    halo = el("text", esc(label), fill="none", stroke="#ffffff", stroke_width=num(size * 0.3, 2),
              stroke_linejoin="round", **at)   # a white halo under the text (paint-order is not everywhere)
    return el("g", halo + el("text", esc(label), fill="#111111", **at), class_="mw-edge-tag")


def _loc_key(view: MapView, loc: str):
    r = view.resolve(loc)
    return r[0] if r else str(loc).lower()


def _offset(a, b, d):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1
    ox, oy = -dy / n * d, dx / n * d
    return (a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy)


def _trim(pts, start, end):
    (ax, ay), (bx, by) = pts[0], pts[-1]
    n = math.hypot(bx - ax, by - ay)
    if n <= start + end + 1e-6:
        return [pts[0], pts[-1]]
    ux, uy = (bx - ax) / n, (by - ay) / n
    return [(ax + ux * start, ay + uy * start), (bx - ux * end, by - uy * end)]


def _line(pts, colour, width, casing, *, dash=None, cls=None) -> str:
    d = polyline_d(pts)
    out = ""
    if casing:
        out += el("path", d=d, stroke="#ffffff", stroke_width=num(casing, 2), fill="none",
                  stroke_opacity="0.8")
    out += el("path", d=d, stroke=colour, stroke_width=num(width, 2), fill="none",
              stroke_dasharray=dash, class_=cls)
    return out


def _arrow(pts, colour, width, casing, head, *, dash=None, cls=None, round_dash=False, key=False) -> str:
    """A line (straight, or bent through its middle points) with a solid triangular head
    drawn as a polygon (no SVG markers, so every renderer, CairoSVG included, draws it the
    same). The group is an `mw-arrow` (`mw-key-arrow`: a legend's swatch): its `mw-shaft`
    and `mw-tip` (data-x, data-y: the point) let a test measure the arrow as shown."""
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    n = math.hypot(bx - ax, by - ay) or 1
    ux, uy = (bx - ax) / n, (by - ay) / n
    head = min(head, n * 0.6)
    base = (bx - ux * head, by - uy * head)
    wing = head * 0.55
    tri = [(bx, by), (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    shaft = list(pts[:-1]) + [(bx - ux * head * 0.8, by - uy * head * 0.8)]
    d_tri = polyline_d(tri) + "Z"
    out = ""
    if casing:
        out += el("path", d=polyline_d(shaft), stroke="#ffffff", stroke_width=num(casing, 2),
                  fill="none", stroke_opacity="0.8", stroke_linejoin="round")
        out += el("path", d=d_tri, fill="#ffffff", stroke="#ffffff", stroke_width=num(casing - width, 2),
                  stroke_opacity="0.8")
    out += el("path", d=polyline_d(shaft), stroke=colour, stroke_width=num(width, 2), fill="none",
              stroke_dasharray=dash, stroke_linecap="round" if round_dash else None,
              stroke_linejoin="round", class_="mw-shaft")
    out += el("path", d=d_tri, fill=colour, class_="mw-tip", data_x=num(bx), data_y=num(by))
    kind = "mw-key-arrow" if key else "mw-arrow"
    return el("g", out, class_=f"{kind} {cls}" if cls else kind)


def _bent(a, b, start: float, end: float, least: float):
    """A move from `a` to `b`, its ends `start` and `end` clear of the tokens there: a
    straight arrow, or where that would be shorter than `least` (neighbours whose tokens
    almost touch), a bent one that leaves and enters at 60 degrees to the line between
    them and bows out beside it, `least` long (an arrow, not a dot under the units)."""
    straight = _trim([a, b], start, end)
    d = math.dist(a, b)
    if d > start + end and geo.polyline_length(straight) >= least:
        return straight
    ux, uy = ((b[0] - a[0]) / d, (b[1] - a[1]) / d) if d > 1e-9 else (1.0, 0.0)
    nx, ny = uy, -ux   # the side the arrow bows to
    c, si = 0.5, math.sqrt(3) / 2
    s = (a[0] + start * (ux * c + nx * si), a[1] + start * (uy * c + ny * si))
    e = (b[0] + end * (-ux * c + nx * si), b[1] + end * (-uy * c + ny * si))
    half = math.dist(s, e) / 2
    rise = math.sqrt(max((least / 2) ** 2 - half ** 2, 0.0))
    return [s, ((s[0] + e[0]) / 2 + nx * rise, (s[1] + e[1]) / 2 + ny * rise), e]


def _beside(pts, size: float, at: float = 0.5):
    """Where a failed order's cross goes: beside its line (at fraction `at` of it, the
    middle unless said), clear of the line and the arrow's head, so the cross never
    hides the order it marks; outside the bend of a bent arrow."""
    mid = geo.point_along(pts, at)
    a, b = pts[0], pts[-1]
    if len(pts) == 3:   # bent (see _bent): away from the chord, past the bend
        chord = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        dx, dy = pts[1][0] - chord[0], pts[1][1] - chord[1]
    else:
        dx, dy = -(b[1] - a[1]), b[0] - a[0]
    n = math.hypot(dx, dy) or 1.0
    away = size * 1.9
    return (mid[0] + dx / n * away, mid[1] + dy / n * away)


def _cross(pt, size, stroke, colour="#e00000") -> str:
    x, y = pt
    s = size
    d = f"M{num(x - s)} {num(y - s)}L{num(x + s)} {num(y + s)}M{num(x - s)} {num(y + s)}L{num(x + s)} {num(y - s)}"
    return (el("path", d=d, stroke="#ffffff", stroke_width=num(stroke * 7, 2), stroke_linecap="round")
            + el("path", d=d, stroke=colour, stroke_width=num(stroke * 4, 2), stroke_linecap="round",
                 class_="mw-failed"))


def _octagon(pt, r, colour, width) -> str:
    pts = [(pt[0] + r * math.cos(math.pi / 8 + i * math.pi / 4), pt[1] + r * math.sin(math.pi / 8 + i * math.pi / 4))
           for i in range(8)]
    return el("path", d=polyline_d(pts) + "Z", fill="none", stroke=colour, stroke_width=num(width, 2),
              class_="mw-hold")


__all__ = ["order_diagram", "OrderView", "PhaseView", "OrderDiagram", "VERBS"]
