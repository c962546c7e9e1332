"""mapwright example GAME [FILE] — run one worked example as it would stand in a rules page."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ..diagnostics import Diagnostic
from ..escape import terminal
from .common import add_format, examples, input_name, report


def register(sub) -> None:
    p = sub.add_parser("example", help="run one worked example and print its outcome and trace",
                       description="Run the YAML of a ```example block (from FILE, or stdin) "
                                   "against GAME (an id under content/ or a game folder).",
                       epilog=examples("mapwright example classic block.yaml",
                                       "mapwright example content/my-variant --format json < block.yaml"))
    p.add_argument("game", help="game id (folder under content/) or path to a game folder")
    p.add_argument("file", nargs="?", type=Path, help="file holding the example's YAML (default or `-`: stdin)")
    add_format(p, ("text", "json"))
    p.set_defaults(func=run)


def run(args) -> int:
    from ..api import ExampleError, run_example_text
    from ..loader import decode_content, read_content_file
    shown = input_name(args.file)
    if shown == "<stdin>":
        raw, problem = sys.stdin.buffer.read(), None
    else:
        raw, problem = read_content_file(args.file, shown)
    text, problem = ("", problem) if problem else decode_content(raw, shown)
    if problem is not None:
        return report([problem], "text", sys.stderr) or 1
    try:
        outcome = run_example_text(args.game, text, shown)
    except ExampleError as exc:
        return report(exc.diagnostics, "text", sys.stderr) or 1
    if args.format == "json":
        print(json.dumps(outcome, indent=2, ensure_ascii=False, sort_keys=True))
    else:
        _verdict(outcome)
        print(json.dumps(outcome["result"], indent=2, ensure_ascii=False, sort_keys=True))
        if outcome["trace"]:
            print("why:")
            for step in outcome["trace"]:
                print(f"  - {terminal(step)}")
    return 0 if outcome["verified"] else 1


def _verdict(outcome: dict) -> None:
    """Say whether the example verified and, when not, every reason: the located
    diagnostics (an illegal or malformed example) and the disagreements with expect."""
    if outcome["verified"]:
        print("verified")
        return
    problems = [Diagnostic(**d) for d in outcome["diagnostics"]]
    print("NOT verified:" + ("" if problems or outcome["mismatches"] else " the engine gives no reason"))
    if problems:
        print("the example is illegal or malformed:")
        report(problems, "text", sys.stdout)
    if outcome["mismatches"]:
        print("the engine disagrees with expect:")
        for m in outcome["mismatches"]:
            print(f"  - {terminal(m)}")
