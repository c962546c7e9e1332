"""`build`: validate, write the docs tree, then let MkDocs turn it into HTML.

MkDocs is only the last, replaceable step: it is imported here and nowhere else
in the pipeline.
"""
from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Report
from .site.tree import docs_tree, write_tree
from .validate import GameResult, validate_paths

# Fixed so that sitemaps carry no build date: two builds give the same bytes.
REPRODUCIBLE_EPOCH = "315532800"  # 1980-01-01


@dataclass
class BuildResult:
    report: Report
    games: list[GameResult] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    built: bool = False


class MkDocsFailed(Exception):
    pass


def generate(content: Path, docs_dir: Path) -> BuildResult:
    """Validate every game and write the docs tree; nothing is written on errors."""
    t0 = time.perf_counter()
    games, report = validate_paths([content])
    t1 = time.perf_counter()
    result = BuildResult(report, games, {"validate": t1 - t0})
    if report.has_errors:
        return result
    files, nav = docs_tree([g for g in games if g.ok])
    write_tree(files, docs_dir)
    result.timings["generate"] = time.perf_counter() - t1
    result.nav = nav
    return result


def mkdocs_config(config_file: Path, docs_dir: Path, site_dir: Path, nav: list, strict: bool = True):
    from mkdocs.config import load_config
    config = load_config(config_file=str(config_file), docs_dir=str(docs_dir.resolve()),
                         site_dir=str(site_dir.resolve()), nav=nav, strict=strict)
    config.plugins["mapwright-sanitise"] = _sanitise_plugin()
    return config


def _sanitise_plugin():
    """Every page body MkDocs renders from Markdown passes the allowlist sanitiser."""
    from mkdocs.plugins import BasePlugin

    from .site.sanitise import sanitise_html

    class Sanitise(BasePlugin):
        def on_page_content(self, html, **_):
            return sanitise_html(html)

    return Sanitise()


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def run_mkdocs(config_file: Path, docs_dir: Path, site_dir: Path, nav: list) -> None:
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.exceptions import MkDocsException
    os.environ.setdefault("SOURCE_DATE_EPOCH", REPRODUCIBLE_EPOCH)
    collector = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collector)
    try:
        config = mkdocs_config(config_file, docs_dir, site_dir, nav)
        mkdocs_build(config)
    except (MkDocsException, OSError) as exc:
        raise MkDocsFailed("; ".join(collector.messages) or str(exc)) from None
    finally:
        logger.removeHandler(collector)


def build(content: Path, site_dir: Path, config_file: Path, work_dir: Path) -> BuildResult:
    docs_dir = work_dir / "docs"
    result = generate(content, docs_dir)
    if result.report.has_errors:
        return result
    t0 = time.perf_counter()
    run_mkdocs(config_file, docs_dir, site_dir, result.nav)
    result.timings["mkdocs"] = time.perf_counter() - t0
    result.built = True
    return result
