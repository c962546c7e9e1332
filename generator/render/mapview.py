"""What the map renderers need to know about a board, independent of how a family stores it.

`view_of(game)` reads a Diplomacy-family model duck-typed (attributes or dict keys), so
the renderer depends on the data format, not on the engine's classes. Other families can
build a `MapView` directly.
"""
from __future__ import annotations

import hashlib
import math
import pickle
import re
import secrets
from dataclasses import dataclass, field
from typing import Callable

from .svg import colour

KINDS = ("land", "coast", "sea", "impassable", "lake")


@dataclass
class ProvinceView:
    id: str
    name: str
    abbr: str
    kind: str = "land"                  # land | coast | sea | impassable | lake
    supply_center: bool = False
    home: str | None = None             # power id
    label: tuple[float, float] = (0.0, 0.0)
    coasts: dict[str, tuple[float, float] | None] = field(default_factory=dict)
    pieces: list[list[float]] = field(default_factory=list)   # outline polygons, flat lists
    region: str = ""
    neutral_colour: str | None = None   # power whose colour a coloured neutral centre wears
    estimated: bool = False              # label or outline reconstructed, not sourced
    placed: bool = True                  # False when the data gives no label point
    reasoning: str = ""                  # why an estimated value was estimated

    @property
    def is_water(self) -> bool:
        return self.kind in ("sea", "lake")


@dataclass
class LinkView:
    a: str          # location ids, possibly with a coast: "spa/nc"
    b: str
    army: bool
    fleet: bool
    kind: str = ""  # "", river, bridge, strait, canal ... as the rules name it


@dataclass
class PowerView:
    id: str
    name: str
    color: str


@dataclass
class MapView:
    title: str
    width: float
    height: float
    provinces: dict[str, ProvinceView]
    links: list[LinkView]
    powers: dict[str, PowerView]
    has_outlines: bool = False
    start_units: dict[str, list[str]] = field(default_factory=dict)
    start_centers: dict[str, list[str]] = field(default_factory=dict)
    game: object = None   # the family model, for neighbours() when it offers one
    decor: list[tuple[str, list[list[float]]]] = field(default_factory=list)  # (colour, rings) drawn under provinces
    published_owners: dict[str, str] = field(default_factory=dict)  # province -> power, as the source map colours it
    cells: dict[str, list[float]] | None = field(default=None, repr=False)  # schematic cells, computed once
    contacts: set[tuple[str, str]] | None = None   # province pairs whose outlines touch (geometry), if known
    # The family's own reading of a location as players write it ("MSB n", "STP/NC") ->
    # location id ("MSB_N", "STP/NC"), or None when the text names no location.
    locate: Callable[[str], str | None] | None = field(default=None, repr=False)
    notation: object = field(default=None, repr=False)   # the family's order notation (.order, .location), if any
    _lookup: dict[str, str] = field(default_factory=dict, repr=False)
    _resolved: dict[str, tuple[str, str | None] | None] = field(default_factory=dict, repr=False)
    bboxes: dict[str, tuple | None] = field(default_factory=dict, repr=False)   # province id -> bbox of its pieces
    _fingerprint: bytes | None = field(default=None, repr=False)

    def __post_init__(self):
        for pid, p in self.provinces.items():
            for key in (pid, p.abbr):
                if key:
                    self._lookup.setdefault(str(key).lower(), pid)
        for pid, p in self.provinces.items():
            self._lookup.setdefault(p.name.lower(), pid)

    def fingerprint(self) -> bytes:
        """A hash of everything a map's base layers read of this view (provinces, their
        outlines and points, links with the points their ends resolve to, contacts,
        decor, size) and nothing they do not (power names, title, start position): two
        views with the same fingerprint draw the same outlines, borders and labels.

        Computed on first use: a view is not changed once drawn (the thumbnail
        simplifies its own fresh view before drawing it)."""
        if self._fingerprint is None:
            self._fingerprint = view_fingerprint(self)
        return self._fingerprint

    # ---- locations
    def resolve(self, token: str) -> tuple[str, str | None] | None:
        """`"STP/NC"`, `"stp(nc)"`, `"Spain"`, `"MSB n"` -> (province id, coast or None).

        The whole text is read as a location first, the way the family's order parser
        reads it, so a sealane written `GME_E` or `MSB n` is that sealane and not a
        coast "e" of GME. Only text that names no province as a whole is split into a
        province and a coast suffix."""
        if not token:
            return None
        t = str(token).strip()
        if t in self._resolved:
            return self._resolved[t]
        hit = self._resolve(t)
        if len(self._resolved) < 20_000:
            self._resolved[t] = hit
        return hit

    def _resolve(self, t: str) -> tuple[str, str | None] | None:
        if self.locate is not None:
            loc = self.locate(t)
            if loc:
                pid, _, coast = str(loc).partition("/")
                if pid in self.provinces:
                    return pid, (coast.lower() or None)
        pid = self._lookup.get(t.lower())
        if pid is not None:
            return pid, None
        m = re.match(r"^(.*?)[/(_ ]([a-zA-Z]{1,3})\)?$", t)
        if m and m.group(1).lower() in self._lookup:
            return self._lookup[m.group(1).lower()], m.group(2).lower()
        return None

    def point(self, location: str) -> tuple[float, float] | None:
        """Where a unit at `location` is drawn: the coast's point, else the province label."""
        r = self.resolve(location)
        if r is None:
            return None
        pid, coast = r
        p = self.provinces[pid]
        if coast:
            for name, pt in p.coasts.items():
                if name.lower() == coast and pt:
                    return pt
            return coast_offset(p, coast)
        return p.label

    def power_colour(self, power: str | None, default: str = "#bbbbbb") -> str:
        if power is None:
            return default
        pw = self.powers.get(power) or self.powers.get(str(power).upper())
        if pw is None:
            for candidate in self.powers.values():
                if candidate.name.lower() == str(power).lower():
                    return candidate.color
            return default
        return pw.color

    def power_id(self, power) -> str | None:
        if power is None:
            return None
        if power in self.powers:
            return power
        for pw in self.powers.values():
            if str(power).lower() in (pw.id.lower(), pw.name.lower()):
                return pw.id
        return None

    def neighbours(self, pid: str, unit: str) -> list[str]:
        """Provinces (coast-qualified for fleets where needed) a unit type can move to from pid."""
        out = set()
        want_army = unit.lower().startswith("a")
        for link in self.links:
            ok = link.army if want_army else link.fleet
            if not ok:
                continue
            pa, pb = link.a.split("/")[0], link.b.split("/")[0]
            if pa == pid:
                out.add(link.b if not want_army else pb)
            elif pb == pid:
                out.add(link.a if not want_army else pa)
        return sorted(out)


