"""Fenced code blocks of a Markdown page: pure text work, shared by the worked examples,
the markup checks and the link checks."""
from __future__ import annotations

import re
from dataclasses import dataclass

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
