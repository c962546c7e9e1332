"""Deterministic, compact YAML text for the content files Mapwright writes: the one
YAML writer for text emitted by hand (importers, generators).

PyYAML's dumper is slow on large maps and puts one number per line; this
writer emits the few shapes our generated files use: a mapping of sections,
lists of small flow mappings, and flat number lists. Strings are written
plain only when YAML cannot misread them (no `yes`/`no`/`null`, numbers...);
otherwise double-quoted with JSON escapes, which YAML reads the same way, so an
id `no` reads back as the string "no", never as false.
"""
from __future__ import annotations

import json
import re

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_/.\-]*(?: [A-Za-z0-9_/.\-]+)*")  # fullmatch: `$` would pass "A\n"
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}
# Characters YAML does not allow raw in a file, or reads as line breaks: escaped.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
# YAML reads an implicit key of at most 1,024 characters; a longer one is written as an
# explicit key (`? key`), which YAML reads at any length.
_IMPLICIT_KEY = 1024


def scalar(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = f"{value:.1f}"
        return text if float(text) == value else repr(value)    # never a lossy number (0.037)
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _RESERVED and not text.endswith((".", "-")):
        return text
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(text, ensure_ascii=False))


def flow(value) -> str:
    """A value as one line of YAML flow style."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow_key(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def _flow_key(key) -> str:
    text = scalar(key)
    return text if len(text) <= _IMPLICIT_KEY else f"? {text} "


def _block(key: str, value, indent: str, out: list[str]) -> None:
    """Write `key: value`: lists of mappings one item per line, big mappings one
    key per line (recursively), everything else as one flow line."""
    text = scalar(key)
    if len(text) > _IMPLICIT_KEY:
        out.append(f"{indent}? {text}")
        head = f"{indent}:"
    else:
        head = f"{indent}{text}:"
    if isinstance(value, list) and value and any(isinstance(v, dict) for v in value):
        out.append(head)
        out.extend(f"{indent}  - {flow(item)}" for item in value)
    elif isinstance(value, dict) and value and (len(value) > 3 or len(flow(value)) > 100):
        out.append(head)
        for sub, item in value.items():
            _block(sub, item, indent + "  ", out)
    else:
        out.append(f"{head} {flow(value)}")


def document(header_lines: list[str], sections: list[tuple[str, object]]) -> str:
    """A YAML document: comment header, then top-level keys in the given order."""
    out = [f"# {line}" if line else "#" for line in header_lines]
    for key, value in sections:
        _block(key, value, "", out)
    return "\n".join(out) + "\n"
