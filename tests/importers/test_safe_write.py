"""Importers write inside the game folder only, never through a link (generator/importers/safe_write.py)."""
import os

import pytest

from generator.importers.safe_write import write_inside


def test_a_file_that_is_a_link_is_replaced_not_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("mine\n", encoding="utf-8")
    game = tmp_path / "game"
    game.mkdir()
    (game / "map.yaml").symlink_to(outside)
    written = write_inside(game, "map.yaml", "new\n")
    assert outside.read_text(encoding="utf-8") == "mine\n"
    assert not written.is_symlink() and written.read_text(encoding="utf-8") == "new\n"
    assert oct(written.stat().st_mode & 0o777) == oct(0o666 & ~_umask())
    assert sorted(p.name for p in game.iterdir()) == ["map.yaml"]      # no temporary file left


def test_a_linked_folder_or_a_folder_in_the_way_is_refused(tmp_path):
    (tmp_path / "elsewhere").mkdir()
    game = tmp_path / "game"
    game.mkdir()
    (game / "rules").symlink_to(tmp_path / "elsewhere")
    (game / "map.yaml").mkdir()
    with pytest.raises(OSError, match="rules is a symbolic link"):
        write_inside(game, "rules/01-rules.md", "# x\n")
    with pytest.raises(OSError, match="is a folder"):
        write_inside(game, "map.yaml", "x\n")
    assert not list((tmp_path / "elsewhere").iterdir())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
