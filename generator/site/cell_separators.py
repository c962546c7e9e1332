"""A Python-Markdown extension (mkdocs.yml `markdown_extensions`): every table cell ends
in a hidden separator, so that text read out of the page without its layout keeps the
cells apart.

Material's search index is built from each page's HTML with the table markup dropped, so
a result's snippet ran a table's cells together ("Die roll 1 strike 2 strikes 1 0 0 0 1
2 0 ..."). Each cell but a row's last now ends in `<span hidden> · </span>` and the last
in `<span hidden>; </span>`: the snippet reads "Die roll · 1 strike · 2 strikes; 1 · 0 ·
0;", while the page shows nothing (the `hidden` attribute, which screen readers and
copying skip too). Tables written as HTML (the adjacency table) carry the same spans.
"""
from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

CELL_END = " · "
ROW_END = "; "


def separator(text: str) -> etree.Element:
    span = etree.Element("span")
    span.set("hidden", "hidden")
    span.text = text
    return span


class CellSeparators(Treeprocessor):
    def run(self, root):
        for row in root.iter("tr"):
            cells = [c for c in row if c.tag in ("td", "th")]
            for i, cell in enumerate(cells):
                cell.append(separator(ROW_END if i == len(cells) - 1 else CELL_END))
        return None


class CellSeparatorsExtension(Extension):
    def extendMarkdown(self, md):
        # after the inline patterns (20), which would otherwise see the span's text
        md.treeprocessors.register(CellSeparators(md), "mw_cell_separators", 3)


def makeExtension(**kwargs):
    return CellSeparatorsExtension(**kwargs)
