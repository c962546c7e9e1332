"""Rules pages are Markdown written by content authors; the site runs none of their script.

Raw HTML is refused except a short safe list of inline tags without attributes;
links may only use http(s), mailto or relative targets; attribute lists (`{: ... }`)
may only set ids and allowlisted classes, never ids the theme or the generator use.
Code spans and fenced blocks are exempt: they are shown as text.

MkDocs reads a page's first lines as its settings (YAML front matter, or `key: value`
lines): a template, a meta description, a title for the header, navigation and search.
A rules page sets none of them (MW306); and the page Mapwright publishes starts with its
own, empty settings (`with_page_settings`), so the contributor's lines are only ever
read as text, under any engine that reads front matter.

Every check here is one pass over each line. Python-Markdown itself is quadratic on a
few constructs, so pages are bounded by documented limits (LIMITS) that become
diagnostics before anything renders them: a paragraph of thousands of `[`; a block
(lines with no blank line between them) of thousands of headings, rules or table-like
lines, which its block processors split one line at a time, each split scanning the
rest of the block again; and deep nesting (`> > >`, `- - -`, indentation), which
re-parses a line once per level and makes every later step (the table of contents,
the search index) walk deeper trees. MkDocs Material's search index looks up each heading
in the page's table of contents from its start, so headings per page are bounded too.
"""
from __future__ import annotations

import html
import re
import threading
from html.parser import HTMLParser

from .diagnostics import Diagnostic, register
from .fences import fenced_blocks

RAW_HTML = register("MW301", "Raw HTML in a rules page",
                    "Rules pages may use raw HTML only from a safe list of inline tags without "
                    "attributes (br, sup, sub, kbd, abbr, em, strong, s, small). Use Markdown instead.")
UNSAFE_LINK = register("MW302", "Unsafe link in a rules page",
                       "Links and images may point only to http(s), mailto or relative addresses. "
                       "javascript:, data: and other schemes are refused.")
ATTR_LIST = register("MW303", "Attribute list not allowed",
                     "An attribute list (`{: ... }` or `{ ... }`) in a rules page may set only an id "
                     "(`#my-id`, not starting with `rule-` or `__`, which the generator and the theme "
                     "use) and classes from a short list (md-button, md-button--primary; annotate, for Material's "
                     "annotations). Write `\\{` for a literal brace.")
PAGE_LIMIT = register("MW304", "Rules page exceeds a size limit",
                      "Rules pages are bounded so that building a site costs linear time: a line is at "
                      "most 4,000 characters, a heading at most 300, a paragraph holds at most 200 `[`, "
                      "a block (lines with no blank line between them, a code block's too) at most 200 "
                      "lines, a line opens at most 4 markers (each `>` or list marker before its text, "
                      "and each term after a definition above it in its block) and is indented at most "
                      "64 columns, and a page holds at most 500 headings. Split the line, paragraph, "
                      "block or page, or nest less.")
PAGE_SETTINGS = register("MW306", "Page settings in a rules page",
                         "MkDocs reads the first lines of a page as its settings when the page starts with "
                         "YAML front matter (`---` lines) or with `key: value` lines: a template, a title, a "
                         "description, tags. A rules page sets none of them: its title is its first `# ` "
                         "heading. Remove those lines; to start a page with text such as `Note: ...`, put "
                         "the page's heading (or a blank line) first.")

LIMITS = {"line": 4000, "heading": 300, "brackets": 200, "block": 200, "markers": 4, "indent": 64,
          "headings": 500}
