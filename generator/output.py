"""Diagnostics as people and machines read them: text, GitHub annotations, JSON."""
from __future__ import annotations

import json
import os
import sys

from .diagnostics import Diagnostic
from .escape import github_property, github_value, terminal

FORMATS = ("text", "github", "json")
_COLOURS = {"error": "\033[31m", "warning": "\033[33m", "info": "\033[36m"}


def use_colour(stream) -> bool:
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def as_text(diags: list[Diagnostic], colour: bool = False) -> str:
    lines = []
    for d in diags:
        severity = f"{_COLOURS.get(d.severity, '')}{d.severity}\033[0m" if colour else d.severity
        # content reaches messages (names, quoted lines): one line each, no control sequences
        lines.append(f"{terminal(d.file)}:{d.line}:{d.column}: {severity}[{d.code}]: {terminal(d.message)}")
        if d.hint:
            lines.append(f"    hint: {terminal(d.hint)}")
    errors = sum(d.severity == "error" for d in diags)
    warnings = sum(d.severity == "warning" for d in diags)
    lines.append(f"{errors} error(s), {warnings} warning(s)")
    return "\n".join(lines) + "\n"


def as_github(diags: list[Diagnostic]) -> str:
    kinds = {"error": "error", "warning": "warning", "info": "notice"}
    out = []
    for d in diags:
        props = ",".join(f"{k}={github_property(v)}" for k, v in (
            ("file", d.file), ("line", d.line), ("col", d.column), ("title", d.code)))
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        out.append(f"::{kinds.get(d.severity, 'error')} {props}::{github_value(message)}")
    return "\n".join(out) + ("\n" if out else "")


def as_json(diags: list[Diagnostic]) -> str:
    return json.dumps({"diagnostics": [d.to_dict() for d in diags],
                       "errors": sum(d.severity == "error" for d in diags),
                       "warnings": sum(d.severity == "warning" for d in diags)},
                      indent=2, ensure_ascii=False) + "\n"


def render(diags: list[Diagnostic], fmt: str, stream=None) -> str:
    stream = stream or sys.stdout
    if fmt == "json":
        return as_json(diags)
    if fmt == "github":
        return as_github(diags)
    return as_text(diags, colour=use_colour(stream))
