"""Typed model of a hex game, built from schema-valid data (pure; no I/O).

A `Fact` keeps a value with its provenance so every page can mark estimated
values. `Position` is a snapshot of units on the map used by the engines.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...provenance import Fact  # noqa: F401  (part of this model's public surface)
from ..base import GameSource
from .grid import Grid, hexside


class MissingAPCost(KeyError):
    """An engine needs an AP cost id that charts.yaml does not define (check() reports it as HEX023)."""

    def __init__(self, action_id: str):
        super().__init__(action_id)
        self.action_id = action_id

    def __str__(self) -> str:
        return f"charts.yaml has no AP cost '{self.action_id}' (HEX023)"


@dataclass(frozen=True)
class Side:
    """One of the two sides (and its home country), as map.yaml `sides` declares it."""

    id: str
    name: str
    colour: str = "#555555"          # map tint, track boxes
    counter_colour: str = "#eeeeee"  # counter background


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    arm: str          # infantry | armour | mixed | fort
    size: str         # corps | division | brigade | fort
    strength: Fact
    movement: Fact
    loss_points: Fact
    counters: Fact
    variant: str = ""
    components: tuple[str, ...] = ()
    corps_forming: bool = True
    replaceable: bool = True
    capabilities: tuple[str, ...] = ()

    @property
    def moves_as_armour(self) -> bool:
        return self.arm in ("armour", "mixed")

    @property
    def is_combat_unit(self) -> bool:
        return self.arm != "fort"


@dataclass(frozen=True)
class Terrain:
    id: str
    name: str
    movement: Fact           # value None: impassable
    combat_line: Fact
    armour_stacks_alone: bool = False
    forts_allowed: bool = False

    @property
    def passable(self) -> bool:
        return self.movement.value is not None


@dataclass(frozen=True)
class HexsideType:
    id: str
    name: str
    movement_home: Fact = Fact(0)
    movement_enemy: Fact = Fact(0)
    bridge_only: bool = False
    passable: Fact = Fact(True)
    blocks_zoc: bool = False
    defender_advantage: bool = False
    blocks_retreat_unless_bridged: bool = False
    amphibious_assault_ap: Fact = Fact(0)
    capture_mp: Fact = Fact(0)
    advance_after_amphibious_assault: Fact = Fact(False)   # the reading of 15.4 C over 15.2.1
    alternative: str = ""                                  # the other reading of it, stated on the pages


@dataclass(frozen=True)
class City:
    id: str
    name: str
    hex: str
    country: str
    capital: bool = False


@dataclass(frozen=True)
class Place:
    id: str
    name: str
    hex: str
    country: str


@dataclass
class HexMap:
    grid: Grid
    terrain: dict[str, str]                    # hex -> terrain id
    country: dict[str, str]                    # hex -> side id (land only)
    hexsides: dict[tuple[str, str], frozenset]  # hexside key -> features
    cities: dict[str, City]                    # id -> city
    resource_centres: dict[str, Place]
    regions: dict[str, list[str]] = field(default_factory=dict)
    source: Fact = Fact("")
    hex_km: float = 70.0
    bridge_names: dict[tuple[str, str], str] = field(default_factory=dict)
    sides: tuple[Side, ...] = ()
    border_held_by: Fact = Fact(None)          # side holding border hexsides and their bridges (e.g. 15.1.3)

    def side(self, side_id: str) -> Side | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def enemy(self, side_id: str) -> str:
        """The other side; the family plays two-sided games (a side id the map does not declare has no enemy)."""
        others = [s.id for s in self.sides if s.id != side_id]
        return others[0] if len(others) == 1 else ""

    def region_of(self, hex_id: str) -> list[str]:
        return sorted(r for r, hexes in self.regions.items() if hex_id in hexes)

    def city_at(self, hex_id: str) -> City | None:
        by_hex = self.__dict__.get("_cities_by_hex")
        if by_hex is None or by_hex[0] is not self.cities or by_hex[1] != len(self.cities):
            index: dict[str, City] = {}
            for c in self.cities.values():
                index.setdefault(c.hex, c)        # the first city listed on a hex, as before
            by_hex = self.__dict__["_cities_by_hex"] = (self.cities, len(self.cities), index)
        return by_hex[2].get(hex_id)

    def features(self, a: str, b: str) -> frozenset:
        return self.hexsides.get(hexside(a, b), frozenset())

    def with_overrides(self, terrain: dict | None = None, hexsides: dict | None = None,
                       country: dict | None = None) -> "HexMap":
        """A copy with some hexes' terrain or some hexsides' features replaced (for examples)."""
        new = replace(self, terrain=dict(self.terrain), hexsides=dict(self.hexsides), country=dict(self.country))
        new.terrain.update(terrain or {})
        new.country.update(country or {})
        for key, feats in (hexsides or {}).items():
            new.hexsides[key] = frozenset(feats)
        return new


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    type: str
    hex: str
    disrupted: bool = False


@dataclass
class Position:
    """Units on the map plus the state the engines need: bridges and who moved."""

    units: dict[str, Unit]
    bridges: dict[tuple[str, str], str] = field(default_factory=dict)  # hexside -> side id or "destroyed"

    def at(self, hex_id: str) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.hex == hex_id), key=lambda u: u.id)

    def occupied_by(self, hex_id: str) -> str | None:
        sides = {u.side for u in self.units.values() if u.hex == hex_id}
        return next(iter(sides)) if len(sides) == 1 else (None if not sides else "both")


@dataclass
class HexGame:
    source: GameSource
    map: HexMap
    unit_types: dict[str, UnitType]
    terrain: dict[str, Terrain]
    hexside_types: dict[str, HexsideType]
    feature_defence: dict[str, Fact]
    capital_weight: Fact
    crt: "Any"
    charts: dict
    scenarios: list[dict]
    scenario_variant: dict
    errata: list[dict]
    units_doc: dict
    rules: dict
    scenario_setup: dict = field(default_factory=dict)   # scenarios.yaml `setup`: who places first (16.2 A, 16.3)
    modules: tuple = ()                                  # the enabled rule modules (modules.Enabled)
    coverage: list = field(default_factory=list)         # coverage.yaml `sections`

    @property
    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.map.sides)

    def enemy(self, side_id: str) -> str:
        return self.map.enemy(side_id)

    def unit_type(self, unit: Unit) -> UnitType:
        return self.unit_types[unit.type]

    def ap_cost(self, action_id: str) -> int:
        for row in self.charts.get("ap_costs", []):
            if row["id"] == action_id:
                return int(row["ap"])
        raise MissingAPCost(action_id)

    def ap_cost_estimated(self, action_id: str) -> bool:
        return any(r["id"] == action_id and r.get("source") == "estimated" for r in self.charts.get("ap_costs", []))
