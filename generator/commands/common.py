"""Helpers shared by subcommands: their common options, locating games, printing
diagnostics and errors (on the streams generator/commands/console.py describes)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..diagnostics import Diagnostic, errors, ordered
from ..escape import terminal
from ..output import FORMATS, render
from ..writing import Refused
from .console import clear_status, quiet


class UsageError(Exception):
    """The command was given something it cannot use (a path that is not there): the
    command line says so and exits 2 (cli.py)."""


def add_format(parser, choices=FORMATS) -> None:
    parser.add_argument("--format", choices=choices, default="text",
                        help="diagnostics as text (default, on stderr), or json or github annotations "
                             "(the command's output, on stdout)")


def add_force(parser) -> None:
    """`--force`, meaning the same on every command that writes (generator/writing.py)."""
    parser.add_argument("--force", action="store_true",
                        help="replace files in the way that Mapwright did not write (a symbolic link "
                             "on the way is refused even so)")


def add_jobs(parser, what: str, default: str = "one per CPU") -> None:
    """`-j N`, meaning the same everywhere: at most N of the command's tasks at once, each
    in a worker process."""
    parser.add_argument("-j", "--jobs", type=_jobs, default=None, metavar="N",
                        help=f"worker processes: at most N {what} at once (default: {default}; "
                             "-j 1: one at a time)")


def _jobs(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a number of processes, 1 or more, got {text!r}")
    return int(text)


def examples(*lines: str) -> str:
    """A subcommand's help epilog: example command lines (kept as written: cli._Help)."""
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def write_refused(exc: Exception, output: Path, diagnostics=(), fmt: str = "text") -> int:
    """Exit status 2 after saying why nothing (or not everything) was written: the
    refusal's located diagnostics (writing.Refused), or the system's reason (OSError);
    `diagnostics` are the command's own, reported with them."""
    found = [*diagnostics, *exc.diagnostics] if isinstance(exc, Refused) else list(diagnostics)
    if found:
        report(found, fmt)
    if isinstance(exc, Refused):
        return 2
    return fail(f"cannot write into {output}: {getattr(exc, 'strerror', None) or exc}", 2)


def report(diags: list[Diagnostic], fmt: str, stream=None) -> int:
    """Write the diagnostics and return the exit status they call for (1: errors). Text is
    for people, on stderr; json and github are the output asked for, on stdout. Under -q,
    nothing when there is nothing to report."""
    stream = stream or (sys.stderr if fmt == "text" else sys.stdout)
    if diags or fmt != "text" or not quiet():
        if stream is sys.stderr:
            clear_status()
        stream.write(render(ordered(diags), fmt, stream))
    return 1 if errors(diags) else 0


def input_name(file: Path | None) -> str:
    """How an optional input FILE is named in diagnostics: "<stdin>" when it is left out or `-`."""
    return "<stdin>" if file is None or str(file) == "-" else str(file)


def fail(message: str, code: int = 1) -> int:
    clear_status()
    print(f"mapwright: error: {terminal(message)}", file=sys.stderr)   # may quote content or MkDocs
    return code


def game_path(name: str, content: Path = Path("content")) -> Path:
    """A game named by id (a folder under content/) or by path."""
    path = Path(name)
    if (path / "game.yaml").is_file():
        return path
    return content / name


def load_game(name: str):
    """(family, game) for a game id or path, or (None, diagnostics) when it cannot be
    loaded; a name that is neither a folder nor a game under content/ is a UsageError."""
    from ..validate import validate_game
    path = game_path(name)
    if not path.is_dir():
        raise UsageError(f"no game '{name}': not a folder, nor a game under content/")
    result = validate_game(path)
    if result.game is None:
        return None, result.diagnostics
    return result.family, result.game
