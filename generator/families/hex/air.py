"""Airpower (variant 13A): where a mission may fly (13A.3), interception (13A.4.4), and the reports of one
phase's strikes; placing them (13A.1, 13A.2, 13A.4.1-13A.4.3) is the hook of the module that flies them.

Reading of 13A.3: a "friendly occupied city (including captured enemy cities)" is a city the side
holds - one of its own cities no enemy unit occupies, or an enemy city its units occupy (5.4 A,
13.4.4) - since capture is what occupation means in these rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .bombing import Raid
from .control import city_holder
from .model import City, Fact, HexGame, Position
from .modules import first, refusal

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
    """One phase of airstrikes by the phasing `side`, then the enemy's interceptions, then raids (the module's hook)."""
    rep = first(game, "air_missions", pos, side, phase, placements, markers=markers, ap_available=ap_available,
                attacked=attacked, interceptors=interceptors, interceptor_markers=interceptor_markers)
    if rep is None:
        rep = AirReport(False, side, phase)
        rep.problems.append(refusal("air_missions", "airstrikes need a rule module providing them ({module}, 13A)"))
    return rep
