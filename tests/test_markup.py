"""Rules pages' markup policy: page settings (MkDocs' metadata) are refused where they stand,
and the page as published carries none of them."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from mkdocs.utils.meta import get_data

from generator.markup import OWN_SETTINGS, check_markdown, check_page_settings, page_body, with_page_settings

# The audit's payloads: no `<` anywhere, or only as YAML escapes
HOSTILE = {
    "redirect": '---\ntemplate: redirect.html\nlocation: "\\",alert(document.domain),\\""\n---\n\n# T\n',
    "refresh": '---\ndescription: "\\u0022 http-equiv=\\u0022refresh\\u0022 content=\\u00220;url=//e.invalid"\n---\n# T\n',
    "escapes": '---\ntitle: "\\u003cimg src=x onerror=alert(1)\\u003e"\nsubtitle: x\ntags: [a]\n---\n# T\n',
    "bare": "template: nope.html\n\n# T\n\nText.\n",
    "bare, more lines": "Title: x\n    continued\nhide: navigation\n# T\n",
    "empty front matter": "---\n{}\n---\n# T\n",
    "dots": "---\nsearch:\n  exclude: true\n...\n# T\n",
}


@pytest.mark.parametrize("name", HOSTILE)
def test_page_settings_are_refused_where_they_are_set(name):
    found = check_markdown("rules/x.md", HOSTILE[name])
    assert found and {d.code for d in found} == {"MW306"}, found
    for d in found:
        assert d.file == "rules/x.md" and d.line >= 1 and d.column >= 1 and d.hint


def test_each_setting_is_located_at_its_own_line_and_column():
    text = "---\ntitle: a\n  # a comment\n\"subtitle\": b\n---\n# T\n"
    assert [(d.line, d.column, d.message.split("'")[1]) for d in check_page_settings("p", text)] == \
        [(2, 1, "title"), (4, 1, "subtitle")]
    text = "   Template: nope.html\nhide: toc\n\n# T\n"
    assert [(d.line, d.column) for d in check_page_settings("p", text)] == [(1, 4), (2, 1)]


@pytest.mark.parametrize("text", [
    "# T\n\ntemplate: nope.html\n",           # not at the top: text
    "\nNote: a blank line first.\n",          # a blank line first: MkDocs reads no settings
    "---\n\n# T\n\n---\n",                    # rules, not front matter
    "---\n- a list\n---\n# T\n",              # YAML but not a mapping: MkDocs keeps it as text
    "# T\n\n---\ntitle: x\n---\n",
])
def test_text_mkdocs_reads_as_text_is_not_refused(text):
    assert check_page_settings("p", text) == []


def test_many_settings_give_a_few_diagnostics_quickly():
    text = "---\n" + "".join(f"k{i}: v\n" for i in range(5000)) + "---\n# T\n"
    assert len(check_page_settings("p", text)) == 20


@pytest.mark.parametrize("name", HOSTILE)
def test_the_published_page_sets_nothing_and_keeps_the_text(name):
    """MkDocs' own metadata reader, given the page as published, finds only Mapwright's
    (empty) settings; the contributor's lines are the page's text."""
    text = HOSTILE[name]
    published = with_page_settings(text)
    body, meta = get_data(published)
    assert meta == {} and body == text.lstrip("\n") and page_body(published) == body
    assert published.startswith(OWN_SETTINGS)


KEYS = ["template", "title", "Title", "description", "subtitle", "tags", "hide", "search", "location",
        "status", "icon", "Note", "x-y_1", "# h", "- item"]


@given(st.lists(st.tuples(st.sampled_from(KEYS), st.text(max_size=40)), max_size=6),
       st.sampled_from(["", "---\n", "\n"]), st.sampled_from(["", "---\n", "...\n"]), st.text(max_size=80))
def test_fuzzed_page_settings_are_refused_or_read_as_text(pairs, opening, closing, rest):
    """Whatever a page's first lines hold: no internal error; a setting MkDocs would read is
    refused (MW306, located inside the page); the published page sets nothing."""
    text = opening + "".join(f"{k}: {v}\n" for k, v in pairs) + closing + rest
    found = check_markdown("rules/x.md", text)
    _, meta = get_data(text)
    settings = [d for d in found if d.code == "MW306"]
    assert bool(settings) == bool(meta) or (not meta and settings and text.startswith("---"))
    for d in settings:
        assert 1 <= d.line <= text.count("\n") + 1 and d.column >= 1
    assert get_data(with_page_settings(text))[1] == {}


# -- the cost limits ---------------------------------------------------------------
# The limits that keep a rules page's Markdown linear (generator/markup.py LIMITS, MW304).
#
# Python-Markdown splits a block one heading, rule or table-like line at a time and scans
# the rest of the block again each time; nesting re-parses a line once per level and
# deepens the trees MkDocs and its search index walk; Material's search looks each heading
# up in the table of contents from its start. Each test here builds a page of one construct:
# past a limit it is refused where the limit is crossed; at the limits, a page twice as long
# costs twice the work (counted as function calls, which timer noise cannot change).

import sys  # noqa: E402

from generator.markup import LIMITS, _renderer  # noqa: E402

BLOCK, MARKERS, HEADINGS = LIMITS["block"], LIMITS["markers"], LIMITS["headings"]


def _findings(page: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.code) for d in check_markdown("rules/01-page.md", page)]


def _blocks(lines: list[str], count: int) -> str:
    """`count` blocks of `lines`, a blank line after each."""
    return ("\n".join(lines) + "\n\n") * count


# One construct each: a block of it at the limit, the line that would take it past.
CONSTRUCTS = {
    "atx headings": "#",
    "headings with text": "## a",
    "setext headings": "a\n=",
    "thematic breaks": "* * *",
    "list items": "- a",
    "ordered items": "1. a",
    "table rows": "|a|b|",
    "details": "??? note",
    "admonitions": "!!! note",
    "quoted lines": "> a",
    "paragraph lines": "a",
}


@pytest.mark.parametrize("name", sorted(CONSTRUCTS))
def test_a_block_longer_than_the_limit_is_refused_at_its_first_line_past_it(name):
    unit = CONSTRUCTS[name].split("\n")
    lines = (unit * (BLOCK + 1))[:BLOCK + 1]
    assert _findings("\n".join(lines) + "\n")[:1] == [(BLOCK + 1, 1, "MW304")]
    # a blank line is all it takes (headings stay under their own page limit here)
    lines.insert(BLOCK // 2, "")
    assert "MW304" not in [c for _, _, c in _findings("\n".join(lines) + "\n")]


def test_a_lone_carriage_return_ends_a_line_as_markdown_reads_it():
    page = "a\r" * (BLOCK + 1)      # one line to the eye of split("\n"), 201 to Markdown
    assert _findings(page)[:1] == [(BLOCK + 1, 1, "MW304")]


@pytest.mark.parametrize("line, column", [
    ("> " * (MARKERS + 1) + "a", 1),
    ("- " * (MARKERS + 1) + "a", 1),
    ("1. " + "> " * MARKERS + "a", 1),
    (" " * (LIMITS["indent"] + 1) + "code", LIMITS["indent"] + 1),
    ("\t" * (LIMITS["indent"] // 4 + 1) + "code", LIMITS["indent"] + 1),
])
def test_nesting_past_the_limits_is_refused_where_it_stands(line, column):
    assert _findings(f"Text.\n\n{line}\n{line}\n") == [(3, column, "MW304")]    # once a block


def test_each_definition_nests_the_rest_of_its_block():
    glossary = ["term", ": meaning"] * (MARKERS + 1) + ["term"]
    assert _findings("\n".join(glossary) + "\n") == [(2 * MARKERS + 3, 1, "MW304")]
    assert _findings("\n\n".join(glossary) + "\n") == []      # separated, they do not nest


def test_headings_per_page_are_bounded():
    page = _blocks(["# a"] * 100, HEADINGS // 100) + "a\n-\n"
    assert _findings(page) == [(page.count("\n"), 1, "MW304")]
    assert _findings(_blocks(["# a"] * 100, HEADINGS // 100)) == []


def test_the_limits_leave_ordinary_pages_alone():
    page = ("# 1 Rules\n\n> A quote\n> > with a reply\n\n- a list\n    - nested\n        1. deeper\n\n"
            "Term\n: its meaning\n\n```yaml\n" + "\n".join(" " * 2 * i + f"k{i}:" for i in range(20))
            + "\n```\n\n| a | b |\n| - | - |\n" + "| 1 | 2 |\n" * 150)
    assert _findings(page) == []


def _cost(page: str) -> int:
    """The function calls the site's Markdown makes to render the page: a count, which the
    machine's load cannot change (CPU time made this test fail on a busy CI machine)."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1
    md = _renderer().reset()
    sys.setprofile(count)
    try:
        md.convert(page)
    finally:
        sys.setprofile(None)
    return calls


