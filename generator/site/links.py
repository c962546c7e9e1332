"""Rules pages' links to files the site does not have, found before MkDocs meets them.

MkDocs (strict) refuses a relative link to a file that is not among the site's pages,
but says so without a line, a code or a hint, after every page was rendered. Whether a
target exists depends on the pages the families generate, so this runs on the whole
docs tree (`Generator.tree`), not in `validate`. It reads links as MkDocs does: a
relative target with a file extension (`map.md`, `../rules/02-board.md#x`, `pic.png`);
an address with a scheme, an absolute path, an anchor alone or a target without an
extension is left to MkDocs (it only notes those).
"""
from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote

from ..diagnostics import Diagnostic, register
from ..examples import fenced_blocks
from ..markup import blank_code_spans

MISSING_TARGET = register("MW305", "Link to a file the site does not have",
                          "A rules page links (or shows an image) by a relative address to a file that "
                          "is neither a rules page nor a page or asset Mapwright generates for the site. "
                          "Fix the address (relative to the page: `02-board.md`, `../map.md`), or remove "
                          "the link.")

# inline links and images `](target`, and reference definitions `[id]: target`
_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)")
_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")
_LIST_ITEM = re.compile(r"\s*(?:[-*+]|\d{1,9}[.)])\s")


def _code_lines(lines: list[str]) -> set[int]:
    """Indexes of lines inside indented code blocks: indented four or more, after a
    blank line or another such line, outside a list (where indenting continues an item)."""
    code, in_list, previous_blank = set(), False, True
    for i, line in enumerate(lines):
        indented = line.startswith(("    ", "\t"))
        if not line.strip():
            previous_blank = True
            continue
        if indented and not in_list and (previous_blank or i - 1 in code):
            code.add(i)
        elif not indented:
            in_list = bool(_LIST_ITEM.match(line))
        previous_blank = False
    return code


def _target_path(target: str) -> str | None:
    """The file part of a relative target MkDocs checks, or None."""
    if _SCHEME.match(target) or target.startswith(("/", "#")):
        return None
    path = unquote(target.split("#", 1)[0].split("?", 1)[0])
    return path if "." in posixpath.basename(path) else None


def missing_targets(shown_root: str, game_id: str, pages: dict[str, str], files) -> list[Diagnostic]:
    """Links in the game's rules pages (`pages`: "rules/01-x.md" -> Markdown) to files
    that are not in the docs tree (`files`: the site's paths, such as "classic/map.md")."""
    found = []
    for page, text in sorted(pages.items()):
        here = posixpath.dirname(f"{game_id}/{page}")
        lines = text.split("\n")
        blocks, _ = fenced_blocks(text)
        skip = {i for b in blocks for i in range(b.start, b.end + 1)} | _code_lines(lines)
        for number, line in enumerate(lines):
            if number in skip:
                continue
            for m in _TARGET.finditer(blank_code_spans(line)):
                target = m.group(1) or m.group(2)
                path = _target_path(target)
                if path is None or posixpath.normpath(posixpath.join(here, path)) in files:
                    continue
                found.append(Diagnostic(f"{shown_root}/{page}", number + 1, m.start(m.lastindex) + 1,
                                        MISSING_TARGET, f"the link target '{target[:80]}' is not a file of the site",
                                        hint="link to a rules page or a page the site has (the game's overview "
                                             "lists them), relative to this page"))
    return found