def coast_offset(p: ProvinceView, coast: str) -> tuple[float, float]:
    """A guessed point for a coast with no label point: nudged from the label by compass."""
    dirs = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}
    dx = dy = 0.0
    for ch in coast.lower().replace("c", ""):
        if ch in dirs:
            dx += dirs[ch][0]
            dy += dirs[ch][1]
    norm = math.hypot(dx, dy) or 1
    return (p.label[0] + 18 * dx / norm, p.label[1] + 18 * dy / norm)


# ---------------------------------------------------------------- adapter

def _get(obj, name, default=None):
    if obj is None:
        return default
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _items(container):
    """(key, value) pairs of a dict, or (value.id, value) of a list."""
    if container is None:
        return []
    if isinstance(container, dict):
        return list(container.items())
    return [(_get(v, "id"), v) for v in container]


def _xy(value):
    if value is None:
        return None
    if isinstance(value, dict):
        if "x" in value and "y" in value:
            return (float(value["x"]), float(value["y"]))
        return None
    try:
        x, y = value[0], value[1]
        return (float(x), float(y))
    except (TypeError, IndexError, ValueError, KeyError):
        return None


def _coasts(raw) -> dict[str, tuple[float, float] | None]:
    out: dict[str, tuple[float, float] | None] = {}
    if not raw:
        return out
    if isinstance(raw, dict):
        for name, val in raw.items():
            out[str(name).lower()] = _xy(_get(val, "label", val)) if val is not None else None
        return out
    for c in raw:
        if isinstance(c, str):
            out[c.lower()] = None
        else:
            name = _get(c, "id") or _get(c, "name") or _get(c, "coast")
            if name:
                out[str(name).lower().split("/")[-1]] = _xy(_get(c, "label"))
    return out


def _units_of(units) -> list[str]:
    out = []
    for u in units or []:
        if isinstance(u, str):
            out.append(u)
        else:
            t = _get(u, "type") or _get(u, "unit") or "A"
            loc = _get(u, "location") or _get(u, "at") or _get(u, "province")
            if loc:
                out.append(f"{str(t)[0].upper()} {loc}")
    return out


def view_fingerprint(view: MapView) -> bytes:
    """`MapView.fingerprint` computed now (not kept: for a view about to be changed)."""
    provinces = [(pid, p.name, p.abbr, p.kind, p.supply_center, p.home, p.label,
                  sorted(p.coasts.items()), p.pieces, p.neutral_colour)
                 for pid, p in sorted(view.provinces.items())]
    links = [(k.a, k.b, k.army, k.fleet, k.kind, view.point(k.a), view.point(k.b)) for k in view.links]
    # pickle: exact for these values (floats bit for bit) and fast on big outlines
    try:
        data = pickle.dumps((view.width, view.height, view.has_outlines, provinces, links,
                             sorted(view.contacts) if view.contacts is not None else None, view.decor),
                            protocol=5)
    except (TypeError, ValueError, AttributeError, pickle.PicklingError, RecursionError):
        return secrets.token_bytes(32)   # values it cannot hash: a view like no other, drawn afresh
    return hashlib.sha256(data).digest()


