"""`build`: validated games in, the site's pages out — incrementally, and only into
folders that are safe to write.

Pure of MkDocs: the MkDocs plugin (generator/mkdocs_plugin) calls `Generator.tree`
for the pages and `check_site`/`record_site` around MkDocs' own writing. Everything a
build is told (content folder, PDFs or not, cache folder) is one `BuildOptions`.

Incremental: a game's pages are a pure function of its folder's bytes and
Mapwright's own code, so they are kept by a hash of both — in memory for `serve`, and
as JSON in the cache folder for the next build. JSON, not pickle: the cache folder is
not trusted to hold code.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import __version__
from .diagnostics import Diagnostic, Report, errors, register
from .escape import md_text, url
from .families.base import GameSource
from .game import discover
from .loader import Document, display_path, load_bytes, read_content_file
from .markup import check_markdown
from .paths import PACKAGE_ROOT, SCHEMA_DIR
from .progress import step
from .render.paper import for_paper
from .render.print import DEFAULT_RENDERER, PdfCache, PrintJob, pdf_jobs, renderer_problem
from .site.links import missing_targets
from .site.paging import split_pages
from .site.tree import SiteSettings
from .validate import DataRead, GameResult, Loaded, read_split, validate_game

OUTPUT_REFUSED = register("MW601", "Output folder refused",
                          "`build` writes the site only into a folder it created or one that carries "
                          "its marker file (.mapwright-site), and never into content/, the project "
                          "folder or a folder above content. Pick another `-o` folder, or empty it (a site "
                          "an earlier plain MkDocs build left too: Mapwright deletes nothing it did not "
                          "write).")
WORK_REFUSED = register("MW602", "Work folder refused",
                        "The work folder (caches) must be the project's build/ folder or inside it, "
                        "and neither it nor the site folder may be a symbolic link.")

NO_RENDERER = register("MW606", "PDF renderer not installed",
                       "The build renders the printable PDFs with the renderer mkdocs.yml names "
                       "(`pdf_renderer` under the mapwright plugin: librsvg, the default, or "
                       "cairosvg), and that renderer cannot be used on this machine. A PDF's bytes "
                       "depend on its renderer, so no other is used in its place: install it, name "
                       "the other one, or build without PDFs (--no-pdf).")

MARKER = ".mapwright-site"    # in the site folder: the files the last build wrote, one a line
CACHE_FORMAT = "mapwright-game-2"


@dataclass(frozen=True)
class BuildOptions:
    """What a build is told, from the plugin's settings and the command line."""

    content: Path = Path("content")
    project: Path = Path(".")          # where build/ and the defaults live
    work: Path | None = None           # default: <project>/build
    cache_dir: Path | None = None      # default: <work>/cache
    pdf: bool = True
    pdf_renderer: str = DEFAULT_RENDERER   # what draws the PDFs (render.print.PDF_RENDERERS)
    jobs: int = 0                      # PDF render processes; 0: one per CPU but one
    site: SiteSettings = SiteSettings()   # the site-wide pages: title, home page, Mapwright's pages

    @property
    def work_dir(self) -> Path:
        return self.work if self.work is not None else self.project / "build"

    @property
    def cache(self) -> Path:
        return self.cache_dir if self.cache_dir is not None else self.work_dir / "cache"


# -- output paths ----------------------------------------------------------------------

def _refused(path: Path, code: str, message: str, hint: str) -> Diagnostic:
    return Diagnostic(display_path(path), 1, 1, code, message, hint=hint)


def _is_within(path: Path, folder: Path) -> bool:
    return path == folder or path.is_relative_to(folder)


def check_work(options: BuildOptions) -> list[Diagnostic]:
    """The work and cache folders: under <project>/build, no symbolic links."""
    found = []
    build = (options.project / "build").resolve()
    for name, folder in (("work", options.work_dir), ("cache", options.cache)):
        if folder.is_symlink():
            found.append(_refused(folder, WORK_REFUSED, f"the {name} folder is a symbolic link",
                                  "use a real folder under build/"))
        elif folder.exists() and not folder.is_dir():
            found.append(_refused(folder, WORK_REFUSED, f"the {name} folder is an existing file",
                                  "remove the file or choose another folder"))
    if options.work is not None and not _is_within(options.work.resolve(), build):
        found.append(_refused(options.work, WORK_REFUSED, "the work folder is outside the project's build/ folder",
                              f"use build/ or a folder inside it (here: {display_path(build)})"))
    return found


