"""What a reader sees is words: no program output on the built site's reader pages.

The site once showed "maryland: None, new-york: None (costs [1, 1, 1, 1])" under worked
examples, raw JSON as rule parameters, unit ids ("csa-corps") in traces and diagrams,
internal file names in a game's sources and "see CORRECTIONS.md" on the DATC page. The
scan reads the text of every reader page (code spans, the example blocks "as written"
and Mapwright's own pages for authors aside) and the diagrams' text."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

PROGRAM_OUTPUT = {
    "None": re.compile(r"\bNone\b"),
    "a Python or JSON list": re.compile(r"\[-?\d+,"),
    "a JSON object": re.compile(r'\{"'),
    "a Python mapping": re.compile(r"\w': "),
    "a file name": re.compile(r"\b[\w/-]+\.(?:txt|md|yaml|yml|py)\b"),
    "a literal backtick": re.compile(r"`"),
}


class _Text(HTMLParser):
    """The visible text of a page's article (or of an SVG), without code, preformatted
    text, scripts and styles."""

    SKIP = {"script", "style", "code", "pre"}

    def __init__(self, whole: bool = False):
        super().__init__(convert_charrefs=True)
        self.inside, self.skip, self.parts, self.links = (1 if whole else 0), 0, [], []
        self._heading = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.inside += tag == "article"
        self.skip += tag in self.SKIP
        if tag == "h2":
            self._heading = attrs.get("id", "")
        if tag == "a" and self.inside and attrs.get("href"):
            self.links.append((self._heading, attrs["href"]))
        self.parts.append(" ")

    def handle_endtag(self, tag):
        self.inside -= tag == "article"
        self.skip -= tag in self.SKIP
        self.parts.append(" ")

    def handle_data(self, data):
        if self.inside > 0 and self.skip == 0:
            self.parts.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def page_text(path: Path, whole: bool = False) -> _Text:
    parser = _Text(whole)
    parser.feed(path.read_text("utf-8"))
    return parser


def content_ids(content: Path) -> set[str]:
    """Every hyphenated id the game data and the examples give (states, units, cards ...):
    each has a name, which is what a reader should see."""
    found = set()
    for path in content.rglob("*"):
        if path.suffix in (".yaml", ".md"):
            found |= set(re.findall(r"\bid: \"?([a-z0-9]+(?:-[a-z0-9]+)+)", path.read_text("utf-8")))
    return found


def author_pages(site: Path) -> set[Path]:
    """The pages a game's overview lists for its authors (under "Behind these pages")."""
    pages = set()
    for overview in site.glob("*/index.html"):
        for heading, href in page_text(overview).links:
            if heading == "behind-these-pages" and not href.startswith(("http", "#")):
                pages.add((overview.parent / href.split("#")[0] / "index.html").resolve())
    return pages


def reader_pages(site: Path) -> list[Path]:
    skip = author_pages(site)
    return [p for p in sorted(site.rglob("*.html"))
            if p.relative_to(site).parts[0] not in ("reference", "guides", "404.html")
            and p.resolve() not in skip]


def program_output(site: Path, content: Path) -> list[str]:
    """Every piece of program output on the reader pages and their diagrams, located."""
    ids = content_ids(content)
    id_pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True)))
                            + r")(?![\w-])") if ids else None
    found = []
    pages = reader_pages(site)
    figures = sorted({f for p in pages for f in p.parent.glob("examples/*.svg")}
                     | set(site.glob("*/assets/*.svg")))
    for path in [*pages, *figures]:
        text = page_text(path, whole=path.suffix == ".svg").text
        checks = dict(PROGRAM_OUTPUT, **({"an id": id_pattern} if id_pattern else {}))
        if path.suffix == ".svg":
            checks = {"an id": id_pattern, "None": PROGRAM_OUTPUT["None"]} if id_pattern else {}
        for what, pattern in checks.items():
            for m in pattern.finditer(text):
                found.append(f"{path.relative_to(site)}: {what}: …{text[max(0, m.start() - 50):m.end() + 30]}…")
    return found


def test_the_scan_finds_program_output(tmp_path):
    """The scan itself: each kind of program output the site once showed is found."""
    (tmp_path / "content" / "g").mkdir(parents=True)
    (tmp_path / "content" / "g" / "units.yaml").write_text("units:\n  - id: csa-corps\n", "utf-8")
    page = tmp_path / "site" / "g" / "rules" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text("<article><p>control afterwards — maryland: None (costs [1, 1, 1, 1]); "
                    "<code>F PAR - BUR</code> {\"base\": 1}; {'a': 1}; see CORRECTIONS.md; "
                    "seeds/001_x.txt; `home`; csa-corps recovers</p></article>", "utf-8")
    kinds = {line.split(": ")[1] for line in program_output(tmp_path / "site", tmp_path / "content")}
    assert kinds == {"None", "a Python or JSON list", "a JSON object", "a Python mapping", "a file name",
                     "a literal backtick", "an id"}
    page.write_text("<article><p>Placed 2 PCFs in Maryland. <code>None</code> "
                    "<pre>{\"a\": [1, 2]}</pre> A set-up; the player-turn.</p></article>", "utf-8")
    assert program_output(tmp_path / "site", tmp_path / "content") == []


def test_the_built_site_shows_no_program_output(built_site):
    site, _ = built_site
    found = program_output(site, REPO / "content")
    assert found == [], "\n".join(found[:40])
