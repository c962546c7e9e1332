"""The CI templates for variant authors run `mapwright validate` the way the docs say."""
from __future__ import annotations

import shlex
from pathlib import Path

import yaml

from generator.cli import parser

REPO = Path(__file__).resolve().parents[1]

WORKFLOW = REPO / "templates" / "github-workflow" / "mapwright.yml"
HOOKS = REPO / ".pre-commit-hooks.yaml"
PRE_COMMIT_CONFIG = REPO / "templates" / "pre-commit" / ".pre-commit-config.yaml"
DOC = REPO / "docs-src" / "ci-for-variant-authors.md"


def _steps(workflow: dict) -> list[dict]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def test_workflow_validates_with_github_annotations():
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps = _steps(workflow)
    uses = [s.get("uses", "").split("@")[0] for s in steps]
    assert uses[:2] == ["actions/checkout", "actions/setup-python"]
    setup = next(s for s in steps if s.get("uses", "").startswith("actions/setup-python"))
    assert str(setup["with"]["python-version"]) == "3.11"
    runs = [s["run"].strip() for s in steps if "run" in s]
    assert any(r.startswith("python -m pip install") for r in runs)
    assert runs[-1] == "mapwright validate --format github"
    # YAML reads a bare `on:` as the boolean True; either way it must trigger on PRs.
    triggers = workflow.get("on", workflow.get(True))
    assert "pull_request" in triggers and "push" in triggers


def test_workflow_install_source_is_a_valid_pip_argument_list():
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    source = workflow["env"]["MAPWRIGHT_SOURCE"]
    assert shlex.split(source) == ["--editable", "."]


def test_workflow_command_is_one_the_cli_accepts():
    args = parser().parse_args(["validate", "--format", "github"])
    assert args.command == "validate" and args.format == "github"


def test_pre_commit_hook_definition():
    hooks = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "mapwright-validate")
    assert hook["entry"] == "mapwright validate"
    assert hook["language"] == "python"
    assert hook["pass_filenames"] is False
    assert hook["files"] == "^content/"
    assert parser().parse_args(shlex.split(hook["entry"])[1:]).command == "validate"


def test_pre_commit_config_template_uses_the_published_hook():
    config = yaml.safe_load(PRE_COMMIT_CONFIG.read_text(encoding="utf-8"))
    ids = [h["id"] for repo in config["repos"] for h in repo["hooks"]]
    assert "mapwright-validate" in ids
    published = {h["id"] for h in yaml.safe_load(HOOKS.read_text(encoding="utf-8"))}
    assert set(ids) <= published


def test_doc_page_names_both_templates_and_the_command():
    from generator.site.guides import guide_pages
    text = DOC.read_text(encoding="utf-8")
    for needle in ("templates/github-workflow/mapwright.yml", ".pre-commit-config.yaml",
                   "mapwright validate --format github", "mapwright-validate"):
        assert needle in text, needle
    # the install lines are made from mkdocs.yml repo_url (tests/site/test_guides.py)
    assert "pip install --editable ." in guide_pages(None)["guides/ci-for-variant-authors.md"]
    assert "git+https://" in guide_pages("https://example.org/m")["guides/ci-for-variant-authors.md"]
