"""The documented public Python API of Mapwright.

    from generator import api
    report = api.validate(["content"])            # list of diagnostic dicts
    api.build(site_dir="site")                    # validate + MkDocs with the plugin
    game = api.load_game("classic")               # validated once, then kept
    game.adjudicate({...})                        # Diplomacy adjudication -> dict, at engine speed
    game.run_example({...})                       # one worked example -> dict
    api.adjudicate("classic", {...})              # the same, loading the game through a cache

Every function takes plain data and returns plain (JSON-serialisable) data.

A game is found by path (a folder holding game.yaml), by id under the `content`
folder given, or by id among the games this installation ships (the repository's
content/ in a checkout, generator/_bundled/content in an installed wheel).
"""
from __future__ import annotations

from pathlib import Path

from .diagnostics import Diagnostic, errors
from .families.base import Example
from .loader import Document, load_text
from .paths import SOURCE_ROOT, tree_stamp

BUNDLED_CONTENT = SOURCE_ROOT / "content"


class ExampleError(Exception):
    """The game could not be loaded or the example could not be read."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("; ".join(f"{d.file}:{d.line}:{d.column}: {d.message}" for d in diagnostics))


class Game:
    """A game loaded and validated once; its engine calls cost only the engine."""

    def __init__(self, path: Path, family, model, diagnostics: list[Diagnostic]):
        self.path = path
        self.family = family
        self.model = model
        self.diagnostics = diagnostics
        self._adjudicate = family.adjudicate

    @property
    def id(self) -> str:
        return self.path.name

    def adjudicate(self, request: dict) -> dict:
        """Adjudicate one Diplomacy phase (see `mapwright adjudicate` and
        generator/families/diplomacy/api.py for the request and response)."""
        if self._adjudicate is None:
            raise ExampleError([Diagnostic(str(self.path), 1, 1, "MW402",
                                           f"the {self.family.name} family does not adjudicate orders")])
        return self._adjudicate(self.model, request)

    def run_example(self, example: dict, *, _doc: Document | None = None) -> dict:
        doc = _doc or Document("<example>", example, {})
        return self.family.run_example(self.model, Example(example, doc, "<api>", 1)).to_dict()

    def run_example_text(self, text: str, shown: str = "<example>") -> dict:
        doc, diags = load_text(text, shown)
        if errors(diags):
            raise ExampleError(diags)
        if not isinstance(doc.data, dict):
            raise ExampleError([Diagnostic(shown, 1, 1, "MW201", "the example does not hold a YAML mapping",
                                           hint="write the example as `key: value` lines")])
        return self.run_example(doc.data, _doc=doc)


def find_game(path_or_id: str | Path, content: str | Path | None = None) -> Path | None:
    """The game folder named by a path, an id under `content`, or a shipped game's id."""
    path = Path(path_or_id)
    if (path / "game.yaml").is_file():
        return path
    name = str(path_or_id)
    if "/" in name or "\\" in name or name in ("", ".", ".."):
        return None
    for root in ([Path(content)] if content is not None else []) + [BUNDLED_CONTENT]:
        if (root / name / "game.yaml").is_file():
            return root / name
    return None


def load_game(path_or_id: str | Path, content: str | Path | None = None, *, strict: bool = True) -> Game:
    """Read, validate and load a game once; raises ExampleError with the diagnostics
    when it cannot be found or loaded, or (`strict`) when validation found errors.
    `game.diagnostics` keeps everything validation said."""
    from .validate import validate_game
    where = find_game(path_or_id, content)
    if where is None:
        looked = f"{content}/ and " if content is not None else ""
        raise ExampleError([Diagnostic(str(path_or_id), 1, 1, "MW401",
                                       f"no game '{path_or_id}': not a folder holding game.yaml, and not "
                                       f"a game id in {looked}the games Mapwright ships",
                                       hint="pass a game folder, or a game id with content=")])
    result = validate_game(where)
    if result.game is None or (strict and errors(result.diagnostics)):
        raise ExampleError(errors(result.diagnostics) or result.diagnostics)
    return Game(where, result.family, result.game, result.diagnostics)


class GameCache:
    """Loaded games by folder, reloaded when a file of the folder changes (so the
    module-level functions stay correct while content is being edited)."""

    def __init__(self, size: int = 8):
        self.size = size
        self._games: dict[Path, tuple[tuple, Game]] = {}

    def get(self, path_or_id: str | Path, content: str | Path | None = None) -> Game:
        where = find_game(path_or_id, content)
        if where is None:
            return load_game(path_or_id, content)      # raises the "no game" diagnostic
        key = where.resolve()
        stamp = tree_stamp([key])
        hit = self._games.get(key)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        game = load_game(where, strict=False)
        self._games.pop(key, None)
        while len(self._games) >= self.size:
            self._games.pop(next(iter(self._games)))
        self._games[key] = (stamp, game)
        return game

    def clear(self) -> None:
        self._games.clear()


GAMES = GameCache()


def _game(game: str | Path | Game) -> Game:
    return game if isinstance(game, Game) else GAMES.get(game, "content")


def validate(paths=("content",), jobs: int | None = None) -> list[dict]:
    """Every diagnostic of the games under `paths`; `jobs`: games checked at once
    (default: one per CPU, 1: one after another)."""
    from .validate import validate_report
    return [d.to_dict() for d in validate_report([Path(p) for p in paths], jobs).sorted()]


def build(content="content", site_dir="site", config="mkdocs.yml", work=None, pdf=True) -> dict:
    from .mkdocs_plugin.run import NotBuilt, build_site
    try:
        outcome = build_site(Path(config), Path(content), Path(site_dir),
                             work=Path(work) if work else None, pdf=pdf)
    except NotBuilt as exc:
        return {"built": False, "timings": {}, "error": str(exc),
                "diagnostics": [d.to_dict() for d in sorted(exc.diagnostics)]}
    return {"built": True, "timings": outcome.timings, "pdf_renderer": outcome.renderer,
            "diagnostics": [d.to_dict() for d in sorted(outcome.diagnostics)]}


def run_example(game: str | Path | Game, example: dict, *, _doc: Document | None = None) -> dict:
    return _game(game).run_example(example, _doc=_doc)


def run_example_text(game: str | Path | Game, text: str, shown: str = "<example>") -> dict:
    return _game(game).run_example_text(text, shown)


def adjudicate(game: str | Path | Game, request: dict) -> dict:
    """Adjudicate one Diplomacy phase (see `mapwright adjudicate`)."""
    return _game(game).adjudicate(request)
