"""The canary: hostile text in every string a game's files hold, and a scan of the built site.

`inject(game_dir)` writes a payload (markup, script, attribute-list, link, formula, fence and
CI-annotation tricks, each tagged with a number) into every string value of every YAML file,
every example's title and every rules page's headings, returning what it wrote where.
`active_markup(site_dir)` lists every way the built site could run something: script
elements that are not the theme's, event-handler attributes, javascript:/data: URLs, ids the
theme owns, formula cells in CSV files, markup in JSON strings.
"""
from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import yaml

MARK = "mwx"  # every payload calls mwx<N>(): the number says which field it came from

PAYLOADS = [
    '<img src=x onerror={call}>',
    '[a](javascript:{call})',
    'x{{: onclick="{call}" }}',
    '=HYPERLINK("http://e.invalid/{n}")',
    '</td></tr></table><script>{call}</script>',
    '` ``` \n# h {{#__config}}\n::error::forged {n}',
    '<svg/onload={call}>',
    '"><img src=x onerror={call}>',
    "'><a href=javascript:{call}>x</a>",
    '+{call}|x',
]


def payload(n: int, room: int | None) -> str:
    """A payload for field `n`: every trick when the field has room, else the n-th alone."""
    call = f"{MARK}{n}()"
    whole = " ".join(p.format(call=call, n=n) for p in PAYLOADS)
    if room is None or room >= len(whole):
        return whole
    one = PAYLOADS[n % len(PAYLOADS)].format(call=call, n=n)
    return one[:room]


def _max_length(schema_text: str) -> int:
    found = [int(x) for x in re.findall(r'"maxLength":\s*(\d+)', schema_text)]
    return min(found) if found else 10 ** 6


class Injected:
    """What was injected where. A string that occurs in several places (a power's name in
    the map, the overlay and the claims) gets one payload everywhere — a consistent rename,
    as an attacker would write it, so references still resolve and the payload reaches the
    pages instead of being refused as a dangling reference."""

    def __init__(self):
        self.fields: list[tuple[str, str]] = []  # (file, pointer)
        self.original: dict[tuple[str, str], str] = {}  # (file, pointer) -> the value replaced
        self._numbers: dict[str, int] = {}  # original value -> payload number
        self.room: dict[str, int] = {}  # original value -> the least room of its fields

    def add(self, file: str, pointer: str, original: str | None = None) -> int:
        self.fields.append((file, pointer))
        if original is None:
            return len(self.fields) - 1
        self.original[(file, pointer)] = original
        return self._numbers.setdefault(original, len(self.fields) - 1)


def _walk(value, pointer: str, visit):
    if isinstance(value, dict):
        return {k: _walk(v, f"{pointer}/{k}", visit) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk(v, f"{pointer}/{i}", visit) for i, v in enumerate(value)]
    if isinstance(value, str):
        return visit(pointer, value)
    return value


def plan_yaml(path: Path, injected: Injected, room: int) -> None:
    """First pass: the least room each string has in any file it occurs in."""
    def visit(pointer, value):
        injected.room[value] = min(room, injected.room.get(value, room))
        return value
    _walk(yaml.safe_load(path.read_text(encoding="utf-8")), "", visit)


def inject_yaml(path: Path, injected: Injected, keep: set, room: int) -> None:
    """Every string in the file becomes a payload, except the (file, pointer)s and the
    original values in `keep` (a value given back is given back everywhere it occurs)."""
    text = path.read_text(encoding="utf-8")
    header = "".join(line + "\n" for line in text.split("\n") if line.startswith("# yaml-language-server"))
    data = yaml.safe_load(text)
    name = path.name

    def visit(pointer, value):
        if (name, pointer) in keep or value in keep:
            return value
        return payload(injected.add(name, pointer, value), injected.room.get(value, room))

    path.write_text(header + yaml.safe_dump(_walk(data, "", visit), allow_unicode=True, sort_keys=False),
                    encoding="utf-8")


_TITLE = re.compile(r"^(\s*title:\s*).*$", re.M)
_HEADING = re.compile(r"^(#{1,6} (?:\d+(?:\.\d+)* )?)(.*)$", re.M)


