"""The one escaping layer: content text into every output context the project writes.

Any text that came from a content file (a title, a name, an order, a note) reaches
output only through one of these functions, chosen by where it lands:

    md_text        Markdown prose, shown literally (no emphasis, links, HTML, attr lists)
    md_cell        a Markdown table cell (as md_text, plus pipes and newlines)
    Markdown       marks text already escaped piece by piece: md_text/md_cell keep it
    code_span      an inline code span (`...`), shown literally, never closing early
    link_text      the text of a Markdown link (as md_text)
    url            a link target: relative, http(s) or mailto, else "#"
    html_text      text inside an HTML element
    html_attr      an HTML attribute value (double-quoted)
    nav_title      a navigation entry or page title (MkDocs escapes nothing there)
    admonition_title  the quoted title of an admonition
    xml_text       SVG/XML text or attribute value
    csv_cell       a CSV cell a spreadsheet opens (no formulas)
    terminal       a line for a terminal or CI log (no control characters, no newlines)
    php_string     the inside of a PHP single-quoted string (exported webDiplomacy variants)
    php_comment    text inside a PHP /* ... */ comment, never closing it
    dpjudge_word   a name in a DPjudge .map file line (one line, no `#` or `=`)

Written by hand because each function is one or two string passes that no library
offers for Markdown (markupsafe covers only the HTML contexts). Everything is linear
in the length of the text. The HTML the site finally serves is sanitised again after
MkDocs renders it (generator.site.sanitise); this module is the first line, that one
the second.
"""
from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, and the XML non-characters.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")
# Python-Markdown's backslash-escapable characters (with `|` from the tables extension):
# escaping any other character would leave its backslash visible on the page.
_MD_PUNCT = re.compile(r"([\\`*_{}\[\]()#+!|.-])")
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_HTML_RE = re.compile("[&<>\"']")
_SAFE_SCHEMES = ("http", "https", "mailto")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


def _str(text) -> str:
    return _CONTROL.sub("", str(text))


def _html(text: str) -> str:
    return _HTML_RE.sub(lambda m: _HTML[m.group(0)], text)


class Markdown(str):
    """Text already written as Markdown, its content pieces escaped one by one (a bold
    result, lines joined by <br>): md_text and md_cell pass it through unchanged."""


def md_text(text) -> str:
    """Content text shown literally inside generated Markdown prose.

    HTML is escaped as entities (Markdown passes entities through), and every character
    that could start Markdown syntax is backslash-escaped, so neither `<img onerror>`,
    `[x](javascript:...)`, `{: onclick=... }` nor emphasis survive. Newlines become spaces:
    a value never starts a new block (a heading, a fence, a list)."""
    if isinstance(text, Markdown):
        return text
    text = _str(text)
    if not text.isprintable():   # any line break (\r, \v, U+2028 ... too, which Markdown may read as one) or tab
        text = " ".join(text.split())
    return _MD_PUNCT.sub(r"\\\1", _html(text))


# Prose keeps emphasis (* and _) and paragraphs; everything that makes links, images,
# HTML, attribute lists, code or tables is escaped.
_PROSE_PUNCT = re.compile(r"([\\`{}\[\]()!|])")


def md_prose(text) -> str:
    """Author prose (a summary, a note): emphasis and paragraphs survive; HTML, links,
    images, attribute lists, code spans and table pipes do not."""
    return _PROSE_PUNCT.sub(r"\\\1", _html(_str(text)))


def md_cell(text) -> str:
    """Text inside a Markdown table cell: as md_text (which also escapes `|`)."""
    return md_text(text)


link_text = md_text


