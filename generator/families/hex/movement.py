"""Movement (8.0, 11.4, 15.0, interdiction), rail movement (9.0) and bridge capture (15.2.3)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .control import bridge_controller, city_holder, combat_units, enemy_occupied, fort_side, hexside_country
from .grid import hexside
from .model import HexGame, Position
from .modules import first
from .zoc import enemy_controlled


@dataclass
class MoveReport:
    unit: str
    legal: bool
    path: list[str]
    end: str
    mp_spent: int = 0
    ma: int = 0
    ap_cost: int = 0
    ezocs_entered: int = 0
    stopped_by_zoc: bool = False
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"unit": self.unit, "legal": self.legal, "path": self.path, "end": self.end,
                "mp": self.mp_spent, "ma": self.ma, "ap": self.ap_cost,
                "ezocs_entered": self.ezocs_entered, "stopped_by_zoc": self.stopped_by_zoc,
                "problems": self.problems}


def interdiction_zone(game: HexGame, strikes: list[str]) -> set[str]:
    """Each interdiction airstrike covers its hex and the six around it (13A.4.3)."""
    zone = set()
    for h in strikes:
        zone.add(h)
        zone.update(game.map.grid.neighbours(h))
    return zone


def interdiction_costs(game: HexGame) -> tuple[int, int]:
    """(extra MPs, extra APs) for a unit entering an interdiction zone (13A.4.3): the enabled module's
    answer, else one of each."""
    return first(game, "interdiction") or (1, 1)


def crossing_cost(game: HexGame, pos: Position, side: str, a: str, b: str) -> tuple[int | None, str]:
    """Extra MPs to cross the hexside a-b, or None when it cannot be crossed; with the reason."""
    feats = game.map.features(a, b)
    types = game.hexside_types
    for f in sorted(feats):
        t = types.get(f)
        if t is not None and t.passable.value is False:
            return None, f"the {t.name.lower()} between {a} and {b} cannot be crossed"
    if "great-river" in feats:
        ctrl = bridge_controller(game, pos, a, b)
        if ctrl is None:
            return None, f"great river between {a} and {b} has no bridge (15.2.1)"
        if ctrl == "destroyed":
            return None, f"the bridge between {a} and {b} is destroyed"
        captured = hexside(a, b) in pos.bridges and ctrl != hexside_country(game, a, b)
        if ctrl != side and captured:
            return None, (f"the bridge between {a} and {b} is held by {ctrl}, who captured it: {side} may use it "
                          "again only after recapturing it (15.2.6)")
        if ctrl != side:
            return None, f"the bridge between {a} and {b} is held by {ctrl}: it must be captured first (15.2.2)"
        return int(types["bridge"].movement_home.value), (
            f"crosses the great river by the {side} bridge {a}-{b} (no extra MP, 15.2.5)"
            + ("; captured, it serves every Movement Phase while held (15.2.4)" if captured else
               f"; {side} holds it without capturing it, so no capture is needed (15.2.2 A)"))
    if "river" in feats:
        where = hexside_country(game, a, b)
        t = types["river"]
        ca, cb = game.map.country.get(a), game.map.country.get(b)
        why = f" (a border river, {where}'s for the whole game, 15.1.3)" if ca and cb and ca != cb and where else ""
        if where == side:
            return (int(t.movement_home.value),
                    f"ordinary river {a}-{b} in {side} home country{why}: +{t.movement_home.value} MP (15.1.1)")
        return (int(t.movement_enemy.value),
                f"ordinary river {a}-{b} in enemy country{why}: +{t.movement_enemy.value} MP (15.1.2)")
    return 0, ""


def evaluate_move(game: HexGame, pos: Position, unit_id: str, path: list[str], *,
                  interdiction: list[str] = (), ap_available: int | None = None) -> MoveReport:
    """Check one unit's move along `path` (hexes entered, start excluded) and cost it."""
    unit = pos.units.get(unit_id)
    rep = MoveReport(unit_id, False, list(path), unit.hex if unit else "")
    if unit is None:
        rep.problems.append(f"no unit '{unit_id}'")
        return rep
    ut = game.unit_type(unit)
    rep.ma = int(ut.movement.value or 0)
    rep.ap_cost = game.ap_cost("move-corps" if ut.size == "corps" else "move-division-or-brigade")
    rep.trace.append(f"{unit_id} ({ut.name}, MA {rep.ma}) costs {rep.ap_cost} AP to move (8.0 C, 8.1.2)")
    if not ut.is_combat_unit or rep.ma == 0:
        rep.problems.append(f"{unit_id} cannot move")
    if unit.disrupted:
        rep.problems.append(f"{unit_id} is disrupted and may not move (13.7.3 A)")
    if ap_available is not None and ap_available < rep.ap_cost:
        rep.problems.append(f"{rep.ap_cost} APs are needed, {ap_available} are left (8.2.5 A)")
    if rep.problems:
        return rep
    armour = ut.moves_as_armour
    zone = interdiction_zone(game, list(interdiction)) if interdiction else set()
    extra_mp = interdiction_costs(game)[0]
    cur = unit.hex
    in_ezoc, why = enemy_controlled(game, pos, cur, unit.side)
    start_in_ezoc = in_ezoc
    if in_ezoc:
        rep.trace.append(f"starts in an EZOC: {why}; " + (
            "armour may leave it, and after a free hex enter up to two EZOCs (11.4.2 B)" if ut.moves_as_armour
            else "infantry may leave it if the first hex it enters is not enemy-controlled (11.4.1 B)"))
    must_stop = None
    for i, nxt in enumerate(path):
        if must_stop:
            rep.problems.append(f"must stop in {must_stop}; cannot go on to {nxt}")
            break
        if not game.map.grid.contains(nxt) or not game.map.grid.adjacent(cur, nxt):
            rep.problems.append(f"{nxt} is not adjacent to {cur}")
            break
        terrain = game.terrain.get(game.map.terrain.get(nxt, ""), None)
        if terrain is None or not terrain.passable:
            rep.problems.append(f"{nxt} is {game.map.terrain.get(nxt, 'off the map')} and cannot be entered")
            break
        if enemy_occupied(game, pos, nxt, unit.side):
            rep.problems.append(f"{nxt} holds enemy SPs and may not be entered (8.2.1)")
            break
        extra, why = crossing_cost(game, pos, unit.side, cur, nxt)
        if extra is None:
            rep.problems.append(why)
            break
        cost = int(terrain.movement.value) + extra
        note = (f"{terrain.name.lower()} {terrain.movement.value} MP" + (" (estimated)" if terrain.movement.estimated else "")
                + ("" if not why else f"; {why}"))
        if nxt in zone:
            cost += extra_mp
            note += f"; interdiction zone +{extra_mp} MP (13A.4.3)"
        if rep.mp_spent + cost > rep.ma:
            rep.problems.append(f"entering {nxt} costs {cost} MP but only {rep.ma - rep.mp_spent} of {rep.ma} are left (8.2.5 B)")
            break
        rep.mp_spent += cost
        entering_ezoc, zwhy = enemy_controlled(game, pos, nxt, unit.side)
        friends = [u.id for u in combat_units(game, pos, nxt, unit.side) if u.id != unit_id]
        rep.trace.append(f"enters {nxt}: {note} (total {rep.mp_spent}/{rep.ma}, 8.1.3)"
                         + (f"; {zwhy}" if entering_ezoc else "")
                         + (f"; {', '.join(friends)} there do(es) not hinder it (8.2.2)" if friends else ""))
        if entering_ezoc:
            rep.ezocs_entered += 1
            if in_ezoc and not armour:
                rep.problems.append(f"infantry may never move directly from one EZOC ({cur}) to another ({nxt}) "
                                    "(8.2.3 B, 11.4.1 B)")
                break
            if not armour:
                must_stop = nxt
                rep.trace.append("infantry must stop on entering an EZOC (8.2.3 A, 11.4.1 A)")
            elif i == 0 and start_in_ezoc:
                must_stop = nxt
                rep.trace.append("armour leaving an EZOC straight into another must stop there (11.4.2 C)")
            elif rep.ezocs_entered >= 2:
                must_stop = nxt
                rep.trace.append("armour must stop on entering its second EZOC (8.2.4 B, 11.4.2 A)")
            else:
                rep.trace.append("armour ignores the first EZOC it enters (8.2.4 A)")
        in_ezoc = entering_ezoc
        cur = nxt
    rep.end = cur
    rep.stopped_by_zoc = must_stop is not None
    if not rep.problems:
        end_terrain = game.terrain[game.map.terrain[cur]]
        others = [u for u in combat_units(game, pos, cur, unit.side) if u.id != unit_id]
        if end_terrain.armour_stacks_alone and others and (armour or any(game.unit_type(u).moves_as_armour for u in others)):
            rep.problems.append(f"armour may not stack with another unit in {end_terrain.name.lower()} ({cur}) (10.1)")
    rep.legal = not rep.problems
    rep.trace.append("the move is legal" if rep.legal else "the move is not legal: " + rep.problems[0])
    return rep


