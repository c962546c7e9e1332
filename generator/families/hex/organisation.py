"""Corps breakdown and formation (7.0-7.3) with the Corps Organization Box."""
from __future__ import annotations

from dataclasses import dataclass, field

from .model import HexGame, Position
from .modules import first, refusal


@dataclass
class OrgReport:
    legal: bool
    ap_cost: int = 0
    removed: list[str] = field(default_factory=list)
    added: list[dict] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)
    retreat_to: list[str] = field(default_factory=list)
    retreating: str = ""
    box_after: dict = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "ap": self.ap_cost, "removed": self.removed, "added": self.added,
                "eliminated": self.eliminated, "retreat_to": self.retreat_to, "box_after": self.box_after,
                "problems": self.problems}


def corps_box_at_start(divisions_available: int) -> int:
    """7.0 D: corps placed in the Corps Organization Box = available divisions / 2."""
    return divisions_available // 2


def breakdown(game: HexGame, pos: Position, corps_id: str, box: dict) -> OrgReport:
    unit = pos.units[corps_id]
    t = game.unit_type(unit)
    rep = OrgReport(False, game.ap_cost("breakdown-corps"))
    rep.trace.append(f"breaking down {corps_id} costs {rep.ap_cost} APs (7.0 G)")
    if t.size != "corps" or t.arm != "infantry":
        rep.problems.append(f"{corps_id} is not an infantry corps (7.0 E)")
    if unit.disrupted:
        rep.problems.append(f"{corps_id} is disrupted and may not break down (7.1 B)")
    if box.get("divisions", 0) < 2:
        rep.problems.append("the Corps Organization Box holds fewer than two divisions (7.1 D)")
    if rep.problems:
        return rep
    rep.removed = [corps_id]
    rep.added = [{"id": f"{corps_id}-a", "type": t.components[0], "hex": unit.hex},
                 {"id": f"{corps_id}-b", "type": t.components[1], "hex": unit.hex}]
    rep.box_after = {"corps": box.get("corps", 0) + 1, "divisions": box.get("divisions", 0) - 2}
    rep.trace.append(f"{corps_id} goes to the box; two divisions come out of it in {unit.hex} (7.1 D); "
                     "terrain and EZOCs do not matter (7.1 C)")
    rep.legal = True
    return rep


def formation(game: HexGame, pos: Position, hex_id: str, side: str, box: dict, ap_available: int,
              *, shock: bool = False) -> OrgReport:
    """7.2: two infantry divisions in one hex must form a corps (or, variant 3.3.4 A, a shock corps
    together with an armoured brigade in the same hex)."""
    divs = [u for u in pos.at(hex_id) if u.side == side and game.unit_type(u).size == "division"
            and game.unit_type(u).arm == "infantry"]
    if shock:
        made = first(game, "corps_formation", pos, hex_id, side, box, ap_available, divs)
        if made is None:
            made = OrgReport(False, 0)
            made.problems.append(refusal("corps_formation", "shock corps need a rule module providing them ({module}, 3.3.4 A)"))
        return made
    rep = OrgReport(False, 0)
    armour = [u.id for u in pos.at(hex_id) if u.side == side and game.unit_type(u).arm == "armour"]
    if armour:
        rep.trace.append(f"{', '.join(armour)} may stay in the hex but takes no part: armour never forms part of a corps (7.3 A, C)")
    if len(divs) != 2:
        rep.problems.append(f"{hex_id} holds {len(divs)} {side} infantry division(s); formation needs two")
        return rep
    if not all(game.unit_type(u).corps_forming for u in divs):
        rep.problems.append("intervention divisions may not build corps (16.7.1 B)")
        return rep
    a, b = divs
    if a.disrupted and b.disrupted:
        from .losses import retreat_hexes   # retreat limits of 13.8.2 apply to this retreat too
        check = retreat_hexes(game, pos, hex_id, [b])
        rep.retreat_to = check.allowed
        rep.retreating = b.id
        rep.trace.append("both divisions are disrupted: no corps forms (7.2.2 A)")
        if check.allowed:
            rep.trace.append(f"one division, {b.id}, retreats one hex, to one of {', '.join(check.allowed)} (7.2.2 A, 13.8.2)")
        else:
            rep.eliminated = [b.id]
            rep.trace.append(f"no retreat route is open: {b.id} is eliminated (7.2.2 A)")
        rep.legal = True
        rep.box_after = dict(box)
        return rep
    cost = game.ap_cost("form-corps")
    if ap_available < cost or box.get("corps", 0) < 1:
        why = f"{ap_available} APs left, {cost} needed" if ap_available < cost else "no corps in the box"
        rep.eliminated = [b.id]
        rep.trace.append(f"formation impossible ({why}): one division, {b.id}, is eliminated (7.2.3)")
        rep.legal = True
        rep.box_after = dict(box)
        return rep
    rep.ap_cost = cost
    disrupted = a.disrupted or b.disrupted
    corps_type = next(t.id for t in game.unit_types.values() if t.size == "corps" and t.arm == "infantry")
    rep.removed = [a.id, b.id]
    rep.added = [{"id": f"{side.lower()}-corps-{hex_id}", "type": corps_type, "hex": hex_id, "disrupted": disrupted}]
    rep.box_after = {"corps": box.get("corps", 0) - 1, "divisions": box.get("divisions", 0) + 2}
    rep.trace.append(f"{a.id} and {b.id} form a corps for {cost} APs (7.0 G)"
                     + ("; one was disrupted, so the corps is disrupted (7.2.1)" if disrupted else ""))
    rep.legal = True
    return rep
