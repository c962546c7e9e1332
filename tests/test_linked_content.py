"""Links and special files in the content folder (MW407): a link to a folder loops
(`a -> .` twice made a build walk until memory ran out), a game folder that is a link
publishes what it points to, a pipe blocks whoever reads it. validate and build refuse
them before anything walks the folder."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from generator.cli import main


@pytest.fixture
def classic(game_copy):
    return game_copy("classic")


def _codes(capsys) -> str:
    return capsys.readouterr().err


def test_links_to_a_folder_are_refused_by_validate(classic, capsys):
    (classic / "a").symlink_to(".")
    (classic / "rules" / "b").symlink_to("..")
    assert main(["validate", str(classic.parent)]) == 1
    err = _codes(capsys)
    assert "classic/a:1:1: error[MW407]" in err and "classic/rules/b:1:1: error[MW407]" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_a_game_folder_is_refused_not_waited_on(classic, capsys):
    os.mkfifo(classic / "rules" / "pipe.md")
    assert main(["validate", str(classic.parent)]) == 1
    assert "pipe.md:1:1: error[MW407]" in _codes(capsys)


def test_a_game_folder_that_is_a_link_is_refused(tmp_path, classic, capsys):
    content = tmp_path / "other"
    content.mkdir()
    (content / "linked").symlink_to(classic, target_is_directory=True)
    assert main(["validate", str(content)]) == 1
    assert "is a link" in _codes(capsys)


def test_a_build_refuses_looping_links_before_mkdocs_walks_them(classic, tmp_path):
    (classic / "a").symlink_to(".")
    (classic / "b").symlink_to(".")
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "generator", "build", "--no-pdf", "--content", str(classic.parent),
                           "-o", str(tmp_path / "site")], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    assert "error[MW407]" in done.stderr and "MemoryError" not in done.stderr
    assert time.monotonic() - start < 120 and not (tmp_path / "site" / "classic").exists()