def adjacent_to_enemy_unit(game: HexGame, pos: Position, hex_id: str, side: str) -> list[str]:
    """Enemy infantry/armour units adjacent to `hex_id`, disrupted or not (9.3, 9.4)."""
    out = []
    for n in game.map.grid.neighbours(hex_id):
        out += [u.id for u in combat_units(game, pos, n, game.enemy(side))]
    return sorted(out)


def evaluate_rail(game: HexGame, pos: Position, unit_id: str, path: list[str], *,
                  moved: bool = False, interdiction: list[str] = (), ap_available: int | None = None) -> MoveReport:
    """Rail movement (9.0): home country only, not next to enemy units, bridges over great rivers."""
    unit = pos.units.get(unit_id)
    rep = MoveReport(unit_id, False, list(path), unit.hex if unit else "")
    if unit is None:
        rep.problems.append(f"no unit '{unit_id}'")
        return rep
    ut = game.unit_type(unit)
    rep.ap_cost = game.ap_cost("rail-move")
    rep.trace.append(f"{unit_id} by rail: {rep.ap_cost} APs (9.0 E), any distance")
    if ut.size not in ("division", "brigade"):
        rep.problems.append(f"only divisions and brigades move by rail, not a {ut.size} (9.0 B)")
    if unit.disrupted:
        rep.problems.append(f"{unit_id} is disrupted (9.0 B)")
    if moved:
        rep.problems.append(f"{unit_id} moved in the Movement Phase (9.0 B)")
    if ap_available is not None and ap_available < rep.ap_cost:
        rep.problems.append(f"{rep.ap_cost} APs are needed, {ap_available} are left (9.0 E)")
    zone = interdiction_zone(game, list(interdiction)) if interdiction else set()
    extra_ap = interdiction_costs(game)[1]
    cur = unit.hex
    for h in [cur] + list(path):
        if rep.problems:
            break
        if h != cur and not game.map.grid.adjacent(prev, h):
            rep.problems.append(f"{h} is not adjacent to {prev}")
            break
        if game.map.country.get(h) != unit.side:
            rep.problems.append(f"{h} is not in {unit.side} home country (9.1)")
            break
        near = adjacent_to_enemy_unit(game, pos, h, unit.side)
        if near:
            weak = [u for u in near if pos.units[u].disrupted]
            still = f"; {', '.join(weak)} disrupted stops rail movement all the same (9.4 A)" if weak else ""
            rep.problems.append(f"{h} is adjacent to enemy unit(s) {', '.join(near)} (9.3){still}")
            break
        for n in game.map.grid.neighbours(h):
            if city_holder(game, pos, n) == game.enemy(unit.side) or fort_side(game, pos, n) == game.enemy(unit.side):
                rep.trace.append(f"{h} is next to the enemy city or fort in {n}, which alone does not stop rail "
                                 "movement (9.4 B)")
        if h != cur:
            if enemy_occupied(game, pos, h, unit.side):
                rep.problems.append(f"{h} holds enemy SPs")
                break
            extra, why = crossing_cost(game, pos, unit.side, prev, h)
            if extra is None:
                rep.problems.append(why + " (9.2)")
                break
            if "great-river" in game.map.features(prev, h):
                rep.trace.append(f"the great river {prev}-{h} is crossed by rail at a bridge (9.2): {why}")
            if h in zone:
                if ap_available is not None and rep.ap_cost + extra_ap > ap_available:
                    rep.problems.append(f"{h} is in an interdiction zone and the extra {extra_ap} AP is not there: "
                                        f"the unit may not enter it (13A.4.3)")
                    break
                rep.ap_cost += extra_ap
                rep.trace.append(f"{h} is in an interdiction zone: +{extra_ap} AP (13A.4.3)")
            rep.trace.append(f"rails into {h}")
        prev = h
    rep.end = prev if not rep.problems else cur
    rep.legal = not rep.problems
    rep.trace.append("the rail move is legal" if rep.legal else "the rail move is not legal: " + rep.problems[0])
    return rep


