"""Special doctrine moves (variant 16.6.1.1-16.6.1.2): amphibious invasion by marines and airborne
moves, each once a turn, from a city, for APs, spending the unit's whole movement allowance.
Here: the moves, their report and the coast; the rule is the hook of the module that provides it."""
from __future__ import annotations

from dataclasses import dataclass, field

from .model import HexGame, Position
from .modules import first, refusal

# mode -> (the unit capability in units.yaml, the AP cost id, the rule)
MODES = {"amphibious": ("amphibious-invasion", "amphibious-invasion", "16.6.1.1"),
         "airborne": ("airborne-move", "airborne-move", "16.6.1.2")}


def coastal(game: HexGame, hex_id: str) -> bool:
    """A land hex touching the sea: next to an all-sea hex or across a sea hexside (16.6.1.1 C-D)."""
    t = game.terrain.get(game.map.terrain.get(hex_id, ""))
    if t is None or not t.passable:
        return False
    return any(game.map.terrain.get(n) == "sea" or "sea" in game.map.features(hex_id, n)
               for n in game.map.grid.neighbours(hex_id))


@dataclass
class SpecialMoveReport:
    legal: bool
    mode: str
    unit: str
    start: str = ""
    end: str = ""
    ap_cost: int = 0
    distance: int | None = None
    lands_in_ezoc: bool = False
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "mode": self.mode, "unit": self.unit, "start": self.start, "end": self.end,
                "ap": self.ap_cost, "mp_left": 0 if self.legal else None, "distance": self.distance,
                "lands_in_ezoc": self.lands_in_ezoc, "problems": self.problems}


def special_move(game: HexGame, pos: Position, mode: str, unit_id: str, to: str, *, ap_available: int | None = None,
                 interdiction: list[str] = (), used_this_turn: bool = False) -> SpecialMoveReport:
    """Check and cost one amphibious invasion or airborne move of `unit_id` to `to` (the module's hook)."""
    rep = SpecialMoveReport(False, mode, unit_id, end=to)
    unit = pos.units.get(unit_id)
    if mode not in MODES:
        rep.problems.append(f"unknown special move '{mode}'")
        return rep
    if unit is None:
        rep.problems.append(f"no unit '{unit_id}'")
        return rep
    rep.start = unit.hex
    moved = first(game, "special_move", pos, rep, ap_available=ap_available, interdiction=interdiction,
                  used_this_turn=used_this_turn)
    if moved is None:
        rep.problems.append(refusal("special_move", "special moves need a rule module providing them ({module}, "
                                    + MODES[mode][2] + ")"))
        return rep
    return moved
