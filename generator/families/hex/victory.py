"""Victory (16.0 A, 16.5, 17.1.3, 17.2.3, 17.3.3): evaluate a final position against a scenario's
conditions, which are data in scenarios.yaml. The scenario's side wins if any condition holds;
otherwise the other side wins by having prevented them (16.0 A). A concession ends it at once (16.5).

"Occupy" means a unit of the side actually stands in the place, disrupted or not (5.4 A). For
"clear ... of <side>'s units" every counter of that side counts, forts included: a fort is one of the unit types
(3.3.4) and only an advance removes it (13.4.7 A).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .model import HexGame, Position


@dataclass
class ConditionCheck:
    index: int
    text: str
    holds: bool
    detail: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"index": self.index, "text": self.text, "holds": self.holds, **self.detail}


@dataclass
class VictoryReport:
    scenario: str
    winner: str | None
    claimant: str = ""
    conditions: list[ConditionCheck] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"scenario": self.scenario, "winner": self.winner, "claimant": self.claimant,
                "conditions": [c.to_dict() for c in self.conditions],
                "holds": [c.index for c in self.conditions if c.holds], "problems": self.problems}


def occupied_by(game: HexGame, pos: Position, hex_id: str, side: str) -> bool:
    return any(u.side == side and game.unit_type(u).is_combat_unit for u in pos.at(hex_id))


def _name(game: HexGame, city_id: str) -> str:
    c = game.map.cities.get(city_id)
    return c.name if c else city_id


def describe(game: HexGame, cond: dict) -> str:
    if cond["kind"] == "occupy":
        what = "resource centres" if cond.get("of") == "resource-centres" else "cities"
        extra = ""
        if cond.get("including_one_of"):
            extra = " including one of " + ", ".join(_name(game, c) for c in cond["including_one_of"])
        return f"occupy at least {cond.get('count', 1)} {cond['country']} {what}{extra}"
    return f"clear the {cond.get('region', '').replace('-', ' ')} of {cond['country']} units and occupy every {cond['country']} city there"


def region_and_cities(game: HexGame, region_id: str, country: str) -> tuple[set[str], list[str]]:
    """The hexes to clear and the `country` cities to occupy for a clear-and-occupy condition: the
    region's hexes (map.yaml `regions`) and the cities standing in them. The map puts every city on
    the bank its real coordinates lie on, so a region bounded by a river holds exactly its cities."""
    hexes = set(game.map.regions.get(region_id, ()))
    cities = sorted(c.id for c in game.map.cities.values() if c.country == country and c.hex in hexes)
    return hexes, cities


def check_condition(game: HexGame, pos: Position, side: str, cond: dict, index: int) -> ConditionCheck:
    text = describe(game, cond)
    country = cond["country"]
    if cond["kind"] == "occupy":
        pool = game.map.resource_centres if cond.get("of") == "resource-centres" else game.map.cities
        held = sorted(p.id for p in pool.values() if p.country == country and occupied_by(game, pos, p.hex, side))
        need = int(cond.get("count", 1))
        key = set(cond.get("including_one_of") or [])
        key_held = sorted(key & set(held))
        holds = len(held) >= need and (not key or bool(key_held))
        return ConditionCheck(index, text, holds, {"occupied": held, "count": len(held), "needed": need,
                                                   "key_cities_held": key_held})
    region, west = region_and_cities(game, cond.get("region", ""), country)
    enemies = sorted(u.id for u in pos.units.values() if u.side == country and u.hex in region)
    missing = sorted(c for c in west if not occupied_by(game, pos, game.map.cities[c].hex, side))
    holds = not enemies and not missing and bool(region)
    return ConditionCheck(index, text, holds, {"enemy_units_left": enemies, "cities": west, "cities_not_occupied": missing})


def evaluate(game: HexGame, pos: Position, scenario_id: str, *, conceded_by: str | None = None) -> VictoryReport:
    sc = next((s for s in game.scenarios if str(s["id"]) == str(scenario_id)), None)
    rep = VictoryReport(str(scenario_id), None)
    if sc is None:
        rep.problems.append(f"no scenario '{scenario_id}'")
        return rep
    side = sc["victory"]["side"]
    rep.claimant = side
    if conceded_by:
        rep.winner = game.enemy(conceded_by)
        rep.trace.append(f"{conceded_by} concedes: {rep.winner} wins (16.5)")
        return rep
    rule = f" ({sc['victory']['rule']})" if sc["victory"].get("rule") else ""
    rep.trace.append(f"scenario {sc['id']}{rule}: {side} must meet one of {len(sc['victory']['any_of'])} condition(s) at the end of "
                     f"turn {sc.get('turns', 10)} (16.0 A)")
    for i, cond in enumerate(sc["victory"]["any_of"]):
        c = check_condition(game, pos, side, cond, i + 1)
        rep.conditions.append(c)
        d = c.detail
        if cond["kind"] == "occupy":
            names = ", ".join(_name(game, x) if x in game.map.cities else game.map.resource_centres[x].name
                              for x in d["occupied"]) or "none"
            why = f"{side} occupies {d['count']} of the {d['needed']} needed ({names})"
            if cond.get("including_one_of"):
                why += "; key city held: " + (", ".join(_name(game, x) for x in d["key_cities_held"]) or "none")
        else:
            why = (f"{len(d['enemy_units_left'])} {cond['country']} unit(s) left in the region"
                   + (f" ({', '.join(d['enemy_units_left'])})" if d["enemy_units_left"] else "")
                   + f"; cities not occupied: {', '.join(_name(game, x) for x in d['cities_not_occupied']) or 'none'}")
        rep.trace.append(f"condition {c.index}, {c.text}: {'met' if c.holds else 'not met'} - {why}")
    met = [c for c in rep.conditions if c.holds]
    rep.winner = side if met else game.enemy(side)
    rep.trace.append(f"{side} wins (condition {', '.join(str(c.index) for c in met)})" if met
                     else f"no condition is met: {game.enemy(side)} wins by preventing them (16.0 A)")
    return rep
