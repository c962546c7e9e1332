"""Receiving reinforcements and replacements (6.0-6.2) and recovering from disruption (12.0).

Reading of 6.1 C: a home city is "free of enemy ZOCs" when no enemy stack next to it exerts a ZOC
that reaches it. 11.2 B keeps enemy ZOCs out of one's own cities for movement; were that applied
here, the ZOC clause of 6.1 C could never matter, so for placement the enemy stack's ZOC counts.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .control import city_holder, combat_units, enemy_occupied
from .model import HexGame, Position, Unit
from .stacking import stack_problems
from .zoc import enemy_controlled, stack_zoc, zoc_reaches


def zoc_on_placement(game: HexGame, pos: Position, hex_id: str, side: str,
                     exerting: set[str] | None = None) -> str:
    """The enemy stack whose ZOC reaches `hex_id` for 6.1 C ('' when none). `exerting`:
    the hexes whose enemy stack exerts a ZOC, when the caller asks for many hexes."""
    if exerting is None:
        exerting = _exerting(game, pos, game.enemy(side))
    for n in game.map.grid.neighbours(hex_id):
        if n in exerting and zoc_reaches(game, n, hex_id)[0]:
            return n
    return ""


def _exerting(game: HexGame, pos: Position, side: str) -> set[str]:
    """The hexes where a stack of `side` exerts a ZOC (each stack asked once, not once for
    every hex next to it)."""
    return {h for h in {u.hex for u in pos.units.values() if u.side == side} if stack_zoc(game, pos, h, side)[0]}


def placement_hexes(game: HexGame, pos: Position, side: str) -> tuple[list[str], str]:
    """Where `side`'s new units may appear (6.1 C-D), with the rule that applied."""
    exerting = _exerting(game, pos, game.enemy(side))
    cities = sorted((c for c in game.map.cities.values() if c.country == side), key=lambda c: c.hex)
    free = [c.hex for c in cities if city_holder(game, pos, c.hex) == side and not enemy_occupied(game, pos, c.hex, side)
            and not zoc_on_placement(game, pos, c.hex, side, exerting)]
    if free:
        return free, "6.1 C"
    home = sorted(h for h, c in game.map.country.items() if c == side and game.terrain[game.map.terrain[h]].passable
                  and not enemy_occupied(game, pos, h, side) and not zoc_on_placement(game, pos, h, side, exerting))
    return home, "6.1 D"


def _a(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name.lower()


def cost_id(game: HexGame, type_id: str, box: str) -> tuple[str | None, str]:
    """The AP cost id for receiving a unit of `type_id` from `box`, or None with the reason it may not come."""
    t = game.unit_types.get(type_id)
    if t is None:
        return None, f"unknown unit type '{type_id}'"
    infantry_division = t.arm == "infantry" and t.size == "division"
    if box == "reinforcement":
        if not infantry_division:
            return None, f"only infantry divisions arrive as reinforcements, not {_a(t.name)} (6.0 F)"
        return "receive-reinforcement-division", ""
    if not t.replaceable:
        return None, f"{_a(t.name)} is never replaced (16.7.1 B)"
    if infantry_division:
        return "receive-replacement-division", ""
    if t.arm == "armour" and t.size == "brigade":
        return "receive-replacement-armour", ""
    return None, f"only infantry divisions and armoured brigades are replaced, not {_a(t.name)} (6.0 F)"


@dataclass
class ArrivalReport:
    legal: bool
    ap_cost: int = 0
    placed: list[dict] = field(default_factory=list)
    allowed_hexes: list[str] = field(default_factory=list)
    rule: str = ""
    boxes_after: dict = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "ap": self.ap_cost, "placed": self.placed, "placement_rule": self.rule,
                "allowed_hex_count": len(self.allowed_hexes), "boxes_after": self.boxes_after, "problems": self.problems}


