"""The HTML sanitiser keeps what Material's features need and nothing a contributor could aim."""
from __future__ import annotations

import markdown

from generator.markup import SITE_EXTENSION_CONFIGS, SITE_EXTENSIONS, check_markdown
from generator.site.sanitise import sanitise_html

TABS = '=== "Spring"\n\n    Armies move.\n\n=== "Autumn"\n\n    Centres change hands.\n'


def _render(text: str) -> str:
    return markdown.markdown(text, extensions=SITE_EXTENSIONS, extension_configs=SITE_EXTENSION_CONFIGS)


def test_content_tabs_keep_their_ids_and_labels():
    """Before, `__tabbed_1_1` and the labels' `for` were stripped: clicking a tab did nothing."""
    clean = sanitise_html(_render(TABS))
    for kept in ('id="__tabbed_1_1"', 'id="__tabbed_1_2"', 'name="__tabbed_1"', 'for="__tabbed_1_2"'):
        assert kept in clean, (kept, clean)
    assert check_markdown("rules/x.md", "# T\n\n" + TABS) == []


def test_other_reserved_ids_stay_refused_and_stripped():
    html = ('<p id="__config">a</p><input id="__tabbed_1_1x" type="radio"><label for="__search">s</label>'
            '<div id="__tabbed_1_1">d</div><label for="__tabbed_1_1">ok</label>')
    clean = sanitise_html(html)
    assert "__config" not in clean and "__tabbed_1_1x" not in clean and "__search" not in clean
    assert '<div>d</div>' in clean and 'for="__tabbed_1_1"' in clean
    for text in ("# T\n\nA {#__tabbed_1_1}\n", "# T\n\n<input id=\"__tabbed_1_1\" name=\"__tabbed_1\" type=\"radio\">\n",
                 "# T\n\n- a\n{ #__tabbed_1_1 }\n"):
        assert {d.code for d in check_markdown("rules/x.md", text)} & {"MW301", "MW303"}, text


def test_footnotes_and_annotations_are_kept():
    text = "# T\n\nA note.[^1] An annotation (1).\n{ .annotate }\n\n1.  Its text.\n\n[^1]: The footnote.\n"
    assert check_markdown("rules/x.md", text) == []
    clean = sanitise_html(_render(text))
    assert 'class="annotate"' in clean and 'id="fn:1"' in clean and 'href="#fnref:1"' in clean
