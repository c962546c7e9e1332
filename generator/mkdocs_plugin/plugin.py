"""The `mapwright` MkDocs plugin (entry point `mkdocs.plugins: mapwright`).

Modelled on Material's own plugins: a typed config class, its state on the plugin object
(MkDocs keeps the object for the whole of a `serve`, as it does any plugin with an
`on_startup`), `on_startup` to tell serve from build, `on_files` adding the generated
pages as `File.generated` (no docs tree on disk) and the navigation of the game sections
(and leaving out the theme files no page loads: shipped.py), `on_serve` watching the
content folder, `on_page_content` passing every page body through the HTML sanitiser, `on_post_build`
splitting the search index Material's search plugin writes by game (a game's pages
fetch only their game's part: site/search_split.py, site_overrides/main.html).
It changes no MkDocs or Material object but in patches.py (under serve, where MkDocs
offers no hook).

Incremental: the generator reuses every game whose files did not change, and each file
remembers whether its bytes differ from what the previous build wrote, so that `mkdocs
serve --dirty` (what `mapwright serve` runs) renders only pages whose source changed
(and the search index stays whole: each page's entries are kept from its last render,
see `_write_whole_index`); under serve, the entries of the pages an edit changed are
made once the pages are served, in a process of their own (searching.py), and a request
for the search index waits for them: never the previous edit's index. Printable PDFs
render in a process pool: in a build from the moment their game is made, while the next
games are made and MkDocs renders the pages, and are written when the build ends (the
build's own process rendering those the pool has not started by then); under serve
only once the pages are served (the reload does not wait for them, nor share the CPUs
with them), and a request for a PDF still rendering waits for it (`Prints`): never the
previous edit's file.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import ClassVar, Protocol
from urllib.parse import urlsplit

from jinja2 import BytecodeCache
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel

from ..build import (BuildOptions, Generator, Tree, check_renderer, check_site, check_work, pdf_cache,
                     record_site)
from ..diagnostics import Diagnostic, Report, errors
from ..game import LINKED
from ..loader import display_path
from ..paths import unsafe_entries
from ..output import as_text
from ..render.print import PrintJob, render_job, renderer
from ..site.sanitise import sanitise_html
from ..site import search as site_search
from ..site import search_split
from ..site.tree import SiteSettings
from .assets import add_theme_files
from .config import MapwrightConfig, add_extensions, config_folder, content_folder
from .navigation import game_overviews, page_nav, site_nav
from .shipped import search_files, search_languages, shipped
from . import patches, searching, verbatim, workers

log = logging.getLogger("mkdocs.plugins.mapwright")
POLL_SECONDS = 0.1   # how often serve looks for edits
BUILD_DELAY = 0.02   # how long serve waits after an edit for the next one before rebuilding
SERVE_NICENESS = 10  # how far serve's PDF workers stand back (os.nice)
SEARCH_INDEX = search_split.INDEX   # Material's, in the site folder (and, split, in each game's)
_ABSENT = object()   # a page's front matter had no `search`


class Prints:
    """Serve's PDFs being rendered (and its search index being made): by PrintJob key
    the render, and by site path the key a request for that path must wait for. Shared
    by the build thread, the pools' callbacks and the server's request threads."""

    WAIT_SECONDS = 300   # a request gives up on a PDF after this long (404)

    def __init__(self):
        self.lock = threading.Lock()
        self.renders: dict[str, Future] = {}     # key -> render, while rendering
        self.awaited: dict[str, tuple[str, threading.Event]] = {}   # site path -> (key, written)

    def render(self, key: str, start) -> Future:
        """The render of `key`: one already under way (an earlier edit's), or `start()`."""
        with self.lock:
            if key not in self.renders or self.renders[key].cancelled():
                self.renders[key] = start()
            return self.renders[key]

    def expect(self, dest: str, key: str) -> threading.Event:
        with self.lock:
            written = threading.Event()
            self.awaited[dest] = (key, written)
            return written

    def done(self, dest: str, key: str, written: threading.Event, render: Future | None) -> None:
        with self.lock:
            if render is not None and self.renders.get(key) is render:
                del self.renders[key]
            if self.awaited.get(dest, (None,))[0] == key:
                del self.awaited[dest]
        written.set()

    def cancel_others(self, keys: set[str]) -> None:
        """Renders no page of the new build links (the edit changed them again) stop,
        if they have not started. (Outside the lock: a cancelled render's callbacks,
        which take it, run at once in this thread.)"""
        with self.lock:
            others = [render for key, render in self.renders.items() if key not in keys]
        for render in others:
            render.cancel()

    def wait(self, dest: str) -> None:
        with self.lock:
            _, written = self.awaited.get(dest, (None, None))
        if written is not None:
            written.wait(self.WAIT_SECONDS)


class _InMemoryBytecode(BytecodeCache):
    def __init__(self):
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket):
        self.compiled[bucket.key] = bucket.bytecode_to_string()