@dataclass
class BridgeAttempt:
    legal: bool
    outcome: str | None
    distribution: dict[str, Fraction]
    trace: list[str]
    problems: list[str]


def bridge_capture(game: HexGame, pos: Position, unit_id: str, a: str, b: str, *,
                   mp_left: int, roll: int | None = None) -> BridgeAttempt:
    """15.2.3: an armoured unit in a hex beside a bridge stops, spends 3 MP and rolls."""
    unit = pos.units[unit_id]
    ut = game.unit_type(unit)
    trace, problems = [], []
    dist = {"captured": Fraction(2, 6), "destroyed": Fraction(4, 6)}
    if not ut.moves_as_armour:
        problems.append("only armoured units may capture bridges (15.2.2 B)")
    if unit.hex not in (a, b):
        problems.append(f"{unit_id} must be in {a} or {b}, beside the bridge (15.2.3 A)")
    ctrl = bridge_controller(game, pos, a, b)
    # a bridge on the map is a hexside type of terrain.yaml (else HEX005); a game without bridges has none
    need = int(game.hexside_types["bridge"].capture_mp.value) if ctrl is not None else 0
    if ctrl is None:
        problems.append(f"there is no bridge between {a} and {b}")
    elif ctrl == "destroyed":
        problems.append("the bridge is already destroyed")
    elif ctrl == unit.side:
        problems.append(f"the bridge is already held by {unit.side}")
    if mp_left < need:
        problems.append(f"the attempt needs {need} more MP; {mp_left} left (15.2.3 B)")
    if problems:
        return BridgeAttempt(False, None, dist, trace, problems)
    trace.append(f"{unit_id} stops beside the {ctrl} bridge {a}-{b} and spends {need} MP (15.2.3 B)")
    trace.append("a roll of 1-2 captures it (probability 1/3); 3-6 destroys it (2/3) (15.2.3 C)")
    outcome = None
    if roll is not None:
        outcome = "captured" if roll <= 2 else "destroyed"
        trace.append(f"rolled {roll}: the bridge is {outcome}")
    return BridgeAttempt(True, outcome, dist, trace, problems)
