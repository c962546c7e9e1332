"""A Python-Markdown extension (mkdocs.yml `markdown_extensions`): every table cell ends
in a hidden separator, so that text read out of the page without its layout keeps the
cells apart.

Material's search index is built from each page's HTML with the table markup dropped, so
a result's snippet ran a table's cells together ("Die roll 1 strike 2 strikes 1 0 0 0 1
2 0 ..."). Each cell but a row's last now ends in `<span hidden> · </span>` and the last
in `<span hidden>; </span>`: the snippet reads "Die roll · 1 strike · 2 strikes; 1 · 0 ·
0;", while the page shows nothing (the `hidden` attribute, which screen readers and
copying skip too). Tables written as HTML (the adjacency table) carry the same spans.

A cell that holds only a placeholder ("—" for no result, or nothing) is left out of the
index (Material's `data-search-exclude`) and gets no separator: snippets read "England ·
F NTH - PIC · illegal", not "England · F NTH - PIC · — · illegal".
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree

from markdown import Extension, util
from markdown.treeprocessors import Treeprocessor

CELL_END = " · "
ROW_END = "; "
PLACEHOLDERS = {"", "—", "–", "-"}
_STASHED = re.compile(util.STX + r"wzxhzdk:(\d+)" + util.ETX)   # raw HTML and entities, kept aside
_TAG = re.compile(r"<[^<>]*>")


def separator(text: str) -> etree.Element:
    span = etree.Element("span")
    span.set("hidden", "hidden")
    span.text = text
    return span


class CellSeparators(Treeprocessor):
    def shown(self, cell: etree.Element) -> str:
        """The text a cell shows: what Markdown kept aside (an entity, inline HTML such as
        a colour swatch) read back, its tags dropped; "" for a swatch of spaces."""
        stash = self.md.htmlStash.rawHtmlBlocks

        def back(match) -> str:
            i = int(match.group(1))
            return _TAG.sub("", str(stash[i])) if i < len(stash) else ""
        return html.unescape(_STASHED.sub(back, "".join(cell.itertext()))).strip()

    def run(self, root):
        for row in root.iter("tr"):
            cells = []
            for cell in (c for c in row if c.tag in ("td", "th")):
                if self.shown(cell) in PLACEHOLDERS:
                    cell.set("data-search-exclude", "")
                else:
                    cells.append(cell)
            for i, cell in enumerate(cells):
                cell.append(separator(ROW_END if i == len(cells) - 1 else CELL_END))
        return None


class CellSeparatorsExtension(Extension):
    def extendMarkdown(self, md):
        # after the inline patterns (20), which would otherwise see the span's text
        md.treeprocessors.register(CellSeparators(md), "mw_cell_separators", 3)


def makeExtension(**kwargs):
    return CellSeparatorsExtension(**kwargs)
