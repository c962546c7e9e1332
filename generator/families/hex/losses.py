"""Satisfying loss points (13.6-13.8): every legal way, for attacker and defender, and retreats."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from .control import bridge_controller, enemy_occupied
from .model import HexGame, Position, Unit
from .stacking import stack_problems
from .zoc import enemy_controlled


@dataclass(frozen=True)
class LossOption:
    retreat: str | None = None
    disrupt: bool = False
    eliminate: tuple[tuple[str, int], ...] = ()
    satisfied: int = 0
    shortfall: int = 0
    absorbed_by: str = ""    # "city" or "fort" for an unoccupied city or fort

    def text(self) -> str:
        parts = []
        if self.absorbed_by:
            parts.append(f"the {self.absorbed_by} takes 1 LP")
        if self.retreat:
            parts.append(f"retreat to {self.retreat} (1 LP)")
        if self.disrupt:
            parts.append("disrupt all units (1 LP)")
        if self.eliminate:
            parts.append("eliminate " + ", ".join(f"{u} ({n} LP)" for u, n in self.eliminate))
        if self.shortfall:
            parts.append(f"{self.shortfall} LP cannot be satisfied")
        return "; ".join(parts) or "no loss"

    def to_dict(self) -> dict:
        return {"retreat": self.retreat, "disrupt": self.disrupt,
                "eliminate": {u: n for u, n in self.eliminate}, "satisfied": self.satisfied,
                "shortfall": self.shortfall, "text": self.text()}


def eliminations(game: HexGame, units: list[Unit], lp: int) -> list[tuple[tuple[str, int], ...]]:
    """Every way to eliminate exactly `lp` loss points from `units` (a corps may give 1 or 2, 13.7.1)."""
    caps = [(u.id, int(game.unit_type(u).loss_points.value)) for u in sorted(units, key=lambda u: u.id)]
    out = []
    for amounts in product(*[range(cap + 1) for _, cap in caps]):
        if sum(amounts) == lp:
            out.append(tuple((uid, n) for (uid, _), n in zip(caps, amounts) if n))
    return sorted(out)


def _with_elimination(game, units, lp, *, retreat=None, disrupt=False, base=0) -> list[LossOption]:
    capacity = sum(int(game.unit_type(u).loss_points.value) for u in units)
    if lp <= 0:
        return [LossOption(retreat, disrupt, (), base, 0)]
    if capacity < lp:
        everything = tuple((u.id, int(game.unit_type(u).loss_points.value)) for u in sorted(units, key=lambda u: u.id))
        return [LossOption(retreat, disrupt, everything, base + capacity, lp - capacity)]
    return [LossOption(retreat, disrupt, e, base + lp, 0) for e in eliminations(game, units, lp)]


def corps_note(game: HexGame, units: list[Unit], lp: int) -> list[str]:
    """13.7.1 B-C, said when it shapes the ways: a corps gives 1 or 2 of the LPs to eliminate."""
    corps = [u.id for u in units if int(game.unit_type(u).loss_points.value) > 1]
    if not corps or lp <= 0:
        return []
    return [f"{', '.join(corps)} may give 2 LPs (both divisions gone) or 1 (one division gone, the other left "
            "disrupted) (13.7.1 B-C)"]


def attacker_options(game: HexGame, units: list[Unit], lp: int) -> list[LossOption]:
    """13.6.2: eliminate divisions/brigades, or disrupt every attacker for the first LP."""
    if lp <= 0:
        return [LossOption()]
    options = _with_elimination(game, units, lp)
    if units:
        options += _with_elimination(game, units, lp - 1, disrupt=True, base=1)
    return options


@dataclass
class RetreatCheck:
    allowed: list[str]
    refused: dict[str, str] = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)


def retreat_hexes(game: HexGame, pos: Position, hex_id: str, units: list[Unit]) -> RetreatCheck:
    """Where a defending stack may retreat one hex (13.8.2, 15.3, 11.5 B)."""
    side = units[0].side
    ids = {u.id for u in units}
    candidates, refused = [], {}
    for n in game.map.grid.neighbours(hex_id):
        feats = game.map.features(hex_id, n)
        terrain = game.terrain.get(game.map.terrain.get(n, ""))
        if terrain is None or not terrain.passable:
            refused[n] = "prohibited or water (13.8.2 A)"
            continue
        if any(f in feats for f in ("blocked", "sea", "lake")):
            refused[n] = "blocked, sea or lake hexside"
            continue
        if "river" in feats or "great-river" in feats:
            if bridge_controller(game, pos, hex_id, n) != side:
                refused[n] = "across a river without a bridge the retreating side controls (15.3)"
                continue
        if enemy_occupied(game, pos, n, side):
            refused[n] = "enemy-occupied (13.8.2 A)"
            continue
        ezoc, why = enemy_controlled(game, pos, n, side)
        if ezoc:
            refused[n] = f"enemy-controlled: {why} (11.5 B; a ZOC holds in every phase, 11.6.1)"
            continue
        there = [u for u in pos.at(n) if u.side == side and u.id not in ids]
        if stack_problems(game, there + list(units), game.map.terrain[n], before_formation=True):
            refused[n] = "would break the stacking limits (13.8.2 A)"
            continue
        candidates.append(n)
    trace = []
    vacant = [n for n in candidates if not pos.at(n)]
    if vacant:
        allowed = vacant
        if len(vacant) < len(candidates):
            trace.append("a vacant hex is open, so the stack must retreat into one (13.8.2 C)")
    elif candidates:
        def rank(n):
            adjacent_enemy = any(u.side != side for m in game.map.grid.neighbours(n) for u in pos.at(m))
            return (adjacent_enemy, len(pos.at(n)))
        best = min(rank(n) for n in candidates)
        allowed = [n for n in candidates if rank(n) == best]
        trace.append("no vacant hex: the stack goes where the fewest friendly units are, away from enemies (13.8.2 C)")
    else:
        allowed = []
    return RetreatCheck(sorted(allowed), refused, trace)


def defender_options(game: HexGame, pos: Position, hex_id: str, units: list[Unit], lp: int,
                     *, fort_or_city: str = "") -> tuple[list[LossOption], list[str]]:
    """13.6.3-13.6.4, 13.7.3 F: the defender's ways to satisfy `lp`; also a trace."""
    trace: list[str] = []
    if lp <= 0:
        return [LossOption()], trace
    if not units:
        if fort_or_city:
            trace.append(f"an unoccupied {fort_or_city} is worth only 1 LP (13.4.6)")
            return [LossOption(satisfied=1, absorbed_by=fort_or_city, shortfall=0)], trace
        return [LossOption()], trace
    options = _with_elimination(game, units, lp)
    trace += corps_note(game, units, lp)
    if fort_or_city:
        trace.append(f"units in a {fort_or_city} satisfy losses only by elimination (13.6.4 A)")
        return options, trace
    if any(u.disrupted for u in units):
        trace.append("a disrupted defender may not retreat: only elimination (13.7.3 E-F)")
        return options, trace
    check = retreat_hexes(game, pos, hex_id, units)
    trace += check.trace
    for n, why in sorted(check.refused.items()):
        trace.append(f"no retreat to {n}: {why}")
    if not check.allowed:
        trace.append("no retreat route is open: losses are taken by elimination (13.8.2 B)")
        return options, trace
    trace.append("outside a fort or city the defender may eliminate units, retreat for the first LP, or retreat "
                 "and disrupt for the first two (13.6.3)")
    trace.append(f"a retreat moves the whole stack one hex, to {', '.join(check.allowed)}, and satisfies 1 LP however "
                 "many units go (13.8.1)")
    for n in check.allowed:
        options += _with_elimination(game, units, lp - 1, retreat=n, base=1)
        if lp >= 2:
            options += _with_elimination(game, units, lp - 2, retreat=n, disrupt=True, base=2)
    return options, trace
