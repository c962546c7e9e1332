"""The `mapwright` command. Subcommands live in generator/commands/, one module each
with `register(subparsers)`; they are discovered here, so adding one touches no other file.

Exit codes: 0 no errors, 1 errors found in content, 2 usage (a bad option, a path that
is not there, an output refused). Streams and -q/-v: generator/commands/console.py.
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from . import __version__, commands
from .commands.common import UsageError, fail
from .commands.console import NORMAL, QUIET, VERBOSE, attached
from .escape import terminal
from .heap import command_heap


class _Help(argparse.HelpFormatter):
    """Descriptions wrapped as usual; an epilog's indented lines (examples) kept as written."""

    def _fill_text(self, text, width, indent):
        return "\n".join(line if line.startswith("  ") else super(_Help, self)._fill_text(line, width, indent)
                         for line in text.splitlines())


class _Parser(argparse.ArgumentParser):
    """Every parser, subcommands' too (argparse makes them of the top one's class), takes
    -q/-v: `mapwright -q build` and `mapwright build -q` alike. A subcommand's copy sets
    the value only when given (SUPPRESS), so it never undoes the top one's."""

    def __init__(self, *args, level=argparse.SUPPRESS, **kwargs):
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)
        group = self.add_mutually_exclusive_group()
        group.add_argument("-q", "--quiet", dest="level", action="store_const", const=QUIET, default=level,
                           help="say only what is wrong: no progress, no 'wrote' lines")
        group.add_argument("-v", "--verbose", dest="level", action="store_const", const=VERBOSE, default=level,
                           help="say more: timings and other detail for developers")

    def error(self, message):  # usage errors exit 2 with a clear line, as argparse does
        self.print_usage(sys.stderr)
        self.exit(2, f"mapwright: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="mapwright", description="Validate board-game variants and publish them as rules sites.",
                  level=NORMAL)
    top.add_argument("--version", action="version", version=f"mapwright {__version__}")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if hasattr(module, "register"):
            module.register(sub)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not getattr(args, "func", None):
        parser().print_help(sys.stderr)
        return 2
    try:
        with attached(args.level, args.command, getattr(args, "progress", False)), \
                command_heap(long_running=getattr(args, "long_running", False)):
            try:
                return int(args.func(args) or 0)
            except UsageError as exc:
                return fail(str(exc), 2)
    except KeyboardInterrupt:
        print("mapwright: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so plainly, never dump a traceback on users
        # the exception's text may quote content: one escaped line, like every diagnostic
        print(f"mapwright: internal error: {type(exc).__name__}: {terminal(exc)}\n"
              "This is a Mapwright bug, not a problem with your content; please report it "
              "(run with MAPWRIGHT_DEBUG=1 for the traceback).", file=sys.stderr)
        if os.environ.get("MAPWRIGHT_DEBUG"):
            raise
        return 1
