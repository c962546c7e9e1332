"""The whole pipeline on the bundled content: the site builds, offline, twice the same."""
from __future__ import annotations

import filecmp
import re
from pathlib import Path

import pytest

from generator.cli import main

REPO = Path(__file__).resolve().parents[1]


def _build(tmp: Path, name: str) -> Path:
    site = tmp / name / "site"
    code = main(["build", "-o", str(site), "--work", str(tmp / name / "work")])
    assert code == 0, "mapwright build failed on the bundled content"
    return site


@pytest.fixture(scope="session")
def built(built_site):
    return built_site


def test_home_and_every_game_have_pages(built):
    site, _ = built
    assert (site / "index.html").is_file()
    for game in sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file()):
        assert (site / game / "index.html").is_file(), game
    assert (site / "reference" / "diagnostics" / "index.html").is_file()


def test_every_schema_has_a_reference_page(built):
    site, _ = built
    for schema in (REPO / "schemas").glob("*.schema.json"):
        name = schema.name.removesuffix(".schema.json")
        assert (site / "reference" / "schemas" / name / "index.html").is_file(), name


def test_site_loads_nothing_from_the_network(built):
    site, _ = built
    tags = re.compile(r"<(script|link|img|iframe|source|video|audio)\b[^>]*>", re.I)
    remote = re.compile(r"""(?:src|href)=["']?(?:https?:)?//""", re.I)
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        for tag in tags.finditer(text):
            if tag.group(1).lower() == "link" and re.search(r'rel="?canonical', tag.group(0)):
                continue  # names the page's published address; loads nothing
            assert not remote.search(tag.group(0)), f"{page} loads {tag.group(0)}"
        assert "@import url(http" not in text


def test_build_records_nothing_machine_specific(built):
    site, tmp = built
    needles = [str(REPO), str(tmp), str(Path.home())]
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".xml", ".json", ".svg", ".csv", ".js"):
            text = path.read_text(encoding="utf-8", errors="replace")
            for needle in needles:
                assert needle not in text, f"{path} mentions {needle}"


def test_two_builds_are_byte_identical(built, monkeypatch):
    site, tmp = built
    monkeypatch.chdir(REPO)
    again = _build(tmp, "second")

    def compare(a: Path, b: Path):
        cmp = filecmp.dircmp(a, b)
        assert not cmp.left_only and not cmp.right_only, (a, cmp.left_only, cmp.right_only)
        _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
        assert not mismatch and not errors, (a, mismatch, errors)
        for sub in cmp.common_dirs:
            compare(a / sub, b / sub)
    compare(site, again)


def test_rule_headings_get_anchors(built):
    site, _ = built
    anchors = [p for p in site.rglob("rules/*/index.html")
               if 'id="rule-' in p.read_text(encoding="utf-8")]
    assert anchors, "no rules page has rule-number anchors"
