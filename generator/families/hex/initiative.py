"""Initiative (14.0-14.4) and Administrative Points (5.2, 5.4)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .crt import Result
from .model import Fact, HexGame


@dataclass(frozen=True)
class IRT:
    """Initiative Record Track: `value` > 0 favours the first of `sides` (map.yaml order), < 0 the second."""

    value: int = 0
    sides: tuple[str, str] = ("", "")

    @property
    def favours(self) -> str | None:
        return self.sides[0] if self.value > 0 else self.sides[1] if self.value < 0 else None

    def moved(self, value: int) -> "IRT":
        return IRT(value, self.sides)

    def to_dict(self) -> dict:
        return {"favours": self.favours, "value": abs(self.value)}

    @staticmethod
    def of(game: HexGame, data: dict | None) -> "IRT":
        sides = (game.side_ids + ("", ""))[:2]
        if not data or not data.get("favours"):
            return IRT(0, sides)
        v = int(data.get("value", 0))
        return IRT(v if data["favours"] == sides[0] else -v, sides)


def record_combat(game: HexGame, irt: IRT, attacker: str, result: Result, limit: int | None = None) -> tuple[IRT, str]:
    """14.0 B-D: the side with more LPs moves the marker the difference toward the other side."""
    a, d = result.attacker, result.defender
    if a == d:
        return irt, f"{result}: equal losses, the marker stays (14.0 C)"
    gainer = game.enemy(attacker) if a > d else attacker
    steps = abs(a - d)
    value = irt.value + (steps if gainer == irt.sides[0] else -steps)
    if limit is not None:
        value = max(-limit, min(limit, value))
    new = irt.moved(value)
    where = f"{new.favours} {abs(new.value)}" if new.favours else "zero"
    return new, f"{attacker} attack {result}: marker moves {steps} toward {gainer}'s side, now {where} (14.0 B)"


def turn_one_side(game: HexGame) -> Fact:
    """The side with the initiative on Turn 1 (14.3, 16.4 C): charts.yaml `initiative_track.start.side`."""
    start = (game.charts.get("initiative_track") or {}).get("start") or {}
    return Fact(start.get("side"), str(start.get("source", "")), str(start.get("rule", "")))


def initiative(game: HexGame, irt: IRT, turn: int, previous_first: str | None = None) -> tuple[str | None, str]:
    """14.1, 14.3, 14.4: who has the initiative for `turn` (None: keep last turn's order)."""
    if turn == 1:
        first = turn_one_side(game)
        if first.value is None:
            return None, "charts.yaml names no side with the initiative on Turn 1 (`initiative_track.start.side`)"
        return first.value, f"{first.value} always has the initiative on Turn 1 (14.3, 16.4 C)"
    if irt.favours is None:
        return None, f"the IRT is at zero: the turn order of the previous turn stands (first: {previous_first}) (14.4)"
    return irt.favours, f"{irt.favours} has the lower net loss and the initiative (14.1); the IRT is then reset to zero (14.2)"


@dataclass
class APLevel:
    base: int
    level: int
    reduction: int
    captured_weight: int
    trace: list[str] = field(default_factory=list)


def ap_level(game: HexGame, side: str, base: int, captured_city_ids: list[str], bombing_loss: int = 0) -> APLevel:
    """5.4: three captured cities (or the capital) cost 3 APs, each further city 1 more; city bombing
    (variant 13A.4.2, City Bombing Table) takes its APs from the next level too."""
    weight, trace = 0, []
    for cid in sorted(set(captured_city_ids)):
        city = game.map.cities.get(cid)
        if city is None or city.country != side:
            trace.append(f"'{cid}' is not a {side} city; ignored")
            continue
        w = int(game.capital_weight.value) if city.capital else 1
        weight += w
        trace.append(f"{city.name} in enemy hands counts {w}" + (" (capital, 5.4 C)" if city.capital else ""))
    reduction = weight if weight >= 3 else 0
    trace.append(f"{weight} city-equivalent(s) lost: AP level reduced by {reduction} (5.4 A-B)")
    if bombing_loss:
        reduction += bombing_loss
        trace.append(f"city bombing since the last player-turn: a further {bombing_loss} AP(s) (13A.4.2, City Bombing Table)")
    level = max(0, base - reduction)
    trace.append(f"AP level {level}: {base}" + (f" less {reduction}" if reduction else "")
                 + "; the level changes only by special rules or lost cities (5.3)")
    return APLevel(base, level, reduction, weight, trace)


def scenario_ap_level(game: HexGame, scenario: dict, side: str) -> tuple[int, list[str]]:
    """A scenario's printed AP level for `side` (a variant's change is the `scenario_variant` hook's)."""
    base = int(scenario["sides"][side]["ap_level"])
    return base, [f"scenario {scenario['id']}: {side} AP level {base}"]


def spend(game: HexGame, start: int, actions: list[dict]) -> tuple[int, list[str], list[str]]:
    """5.1-5.2: spend APs action by action; returns (left, trace, problems)."""
    left, trace, problems = start, [f"AP marker at {start}"], []
    for act in actions:
        cost = game.ap_cost(act["action"]) * int(act.get("count", 1))
        if cost > left:
            problems.append(f"{act['action']} needs {cost} APs, {left} left (5.1.2 A)")
            break
        left -= cost
        trace.append(f"{act['action']} x{int(act.get('count', 1))}: -{cost} -> {left}, "
                     "spent as the action is taken (5.1.2 A)")
    return left, trace, problems