class HeapPolicy(Protocol):
    """What the command does with the collector around MkDocs' rendering of the pages."""

    def hold(self) -> None: ...

    def release(self) -> None: ...


class _LeftAlone:
    def hold(self) -> None:
        pass

    def release(self) -> None:
        pass


COLLECTOR_LEFT_ALONE = _LeftAlone()


@dataclass
class Session:
    """What outlives one build of a command (`serve` rebuilds after every edit): held by
    the plugin object, made afresh by `on_startup`."""

    command: str = "build"
    dirty: bool = False
    generator: Generator = field(default_factory=Generator)
    written: dict[str, str] = field(default_factory=dict)   # src path -> digest, last build
    nav: str = ""
    pool: ProcessPoolExecutor | None = None
    last: Tree | None = None
    bytecode: BytecodeCache = field(default_factory=lambda: _InMemoryBytecode())   # serve: templates compiled
    listings: dict = field(default_factory=dict)     # serve: the theme's files (patches.keep_theme_listing)
    rendered: int = 0                # PDFs the last build rendered (not from the cache)
    renderer: str = ""               # what drew them, with its version ("": no PDFs)
    seconds: float = 0.0             # time spent in this plugin's hooks, this build
    hooks: dict[str, float] = field(default_factory=dict)   # the same, per hook
    prints: Prints = field(default_factory=lambda: Prints())
    search: dict[str, list] = field(default_factory=dict)   # page src path -> its search entries, last rendered
    pdf_keys: dict = field(default_factory=dict)     # PrintJob -> its key, last build's
    indexer: ProcessPoolExecutor | None = None       # serve: makes the changed pages' search entries
    indexing: Future | None = None                   # done when the last build's search index is written
    index_json: str = ""                             # the last search index written whole
    indexed: dict[str, str] = field(default_factory=dict)   # page src path -> view_key of its entries
    pdfs: dict[str, bytes] = field(default_factory=dict)    # serve: key -> the PDF, those the last build linked
    heap: HeapPolicy = field(default_factory=lambda: COLLECTOR_LEFT_ALONE)   # the command's (see freeze)

    def pdf_key(self, job: PrintJob) -> str:
        """`job.key()`, once per job: a kept game's jobs are the same objects build after
        build (a dict by the job compares its pages; the same strings compare at once)."""
        if job not in self.pdf_keys:
            self.pdf_keys[job] = job.key()
        return self.pdf_keys[job]

    def executor(self, jobs: int) -> ProcessPoolExecutor:
        if self.pool is None:
            import multiprocessing
            # under serve the workers give way to the process making the pages a reader
            # waits for (and to whatever else runs on the machine): a PDF can be late
            lower = self.command == "serve"
            # spawn: the server's threads make fork unsafe; the workers import only printing
            # (and end with this process: workers.py)
            self.pool = ProcessPoolExecutor(max_workers=jobs or default_jobs(),
                                            mp_context=multiprocessing.get_context("spawn"),
                                            initializer=workers.start,
                                            initargs=(SERVE_NICENESS if lower else 0,))
        return self.pool

    def close(self) -> None:
        for pool in (self.pool, self.indexer):
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        self.pool = self.indexer = None

    def index_written(self) -> None:
        """Wait until the last build's search entries are made (`search` whole)."""
        if self.indexing is not None:
            self.indexing.result()

    def freeze(self) -> None:
        """The pages are generated: the command's collector policy may set the generator's
        objects aside while MkDocs renders (heap.GeneratedSetAside); a library call or
        MkDocs alone leaves the collector as it is."""
        self.heap.hold()

    def thaw(self) -> None:
        self.heap.release()


