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
from ..fences import fenced_blocks
from ..markup import blank_code_spans

MISSING_TARGET = register("MW305", "Link to a file the site does not have",
                          "A rules page links (or shows an image) by a relative address to a file that "
                          "is neither a rules page nor a page or asset Mapwright generates for the site. "
                          "Fix the address (relative to the page: `02-board.md`, `../map.md`), or remove "
                          "the link.")
MKDOCS_STOPPED = register("MW307", "MkDocs stopped the build",
                         "MkDocs, which turns the docs tree into the site's HTML, stopped with a message of "
                         "its own: most often a link or an anchor it cannot resolve, or a file it cannot read "
                         "or write. The diagnostic names the rules page (and the line of the link) when "
                         "MkDocs names one. Fix what the message says; if it names a page Mapwright wrote, "
                         "please report it.")

# inline links and images `](target` (a target may hold balanced parentheses, as in
# Markdown), and reference definitions `[id]: target`; an inline target may also start on
# the next line (`](` ends the line)
_TARGET = re.compile(r"\]\(\s*+(?:<([^<>\n]*+)>|((?:[^()\s<]|\([^()\s]*+\))++)|$)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)")
# what may follow an inline target: a quoted title, then the closing parenthesis. Anything
# else (a space or a line break, then more text) Markdown reads as part of the address
_CLOSE = re.compile(r"""\s*+(?:"[^"\n]*+"|'[^'\n]*+')?\s*+\)""")
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
            visible = blank_code_spans(line)
            for m in _TARGET.finditer(visible):
                target = next((g for g in m.groups() if g is not None), None)
                if target is None:
                    found.append(Diagnostic(f"{shown_root}/{page}", number + 1, m.start() + 1, MISSING_TARGET,
                                            "the link's address starts on the next line",
                                            hint="write the address on the same line as `](`"))
                    continue
                if m.lastindex < 3 and not _CLOSE.match(visible, m.end()):
                    found.append(Diagnostic(f"{shown_root}/{page}", number + 1, m.start(m.lastindex) + 1,
                                            MISSING_TARGET, f"the link target '{target[:80]}' goes on past a "
                                            "space or a line break, and Markdown reads all of it as the address",
                                            hint="write the address without spaces or line breaks (a space as "
                                                 "%20), and a title in quotes on the same line"))
                    continue
                path = _target_path(target)
                if path is None or posixpath.normpath(posixpath.join(here, path)) in files:
                    continue
                found.append(Diagnostic(f"{shown_root}/{page}", number + 1, m.start(m.lastindex) + 1,
                                        MISSING_TARGET, f"the link target '{target[:80]}' is not a file of the site",
                                        hint="link to a rules page or a page the site has (the game's overview "
                                             "lists them), relative to this page"))
    return found


_DOC_FILE = re.compile(r"(?:Doc file|Error building page|Error reading page) '([^'\n]+)'")
_QUOTED_LINK = re.compile(r"link '([^'\n]*)")


def mkdocs_stopped(message: str, pages: dict[str, tuple[str, str]], fallback: str) -> Diagnostic:
    """MkDocs' own message as a diagnostic: at the rules page it names (`pages`: docs path
    -> (shown path, text)), on the line holding the link it quotes; else at `fallback`.
    (The message is content's text: the diagnostic's printers escape it.)"""
    file, line, column = fallback, 1, 1
    named = _DOC_FILE.search(message)
    if named:
        file, text = pages.get(named.group(1), (named.group(1), ""))
        link = _QUOTED_LINK.search(message)
        at = text.find(link.group(1)) if link and link.group(1) else -1
        if at >= 0:
            line = text.count("\n", 0, at) + 1
            column = at - (text.rfind("\n", 0, at) + 1) + 1
    return Diagnostic(file, line, column, MKDOCS_STOPPED, f"MkDocs: {message[:500]}",
                      hint="fix what MkDocs names; a link's address is relative to its page")
