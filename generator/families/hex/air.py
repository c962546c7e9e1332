"""Airpower (variant 13A): where a mission may fly (13A.3), marker availability (13A.1), AP costs
(13A.2), interception (13A.4.4), and the placement of one phase's strikes (13A.4.1-13A.4.3).

Reading of 13A.3: a "friendly occupied city (including captured enemy cities)" is a city the side
holds - one of its own cities no enemy unit occupies, or an enemy city its units occupy (5.4 A,
13.4.4) - since capture is what occupation means in these rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .bombing import Raid, resolve_raid
from .control import city_holder
from .model import City, Fact, HexGame, Position
from .modules import first, refusal

MISSION_PHASES = {"tactical-support": "combat", "city-bombing": "city-bombing", "interdiction": "interdiction"}


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    phase: str
    rule: str
    ap_cost_id: str
    range: Fact
    interceptable: bool = True


def missions(game: HexGame) -> dict[str, Mission]:
    return {m["id"]: Mission(m["id"], m["name"], m["phase"], m["rule"], m["ap_cost"], Fact.read(m["range"]),
                             bool(m.get("interceptable", True)))
            for m in game.charts.get("air_missions", [])}


def held_cities(game: HexGame, pos: Position, side: str) -> list[City]:
    """Cities `side` holds: its own not occupied by the enemy, and enemy cities it occupies (13A.3)."""
    return sorted((c for c in game.map.cities.values() if city_holder(game, pos, c.hex) == side), key=lambda c: c.id)


def nearest_base(game: HexGame, pos: Position, side: str, hex_id: str) -> tuple[City | None, int | None]:
    best = None
    for c in held_cities(game, pos, side):
        d = game.map.grid.distance(c.hex, hex_id)
        if best is None or (d, c.id) < (best[1], best[0].id):
            best = (c, d)
    return best if best else (None, None)


def range_check(game: HexGame, pos: Position, side: str, mission_id: str, hex_id: str) -> tuple[bool, str]:
    """Whether `side` may fly `mission_id` over `hex_id`: within the mission's range of a held city."""
    mission = missions(game).get(mission_id)
    if mission is None:
        return False, f"charts.yaml defines no air mission '{mission_id}'"
    reach = int(mission.range.value)
    est = " (range estimated)" if mission.range.estimated else ""
    city, dist = nearest_base(game, pos, side, hex_id)
    if city is None:
        return False, f"{side} holds no city to fly from (13A.3)"
    if dist > reach:
        return False, (f"{hex_id} is {dist} hexes from {city.name}, the nearest city {side} holds; "
                       f"{mission.name.lower()} reaches {reach}{est} (13A.3)")
    return True, f"{hex_id} is {dist} hex(es) from {city.name}, within the {reach}-hex {mission.name.lower()} range{est} (13A.3)"


@dataclass(frozen=True)
class AirRules:
    """The numbers of the airstrike rules in force (the `airstrikes` hook's answer); the defaults are 13A's."""

    interceptors_per_kill: int = 2    # 13A.4.4 C: every two interceptors remove one strike
    tactical_support_drm: int = 2     # 13A.4.1 E: each strike reaching the battle adds +2


def air_rules(game: HexGame) -> AirRules | None:
    """The airstrike rules of the enabled module that flies them, or None when none does."""
    return first(game, "airstrikes")


def interceptors_per_kill(game: HexGame) -> int:
    return (air_rules(game) or AirRules()).interceptors_per_kill


def intercepted(game: HexGame, strikes: int, interceptors: int) -> int:
    """13A.4.4 C: every two interceptors remove one phasing strike (never more than there are)."""
    return min(strikes, interceptors // interceptors_per_kill(game))


@dataclass
class Placement:
    mission: str
    hex: str
    strikes: int
    roll: int | None = None


@dataclass
class PlacedStrike:
    mission: str
    hex: str
    strikes: int
    intercepted: int = 0
    interceptors: int = 0
    base: str | None = None
    distance: int | None = None
    raid: Raid | None = None

    @property
    def surviving(self) -> int:
        return self.strikes - self.intercepted

    def to_dict(self) -> dict:
        out = {"mission": self.mission, "hex": self.hex, "strikes": self.strikes, "interceptors": self.interceptors,
               "intercepted": self.intercepted, "surviving": self.surviving, "base": self.base, "distance": self.distance}
        if self.raid is not None:
            out["raid"] = self.raid.to_dict()
        return out


@dataclass
class AirReport:
    legal: bool
    side: str
    phase: str
    placed: list[PlacedStrike] = field(default_factory=list)
    ap_cost: int = 0
    interceptor_ap_cost: int = 0
    markers_used: int = 0
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "side": self.side, "phase": self.phase, "ap": self.ap_cost,
                "interceptor_ap": self.interceptor_ap_cost, "markers_used": self.markers_used,
                "missions": [p.to_dict() for p in self.placed],
                "surviving": {p.hex: p.surviving for p in self.placed},
                "ap_loss": {p.hex: p.raid.ap_loss for p in self.placed if p.raid is not None and p.raid.ap_loss is not None},
                "problems": self.problems}