def _search_plugin(config):
    """Material's search plugin, if the site has it (known by what it keeps, not imported)."""
    for plugin in config.plugins.values():
        if hasattr(plugin, "search_index_prev") and hasattr(getattr(plugin, "search_index", None), "entries"):
            return plugin
    return None


def _same_folder(a, b) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def _unwalkable(docs: Path) -> list:
    """MkDocs walks the docs folder before any plugin sees its files, following links: a
    link to a folder there (`a -> .`) is walked until memory runs out, a pipe blocks the
    copy. Refused here, before that walk (MW407, as validate refuses them in a game)."""
    return [Diagnostic(display_path(path), 1, 1, LINKED, f"'{display_path(path)}' is {why}",
                       hint="replace it with a copy of what it points to, or remove it")
            for path, why in unsafe_entries(docs)]


def _lexically_inside(path: str, folder: Path) -> bool:
    """Is `path` in `folder` by its name, links not followed? A link in the content folder
    (to /proc/self/pagemap, say) is content, never published: resolved, it lay outside
    and was copied into the site as a page of the site's own (gigabytes)."""
    return Path(os.path.abspath(path)).is_relative_to(os.path.abspath(folder))


def default_jobs() -> int:
    """PDF processes: one per CPU but one. The build's own process (the generator, then
    MkDocs; under serve, the pages of the next edit) keeps a CPU to itself: a worker
    beyond the CPUs left to it would take time from the pages a reader waits for."""
    return max(1, (os.cpu_count() or 2) - 1)


class GeneratedFile(File):
    """A page or asset from the generator; `changed` when its bytes differ from the last build's."""

    changed: bool = True

    def is_modified(self) -> bool:
        return self.changed or not os.path.isfile(self.abs_dest_path)


class PendingPrint(GeneratedFile):
    """A PDF still rendering: `on_post_build` writes it."""

    future: Future | None = None

    def copy_file(self, dirty: bool = False) -> None:
        pass