def view_of(game, title: str | None = None) -> MapView:
    """A MapView of a Diplomacy-family game model (or an equivalent dict). A family that
    draws one board many times keeps the view it got (the model is per build)."""
    return fresh_view_of(game, title)


def fresh_view_of(game, title: str | None = None) -> MapView:
    """A new MapView (not shared with other callers)."""
    if isinstance(game, MapView):
        return game
    gmap = _get(game, "map", game)
    geometry = _get(game, "geometry")
    outlines = (_get(geometry, "outlines") or {}) if geometry else {}
    image = (_get(geometry, "image") or {}) if geometry else {}
    label_overrides = (_get(geometry, "labels") or {}) if geometry else {}
    coast_labels = {str(k).lower(): _xy(v) for k, v in ((_get(geometry, "coast_labels") or {}) if geometry else {}).items()}
    coloured = _coloured_neutrals(game)
    notation = _get(game, "notation")   # the family's order notation, when it hands one

    provinces: dict[str, ProvinceView] = {}
    for pid, p in _items(_get(gmap, "provinces")):
        pid = str(pid)
        label = _xy(label_overrides.get(pid)) or _xy(_get(p, "label"))
        pieces = outlines.get(pid) or outlines.get(pid.upper()) or outlines.get(pid.lower()) or []
        if pieces and isinstance(pieces[0], (int, float)):
            pieces = [pieces]
        placed = label is not None
        if label is None and pieces:
            from .geometry import centroid, pairs
            biggest = max(pieces, key=len)
            label, placed = centroid(pairs(biggest)), True
        coasts = _coasts(_get(p, "coasts"))
        for code in list(coasts):
            coasts[code] = coasts[code] or coast_labels.get(f"{pid}/{code}".lower())
        provinces[pid] = ProvinceView(
            id=pid,
            name=str(_get(p, "name") or pid),
            abbr=str(_get(p, "abbr") or pid),   # as written, as the engine shows it ("MSB n")
            kind=str(_get(p, "type") or _get(p, "kind") or "land"),
            supply_center=bool(_get(p, "supply_center") or _get(p, "sc")),
            home=_get(p, "home"),
            label=label or (0.0, 0.0),
            coasts=coasts,
            pieces=[list(piece) for piece in pieces],
            region=str(_get(p, "region") or ""),
            neutral_colour=coloured.get(pid) or _get(p, "neutral_colour") or _get(p, "colour_of"),
            estimated=_is_estimated(_get(p, "source")),
            reasoning=_reasoning(_get(p, "source")),
            placed=placed,
        )

    links = []
    for b in _get(gmap, "borders") or []:
        if _get(b, "derived"):
            continue   # added by a rule module (sealanes): drawn by their own outlines
        between = _get(b, "between") or [_get(b, "a"), _get(b, "b")]
        units = _get(b, "units") or []
        units = {str(u).lower()[:1] for u in units}
        links.append(LinkView(str(between[0]), str(between[1]), "a" in units, "f" in units,
                              str(_get(b, "kind") or "")))

    powers = {}
    for i, (wid, w) in enumerate(_items(_get(gmap, "powers") or _get(game, "powers"))):
        wid = str(wid)
        powers[wid] = PowerView(wid, str(_get(w, "name") or wid),
                                colour(_get(w, "color") or _get(w, "colour"), _fallback(i)))

    width = float(_get(image, "width") or 0)
    height = float(_get(image, "height") or 0)
    if sum(1 for p in provinces.values() if not p.placed) * 2 > max(len(provinces), 1):
        _layout(provinces, links)
        width = height = 0
    if not width or not height:
        xs = [p.label[0] for p in provinces.values() if p.placed] or [0]
        ys = [p.label[1] for p in provinces.values() if p.placed] or [0]
        width, height = max(xs) + 40, max(ys) + 40
    _place_unplaced(provinces, width, height)
    decor = []
    for item in (_get(geometry, "decor") or []) if geometry else []:
        rings = _get(item, "rings") or []
        if rings:
            decor.append((colour(_get(item, "color"), "#dddddd"), [list(r) for r in rings]))
    owners = {str(k): str(v) for k, v in ((_get(geometry, "owners") or {}) if geometry else {}).items()}
    contacts = None
    if geometry and _get(geometry, "contacts"):
        contacts = set()
        for item in _get(geometry, "contacts"):
            a, b = str(item[0]).split("/")[0], str(item[1]).split("/")[0]
            contacts.add((min(a, b), max(a, b)))

    start = _get(game, "start") or {}
    units = {str(k): _units_of(v) for k, v in (_get(start, "units") or {}).items()}
    centers = {str(k): [str(c) for c in v] for k, v in (_get(start, "centers") or {}).items()}

    meta = _get(game, "meta") or _get(_get(game, "source"), "meta") or {}
    name = title or _get(game, "title") or _get(meta, "title") or _get(game, "id") or "Map"
    return MapView(str(name), width, height, provinces, links, powers,
                   has_outlines=any(p.pieces for p in provinces.values()),
                   start_units=units, start_centers=centers, game=game, decor=decor,
                   published_owners=owners, contacts=contacts, notation=notation,
                   locate=_locator(notation))