# The densest block of each construct the limits accept.
DENSEST = {
    "thematic breaks": ["* * *"] * BLOCK,
    "setext headings": ["a", "="] * (BLOCK // 2),
    "list items": ["- a"] * BLOCK,
    "table rows": ["|a|b|", "|-|-|"] + ["|a|b|"] * (BLOCK - 2),
    "details": ["??? note"] * BLOCK,
    "admonitions": ["!!! note"] * BLOCK,
    "nested quotes": ["> " * MARKERS + "a"] * BLOCK,
    "nested lists": ["- " * MARKERS + "a"] * BLOCK,
    "definitions": ["a", ": b"] * MARKERS,
    "indented lists": ["    " * (i % 8) + "- a" for i in range(BLOCK)],
}


@pytest.mark.parametrize("name", sorted(DENSEST))
def test_pages_within_the_limits_cost_linear_time(name):
    """A page four times as long costs at most six times as many calls; one block of all
    its lines, as before the limits, cost 16 times as much."""
    block = "\n".join(DENSEST[name]) + "\n\n"
    n = 1 if "headings" in name else 4 * 1024 // len(block)     # headings are bounded per page
    small, large = block * n, block * (4 * n)
    assert _findings(large) == []
    _cost(small)
    t1, t4 = _cost(small), _cost(large)
    assert t4 <= 6 * t1, f"{name}: {t1} calls, then {t4} for four times the page"
