"""The render view (`MapView`) of a Diplomacy board: the family builds render's view model.

`view_of(game)` reads the family's model (or the same data as plain dicts, as tests and
tools hand it) into the provinces, links, powers and geometry the renderers draw; the
location reader it gives the view is the family's own (the one its order parser uses), so
a drawing resolves names exactly as the engine does. Coloured neutral centres come from the
enabled rule modules' `neutral_colours` hooks.
"""
from __future__ import annotations

from typing import Callable

from ...render import LinkView, MapView, PowerView, ProvinceView, colour, label_point
from .model import DiplomacyMap, Game, build_map
from .orders import OrderSyntaxError, read_location
from .rules import enabled


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

    provinces: dict[str, ProvinceView] = {}
    for pid, p in _items(_get(gmap, "provinces")):
        pid = str(pid)
        label = _xy(label_overrides.get(pid)) or _xy(_get(p, "label"))
        pieces = outlines.get(pid) or outlines.get(pid.upper()) or outlines.get(pid.lower()) or []
        if pieces and isinstance(pieces[0], (int, float)):
            pieces = [pieces]
        placed = label is not None
        if label is None and pieces:
            label, placed = label_point(pieces), True
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
                   start_units=units, start_centers=centers, decor=decor,
                   published_owners=owners, contacts=contacts,
                   locate=_locator(game.map if isinstance(game, Game) else build_map(gmap)))


def _locator(game_map: DiplomacyMap) -> Callable[[str], str | None]:
    """The family's location reader (the one its order parser uses), so drawings
    resolve names exactly as the engine does."""
    def locate(text: str) -> str | None:
        try:
            return read_location(text, game_map)
        except OrderSyntaxError:     # no location on this map
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
    """Neutral centres drawn in a power's colour: province -> power, as the enabled rule
    modules' `neutral_colours` hooks give them (plain data has no rule set: none)."""
    if not isinstance(game, Game):
        return {}
    out: dict[str, str] = {}
    for fn, params in enabled(game).hooks("neutral_colours"):
        out.update(fn(game, params))
    return out


_PALETTE = ["#2e5cb8", "#c8102e", "#2e8b57", "#d4a017", "#7b3f9e", "#e07020", "#1c9c9c",
            "#8b4513", "#d05a9a", "#556b2f"]


def _fallback(i: int) -> str:
    return _PALETTE[i % len(_PALETTE)]
