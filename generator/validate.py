"""`validate`: every game under the given paths, schema checks plus family checks
plus every worked example, all reported in one run."""
from __future__ import annotations

import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Report, errors, register
from .examples import EXAMPLE_CRASH, EXAMPLE_MISMATCH, extract_examples
from .families import family as family_named
from .families.base import Example, Family, GameSource, Outcome
from .game import discover, read_game, read_rules_pages
from .parallel import each_game
from .schemas import validate_document

INTERNAL = register("MW901", "Internal error in a family engine",
                    "Mapwright's engine failed on this content. The content may be unusual, but "
                    "this is a Mapwright bug: please report it with the file named here.")


@dataclass
class WorkedExample:
    example: Example
    block: Any
    outcome: Outcome | None


@dataclass
class Loaded:
    """A game's model and what its family's `check` found in it: a pure function of the
    game's data files, which `GameCache` keeps by their hash (an edit to a rules page
    neither loads nor checks the data again; their findings are reported all the same)."""

    game: Any
    diagnostics: list[Diagnostic]


@dataclass
class GameResult:
    path: Path
    source: GameSource | None
    family: Family | None = None
    game: Any = None
    examples: dict[str, list[WorkedExample]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    rules_made: list = field(default_factory=list)   # the family's pages made from the rules pages
    loaded: Loaded | None = None

    @property
    def ok(self) -> bool:
        return self.game is not None and not errors(self.diagnostics)

    def draw_figures(self) -> None:
        """Worked examples' figures are drawn here, once, for the site: validate, which
        publishes nothing, leaves them undrawn."""
        for worked in self.examples.values():
            for w in worked:
                if w.outcome is not None and callable(w.outcome.figure):
                    w.outcome.figure = w.outcome.figure() or None


def _internal(where: str, stage: str, exc: BaseException) -> Diagnostic:
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" ({Path(frame.filename).name}:{frame.lineno})" if frame else ""
    return Diagnostic(where, 1, 1, INTERNAL, f"{stage} failed: {type(exc).__name__}: {exc}{at}",
                      hint="report this as a Mapwright bug")


def run_examples(fam: Family, game, source: GameSource) -> tuple[dict, list[Diagnostic]]:
    results, found = {}, []
    for page, text in sorted(source.rules_pages.items()):
        shown = f"{source.root}/{page}"
        extracted, diags = extract_examples(page, shown, text)
        found += diags
        worked = []
        for example, block in extracted:
            if fam.example_schema:
                shape = validate_document(example.doc, fam.example_schema)
                found += shape
                if errors(shape):
                    worked.append(WorkedExample(example, block, None))
                    continue
            try:
                outcome = fam.run_example(game, example)
            except Exception as exc:  # an engine bug must not hide other games' results
                found.append(Diagnostic(shown, block.start + 1, 1, EXAMPLE_CRASH,
                                        f"example {example.index} could not be run: {type(exc).__name__}: {exc}",
                                        hint="check the example against the family's example schema"))
                worked.append(WorkedExample(example, block, None))
                continue
            found += outcome.diagnostics
            for mismatch in outcome.mismatches:
                found.append(Diagnostic(shown, block.start + 1, 1, EXAMPLE_MISMATCH,
                                        f"example {example.index}: {mismatch}",
                                        hint="fix the example's expect: or the data it relies on"))
            worked.append(WorkedExample(example, block, outcome))
        results[page] = worked
    return results, found


def validate_game(path: Path, read=None, loaded: Loaded | None = None) -> GameResult:
    """`read`: the game as read (source, diagnostics), when the caller has it; `loaded`:
    the game loaded and checked from the same data files (`result.loaded` of an earlier run)."""
    return _validate_game(path, *(read or read_game(path)), loaded)


def load_and_check(fam: Family, source: GameSource) -> Loaded:
    """The family's `load` and `check`, on the data files alone (no rules pages: what
    reads them is `from_rules`); its game is None when it cannot be loaded."""
    data = replace(source, rules_pages={})
    try:
        game = fam.load(data)
    except Exception as exc:
        return Loaded(None, [_internal(source.root, "loading the game", exc)])
    try:
        return Loaded(game, fam.check(game))
    except Exception as exc:
        return Loaded(game, [_internal(source.root, "checking the game", exc)])


def _validate_game(path: Path, source: GameSource | None, found: list[Diagnostic],
                   loaded: Loaded | None = None) -> GameResult:
    result = GameResult(path, source, diagnostics=list(found))
    if source is None:
        return result
    fam = family_named(source.meta["family"])
    result.family = fam
    result.loaded = loaded = loaded or load_and_check(fam, source)
    result.diagnostics += loaded.diagnostics
    if loaded.game is None:
        return result
    result.game = loaded.game
    if fam.from_rules is not None:
        try:
            made = fam.from_rules(result.game, source.rules_pages)
            result.diagnostics += made.diagnostics
            result.rules_made = list(made.pages)
        except Exception as exc:
            result.diagnostics.append(_internal(source.root, "checking the rules pages", exc))
    if errors(loaded.diagnostics):
        # The family's checks refused a value of the data files: the engines may not run on
        # it (a zero they divide by, a row they index), and what the worked examples would
        # show of data known to be wrong is noise. They run once the data is fixed, as after
        # a schema error.
        return result
    examples, diags = run_examples(fam, result.game, source)
    result.examples = examples
    result.diagnostics += diags
    return result


@dataclass
class DataRead:
    """A game's data files as read, without its rules pages: what an edit to a rules
    page leaves as it was (`GameCache` keeps it by the data files' hash)."""

    source: GameSource | None
    diagnostics: list[Diagnostic]


def read_split(path: Path, data: DataRead | None = None, load=None, check=None) -> tuple[tuple, DataRead | None]:
    """(source, diagnostics) as `read_game` gives them, reusing `data` when given, and
    the data part for next time. Rules pages are always read again. `load`: what reads
    each YAML file, for `read_game` (default: the loader); `check`: what checks each
    rules page's markup, for `read_rules_pages` (default: markup.check_markdown)."""
    pages, page_diags = read_rules_pages(path, **({"check": check} if check else {}))
    if data is None:
        source, found = read_game(path, (pages, page_diags), **({"load": load} if load else {}))
        own = set(page_diags)
        data = DataRead(source and replace(source, rules_pages={}), [d for d in found if d not in own])
        return (source, found), data
    found = data.diagnostics + page_diags
    if data.source is None:
        return (None, found), data
    return (replace(data.source, rules_pages=pages), found), data


def validate_report(paths: list[Path], jobs: int | None = None) -> Report:
    """The diagnostics of every game under `paths` (as `discover` finds them), all that
    `mapwright validate` and `api.validate` need. With several games, up to `jobs` of them
    (default: the CPUs this process may use) are validated at once, each in a worker
    process (`parallel.each_game`)."""
    games, problems = discover(paths)
    report = Report(list(problems))
    for diagnostics in each_game(diagnostics_of, games, jobs, warm=_warm_for_workers):
        report.extend(diagnostics)
    return report


def diagnostics_of(path: Path) -> list[Diagnostic]:
    return validate_game(path).diagnostics


def _warm_for_workers() -> None:
    """What the games' validation sets up first, done once before the workers start
    (they inherit it): every family imported (no content is read for it), the Markdown
    renderer of the rules pages' safety check made."""
    from .families import names
    from .markup import warm_renderer
    for name in names():
        family_named(name)
    warm_renderer()
