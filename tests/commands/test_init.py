"""`mapwright init DIR`: a variant repository an author can push as it is — mkdocs.yml
naming their site, workflows and a pre-commit hook that install the published Mapwright
at this version and run commands the README documents, schema hints that resolve — and
never a file overwritten that exists with other content unless --force."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml

from generator import DISTRIBUTION, __version__
from generator.cli import main, parser
from generator.commands.init import pages_url, with_settings
from generator.markup import SITE_EXTENSIONS

REPO = Path(__file__).resolve().parents[2]
REQUIREMENT = f"{DISTRIBUTION}=={__version__}"
HINT = re.compile(r"^# yaml-language-server: \$schema=(\S+)$", re.M)


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "rules"
    assert main(["init", str(root), "--title", "Alice's Variants",
                 "--repo-url", "https://github.com/Alice/rules"]) == 0
    return root


def _load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _runs(workflow: dict) -> list[str]:
    return [s["run"] for job in workflow["jobs"].values() for s in job["steps"] if "run" in s]


def _uses(workflow: dict) -> list[str]:
    return [s["uses"] for job in workflow["jobs"].values() for s in job["steps"] if "uses" in s]


def _mapwright_commands(text: str) -> list[list[str]]:
    """Every command line of a shell script that runs `mapwright`, as its arguments (up
    to a pipe or redirection)."""
    out = []
    for line in text.splitlines():
        words = shlex.split(line, comments=True)
        if words[:1] == ["mapwright"]:
            cut = next((i for i, w in enumerate(words) if w in ("|", "2>&1", ">", ">>", "&&", ";")), len(words))
            out.append(words[1:cut])
    return out


def test_the_site_is_named_and_placed_as_given(repo):
    config = _load(repo / "mkdocs.yml")
    assert config["site_name"] == "Alice's Variants"
    assert config["repo_url"] == "https://github.com/Alice/rules"
    assert config["site_url"] == "https://alice.github.io/rules/"       # its GitHub Pages address
    assert config["theme"]["name"] == "material" and "custom_dir" not in config["theme"]
    names = [p if isinstance(p, str) else next(iter(p)) for p in config["plugins"]]
    assert names == ["search", "mapwright"] and config["docs_dir"] == "content"
    names = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    assert set(SITE_EXTENSIONS) <= set(names)
    assert (repo / "content").is_dir() and (repo / ".gitignore").read_text().split()[-2:] == ["/site/", "/build/"]


def test_without_addresses_the_site_names_none(tmp_path):
    assert main(["init", str(tmp_path / "my-variants")]) == 0
    config = _load(tmp_path / "my-variants" / "mkdocs.yml")
    assert config["site_name"] == "My Variants" and "site_url" not in config and "repo_url" not in config


def test_workflows_validate_pull_requests_and_deploy_main(repo):
    check = _load(repo / ".github" / "workflows" / "mapwright.yml")
    triggers = check.get("on", check.get(True))      # YAML 1.1 reads a bare `on` as True
    assert "pull_request" in triggers and triggers["push"]["branches"] == ["main"]
    assert _uses(check)[:2] == ["actions/checkout@v5", "actions/setup-python@v6"]
    setup = next(s for s in check["jobs"]["validate"]["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert setup["with"]["cache"] == "pip"
    runs = _runs(check)
    assert runs[0] == f'python -m pip install "{REQUIREMENT}"'
    assert runs[1] == "mapwright validate --format github"
    assert "$GITHUB_STEP_SUMMARY" in runs[2] and "mapwright validate --format text 2>&1 | sed 's/^/    /'" in runs[2]

    pages = _load(repo / ".github" / "workflows" / "pages.yml")
    triggers = pages.get("on", pages.get(True))
    assert list(triggers) == ["push", "workflow_dispatch"] and triggers["push"]["branches"] == ["main"]
    assert f'python -m pip install "{REQUIREMENT}"' in _runs(pages)
    assert "actions/upload-pages-artifact@v4" in _uses(pages)
    deploy = pages["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert [s["uses"] for s in deploy["steps"]] == ["actions/deploy-pages@v4"]
    assert pages["permissions"] == {"contents": "read"}    # the build job cannot deploy


def test_pre_commit_installs_the_published_mapwright(repo):
    config = _load(repo / ".pre-commit-config.yaml")
    [local] = config["repos"]
    [hook] = local["hooks"]
    assert local["repo"] == "local" and hook["language"] == "python"
    assert hook["additional_dependencies"] == [REQUIREMENT]
    assert hook["entry"] == "mapwright validate" and hook["pass_filenames"] is False


def test_every_command_written_is_one_the_readmes_document(repo):
    project_readme = (REPO / "README.md").read_text(encoding="utf-8")
    author_readme = (repo / "README.md").read_text(encoding="utf-8")
    scripts = [*_runs(_load(repo / ".github" / "workflows" / "mapwright.yml")),
               *_runs(_load(repo / ".github" / "workflows" / "pages.yml")),
               _load(repo / ".pre-commit-config.yaml")["repos"][0]["hooks"][0]["entry"]]
    commands = [c for script in scripts for c in _mapwright_commands(script)]
    assert {c[0] for c in commands} == {"validate", "build"}
    for command in commands:
        args = parser().parse_args(command)              # the CLI accepts it as written
        assert args.command == command[0]
        assert f"`mapwright {command[0]}" in project_readme and f"mapwright {command[0]}" in author_readme
    assert f'pip install "{REQUIREMENT}"' in author_readme
    assert f"pip install {DISTRIBUTION}" in project_readme


def test_every_schema_hint_resolves(repo, monkeypatch):
    """The hints `new` and the importers write (../../schemas/NAME from content/GAME/FILE)
    name files `init` wrote."""
    monkeypatch.chdir(repo)
    for family in ("diplomacy", "hex", "election"):
        assert main(["new", f"a-{family}", "--family", family]) == 0
    hinted = [(path, hint) for path in (repo / "content").rglob("*.yaml")
              for hint in HINT.findall(path.read_text(encoding="utf-8"))]
    assert len(hinted) >= 8
    for path, hint in hinted:
        assert (path.parent / hint).resolve().is_file(), (path, hint)
    # the importers' and map generators' hints, as their source writes them
    written = set(re.findall(r"\$schema=\.\./\.\./schemas/([\w-]+\.schema\.json)",
                             "".join(p.read_text(encoding="utf-8") for p in (REPO / "generator").rglob("*.py"))))
    assert {"diplomacy-geometry.schema.json", "diplomacy-map.schema.json", "game.schema.json"} <= written
    assert all((repo / "schemas" / name).is_file() for name in written)


def test_an_existing_file_is_kept_unless_forced(repo, capsys):
    mine = "site_name: mine\n"
    (repo / "mkdocs.yml").write_text(mine, encoding="utf-8")
    (repo / "README.md").unlink()
    assert main(["init", str(repo), "--title", "Other"]) == 2
    err = capsys.readouterr().err
    assert "mkdocs.yml:1:1: error[MW603]" in err and "--force" in err   # the write rule of every command
    assert (repo / "mkdocs.yml").read_text() == mine and not (repo / "README.md").exists()   # nothing written
    assert main(["init", str(repo), "--title", "Other", "--force"]) == 0
    assert _load(repo / "mkdocs.yml")["site_name"] == "Other"


def test_a_second_run_with_the_same_settings_writes_nothing(repo, capsys):
    capsys.readouterr()
    assert main(["init", str(repo), "--title", "Alice's Variants",
                 "--repo-url", "https://github.com/Alice/rules"]) == 0
    assert "wrote 0 file(s)" in capsys.readouterr().err


def test_never_writes_through_a_link_even_forced(tmp_path, capsys):
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "rules"
    root.mkdir()
    (root / ".github").symlink_to(outside, target_is_directory=True)
    assert main(["init", str(root), "--force"]) == 2
    assert "error[MW604]" in capsys.readouterr().err
    assert list(outside.iterdir()) == [] and not (root / "mkdocs.yml").exists()


@pytest.mark.parametrize("argv, says", [
    (["--title", "two\nlines"], "--title must be one line"),
    (["--title", " "], "--title is empty"),
    (["--site-url", "javascript:alert(1)"], "--site-url must be an http:// or https:// address"),
    (["--repo-url", "https://example.org/a b"], "--repo-url must be"),
])
def test_bad_settings_are_usage_errors(tmp_path, capsys, argv, says):
    assert main(["init", str(tmp_path / "r"), *argv]) == 2
    assert says in capsys.readouterr().err and not (tmp_path / "r").exists()


def test_settings_keep_the_yaml_valid_whatever_they_hold():
    text = "# a: x\nb: 1\n# c: old\n"
    out = with_settings(text, {"a": 'quote " and: colon # not a comment', "c": None})
    assert yaml.safe_load(out) == {"a": 'quote " and: colon # not a comment', "b": 1}
    assert out.endswith("# c: old\n")
    with pytest.raises(ValueError):
        with_settings(text, {"d": "x"})


@pytest.mark.parametrize("repo_url, site", [
    ("https://github.com/Alice/rules", "https://alice.github.io/rules/"),
    ("https://github.com/alice/rules.git", "https://alice.github.io/rules/"),
    ("https://github.com/alice/alice.github.io", "https://alice.github.io/"),
    ("https://gitlab.com/alice/rules", None),
    (None, None),
])
def test_github_pages_address(repo_url, site):
    assert pages_url(repo_url) == site


def test_an_unwritable_folder_is_said_plainly(tmp_path, capsys):
    (tmp_path / "rules").write_text("a file where the folder would go", encoding="utf-8")
    assert main(["init", str(tmp_path / "rules" / "inner")]) == 1
    assert "cannot write into" in capsys.readouterr().err
