"""A whole player-turn (4.2.2): the phases in order, one AP marker across them, one position
carried from phase to phase, so actions that are each legal alone are checked together.

What the turn checks beyond the single-action engines it calls:

- the phases come in the sequence of play (charts.yaml `phases`, 4.3), each at most once;
- the AP marker starts at the turn's level (5.1.1, less city losses, 5.4) and every action is
  paid from what the earlier ones left (5.1.2 A); unused APs are lost (5.1.2 B);
- a unit moves once a Movement Phase (8.0 B) and moves by rail only if it did not move (9.0 B);
- in the Combat Phase no unit attacks twice and no hex is attacked twice (13.1.4); each attack's
  stated losses must be one of the ways the engine allows (13.6), and they, the advance and the
  Initiative Record Track (14.0) change the position the next attack meets;
- every phase of 4.2.2 happens, listed or not (a phase left out is held with no actions); when the
  Unit Formation Phase ends, two infantry divisions still stacked together (7.0 F, 10.2 B, 7.2.3)
  or any stack over the limits (10.0 B, 10.5) makes the turn illegal;
- at the end of each phase, a captured city left without enemy units reverts to its owner
  (13.4.4 B, 5.4.1), and one newly occupied is captured.

Not followed (the turn says so when asked): interdiction markers' duration across the other
side's turn (13A.4.3 B), which belongs to two player-turns, and airstrike placement phases.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .combat import Attack, evaluate_attack
from .control import city_holder, combat_units
from .initiative import IRT, ap_level, record_combat
from .model import HexGame, Position, Unit
from .movement import evaluate_move, evaluate_rail
from .organisation import breakdown, formation
from .reinforcements import receive, recover
from .stacking import stack_problems

PHASES = ("reinforcement", "breakdown", "movement", "rail", "formation", "recovery", "combat")


@dataclass
class TurnReport:
    legal: bool = False
    ap_level: int = 0
    ap_left: int = 0
    ap_by_phase: dict = field(default_factory=dict)
    attacks: list[dict] = field(default_factory=list)
    cities_captured: list[str] = field(default_factory=list)
    cities_reverted: list[str] = field(default_factory=list)
    irt: dict = field(default_factory=dict)
    final: dict = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    position: Position | None = None        # where the turn leaves the units (a game-turn carries it on)
    irt_after: IRT | None = None            # the track as the turn leaves it (the next Combat Phase goes on from it)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "ap_level": self.ap_level, "ap_spent": self.ap_level - self.ap_left,
                "ap_left": self.ap_left, "ap_by_phase": self.ap_by_phase, "attacks": self.attacks,
                "cities_captured": self.cities_captured, "cities_reverted": self.cities_reverted,
                "irt": self.irt, "final": self.final, "problems": self.problems}


class _Turn:
    """The mutable state of one player-turn: position, AP marker, what has been done."""

    def __init__(self, game: HexGame, pos: Position, side: str, level: int, rep: TurnReport):
        self.game, self.side, self.rep = game, side, rep
        self.pos = Position(dict(pos.units), dict(pos.bridges))
        self.left = level
        self.moved: set[str] = set()
        self.recovered: set[str] = set()
        self.holders = self._holders()

    def _holders(self) -> dict[str, str | None]:
        return {c.id: city_holder(self.game, self.pos, c.hex) for c in self.game.map.cities.values()}

    def pay(self, phase: str, cost: int, what: str) -> bool:
        if cost > self.left:
            self.rep.problems.append(f"{phase}: {what} costs {cost} APs, {self.left} are left (5.1.2 A)")
            return False
        self.left -= cost
        self.rep.ap_by_phase[phase] = self.rep.ap_by_phase.get(phase, 0) + cost
        self.rep.trace.append(f"{phase}: {what}: -{cost} AP, {self.left} left")
        return True

    def refuse(self, phase: str, problems: list[str]) -> None:
        self.rep.problems += [f"{phase}: {p}" for p in problems]

    def put(self, unit: Unit) -> None:
        self.pos.units[unit.id] = unit

    def remove(self, unit_id: str) -> None:
        self.pos.units.pop(unit_id, None)

    def end_of_phase(self, phase: str) -> None:
        """13.4.4 B / 5.4.1: a city changes hands only as its occupation stands when the phase ends."""
        now = self._holders()
        for cid, before in sorted(self.holders.items()):
            after = now[cid]
            if after == before:
                continue
            city = self.game.map.cities[cid]
            if after == city.country:
                self.rep.cities_reverted.append(cid)
                self.rep.trace.append(f"end of the {phase} phase: {city.name} is free of enemy units and reverts to "
                                      f"{city.country}, regaining its strength (13.4.4 B, 5.4.1)")
            else:
                self.rep.cities_captured.append(cid)
                self.rep.trace.append(f"end of the {phase} phase: {city.name} is occupied by {after}: captured (5.4 A)")
        self.holders = now


def play_turn(game: HexGame, pos: Position, spec: dict, irt: IRT | None = None) -> TurnReport:
    """Play one player-turn from `pos`; `irt` is the track carried in by a game-turn (else `spec["irt"]`)."""
    rep = TurnReport()
    side = spec["side"]
    if side not in game.side_ids:
        rep.problems.append(f"'{side}' is not a side of this game")
        return rep
    level = ap_level(game, side, int(spec["ap_level"]), [str(c) for c in spec.get("captured", [])])
    rep.ap_level = level.level
    rep.trace += level.trace
    rep.trace.append(f"{side}'s AP marker is set to {level.level} (4.2.2.1, 5.1.1)")
    turn = _Turn(game, pos, side, level.level, rep)
    irt = irt if irt is not None else IRT.of(game, spec.get("irt"))
    order = [p["id"] for p in game.charts.get("phases", [])]
    formation_at = order.index("formation") if "formation" in order else None
    last = -1
    for step in spec.get("phases", []):
        phase = step["phase"]
        if phase not in order or phase not in PHASES:
            rep.problems.append(f"'{phase}' is not a phase a player-turn example can hold ({', '.join(PHASES)})")
            continue
        at = order.index(phase)
        if at <= last:
            rep.problems.append(f"the {phase} phase comes out of sequence or twice (4.3)")
            continue
        if formation_at is not None and last < formation_at < at:
            formation_end(turn, held=False)
        last = at
        info = game.charts["phases"][at]
        rep.trace.append(f"{info.get('name', phase)} ({info.get('rule', '')})")
        if phase == "combat":
            irt = _combat(turn, step, irt)
        else:
            RUN[phase](turn, step)
        if phase == "formation":
            formation_end(turn, held=True)
        turn.end_of_phase(phase)
    if formation_at is not None and last < formation_at:
        formation_end(turn, held=False)
    rep.ap_left = turn.left
    rep.irt, rep.irt_after, rep.position = irt.to_dict(), irt, turn.pos
    rep.final = {u.id: (u.hex + (" disrupted" if u.disrupted else "")) for u in sorted(turn.pos.units.values(), key=lambda u: u.id)}
    rep.trace.append(f"{rep.ap_level - rep.ap_left} of {rep.ap_level} APs spent; the {rep.ap_left} left are lost (5.1.2 B)")
    rep.legal = not rep.problems
    rep.trace.append("the player-turn is legal" if rep.legal else "the player-turn is not legal: " + rep.problems[0])
    return rep


def _reinforcement(t: _Turn, step: dict) -> None:
    r = receive(t.game, t.pos, t.side, list(step.get("arrivals", [])), dict(step.get("boxes", {})), ap_available=t.left)
    if not r.legal:
        t.refuse("reinforcement", r.problems)
        return
    for i, (arrival, placed) in enumerate(zip(step.get("arrivals", []), r.placed)):
        uid = arrival.get("id") or f"{t.side.lower()}-new-{i + 1}"
        t.put(Unit(uid, t.side, placed["type"], placed["hex"]))
    t.pay("reinforcement", r.ap_cost, f"{len(r.placed)} unit(s) received (6.0 F)")


def _breakdown(t: _Turn, step: dict) -> None:
    box = dict(step.get("box", {}))
    for cid in step.get("units", []):
        if cid not in t.pos.units or t.pos.units[cid].side != t.side:
            t.refuse("breakdown", [f"no {t.side} unit '{cid}'"])
            continue
        r = breakdown(t.game, t.pos, cid, box)
        if not r.legal:
            t.refuse("breakdown", r.problems)
            continue
        if t.pay("breakdown", r.ap_cost, f"{cid} breaks down (7.0 G)"):
            corps = t.pos.units[cid]
            t.remove(cid)
            for a in r.added:
                t.put(Unit(a["id"], t.side, a["type"], a["hex"], corps.disrupted))
            box = r.box_after


def _moves(t: _Turn, step: dict, phase: str) -> None:
    for m in step.get("moves", []):
        uid, path = m["unit"], [str(h) for h in m["path"]]
        unit = t.pos.units.get(uid)
        if unit is None:
            t.refuse(phase, [f"no {t.side} unit '{uid}'"])
            continue
        if unit.side != t.side:
            t.refuse(phase, [f"{uid} is a {unit.side} unit: only the phasing side's units move (8.1.1)"])
            continue
        if phase == "movement" and uid in t.moved:
            t.refuse(phase, [f"{uid} has already moved this phase (8.0 B)"])
            continue
        if phase == "movement":
            r = evaluate_move(t.game, t.pos, uid, path, interdiction=[str(h) for h in m.get("interdiction", [])],
                              ap_available=t.left)
        else:
            r = evaluate_rail(t.game, t.pos, uid, path, moved=uid in t.moved, ap_available=t.left)
        if not r.legal:
            t.refuse(phase, r.problems)
            continue
        what = f"{uid} moves to {r.end} (8.1.1, 8.1.2)" if phase == "movement" else f"{uid} moves by rail to {r.end}"
        if t.pay(phase, r.ap_cost, what):
            t.put(replace(unit, hex=r.end))
            t.moved.add(uid)


def _movement(t: _Turn, step: dict) -> None:
    _moves(t, step, "movement")


def _rail(t: _Turn, step: dict) -> None:
    _moves(t, step, "rail")


def _formation(t: _Turn, step: dict) -> None:
    box = dict(step.get("box", {}))
    for h in [str(x) for x in step.get("hexes", [])]:
        r = formation(t.game, t.pos, h, t.side, box, t.left, shock=bool(step.get("shock", False)))
        if not r.legal:
            t.refuse("formation", r.problems)
            continue
        if r.ap_cost and not t.pay("formation", r.ap_cost, f"a corps forms in {h} (7.0 G)"):
            continue
        if r.retreating and not r.eliminated:   # 7.2.2 A: one of two disrupted divisions retreats
            to = str((step.get("retreats") or {}).get(h, ""))
            if to not in r.retreat_to:
                t.refuse("formation", [f"both divisions in {h} are disrupted: {r.retreating} retreats one hex; state where "
                                       f"as `retreats: {{\"{h}\": HEX}}`, one of {', '.join(r.retreat_to)} (7.2.2 A)"])
                continue
            t.put(replace(t.pos.units[r.retreating], hex=to))
            t.rep.trace.append(f"formation: both divisions in {h} are disrupted; {r.retreating} retreats to {to} (7.2.2 A)")
        for uid in r.removed + r.eliminated:
            t.remove(uid)
        for a in r.added:
            t.put(Unit(a["id"], t.side, a["type"], a["hex"], bool(a.get("disrupted", False))))
        if r.eliminated:
            t.rep.trace.append(f"formation: {', '.join(r.eliminated)} eliminated (7.2.2, 7.2.3)")
        box = r.box_after or box


def formation_end(t: _Turn, *, held: bool) -> None:
    """What must stand when the Unit Formation Phase ends: no two infantry divisions left stacked
    (they must form, 7.0 F, 10.2 B, or lose one, 7.2.3) and no stack over the limits (10.0 B, 10.5)."""
    when = "the Unit Formation Phase ends" + ("" if held else " (held with no formations: every phase happens, 4.2.2)")
    problems = []
    for h in sorted({u.hex for u in t.pos.units.values() if u.side == t.side}):
        here = [u for u in t.pos.at(h) if u.side == t.side]
        divisions = [u.id for u in here if t.game.unit_type(u).size == "division" and t.game.unit_type(u).arm == "infantry"]
        if len(divisions) >= 2:
            problems.append(f"{h}: {' and '.join(divisions)} are still stacked when {when}: two divisions must form a "
                            f"corps, or lose one when the APs or the corps are lacking (7.0 F, 7.2.3, 10.2 B); "
                            f"name {h} in the formation phase")
            continue
        problems += [f"{h}: {p} when {when}" for p in stack_problems(t.game, here, t.game.map.terrain.get(h, "clear"))]
    if problems:
        t.refuse("formation", problems)
    else:
        t.rep.trace.append(f"{when}: every {t.side} stack is within the limits (10.0 B)")


def _recovery(t: _Turn, step: dict) -> None:
    r = recover(t.game, t.pos, t.side, list(step.get("units", [])), ap_available=t.left)
    if not r.legal:
        t.refuse("recovery", r.problems)
        return
    if t.pay("recovery", r.ap_cost, f"{', '.join(r.recovered)} recover (12.0 E)"):
        for uid in r.recovered:
            t.put(replace(t.pos.units[uid], disrupted=False))
        t.recovered.update(r.recovered)


def _same_losses(option, stated: dict) -> bool:
    return (option.retreat == stated.get("retreat") and option.disrupt == bool(stated.get("disrupt", False))
            and {u: n for u, n in option.eliminate} == {str(k): int(v) for k, v in (stated.get("eliminate") or {}).items()})


def _apply_losses(t: _Turn, units: list[Unit], stated: dict) -> None:
    for u in units:
        lp = int((stated.get("eliminate") or {}).get(u.id, 0))
        kind = t.game.unit_type(u)
        if lp and lp >= int(kind.loss_points.value):
            t.remove(u.id)
        elif lp:   # a corps giving 1 of its 2 LPs: one division stays, disrupted (13.7.1 C)
            t.remove(u.id)
            t.put(Unit(f"{u.id}-a", u.side, kind.components[0] if kind.components else u.type, u.hex, True))
        else:
            moved = replace(u, hex=stated["retreat"]) if stated.get("retreat") else u
            t.put(replace(moved, disrupted=u.disrupted or bool(stated.get("disrupt"))))
            if stated.get("disrupt") and u.id in t.recovered:
                t.rep.trace.append(f"combat: {u.id}, recovered this player-turn, is disrupted again; a unit may be "
                                   "disrupted and recover any number of times (13.7.4)")


def _combat(t: _Turn, step: dict, irt: IRT) -> IRT:
    game, attacked_units, attacked_hexes = t.game, {}, set()
    limit = int((game.charts.get("initiative_track") or {}).get("boxes_per_side", {}).get("value", 0)) or None
    for n, a in enumerate(step.get("attacks", []), 1):
        target = str(a["defender"])
        again = sorted(set(a["attackers"]) & set(attacked_units))
        problems = [f"{u} has already attacked this Combat Phase (13.1.4)" for u in again]
        for u in again:
            t.rep.trace.append(f"combat: attack {n}: {u} fought in the attack on {attacked_units[u]}; its strength is "
                               "whole and serves one combat only (13.2.3)"
                               + (f"; one unit may not strike two hexes, {attacked_units[u]} and {target} (13.2.4)"
                                  if attacked_units[u] != target else ""))
        if target in attacked_hexes:
            problems.append(f"{target} has already been attacked this Combat Phase (13.1.4)")
        if problems:
            t.refuse("combat", problems)
            continue
        attack = Attack(list(a["attackers"]), target, int(a.get("drm", 0)), a.get("roll"))
        r = evaluate_attack(game, t.pos, attack)
        summary = {"defender": target, "legal": r.legal, "ap": r.ap_cost, "result": None if r.result is None else str(r.result)}
        t.rep.attacks.append(summary)
        if not r.legal:
            t.refuse("combat", r.problems)
            continue
        if not t.pay("combat", r.ap_cost, f"attack {n} on {target} ({r.differential:+d}, +{attack.drm} DRM)"):
            continue
        idle = [u for u in r.idle if u not in attacked_units]
        attacked_units.update({u: target for u in a["attackers"]})
        if idle:
            t.rep.trace.append(f"combat: attack {n}: {', '.join(idle)}, stacked with the attackers, stay(s) out of it "
                               "and may attack another hex or none (13.2.2); its result does not touch them (13.1.2 B)")
        attacked_hexes.add(target)
        if r.result is None:
            t.refuse("combat", [f"attack {n} on {target} has no die roll: give `roll` to follow the turn on"])
            continue
        irt, why = record_combat(game, irt, t.side, r.result, limit)
        t.rep.trace.append(f"combat: attack {n}: {r.result}; {why}")
        attackers = [t.pos.units[u] for u in a["attackers"]]
        defenders = combat_units(game, t.pos, target, game.enemy(t.side))
        for who, options, units, lp in (("attacker", r.attacker_options, attackers, r.result.attacker),
                                        ("defender", r.defender_options, defenders, r.result.defender)):
            stated = a.get(f"{who}_losses")
            if lp and stated is None and who == "defender" and not units:
                t.rep.trace.append(f"combat: attack {n}: {target} holds no defending unit, so there is no choice to "
                                   f"state: {options[0].text()} ({'13.4.6 A' if options[0].absorbed_by else '15.4 C'})")
                continue
            if lp and stated is None:
                t.refuse("combat", [f"attack {n}: the {who} owes {lp} LP; state its choice as `{who}_losses` (13.6)"])
                continue
            if stated is None:
                continue
            if not any(_same_losses(o, stated) for o in options):
                t.refuse("combat", [f"attack {n}: the {who}'s losses {stated} are not one of the ways to satisfy "
                                    f"{lp} LP: " + "; ".join(o.text() for o in options)])
                continue
            _apply_losses(t, units, stated)
        advances = list(a.get("advance", []))
        if advances:
            from .advance import advance_after_combat
            adv = advance_after_combat(game, t.pos, [u for u in a["attackers"] if u in t.pos.units], target, advances,
                                       defender_lp=r.result.defender, occupied=bool(defenders))
            if not adv.legal:
                t.refuse("combat", [f"attack {n}: {p}" for p in adv.problems])
                continue
            if adv.fort_destroyed:
                fort = next(u for u in t.pos.at(target) if game.unit_type(u).arm == "fort" and u.side != t.side)
                t.remove(fort.id)
            for move in adv.advances:
                t.put(replace(t.pos.units[move["unit"]], hex=move["end"]))
            t.rep.trace.append(f"combat: attack {n}: " + "; ".join(f"{m['unit']} advances to {m['end']}" for m in adv.advances))
    _no_attack(t, set(attacked_units))
    return irt


def _no_attack(t: _Turn, attacked: set[str]) -> None:
    """13.1.2 A: units next to the enemy that made no attack; the rulebook never compels one."""
    foe = t.game.enemy(t.side)
    able = [u for u in t.pos.units.values()
            if u.side == t.side and u.id not in attacked and t.game.unit_type(u).is_combat_unit and not u.disrupted]
    quiet = sorted(u.id for u in able if any(combat_units(t.game, t.pos, n, foe) for n in t.game.map.grid.neighbours(u.hex)))
    if quiet:
        t.rep.trace.append(f"combat: {', '.join(quiet)}, next to enemy units, made no attack: attacking is voluntary "
                           "(13.1.2 A)")


RUN = {"reinforcement": _reinforcement, "breakdown": _breakdown, "movement": _movement, "rail": _rail,
       "formation": _formation, "recovery": _recovery}