def inject_pages(rules: Path, injected: Injected, keep: set[tuple[str, str]] = frozenset()) -> None:
    """Example titles (inside the example blocks, which line checks exempt) get payloads;
    headings get the Markdown-only tricks (raw HTML there is refused by MW301 anyway).
    Fields are named by their order on the page (title#3), so `keep` can give them back."""
    for page in sorted(rules.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        counts = {"title": 0, "heading": 0}

        def field(kind):
            counts[kind] += 1
            pointer = f"{kind}#{counts[kind]}"
            return None if (page.name, pointer) in keep else injected.add(page.name, pointer)

        def title(m):
            n = field("title")
            return m.group(0) if n is None else m.group(1) + json.dumps(payload(n, 180).replace("\n", " "))

        def heading(m):
            n = field("heading")
            return m.group(0) if n is None else f"{m.group(1)}{m.group(2)} *{MARK}{n}* \\{{: onclick=x \\}}"

        page.write_text(_HEADING.sub(heading, _TITLE.sub(title, text)), encoding="utf-8")


def metadata_pages(first: int = 900) -> dict[str, str]:
    """Rules pages (file name -> text) whose first lines MkDocs would read as the page's
    settings, each putting a payload where the theme shows that setting: a template whose
    script goes to a `location`, a description that breaks out of its attribute into a
    refresh, a title and subtitle for the header, the navigation and <title>, tags for the
    search index. No `<` in the file: YAML escapes, or none needed at all."""
    n = iter(range(first, first + 100))
    img = lambda: f'"\\u003cimg src=x onerror={MARK}{next(n)}()\\u003e"'   # noqa: E731
    return {
        "90-redirect.md": f'---\ntemplate: redirect.html\nlocation: "\\",{MARK}{next(n)}(),\\""\n---\n\n# 90 R\n\nText.\n',
        "91-refresh.md": ('---\ndescription: "\\u0022 http-equiv=\\u0022refresh\\u0022 content=\\u00220;'
                          f'url=https://e.invalid/{MARK}{next(n)}"\n---\n# 91 D\n\nText.\n'),
        "92-escapes.md": f"---\ntitle: {img()}\nsubtitle: {img()}\ntags: [{img()}]\n"
                         f"hide: [navigation, toc]\nsearch:\n  boost: 100\n---\n# 92 E\n\nText.\n",
        "93-bare.md": (f'Template: redirect.html\nlocation: ",{MARK}{next(n)}(),"\ndescription: x" '
                       f'http-equiv="refresh" content="0;url=https://e.invalid/{MARK}{next(n)}\n\n# 93 B\n'),
    }


# -- the scan ---------------------------------------------------------------------

URL_ATTRIBUTES = {"href", "src", "xlink:href", "action", "formaction", "data", "poster", "srcset"}


def _bad_url(value: str) -> bool:
    squashed = "".join(ch for ch in value if ch.isprintable() and not ch.isspace()).lower()
    return squashed.startswith(("javascript:", "vbscript:", "data:text/html", "data:image/svg"))


class _Scan(HTMLParser):
    def __init__(self, where: str, found: list[str]):
        super().__init__(convert_charrefs=True)
        self.where, self.found = where, found
        self.in_script = False
        self.ids: dict[str, int] = {}

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.found.append(f"{self.where}: <{tag} {name}=...>")
            if name in URL_ATTRIBUTES and _bad_url(value):
                self.found.append(f"{self.where}: <{tag} {name}={value[:40]}>")
            if name == "id":
                self.ids[value] = self.ids.get(value, 0) + 1
            if MARK in name:
                self.found.append(f"{self.where}: attribute {name[:40]} from content")
        if MARK in tag:
            self.found.append(f"{self.where}: element {tag[:40]} from content")
        if tag == "meta" and any(name == "http-equiv" for name, _ in attrs):
            self.found.append(f"{self.where}: <meta http-equiv> (a refresh or redirect)")
        if tag in ("script", "iframe", "object", "embed", "foreignobject"):
            self.in_script = tag
            if tag != "script":
                self.found.append(f"{self.where}: <{tag}>")
        handle = None  # noqa: F841

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag == self.in_script:
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and MARK in data:
            self.found.append(f"{self.where}: content inside <{self.in_script}>: {data[:60]!r}")

    def close(self):
        super().close()
        for theme_id in ("__config",):
            if self.ids.get(theme_id, 0) > 1:
                self.found.append(f"{self.where}: id {theme_id} defined {self.ids[theme_id]} times")


def _scan_html(where: str, text: str, found: list[str]) -> None:
    scan = _Scan(where, found)
    scan.feed(text)
    scan.close()


def _strings(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str):
        yield value


def active_markup(site: Path) -> list[str]:
    found: list[str] = []
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        where = path.relative_to(site).as_posix()
        if path.suffix == ".html":
            _scan_html(where, path.read_text(encoding="utf-8"), found)
        elif path.suffix == ".svg":
            text = path.read_text(encoding="utf-8")
            _scan_html(where, text, found)
            try:
                ElementTree.fromstring(text)
            except ElementTree.ParseError as exc:
                found.append(f"{where}: not well-formed XML ({exc})")
        elif path.suffix == ".csv":
            for row in csv.reader(io.StringIO(path.read_text(encoding="utf-8"))):
                for cell in row:
                    if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(r"-?\d+(\.\d+)?", cell):
                        found.append(f"{where}: formula cell {cell[:40]!r}")
        elif path.suffix == ".json":
            # JSON may carry content text, but with `<` escaped (\u003c) so it is inert
            # even when embedded in a page or handed to innerHTML by mistake
            raw = path.read_text(encoding="utf-8")
            for m in re.finditer(r"<(?:script|img|svg|a\s|/t[dr]|iframe)", raw):
                found.append(f"{where}: raw markup in JSON {raw[m.start():m.start() + 50]!r}")
                break
    return found
