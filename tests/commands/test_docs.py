"""`mapwright docs -o DIR`: the generated tree on disk, built by MkDocs and by Zensical
(the same team's successor, which reads mkdocs.yml but runs no MkDocs plugin)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.cli import main

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """Every bundled game's docs tree, as Mapwright's own site names it."""
    root = tmp_path_factory.mktemp("docs")
    code = main(["docs", "--content", str(REPO / "content"), "--config", str(REPO / "mkdocs.yml"),
                 "-o", str(root / "tree"), "--no-pdf"])
    assert code == 0
    return root / "tree"


def _pages(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("index.html")}


def test_the_tree_names_the_site_and_needs_no_plugin(tree):
    config = yaml.safe_load((tree / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == "Mapwright games" and config["docs_dir"] == "docs"
    assert config["plugins"] == ["search"] and config["theme"]["custom_dir"] == "overrides"
    assert all(not str(e).startswith("generator.") for e in config["markdown_extensions"])
    assert (tree / "overrides" / "assets" / "javascripts" / "mapwright-map.js").is_file()
    assert {f"{game}/index.md" for game in GAMES} <= {p.relative_to(tree / "docs").as_posix()
                                                      for p in (tree / "docs").rglob("*.md")}


def test_mkdocs_and_zensical_both_build_every_game(tree, tmp_path):
    made = {}
    for engine, argv in (("mkdocs", [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(tmp_path / "mkdocs")]),
                         ("zensical", [shutil.which("zensical") or "zensical", "build"])):
        work = tmp_path / f"{engine}-tree"
        shutil.copytree(tree, work)
        done = subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (engine, done.stdout[-2000:], done.stderr[-2000:])
        site = tmp_path / "mkdocs" if engine == "mkdocs" else work / "site"
        made[engine] = _pages(site)
        for game in GAMES:   # each game's overview, rules and map pages
            assert f"{game}/index.html" in made[engine], (engine, game)
            assert any(p.startswith(f"{game}/rules/") for p in made[engine]), (engine, game)
        page = (site / "classic" / "rules" / "02-movement" / "index.html").read_text(encoding="utf-8")
        assert 'class="admonition example"' in page and "!!! example" not in page, engine
    assert made["mkdocs"] == made["zensical"]


def test_the_caches_go_where_build_keeps_them(tmp_path, monkeypatch):
    """In the working folder's build/, never beside the configuration Mapwright ships (a
    cache there was published with the guides' templates)."""
    from generator.paths import AUTHOR_MKDOCS
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "classic", content / "classic")
    monkeypatch.chdir(tmp_path)
    assert main(["docs", "-o", "tree", "--no-pdf"]) == 0
    assert (tmp_path / "build" / "cache").is_dir() and not (AUTHOR_MKDOCS.parent / "build").exists()


def test_a_second_run_replaces_its_own_files_and_refuses_others(tree, tmp_path, capsys):
    out = tmp_path / "tree"
    shutil.copytree(tree, out)
    args = ["docs", "--content", str(REPO / "content"), "--config", str(REPO / "mkdocs.yml"), "-o", str(out), "--no-pdf"]
    assert main(args) == 0
    (out / "docs" / "index.md").write_text("# mine\n", encoding="utf-8")   # edited: no longer Mapwright's
    capsys.readouterr()
    assert main(args) == 2
    assert "error[MW603]" in capsys.readouterr().err
    assert (out / "docs" / "index.md").read_text(encoding="utf-8") == "# mine\n"
    assert main(args + ["--force"]) == 0
