"""The plugin's settings in mkdocs.yml, typed as MkDocs' own config options are."""
from __future__ import annotations

import os
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c

from ..markup import SITE_EXTENSION_CONFIGS, SITE_EXTENSIONS


class MapwrightConfig(base.Config):
    # Paths are relative to the folder of mkdocs.yml (`mkdocs build -f elsewhere/mkdocs.yml`
    # works from anywhere).
    # the games; default: content/ beside mkdocs.yml, else MkDocs' docs_dir
    content = c.Optional(c.Type(str))
    # render the printable PDFs published with each game
    pdf = c.Type(bool, default=True)
    # where rendered PDFs and per-game pages are kept between builds; default build/cache
    cache_dir = c.Optional(c.Type(str))
    # what draws the PDFs: librsvg or cairosvg (a PDF's bytes depend on it, so a machine
    # without it is told so: no other is used in its place)
    pdf_renderer = c.Choice(("librsvg", "cairosvg"), default="librsvg")
    # processes rendering PDFs; 0: one per CPU but one (the build's own process needs one)
    jobs = c.Type(int, default=0)
    # Mapwright's own pages for variant authors (install and CI guides, the diagnostics
    # reference, the content schemas): false (an author's site carries only its games and
    # pages), true (with the schemas of the families the games use) or all (every schema)
    reference = c.Choice((False, True, "all"), default=False)
    # where Mapwright comes from, for the guides' install lines and CI templates (a Git
    # URL); not `repo_url`, which is the site's own repository
    source_url = c.Optional(c.Type(str))


def config_folder(config) -> Path:
    """The folder of mkdocs.yml (the working directory for a configuration given as text)."""
    path = config.config_file_path
    return Path(os.path.dirname(os.path.abspath(path))) if path else Path.cwd()


def content_folder(settings: MapwrightConfig, config) -> Path:
    """The games: `content` beside mkdocs.yml; by default content/ there, if it is a
    folder, else MkDocs' docs_dir (the games are the docs tree)."""
    if settings.content:
        return config_folder(config) / settings.content
    beside = config_folder(config) / "content"
    return beside if beside.is_dir() else Path(config.docs_dir)


# The Markdown extensions Mapwright's pages are written for: the ones validate renders
# rules pages with (markup.SITE_EXTENSIONS: admonitions and details for worked examples,
# attributes and Markdown inside HTML, tables, definition lists, footnotes, fences inside
# admonitions, content tabs), and the hidden table cell separators search needs. Without
# them an example showed as literal `!!! example`.
EXTENSIONS = (*SITE_EXTENSIONS, "generator.site.cell_separators")


def add_extensions(config) -> list[str]:
    """Turn on each extension of EXTENSIONS the site's mkdocs.yml does not list (as
    `markdown_extensions` would, with the settings validate uses); the names added."""
    listed = {str(name).removeprefix("markdown.extensions.") for name in config.markdown_extensions}
    missing = [name for name in EXTENSIONS if name not in listed]
    config.markdown_extensions.extend(missing)
    for name in missing:
        if name in SITE_EXTENSION_CONFIGS:
            config.mdx_configs[name] = dict(SITE_EXTENSION_CONFIGS[name])
    return missing