def code_span(text) -> str:
    """An inline code span showing `text` literally, whatever backticks it holds.

    The fence is one backtick longer than the longest run inside; a space pads a value
    that starts or ends with a backtick. Newlines become spaces (a span is one line)."""
    text = " ".join(_str(text).split("\n"))
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def url(target) -> str:
    """A link target from content: relative, http(s) or mailto; anything else becomes "#".

    Control characters and whitespace are removed before the scheme is read, as a browser
    does (`java\\tscript:`); parentheses, angle brackets and spaces are percent-encoded so the
    target cannot end the Markdown link early."""
    raw = _str(target).strip()
    bare = "".join(ch for ch in raw if not ch.isspace())
    m = _SCHEME.match(bare)
    if m and m.group(1).lower() not in _SAFE_SCHEMES:
        return "#"
    if bare.startswith("//") or bare.startswith("\\") or (bare.startswith("/\\")):
        return "#"
    # a target from content is already a URL: its % escapes are kept, spaces encoded
    return ("%20".join(raw.split()).replace("(", "%28").replace(")", "%29")
            .replace("<", "%3C").replace(">", "%3E").replace('"', "%22").replace("'", "%27")
            .replace("`", "%60").replace("\\", "%5C"))


def html_text(text) -> str:
    """Text inside an HTML element."""
    return _html(_str(text))


def html_attr(text) -> str:
    """A double-quoted HTML attribute value."""
    return _html(_str(text))


def nav_title(text) -> str:
    """A navigation entry or page title.

    MkDocs puts nav titles into the HTML of every page without escaping, so the title is
    HTML-escaped here and kept to one line."""
    return _html(" ".join(_str(text).split()))


def admonition_title(text) -> str:
    """The quoted title of an admonition (`!!! note "title"`).

    Python-Markdown runs its inline patterns over the title (raw HTML, links, emphasis
    all work there), so it is escaped as md_text, which also keeps it to one line and
    writes its double quotes as entities (a bare one would end the title)."""
    return md_text(text)


def xml_text(text) -> str:
    """SVG/XML text or attribute value: markup characters escaped, control characters dropped."""
    text = str(text)
    if _CONTROL.search(text) is None and _HTML_RE.search(text) is None:
        return text
    return _html(_str(text))


xml_attr = xml_text

# Characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "|", "%")


def csv_cell(text) -> str:
    """A CSV cell value a spreadsheet opens as text, never as a formula.

    A value starting with a formula character is prefixed with an apostrophe, which
    spreadsheets hide and read as "text". Plain negative numbers are kept as they are."""
    text = _str(text).replace("\r", " ").replace("\n", " ")
    if text.startswith(_FORMULA_START) and not _is_number(text):
        return "'" + text
    return text


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return len(text) < 40


_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]")


def terminal(text) -> str:
    """A value written to a terminal or a CI log, on one line.

    ANSI escape sequences and control characters are removed and newlines become spaces,
    so content cannot colour, move the cursor or forge a `::error` workflow command (which
    GitHub reads only at the start of a line)."""
    text = _ANSI.sub("", str(text))
    return " ".join(_CONTROL.sub("", text.replace("\t", " ")).replace("\r", "\n").split("\n"))


def github_value(text) -> str:
    """A value inside a GitHub workflow command (`::error file=..,line=..::message`).

    GitHub's own encoding: % CR LF, and in properties also : and ,."""
    return terminal(text).replace("%", "%25")


def github_property(text) -> str:
    return github_value(text).replace(":", "%3A").replace(",", "%2C")


def json_text(value, **dumps) -> str:
    """JSON for a published file or an inline data block: `<`, `>` and `&` are written as
    \\u escapes (they occur only inside strings), so the text is inert even if embedded in
    a page, and `</script>` in content cannot end a script element."""
    import json
    text = json.dumps(value, **dumps)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def php_string(text) -> str:
    """The inside of a PHP single-quoted literal: only backslash and quote are special
    there, so the value can never end the string early or reach PHP code. Newlines
    become spaces (install.php rows are one line each)."""
    text = " ".join(_str(text).split()) if ("\n" in str(text) or "\r" in str(text)) else _str(text)
    return text.replace("\\", "\\\\").replace("'", "\\'")


def php_comment(text) -> str:
    """Text inside a PHP block comment: `*/` is broken so it cannot close the comment
    (and `?>`, which ends PHP mode even inside // comments, is broken too)."""
    return _str(text).replace("*/", "* /").replace("?>", "? >")


def dpjudge_word(text) -> str:
    """A full name or alias in a DPjudge .map line: one line, no comment (`#`) and
    no `=` (which splits a name line); runs of spaces become one."""
    return " ".join(_str(text).replace("#", " ").replace("=", " ").split())
