"""Stacking limits (10.0-10.5)."""
from __future__ import annotations

from .model import HexGame, Unit


def stack_counts(game: HexGame, units: list[Unit]) -> tuple[int, int, int]:
    """(corps, divisions, armoured brigades) in a stack; forts do not count (10.0 D)."""
    corps = divisions = armour = 0
    for u in units:
        t = game.unit_type(u)
        if t.arm == "fort":
            continue
        if t.size == "corps":
            corps += 1
            armour += 1 if t.arm == "mixed" else 0   # a shock corps holds a tank brigade
        elif t.arm == "armour":
            armour += 1
        else:
            divisions += 1
    return corps, divisions, armour


def illegal_kind(corps: int, divisions: int, armour: int) -> str:
    """Which of the common illegal stacks of 10.5 A an over-limit stack is ('' when none fits)."""
    if armour >= 2 and corps + divisions:
        return "two armoured units and an infantry unit"
    if corps >= 2:
        return "two infantry corps"
    if corps and divisions:
        return "an infantry corps and an infantry division"
    if divisions >= 2:
        return "two infantry divisions not formed into a corps"
    return ""


def stack_problems(game: HexGame, units: list[Unit], terrain_id: str, *, before_formation: bool = False) -> list[str]:
    """Why a stack breaks the limits; empty when legal. `before_formation` allows two
    divisions waiting to form a corps (10.2)."""
    corps, divisions, armour = stack_counts(game, units)
    problems = []
    legal = ((corps <= 1 and divisions == 0 and armour <= 1)
             or (corps == 0 and divisions <= (2 if before_formation else 1) and armour <= 1)
             or (corps == 0 and divisions == 0 and armour <= 2))
    if not legal:
        kind = illegal_kind(corps, divisions, armour)
        problems.append(f"{corps} corps, {divisions} division(s) and {armour} armoured brigade(s) exceed the limit (10.0 B"
                        + (f"; 10.5 A: {kind}" if kind else "") + ")")
    terrain = game.terrain.get(terrain_id)
    combat = [u for u in units if game.unit_type(u).arm != "fort"]
    if terrain and terrain.armour_stacks_alone and armour and len(combat) > 1:
        problems.append(f"armour may not stack with another unit in {terrain.name.lower()} (10.1)")
    return problems
