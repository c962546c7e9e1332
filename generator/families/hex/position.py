"""`mapwright render` for hex games: a position file in, an SVG of the hexes with the units out.

The position is the same data a worked example's position holds (units with id, side, type and
hex, optionally disrupted; `bridges` held or destroyed; `focus` hexes to draw only their
surroundings instead of the whole map). `units` may also map each side to its list of units,
the shape of a Diplomacy position (`{BLUE: [{id, type, hex}], RED: [...]}`). Malformed positions raise PositionError with the reason,
so the command reports it instead of drawing a wrong picture.
"""
from __future__ import annotations

from .model import HexGame
from .render import example_figure, map_svg

UNIT_KEYS = ("id", "side", "type", "hex")


class PositionError(ValueError):
    """The position cannot be drawn; the message says why."""


def _units(request: dict):
    """The units as a list of mappings with their side, or None when `units` has neither shape."""
    units = request.get("units", [])
    if isinstance(units, dict):
        flat = []
        for side, items in units.items():
            if not isinstance(items, list):
                return None
            flat += [{**u, "side": side} if isinstance(u, dict) else u for u in items]
        return flat
    return units if isinstance(units, list) else None


def _shape(request: dict) -> list[str]:
    units = _units(request)
    if units is None:
        return ["`units` must be a list of {id, side, type, hex} mappings, or map each side to its list"]
    out = []
    for i, u in enumerate(units):
        if not isinstance(u, dict) or any(not isinstance(u.get(k), str) for k in UNIT_KEYS):
            out.append(f"unit {i + 1}: needs string values for {', '.join(UNIT_KEYS)}")
    for key in ("bridges", "focus"):
        if not isinstance(request.get(key, []), list):
            out.append(f"`{key}` must be a list")
    for i, b in enumerate(request.get("bridges", []) if isinstance(request.get("bridges", []), list) else []):
        if not (isinstance(b, dict) and isinstance(b.get("hexes"), list) and len(b["hexes"]) == 2
                and all(isinstance(h, str) for h in b["hexes"]) and isinstance(b.get("held_by"), str)):
            out.append(f"bridge {i + 1}: needs `hexes: [a, b]` and `held_by`")
    return out


def render_position(game: HexGame, request: dict, title: str | None = None) -> str:
    """An SVG of the position: the whole map (mm) or, with `focus`, the hexes around it (px)."""
    from .examples import build_position
    if not isinstance(request, dict):
        raise PositionError("the position must be a mapping with `units:`")
    problems = _shape(request)
    if problems:
        raise PositionError("; ".join(problems))
    pos, _, problems = build_position(game, {"units": _units(request), "bridges": request.get("bridges", [])})
    if problems:
        raise PositionError("; ".join(problems))
    focus = [str(h) for h in request.get("focus", [])]
    if focus:
        bad = [h for h in focus if not game.map.grid.contains(h)]
        if bad:
            raise PositionError(f"focus hex(es) outside the grid: {', '.join(bad)}")
        return example_figure(game, pos, focus)
    svg, _, _ = map_svg(game, pos=pos, title=title or "")
    return svg
