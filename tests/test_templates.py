"""The templates for variant authors (templates/, written by `mapwright init` and offered
by the CI guide): valid YAML, Mapwright installed by its published name at this version,
current action versions, the Markdown extensions of Mapwright's own site."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

from generator import DISTRIBUTION, __version__
from generator.cli import parser
from generator.commands.init import FROM_TEMPLATES

REPO = Path(__file__).resolve().parents[1]
TEMPLATES = REPO / "templates"
HOOKS = REPO / ".pre-commit-hooks.yaml"
DOC = REPO / "docs-src" / "ci-for-variant-authors.md"
# the current major version of each action the workflows use
ACTIONS = {"actions/checkout": "v5", "actions/setup-python": "v6",
           "actions/upload-pages-artifact": "v4", "actions/deploy-pages": "v4"}


def _templates() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.is_file())


def test_init_writes_every_template():
    assert sorted(FROM_TEMPLATES.values()) == [p.relative_to(TEMPLATES).as_posix() for p in _templates()]


def test_every_template_is_yaml_pinned_to_this_version_and_current_actions():
    for path in _templates():
        text = path.read_text(encoding="utf-8")
        yaml.safe_load(text)
        assert "--editable" not in text, path                  # an author's repository has no setup
        for pin in re.findall(r"mapwright-rules==(\S+?)[\"'\]]", text):
            assert pin == __version__, path
        for action, version in re.findall(r"uses: (\S+)@(\S+)", text):
            assert ACTIONS[action] == version, (path, action)
        # the tags the [repository] comments name are this version's too
        assert set(re.findall(r"\bv(\d+\.\d+\.\d+)\b", text)) <= {__version__}, path


def test_the_workflows_install_by_the_published_name():
    for name in ("mapwright.yml", "pages.yml"):
        workflow = yaml.safe_load((TEMPLATES / "github-workflow" / name).read_text(encoding="utf-8"))
        steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
        installs = [s["run"] for s in steps if "pip install" in s.get("run", "")]
        assert installs == [f'python -m pip install "{DISTRIBUTION}=={__version__}"'], name


def test_the_site_template_has_the_markdown_of_mapwrights_own_site():
    own = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    theirs = yaml.safe_load((TEMPLATES / "site" / "mkdocs.yml").read_text(encoding="utf-8"))
    assert theirs["markdown_extensions"] == own["markdown_extensions"]
    # neither turns on instant navigation: it keeps the first page's search index for a
    # visit (each game's pages search their own game's: site/search_split.py)
    assert theirs["theme"]["features"] == own["theme"]["features"]
    assert "navigation.instant" not in own["theme"]["features"]
    # Mapwright's own site asks for its reference pages; an author's site carries only games
    # the same search settings (words split at punctuation, a page's game tag weighing as text)
    search = own["plugins"][0]
    assert set(search["search"]) == {"separator", "fields"} and search["search"]["fields"]["tags"]["boost"] == 1
    assert theirs["plugins"] == [search, "mapwright"]
    assert own["plugins"] == [search, {"mapwright": {"reference": "all"}}]
    assert "custom_dir" not in theirs["theme"] and "extra_css" not in theirs   # the plugin brings its files


def test_pre_commit_hook_definition():
    hooks = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "mapwright-validate")
    assert hook["entry"] == "mapwright validate"
    assert hook["language"] == "python"
    assert hook["pass_filenames"] is False
    assert hook["files"] == "^content/"
    assert parser().parse_args(shlex.split(hook["entry"])[1:]).command == "validate"
    local = yaml.safe_load((TEMPLATES / "pre-commit" / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    [template] = local["repos"][0]["hooks"]
    assert {k: template[k] for k in ("id", "entry", "pass_filenames", "files")} == \
        {k: hook[k] for k in ("id", "entry", "pass_filenames", "files")}


def test_doc_page_names_the_templates_and_the_command():
    text = DOC.read_text(encoding="utf-8")
    for needle in ("templates/github-workflow/mapwright.yml", "templates/github-workflow/pages.yml",
                   ".pre-commit-config.yaml", "mapwright validate --format github", "mapwright-validate",
                   "mapwright init"):
        assert needle in text, needle
