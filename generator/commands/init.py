"""mapwright init [DIR] — a variant repository an author can push as it is.

It writes mkdocs.yml naming the author's site, the GitHub workflows (validate pull
requests; build and deploy to GitHub Pages from main), .pre-commit-config.yaml,
.gitignore, a short README and schemas/, a copy of Mapwright's JSON Schemas: the
`# yaml-language-server: $schema=../../schemas/...` line Mapwright puts at the top of
every content file (content/<game>/<file>.yaml) points there, so an editor completes
and checks the files offline. The workflows, pre-commit config and mkdocs.yml come from
templates/, the same files the CI guide offers for download.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from .. import DISTRIBUTION, __version__
from ..paths import SCHEMA_DIR, SOURCE_ROOT
from ..writing import Refused, write_files
from .common import add_force, examples, fail, write_refused
from .console import say

# the author's file: the template it is made from (under templates/)
FROM_TEMPLATES = {
    "mkdocs.yml": "site/mkdocs.yml",
    ".github/workflows/mapwright.yml": "github-workflow/mapwright.yml",
    ".github/workflows/pages.yml": "github-workflow/pages.yml",
    ".pre-commit-config.yaml": "pre-commit/.pre-commit-config.yaml",
}

GITIGNORE = """\
# what `mapwright build` writes
/site/
/build/
"""

README = """\
# {title}

Board-game variants published as a rules site with Mapwright. Every game lives in its
own folder under `content/`; `mapwright build` checks them all (schemas, the family's
rules, every worked example) and makes the site.

## Start

    python -m pip install "{requirement}"
    mapwright new my-game --family diplomacy      # a new game in content/my-game
    mapwright validate                            # check every game
    mapwright serve                               # preview at http://127.0.0.1:8000
    mapwright build                               # the site, in site/

A webDiplomacy or vDiplomacy variant folder comes in with
`mapwright import webdiplomacy VARIANT_FOLDER -o content/my-game`.

## What is here

| file | what it does |
| --- | --- |
| `mkdocs.yml` | the site: its title, address and look |
| `content/` | the games, one folder each |
| `.github/workflows/mapwright.yml` | checks every pull request: problems show on the changed lines |
| `.github/workflows/pages.yml` | builds the site on every push to `main` and publishes it on GitHub Pages (once: *Settings → Pages → Source: GitHub Actions*) |
| `.pre-commit-config.yaml` | checks before each commit: `python -m pip install pre-commit && pre-commit install` once |
| `schemas/` | Mapwright {version}'s JSON Schemas, for your editor: the `# yaml-language-server` line at the top of each content file points here (VS Code: the YAML extension) |

