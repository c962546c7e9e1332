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
