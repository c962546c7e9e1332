"""Rules pages are Markdown written by content authors; the site runs none of their script.

Raw HTML is refused except a short safe list of inline tags without attributes,
and links may only use http(s), mailto or relative targets. Code spans and
fenced blocks are exempt: they are shown as text.
"""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

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


# What the site's Markdown does with a page (the extensions mkdocs.yml enables).
SITE_EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "def_list", "toc",
                   "pymdownx.details", "pymdownx.superfences"]
UNSAFE_TAGS = {"script", "iframe", "object", "embed", "frame", "frameset", "applet", "base", "meta",
               "link", "style", "form", "input", "button", "textarea", "select", "svg", "math",
               "foreignobject", "template", "noscript"}
URL_ATTRIBUTES = {"href", "src", "xlink:href", "action", "formaction", "data", "poster", "background",
                  "srcset", "cite"}
UNSAFE_ATTRIBUTES = {"style", "srcdoc"}


class _Rendered(HTMLParser):
    """Finds, in the HTML a page turns into, every way it could run script. Attribute
    values arrive entity-decoded, as a browser reads them (`&#106;avascript:` too)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []  # (code, what)

    def handle_starttag(self, tag, attrs):
        if tag in UNSAFE_TAGS:
            self.found.append((RAW_HTML, f"<{tag}>"))
        for name, value in attrs:
            name = name.lower()
            if name.startswith("on") or name in UNSAFE_ATTRIBUTES:
                self.found.append((RAW_HTML, f"{name}= attribute"))
            elif name in URL_ATTRIBUTES and value:
                scheme = _scheme("".join(ch for ch in html.unescape(value) if ch.isprintable() and not ch.isspace()))
                if scheme and scheme not in SAFE_SCHEMES:
                    self.found.append((UNSAFE_LINK, f"{name}={value[:60]}"))

    handle_startendtag = handle_starttag


def _locate(text: str, what: str) -> tuple[int, int]:
    """Best-effort line and column of a finding in the source (its first distinctive word)."""
    needle = re.sub(r"[<>=]|attribute", " ", what).split()
    if needle:
        at = text.lower().find(needle[0].lower())
        if at >= 0:
            line = text.count("\n", 0, at) + 1
            return line, at - (text.rfind("\n", 0, at) + 1) + 1
    return 1, 1


def check_rendered(shown_path: str, text: str) -> list[Diagnostic]:
    """Render the page as the site will and refuse anything that could run script: the
    line checks above cannot see entity-encoded schemes, link targets on the next line,
    tags split across lines, or attributes added with `{ ... }`."""
    import markdown
    try:
        # code highlighting changes only how code looks, not what could run: skip Pygments
        rendered = markdown.markdown(text, extensions=SITE_EXTENSIONS + ["pymdownx.highlight"],
                                     extension_configs={"pymdownx.highlight": {"use_pygments": False}})
    except Exception as exc:  # Markdown itself failing on a page is the author's to fix
        return [Diagnostic(shown_path, 1, 1, RAW_HTML, f"the page cannot be rendered: {exc}",
                           hint="simplify the Markdown around unusual constructs")]
    parser = _Rendered()
    parser.feed(rendered)
    found = []
    for code, what in dict.fromkeys(parser.found):
        line, column = _locate(text, what)
        found.append(Diagnostic(shown_path, line, column, code,
                                f"the rendered page would contain {what}",
                                hint="write plain Markdown: no HTML attributes, scripts or non-http links"))
    return found


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
    if not found:  # the line checks give better positions; the rendered check catches the rest
        found = check_rendered(shown_path, text)
    return found
