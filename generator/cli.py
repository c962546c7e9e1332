"""The `mapwright` command. Subcommands live in generator/commands/, one module each
with `register(subparsers)`; they are discovered here, so adding one touches no other file.

Exit codes: 0 no errors, 1 errors found in content, 2 usage.
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from . import __version__, commands
from .escape import terminal
from .heap import command_heap


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors exit 2 with a clear line, as argparse does
        self.print_usage(sys.stderr)
        self.exit(2, f"mapwright: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="mapwright", description="Validate board-game variants and publish them as rules sites.")
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
        with command_heap(long_running=getattr(args, "long_running", False)):
            return int(args.func(args) or 0)
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
