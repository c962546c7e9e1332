"""Shared fixtures: the repository root, the shared reference folder, game copies."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content"
SHARED = REPO.parent / "shared"


@pytest.fixture
def game_copy(tmp_path):
    """Copy a bundled game into a temporary content folder, to break it on purpose."""
    def copy(game_id: str) -> Path:
        target = tmp_path / "content" / game_id
        shutil.copytree(CONTENT / game_id, target)
        return target
    return copy


@pytest.fixture
def chdir_repo(monkeypatch):
    monkeypatch.chdir(REPO)
    return REPO
