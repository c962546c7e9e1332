"""Load the Dixie game once for the hex tests (through the core's read_game)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from generator.families.hex import FAMILY
from generator.families.hex.model import Position, Unit
from generator.game import read_game

REPO = Path(__file__).resolve().parents[3]
DIXIE = REPO / "content" / "dixie"


@lru_cache(maxsize=1)
def dixie():
    source, diagnostics = read_game(DIXIE)
    assert source is not None, [str(d) for d in diagnostics]
    return FAMILY.load(source)


def position(*units) -> Position:
    return Position({u[0]: Unit(u[0], u[1], u[2], u[3], bool(u[4]) if len(u) > 4 else False) for u in units})


def with_map(game, **overrides):
    return replace(game, map=game.map.with_overrides(**overrides))
