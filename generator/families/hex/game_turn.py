"""A whole game-turn (4.1, 4.2): the Initiative Determination Interphase, the two player-turns and
the Game-Turn Indication Phase, one position and one Initiative Record Track carried through them.

Each player-turn is played by the player-turn engine (turn.py), so everything it checks is checked
in both. What the game-turn adds:

- who plays first (4.2.1): on Turn 1 the side charts.yaml names chooses (14.3, 16.4 C); later the
  side the IRT favours chooses (14.1), and with the marker at zero the previous turn's order stands (14.4);
- the IRT is set to zero once the initiative is determined (14.2); both Combat Phases record on it;
- the second player-turn is the other side's (4.2.3) and starts where the first left the units;
- each side's cities in enemy hands are read from the position when its turn starts (5.4), and with
  a scenario named its AP level must be the scenario's (4.2.2.1);
- the turn marker advances, or the game ends after the scenario's last turn (4.2.4, 16.5).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .control import city_holder
from .initiative import IRT, initiative
from .model import HexGame, Position
from .turn import play_turn

PARTS = ("initiative", "player-turn", "turn-indication")
ORDINAL = ("first", "second")
RULE = ("4.2.2", "4.2.3")


@dataclass
class GameTurnReport:
    legal: bool = False
    turn: int = 0
    first: str | None = None
    player_turns: list[dict] = field(default_factory=list)
    irt: dict = field(default_factory=dict)
    next_turn: int | None = None
    final: dict = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "turn": self.turn, "first": self.first, "player_turns": self.player_turns,
                "irt": self.irt, "next_turn": self.next_turn, "final": self.final, "problems": self.problems}


def _phase_name(game: HexGame, phase_id: str) -> str:
    info = next((p for p in game.charts.get("phases", []) if p.get("id") == phase_id), {})
    return f"{info.get('name', phase_id)} ({info.get('rule', '')})"


def lost_cities(game: HexGame, pos: Position, side: str) -> list[str]:
    """The side's cities enemy units occupy (5.4): what lowers its AP level when its turn starts."""
    return sorted(c.id for c in game.map.cities.values()
                  if c.country == side and city_holder(game, pos, c.hex) not in (None, side))


def _scenario(game: HexGame, sid: str | None) -> dict | None:
    return next((s for s in game.scenarios if str(s.get("id")) == sid), None) if sid else None


