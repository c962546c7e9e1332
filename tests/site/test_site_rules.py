"""Rules pages as published: rule references linked, diagram sizes, example layout."""
from __future__ import annotations

import time

from generator.render.figure import figure_size
from generator.site.rules import link_rule_references, rule_index

PAGES = {
    "rules/02-board.md": "# Board\n\n## 7.5 Strongholds\n\nTies (see 7.5 and 9.3).\n",
    "rules/09-election.md": "# Election\n\n## 9.0 Final polling\n\n### 9.3 Ties\n\n```\n## 4.4 not a rule\n```\n",
}


def test_the_index_holds_headed_rule_numbers_outside_code():
    index = rule_index(PAGES)
    assert index == {"7.5": "02-board.md", "9.0": "09-election.md", "9.3": "09-election.md"}


def test_references_link_to_this_page_or_another():
    index = rule_index(PAGES)
    out = link_rule_references("Ties win (see 7.5 and 9.3), rule 9 not, see 9.0, or 4.4.", "rules/02-board.md", index)
    assert out == ("Ties win (see [7.5](#rule-7-5) and [9.3](09-election.md#rule-9-3)), rule 9 not, "
                   "see [9.0](09-election.md#rule-9-0), or 4.4.")


def test_code_headings_fences_and_links_are_left_alone():
    index = rule_index(PAGES)
    text = "`see 7.5` and see 7.5\n## see 7.5\n```\nsee 7.5\n```\n[x](y) see 7.5"
    out = link_rule_references(text, "rules/02-board.md", index).split("\n")
    assert out[0] == "`see 7.5` and see [7.5](#rule-7-5)"
    assert out[1:] == ["## see 7.5", "```", "see 7.5", "```", "[x](y) see 7.5"]


def test_unknown_numbers_stay_text():
    assert link_rule_references("see 1.2.3.", "rules/a.md", {"7.5": "a.md"}) == "see 1.2.3."


def test_hostile_lines_cost_linear_time():
    index = {"1.1": "a.md"}
    line = "see " + "1.1 and " * 20_000 + "see " * 20_000 + "1." * 20_000
    start = time.perf_counter()
    out = link_rule_references(line, "rules/a.md", index)
    assert time.perf_counter() - start < 2.0
    assert out.count("](#rule-1-1)") == 20_000


def test_diagrams_are_shown_wide_enough_for_their_smallest_text():
    small = '<svg xmlns="http://www.w3.org/2000/svg" width="206" height="218" data-min-font="5.21">'
    w, h = figure_size(small)
    assert w >= 480 and w * 5.21 / 206 >= 10.9 and abs(h / w - 218 / 206) < 0.01
    wide = '<svg width="2454" height="1500">'
    assert figure_size(wide)[0] == 760
    assert figure_size('<svg viewBox="0 0 10 10">') is None


def test_a_variant_links_the_standard_rules_only_when_they_are_on_the_site():
    from generator.site.tree import _after_title, standard_rules_note
    note = standard_rules_note({"standard_rules": "classic"}, {"classic": "Diplomacy *(standard)*"})
    assert "[standard rules](../../classic/index.md#rules)" in note and "Diplomacy \\*" in note
    assert standard_rules_note({"standard_rules": "classic"}, {"other": "x"}) == ""
    assert standard_rules_note({}, {"classic": "x"}) == ""
    page = _after_title("# Special rules\n\nText.", note)
    assert page.startswith("# Special rules\n\n!!! info")


def test_a_published_rules_page_carries_no_settings_of_its_own():
    """A page that starts with settings (refused by validate, MW306) is still published
    with Mapwright's own, empty ones first: MkDocs reads the contributor's lines as text."""
    from mkdocs.utils.meta import get_data
    from generator.site.rules import publish_rules_page
    from generator.site.tree import _after_title, standard_rules_note
    text = "---\ntemplate: redirect.html\nlocation: x\n---\n\nNo heading here.\n"
    published, _ = publish_rules_page("rules/01-a.md", text, [], None)
    note = standard_rules_note({"standard_rules": "classic"}, {"classic": "Diplomacy"})
    for page in (published, _after_title(published, note)):   # the note goes after the settings
        body, meta = get_data(page)
        assert meta == {} and "template: redirect.html" in body
    assert get_data(_after_title(published, note))[0].startswith('!!! info "Changes')