def _timed(hook):
    """Adds the hook's time to the session's `seconds`: the generator's share of a build,
    measured inside the build (waiting for PDFs at the end included)."""
    @functools.wraps(hook)
    def timed(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            return hook(self, *args, **kwargs)
        finally:
            spent, session = time.perf_counter() - start, self.session
            session.seconds += spent
            session.hooks[hook.__name__] = session.hooks.get(hook.__name__, 0.0) + spent
    return timed


class MapwrightPlugin(BasePlugin[MapwrightConfig]):
    supports_multiple_instances = False
    # What `mapwright build` or `serve` was told on its command line (content folder,
    # project, work and cache folders, pdf, jobs; `wrapped`: the command prints the
    # diagnostics; `heap`: its collector policy while MkDocs renders, a HeapPolicy), set by run.py before MkDocs loads the configuration and cleared after:
    # MkDocs makes the plugin from mkdocs.yml alone, and `serve` loads it itself.
    command_line: ClassVar[dict] = {}

    def __init__(self):
        self.session = Session()
        self.overviews, self.home_links_games = set(), False

    def on_startup(self, *, command, dirty):
        self.session.close()
        self.session = Session(command=command, dirty=dirty)
        if command == "serve" and not dirty:
            # MkDocs 1.6 fixes the kind of rebuild from its command line (`build(config,
            # dirty=...)` in mkdocs/commands/serve.py); no plugin event can change it
            log.info("mapwright: after an edit only the game it touches is made again, but "
                     "`mkdocs serve` renders every page again; `mapwright serve` (or `mkdocs "
                     "serve --dirty`) renders only the pages that changed")

    @property
    def serving(self) -> bool:
        return self.session.command == "serve"

    @event_priority(50)   # before the search plugin's: it loads the theme's templates (_reuse_theme)
    @_timed
    def on_config(self, config):
        session, settings, flags = self.session, self.config, self.command_line
        session.seconds, session.hooks = 0.0, {}   # a new build begins (this hook's time is added after)
        session.heap = flags.get("heap") or COLLECTOR_LEFT_ALONE
        here = config_folder(config)
        configured = content_folder(settings, config)
        content = Path(flags["content"]) if flags.get("content") else configured
        if _same_folder(configured, config.docs_dir):
            # the games are the docs tree (Mapwright's own mkdocs.yml): the command line's
            # content folder is the docs tree too
            config.docs_dir = str(content.resolve())
        cache = flags.get("cache_dir") or (here / settings.cache_dir if settings.cache_dir else None)
        site = SiteSettings(title=config.site_name, reference=settings.reference,
                            source_url=settings.source_url)
        self.options = BuildOptions(
            content=content, project=Path(flags.get("project") or here), work=flags.get("work"),
            cache_dir=Path(cache) if cache else None,
            pdf=settings.pdf and flags.get("pdf", True), pdf_renderer=settings.pdf_renderer,
            jobs=flags.get("jobs") or settings.jobs, site=site)
        if not self.options.content.is_dir():
            raise PluginError(f"mapwright: no content folder at {self.options.content}")
        add_theme_files(config)
        for name in add_extensions(config):
            log.info("mapwright: turned on the Markdown extension %s (its pages use it)", name)
        problems = (check_work(self.options) + _unwalkable(Path(config.docs_dir))
                    + check_renderer(self.options, config.config_file_path))
        session.renderer = renderer(self.options.pdf_renderer) if self.options.pdf and not problems else ""
        if not self.serving:   # serve writes into a temporary folder of MkDocs' own
            problems += check_site(Path(config.site_dir), self.options)
        else:   # the theme's files listed once (see patches.py)
            patches.keep_theme_listing(config, session.listings)
        if problems:
            session.last = Tree({}, [], Report(list(problems)), [])
            raise PluginError(as_text(problems) if not flags.get("wrapped") else "output paths refused")
        return config

    def _start_prints(self, jobs: dict) -> None:
        """Each game's PDFs, as soon as the game is made: from the cache, or rendering in
        the pool at once (on the core the generator leaves idle) rather than after the
        last game; under serve, left for `on_post_build` (None)."""
        for path, job in jobs.items():
            key = self.session.pdf_key(job)
            data = self.session.pdfs.get(key) or self.pdfs.get(key)
            if data is None and not self.serving:
                data = self.session.executor(self.options.jobs).submit(render_job, job)
            self.prints[path] = (key, data)

    def _render(self, job: PrintJob) -> Future:
        return self.session.executor(self.options.jobs).submit(render_job, job)

    @_timed
    def on_files(self, files, *, config):
        self.pdfs, self.prints, self.rendered = pdf_cache(self.options), {}, []
        # MkDocs found the theme's files and whatever docs_dir holds. The content folder's
        # files are never published as they are (only the generator's pages are); the
        # site's own pages (docs_dir outside it) are kept, its front page and nav too
        docs, content = config.docs_dir, self.options.content   # (MkDocs gives its files this src_dir)
        theirs = [f for f in files if f.src_dir is None or
                  (f.src_dir == docs and not _lexically_inside(f.abs_src_path, content))]
        theme = [f for f in files if f.src_dir is not None and f.src_dir != docs]
        front = any(f.src_uri in ("index.md", "README.md") for f in theirs)
        options = replace(self.options, site=replace(self.options.site, home=not front))
        session = self.session
        tree = session.generator.tree(options, keep_last_good=self.serving, on_prints=self._start_prints)
        session.last = self.tree = tree
        self.made, self.blocks = tree.made, {}
        # each game page's tag and search boost (site/search.py); a map's provinces are
        # given to the search index only while the search plugin reads the page
        search_plugin = _search_plugin(config)
        self.searched = site_search.page_settings(tree.games, tree.files) if search_plugin is not None else {}
        # the games whose pages fetch an index of their own (site/search_split.py)
        self.search_games = frozenset(e.source.game_id for e in tree.games if e.source is not None) \
            if search_plugin is not None and search_plugin.config.get("enabled", True) else frozenset()
        self.places: dict[str, str] = {}   # page src path -> the provinces' block added (on_post_page takes it out)
        found = tree.report.sorted()
        log.info("mapwright: %d game(s), regenerated: %s (%.2f s)", len(tree.games),
                 ", ".join(tree.regenerated) or "none", tree.timings["generate"])
        if found and not self.command_line.get("wrapped"):
            (log.warning if errors(found) else log.info)("content problems:\n%s", as_text(found))
        if errors(found) and not self.serving:
            raise PluginError("content has errors; the site was not built")
        clash = sorted({f.src_uri for f in theirs} & set(tree.files))
        if clash:   # nothing of the site's own is replaced
            raise PluginError(f"mapwright: {os.path.join(docs, clash[0])} is a page of the site's own, and the "
                              f"games make a page of the same path; rename or move it")
        # of the theme's files only those a page loads (no sourcemaps, no search
        # languages the site does not use): left out here, so MkDocs never writes them
        search = search_files(search_languages(config.plugins))
        kept = theirs + [f for f in theme if shipped(f.src_uri, search)]
        # the game sections, as the generator ordered and titled them (escaped titles),
        # with the site's own pages and nav: set here, before MkDocs makes the navigation,
        # so that no generated page takes its title from its rendered H1 (MkDocs would put
        # that unescaped into <title>)
        config.nav = site_nav(tree.nav, config.nav, [f.src_uri for f in theirs if f.is_documentation_page()
                                                     and f.inclusion.is_in_nav()])
        # each page is rendered with its own game's navigation only (page_nav)
        self.overviews, self.home_links_games = game_overviews(tree.nav), options.site.home
        nav = json.dumps(config.nav, sort_keys=True)
        all_changed = nav != session.nav
        written, made = {}, []
        self.pending = []
        for path, content in sorted(tree.files.items()):
            if isinstance(content, PrintJob):
                if path not in self.prints:   # a page set the generator did not announce
                    self._start_prints({path: content})
                key, data = self.prints[path]
                digest = "pdf:" + key
                if not isinstance(data, bytes):   # rendering while MkDocs renders the pages,
                    f = PendingPrint.generated(config, path, content=b"")   # or (serve) after
                    f.future, f.key, f.job = data, key, content
                    self.pending.append(f)
                else:
                    f = GeneratedFile.generated(config, path, content=data)
            else:
                data = content if isinstance(content, bytes) else content.encode("utf-8")
                digest = hashlib.sha256(data).hexdigest()
                f = GeneratedFile.generated(config, path, content=content)
            written[path] = digest
            f.changed = all_changed or session.written.get(path) != digest
            made.append(f)
        session.written, session.nav, session.rendered = written, nav, len(self.pending)
        if self.serving:
            # the PDFs and keys this build links, for the next one
            session.pdfs = {key: data for key, data in self.prints.values() if isinstance(data, bytes)}
            session.pdf_keys = {job: session.pdf_keys[job] for job in tree.files.values()
                                if isinstance(job, PrintJob) and job in session.pdf_keys}
            session.prints.cancel_others({f.key for f in self.pending})
            for f in self.pending:   # the previous edit's PDF is not this one: never served
                with contextlib.suppress(OSError):
                    os.remove(f.abs_dest_path)
        session.freeze()
        return Files(kept + made)

    def on_serve(self, server, *, config, builder):
        session = self.session
        watched = [config.docs_dir] + ([config.config_file_path] if config.config_file_path else [])
        patches.poll_often(server, watched, POLL_SECONDS, BUILD_DELAY)
        content = self.options.content.resolve()
        if not content.is_relative_to(Path(config.docs_dir).resolve()):
            server.watch(str(content))
        # a PDF still rendering is waited for, so that its link works once it is drawn
        patches.wait_for_pending(server, lambda path: session.prints.wait(
            SEARCH_INDEX if path.endswith("/" + SEARCH_INDEX) else path))   # a game's index: the same wait
        search = _search_plugin(config) if session.dirty else None
        if search is not None and session.indexer is None:
            import multiprocessing
            session.indexer = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=workers.start)
            session.indexer.submit(searching.ready, type(search.search_index))
        return server

    @_timed
    def on_page_markdown(self, markdown, *, page, config, files):
        if page.file.src_uri in self.tree.files:
            # the generator's pages set no template, title, description or tags: their
            # settings are Mapwright's (its search settings only), whatever a rules page's text holds
            page.meta = dict(self.searched.get(page.file.src_uri, {}))
        # the large HTML blocks of Mapwright's own pages skip Markdown (verbatim.py)
        if page.file.src_uri in self.made:
            markdown, self.blocks[page.file.src_uri] = verbatim.split(markdown)
        return markdown

    @_timed
    def on_page_content(self, html, *, page, config, files):
        blocks = self.blocks.pop(page.file.src_uri, None)
        if blocks:
            html = verbatim.join(html, blocks)
        # the page body, before the theme wraps it (the theme's own scripts stay)
        html = sanitise_html(html)
        provinces = site_search.places(html) if page.file.src_uri in self.searched else []
        if provinces:   # for the search plugin's on_page_context; taken out of the page in on_post_page
            block = site_search.places_block(provinces)
            page.meta.update(site_search.map_settings(page.meta))
            self.places[page.file.src_uri] = block
            html += block
        if self.session.dirty:   # serve: the pages rendered again, for the search index (on_env)
            self.rendered.append((page, html))
        return html

    def on_env(self, env, *, config, files):
        session = self.session
        if self.serving:   # the theme's templates compiled once (Jinja checks each one's source)
            env.bytecode_cache = session.bytecode
        self.search, self.indexed, self.unindexed = _search_plugin(config) if session.dirty else None, 0, None
        self.hidden = {}
        if self.search is not None:
            session.index_written()   # the previous edit's entries, if still being made
            self.order = [f.src_uri for f in files.documentation_pages(inclusion=InclusionLevel.is_in_serve)]
            if session.indexer is not None and session.index_json and self.search.config.get("enabled", True):
                self._index_later()
        self.rendered = []
        return env

    def _index_later(self) -> None:
        """Serve, after an edit: the pages rendered again are indexed once they are served
        (`_make_index`), in the indexer process, not by the search plugin now: each is
        marked for it as its front matter would (`search: exclude`, restored once the
        plugin has seen the page). The plugin writes the last whole index meanwhile,
        which no request is given: they wait from now until the new one is written."""
        self.unindexed, self.hidden = list(self.rendered), {}
        self.index_ready = self.session.prints.expect(SEARCH_INDEX, "search index")
        for page, _ in self.unindexed:
            self.hidden[page.file.src_uri] = page.meta.get("search", _ABSENT)
            page.meta["search"] = {"exclude": True}

    @event_priority(-100)   # after the search plugin's: it has just indexed this page (or passed it)
    def on_page_context(self, context, *, page, config, nav):
        if self.search is not None and self.unindexed is None:
            entries = self.search.search_index.entries
            self.session.search[page.file.src_uri] = entries[self.indexed:]
            self.indexed = len(entries)
        elif self.search is not None and page.file.src_uri in self.hidden:
            shown = self.hidden.pop(page.file.src_uri)
            if shown is _ABSENT:
                del page.meta["search"]
            else:
                page.meta["search"] = shown
        # the index the page fetches: its game's (main.html sets Material's `base` to the game's folder)
        context["search_folder"] = search_split.folder_of(page.url, self.search_games) or None
        if "nav" in context:   # no tab or sidebar entry for each of the other games
            context["nav"] = page_nav(context["nav"], page, self.overviews, home_links_games=self.home_links_games)
        return context

    def on_template_context(self, context, *, template_name, config):
        """A page of the theme's own (404.html): the navigation of a page in no game."""
        if template_name.endswith(".html") and "nav" in context:
            context["nav"] = page_nav(context["nav"], None, self.overviews, home_links_games=self.home_links_games)
        return context

    def on_post_page(self, output, *, page, config):
        """The page as written: without its map's provinces, which were the search index's."""
        block = self.places.pop(page.file.src_uri, "")
        return output.replace(block, "", 1) if block else output

    def _write_sitemaps(self, config) -> None:
        """Each game's folder its own sitemap.xml, of its pages (site/search_split.py): what
        Material's instant navigation follows on a page whose `base` is the game's folder."""
        site = Path(config.site_dir)
        if not self.search_games or not (site / search_split.SITEMAP).is_file():
            return
        whole = (site / search_split.SITEMAP).read_text(encoding="utf-8")
        path = urlsplit(config.site_url or "/").path
        for game, text in search_split.game_sitemaps(whole, self.search_games, path).items():
            if (site / game).is_dir():
                (site / game / search_split.SITEMAP).write_text(text, encoding="utf-8")

    def _write_index(self, config, data: str, games) -> None:
        """Material's whole index `data` written split by game (site/search_split.py):
        each game's pages fetch their game's part, the pages in no game the site's."""
        site = Path(config.site_dir)
        for folder, part in search_split.split(json.loads(data), games).items():
            dest = site / search_split.index_path(folder)
            dest.parent.mkdir(parents=True, exist_ok=True)
            partial = dest.with_suffix(".part")
            partial.write_text(search_split.as_json(part), encoding="utf-8")
            partial.replace(dest)

    def _write_whole_index(self, config, games) -> None:
        """Under `serve --dirty` the search plugin indexes only the pages rendered again and
        merges them into its last index as if a rebuild rendered one page (it drops the
        entries under the first one's URL): after an edit to a map, whose pages are
        several, pages went missing from search or came twice. The index is written
        again as a full build makes it: every page's entries from the last time it was
        rendered, in the order a full build renders the pages, by an index object of
        the plugin's own (Material's class, so Material's format)."""
        session, index = self.session, self.search.search_index
        session.search = {src: session.search[src] for src in self.order if src in session.search}
        whole = type(index)(**index.config)
        whole.entries = [entry for entries in session.search.values() for entry in entries]
        data = whole.generate_search_index(None)
        self._write_index(config, data, games)
        session.index_json = data

    def _make_index(self, config) -> None:
        """The pages are written and the search plugin has written the last index: the
        changed pages' entries are made in the indexer process, then the index is
        written whole (as `_write_whole_index` writes it), and waiting requests served."""
        session, index, rendered, ready = self.session, self.search.search_index, self.unindexed, self.index_ready
        config_values, made, games = dict(index.config), Future(), self.search_games
        session.indexing, self.unindexed = made, None
        if not rendered:   # no page rendered again: the last index, which the search plugin wrote whole
            try:
                self._write_index(config, session.index_json, games)
            finally:
                session.prints.done(SEARCH_INDEX, "search index", ready, None)
            made.set_result(None)
            return
        # a page rendered again to the same body in the same place keeps its entries (after
        # a change to the navigation every page is rendered again, most to the same body)
        views = [searching.view(page, content) for page, content in rendered]
        keys = {page.file.src_uri: searching.view_key(v, config_values) for (page, _), v in zip(rendered, views)}
        again = [i for i, (page, _) in enumerate(rendered) if page.file.src_uri not in session.search
                 or session.indexed.get(page.file.src_uri) != keys[page.file.src_uri]]
        pages, views = [rendered[i] for i in again], [views[i] for i in again]

        def finished(done: Future) -> None:
            try:
                if done.cancelled():   # serve is stopping
                    return
                try:
                    found = done.result()
                except Exception:   # the worker could not (a page it could not be sent): here, then
                    found = searching.entries_of(type(index), config_values, views)
                for (page, _), entries in zip(pages, found):
                    session.search[page.file.src_uri] = entries
                session.indexed = {src: keys.get(src) or session.indexed.get(src) for src in session.search}
                self._write_whole_index(config, games)
            except Exception as exc:   # the site folder went away (serve stopping), or a bug
                # a later build renders, and so indexes, every page again
                session.search, session.index_json, session.written, session.indexed = {}, "", {}, {}
                log.warning("mapwright: the search index could not be made: %s", exc)
            finally:
                session.prints.done(SEARCH_INDEX, "search index", ready, None)
                made.set_result(None)
        try:
            session.indexer.submit(searching.entries_of, type(index), config_values, views).add_done_callback(finished)
        except RuntimeError as exc:   # the indexer is shut down: serve is stopping
            failed = Future()
            failed.set_exception(exc)
            finished(failed)

    @event_priority(-50)   # after the search plugin's (it writes its index first)
    @_timed
    def on_post_build(self, *, config):
        session = self.session
        session.thaw()
        if getattr(self, "unindexed", None) is not None:
            self._make_index(config)
        elif getattr(self, "search", None) is not None:
            self._write_whole_index(config, self.search_games)
        elif self.search_games:   # a build: the index the search plugin has just written, split
            index = Path(config.site_dir) / SEARCH_INDEX
            self._write_index(config, index.read_text(encoding="utf-8"), self.search_games)
        self._write_sitemaps(config)
        cache = pdf_cache(self.options)

        def write(f: PendingPrint, data: bytes) -> None:
            cache.put(f.key, data)
            if self.serving:
                session.pdfs[f.key] = data
            Path(f.abs_dest_path).parent.mkdir(parents=True, exist_ok=True)
            Path(f.abs_dest_path).write_bytes(data)
        if self.serving:   # the pages reload now; a PDF appears when it is drawn
            for f in self.pending:
                self._serve_later(f, write)
        else:
            # the pages are written and this process's CPU is free: it renders, from the
            # last, the PDFs the pool has not started, while the pool works from the first
            for f in reversed(self.pending):
                if f.future.cancel():
                    write(f, render_job(f.job))
            for f in self.pending:
                if not f.future.cancelled():
                    write(f, f.future.result())
        self.pending = []
        if not self.serving:
            record_site(Path(config.site_dir))
        elif session.generator.cache.pending is None:
            # the first build wrote its games to the cache folder; after an edit, the games
            # made again wait until serve stops (on_shutdown), not the reader
            session.generator.cache.pending = {}

    def _serve_later(self, f: PendingPrint, write) -> None:
        """Render `f` now (or join the render an earlier edit started); requests for it
        wait until it is written (see on_serve)."""
        prints = self.session.prints
        written = prints.expect(f.dest_uri, f.key)

        def finished(done: Future, f=f) -> None:
            try:
                if not done.cancelled():
                    if done.exception() is None:
                        write(f, done.result())
                    else:
                        log.warning("mapwright: %s could not be rendered: %s", f.dest_uri, done.exception())
            except OSError:
                pass   # the site folder went away: serve is stopping
            finally:
                prints.done(f.dest_uri, f.key, written, done)
        prints.render(f.key, lambda: self._render(f.job)).add_done_callback(finished)

    def on_build_error(self, *, error):
        session = self.session
        session.thaw()
        session.index_written()
        if getattr(self, "unindexed", None) is not None:   # requests wait no longer (the last index)
            session.prints.done(SEARCH_INDEX, "search index", self.index_ready, None)
            self.unindexed = None
        for _, made in getattr(self, "prints", {}).values():
            if isinstance(made, Future):
                made.cancel()
        session.written, session.nav, session.search = {}, "", {}   # the next build writes everything again
        session.index_json = ""

    def on_shutdown(self):
        self.session.generator.cache.store_pending()
        self.session.close()


