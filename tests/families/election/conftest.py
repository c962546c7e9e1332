"""Fixtures for the election family tests."""
from __future__ import annotations

import pytest

from election_helpers import load_game


@pytest.fixture(scope="session")
def game():
    return load_game()
