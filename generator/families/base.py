"""The small surface every game family implements.

A family is a subpackage of `generator.families` exposing one module-level
object named `FAMILY`, an instance of `Family`. The CLI, the validator and the
site builder only ever talk to that object, so no game is special-cased.

    FAMILY = Family(
        name="hex",
        files={"map.yaml": FileSpec("hex-map"), ...},   # content files and their schemas
        load=load,            # (GameSource) -> game model          (pure; data files only)
        check=check,          # (game) -> list[Diagnostic]           (pure; data files only)
        from_rules=from_rules,  # (game, rules pages) -> FromRules   (optional, pure)
        run_example=run_example,  # (game, Example) -> Outcome       (pure)
        pages=pages,          # (game) -> list[Page]                 (pure)
        scaffold=Scaffold(files, players=2),   # optional capabilities: see Family
        printables=printables,
    )

`generator.families.names()` lists the families found (every subpackage with a
`FAMILY`); the CLI choices and game.schema.json's family enum come from it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..diagnostics import Diagnostic
from ..loader import Document


@dataclass(frozen=True)
class FileSpec:
    """A content file a family reads: which schema validates it, and whether it must exist."""

    schema: str  # schemas/<schema>.schema.json
    required: bool = True
    description: str = ""


@dataclass
class GameSource:
    """Everything the loader read for one game, already schema-valid.

    `docs` maps a file name relative to the game folder (e.g. "map.yaml") to its
    Document; `meta` is game.yaml's data. Use `doc.diagnostic(pointer, code, msg)`
    to report a problem at the exact line and column of a value.
    """

    game_id: str          # folder name, e.g. "divided-states"
    root: str             # game folder as shown to users
    meta: dict
    docs: dict[str, Document]
    rules_pages: dict[str, str] = field(default_factory=dict)  # "rules/01-intro.md" -> Markdown

    @property
    def rules(self) -> dict:
        """Named rule modules and their parameters, from game.yaml `rules:`."""
        return self.meta.get("rules") or {}


@dataclass
class Example:
    """A worked example: one fenced ```example block in a rules page."""

    data: dict            # the block's YAML; the family defines its keys, plus `expect`
    doc: Document         # positions are relative to the block; file is the .md page
    page: str             # rules page file name, e.g. "rules/05-movement.md"
    index: int            # 1-based position of the block on its page


@dataclass
class Outcome:
    """What the engine computed for an example.

    `result` is JSON-serialisable; `trace` says why, one short sentence a step;
    `mismatches` lists every way `result` disagrees with the example's `expect`
    (empty means verified); `figure` is an optional SVG drawing of the example, or a
    function drawing it (the build calls it; validate, which publishes nothing, does not);
    `markdown` is an optional family-rendered summary to show under the block.
    """

    result: dict
    trace: list[str] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)
    figure: str | Callable[[], str | None] | None = None
    markdown: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def verified(self) -> bool:
        return not self.mismatches and not any(d.severity == "error" for d in self.diagnostics)

    def to_dict(self) -> dict:
        return {"verified": self.verified, "result": self.result, "trace": self.trace,
                "mismatches": self.mismatches,
                "diagnostics": [d.to_dict() for d in self.diagnostics]}


@dataclass(frozen=True)
class Page:
    """A file the family adds to the game's part of the docs tree.

    `path` is relative to docs/<game>/ (e.g. "map.md", "assets/map.svg");
    `content` is text (str) or bytes; `title` (for .md pages) is its nav entry,
    and pages without a title are assets not listed in the navigation.
    """

    path: str
    content: str | bytes
    title: str = ""
    audience: str = "players"   # "authors": listed apart, under "For variant authors"


@dataclass
class FromRules:
    """What a family makes of a game's rules pages, besides running their worked
    examples: findings (a province code a page names that the map lacks) and pages of
    its own listing what the rules pages hold (which examples check which section).

    Apart from `check` and `pages` because those read the data files alone, and so are
    kept while the data files are unchanged (under `serve`, an edit to a rules page
    redoes neither): this hook runs again for every edit to a rules page."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)


@dataclass(frozen=True)
class Scaffold:
    """What `mapwright new --family F` writes besides game.yaml: `files()` gives
    {relative path: text}; `players` and `rules` (game.yaml `rules:`) fill game.yaml."""

    files: Callable[[], dict[str, str]]
    players: int = 2
    rules: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Family:
    """A game family: the surface every family implements, and its optional capabilities.

    `load`, `check` and `pages` see the data files only (the game's `source.rules_pages`
    is empty): their results are kept while the data files are unchanged. Whatever
    reads the rules pages is `from_rules` (given them with the loaded game).

    A capability a family lacks is None, and the command that needs it says so (exit 1
    with a message) instead of doing something else: `adjudicate` (one phase, plain
    request in, plain response out), `render` (a position and its orders, as the
    `mapwright render` request, to an SVG string), `printables` ({what: [(file stem,
    SVG sized in mm)]} for `mapwright print`), `scaffold` (for `mapwright new`).
    """

    name: str
    files: dict[str, FileSpec]
    load: Callable[[GameSource], Any]
    check: Callable[[Any], list[Diagnostic]]
    run_example: Callable[[Any, Example], Outcome]
    pages: Callable[[Any], list[Page]]
    example_schema: str = ""   # schemas/<name>.schema.json describing the example block
    # (game, {"rules/01-intro.md": Markdown}) -> FromRules: checks and pages that read the rules pages
    from_rules: Callable[[Any, dict[str, str]], FromRules] | None = None
    scaffold: Scaffold | None = None
    adjudicate: Callable[[Any, dict], dict] | None = None
    render: Callable[..., str] | None = None        # (game, request, title="") -> SVG
    printables: Callable[[Any], dict] | None = None
    # which `printables` the site publishes as PDFs, such as ("map", "charts"): each on
    # every paper of build.SITE_PAPERS
    site_prints: tuple[str, ...] = ()
    # what -> the page (a path of `pages`) that links those PDFs under its heading, such as
    # {"charts": "charts.md"}; every PDF is also listed on the game's overview page
    print_pages: dict[str, str] = field(default_factory=dict)
    # the kind of game, in a player's words, for the game's overview page ("a two-sided
    # wargame on a hex map"); the family's name is author vocabulary
    kind: str = ""