def check_renderer(options: BuildOptions, config_file: Path | None) -> list[Diagnostic]:
    """The PDF renderer the build is told to use, when it renders PDFs: usable here, or
    refused at the line of mkdocs.yml that chose it (the plugin's, for the default)."""
    problem = renderer_problem(options.pdf_renderer) if options.pdf else ""
    if not problem:
        return []
    line, column, chosen = 1, 1, "the default"
    try:
        lines = Path(config_file).read_text(encoding="utf-8").splitlines() if config_file else []
    except (OSError, UnicodeDecodeError):
        lines = []
    for wanted in ("pdf_renderer", "mapwright"):
        at = next((n for n, text in enumerate(lines, 1) if wanted in text.split("#")[0]), None)
        if at is not None:
            line, column = at, lines[at - 1].index(wanted) + 1
            chosen = "named here" if wanted == "pdf_renderer" else "the default"
            break
    other = next(n for n in ("librsvg", "cairosvg") if n != options.pdf_renderer)
    return [Diagnostic(display_path(Path(config_file)) if config_file else "mkdocs.yml", line, column, NO_RENDERER,
                       f"the PDF renderer {options.pdf_renderer} ({chosen}) cannot be used: {problem}",
                       hint=f"install it, or set `pdf_renderer: {other}` under the mapwright plugin, "
                            "or build with --no-pdf")]


def check_site(site: Path, options: BuildOptions) -> list[Diagnostic]:
    """Whether `build` may (re)write `site`; empty when it may. Nothing is changed."""
    hint = "choose an -o folder of its own, such as site/"
    if site.is_symlink():
        return [_refused(site, OUTPUT_REFUSED, "the output folder is a symbolic link", hint)]
    if site.exists() and not site.is_dir():
        return [_refused(site, OUTPUT_REFUSED, "the output names an existing file, not a folder", hint)]
    out, content, project = site.resolve(), options.content.resolve(), options.project.resolve()
    if _is_within(out, content):
        return [_refused(site, OUTPUT_REFUSED, "the output folder is inside the content folder", hint)]
    if _is_within(content, out) or out == project or _is_within(project, out):
        return [_refused(site, OUTPUT_REFUSED,
                         "the output folder is the project folder or holds the content folder", hint)]
    if out.exists():
        strays = _unrecorded(out)
        if strays and _earlier_mkdocs_site(out):
            return [_refused(site, OUTPUT_REFUSED,
                             "the output folder holds an earlier site that Mapwright did not write "
                             "(a MkDocs build: it has sitemap.xml)",
                             f"Mapwright deletes nothing it did not write: remove the folder yourself "
                             f"(rm -r {display_path(site)}) and build again, or build into another "
                             f"folder (-o, or site_dir in mkdocs.yml)")]
        if strays:
            return [_refused(site, OUTPUT_REFUSED,
                             f"the output folder holds files Mapwright did not write (such as "
                             f"'{strays[0]}')", "empty the folder, or choose another -o folder")]
    return []


def _earlier_mkdocs_site(site: Path) -> bool:
    """Whether `site` looks like a MkDocs build's output (every theme writes the sitemaps)."""
    return (site / "sitemap.xml").is_file() and (site / "sitemap.xml.gz").is_file()


def _unrecorded(site: Path) -> list[str]:
    """Files under `site` that the last build did not record (top-level dot files, such as
    a .git of a publishing branch, are left alone by MkDocs and so are allowed)."""
    marker = site / MARKER
    recorded = set(marker.read_text(encoding="utf-8").split("\n")) if marker.is_file() else set()
    strays = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site)
        if rel.parts[0].startswith("."):
            continue
        if path.is_symlink() or (path.is_file() and rel.as_posix() not in recorded):
            strays.append(rel.as_posix())
    return strays


