"""Games validated side by side in worker processes give what one process gives."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.cli import main
from generator.parallel import can_fork, each_game
from generator.validate import validate_report


def _pid_and_name(game: Path) -> tuple[int, str]:
    return os.getpid(), game.name


def _games(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    for name, family in (("alpha", "diplomacy"), ("beta", "hex"), ("gamma", "election")):
        assert main(["new", name, "--family", family, "--content", str(content)]) == 0
    broken = content / "delta"
    broken.mkdir()
    (broken / "game.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    rules = content / "alpha" / "rules" / "01-introduction.md"
    rules.write_text(rules.read_text(encoding="utf-8") + '\n<a href="javascript:alert(1)">x</a>\n', encoding="utf-8")
    return content


def test_workers_check_the_games_and_keep_their_order(tmp_path):
    content = _games(tmp_path)
    games = sorted(p for p in content.iterdir())
    assert can_fork(), "this test runs where forking workers is possible (Linux, one thread)"
    done = list(each_game(_pid_and_name, games, jobs=2))
    assert [name for _, name in done] == [g.name for g in games]
    assert os.getpid() not in {pid for pid, _ in done}, "the games were not checked in workers"
    assert {pid for pid, _ in each_game(_pid_and_name, games, jobs=1)} == {os.getpid()}


def test_the_same_diagnostics_whatever_the_number_of_workers(tmp_path):
    content = _games(tmp_path)
    alone = validate_report([content], jobs=1).sorted()
    assert {d.code for d in alone} >= {"MW001", "MW301"}, alone
    for jobs in (2, 3, 8):
        assert validate_report([content], jobs=jobs).sorted() == alone


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_jobs_must_be_a_positive_number(jobs, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["validate", "--jobs", jobs])
    assert exc.value.code == 2
    assert "--jobs" in capsys.readouterr().err


def test_without_a_pool_the_games_are_checked_here(tmp_path, monkeypatch):
    """Where the platform cannot make a process pool (no shared semaphores), the same."""
    import multiprocessing.context

    def refuse(*args, **kwargs):
        raise OSError(38, "Function not implemented")
    monkeypatch.setattr(multiprocessing.context.ForkContext, "Pool", refuse)
    games = sorted(_games(tmp_path).iterdir())
    assert {pid for pid, _ in each_game(_pid_and_name, games, jobs=2)} == {os.getpid()}