def _locator(notation) -> Callable[[str], str | None] | None:
    """The family's location reader (the one its order parser uses, from the notation
    the family hands over), so drawings resolve names exactly as the engine does."""
    if notation is None:
        return None

    def locate(text: str) -> str | None:
        try:
            return notation.location(text)
        except ValueError:     # no location in this notation
            return None
    return locate


def _layout(provinces: dict[str, ProvinceView], links: list[LinkView]) -> None:
    """Label points for a board that has (almost) none: a seeded force-directed layout of
    the adjacency graph, so the schematic still shows who borders whom."""
    import networkx as nx
    g = nx.Graph()
    g.add_nodes_from(sorted(provinces))
    for link in sorted(links, key=lambda k: (k.a, k.b)):
        a, b = link.a.split("/")[0], link.b.split("/")[0]
        if a in provinces and b in provinces and a != b:
            g.add_edge(a, b)
    # provinces with no border at all (impassable ones) would be flung to the edge by the
    # layout: lay out the connected ones, then put the loners in a row beneath
    linked = g.subgraph([n for n in g if g.degree(n) > 0])
    pos = nx.spring_layout(linked, seed=7, iterations=200, k=1.4 / max(len(linked), 1) ** 0.5) if len(linked) else {}
    xs = [float(v[0]) for v in pos.values()] or [0.0]
    ys = [float(v[1]) for v in pos.values()] or [0.0]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    size = 90.0 * max(len(provinces), 4) ** 0.5
    loners = [n for n in sorted(provinces) if n not in pos]
    for pid in sorted(provinces):
        if pid in pos:
            x, y = pos[pid]
            label = (round(40 + (float(x) - min(xs)) / span * size, 1),
                     round(40 + (float(y) - min(ys)) / span * size, 1))
        else:
            i = loners.index(pid)
            label = (40.0 + i * 60.0, round(40 + (max(ys) - min(ys)) / span * size + 70.0, 1))
        provinces[pid].label = label
        provinces[pid].placed = True
        provinces[pid].estimated = True


def _place_unplaced(provinces: dict[str, ProvinceView], width: float, height: float) -> None:
    """Provinces without a label point go in a row along the bottom edge, so they still
    show (and the checker's report says which ones need a label)."""
    missing = sorted(pid for pid, p in provinces.items() if not p.placed)
    for i, pid in enumerate(missing):
        provinces[pid].label = (20.0 + (i % 20) * 40.0, height - 20.0 - (i // 20) * 30.0)


def _is_estimated(source) -> bool:
    if isinstance(source, str):
        return source == "estimated"
    return str(_get(source, "id") or _get(source, "source") or "") == "estimated"


def _reasoning(source) -> str:
    return str(_get(source, "reasoning") or "") if not isinstance(source, str) else ""


def _coloured_neutrals(game) -> dict[str, str]:
    """Neutral centres drawn in a power's colour (the `colored_neutral_centers` rule)."""
    direct = _get(game, "colored_neutral_centers")
    if isinstance(direct, dict) and direct:
        out = {}
        for power, locs in direct.items():
            for loc in locs or []:
                out[str(loc).split("/")[0]] = str(power)
        return out
    rules = _get(game, "rules")
    if rules is None:
        rules = _get(_get(game, "source"), "rules") or {}
    params = _get(rules, "colored_neutral_centers") or _get(rules, "coloured_neutral_centres")
    if not params:
        return {}
    raw = _get(params, "centers") or _get(params, "centres") or params
    out = {}
    if isinstance(raw, dict):
        for k, v in raw.items():
            out[str(k)] = str(v)
    elif isinstance(raw, list):
        for item in raw:
            prov = _get(item, "province") or _get(item, "center") or _get(item, "id")
            pw = _get(item, "power") or _get(item, "colour") or _get(item, "color")
            if prov and pw:
                out[str(prov)] = str(pw)
    return out


_PALETTE = ["#2e5cb8", "#c8102e", "#2e8b57", "#d4a017", "#7b3f9e", "#e07020", "#1c9c9c",
            "#8b4513", "#d05a9a", "#556b2f"]


def _fallback(i: int) -> str:
    return _PALETTE[i % len(_PALETTE)]