SAFE_TAGS = {"br", "sup", "sub", "kbd", "abbr", "em", "strong", "s", "small"}
ALLOWED_CLASSES = {"md-button", "md-button--primary", "annotate"}
RESERVED_ID_PREFIXES = ("rule-", "__")
# Each pattern is linear: `[^<>]` cannot run past the next `<`, targets are read for at
# most 64 characters (enough to see a scheme), and nothing is nested.
# A tag left open at the end of the line counts too: Markdown may close it lines later.
TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*+)([^<>]*+)(?:>|$|(?=<))|<!--|<\?|<!\[CDATA\[|<![A-Za-z]")
LINK = re.compile(r"\]\(\s{0,16}+<?([^)\s>]{0,64})|^\s*+\[[^\]]{1,999}+\]:\s*+<?(\S{1,64})"
                  r"|<([a-zA-Z][a-zA-Z0-9+.-]{0,31}+:[^<>\s]{0,64})")
ATTRS = re.compile(r"(?<!\\)\{:?([^{}\n]*+)\}")
SAFE_SCHEMES = ("http:", "https:", "mailto:")


def _scheme(target: str) -> str | None:
    m = re.match(r"\s*([a-zA-Z][a-zA-Z0-9+.-]*):", target.replace("\\", "").replace("\t", ""))
    return m.group(1).lower() + ":" if m else None


def blank_code_spans(line: str) -> str:
    """The line with each inline code span replaced by spaces (same length).

    A span opens with a run of n backticks and closes at the next run of exactly n
    (CommonMark). One pass finds every run; for each run length, the next run of the
    same length is looked up in a table built from the right, so the whole line costs
    linear time however many backticks it holds."""
    if "`" not in line:
        return line
    runs = [(m.start(), m.end()) for m in re.finditer(r"`+", line)]
    next_same: list[int | None] = [None] * len(runs)
    last_of_length: dict[int, int] = {}
    for i in range(len(runs) - 1, -1, -1):
        length = runs[i][1] - runs[i][0]
        next_same[i] = last_of_length.get(length)
        last_of_length[length] = i
    out, i, pos = [], 0, 0
    while i < len(runs):
        j = next_same[i]
        if j is None:
            i += 1
            continue
        start, end = runs[i][0], runs[j][1]
        out += [line[pos:start], " " * (end - start)]
        pos = end
        i = j + 1
        while i < len(runs) and runs[i][0] < pos:
            i += 1
    out.append(line[pos:])
    return "".join(out)


def _attr_problem(inside: str) -> str | None:
    """Why an attribute list's content is refused, or None when it only sets safe things."""
    for token in inside.split():
        if token.startswith("#"):
            if token[1:].startswith(RESERVED_ID_PREFIXES) or not re.fullmatch(r"#[A-Za-z][\w-]{0,63}", token):
                return f"the id '{token[1:60]}' is reserved or malformed"
        elif token.startswith("."):
            if token[1:] not in ALLOWED_CLASSES:
                return f"the class '{token[1:60]}' is not one of {', '.join(sorted(ALLOWED_CLASSES))}"
        else:
            return f"'{token[:40]}' would become an HTML attribute"
    return None


# What the site's Markdown does with a page (the extensions mkdocs.yml enables).
SITE_EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "def_list", "toc", "footnotes",
                   "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed"]
SITE_EXTENSION_CONFIGS = {"pymdownx.tabbed": {"alternate_style": True}}   # Material's content tabs
UNSAFE_TAGS = {"script", "iframe", "object", "embed", "frame", "frameset", "applet", "base", "meta",
               "link", "style", "form", "input", "button", "textarea", "select", "svg", "math",
               "foreignobject", "template", "noscript"}
URL_ATTRIBUTES = {"href", "src", "xlink:href", "action", "formaction", "data", "poster", "background",
                  "srcset", "cite"}
UNSAFE_ATTRIBUTES = {"style", "srcdoc"}


# Content tabs (pymdownx.tabbed) are radio buttons with ids of the extension's own
# numbering, labelled by `for`: the one input and the one `__` id a page may hold.
TABBED_ID = re.compile(r"__tabbed_(\d{1,6})_\d{1,6}")


def tabbed_input(attrs: dict) -> bool:
    """Whether an <input>'s attributes are exactly those of a content tab's radio button."""
    m = TABBED_ID.fullmatch(attrs.get("id") or "")
    return bool(m) and attrs.get("type") == "radio" and attrs.get("name") == f"__tabbed_{m.group(1)}" \
        and set(attrs) <= {"id", "name", "type", "checked"}


class _Rendered(HTMLParser):
    """Finds, in the HTML a page turns into, every way it could run script or take an id
    the site uses. Attribute values arrive entity-decoded, as a browser reads them.

    A content tab's radio button is accepted inside the extension's own tab set only: raw
    HTML never reaches here (the line checks refuse every tag but a few inline ones), and
    an attribute list cannot set a `__` id, so such an input comes from pymdownx.tabbed."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []  # (code, what)
        self.divs: list[str] = []   # the classes of the open <div>s, innermost last

    def handle_endtag(self, tag):
        if tag == "div" and self.divs:
            self.divs.pop()

    def handle_starttag(self, tag, attrs):
        if tag == "div":
            self.divs.append(dict(attrs).get("class") or "")
        tab = tag == "input" and tabbed_input(dict(attrs)) and "tabbed-set" in (self.divs or [""])[-1].split()
        if tag in UNSAFE_TAGS and not tab:
            self.found.append((RAW_HTML, f"<{tag}>"))
        for name, value in attrs:
            name = name.lower()
            if name.startswith("on") or name in UNSAFE_ATTRIBUTES:
                self.found.append((RAW_HTML, f"{name}= attribute"))
            elif name in URL_ATTRIBUTES and value:
                scheme = _scheme("".join(ch for ch in html.unescape(value) if ch.isprintable() and not ch.isspace()))
                if scheme and scheme not in SAFE_SCHEMES:
                    self.found.append((UNSAFE_LINK, f"{name}={value[:60]}"))
            elif name in ("id", "for") and value and value.startswith("__") \
                    and not (TABBED_ID.fullmatch(value) and (tab or tag == "label")):
                self.found.append((ATTR_LIST, f"{name}={value[:60]}"))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "div" and self.divs:
            self.divs.pop()


def _locate(text: str, what: str) -> tuple[int, int]:
    """Best-effort line and column of a finding in the source (its first distinctive word)."""
    needle = re.sub(r"[<>=]|attribute", " ", what).split()
    if needle:
        at = text.lower().find(needle[0].lower())
        if at >= 0:
            line = text.count("\n", 0, at) + 1
            return line, at - (text.rfind("\n", 0, at) + 1) + 1
    return 1, 1


_RENDERERS = threading.local()


def _renderer():
    """One Markdown converter per thread, reset for each page: setting up the extensions
    cost as much as rendering a short page."""
    md = getattr(_RENDERERS, "md", None)
    if md is None:
        import markdown
        # code highlighting changes only how code looks, not what could run: skip Pygments
        md = _RENDERERS.md = markdown.Markdown(
            extensions=SITE_EXTENSIONS + ["pymdownx.highlight"],
            extension_configs={**SITE_EXTENSION_CONFIGS, "pymdownx.highlight": {"use_pygments": False}})
    return md


def warm_renderer() -> None:
    """Set up this thread's renderer now (before forking workers that will all use it),
    and MkDocs' metadata reader (check_page_settings)."""
    import mkdocs.utils.meta  # noqa: F401
    _renderer()


def check_rendered(shown_path: str, text: str) -> list[Diagnostic]:
    """Render the page as the site will and refuse anything that could run script: the
    line checks cannot see entity-encoded schemes, link targets on the next line, or tags
    split across lines. Only called on pages within LIMITS (Markdown's cost is bounded)."""
    try:
        rendered = _renderer().reset().convert(page_body(with_page_settings(text)))
    except Exception as exc:  # noqa: BLE001 — Markdown failing on a page is the author's to fix
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


def _limit(shown_path: str, number: int, column: int, what: str) -> Diagnostic:
    return Diagnostic(shown_path, number + 1, column, PAGE_LIMIT, what,
                      hint="split it: " + ", ".join(f"{k} {v:,}" for k, v in LIMITS.items()))


# Mapwright's own settings for a rules page it publishes (none): front matter that MkDocs
# takes as the page's settings, so that what follows is only ever read as the page's text.
OWN_SETTINGS = "---\n{}\n---\n\n"


def with_page_settings(markdown: str) -> str:
    """A rules page as published: Mapwright's own (empty) settings, then the page."""
    return OWN_SETTINGS + markdown


def page_body(published: str) -> str:
    """What MkDocs renders of a published page: its text after MkDocs' own metadata step."""
    from mkdocs.utils.meta import get_data
    return get_data(published)[0]


def check_page_settings(shown_path: str, text: str) -> list[Diagnostic]:
    """Each setting MkDocs would read from the top of this page (by MkDocs' own reader),
    located at the line that sets it."""
    from mkdocs.utils.meta import YAML_RE, get_data
    body, data = get_data(text)
    if not data and not (YAML_RE.match(text) and body != text):
        return []
    lines = text.split("\n")
    head = lines[:max(1, len(lines) - body.count("\n") - 1)]   # the lines read as settings
    found = []
    for key in list(data)[:20] or ["(empty front matter)"]:   # a few say it all
        name = str(key)
        sets = re.compile(rf"\s*+[\"']?{re.escape(name)}[\"']?\s*+:", re.IGNORECASE)
        at = next((i for i, line in enumerate(head) if sets.match(line)), 0)
        column = len(head[at]) - len(head[at].lstrip()) + 1
        found.append(Diagnostic(shown_path, at + 1, column, PAGE_SETTINGS,
                                f"'{name[:40]}' would be read by MkDocs as a page setting; "
                                "rules pages set none",
                                hint="remove the page-settings lines at the top of the page (the title is "
                                     "the first `# ` heading); to start with text like `Note: ...`, put the "
                                     "heading or a blank line first"))
    return found


def _check_line(shown_path: str, number: int, line: str) -> list[Diagnostic]:
    found = []
    visible = blank_code_spans(line)
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
    for m in ATTRS.finditer(visible):
        problem = _attr_problem(m.group(1))
        if problem:
            found.append(Diagnostic(shown_path, number + 1, m.start() + 1, ATTR_LIST,
                                    f"attribute list '{m.group(0)[:40]}': {problem}",
                                    hint="an attribute list may set only `#id` and allowed `.class`; "
                                    "write `\\{` for a literal brace"))
    if visible.lstrip().startswith("#") and "{" in visible.replace("\\{", ""):
        if not ATTRS.search(visible):  # an unclosed list the generated anchor would complete
            found.append(Diagnostic(shown_path, number + 1, visible.index("{") + 1, ATTR_LIST,
                                    "a heading holds an unclosed '{'",
                                    hint="write `\\{` for a literal brace"))
    return found


def check_markdown(shown_path: str, text: str) -> list[Diagnostic]:
    blocks, _ = fenced_blocks(text)
    inside = {i for b in blocks for i in range(b.start, b.end + 1)}
    found, brackets = [], 0
    for number, line in enumerate(text.split("\n")):
        if len(line) > LIMITS["line"]:
            found.append(_limit(shown_path, number, LIMITS["line"] + 1,
                                f"the line is {len(line):,} characters long (limit {LIMITS['line']:,})"))
            continue
        if number in inside:
            continue
        if not line.strip():
            brackets = 0
        else:
            brackets += line.count("[")
            if brackets > LIMITS["brackets"]:
                found.append(_limit(shown_path, number, 1,
                                    f"the paragraph holds more than {LIMITS['brackets']} '['"))
                brackets = -10 ** 9  # one diagnostic per paragraph
        if line.lstrip().startswith("#") and len(line) > LIMITS["heading"]:
            found.append(_limit(shown_path, number, LIMITS["heading"] + 1,
                                f"the heading is {len(line):,} characters long (limit {LIMITS['heading']})"))
            continue
        found.extend(_check_line(shown_path, number, line))
    found.extend(check_structure(shown_path, text))
    if not found:  # the line checks give better positions; the rendered check catches the rest
        found = check_rendered(shown_path, text)
    return check_page_settings(shown_path, text) + found


# What a line opens before its text: indentation, quote markers and list markers.
_NESTING = re.compile(r"(?:[ \t]|>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))*+")
_MARKER = re.compile(r">|[-*+]|\d{1,9}[.)]")
_DEFINITION = re.compile(r":[ \t]")
_UNDERLINE = re.compile(r"=+[ \t]*|-+[ \t]*")


def may_be_heading(line: str) -> bool:
    """Whether Markdown may take the line for a heading (`#`, or a setext underline of `=`
    or `-`, after any nesting): what the limit on headings per page counts."""
    return (line.startswith("#", _NESTING.match(line).end())
            or _UNDERLINE.fullmatch(line.lstrip(" \t>")) is not None)


def _limit_at(shown_path: str, number: int, column: int, what: str, hint: str) -> Diagnostic:
    return Diagnostic(shown_path, number + 1, column, PAGE_LIMIT, what, hint=hint)


def check_structure(shown_path: str, text: str) -> list[Diagnostic]:
    """The limits on blocks, nesting and headings, on the lines as Markdown splits them
    (a lone carriage return ends a line too).

    Fenced code counts like any other text: whether a fence is one is for the renderer
    to decide, and a block it does not take for code costs what any other does. Markers
    open elements that every later step walks once per enclosing element; so does a
    term after a definition (`: text`), as def_list parses the rest of the block inside
    that definition. Each limit is reported once a block."""
    found, run, headings, definitions, after_definition, reported = [], 0, 0, 0, False, set()
    for number, line in enumerate(re.split(r"\r\n?|\n", text)):
        if not line.strip(" \t"):      # what Markdown takes for a blank line
            run = definitions = 0
            after_definition = False
            reported.clear()
            continue
        run += 1
        if run == LIMITS["block"] + 1:
            found.append(_limit_at(shown_path, number, 1,
                                   f"the block runs on past {LIMITS['block']} lines without a blank line",
                                   "add a blank line: between paragraphs or list items, or split a table "
                                   "in two; a code block may hold blank lines too"))
        prefix = _NESTING.match(line).group()
        if may_be_heading(line):
            headings += 1
            if headings == LIMITS["headings"] + 1:
                found.append(_limit_at(shown_path, number, 1,
                                       f"the page holds more than {LIMITS['headings']} headings",
                                       "split it into several rules pages"))
        definition = bool(_DEFINITION.match(line, len(prefix)))
        definitions += after_definition and not definition     # a term after a definition
        after_definition = definition
        markers = len(_MARKER.findall(prefix)) + definitions
        if markers > LIMITS["markers"] and "markers" not in reported:
            reported.add("markers")
            found.append(_limit_at(shown_path, number, 1,
                                   f"the line opens {markers} markers (limit {LIMITS['markers']}: each '>' "
                                   "or list marker before its text, and each term after a definition above "
                                   "it in its block)",
                                   "nest less deeply; put a blank line between definitions"))
        width = len(prefix.expandtabs(4))
        if width > LIMITS["indent"] and "indent" not in reported:
            reported.add("indent")
            found.append(_limit_at(shown_path, number, LIMITS["indent"] + 1,
                                   f"the line is indented {width} columns (limit {LIMITS['indent']})",
                                   "indent less: a code block or list need not be this deep"))
    return found
