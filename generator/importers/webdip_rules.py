"""A variant's rules.html / rules.php as safe Markdown: text kept, markup reduced.

Headings, paragraphs, line breaks, lists, bold and italic, tables and http(s)
links become their Markdown forms; every piece of text goes through
generator/escape.py (md_text / md_cell / url), so nothing in the page becomes
active markup on the site. Scripts, styles, PHP blocks, forms and images are
left out (an image leaves its alternative text or file name), and the caller is
told what was dropped. Uses the standard library's HTMLParser (tolerant of the
hand-written HTML these pages are), on the page as _plain_tags leaves it: HTMLParser
looks for the end of each construct from its start, so 50,000 unclosed `<a ` or
`<!--` cost it minutes; after that pass every `<` starts a complete tag, and the
conversion is linear in the page's length.
"""
from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser

from .. import escape
from ..markup import LIMITS
from .page_fit import cut

MAX_PAGE = 1_000_000
_DROP = {"script", "style", "form", "select", "textarea", "button", "iframe", "object", "embed",
         "noscript", "template", "svg", "math", "head", "title"}
_BLOCK = {"p", "div", "center", "blockquote", "section", "article", "header", "footer", "hr", "body",
          "html", "dl", "dt", "dd", "pre", "figure", "figcaption", "address", "fieldset"}
_HEADINGS = {"h1": 3, "h2": 3, "h3": 4, "h4": 5, "h5": 6, "h6": 6}   # under "## The variant's rules page"
_INLINE_MARK = {"b": "**", "strong": "**", "i": "*", "em": "*"}
MAX_COLUMNS = 50        # a table's columns (every row is padded to the widest)
MAX_INDENT = 6          # list levels that indent (a deeper list stays at the sixth)
TAG_WINDOW = 4096       # characters a tag may span
# a whole start or end tag, quotes closed (matched inside TAG_WINDOW, so each '<' costs a bounded scan)
_TAG = re.compile(r"""<[a-zA-Z][-.:\w]*(?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))?)*\s*/?>"""
                  r"|</[a-zA-Z][-.:\w]*\s*>")
_DECLARATION = re.compile(r"<[!?][^<>]*>")      # <!DOCTYPE ...>, <?xml ...?>: nothing to show


def _plain_tags(source: str) -> str:
    """The page with comments and declarations removed and every other '<' that does not
    start a whole tag written as `&lt;` (so shown as text). One pass: each '<' is looked
    at once, and the search for a comment's end is shared by all the comments."""
    out, pos, comment_end = [], 0, -1
    i = source.find("<")
    while i >= 0:
        if source.startswith("<!--", i):
            if comment_end != len(source) and comment_end < i + 4:
                found = source.find("-->", i + 4)
                comment_end = len(source) if found < 0 else found     # len: no comment ends after here
            if comment_end < len(source):
                out.append(source[pos:i])
                pos = comment_end + 3
                i = source.find("<", pos)
                continue
        else:
            m = _TAG.match(source, i, i + TAG_WINDOW) or _DECLARATION.match(source, i, i + TAG_WINDOW)
            if m:
                out.append(source[pos:i] if m.re is _DECLARATION else source[pos:m.end()])
                pos = m.end()
                i = source.find("<", pos)
                continue
        out.append(source[pos:i] + "&lt;")
        pos = i + 1
        i = source.find("<", pos)
    out.append(source[pos:])
    return "".join(out)