def receive(game: HexGame, pos: Position, side: str, arrivals: list[dict], boxes: dict, *,
            ap_available: int | None = None) -> ArrivalReport:
    """6.1: pay for and place each arriving unit in order; the boxes limit what can come (6.1 B, 6.2)."""
    rep = ArrivalReport(False)
    rep.allowed_hexes, rep.rule = placement_hexes(game, pos, side)
    if rep.rule == "6.1 D":
        rep.trace.append(f"every {side} home city is occupied or controlled by the enemy: any free home hex will do (6.1 D)")
    else:
        rep.trace.append(f"{len(rep.allowed_hexes)} {side} home cities are free of enemy units and ZOCs (6.1 C)")
    left = {b: dict((boxes or {}).get(b, {})) for b in ("reinforcement", "replacement")}
    used_hexes: set[str] = set()
    placed_units: list[Unit] = []
    for i, a in enumerate(arrivals):
        type_id, box, h = a["type"], a["box"], str(a["hex"])
        cid, why = cost_id(game, type_id, box)
        if cid is None:
            rep.problems.append(why)
            continue
        if left[box].get(type_id, 0) < 1:
            rep.problems.append(f"the {box} box holds no {type_id} (6.1 B, 6.2)")
            continue
        if h not in rep.allowed_hexes:
            city = game.map.city_at(h)
            where = f"{city.name} ({h})" if city else h
            reason = "not a free home city" if rep.rule == "6.1 C" else "not a free home hex"
            rep.problems.append(f"{where} is {reason} ({rep.rule})")
            continue
        if h in used_hexes:
            rep.problems.append(f"a second unit may not appear in {h} this phase (6.1 E)")
            continue
        cost = game.ap_cost(cid)
        new = Unit(f"new-{i + 1}", side, type_id, h)
        stack = combat_units(game, pos, h, side) + [u for u in placed_units if u.hex == h] + [new]
        problems = stack_problems(game, stack, game.map.terrain.get(h, "clear"), before_formation=True)
        if problems:
            rep.problems += [f"{h}: {p}" for p in problems]
            continue
        rep.ap_cost += cost
        left[box][type_id] -= 1
        used_hexes.add(h)
        placed_units.append(new)
        rep.placed.append({"type": type_id, "box": box, "hex": h, "ap": cost})
        rep.trace.append(f"{type_id} from the {box} box appears in {h} for {cost} APs (6.0 F); placing it costs no MPs (6.1 F)")
    if ap_available is not None and rep.ap_cost > ap_available:
        rep.problems.append(f"the arrivals cost {rep.ap_cost} APs; {ap_available} are left (6.1 B)")
    rep.boxes_after = {b: {k: v for k, v in sorted(v.items())} for b, v in left.items()}
    rep.legal = not rep.problems
    rep.trace.append(f"total {rep.ap_cost} APs" + ("" if rep.legal else "; not legal: " + rep.problems[0]))
    return rep


@dataclass
class RecoveryReport:
    legal: bool
    ap_cost: int = 0
    recovered: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "ap": self.ap_cost, "recovered": self.recovered, "problems": self.problems}


def recover(game: HexGame, pos: Position, side: str, unit_ids: list[str], *, ap_available: int | None = None) -> RecoveryReport:
    """12.0: flip disrupted units back for 1 AP per SP, in any terrain and whatever the EZOCs."""
    rep = RecoveryReport(False)
    per = game.ap_cost("recover-disruption")
    for uid in unit_ids:
        u = pos.units.get(uid)
        if u is None:
            rep.problems.append(f"no unit '{uid}'")
            continue
        if u.side != side:
            rep.problems.append(f"{uid} is not a {side} unit (12.0 A)")
            continue
        if not u.disrupted:
            rep.problems.append(f"{uid} is not disrupted")
            continue
        sp = int(game.unit_type(u).strength.value)
        rep.ap_cost += per * sp
        rep.recovered.append(uid)
        ez = enemy_controlled(game, pos, u.hex, side)[0]
        rep.trace.append(f"{uid} ({sp} SP) in {u.hex} recovers for {per * sp} AP(s) (12.0 E)"
                         + ("; it is in an EZOC, which does not matter (12.0 B)" if ez else ""))
    if ap_available is not None and rep.ap_cost > ap_available:
        rep.problems.append(f"recovery costs {rep.ap_cost} APs; {ap_available} are left (12.0 C)")
    rep.legal = not rep.problems
    rep.trace.append(f"total {rep.ap_cost} APs" + ("" if rep.legal else "; not legal: " + rep.problems[0]))
    return rep