def record_site(site: Path) -> None:
    """After a build: the marker lists every file written, for the next `check_site`."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                   if p.is_file() and not p.relative_to(site).parts[0].startswith("."))
    (site / MARKER).write_text("\n".join(files) + "\n", encoding="utf-8")


# -- per-game results, cached ------------------------------------------------------------

def _code_fingerprint() -> str:
    digest = hashlib.sha256(f"{CACHE_FORMAT} {__version__}".encode())
    for folder, pattern in ((PACKAGE_ROOT, "*.py"), (SCHEMA_DIR, "*.json")):
        for path in sorted(folder.rglob(pattern)):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


_FINGERPRINT: list[str] = []


def code_fingerprint() -> str:
    """A hash of Mapwright's code and schemas: cached pages are only as good as the code
    that made them."""
    if not _FINGERPRINT:
        _FINGERPRINT.append(_code_fingerprint())
    return _FINGERPRINT[0]


def game_key(path: Path, options: BuildOptions, *, data_only: bool = False) -> str:
    """A hash of everything a game's pages depend on: its files' names and bytes (links
    by their targets), how it is shown, the options and Mapwright's code. `data_only`:
    leave out the rules pages (what the family's own pages depend on)."""
    digest = hashlib.sha256(f"{code_fingerprint()} pdf={options.pdf} {display_path(path)}".encode())
    for item in sorted(path.rglob("*")):
        rel = item.relative_to(path).as_posix()
        if data_only and rel.split("/")[0] == "rules":
            continue
        if item.is_symlink():
            digest.update(b"L" + rel.encode() + b"\0" + os.readlink(item).encode(errors="replace") + b"\0")
        if item.is_file():
            try:
                data = item.read_bytes()
            except OSError as exc:   # a file that cannot be read (/proc/self/pagemap): no page uses it
                data = f"unreadable: {exc.errno}".encode()
            digest.update(b"F" + rel.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
        elif item.is_dir():
            digest.update(b"D" + rel.encode() + b"\0")
    return digest.hexdigest()


@dataclass
class GameEntry:
    """One game's share of the site: what the home page needs, its diagnostics, its
    files (path relative to docs/ -> text, bytes or a PrintJob) and nav entries."""

    path: Path
    source: GameSource | None
    diagnostics: list[Diagnostic]
    files: dict = field(default_factory=dict)
    nav: list = field(default_factory=list)
    made: list = field(default_factory=list)   # its pages whose Markdown Mapwright wrote (no rules pages)

    @property
    def ok(self) -> bool:
        return self.source is not None and not errors(self.diagnostics)

    def result(self) -> GameResult:
        """A stand-in for the validated game, enough for the site-wide pages."""
        return GameResult(self.path, self.source, diagnostics=self.diagnostics)


def _printables_section(prints: dict[str, PrintJob]) -> str:
    lines = ["", "## Printables", ""]
    for path in sorted(prints):
        name = path.rsplit("/", 1)[-1]
        lines.append(f"- [{md_text(name)}]({url(path)}) (PDF, {_pages(prints[path])})")
    return "\n".join(lines) + "\n"


def _pages(job: PrintJob) -> str:
    return f"{len(job.pages)} page{'s' if len(job.pages) != 1 else ''}"


def _link_prints(page: str, text: str, prints: dict[str, PrintJob]) -> str:
    """`text` (the Markdown of `page`, a path in the game's folder) with a line linking
    `prints` (paths in the same folder) under its first heading."""
    import posixpath
    here = posixpath.dirname(page)
    links = " · ".join(f"[{md_text(p.rsplit('/', 1)[-1])}]({url(posixpath.relpath(p, here or '.'))}) "
                       f"({_pages(prints[p])})" for p in sorted(prints))
    line = f"**Print (PDF):** {links}"
    lines = text.split("\n")
    at = next((i for i, ln in enumerate(lines) if ln.startswith("# ")), None)
    if at is None:
        return f"{line}\n\n{text}"
    return "\n".join(lines[:at + 1] + ["", line] + lines[at + 1:])


@dataclass
class FamilyPages:
    """What a game's family makes from its data files alone: its pages and printables
    (`prints`: path -> PrintJob; `printed_on`: path -> the page linking it), and the
    worked examples' figures drawn so far (by the example block's text)."""

    pages: list
    prints: dict
    figures: dict = field(default_factory=dict)
    printed_on: dict = field(default_factory=dict)

    def draw_figures(self, result: GameResult) -> None:
        """Draw each example's figure, or take it from an earlier run on the same data."""
        for worked in result.examples.values():
            for w in worked:
                if w.outcome is None or not callable(w.outcome.figure):
                    continue
                body = w.block.body
                if body not in self.figures:
                    self.figures[body] = w.outcome.figure() or None
                w.outcome.figure = self.figures[body]
        shown = {w.block.body for worked in result.examples.values() for w in worked}
        self.figures = {b: f for b, f in self.figures.items() if b in shown}


def game_entry(path: Path, options: BuildOptions, read=None, kept: FamilyPages | None = None,
               loaded: Loaded | None = None) -> tuple[GameEntry, FamilyPages | None, Loaded | None]:
    """Validate one game and make its pages (figures drawn, printables as jobs);
    `read`: the game as read, if the caller has it; `kept` and `loaded`: the family's
    pages, and the game loaded and checked, from a run on the same data files. Gives
    them back too (None when the game could not be read)."""
    result = validate_game(path, read, loaded)
    return (*_game_entry(result, options, kept), result.loaded)


# the papers the site's PDFs are laid out for: what readers' printers hold, in Europe and
# in North America
SITE_PAPERS = ("A4", "letter")


def _family_pages(result: GameResult, options: BuildOptions) -> FamilyPages:
    fam, prints, printed_on = result.family, {}, {}
    if fam.site_prints and fam.printables and options.pdf:   # (the renderer checked: check_renderer)
        docs, title = fam.printables(result.game), str(result.source.meta["title"])
        for what, paper in ((w, p) for w in fam.site_prints for p in SITE_PAPERS):
            # a family's per-paper variants (cards-a4-1, cards-letter-1): the paper's own set
            for name, job in sorted(pdf_jobs(for_paper(docs[what], paper), paper, title=title,
                                             renderer=options.pdf_renderer).items()):
                prints[f"print/{name}"] = job
                if what in fam.print_pages:
                    printed_on[f"print/{name}"] = fam.print_pages[what]
    return FamilyPages(fam.pages(result.game), prints, printed_on=printed_on)


def _game_entry(result: GameResult, options: BuildOptions, kept: FamilyPages | None):
    from .site.tree import game_files
    lite = replace(result.source, docs={}) if result.source is not None else None
    entry = GameEntry(result.path, lite, list(result.diagnostics))
    if not result.ok:
        return entry, None
    family = kept or _family_pages(result, options)
    family.draw_figures(result)
    files, nav = game_files(result, family.pages)
    game_id = result.source.game_id
    if family.prints:
        files.update({f"{game_id}/{p}": job for p, job in family.prints.items()})
        files[f"{game_id}/index.md"] += _printables_section(family.prints)
        for page in sorted(set(family.printed_on.values())):
            if f"{game_id}/{page}" in files:
                linked = {p: family.prints[p] for p, on in family.printed_on.items() if on == page}
                files[f"{game_id}/{page}"] = _link_prints(page, files[f"{game_id}/{page}"], linked)
    entry.files, entry.nav = files, nav
    entry.made = sorted(f"{game_id}/{p.path}" for p in split_pages([*family.pages, *result.rules_made])
                        if p.path.endswith(".md"))
    return entry, family


def _encode(value):
    if isinstance(value, PrintJob):
        return {"print": list(value.pages), "title": value.title, "renderer": value.renderer}
    if isinstance(value, bytes):
        return {"bytes": base64.b64encode(value).decode("ascii")}
    return value


def _decode(value):
    if isinstance(value, dict):
        if "print" in value:
            return PrintJob(tuple(value["print"]), value["title"], value.get("renderer", DEFAULT_RENDERER))
        return base64.b64decode(value["bytes"])
    return value


def _dump(entry: GameEntry) -> str:
    source = None
    if entry.source is not None:
        s = entry.source
        source = {"game_id": s.game_id, "root": s.root, "meta": s.meta, "rules_pages": s.rules_pages}
    return json.dumps({"source": source, "diagnostics": [d.to_dict() for d in entry.diagnostics],
                       "files": {k: _encode(v) for k, v in entry.files.items()}, "nav": entry.nav,
                       "made": entry.made},
                      default=str)


def _load(path: Path, text: str) -> GameEntry:
    data = json.loads(text)
    s = data["source"]
    source = GameSource(s["game_id"], s["root"], s["meta"], {}, s["rules_pages"]) if s else None
    fields = Diagnostic.__dataclass_fields__
    diagnostics = [Diagnostic(**{k: v for k, v in d.items() if k in fields}) for d in data["diagnostics"]]
    return GameEntry(path, source, diagnostics, {k: _decode(v) for k, v in data["files"].items()}, data["nav"],
                     data["made"])


class Documents:
    """Each content file's parsed YAML by its bytes, in memory: after an edit to one file
    of a game (Divided States' map.yaml) its other files (a 250 KB geometry.yaml) are
    not parsed again. The reused data is read, never changed, by the checks and the
    engines (as `Kept.data` already is after an edit to a rules page). Likewise each
    rules page's markup findings by its text: after an edit to one of Dixie's ten rules
    pages, the other nine are not rendered again to be checked."""

    def __init__(self):
        self.parsed: dict[str, tuple[bytes, tuple]] = {}   # shown path -> (digest, (doc, diagnostics))
        self.checked: dict[str, tuple[bytes, list]] = {}   # shown page path -> (digest, markup findings)

    def check_page(self, shown: str, text: str) -> list:
        """`markup.check_markdown(shown, text)`, reusing the last findings for the same text."""
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
        kept = self.checked.get(shown)
        if kept is None or kept[0] != digest:
            kept = self.checked[shown] = (digest, check_markdown(shown, text))
        return list(kept[1])

    def load(self, path: Path):
        """`loader.load_document`, reusing the last parse of the same bytes at the same path
        (the file is read once: the bytes hashed are the bytes parsed)."""
        shown = display_path(path)
        raw, problem = read_content_file(path, shown)
        if problem is not None:   # not a file it reads: said as the loader says it
            return Document(shown), [problem]
        digest = hashlib.sha256(raw).digest()
        kept = self.parsed.get(shown)
        if kept is None or kept[0] != digest:
            kept = self.parsed[shown] = (digest, load_bytes(raw, shown))
        doc, diagnostics = kept[1]
        return doc, list(diagnostics)


@dataclass
class Kept:
    """What a game's data files gave, kept (in memory) by their hash: as read, the game
    loaded and its data checks' findings, and its family's pages."""

    path: Path
    data: DataRead | None
    family: FamilyPages | None
    loaded: Loaded | None = None


class GameCache:
    """Game entries by `game_key`: in memory (serve keeps one process) and on disk; and,
    in memory, each game's parsed data files, loaded game, data checks' findings and
    family pages by the key of its data files, so that an edit to a rules page redoes
    that game's page checks and examples (`from_rules`, run_example) but neither parses,
    loads nor checks its data again, nor redraws its maps and tables."""

    def __init__(self):
        self.memory: dict[str, GameEntry] = {}
        self.kept: dict[str, Kept] = {}
        self.documents = Documents()
        # when a dict: entries waiting to be written to the cache folder (`store_pending`),
        # so that serve writes none while a reader waits for the pages
        self.pending: dict[Path, tuple[Path, GameEntry]] | None = None

    def entry(self, path: Path, options: BuildOptions) -> tuple[GameEntry, bool]:
        """(entry, whether it was computed afresh)."""
        key = game_key(path, options)
        if key in self.memory:
            return self.memory[key], False
        stored = options.cache / "games" / f"{key}.json"
        try:
            entry = _load(path, stored.read_text(encoding="utf-8"))
            fresh = False
        except (OSError, ValueError, KeyError, TypeError, AttributeError):   # absent or damaged
            data_key = game_key(path, options, data_only=True)
            kept = self.kept.get(data_key) or Kept(path, None, None)
            read, data = read_split(path, kept.data, load=self.documents.load,
                                    check=self.documents.check_page)
            entry, family, loaded = game_entry(path, options, read, kept.family,
                                               kept.loaded if data is kept.data else None)
            fresh = True
            self.kept = {k: v for k, v in self.kept.items() if v.path != path}   # one per game
            self.kept[data_key] = Kept(path, data, family or kept.family, loaded or kept.loaded)
            if entry.ok and self.pending is not None:
                self.pending[path] = (stored, entry)
            elif entry.ok:
                _store(stored, entry)
        self.memory = {k: v for k, v in self.memory.items() if v.path != path}   # one per game
        self.memory[key] = entry
        return entry, fresh

    def store_pending(self) -> None:
        """Write the entries waiting in `pending` to the cache folder."""
        for stored, entry in (self.pending or {}).values():
            _store(stored, entry)
        if self.pending:
            self.pending.clear()


def _store(stored: Path, entry: GameEntry) -> None:
    try:
        stored.parent.mkdir(parents=True, exist_ok=True)
        partial = stored.with_suffix(f".{os.getpid()}.part")
        partial.write_text(_dump(entry), encoding="utf-8")
        partial.replace(stored)
    except OSError:
        pass   # a cache that cannot be written only costs time


@dataclass
class Tree:
    """The whole site's pages: path -> text, bytes or PrintJob; nav; what was found."""

    files: dict
    nav: list
    report: Report
    games: list[GameEntry]
    regenerated: list[str] = field(default_factory=list)   # game ids computed afresh
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def made(self) -> set[str]:
        """Pages whose Markdown Mapwright wrote itself, no contributor's Markdown in them."""
        return {page for game in self.games if game.ok for page in game.made}


class Generator:
    """Makes the site's pages from the content folder, reusing every game whose files
    did not change. `keep_last_good`: a game with errors keeps its last good pages
    (for `serve`: an edit in progress does not take the game off the site)."""

    def __init__(self):
        self.cache = GameCache()
        self.good: dict[Path, GameEntry] = {}

    def tree(self, options: BuildOptions, keep_last_good: bool = False, on_prints=None) -> Tree:
        """`on_prints(jobs)`: told each game's printables (docs path -> PrintJob) as soon as
        the game is made, so that they can render while the next games are made."""
        from .site.tree import assemble
        t0 = time.perf_counter()
        paths, problems = discover([options.content])
        report = Report(list(problems))
        entries, regenerated = [], []
        for n, path in enumerate(paths, 1):
            step("making %s (game %d of %d)", path.name, n, len(paths))
            entry, fresh = self.cache.entry(path, options)
            report.extend(entry.diagnostics)
            if fresh:
                regenerated.append(path.name)
            if entry.ok:
                self.good[path] = entry
            elif keep_last_good and path in self.good:
                entry = self.good[path]
            entries.append(entry)
            if on_prints is not None and entry.ok:
                on_prints({p: job for p, job in entry.files.items() if isinstance(job, PrintJob)})
        usable = [e for e in entries if e.ok]
        files, nav = assemble([(e.result(), e.files, e.nav) for e in usable], site=options.site)
        for e in usable:   # a rules page's link to a file the site lacks: located, before MkDocs
            report.extend(missing_targets(e.source.root, e.source.game_id, e.source.rules_pages, files))
        return Tree(files, nav, report, entries, regenerated, {"generate": time.perf_counter() - t0})


def pdf_cache(options: BuildOptions) -> PdfCache:
    return PdfCache(options.cache)
