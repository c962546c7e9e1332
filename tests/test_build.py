"""The whole pipeline on the bundled content: the site builds, offline, twice the same;
and `build` writes only where it may (issue 12's output paths)."""
from __future__ import annotations

import filecmp
import re
import shutil
from pathlib import Path

import pytest

from generator.build import MARKER, OUTPUT_REFUSED, WORK_REFUSED, BuildOptions, check_site, check_work
from generator.cli import main

REPO = Path(__file__).resolve().parents[1]


def _build(tmp: Path, name: str) -> Path:
    site = tmp / name / "site"
    code = main(["build", "-o", str(site), "--cache-dir", str(tmp / "cache")])
    assert code == 0, "mapwright build failed on the bundled content"
    return site


def _repo_config(project: Path, settings: str = "") -> Path:
    """The repository's mkdocs.yml, copied as it is into a project elsewhere, with the
    plugin's `settings` (lines) added."""
    text = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("  - mapwright:", "  - mapwright:" + "".join(f"\n      {s}" for s in settings.split("\n") if s))
    config = project / "mkdocs.yml"
    config.write_text(text, encoding="utf-8")
    return config


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


def test_content_files_are_not_published_as_they_are(built):
    site, _ = built
    for game in (p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file()):
        assert not list((site / game).rglob("*.yaml")), f"a content file of {game} was copied into the site"


def test_printables_are_rendered_and_linked(built):
    site, _ = built
    for game in ("classic", "divided-states"):
        pdfs = sorted((site / game / "print").glob("*.pdf"))
        assert [p.name for p in pdfs] == ["adjacency-A4.pdf", "adjacency-letter.pdf", "map-A4.pdf",
                                          "map-letter.pdf"], game
        assert all(p.read_bytes().startswith(b"%PDF-") for p in pdfs)
        assert 'href="print/map-A4.pdf"' in (site / game / "index.html").read_text(encoding="utf-8")


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
    """The second build reads every game and PDF from the first one's cache."""
    from generator.commands.build import config_path
    from generator.mkdocs_plugin.run import build_site
    site, tmp = built
    monkeypatch.chdir(REPO)
    again = tmp / "second" / "site"
    outcome = build_site(config_path(None), Path("content"), again, cache_dir=tmp / "cache")

    def compare(a: Path, b: Path):
        cmp = filecmp.dircmp(a, b, ignore=[MARKER])
        assert not cmp.left_only and not cmp.right_only, (a, cmp.left_only, cmp.right_only)
        _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
        assert not mismatch and not errors, (a, mismatch, errors)
        for sub in cmp.common_dirs:
            compare(a / sub, b / sub)
    compare(site, again)
    assert outcome.rendered == 0, "the second build rendered PDFs the first one had cached"
    import gc
    assert gc.get_freeze_count() == 0, "the build left the generator's objects frozen"


