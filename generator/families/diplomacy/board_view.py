"""The render view (`MapView`) of a Diplomacy board: the family builds render's view model.

`view_of(game)` reads the family's model (its map, start and geometry.yaml's data) into
the provinces, links, powers and geometry the renderers draw (a border's kind, or the one
the enabled modules' `border_kinds` hooks give it: a river); the
location reader it gives the view is the family's own (the one its order parser uses), so
a drawing resolves names exactly as the engine does. Coloured neutral centres come from the
enabled rule modules' `neutral_colours` hooks.
"""
from __future__ import annotations

from typing import Callable

from ...render import LinkView, MapView, PowerView, ProvinceView, UnitView, colour, label_point
from .api import parse_unit
from .model import DiplomacyMap, Game
from .orders import OrderSyntaxError, read_location
from .rules import enabled


def _xy(value) -> tuple[float, float] | None:
    """A point as geometry.yaml writes it ([x, y]), or None."""
    if value is None:
        return None
    return (float(value[0]), float(value[1]))


def view_of(game: Game, title: str | None = None) -> MapView:
    """A MapView of the game's board. A caller that draws one board many times keeps
    the view it got (pages_render.board_view: the model is per build)."""
    return fresh_view_of(game, title)


def fresh_view_of(game: Game, title: str | None = None) -> MapView:
    """A new MapView (not shared with other callers)."""
    geometry = game.geometry or {}
    outlines = geometry.get("outlines") or {}
    image = geometry.get("image") or {}
    label_overrides = geometry.get("labels") or {}
    coast_labels = {str(k).lower(): _xy(v) for k, v in (geometry.get("coast_labels") or {}).items()}
    coloured = _coloured_neutrals(game)

    provinces: dict[str, ProvinceView] = {}
    for pid, p in game.map.provinces.items():
        label = _xy(label_overrides.get(pid)) or p.label
        pieces = outlines.get(pid) or outlines.get(pid.upper()) or outlines.get(pid.lower()) or []
        if pieces and isinstance(pieces[0], (int, float)):
            pieces = [pieces]
        placed = label is not None
        if label is None and pieces:
            label, placed = label_point(pieces), True
        coasts = {str(c).lower(): coast_labels.get(f"{pid}/{c}".lower()) for c in p.coasts}
        provinces[pid] = ProvinceView(
            id=pid,
            name=p.name or pid,
            abbr=p.abbr or pid,   # as written, as the engine shows it ("MSB n")
            kind=p.type or "land",
            supply_center=p.supply_center,
            home=p.home,
            label=label or (0.0, 0.0),
            coasts=coasts,
            pieces=[list(piece) for piece in pieces],
            region=p.region or "",
            neutral_colour=coloured.get(pid),
            estimated=_is_estimated(p.source),
            reasoning=_reasoning(p.source),
            placed=placed,
        )

    kinds = _border_kinds(game)
    links = [LinkView(b.a, b.b, "army" in b.units, "fleet" in b.units,
                      b.kind or kinds.get(frozenset((b.a.split("/")[0], b.b.split("/")[0])), ""))
             for b in game.map.borders
             if not b.derived]   # (a rule module's borders, sealanes, are drawn by their own outlines)

    powers = {pid: PowerView(pid, w.name or pid, colour(w.color, _fallback(i)))
              for i, (pid, w) in enumerate(game.map.powers.items())}

    width = float(image.get("width") or 0)
    height = float(image.get("height") or 0)
    if sum(1 for p in provinces.values() if not p.placed) * 2 > max(len(provinces), 1):
        _layout(provinces, links)
        width = height = 0
    if not width or not height:
        xs = [p.label[0] for p in provinces.values() if p.placed] or [0]
        ys = [p.label[1] for p in provinces.values() if p.placed] or [0]
        width, height = max(xs) + 40, max(ys) + 40
    _place_unplaced(provinces, width, height)
    decor = [(colour(item.get("color"), "#dddddd"), [list(r) for r in item["rings"]])
             for item in geometry.get("decor") or [] if item.get("rings")]
    owners = {str(k): str(v) for k, v in (geometry.get("owners") or {}).items()}
    contacts = None
    if geometry.get("contacts"):
        contacts = set()
        for item in geometry["contacts"]:
            a, b = str(item[0]).split("/")[0], str(item[1]).split("/")[0]
            contacts.add((min(a, b), max(a, b)))

    units = {str(k): list(v) for k, v in game.start.units.items()}
    centers = {str(k): [str(c) for c in v] for k, v in game.start.centers.items()}
    return MapView(str(title or game.title or "Map"), width, height, provinces, links, powers,
                   has_outlines=any(p.pieces for p in provinces.values()),
                   start_units=units, start_centers=centers, decor=decor,
                   published_owners=owners, contacts=contacts, locate=_locator(game.map))


def unit_views(game: Game, units: dict | None, where: str = "units") -> tuple[UnitView, ...]:
    """Units written as a position writes them (power -> ["A PAR", "F STP/NC"]), read by
    the family's own unit reader, as render draws them: a power's units in the order
    given. Raises api.AdjudicationError naming the unit it cannot read."""
    out = []
    for power, items in (units or {}).items():
        for i, text in enumerate(items or ()):
            u = parse_unit(game, text, str(power), (where, str(power), i))
            out.append(UnitView(u.power, u.kind, u.location))
    return tuple(out)


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
    """A province's `source` (map.yaml): "estimated", or {id: estimated, reasoning: ...}."""
    if isinstance(source, dict):
        return str(source.get("id") or source.get("source") or "") == "estimated"
    return source == "estimated"


def _reasoning(source) -> str:
    return str(source.get("reasoning") or "") if isinstance(source, dict) else ""


def _coloured_neutrals(game) -> dict[str, str]:
    """Neutral centres drawn in a power's colour: province -> power, as the enabled rule
    modules' `neutral_colours` hooks give them."""
    out: dict[str, str] = {}
    for fn, params in enabled(game).hooks("neutral_colours"):
        out.update(fn(game, params))
    return out


def _border_kinds(game) -> dict[frozenset, str]:
    """{frozenset({province, province}): kind} of the borders a rule module draws as some kind
    (a river), from the enabled modules' `border_kinds` hooks; a border's own kind comes first."""
    out: dict[frozenset, str] = {}
    for fn, params in enabled(game).hooks("border_kinds"):
        out.update(fn(game, params))
    return out


_PALETTE = ["#2e5cb8", "#c8102e", "#2e8b57", "#d4a017", "#7b3f9e", "#e07020", "#1c9c9c",
            "#8b4513", "#d05a9a", "#556b2f"]


def _fallback(i: int) -> str:
    return _PALETTE[i % len(_PALETTE)]
