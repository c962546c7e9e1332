"""Shared fixtures: the repository root, the shared reference folder, game copies."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests assert behaviour, not speed: a loaded CI machine must not fail them on time.
settings.register_profile("mapwright", deadline=None, print_blob=True)
settings.load_profile("mapwright")

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


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The bundled content built once per test session: (site folder, temporary root)."""
    import os

    from generator.cli import main
    old = os.getcwd()
    os.chdir(REPO)
    try:
        tmp = tmp_path_factory.mktemp("build")
        site = tmp / "first" / "site"
        content = os.environ.get("MW_TEST_CONTENT", "content")  # a narrower folder, for debugging
        code = main(["build", "--content", content, "-o", str(site), "--cache-dir", str(tmp / "cache")])
        assert code == 0, "mapwright build failed on the bundled content"
        return site, tmp
    finally:
        os.chdir(old)
