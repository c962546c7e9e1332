"""What `mapwright build` and `mapwright serve` run: MkDocs, with the plugin told the
command line's options. The same as `mkdocs build` / `mkdocs serve --dirty`."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import errors
from ..escape import terminal
from .plugin import MapwrightPlugin


class NotBuilt(Exception):
    """MkDocs stopped; `diagnostics` holds the content's or the paths' problems, if any."""

    def __init__(self, message: str, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


@dataclass
class Outcome:
    diagnostics: list = field(default_factory=list)
    games: int = 0
    regenerated: list[str] = field(default_factory=list)   # games made afresh (not cached)
    rendered: int = 0                                      # PDFs rendered (not cached)
    renderer: str = ""                                     # what draws the PDFs ("": no PDFs)
    timings: dict[str, float] = field(default_factory=dict)


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def _stopped(exc: Exception, messages: list[str], config_file: Path, tree) -> list:
    """Why MkDocs stopped, as located diagnostics: each of its warnings (at the rules page
    and line it names), or the exception itself (at the file it names, else mkdocs.yml)."""
    from ..site.links import mkdocs_stopped
    pages = {f"{e.source.game_id}/{page}": (f"{e.source.root}/{page}", text)
             for e in (tree.games if tree else []) if e.source for page, text in e.source.rules_pages.items()}
    if messages:
        return [mkdocs_stopped(m, pages, str(config_file)) for m in messages]
    if isinstance(exc, OSError):
        where = str(exc.filename) if exc.filename else str(config_file)
        return [mkdocs_stopped(f"{exc.strerror or exc} ({where})", pages, where)]
    return [mkdocs_stopped(str(exc), pages, str(config_file))]


class _Escaped(logging.Formatter):
    """MkDocs' log lines as a terminal or CI log may show them: its messages quote links
    and file names from content (a newline there could start a `::error` line)."""

    def format(self, record):
        return terminal(super().format(record))


def _flags(content: Path, options: dict, **more) -> dict:
    """What the plugin is told of the command line (MapwrightPlugin.command_line)."""
    return {"content": content, "project": Path.cwd(), **options, **more}


def _docs_dir(config_file: Path, content: Path) -> dict:
    """The docs_dir to load the configuration with: the content folder for the bundled
    configuration (its own names no folder of the project); otherwise the project's, and
    the plugin takes the content folder from the command line (a site may have pages of
    its own beside the games)."""
    from ..paths import AUTHOR_MKDOCS
    return {"docs_dir": str(content.resolve())} if config_file == AUTHOR_MKDOCS else {}


def _plugin_listed(config) -> None:
    if "mapwright" not in config.plugins:
        raise NotBuilt(f"{config.config_file_path} does not list the mapwright plugin "
                       "(add `- mapwright` under `plugins:`)")


def build_site(config_file: Path, content: Path, site_dir: Path, **options) -> Outcome:
    """Build the site; `options` are BuildOptions fields (pdf, cache_dir, work, jobs) and
    `heap`, the command's collector policy while MkDocs renders (plugin.HeapPolicy).
    MkDocs dates the sitemap by SOURCE_DATE_EPOCH, else today: the command sets it."""
    import time

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError, MkDocsException
    from ..build import BuildOptions, check_site, check_work
    # before MkDocs: its own checks would stop some of these cases less helpfully
    paths = BuildOptions(content, Path.cwd(), options.get("work"), options.get("cache_dir"))
    refused = check_work(paths) + check_site(site_dir, paths)
    if refused:
        raise NotBuilt("output paths refused", refused)
    MapwrightPlugin.command_line = _flags(content, options, wrapped=True)
    collector = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collector)
    start = time.perf_counter()
    config = plugin = None
    try:
        try:
            config = load_config(config_file=str(config_file), site_dir=str(site_dir.resolve()), strict=True,
                                 **_docs_dir(config_file, content))
        except ConfigurationError as exc:
            raise NotBuilt(f"{config_file}: {exc}") from None
        _plugin_listed(config)
        plugin = config.plugins["mapwright"]
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config)
        finally:
            config.plugins.on_shutdown()
    except (Abort, MkDocsException, OSError) as exc:
        last = plugin.session.last if plugin is not None else None
        found = last.report.diagnostics if last else []
        where = "" if config is not None else f"{config_file}: "   # mkdocs.yml refused
        if not errors(found):   # MkDocs stopped, not the content checks: say where, with a code
            found = found + _stopped(exc, collector.messages, config_file, last)
        raise NotBuilt(where + ("; ".join(collector.messages) or str(exc)), found) from None
    finally:
        logger.removeHandler(collector)
        MapwrightPlugin.command_line = {}
    session = plugin.session
    tree = session.last
    total = time.perf_counter() - start
    return Outcome(tree.report.diagnostics, sum(1 for g in tree.games if g.ok), tree.regenerated,
                   session.rendered, session.renderer, {"generate": tree.timings["generate"], "plugin": session.seconds,
                                      **{f"hook {name}": t for name, t in session.hooks.items()},
                                      "total": total})


def serve_site(config_file: Path, content: Path, dev_addr: str, **options) -> None:
    """Serve with live reload until interrupted; only what an edit touches is redone."""
    from mkdocs.commands.serve import serve
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError, MkDocsException
    MapwrightPlugin.command_line = _flags(content, options)
    handler = logging.StreamHandler()   # what `mkdocs serve` shows: builds, reloads, problems
    handler.setFormatter(_Escaped("%(levelname)-7s -  %(message)s"))
    # every rebuild is a dirty one, on purpose (the plugin marks what changed): not news
    handler.addFilter(lambda record: not record.getMessage().startswith("A 'dirty' build"))
    collector = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    logger.addHandler(collector)
    logger.setLevel(logging.INFO)
    try:
        _plugin_listed(load_config(config_file=str(config_file), **_docs_dir(config_file, content)))
        serve(config_file=str(config_file), dev_addr=dev_addr, livereload=True, build_type="dirty",
              strict=False, **_docs_dir(config_file, content))
    except ConfigurationError as exc:   # mkdocs.yml itself (a bad value, a missing folder)
        raise NotBuilt(f"{config_file}: {exc}") from None
    except (Abort, MkDocsException) as exc:
        raise NotBuilt(f"{config_file}: " + ("; ".join(collector.messages) or str(exc))) from None
    finally:
        logger.removeHandler(collector)
        MapwrightPlugin.command_line = {}
