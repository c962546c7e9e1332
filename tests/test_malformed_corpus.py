"""A corpus of malformed content folders: each must end as located diagnostics and exit 1
(or 0 when only warnings), never as "internal error", a traceback or a hang."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.cli import main

REPO = Path(__file__).resolve().parents[1]
CLASSIC = REPO / "content" / "classic"


def _classic(root: Path, name: str = "game") -> Path:
    game = root / "content" / name
    shutil.copytree(CLASSIC, game)
    return game


def dangling_page(g):
    os.symlink(g / "rules" / "nowhere.md", g / "rules" / "09-gone.md")


def looping_page(g):
    os.symlink(g / "rules" / "09-loop.md", g / "rules" / "09-loop.md")


def folder_page(g):
    (g / "rules" / "09-folder.md").mkdir()


def fifo_page(g):
    os.mkfifo(g / "rules" / "09-pipe.md")


def bad_page_name(g):
    (g / "rules" / "a b<img src=x onerror=1>.md").write_text("# 1 X\n")


def rules_is_a_file(g):
    shutil.rmtree(g / "rules")
    (g / "rules").write_text("not a folder")


def rules_loop(g):
    shutil.rmtree(g / "rules")
    os.symlink(g / "rules", g / "rules")


def map_is_a_folder(g):
    (g / "map.yaml").unlink()
    (g / "map.yaml").mkdir()


def map_dangling(g):
    (g / "map.yaml").unlink()
    os.symlink(g / "nowhere.yaml", g / "map.yaml")


def map_looping(g):
    (g / "map.yaml").unlink()
    os.symlink(g / "map.yaml", g / "map.yaml")


def game_yaml_binary(g):
    (g / "game.yaml").write_bytes(b"\x00\x01\xff\xfe" * 100)


def game_yaml_comment_only(g):
    (g / "game.yaml").write_text("# nothing here\n")


def game_yaml_a_list(g):
    (g / "game.yaml").write_text("- a\n- b\n")


def page_nul_bytes(g):
    (g / "rules" / "09-nul.md").write_bytes(b"# 1 X\n\x00\x00 text\n")


def page_reserved_id(g):
    (g / "rules" / "09-id.md").write_text("# 1 X {#__config}\n\n## 2 Y {: #rule-1 }\n")


def page_open_attr_list(g):
    (g / "rules" / "09-attr.md").write_text("# 1 X\n\n## 2 Y {: onclick=alert(1)\n")


def example_not_mapping(g):
    (g / "rules" / "09-ex.md").write_text("# 1 X\n\n```example\n- just\n- a list\n```\n")


def example_deep(g):
    (g / "rules" / "09-ex.md").write_text("# 1 X\n\n```example\n" + "[" * 5000 + "\n```\n")


def example_unclosed(g):
    (g / "rules" / "09-ex.md").write_text("# 1 X\n\n```example\ntitle: t\n")


def example_wrong_types(g):
    (g / "rules" / "09-ex.md").write_text(
        "# 1 X\n\n```example\ntitle: [1]\nunits: 3\norders: {ENG: 5}\nexpect: []\n```\n")


def page_over_the_size_limit(g):
    from generator.game import MAX_PAGE_BYTES
    (g / "rules" / "09-big.md").write_text("# 9 Big\n\n" + "word " * (MAX_PAGE_BYTES // 5))


CASES = {f.__name__: f for f in [
    dangling_page, looping_page, folder_page, fifo_page, bad_page_name, rules_is_a_file,
    rules_loop, map_is_a_folder, map_dangling, map_looping, game_yaml_binary,
    game_yaml_comment_only, game_yaml_a_list, page_nul_bytes, page_reserved_id,
    page_open_attr_list, page_over_the_size_limit, example_not_mapping, example_deep, example_unclosed, example_wrong_types,
]}


@pytest.mark.parametrize("name", sorted(CASES))
def test_malformed_content_is_a_located_diagnostic(tmp_path, capsys, name):
    game = _classic(tmp_path)
    CASES[name](game)
    code = main(["validate", str(game), "--format", "json"])
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err, err
    assert code == 1, (code, out[-2000:], err[-2000:])
    assert '"line"' in out and str(tmp_path.name) in out or "content" in out


@pytest.mark.parametrize("name", ["index.md", "reference", "My Game", "a<b>", "-x", "x.y"])
def test_game_folder_names_are_restricted(tmp_path, capsys, name):
    game = _classic(tmp_path, name)
    code = main(["validate", str(game)])
    out, err = capsys.readouterr()
    assert code == 1 and "MW406" in out + err and "internal error" not in err, out + err


def test_a_content_folder_with_a_dangling_link_still_validates_its_games(tmp_path, capsys):
    _classic(tmp_path)
    os.symlink(tmp_path / "nowhere", tmp_path / "content" / "broken")
    code = main(["validate", str(tmp_path / "content")])
    _, err = capsys.readouterr()
    assert code == 0 and "internal error" not in err, err
