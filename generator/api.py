"""The documented public Python API of Mapwright.

    from generator import api
    report = api.validate(["content"])            # list of diagnostic dicts
    api.build(site_dir="site")                    # validate + docs tree + MkDocs
    api.run_example("classic", {...})             # one worked example -> dict
    api.adjudicate("classic", {...})              # Diplomacy adjudication -> dict

Every function takes plain data and returns plain (JSON-serialisable) data.
"""
from __future__ import annotations

from pathlib import Path

from .diagnostics import Diagnostic, errors
from .families.base import Example
from .loader import Document, load_text


class ExampleError(Exception):
    """The game could not be loaded or the example could not be read."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("; ".join(f"{d.file}:{d.line}:{d.column}: {d.message}" for d in diagnostics))


def _game(game: str | Path):
    from .commands.common import load_game
    fam, loaded = load_game(str(game))
    if fam is None:
        raise ExampleError(loaded)
    return fam, loaded


def validate(paths=("content",)) -> list[dict]:
    from .validate import validate_paths
    _, rep = validate_paths([Path(p) for p in paths])
    return [d.to_dict() for d in rep.sorted()]


def build(content="content", site_dir="site", config="mkdocs.yml", work="build") -> dict:
    from .build import build as run_build
    result = run_build(Path(content), Path(site_dir), Path(config), Path(work))
    return {"built": result.built, "timings": result.timings,
            "diagnostics": [d.to_dict() for d in result.report.sorted()]}


def run_example(game: str | Path, example: dict, *, _doc: Document | None = None) -> dict:
    fam, loaded = _game(game)
    doc = _doc or Document("<example>", example, {})
    outcome = fam.run_example(loaded, Example(example, doc, "<api>", 1))
    return outcome.to_dict()


def run_example_text(game: str | Path, text: str, shown: str = "<example>") -> dict:
    doc, diags = load_text(text, shown)
    if errors(diags):
        raise ExampleError(diags)
    if not isinstance(doc.data, dict):
        raise ExampleError([Diagnostic(shown, 1, 1, "MW201", "the example does not hold a YAML mapping",
                                       hint="write the example as `key: value` lines")])
    return run_example(game, doc.data, _doc=doc)


def adjudicate(game: str | Path, request: dict) -> dict:
    """Adjudicate one Diplomacy phase (see `mapwright adjudicate`)."""
    fam, loaded = _game(game)
    handler = fam.adjudicate
    if handler is None:
        raise ExampleError([Diagnostic(str(game), 1, 1, "MW402",
                                       f"the {fam.name} family does not adjudicate orders")])
    return handler(loaded, request)
