"""Fixtures for the Diplomacy family tests: the Classic game, and small synthetic games."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.families.diplomacy.loading import game_from_data

REPO = Path(__file__).resolve().parents[3]


def classic_map_data() -> dict:
    return yaml.safe_load((REPO / "content" / "classic" / "map.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def classic():
    """The Classic game as the family loads it (through the lead's read_game when present)."""
    try:
        from generator.families.diplomacy import FAMILY
        from generator.game import read_game
        source, diags = read_game(REPO / "content" / "classic")
        if source is not None:
            return FAMILY.load(source)
    except ImportError:
        pass
    return game_from_data("classic", {"title": "Classic"}, classic_map_data())


@pytest.fixture
def classic_with():
    """Classic map with the given rule modules enabled."""
    def make(rules: dict, **extra_map):
        data = classic_map_data()
        data.update(extra_map)
        return game_from_data("classic-variant", {"title": "Classic variant", "rules": rules}, data)
    return make