def play_game_turn(game: HexGame, pos: Position, spec: dict) -> GameTurnReport:
    rep = GameTurnReport(turn=int(spec["turn"]))
    scenario = _scenario(game, spec.get("scenario"))
    if spec.get("scenario") and scenario is None:
        rep.problems.append(f"'{spec['scenario']}' is not a scenario of this game (scenarios.yaml)")
    parts = list(spec.get("phases", []))
    seen = [p["phase"] for p in parts]
    if seen != sorted(seen, key=PARTS.index) or seen.count("initiative") > 1 or seen.count("turn-indication") > 1:
        rep.problems.append("the game-turn's phases come out of sequence or twice: the Initiative Determination "
                            "Interphase, two player-turns, the Game-Turn Indication Phase (4.2, 4.3)")
    turns = [p["turn"] for p in parts if p["phase"] == "player-turn"]
    if len(turns) != 2:
        rep.problems.append(f"a game-turn is two player-turns, one a side (4.1 A); {len(turns)} given")
    chosen = next((p.get("first") for p in parts if p["phase"] == "initiative"), None)

    irt = IRT.of(game, spec.get("irt"))
    rep.trace.append(f"Turn {rep.turn}. " + _phase_name(game, "initiative"))
    holder, why = initiative(game, irt, rep.turn, spec.get("previous_first"))
    rep.trace.append(why)
    if holder is None and rep.turn > 1:   # 14.4: the marker is at zero, last turn's order stands
        first = spec.get("previous_first")
        if first is None:
            rep.problems.append("initiative: the IRT is at zero, so the previous turn's order stands (14.4); "
                                "state who played first as `previous_first`")
        elif chosen and chosen != first:
            rep.problems.append(f"initiative: the IRT is at zero, so {first} plays first as in the previous turn (14.4), "
                                f"not {chosen}")
    elif holder is None:
        first = None
        rep.problems.append("initiative: " + why)
    else:
        first = chosen or holder
        rep.trace.append(f"{holder} has the initiative and chooses that {first} plays first (4.2.1, 14.1)")
    if first is not None and first not in game.side_ids:
        rep.problems.append(f"initiative: '{first}' is not a side of this game ({', '.join(game.side_ids)})")
        first = None
    rep.first = first
    if irt.value and "14.2" not in why:
        rep.trace.append("the IRT is set to zero (14.2)")
    irt = irt.moved(0)

    sides = [t.get("side") for t in turns]
    if len(sides) == 2 and sides[0] == sides[1]:
        rep.problems.append(f"a game-turn is two player-turns, one a side (4.1 A); {sides[0]} has both")
    elif len(sides) == 2:
        rep.trace.append(f"Turn {rep.turn} is two player-turns, one a side; in each the phasing side acts and the "
                         "other only defends (4.1 A)")
    order = [first, game.enemy(first)] if first else []
    for n, tspec in enumerate(turns[:2]):
        side = tspec["side"]
        head = f"{ORDINAL[n]} player-turn ({side}, {RULE[n]})"
        rep.trace.append(f"The First Player-Turn ({RULE[n]}): {side} is the phasing side" if n == 0 else
                         f"The Second Player-Turn ({RULE[n]}): {side} is now the phasing side and repeats 4.2.2.1 "
                         f"through 4.2.2.8, from where the first player-turn left the units")
        if order and side != order[n]:
            rep.problems.append(f"{head}: {order[n]} plays the {ORDINAL[n]} player-turn this turn "
                                f"({'4.2.1, 14.1' if n == 0 else '4.2.3'})")
        if "irt" in tspec:
            rep.problems.append(f"{head}: the IRT is the game-turn's, set to zero at the initiative (14.2) and carried "
                                f"from one Combat Phase to the next; give it as the game-turn's `irt` only")
        lost = lost_cities(game, pos, side)
        if "captured" in tspec and sorted(map(str, tspec["captured"])) != lost:
            rep.problems.append(f"{head}: its cities in enemy hands are {', '.join(lost) or 'none'} as the units "
                                f"stand (5.4), not {', '.join(map(str, tspec['captured'])) or 'none'}")
        if scenario is not None and side in scenario.get("sides", {}):
            level = int(scenario["sides"][side]["ap_level"])
            if int(tspec["ap_level"]) != level:
                rep.problems.append(f"{head}: scenario {scenario['id']} sets {side}'s AP level at {level}, "
                                    f"not {tspec['ap_level']} (4.2.2.1)")
        sub = play_turn(game, pos, {**tspec, "captured": lost}, irt=irt)
        rep.trace += ["  " + t for t in sub.trace]
        rep.problems += [f"{head}: {p}" for p in sub.problems]
        rep.player_turns.append({"side": side, **sub.to_dict()})
        pos, irt = sub.position, sub.irt_after

    rep.irt = irt.to_dict()
    rep.trace.append(_phase_name(game, "turn-indication"))
    last = int(scenario["turns"]) if scenario and scenario.get("turns") else int((game.charts.get("turn_track") or {}).get("turns", 0)) or None
    if last is not None and rep.turn > last:
        rep.problems.append(f"turn-indication: the game has {last} turns (16.5); there is no Turn {rep.turn}")
    elif last is not None and rep.turn == last:
        rep.trace.append(f"Turn {rep.turn} was the last: play stops and the winner is determined (4.2.4, 16.5)")
    else:
        rep.next_turn = rep.turn + 1
        rep.trace.append(f"the Game-Turn Marker advances to Turn {rep.next_turn} (4.2.4); the IRT, "
                         f"{irt.favours or 'zero'} {abs(irt.value) if irt.favours else ''}".rstrip() +
                         ", decides its initiative (14.1)")
    rep.final = {u.id: (u.hex + (" disrupted" if u.disrupted else "")) for u in sorted(pos.units.values(), key=lambda u: u.id)}
    rep.legal = not rep.problems
    rep.trace.append("the game-turn is legal" if rep.legal else "the game-turn is not legal: " + rep.problems[0])
    return rep