The workflows and the pre-commit hook install Mapwright {version} (`{requirement}`).
To move to a newer Mapwright, change that pin in all three files in one pull request,
and refresh `schemas/` from a new `mapwright init` in an empty folder.
"""

_GITHUB_REPO = re.compile(r"https://github\.com/([A-Za-z0-9-]+)/([A-Za-z0-9._-]+?)(?:\.git)?/?")
_URL = re.compile(r"https?://[^\s\x00-\x1f\x7f]+")


def register(sub) -> None:
    p = sub.add_parser("init", help="start a variant repository: site config, CI, pre-commit, schemas",
                       description="Write a repository for your variants, ready to push: mkdocs.yml "
                                   "naming your site, GitHub workflows that validate pull requests and "
                                   "publish the site on GitHub Pages, a pre-commit hook, .gitignore, a "
                                   "README and the schemas your editor completes content files with.",
                       epilog=examples('mapwright init rules --title "Alice\'s Variants" '
                                       "--repo-url https://github.com/alice/rules",
                                       "mapwright init    # in the current folder, titled from its name"))
    p.add_argument("dir", nargs="?", type=Path, default=Path("."),
                   help="the repository folder (default: the current folder); made if missing")
    p.add_argument("--title", help="the site's name (default: from the folder's name)")
    p.add_argument("--site-url", help="where the site is published (default: the GitHub Pages "
                                      "address of a github.com --repo-url)")
    p.add_argument("--repo-url", help="the repository's address, linked from every page")
    add_force(p)
    p.set_defaults(func=run)


def run(args) -> int:
    root: Path = args.dir
    title = args.title if args.title is not None else _title_from(root)
    problem = _setting_problem("--title", title) or _url_problem("--site-url", args.site_url) \
        or _url_problem("--repo-url", args.repo_url)
    if problem:
        return fail(problem, 2)
    if root.exists() and not root.is_dir():
        return fail(f"{root} is a file, not a folder", 2)
    files = repository_files(title, args.site_url or pages_url(args.repo_url), args.repo_url)
    # a file that already says the same is left alone: `init` again is harmless
    changed = {rel: text for rel, text in files.items() if _read(root / rel) != text}
    try:
        write_files(root, changed, force=args.force)
    except Refused as exc:
        return write_refused(exc, root)
    except OSError as exc:
        return fail(f"cannot write into {root}: {exc.strerror or exc}")
    say(f"wrote {len(changed)} file(s) into {root}/ for '{title}'; next: "
        "`mapwright new GAME --family diplomacy` there (see its README.md)")
    return 0


def repository_files(title: str, site_url: str | None, repo_url: str | None) -> dict[str, str]:
    """{path in the repository: text}: everything `init` writes."""
    from ..site.guides import template_text
    files = {}
    for target, template in FROM_TEMPLATES.items():
        text = template_text((SOURCE_ROOT / "templates" / template).read_text(encoding="utf-8"), None)
        files[target] = text
    files["mkdocs.yml"] = with_settings(files["mkdocs.yml"], {"site_name": title, "site_url": site_url,
                                                             "repo_url": repo_url})
    files[".gitignore"] = GITIGNORE
    files["README.md"] = README.format(title=title, version=__version__,
                                       requirement=f"{DISTRIBUTION}=={__version__}")
    for schema in sorted(SCHEMA_DIR.glob("*.schema.json")):
        files[f"schemas/{schema.name}"] = schema.read_text(encoding="utf-8")
    files["content/.gitkeep"] = ""   # Git keeps no empty folder; the games go here
    return files


def with_settings(text: str, settings: dict[str, str | None]) -> str:
    """`text` (a YAML file) with each top-level `key: ...` line, or its commented-out
    `# key: ...` form, set to the value; a None value leaves the line as it is. Line by
    line, so the template's comments stay; the value as a JSON string, which YAML reads
    as the same double-quoted string whatever it holds."""
    for key, value in settings.items():
        if value is None:
            continue
        line = re.compile(rf"^(?:# )?{re.escape(key)}: .*$", re.M)
        if not line.search(text):
            raise ValueError(f"the template has no line for {key}")
        text = line.sub(lambda _: f"{key}: {json.dumps(value, ensure_ascii=False)}", text, count=1)
    return text


def pages_url(repo_url: str | None) -> str | None:
    """The GitHub Pages address of a github.com repository (None for any other)."""
    match = _GITHUB_REPO.fullmatch(repo_url or "")
    if not match:
        return None
    owner, name = match.group(1).lower(), match.group(2)
    return f"https://{owner}.github.io/" if name.lower() == f"{owner}.github.io" else f"https://{owner}.github.io/{name}/"


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _title_from(root: Path) -> str:
    name = root.resolve().name or "Variants"
    return name.replace("-", " ").replace("_", " ").strip().title() or "Variants"


def _setting_problem(option: str, value: str) -> str | None:
    if not value.strip():
        return f"{option} is empty"
    if len(value) > 200 or any(not ch.isprintable() for ch in value):
        return f"{option} must be one line of at most 200 printable characters"
    return None


def _url_problem(option: str, value: str | None) -> str | None:
    if value is not None and not _URL.fullmatch(value):
        return f"{option} must be an http:// or https:// address with no spaces, got {value[:80]!r}"
    return None
