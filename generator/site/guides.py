"""Mapwright's own guides (docs-src/*.md) and the setup templates they name (templates/),
published under guides/ and guides/templates/ (on a site that asks for them: the
plugin's `reference` setting). Install lines name the published distribution pinned
to this version and, where the plugin's `source_url` names Mapwright's Git repository,
that too. `source_url` is not mkdocs.yml's `repo_url`, which names the site's own
repository (an author's site links the author's repository, and still installs
Mapwright from Mapwright's).

A guide marks where install lines go with a comment line, `<!-- mapwright:NAME -->`,
replaced by the block NAME of `install_blocks`; a template names the repository as
REPOSITORY_TOKEN, in comments only (its YAML stays valid as it is), between `[repository]`
and `[/repository]` comment lines (see `template_text`). With no `source_url`
(Mapwright has no public address yet) the blocks install from the package index or,
until it is published there, from a copy of the source or a wheel built from it, and the
templates leave the Git options out: nothing on the site is a placeholder to fill in.
"""
from __future__ import annotations

import re

from .. import DISTRIBUTION, __version__
from ..escape import code_span
from ..paths import SOURCE_ROOT

REPOSITORY_TOKEN = "MAPWRIGHT_REPOSITORY"   # in templates, between [repository] comment lines
_MARKER = re.compile(r"^<!-- mapwright:([a-z-]+) -->$", re.M)


def install_blocks(source_url: str | None, version: str = __version__) -> dict[str, str]:
    """The guide's install blocks (Markdown), by marker name."""
    tag = f"v{version}"
    requirement = f"{DISTRIBUTION}=={version}"
    wheel = f"dist/{DISTRIBUTION.replace('-', '_')}-{version}-py3-none-any.whl"
    git = f"git+{source_url}@{tag}" if source_url else None
    rows = ["| Mapwright from | the install step's `pip install` argument |", "| --- | --- |",
            f"| the package index, pinned (the default) | `\"{requirement}\"` |",
            "| a copy of Mapwright's source in `mapwright/` (a git submodule or a copy) | "
            "`--editable ./mapwright` |"]
    if git:
        rows.append(f"| Mapwright's Git repository, pinned | {code_span(git)} |")
    local = ["Pin a version (or a tag or a commit) rather than taking the newest, so that a new "
             "Mapwright release never turns your check red without a change on your side; move the "
             "pin forward in a pull request of its own. The same forms work on your machine:", "",
             f'    pip install "{requirement}"        # from the package index']
    if git:
        local += [f'    pip install "{git}"                  # from Git, pinned',
                  f"    git clone {source_url} mapwright",
                  "    pip install --editable ./mapwright   # from a clone"]
    else:
        local += ["", "Until Mapwright is published on the package index, install it from a copy of its "
                  "source (the folder holding `pyproject.toml`, `generator/` and `schemas/`), there or "
                  "anywhere you take a wheel built from it:", "",
                  "    pip install --editable .                 # in the copy itself",
                  "    pip install --editable ./mapwright       # from the folder above it",
                  "    python -m build                          # in the copy: a wheel and an sdist, once ...",
                  f"    pip install {wheel}   # ... installed anywhere"]
    if git:
        hook = (f"It uses a local hook that pre-commit installs `{requirement}` for. To have "
                f"pre-commit fetch the hook from Mapwright's repository instead, replace the "
                f"`repo: local` block with `repo:` {code_span(source_url)} and `rev:` {code_span(tag)} "
                "(the template's comment shows the lines).")
    else:
        hook = (f"It uses a local hook that pre-commit installs `{requirement}` for, in an environment "
                "of its own. Pre-commit can also fetch the hook from Mapwright's Git repository (its "
                "`.pre-commit-hooks.yaml` publishes `mapwright-validate`), once you have that "
                "repository's address.")
    return {"install-sources": "\n".join(rows), "install-local": "\n".join(local), "pre-commit-hook": hook}


def guide_pages(source_url: str | None = None) -> dict[str, str]:
    """{path under the docs tree: text}: the guides, with their install blocks, and the
    templates (a leading dot dropped from a name, `.pre-commit-config.yaml` ->
    `pre-commit-config.yaml`: MkDocs does not publish dotfiles)."""
    blocks = install_blocks(source_url)
    folder = SOURCE_ROOT / "docs-src"
    pages = {}
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else ():
        text = path.read_text(encoding="utf-8")
        pages[f"guides/{path.name}"] = _MARKER.sub(lambda m: blocks.get(m.group(1), m.group(0)), text)
    templates = SOURCE_ROOT / "templates"
    for path in sorted(p for p in templates.rglob("*") if p.is_file()) if templates.is_dir() else ():
        rel = path.relative_to(templates)
        name = "/".join(rel.parts[:-1] + (rel.name.lstrip("."),))
        pages[f"guides/templates/{name}"] = template_text(path.read_text(encoding="utf-8"), source_url)
    return pages


def template_text(text: str, source_url: str | None) -> str:
    """A template as the site offers it. The lines between the comment lines `[repository]`
    and `[/repository]` are the options that install from Mapwright's Git repository: kept,
    with REPOSITORY_TOKEN as `source_url`, when there is one, else left out (the markers go
    either way)."""
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        mark = line.strip().lstrip("#").strip()
        if mark in ("[repository]", "[/repository]"):
            inside = mark == "[repository]"
            continue
        if inside and not source_url:
            continue
        out.append(line.replace(REPOSITORY_TOKEN, source_url) if source_url else line)
    return "".join(out)
