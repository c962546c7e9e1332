"""Markdown helpers for the page writers; the escaping itself is generator.escape's."""
from __future__ import annotations

from ..escape import admonition_title, html_attr, md_prose, md_text

plain = md_text          # text shown literally
prose = md_prose         # author prose: emphasis and paragraphs survive
attribute = html_attr
__all__ = ["admonition_title", "attribute", "plain", "prose", "table"]


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A Markdown table; cells must already be escaped (escape.md_cell)."""
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(cell.replace("\n", " ") for cell in row) + " |" for row in rows]
    return "\n".join(out) + "\n"
