"""The guides' install lines and downloadable templates, made from the one setting for
where Mapwright comes from (the plugin's source_url, not mkdocs.yml's repo_url, which is
the site's own repository): with it, they name Mapwright's repository; without it, they
install from a copy of the source, and nothing is a placeholder."""
from __future__ import annotations

import re

import pytest
import yaml

from generator import __version__
from generator.site.guides import REPOSITORY_TOKEN, guide_pages, template_text

URL = "https://git.example.org/acme/mapwright"
GUIDE = "guides/ci-for-variant-authors.md"
TEMPLATES = ("guides/templates/github-workflow/mapwright.yml", "guides/templates/pre-commit/pre-commit-config.yaml")
PLACEHOLDER = re.compile(r"OWNER|<[a-z][^>]*>|MAPWRIGHT_REPOSITORY|mapwright:[a-z-]+|\[/?repository\]")


def _install_lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if "pip install" in ln or "git clone" in ln or "git+" in ln]


@pytest.mark.parametrize("repo_url", [None, URL])
def test_guides_and_templates_hold_no_placeholder(repo_url):
    pages = guide_pages(repo_url)
    assert set(TEMPLATES) <= set(pages)
    for path in (GUIDE, *TEMPLATES):
        text = pages[path]
        body = re.sub(r"```yaml.*?```", "", text, flags=re.S)    # the hook definition quoted as YAML
        assert not PLACEHOLDER.search(body.replace("<!--", "")), (path, PLACEHOLDER.search(body).group(0))
    for path in TEMPLATES:
        yaml.safe_load(pages[path])                               # still valid YAML


def test_without_a_repository_the_guide_installs_from_a_copy_of_the_source():
    guide = guide_pages(None)[GUIDE]
    lines = _install_lines(guide)
    assert "pip install --editable .                 # in the copy itself" in lines
    assert f'pip install "mapwright-rules=={__version__}"        # from the package index' in lines
    assert f"pip install dist/mapwright_rules-{__version__}-py3-none-any.whl   # ... installed anywhere" in lines
    assert not any("git+" in ln for ln in lines)
    pre_commit = yaml.safe_load(guide_pages(None)[TEMPLATES[1]])
    assert [r["repo"] for r in pre_commit["repos"]] == ["local"]
    assert "git+" not in guide_pages(None)[TEMPLATES[0]]


def test_with_a_repository_every_install_line_names_it():
    pages = guide_pages(URL)
    lines = _install_lines(pages[GUIDE])
    assert f"`git+{URL}@v{__version__}`" in pages[GUIDE]
    assert f'pip install "git+{URL}@v{__version__}"                  # from Git, pinned' in lines
    assert f"git clone {URL} mapwright" in lines
    assert f'python -m pip install "git+{URL}@v{__version__}"' in pages[TEMPLATES[0]]
    assert f"# - repo: {URL}" in pages[TEMPLATES[1]]


def test_template_blocks_for_the_repository_come_and_go_whole():
    text = f"a\n# [repository]\n# uses {REPOSITORY_TOKEN}\n# [/repository]\nb\n"
    assert template_text(text, None) == "a\nb\n"
    assert template_text(text, URL) == f"a\n# uses {URL}\nb\n"


def test_the_built_guide_links_templates_the_site_serves(built_site):
    site, _ = built_site
    html = (site / "guides" / "ci-for-variant-authors" / "index.html").read_text(encoding="utf-8")
    links = set(re.findall(r'href="(\.\./templates/[^"]+)"', html))
    assert links == {"../templates/github-workflow/mapwright.yml", "../templates/github-workflow/pages.yml",
                     "../templates/pre-commit/pre-commit-config.yaml"}
    for link in links:
        served = (site / "guides" / link[3:]).read_text(encoding="utf-8")
        assert re.search(r"mapwright (validate|build)", served) and not PLACEHOLDER.search(served)
    assert "pip install --editable ." in html and "OWNER" not in html
    # mkdocs.yml sets no repo_url: Material shows no repository link
    assert 'class="md-source"' not in html


def test_the_generator_passes_the_source_to_the_guides(tmp_path):
    from generator.build import BuildOptions, Generator
    from generator.site.tree import SiteSettings
    from pathlib import Path
    content = tmp_path / "content"
    content.mkdir()
    site = SiteSettings(reference=True, source_url=URL)
    tree = Generator().tree(BuildOptions(content=content, project=tmp_path, site=site))
    assert f"git+{URL}@v{__version__}" in tree.files[GUIDE]
    assert URL in tree.files[TEMPLATES[1]]
    assert f"- [Mapwright's source]({URL})" in tree.files["index.md"]
    bare = Generator().tree(BuildOptions(content=content, project=tmp_path, site=SiteSettings(reference=True)))
    assert "(guides/ci-for-variant-authors.md#installing-mapwright)" in bare.files["index.md"]
    assert "git+" not in bare.files[GUIDE] and Path(GUIDE).suffix == ".md"


def test_source_url_reaches_the_guides_and_repo_url_stays_the_sites(tmp_path, monkeypatch):
    """Two settings: the plugin's source_url makes the guides' install lines; mkdocs.yml's
    repo_url is the site's own repository (Material's header link), never installed from.
    (It was one setting: an author who named their repository got install lines for it.)"""
    import shutil
    from pathlib import Path
    from generator.cli import main
    repo = Path(__file__).resolve().parents[2]
    theirs = "https://git.example.org/alice/variants"
    config = tmp_path / "mkdocs.yml"
    text = (repo / "mkdocs.yml").read_text(encoding="utf-8").replace(
        "      reference: all", f"      reference: all\n      source_url: {URL}")
    config.write_text(text + f"\nrepo_url: {theirs}\n", encoding="utf-8")
    shutil.copytree(repo / "content" / "classic", tmp_path / "content" / "classic")
    monkeypatch.chdir(tmp_path)   # the copied mkdocs.yml needs no theme folder beside it
    assert main(["build", "--config", str(config), "--content", "content", "-o", "site", "--no-pdf"]) == 0
    html = (tmp_path / "site" / "guides" / "ci-for-variant-authors" / "index.html").read_text(encoding="utf-8")
    assert f"git+{URL}@v{__version__}" in html and f'href="{theirs}"' in html and 'class="md-source"' in html
    assert f"git+{theirs}" not in html