def place_airstrikes(game: HexGame, pos: Position, side: str, phase: str, placements: list[Placement], *,
                     markers: int | None = None, ap_available: int | None = None, attacked: list[str] = (),
                     interceptors: dict[str, int] | None = None, interceptor_markers: int | None = None) -> AirReport:
    """One phase of airstrikes by the phasing `side`, then the enemy's interceptions, then raids."""
    rep = AirReport(False, side, phase)
    rules = air_rules(game)
    if rules is None:
        rep.problems.append(refusal("airstrikes", "airstrikes need a rule module providing them ({module}, 13A)"))
        return rep
    known = missions(game)
    foe = game.enemy(side)
    info = next((x for x in game.charts.get("phases", []) if x.get("id") == phase), None)
    if info is not None:
        rep.trace.append(f"{info.get('name', phase)} ({info.get('rule', '')}): {side} places its strikes for it")
    attacked = set(attacked)
    seen: set[str] = set()
    for p in placements:
        m = known.get(p.mission)
        if m is None or p.mission == "interception":
            rep.problems.append(f"'{p.mission}' is not a mission the phasing side places (13A.4)")
            continue
        if MISSION_PHASES.get(p.mission) != phase:
            rep.problems.append(f"{m.name.lower()} is flown in the {MISSION_PHASES.get(p.mission)} phase, not the {phase} phase (4.2.2)")
        if p.hex in seen:
            rep.problems.append(f"strikes on {p.hex} are listed twice; give one entry per hex")
        seen.add(p.hex)
        ok, why = range_check(game, pos, side, p.mission, p.hex)
        city, dist = nearest_base(game, pos, side, p.hex)
        placed = PlacedStrike(p.mission, p.hex, p.strikes, base=city.id if city else None, distance=dist)
        rep.trace.append(f"{p.strikes} {m.name.lower()} strike(s) on {p.hex}: {why}")
        if not ok:
            rep.problems.append(why)
        if p.mission == "tactical-support" and p.hex not in attacked:
            rep.problems.append(f"tactical support goes only over a hex being attacked by ground units (13A.4.1 B); {p.hex} is not")
        if p.mission == "city-bombing":
            holder = city_holder(game, pos, p.hex)
            if holder is None:
                rep.problems.append(f"{p.hex} is not a city (13A.4.2 B)")
            elif holder != foe:
                rep.problems.append(f"the city in {p.hex} is held by {holder}; only enemy-held cities are bombed (13A.4.2 B)")
            if p.hex in attacked:
                rep.problems.append(f"{p.hex} is being attacked by ground units: no city bombing there (13A.4.2 B)")
        cost = game.ap_cost(m.ap_cost_id) * p.strikes
        rep.ap_cost += cost
        rep.markers_used += p.strikes
        rep.placed.append(placed)
    est = " (estimated)" if any(game.ap_cost_estimated(known[p.mission].ap_cost_id) for p in rep.placed) else ""
    rep.trace.append(f"{rep.markers_used} marker(s) placed for {rep.ap_cost} APs{est} (13A.2)")
    if markers is not None:
        rep.trace.append(f"{markers} marker(s) ready: every marker the scenario assigns is available again in the "
                         "Airstrike Availability Phase (4.2.2.2a), each for one mission a turn (13A.1)")
    if markers is not None and rep.markers_used > markers:
        rep.problems.append(f"{rep.markers_used} markers placed but only {markers} are available; a marker flies one mission a turn (13A.1)")
    if ap_available is not None and rep.ap_cost > ap_available:
        rep.problems.append(f"the strikes cost {rep.ap_cost} APs; {ap_available} are left (13A.2)")
    # 13A.4.4: the other side answers once every strike of the phase is down.
    by_hex = {p.hex: p for p in rep.placed}
    total_int = 0
    for hex_id, n in sorted((interceptors or {}).items()):
        target = by_hex.get(hex_id)
        if target is None:
            rep.problems.append(f"interceptors go only where {side} strikes are (13A.4.4 B); {hex_id} has none")
            continue
        if not known[target.mission].interceptable:
            rep.problems.append(f"{known[target.mission].name.lower()} may not be intercepted")
            continue
        ok, why = range_check(game, pos, foe, "interception", hex_id)
        rep.trace.append(f"{foe} sends {n} interceptor(s) to {hex_id}: {why}")
        if not ok:
            rep.problems.append(why)
            continue
        total_int += n
        target.interceptors = n
        target.intercepted = intercepted(game, target.strikes, n)
        rep.trace.append(f"{n} interceptor(s) remove {target.intercepted} of the {target.strikes} strike(s) on {hex_id} "
                         f"(one per {interceptors_per_kill(game)}, 13A.4.4 C); removed strikes may fly again next turn")
    if total_int:
        rep.interceptor_ap_cost = total_int * game.ap_cost(known["interception"].ap_cost_id)
        rep.trace.append(f"{foe} pays {rep.interceptor_ap_cost} APs for its interceptors (13A.2); they leave at the end "
                         "of the phase and are never intercepted themselves (13A.4.4 D-E)")
        if interceptor_markers is not None and total_int > interceptor_markers:
            rep.problems.append(f"{foe} places {total_int} interceptors but has {interceptor_markers} markers (13A.1)")
    for p in rep.placed:
        if p.mission == "tactical-support":
            per = rules.tactical_support_drm
            rep.trace.append(f"{p.hex}: {p.surviving} support strike(s) add +{per * p.surviving} to the attack's die roll (13A.4.1 E)")
        elif p.mission == "interdiction":
            rep.trace.append(f"{p.hex}: {'an interdiction zone covers it and the six hexes around' if p.surviving else 'no interdiction zone'}"
                             " until the end of the enemy's player-turn (13A.4.3)")
        elif p.mission == "city-bombing":
            roll = next((pl.roll for pl in placements if pl.hex == p.hex), None)
            p.raid = resolve_raid(game, p.surviving, roll)
            rep.trace += [f"{p.hex}: {t}" for t in p.raid.trace]
    rep.legal = not rep.problems
    rep.trace.append("the placement is legal" if rep.legal else "the placement is not legal: " + rep.problems[0])
    return rep
