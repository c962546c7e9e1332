"""Fixtures for the renderer tests (data in render_fixtures.py)."""
from __future__ import annotations

import pytest

from render_fixtures import tiny_game


@pytest.fixture
def tiny():
    return tiny_game()


@pytest.fixture
def tiny_schematic():
    return tiny_game(outlines=False)
