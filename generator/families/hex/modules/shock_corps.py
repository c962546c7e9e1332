"""Variant 3.3.4 A: a tank brigade and two infantry divisions form a shock corps."""
from __future__ import annotations

from ..model import HexGame, Position, Unit
from ..organisation import OrgReport
from . import RuleModule


def shock_formation(game: HexGame, params, pos: Position, hex_id: str, side: str, box: dict, ap_available: int,
                    divs: list[Unit]) -> OrgReport:
    """Variant 3.3.4 A: one armoured brigade and two infantry divisions in one hex become a shock corps.

    Read with 7.2: it happens in the Formation Phase; the components go to the Corps Organization
    Box (box key `shock`: shock corps counters left); a disrupted component makes the corps disrupted
    (7.2.1) and two disrupted divisions cannot form (7.2.2); intervention units never build corps.
    """
    rep = OrgReport(False, 0)
    tanks = [u for u in pos.at(hex_id) if u.side == side and game.unit_type(u).arm == "armour"
             and game.unit_type(u).size == "brigade"]
    if len(divs) != 2 or not tanks:
        rep.problems.append(f"{hex_id} holds {len(divs)} {side} infantry division(s) and {len(tanks)} armoured brigade(s); "
                            "a shock corps needs two and one (3.3.4 A)")
        return rep
    parts = divs + tanks[:1]
    if not all(game.unit_type(u).corps_forming and game.unit_type(u).replaceable for u in parts):
        rep.problems.append("intervention units may not build corps (16.7.1 B)")
        return rep
    if all(u.disrupted for u in divs):
        rep.problems.append("both divisions are disrupted: no corps may form (7.2.2)")
        return rep
    shock_type = next((t for t in game.unit_types.values() if t.size == "corps" and t.arm == "mixed"), None)
    if shock_type is None:
        rep.problems.append("units.yaml defines no shock corps (a corps of arm `mixed`)")
        return rep
    cost = game.ap_cost("form-shock-corps")
    rep.trace.append(f"{', '.join(u.id for u in parts)} may form a shock corps for {cost} APs (3.3.4 A)")
    if ap_available < cost:
        rep.problems.append(f"{cost} APs are needed, {ap_available} are left")
    if box.get("shock", 1) < 1:
        rep.problems.append("no shock corps counter is left")
    if rep.problems:
        return rep
    disrupted = any(u.disrupted for u in parts)
    rep.ap_cost = cost
    rep.removed = [u.id for u in parts]
    rep.added = [{"id": f"{side.lower()}-shock-{hex_id}", "type": shock_type.id, "hex": hex_id, "disrupted": disrupted}]
    rep.box_after = {**box, "shock": box.get("shock", 1) - 1, "divisions": box.get("divisions", 0) + 2,
                     "armour": box.get("armour", 0) + 1}
    rep.trace.append(f"the three counters go to the Corps Organization Box and a {shock_type.name.lower()} "
                     f"({shock_type.strength.value}-{shock_type.movement.value}) takes their place"
                     + ("; a component was disrupted, so the corps is disrupted (7.2.1)" if disrupted else ""))
    rep.legal = True
    return rep


MODULE = RuleModule(
    name="shock_corps", rule="3.3.4 A (variant)",
    summary="A tank brigade and two infantry divisions in one hex form a shock corps in the Formation Phase.",
    ap_costs=("form-shock-corps",), hooks={"corps_formation": shock_formation})
