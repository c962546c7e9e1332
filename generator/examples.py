"""Worked examples: fenced ```example blocks inside rules pages.

Extraction is pure text work: it finds each block, parses its YAML with the
position-keeping loader, and shifts positions so diagnostics point at the line
in the Markdown page.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .diagnostics import Diagnostic, register
from .families.base import Example
from .loader import Document, load_text

EXAMPLE_NOT_MAPPING = register("MW201", "Example is not a mapping",
                               "A ```example block must hold a YAML mapping with the position, "
                               "the orders or actions, and `expect:`.")
EXAMPLE_MISMATCH = register("MW202", "Engine disagrees with an example",
                            "The engine computed a different outcome than the example's `expect:`. "
                            "Either the example or the data is wrong: the message lists each difference.")
EXAMPLE_UNCLOSED = register("MW203", "Unclosed example block",
                            "A ```example fence has no closing fence. Add a line with ``` after the block.")
EXAMPLE_CRASH = register("MW204", "Engine failed on an example",
                         "The engine raised an error on this example. The example is probably "
                         "malformed (see the family's example schema); if not, report a Mapwright bug.")

# One pass, no backtracking between the fence, spaces and the info string.
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}+|~{3,}+)(?P<info>[^\n`]*+)$")


@dataclass(frozen=True)
class Block:
    start: int   # 0-based line index of the opening fence
    end: int     # 0-based line index of the closing fence
    info: str
    body: str


def fenced_blocks(text: str) -> tuple[list[Block], list[int]]:
    """All fenced code blocks; also the line indexes of fences never closed."""
    lines = text.split("\n")
    blocks, unclosed = [], []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group("fence")
        j = i + 1
        while j < len(lines):
            close = lines[j].strip()
            if close.startswith(fence[0] * len(fence)) and set(close) <= {fence[0]}:
                break
            j += 1
        if j == len(lines):
            unclosed.append(i)
            break
        blocks.append(Block(i, j, m.group("info").strip(), "\n".join(lines[i + 1:j])))
        i = j + 1
    return blocks, unclosed


def _shifted(doc: Document, lines: int) -> Document:
    doc.line_offset = lines
    return doc


def extract_examples(page: str, shown_path: str, text: str) -> tuple[list[tuple[Example, Block]], list[Diagnostic]]:
    blocks, unclosed = fenced_blocks(text)
    found, diagnostics = [], []
    for line in unclosed:
        if FENCE.match(text.split("\n")[line]).group("info").strip().split(" ")[0] == "example":
            diagnostics.append(Diagnostic(shown_path, line + 1, 1, EXAMPLE_UNCLOSED,
                                          "this example block is never closed",
                                          hint="add a closing ``` line"))
    index = 0
    for block in blocks:
        if block.info.split(" ")[0] != "example":
            continue
        index += 1
        doc, diags = load_text(block.body, shown_path)
        offset = block.start + 1
        diagnostics.extend(Diagnostic(d.file, d.line + offset, d.column, d.code, d.message,
                                      d.severity, d.pointer, d.hint) for d in diags)
        if diags and doc.data is None:
            continue
        _shifted(doc, offset)
        if not isinstance(doc.data, dict):
            diagnostics.append(Diagnostic(shown_path, block.start + 1, 1, EXAMPLE_NOT_MAPPING,
                                          "the example block does not hold a YAML mapping",
                                          hint="write the example as `key: value` lines"))
            continue
        found.append((Example(doc.data, doc, page, index), block))
    return found, diagnostics
