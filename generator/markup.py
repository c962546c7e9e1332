"""Rules pages are Markdown written by content authors; the site runs none of their script.

Raw HTML is refused except a short safe list of inline tags without attributes,
and links may only use http(s), mailto or relative targets. Code spans and
fenced blocks are exempt: they are shown as text.
"""
from __future__ import annotations

import re

from .diagnostics import Diagnostic, register
from .examples import fenced_blocks

RAW_HTML = register("MW301", "Raw HTML in a rules page",
                    "Rules pages may use raw HTML only from a safe list of inline tags without "
                    "attributes (br, sup, sub, kbd, abbr, em, strong, s, small). Use Markdown instead.")
UNSAFE_LINK = register("MW302", "Unsafe link in a rules page",
                       "Links and images may point only to http(s), mailto or relative addresses. "
                       "javascript:, data: and other schemes are refused.")

SAFE_TAGS = {"br", "sup", "sub", "kbd", "abbr", "em", "strong", "s", "small"}
TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)([^<>]*)>|<!--|<\?|<!\[CDATA\[|<![A-Za-z]")
LINK = re.compile(r"\]\(\s*<?([^)\s>]*)|^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)|<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*)>")
SAFE_SCHEMES = ("http:", "https:", "mailto:")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def _scheme(target: str) -> str | None:
    m = re.match(r"\s*([a-zA-Z][a-zA-Z0-9+.-]*):", target.replace("\\", "").replace("\t", ""))
    return m.group(1).lower() + ":" if m else None


def check_markdown(shown_path: str, text: str) -> list[Diagnostic]:
    blocks, _ = fenced_blocks(text)
    inside = {i for b in blocks for i in range(b.start, b.end + 1)}
    found = []
    for number, line in enumerate(text.split("\n")):
        if number in inside:
            continue
        visible = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        for m in TAG.finditer(visible):
            name = (m.group(2) or "").lower()
            attrs = (m.group(3) or "").strip().rstrip("/").strip()
            if m.group(2) and name in SAFE_TAGS and not attrs:
                continue
            found.append(Diagnostic(shown_path, number + 1, m.start() + 1, RAW_HTML,
                                    f"raw HTML '{m.group(0)[:40]}' is not allowed in rules pages",
                                    hint="write it in Markdown; only " + ", ".join(sorted(SAFE_TAGS))
                                    + " without attributes are allowed"))
        for m in LINK.finditer(visible):
            target = next(g for g in m.groups() if g is not None)
            scheme = _scheme(target)
            if scheme and scheme not in SAFE_SCHEMES:
                found.append(Diagnostic(shown_path, number + 1, m.start() + 1, UNSAFE_LINK,
                                        f"link target '{target[:60]}' uses the scheme '{scheme}'",
                                        hint="link to an http(s), mailto or relative address"))
    return found
