"""Advance after combat (13.8.3, 13.4.6-13.4.8, 13.6.4 B-C, 15.2.1, 15.4 C), with a variant's exploitation
(the `exploitation` hook, 16.6.1.3): who may advance, how far, and what a city or fort advanced into becomes.

The position is the one after losses were taken: the defending hex must be empty of enemy units.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .control import bridge_controller, combat_units, fort_side
from .model import HexGame, Position
from .modules import first, refusal
from .stacking import stack_problems


@dataclass
class AdvanceReport:
    legal: bool
    advances: list[dict] = field(default_factory=list)
    city_captured: str | None = None
    fort_destroyed: bool = False
    eliminated: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "advances": self.advances, "city_captured": self.city_captured,
                "fort_destroyed": self.fort_destroyed, "eliminated": self.eliminated, "problems": self.problems}


def _crossing(game: HexGame, pos: Position, side: str, a: str, b: str, *, attacked_over: bool) -> tuple[str, str]:
    """(why the hexside a-b cannot be crossed in an advance, '' when it can; a note when a reading
    lets it). `attacked_over`: the attack went over this hexside (the advance's first step)."""
    feats = game.map.features(a, b)
    for f in sorted(feats):
        t = game.hexside_types.get(f)
        if t is not None and t.passable.value is False:
            return f"the {t.name.lower()} {a}-{b} cannot be crossed", ""
    if "great-river" not in feats:
        return "", ""
    held = bridge_controller(game, pos, a, b)
    if held == side:
        return "", ""
    river = game.hexside_types.get("great-river")
    reading = river.advance_after_amphibious_assault if river else None
    if attacked_over and held in (None, "destroyed") and reading is not None and reading.value:
        return "", (f"the attack over the unbridged great river {a}-{b} was an amphibious assault (15.4 A), and after "
                    "one the attackers may advance across that hexside: 15.4 C read over 15.2.1"
                    + (" (estimated reading)" if reading.estimated else ""))
    return (f"the great river {a}-{b} is crossed in an advance only at a bridge {side} holds (15.2.1)"
            + ("" if held not in (None, "destroyed") or not attacked_over else
               "; this game's data reads 15.4 as giving an amphibious assault no advance"), "")


def advance_after_combat(game: HexGame, pos: Position, attackers: list[str], defender: str, advances: list[dict], *,
                         defender_lp: int = 0, occupied: bool = True, exploitation: bool = False,
                         ignored: list[str] = ()) -> AdvanceReport:
    """`ignored`: enemy units that retreated into the defender's hex earlier in the phase and were left
    out of the attack (13.8.2 D); an advance into the hex eliminates them."""
    rep = AdvanceReport(False)
    units = [pos.units.get(a) for a in attackers]
    if not units or any(u is None for u in units):
        rep.problems.append("unknown attacking unit(s)")
        return rep
    side = units[0].side
    foe = game.enemy(side)
    if [u for u in combat_units(game, pos, defender, foe) if u.id not in ignored]:
        rep.problems.append(f"{defender} still holds {foe} units: nobody may advance (13.8.3 A)")
    city = game.map.city_at(defender)
    fort = fort_side(game, pos, defender) == foe
    target = "fort" if fort else ("city" if city is not None else "")
    if target and not occupied:
        if defender_lp < 1:
            rep.problems.append(f"an unoccupied {target} must take at least 1 LP before it can be entered (13.4.6 A, 13.8.3 B-C)")
        else:
            rep.trace.append(f"the unoccupied {target} took {defender_lp} LP: one undisrupted attacker may enter it (13.4.6)")
    exploit = first(game, "exploitation") if exploitation else None
    if exploitation and exploit is None:
        rep.problems.append(refusal("exploitation", "exploitation needs a rule module providing it ({module}, 16.6.1.3)"))
    reach = exploit.reach if exploit else 1
    movers = [pos.units.get(a["unit"]) for a in advances]
    armour = [u is not None and game.unit_type(u).moves_as_armour for u in movers]
    if len(advances) > 1:
        if not exploit:
            rep.problems.append("only one attacking unit may advance (13.8.3 A)")
        elif exploit.group_problem(len(advances), all(armour)):
            rep.problems.append(exploit.group_problem(len(advances), all(armour)))
    ends: dict[str, list] = {}
    for adv, unit, is_armour in zip(advances, movers, armour):
        path = [str(h) for h in adv["path"]]
        if unit is None or unit.id not in attackers:
            rep.problems.append(f"{adv['unit']} did not take part in the attack (13.8.3 A)")
            continue
        ut = game.unit_type(unit)
        if unit.disrupted:
            rep.problems.append(f"{unit.id} is disrupted and may not advance (13.7.3 E)")
        if not path or path[0] != defender:
            rep.problems.append(f"{unit.id}'s advance must begin in the defender's hex {defender} (13.8.3 A, 16.6.1.3 A)")
            continue
        limit = reach if is_armour else 1
        if len(path) > limit:
            why = exploit.too_far if exploit else "13.8.3 A: one hex, unless exploiting (16.6.1.3)"
            rep.problems.append(f"{unit.id} may advance {limit} hex(es), not {len(path)} ({why})")
            continue
        cur = unit.hex
        for i, h in enumerate(path):
            if not game.map.grid.contains(h) or not game.map.grid.adjacent(cur, h):
                rep.problems.append(f"{h} is not adjacent to {cur}")
                break
            why, note = _crossing(game, pos, side, cur, h, attacked_over=i == 0)
            if why:
                rep.problems.append(why)
                break
            if note:
                rep.trace.append(note)
            terrain = game.terrain.get(game.map.terrain.get(h, ""))
            if terrain is None or not terrain.passable:
                rep.problems.append(f"{h} is prohibited terrain (16.6.1.3 B)")
                break
            if i > 0:   # only an exploiting unit goes beyond the defender's hex
                problem, step = exploit.onward(game, pos, side, unit.id, h)
                if problem:
                    rep.problems.append(problem)
                    break
                rep.trace.append(step)
            else:
                rep.trace.append(f"{unit.id} ({ut.name}), which took part and is undisrupted, advances into the vacated "
                                 f"{defender} (13.8.3 A); an advance spends no MPs (8.2.6)")
            cur = h
        else:
            rep.advances.append({"unit": unit.id, "path": path, "end": cur})
            ends.setdefault(cur, []).append(unit)
    for h, arriving in sorted(ends.items()):
        stay = [u for u in combat_units(game, pos, h, side) if u.id not in {a.id for a in arriving}]
        for p in stack_problems(game, stay + arriving, game.map.terrain.get(h, "clear")):
            rep.problems.append(f"advance into {h}: {p}")
    if not rep.problems and rep.advances and ignored:
        rep.eliminated = sorted(ignored)
        rep.trace.append(f"the advance into {defender} eliminates {', '.join(rep.eliminated)}, which had retreated there (13.8.2 D)")
    if not rep.problems and any(a["path"][0] == defender for a in rep.advances) and target:
        if target == "fort":
            rep.fort_destroyed = True
            rep.trace.append(f"the {foe} fort in {defender} is removed for good (13.6.4 C, 13.4.7 A)")
        if city is not None and city.country == foe:
            rep.city_captured = city.id
            rep.trace.append(f"{city.name} is captured: it adds no strength to its occupier (13.4.4, 13.4.8)")
        elif city is not None:
            rep.trace.append(f"{city.name} is retaken by its own side and regains its strength (13.4.4 B)")
    rep.legal = not rep.problems
    rep.trace.append("the advance is legal" if rep.legal else "the advance is not legal: " + rep.problems[0])
    return rep
