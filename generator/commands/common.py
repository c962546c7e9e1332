"""Helpers shared by subcommands: locating games, printing diagnostics and errors."""
from __future__ import annotations

import sys
from pathlib import Path

from ..diagnostics import Diagnostic, errors, ordered
from ..escape import terminal
from ..output import FORMATS, render


def add_format(parser, choices=FORMATS) -> None:
    parser.add_argument("--format", choices=choices, default="text",
                        help="output format (default: text)")


def report(diags: list[Diagnostic], fmt: str, stream=None) -> int:
    stream = stream or sys.stdout
    stream.write(render(ordered(diags), fmt, stream))
    return 1 if errors(diags) else 0


def input_name(file: Path | None) -> str:
    """How an optional input FILE is named in diagnostics: "<stdin>" when it is left out or `-`."""
    return "<stdin>" if file is None or str(file) == "-" else str(file)


def fail(message: str, code: int = 1) -> int:
    print(f"mapwright: error: {terminal(message)}", file=sys.stderr)   # may quote content or MkDocs
    return code


def game_path(name: str, content: Path = Path("content")) -> Path:
    """A game named by id (a folder under content/) or by path."""
    path = Path(name)
    if (path / "game.yaml").is_file():
        return path
    return content / name


def load_game(name: str):
    """(family, game) for a game id or path, or (None, diagnostics) when it cannot be loaded."""
    from ..validate import validate_game
    result = validate_game(game_path(name))
    if result.game is None:
        return None, result.diagnostics
    return result.family, result.game
