"""Putting content-author text into generated Markdown safely."""
from __future__ import annotations

import html
import re

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|])")


def plain(text) -> str:
    """Text shown literally: HTML-escaped and with Markdown syntax neutralised."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False))


def admonition_title(text) -> str:
    """Admonition titles are not parsed as Markdown and are escaped by the serializer."""
    return " ".join(str(text).replace('"', "'").split())


def prose(text) -> str:
    """Author prose: emphasis and paragraphs survive; HTML and links do not."""
    escaped = html.escape(str(text), quote=False)
    return escaped.replace("[", "\\[").replace("]", "\\]")


def attribute(text) -> str:
    return html.escape(str(text), quote=True)


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A Markdown table; cells must already be escaped."""
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(cell.replace("\n", " ") for cell in row) + " |" for row in rows]
    return "\n".join(out) + "\n"
