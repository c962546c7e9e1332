"""An author's site is theirs: its title, address and repository come from their
configuration, and Mapwright's own pages (install guide, schemas, diagnostics) are on it
only when it asks for them. It was titled "Mapwright games", its canonical links and
sitemap pointed at https://mapwright.invalid/, its home page told readers to install
Mapwright "from a copy of its source", and it listed 20 schema pages for one Diplomacy
variant."""
from __future__ import annotations

import shutil
from pathlib import Path

from generator.build import BuildOptions, Generator
from generator.cli import main
from generator.site.tree import SiteSettings

REPO = Path(__file__).resolve().parents[2]
MAPWRIGHTS_OWN = ("Mapwright games", "mapwright.invalid", "copy of its source", "Installing Mapwright",
                  'id="for-variant-authors"')   # the home page's section on Mapwright


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "alice"
    shutil.copytree(REPO / "content" / "classic", project / "content" / "classic")
    return project


def _site_text(site: Path) -> str:
    return "\n".join(p.read_text("utf-8") for p in sorted(site.rglob("*")) if p.suffix in (".html", ".xml"))


def _carries_none_of_mapwrights_pages(site: Path) -> None:
    assert not (site / "guides").exists() and not (site / "reference").exists()
    text = _site_text(site)
    assert not [phrase for phrase in MAPWRIGHTS_OWN if phrase in text]


def test_a_folder_with_only_content_builds_a_neutral_site(tmp_path, monkeypatch):
    project = _project(tmp_path)
    monkeypatch.chdir(project)
    assert main(["build", "--no-pdf"]) == 0
    site = project / "site"
    home = (site / "index.html").read_text("utf-8")
    assert "<title>Variant rules</title>" in home and '<h1 id="variant-rules">Variant rules' in home
    assert 'rel="canonical"' not in home and 'class="md-source"' not in home
    assert (site / "classic" / "map" / "index.html").is_file()
    _carries_none_of_mapwrights_pages(site)


def test_an_authors_mkdocs_yml_names_the_site(tmp_path, monkeypatch):
    """Their title, address and repository; built from their folder by `mapwright build`."""
    project = _project(tmp_path)
    (project / "mkdocs.yml").write_text(
        "site_name: Alice's Variants\nsite_url: https://alice.example.org/variants/\n"
        "repo_url: https://git.example.org/alice/variants\ndocs_dir: content\n"
        "theme:\n  name: material\n  font: false\nplugins:\n  - search\n  - mapwright\n", "utf-8")
    monkeypatch.chdir(project)
    assert main(["build", "--no-pdf"]) == 0
    site = project / "site"
    home = (site / "index.html").read_text("utf-8")
    assert "<title>Alice's Variants</title>" in home and ">Alice's Variants<" in home
    assert '<link rel="canonical" href="https://alice.example.org/variants/">' in home
    assert 'href="https://git.example.org/alice/variants"' in home
    assert "<loc>https://alice.example.org/variants/classic/map/</loc>" in (site / "sitemap.xml").read_text("utf-8")
    _carries_none_of_mapwrights_pages(site)


def _tree(tmp_path: Path, site: SiteSettings):
    content = _project(tmp_path) / "content"
    return Generator().tree(BuildOptions(content=content, project=content.parent, pdf=False, site=site))


def test_asked_for_the_reference_a_site_lists_the_schemas_of_its_families(tmp_path):
    files = _tree(tmp_path, SiteSettings(reference=True)).files
    schemas = sorted(p.rsplit("/", 1)[1] for p in files if p.startswith("reference/schemas/") and p.endswith(".md"))
    assert schemas == ["diplomacy-claims.md", "diplomacy-example.md", "diplomacy-geometry.md", "diplomacy-map.md",
                       "diplomacy-overlay.md", "game.md", "index.md"]
    assert "reference/diagnostics.md" in files and "guides/ci-for-variant-authors.md" in files
    assert "## For variant authors" in files["index.md"]


def test_mapwrights_own_site_lists_every_schema(tmp_path):
    files = _tree(tmp_path, SiteSettings(title="Mapwright games", reference="all")).files
    listed = {p for p in files if p.startswith("reference/schemas/") and p.endswith(".schema.json")}
    assert len(listed) == len(list((REPO / "schemas").glob("*.schema.json")))
    assert files["index.md"].count("# Mapwright games") == 1
