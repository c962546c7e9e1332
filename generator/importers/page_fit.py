"""Keep an imported rules page within the limits the validator sets for every page.

A rules page may have no line over 4,000 characters, no heading over 300, no paragraph
holding more than 200 '[', no block of more than 200 lines, no more than 500 headings
(generator/markup.py LIMITS: they keep Python-Markdown linear) and no more than 64 KiB
(generator/game.py). An imported page is made of a stranger's text (a rules.html
paragraph of 8 KB, a power with 3,000 units), so before it is written: prose is
wrapped into short lines (Markdown joins them again), a word too long for a line is
cut, a paragraph or table with too many brackets or lines is split in two, a longer
heading is cut, and the page ends at the last whole block that fits. Its lines open
at most one marker (a list item's) and are indented far less than the limits allow.
One pass over the page; the caller is told what was changed.

The page is Markdown whose text is already escaped (generator/escape.py): cuts are
made where they cannot split an escape or an HTML entity.
"""
from __future__ import annotations

import re

from ..game import MAX_PAGE_BYTES
from ..markup import LIMITS, may_be_heading

WRAP = 1000                           # characters of text a line holds once wrapped
WORD = 1000                           # a longer word is cut
LINE_BRACKETS = 60                    # '[' a wrapped line (and so a word) holds
BRACKETS = LIMITS["brackets"] - 20    # '[' a paragraph holds, with room to spare
LINES = LIMITS["block"] - 20          # lines a block holds, with room to spare
PAGE = MAX_PAGE_BYTES - 2048          # bytes, with room for the note that the page was cut
_ITEM = re.compile(r"^( *)(- |\d{1,9}\. )?")
_NO_BREAK_BEFORE = re.compile(r"[*=+\-#>|:0-9]")    # a line starting so could begin a new block


def cut(text: str, limit: int, brackets: int = 10 ** 9) -> str:
    """`text` cut to at most `limit` characters and `brackets` '[' (an ellipsis marks the
    cut), never inside a backslash escape or an HTML entity."""
    if len(text) <= limit and text.count("[") <= brackets:
        return text
    end = min(len(text), limit - 1)
    if text.count("[", 0, end) > brackets:
        end = [m.start() for m in re.finditer(r"\[", text[:end])][brackets]
    piece = re.sub(r"&#?\w*$", "", text[:end])            # a partial entity
    if (len(piece) - len(piece.rstrip("\\"))) % 2:        # a lone backslash would escape the ellipsis
        piece = piece[:-1]
    return piece + "…"


def _wrap(line: str, notes: set[str]) -> list[str]:
    """A prose line as lines of at most WRAP characters and LINE_BRACKETS '[', continuation
    lines indented like the line's text (so they stay in its list item)."""
    if len(line) <= LIMITS["line"] and line.count("[") <= LINE_BRACKETS:
        return [line]       # what the validator accepts is kept as it was written
    marker = _ITEM.match(line)
    indent = " " * (len(marker.group(1)) + len(marker.group(2) or ""))
    head, words = line[:marker.end()], line[marker.end():].split(" ")
    out, current, size, brackets = [], [], 0, 0
    for word in words:
        if len(word) > WORD or word.count("[") > LINE_BRACKETS:
            word = cut(word, WORD, LINE_BRACKETS)
            notes.add("a word too long for a line was cut")
        n = word.count("[")
        if current and (size + len(word) > WRAP or brackets + n > LINE_BRACKETS) \
                and not _NO_BREAK_BEFORE.match(word):
            out.append(" ".join(current))
            current, size, brackets = [], 0, 0
        current.append(word)
        size += len(word) + 1
        brackets += n
    out.append(" ".join(current))
    return [head + out[0]] + [indent + piece for piece in out[1:]]


def _paragraphs(lines: list[str]) -> list[list[str]]:
    """A block's lines as paragraphs of at most BRACKETS '[' and LINES lines (split
    between lines)."""
    out, current, count = [], [], 0
    for line in lines:
        n = line.count("[")
        if current and (count + n > BRACKETS or len(current) == LINES):
            out.append(current)
            current, count = [], 0
        current.append(line)
        count += n
    return out + [current] if current else out


def _table(lines: list[str], notes: set[str]) -> list[list[str]]:
    """A table as tables of at most BRACKETS '[' and LINES lines each, the header
    repeated; rows too long for a line are left out."""
    kept = [row for row in lines if len(row) <= LIMITS["line"]]
    if len(kept) < len(lines):
        notes.add("a table row too long for a line was left out")
    if len(kept) < 2 or kept[0] is not lines[0] or sum(r.count("[") for r in kept[:2]) > BRACKETS // 2:
        notes.add("a table that cannot be shown was left out")
        return []
    header, rows = kept[:2], kept[2:]
    budget = BRACKETS - sum(r.count("[") for r in header)
    out, current, count = [], [], 0
    for row in rows:
        n = row.count("[")
        if n > budget:
            notes.add("a table row too long for a line was left out")
            continue
        if current and (count + n > budget or len(current) == LINES - 2):
            out.append(header + current)
            current, count = [], 0
        current.append(row)
        count += n
    return out + [header + current] if current or not out else out


def _heading(line: str, notes: set[str]) -> list[str]:
    if len(line) > LIMITS["heading"]:
        notes.add("a heading too long for the site was cut")
    return [cut(line, LIMITS["heading"] - 10, BRACKETS // 2)]


def fit_page(page: str) -> tuple[str, list[str]]:
    """(the page within the limits, what was changed to get there)."""
    notes: set[str] = set()
    blocks: list[list[str]] = []
    for block in re.split(r"\n[ \t]*\n", page.strip("\n")):
        lines = [line for line in block.split("\n") if line.strip()]
        if not lines:
            continue
        if all(line.startswith("|") for line in lines):
            blocks += _table(lines, notes)
        else:   # the validator takes any line starting with '#' for a heading
            blocks += _paragraphs([piece for line in lines for piece in
                                   (_heading(line, notes) if line.lstrip().startswith("#") else _wrap(line, notes))])
    out, size, headings = [], 0, 0
    for block in blocks:
        text = "\n".join(block)
        size += len(text.encode("utf-8")) + 2
        headings += sum(map(may_be_heading, block))
        if size > PAGE or headings > LIMITS["headings"]:
            notes.add(f"the page was cut at {PAGE // 1024} KiB, the most a site page holds" if size > PAGE else
                      f"the page was cut at {LIMITS['headings']} headings, the most a site page holds")
            out.append("*The rest of the page is left out: it is longer than a page of the site may be.*")
            break
        out.append(text)
    return "\n\n".join(out) + "\n", sorted(notes)
