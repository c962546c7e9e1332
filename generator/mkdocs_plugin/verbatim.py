"""Large blocks of finished HTML kept out of the Markdown step.

A generated page such as Divided States' adjacency table (850 KB, 23,000 tags on one
line) or its interactive map is already HTML. Python-Markdown passes such a raw HTML
block through as it is, but finds where it ends by running it through an HTML parser
twice (md_in_html's block extractor, then MkDocs' anchor collector): more than a
second for that one page. `split` puts a short placeholder, itself a raw HTML block,
where each such block stands; `join` puts the blocks back into the rendered page, so
the page comes out as Markdown would have made it (the sanitiser runs after `join`).
The placeholder holds an empty element for each `id` of its block, so that MkDocs'
own collector of a page's anchors (for its check of links to them) finds them all.

Only lines that Markdown reads as one whole raw HTML block are taken: outside fenced
code, between blank lines, starting at column 0 with a `<div` or `<table` tag, ending
with its closing tag with as many of those tags opened as closed, with no fence and
no `markdown` attribute inside but `markdown="0"` on the block's own tag
(superfences and md_in_html would render those). That
is how Markdown delimits a block of well-formed HTML, which is what Mapwright writes;
the plugin applies it only to pages Mapwright wrote itself (no contributor's Markdown),
and the tests compare the result with Markdown's own on the generated pages.
"""
from __future__ import annotations

import html
import re
import secrets

MIN_CHARS = 4096   # below this, Markdown's own handling costs next to nothing
_OPENS = {"<div": "</div>", "<table": "</table>"}
_ID = re.compile(r'\sid="([^"<>]*)"')
_PLACEHOLDER = re.compile(r'<div data-mw-verbatim="([0-9a-f]+-[0-9]+)">(?:<i id="[^"<>]*"></i>)*</div>')
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")


def _whole_block(run: list[str]) -> bool:
    """Whether these lines (between blank lines) are one raw HTML block to Markdown."""
    first, last = run[0], run[-1]
    for opening, closing in _OPENS.items():
        if first.startswith(opening) and first[len(opening):len(opening) + 1] in (" ", ">") \
                and last.endswith(closing):
            break
    else:
        return False
    inner = "\n".join(run)
    if len(inner) < MIN_CHARS or any(_FENCE.match(line) for line in run):
        return False   # small; or a fence inside (superfences reads fences before HTML)
    # md_in_html renders Markdown inside an element marked `markdown` (but "0": kept raw)
    marked = inner.count("markdown")
    if marked and not (marked == 1 and ' markdown="0"' in first.split(">", 1)[0]):
        return False
    return inner.count(opening + " ") + inner.count(opening + ">") == inner.count(closing)


def split(markdown: str) -> tuple[str, dict[str, str]]:
    """(the Markdown with each large HTML block replaced by a placeholder, the blocks by
    placeholder id). A new random prefix per page: no text can name another's block."""
    lines = markdown.split("\n")
    prefix, blocks, fence, out, i = secrets.token_hex(8), {}, None, [], 0
    while i < len(lines):
        line = lines[i]
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence) \
                    and not line[opened.end():].strip():
                fence = None
        elif opened:
            fence = opened.group(1)
        elif line.startswith("<") and (i == 0 or not lines[i - 1].strip()):
            end = i
            while end + 1 < len(lines) and lines[end + 1].strip():
                end += 1
            if _whole_block(lines[i:end + 1]):
                key = f"{prefix}-{len(blocks)}"
                blocks[key] = block = "\n".join(lines[i:end + 1])
                ids = "".join(f'<i id="{v}"></i>' for v in _ID.findall(block))   # as escaped there
                out.append(f'<div data-mw-verbatim="{key}">{ids}</div>')
                i = end + 1
                continue
        out.append(line)
        i += 1
    return ("\n".join(out), blocks) if blocks else (markdown, {})


def join(page_html: str, blocks: dict[str, str]) -> str:
    """The rendered page with the blocks back in their places."""
    if not blocks:
        return page_html
    return _PLACEHOLDER.sub(lambda m: blocks.get(m.group(1), m.group(0)), page_html)
