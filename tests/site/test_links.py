"""Rules pages' links to files the site lacks: located diagnostics before MkDocs (MW305)."""
from __future__ import annotations

import shutil
from pathlib import Path

from generator.build import BuildOptions, Generator
from generator.site.links import missing_targets

REPO = Path(__file__).resolve().parents[2]
FILES = {"g/index.md", "g/map.md", "g/rules/01-a.md", "g/rules/02-b.md", "g/assets/map.svg", "other/index.md"}


def found(text: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.message.split("'")[1])
            for d in missing_targets("content/g", "g", {"rules/01-a.md": text}, FILES)]


def test_links_to_files_the_site_lacks_are_located():
    text = ("# A\n\nSee [b](02-b.md), [the map](../map.md#x), ![m](../assets/map.svg) and [o](../../other/index.md).\n"
            "But [c](03-c.md), ![p](pic.png), [m](../maps.md#x), [q](nope.md?x=1) and [s](02-b%20x.md).\n"
            "\n[ref]: ../nope.md\n")
    assert found(text) == [(4, 9, "03-c.md"), (4, 24, "pic.png"), (4, 38, "../maps.md#x"), (4, 57, "nope.md?x=1"),
                           (4, 78, "02-b%20x.md"), (6, 8, "../nope.md")]


def test_what_mkdocs_does_not_check_is_left_alone():
    text = ("# A\n\n[w](https://example.org/x.md) [m](mailto:a@b.c) [t](#top) [r](/abs.md) [d](somewhere/)\n"
            "`[x](gone.md)` and\n\n```\n[x](gone.md)\n```\n\n    [x](gone.md) in indented code\n\n"
            "- an item\n\n    [x](gone2.md) continues the item\n")
    assert found(text) == [(14, 9, "gone2.md")]


def test_the_build_reports_a_broken_link_where_it_is_written(tmp_path):
    """MkDocs refused the site with its own message, no line, no code, no hint."""
    game = tmp_path / "content" / "divided-republic"
    shutil.copytree(REPO / "content" / "divided-republic", game)
    page = game / "rules" / "01-components.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [the board](02-bord.md).\n", encoding="utf-8")
    tree = Generator().tree(BuildOptions(content=tmp_path / "content", project=tmp_path, pdf=False))
    broken = [d for d in tree.report.diagnostics if d.code == "MW305"]
    lines = page.read_text(encoding="utf-8").split("\n")
    assert [(d.file.rsplit("/", 2)[-2:], d.line, d.severity) for d in broken] == [
        (["rules", "01-components.md"], len(lines) - 1, "error")]
    assert "02-bord.md" in broken[0].message and broken[0].hint


def test_a_target_that_goes_on_past_a_space_or_line_break_is_read_whole():
    """MkDocs checks the address Markdown reads: up to the closing parenthesis, across a
    line break. A target whose first word is a real page passed (MW305 read only that
    word), and MkDocs' own warning then carried the next line into the build's output."""
    text = ("# A\n\nSee [b](02-b.md\n::error file=x,line=1::forged) and [c](<02-b.md> \"t\")\n"
            "and [d](02-b.md 'title') and [e](02-b.md oops) and [f](../assets/map(1).svg).\n")
    assert found(text) == [(3, 9, "02-b.md"), (5, 34, "02-b.md"), (5, 56, "../assets/map(1).svg")]
    assert "line break" in missing_targets("content/g", "g", {"rules/01-a.md": text}, FILES)[0].message
