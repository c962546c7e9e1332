"""MkDocs hook used by `mapwright serve`: regenerate the docs tree before each rebuild,
so that editing a file under content/ updates the live site."""
from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger("mkdocs.mapwright")


def on_pre_build(config, **_):
    from generator.build import generate
    from generator.output import as_text
    content = Path(os.environ.get("MAPWRIGHT_CONTENT", "content"))
    result = generate(content, Path(config["docs_dir"]))
    if result.report.diagnostics:
        log.warning("content problems:\n%s", as_text(result.report.sorted()))
