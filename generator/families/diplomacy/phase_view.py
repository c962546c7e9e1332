"""The order diagram's view of a phase: the family builds render's `PhaseView`.

Each order is read by the family's own parser (the reading the adjudicator made of the
same text) into an `OrderView` with the decision the adjudicator recorded for that very
order, paired by place (decisions.py), never by matching texts: in a movement phase the
order's typed `Verdict`, which says whether it succeeds and why.
"""
from __future__ import annotations

import re

from ...render import OrderView, PhaseView, UnitView, order_diagram
from .api import PhaseResult, _power, parse_unit
from .board_view import unit_views, view_of
from .decisions import Decision, decisions
from .model import Game
from .orders import Order, OrderSyntaxError, parse_order
from .rules._engine import shown_year

_VERBS = {"hold": "H", "move": "M", "support": "S", "convoy": "C", "retreat": "R", "disband": "D",
          "build": "B", "transform": "T"}


def phase_diagram(game: Game, request: dict, result: PhaseResult | None, *, view=None, title: str = "") -> str:
    """The SVG order diagram of `request` (adjudicated as `result`; None: its orders
    drawn without outcomes) on `game`'s board (`view`: the board's view, if kept)."""
    return order_diagram(view or view_of(game), phase_view(game, request, result), title=title)


def phase_view(game: Game, request: dict, result: PhaseResult | None) -> PhaseView:
    """What the diagram draws of `request` and its adjudication `result`."""
    units = request.get("units") or {}
    orders = order_views(game, request, result)
    after = result.after if result is not None else None
    if not orders and after is not None:   # no orders given (a power's default builds): what appeared
        orders = _appeared_as_builds(game, units, after.units)
    dislodged_after: list[UnitView] = []
    retreats: list[tuple[UnitView, tuple[str, ...]]] = []
    for power, items in (after.dislodged.items() if after is not None else ()):
        for u, d in zip(unit_views(game, {power: [d["unit"] for d in items]}, "dislodged"), items):
            dislodged_after.append(u)
            retreats.append((u, tuple(d["retreats"])))
    return PhaseView(title=phase_title(request.get("phase"), game), units=unit_views(game, units), orders=tuple(orders),
                     centers=request.get("centers") or {},
                     dislodged=unit_views(game, dislodged_units(request.get("dislodged")), "dislodged"),
                     dislodged_after=tuple(dislodged_after), retreats=tuple(retreats))


def order_views(game: Game, request: dict, result: PhaseResult | None) -> list[OrderView]:
    """The request's orders the diagram can draw, each with the decision on it."""
    given = request.get("orders") or {}
    retreat = str(request.get("phase") or "").upper().endswith("R")
    decided = decisions(result) if result is not None else {}
    out = []
    for power in sorted(given):
        pid = _power(game, power, ("orders", power))
        for i, text in enumerate(given[power] or []):
            try:
                order = parse_order(str(text), power, game.map)
            except OrderSyntaxError:    # no order (the adjudicator reported it): nothing to draw
                continue
            d = decided.get((pid, i))
            view = _order_view(power, str(text), order, retreat, d)
            if view is not None:
                out.append(view)
    return out


def _order_view(power: str, text: str, o: Order, retreat: bool, d: Decision | None) -> OrderView | None:
    verb = _VERBS.get(o.kind)
    if verb is None:   # WAIVE: nothing to draw
        return None
    if verb == "M" and retreat:   # in a retreat phase a move is a retreat
        verb = "R"
    return OrderView(power, " ".join(text.split()), verb, o.unit or "A", o.location,
                     target_kind=o.target_unit or ("A" if verb == "C" else ""), target=o.target,
                     dest=o.dest, via_convoy=o.via, new_unit=(o.new_unit or "") if verb == "T" else "",
                     succeeds=d.succeeds if d is not None else None,
                     why=d.why if d is not None and not d.succeeds else "")


def _appeared_as_builds(game: Game, before: dict, after: dict[str, list[str]]) -> list[OrderView]:
    """Units present after the phase and not before it, as succeeded builds: what a
    power with no orders received by default."""
    had = set()
    for power, units in before.items():
        pid = _power(game, power, ("units", power))
        had |= {(pid, parse_unit(game, text, pid, "units").name) for text in units or []}
    out = []
    for power in sorted(after):
        for unit in after[power]:
            if (power, unit) not in had:
                kind, loc = unit.split(" ", 1)
                out.append(OrderView(power, f"{kind} {loc} (default build)", "B", kind, loc, succeeds=True))
    return out


def dislodged_units(block) -> dict[str, list[str]]:
    """A request's `dislodged`: `{"FRANCE": ["A PAR"]}` or `{"FRANCE": [{"unit": "A PAR", ...}]}`."""
    out: dict[str, list[str]] = {}
    for power, items in (block or {}).items():
        for it in items or []:
            if isinstance(it, str):
                out.setdefault(power, []).append(it)
            elif isinstance(it, dict):
                out.setdefault(power, []).append(it.get("unit") or f"{it.get('type', 'A')} {it.get('location', '')}")
    return out


def phase_title(phase, game: Game | None = None) -> str:
    """"S1901M" -> "Spring 1901, movement" (the year the game's calendar gives, turn_years)."""
    if not phase:
        return "Orders"
    m = re.match(r"^([SFW])(\d{4})([MRA])$", str(phase).upper())
    if not m:
        return str(phase)
    season = {"S": "Spring", "F": "Fall", "W": "Winter"}[m.group(1)]
    kind = {"M": "movement", "R": "retreats", "A": "adjustments"}[m.group(3)]
    year = shown_year(game, str(phase).upper()) if game is not None else None
    return f"{season} {m.group(2) if year is None else year}, {kind}"