def test_site_ships_no_sourcemaps_and_only_its_search_language(built):
    """The theme's sourcemaps and the search worker's files for other languages are left out
    of MkDocs' files (issues 12 and 16: shipped weight); search itself still ships."""
    site, _ = built
    assert not [p for p in site.rglob("*") if p.name.endswith((".js.map", ".css.map"))]
    # the site is in English: lunr needs no language file for it
    assert not list((site / "assets" / "javascripts" / "lunr").rglob("*.js"))
    assert list((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    assert (site / "search" / "search_index.json").is_file()


@pytest.mark.parametrize("languages, files", [
    (["en"], set()),
    (["de"], {"min/lunr.de.min.js", "min/lunr.stemmer.support.min.js"}),
    (["en", "fr"], {"min/lunr.fr.min.js", "min/lunr.multi.min.js", "min/lunr.stemmer.support.min.js"}),
    (["ja"], {"min/lunr.ja.min.js", "tinyseg.js", "min/lunr.stemmer.support.min.js"}),
    (["th"], {"min/lunr.th.min.js", "wordcut.js", "min/lunr.stemmer.support.min.js"}),
    ([], set()),
])
def test_search_languages_keep_exactly_the_files_the_worker_loads(languages, files):
    from generator.mkdocs_plugin.shipped import LUNR, search_files, shipped
    needed = search_files(languages)
    assert needed == {LUNR + f for f in files}
    theme = Path(__import__("material").__file__).parent / "templates"
    lunr = sorted(p.relative_to(theme).as_posix() for p in (theme / LUNR).rglob("*.js"))
    assert set(needed) <= set(lunr), "Material no longer ships a file its worker loads"
    assert {u for u in lunr if shipped(u, needed)} == needed
    assert shipped("assets/javascripts/workers/search.x.min.js", needed)
    assert not shipped("assets/javascripts/bundle.x.min.js.map", needed)


def test_rule_headings_get_anchors(built):
    site, _ = built
    anchors = [p for p in site.rglob("rules/*/index.html")
               if 'id="rule-' in p.read_text(encoding="utf-8")]
    assert anchors, "no rules page has rule-number anchors"


# -- output paths -----------------------------------------------------------------------

@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project folder with one small game; the working directory is the project."""
    assert main(["new", "tiny", "--family", "diplomacy", "--content", str(tmp_path / "content")]) == 0
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _options(project: Path, **kw) -> BuildOptions:
    return BuildOptions(content=project / "content", project=project, **kw)


def _codes(found) -> list[str]:
    return [d.code for d in found]


def _snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("target", ["content", "content/tiny", "content/tiny/rules", ".", ".."])
def test_output_inside_content_or_holding_it_is_refused(project, target):
    assert _codes(check_site(project / target, _options(project))) == [OUTPUT_REFUSED]


def test_build_into_content_changes_nothing(project, capsys):
    before = _snapshot(project / "content")
    assert main(["build", "-o", "content", "--config", str(REPO / "mkdocs.yml")]) == 2      # refused outputs are usage errors
    assert "MW601" in capsys.readouterr().err
    assert _snapshot(project / "content") == before


def test_output_naming_a_file_is_a_diagnostic(project, capsys):
    (project / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["build", "-o", "notes.txt", "--config", str(REPO / "mkdocs.yml")]) == 2      # refused outputs are usage errors
    err = capsys.readouterr().err
    assert "notes.txt:1:1: error[MW601]" in err and "existing file" in err and "internal error" not in err
    assert (project / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_why_mkdocs_stopped_is_said_when_the_content_has_only_warnings(monkeypatch, capsys):
    """An unwritable -o (MkDocs' OSError) with content that has warnings: before, the
    warnings were printed and the exit code was 1 with no word of the failure."""
    from generator.diagnostics import Diagnostic
    from generator.mkdocs_plugin import run as runner
    warning = Diagnostic("content/g/claims.yaml", 3, 1, "DIP520", "a claim the map does not bear out",
                         severity="warning")

    def stopped(*args, **kwargs):
        raise runner.NotBuilt("[Errno 30] Read-only file system: '/srv/site'", [warning])
    monkeypatch.setattr(runner, "build_site", stopped)
    monkeypatch.chdir(REPO)
    assert main(["build", "-o", "/srv/site"]) == 1
    err = capsys.readouterr().err
    assert "warning[DIP520]" in err and "Read-only file system: '/srv/site'" in err


def test_a_folder_mapwright_did_not_write_is_left_alone(project):
    folder = project / "mine"
    folder.mkdir()
    (folder / "thesis.tex").write_text("years of work", encoding="utf-8")
    assert _codes(check_site(folder, _options(project))) == [OUTPUT_REFUSED]
    assert main(["build", "-o", "mine", "--no-pdf", "--config", str(REPO / "mkdocs.yml")]) == 2
    assert (folder / "thesis.tex").read_text(encoding="utf-8") == "years of work"
    assert check_site(project / "empty-or-new", _options(project)) == []


def test_symlinked_output_or_work_folder_is_refused(project):
    elsewhere = project / "elsewhere"
    elsewhere.mkdir()
    (project / "site").symlink_to(elsewhere, target_is_directory=True)
    assert _codes(check_site(project / "site", _options(project))) == [OUTPUT_REFUSED]
    (project / "build").symlink_to(elsewhere, target_is_directory=True)
    assert _codes(check_work(_options(project))) == [WORK_REFUSED]


def test_work_folder_outside_build_is_refused(project):
    assert _codes(check_work(_options(project, work=project))) == [WORK_REFUSED]
    assert _codes(check_work(_options(project, work=project / "content"))) == [WORK_REFUSED]
    assert check_work(_options(project, work=project / "build" / "ci")) == []
    assert main(["build", "--work", ".", "--config", str(REPO / "mkdocs.yml")]) == 2


def test_rebuild_replaces_only_what_it_wrote(project):
    config = str(REPO / "mkdocs.yml")
    assert main(["build", "-o", "site", "--no-pdf", "--config", config]) == 0
    site = project / "site"
    assert (site / "tiny" / "index.html").is_file() and (site / MARKER).is_file()
    (site / ".git").mkdir()                       # a publishing branch's checkout
    (site / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n", encoding="utf-8")
    assert main(["build", "-o", "site", "--no-pdf", "--config", config]) == 0
    assert (site / ".git" / "HEAD").is_file()
    (site / "tiny" / "added-by-hand.html").write_text("<p>mine</p>", encoding="utf-8")
    assert main(["build", "-o", "site", "--no-pdf", "--config", config]) == 2
    assert (site / "tiny" / "added-by-hand.html").is_file()
    shutil.rmtree(site)


# -- incremental ---------------------------------------------------------------------------

def test_an_edit_regenerates_only_its_game_and_keeps_its_maps(tmp_path):
    from generator.build import Generator
    content = tmp_path / "content"
    for game in ("one", "two"):
        assert main(["new", game, "--family", "diplomacy", "--content", str(content)]) == 0
    options = BuildOptions(content=content, project=tmp_path, pdf=False)
    generator = Generator()
    first = generator.tree(options)
    assert first.regenerated == ["one", "two"] and not first.report.has_errors
    assert generator.tree(options).regenerated == []
    rules = content / "one" / "rules" / "01-introduction.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nAn edited sentence.\n", encoding="utf-8")
    edited = generator.tree(options)
    assert edited.regenerated == ["one"]
    assert "An edited sentence." in edited.files["one/rules/01-introduction.md"]
    # the family's pages (maps, tables) were kept, not drawn again
    assert edited.files["one/map.md"] is first.files["one/map.md"]
    assert edited.files["two/map.md"] is first.files["two/map.md"]
    mapfile = content / "one" / "map.yaml"
    mapfile.write_text(mapfile.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert generator.tree(options).regenerated == ["one"]
    assert Generator().tree(options).regenerated == [], "the cache folder did not keep the games"


def test_an_edit_to_one_data_file_parses_only_that_file_again(tmp_path):
    from generator.build import Generator
    from generator.loader import display_path
    content = tmp_path / "content"
    assert main(["new", "one", "--family", "diplomacy", "--content", str(content)]) == 0
    options = BuildOptions(content=content, project=tmp_path, pdf=False)
    generator = Generator()
    generator.tree(options)
    parsed = generator.cache.documents.parsed
    meta, mapfile = (display_path(content / "one" / name) for name in ("game.yaml", "map.yaml"))
    before = {name: parsed[name][1][0] for name in (meta, mapfile)}
    path = content / "one" / "map.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Midlands,", "name: Midmarch,"), encoding="utf-8")
    edited = generator.tree(options)
    assert edited.regenerated == ["one"] and "Midmarch" in edited.files["one/adjacency.md"]
    assert parsed[meta][1][0] is before[meta], "the unchanged game.yaml was parsed again"
    assert parsed[mapfile][1][0] is not before[mapfile]
    path.write_text("powers: [", encoding="utf-8")   # broken: reported as the loader reports it
    broken = generator.tree(options)
    assert [d.code for d in broken.report.diagnostics if d.file == mapfile] == ["MW001"]


def test_a_rules_edit_keeps_the_data_checks_findings_and_checks_the_pages_again(tmp_path, monkeypatch):
    """Under serve, an edit to a rules page neither loads nor checks the data files
    again, yet their findings are still reported; the checks that read the rules pages
    (`Family.from_rules`) run again; an edit to a data file runs both."""
    from generator import validate
    from generator.build import Generator
    content = tmp_path / "content"
    assert main(["new", "one", "--family", "diplomacy", "--content", str(content)]) == 0
    mapfile, rules = content / "one" / "map.yaml", content / "one" / "rules" / "01-introduction.md"
    text = mapfile.read_text(encoding="utf-8")
    isle = "  - {id: ISL, name: Isle, type: land}\n"   # no borders: DIP014, a data check's warning
    mapfile.write_text(text.replace("provinces:\n", "provinces:\n" + isle), encoding="utf-8")
    runs = []
    checked = validate.load_and_check
    monkeypatch.setattr(validate, "load_and_check", lambda fam, source: runs.append(1) or checked(fam, source))
    options = BuildOptions(content=content, project=tmp_path, pdf=False)
    generator = Generator()

    def codes(tree):
        return sorted(d.code for d in tree.report.diagnostics)
    assert codes(generator.tree(options)) == ["DIP014"] and len(runs) == 1
    page = rules.read_text(encoding="utf-8")
    rules.write_text(page + "\nArmies may not enter (ZZZ).\n", encoding="utf-8")
    edited = generator.tree(options)
    assert edited.regenerated == ["one"] and len(runs) == 1, "the data files were loaded or checked again"
    assert codes(edited) == ["DIP014", "DIP507"]
    unknown = next(d for d in edited.report.diagnostics if d.code == "DIP507")
    assert unknown.file.endswith("rules/01-introduction.md") and unknown.line == len(page.splitlines()) + 2
    rules.write_text(page + "\nArmies may not enter (MID).\n", encoding="utf-8")
    assert codes(generator.tree(options)) == ["DIP014"] and len(runs) == 1
    mapfile.write_text(text, encoding="utf-8")   # the isle removed: checked again, nothing found
    assert codes(generator.tree(options)) == [] and len(runs) == 2


def test_a_rules_edit_checks_the_markup_of_that_page_only(tmp_path, monkeypatch):
    """The other rules pages' markup findings are kept by their text (and still reported)."""
    from generator import build
    from generator.markup import LIMITS
    content = tmp_path / "content"
    assert main(["new", "one", "--family", "diplomacy", "--content", str(content)]) == 0
    first = content / "one" / "rules" / "01-introduction.md"
    long_heading = "# " + "x" * LIMITS["heading"]
    (content / "one" / "rules" / "02-more.md").write_text(f"{long_heading}\n\nMore.\n", encoding="utf-8")
    checked = []
    check = build.check_markdown
    monkeypatch.setattr(build, "check_markdown", lambda shown, text: checked.append(shown) or check(shown, text))
    options = BuildOptions(content=content, project=tmp_path, pdf=False)
    generator = build.Generator()

    def found(tree):
        return sorted((Path(d.file).name, d.code) for d in tree.report.diagnostics)
    before = found(generator.tree(options))
    assert len(checked) == 2 and ("02-more.md", "MW304") in before
    first.write_text(first.read_text(encoding="utf-8") + "\nAn edited sentence.\n", encoding="utf-8")
    assert found(generator.tree(options)) == before
    assert [Path(s).name for s in checked[2:]] == ["01-introduction.md"]


def test_a_rules_edit_updates_the_family_pages_made_from_the_rules_pages(tmp_path):
    """Dixie's rules coverage page lists the examples' titles: an edit to a rules page
    shows on it, though the family's other pages are kept."""
    from generator.build import Generator
    from generator.escape import md_cell
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "dixie", content / "dixie")
    options = BuildOptions(content=content, project=tmp_path, pdf=False)
    generator = Generator()
    first = generator.tree(options)
    old = "title: A CSA player-turn retakes Memphis"
    assert md_cell("A CSA player-turn retakes Memphis") in first.files["dixie/coverage.md"]
    page = content / "dixie" / "rules" / "04-sequence-of-play.md"
    page.write_text(page.read_text(encoding="utf-8").replace(old, "title: The CSA retakes Memphis"),
                    encoding="utf-8")
    edited = generator.tree(options)
    assert edited.files["dixie/map.md"] is first.files["dixie/map.md"]   # kept
    assert md_cell("The CSA retakes Memphis") in edited.files["dixie/coverage.md"]
    assert md_cell("A CSA player-turn") not in edited.files["dixie/coverage.md"]
    assert edited.files["dixie/coverage.md"] == Generator().tree(
        BuildOptions(content=content, project=tmp_path, pdf=False, cache_dir=tmp_path / "other")).files["dixie/coverage.md"]


def test_games_made_while_serving_reach_the_cache_folder_when_told(tmp_path):
    """Serve keeps the games it makes after an edit in memory (`pending`) and writes
    them to the cache folder when it stops: a later build still finds them."""
    from generator.build import Generator, game_key
    content = tmp_path / "content"
    assert main(["new", "one", "--family", "diplomacy", "--content", str(content)]) == 0
    options = BuildOptions(content=content, project=tmp_path, pdf=False)
    generator = Generator()
    generator.tree(options)
    generator.cache.pending = {}
    rules = content / "one" / "rules" / "01-introduction.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nAn edited sentence.\n", encoding="utf-8")
    assert generator.tree(options).regenerated == ["one"]
    stored = options.cache / "games" / f"{game_key(content / 'one', options)}.json"
    assert not stored.exists(), "written before it was told"
    generator.cache.store_pending()
    assert stored.is_file() and Generator().tree(options).regenerated == []


def test_each_games_printables_are_announced_as_soon_as_it_is_made(tmp_path):
    """The plugin starts rendering a game's PDFs while the next game is made."""
    from generator.build import Generator
    from generator.render.print import PrintJob
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "classic", content / "classic")
    assert main(["new", "second", "--family", "diplomacy", "--content", str(content)]) == 0
    generator, calls = Generator(), []

    def told(jobs):   # what the plugin is told, and how many games were made by then
        calls.append((sorted(jobs), len(generator.cache.memory)))
    tree = generator.tree(BuildOptions(content=content, project=tmp_path, pdf=True), on_prints=told)
    assert [made for _, made in calls] == [1, 2]
    assert {p for jobs, _ in calls for p in jobs} == {p for p, v in tree.files.items() if isinstance(v, PrintJob)}
    assert calls[0][0] == ["classic/print/adjacency-A4.pdf", "classic/print/adjacency-letter.pdf",
                           "classic/print/map-A4.pdf", "classic/print/map-letter.pdf"]


def test_validate_draws_no_figures_and_the_site_does():
    from generator.validate import validate_game
    result = validate_game(REPO / "content" / "classic")
    outcomes = [w.outcome for ws in result.examples.values() for w in ws if w.outcome]
    assert outcomes and all(callable(o.figure) for o in outcomes)
    result.draw_figures()
    assert all(o.figure is None or o.figure.startswith("<svg") for o in outcomes)
    assert any(o.figure for o in outcomes)


def test_plain_mkdocs_build_with_the_plugin(project):
    import subprocess
    import sys
    config = _repo_config(project, "pdf: false")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", "out"],
                   cwd=project, check=True)
    site = project / "out"
    assert (site / "tiny" / "index.html").is_file() and (site / "tiny" / "rules").is_dir()
    assert not list((site / "tiny").rglob("*.yaml")) and not (site / "tiny" / "print").exists()
    assert (site / MARKER).is_file() and (project / "build" / "cache" / "games").is_dir()
