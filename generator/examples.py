"""Worked examples: fenced ```example blocks inside rules pages.

Extraction is pure text work: it finds each block, parses its YAML with the
position-keeping loader, and shifts positions so diagnostics point at the line
in the Markdown page.
"""
from __future__ import annotations

from .diagnostics import Diagnostic, register
from .families.base import Example
from .fences import FENCE, Block, fenced_blocks
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