class _ToMarkdown(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.line: list[str] = []          # pieces of the current block
        self.prefix = ""                   # heading or list marker of the current block
        self.lists: list[list] = []        # stack of [kind, counter]
        self.dropping = 0
        self.dropped: set[str] = set()
        self.link: str | None = None
        self.link_text: list[str] = []
        self.table: list[list[str]] | None = None
        self.cell: list[str] | None = None
        self.marks: Counter = Counter()    # open inline marks (a list searched per tag was quadratic)

    # -- output helpers
    def _flush(self):
        text = " ".join("".join(self.line).split())
        if text and text.strip("*"):
            # inside a list, a block that starts no item continues the current one
            self.blocks.append((self.prefix or "    " * min(len(self.lists), MAX_INDENT)) + text)
        self.line = []
        self.prefix = ""

    def _write(self, piece: str):
        if self.cell is not None:
            self.cell.append(piece)
        elif self.link is not None:
            self.link_text.append(piece)
        else:
            self.line.append(piece)

    # -- parser callbacks
    def handle_starttag(self, tag, attrs):
        if tag in _DROP:
            self.dropping += 1
            self.dropped.add(tag)
            return
        if self.dropping:
            return
        attrs = dict(attrs)
        if tag in _HEADINGS:
            self._flush()
            self.prefix = "#" * _HEADINGS[tag] + " "
        elif tag in _BLOCK:
            self._flush()
        elif tag == "br":
            if self.cell is not None:
                self.cell.append(" ")
            else:
                self._flush()
        elif tag in ("ul", "ol"):
            self._flush()
            self.lists.append([tag, 0])
        elif tag == "li":
            self._flush()
            if not self.lists:
                self.lists.append(["ul", 0])
            kind = self.lists[-1]
            kind[1] += 1
            indent = "    " * min(len(self.lists) - 1, MAX_INDENT - 1)
            self.prefix = indent + (f"{kind[1]}. " if kind[0] == "ol" else "- ")
        elif tag in _INLINE_MARK:
            self._write(_INLINE_MARK[tag])
            self.marks[tag] += 1
        elif tag == "a":
            href = (attrs.get("href") or "").strip()
            if re.match(r"^https?://", href, re.IGNORECASE):
                self.link = href
                self.link_text = []
        elif tag == "img":
            label = attrs.get("alt") or (attrs.get("src") or "").rsplit("/", 1)[-1]
            self.dropped.add("img")
            if label:
                self._write(escape.md_text(f"[image: {label}]"))
        elif tag == "table":
            self._flush()
            self.table = []
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th") and self.table is not None:
            if not self.table:
                self.table.append([])
            self.cell = [] if len(self.table[-1]) < MAX_COLUMNS else None

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag in _DROP:
            self.dropping = max(0, self.dropping - 1)
            return
        if self.dropping:
            return
        if tag in _HEADINGS or tag in _BLOCK or tag == "li":
            self._flush()
        elif tag in ("ul", "ol"):
            self._flush()
            if self.lists:
                self.lists.pop()
        elif tag in _INLINE_MARK and self.marks[tag]:
            self.marks[tag] -= 1
            self._write(_INLINE_MARK[tag])
        elif tag == "a" and self.link is not None:
            text = " ".join("".join(self.link_text).split()) or escape.md_text(self.link)
            target, self.link = self.link, None
            self._write(f"[{text}]({escape.url(target)})")
        elif tag in ("td", "th") and self.cell is not None and self.table is not None:
            self.table[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "table" and self.table is not None:
            self._table()

    def handle_data(self, data):
        if self.dropping:
            return
        cell = self.cell is not None
        text = escape.md_cell(data) if cell else escape.md_text(data)
        if data[:1].isspace():
            text = " " + text
        if data[-1:].isspace():
            text += " "
        self._write(text)

    def _table(self):
        rows = [r for r in self.table or [] if any(c.strip() for c in r)]
        self.table = None
        if not rows:
            return
        width = max(len(r) for r in rows)
        limit = (LIMITS["line"] - 4) // width - 3          # a row must fit a line of the page
        rows = [[cut(c, limit) for c in r] + [""] * (width - len(r)) for r in rows]
        out = ["| " + " | ".join(rows[0]) + " |", "|" + " --- |" * width]
        out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        self.blocks.append("\n".join(out))

    def close(self):
        super().close()
        if self.table is not None:
            self._table()
        self._flush()


def rules_markdown(source: str) -> tuple[str, list[str]]:
    """(Markdown body, what was left out) of a rules.html / rules.php text."""
    source = source[:MAX_PAGE]
    dropped: list[str] = []
    without_php, count = re.subn(r"<\?(?:php|=)?.*?(?:\?>|\Z)", " ", source, flags=re.DOTALL)
    if count:
        dropped.append("PHP code")
    parser = _ToMarkdown()
    parser.feed(_plain_tags(without_php))
    parser.close()
    dropped += sorted(f"<{t}>" for t in parser.dropped)
    blocks = []
    for block in parser.blocks:
        # a list item directly after a paragraph needs a blank line; so does everything else
        blocks.append(block)
    return "\n\n".join(blocks), dropped
