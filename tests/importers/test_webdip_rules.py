"""A variant's rules.html as Markdown (generator/importers/webdip_rules.py): linear in the page."""
import time

import pytest

from generator.importers.webdip_rules import rules_markdown


@pytest.mark.parametrize("source", [
    "<p>x</p>" + "<!--" * 20_000,               # 7 s of CPU before: HTMLParser looked for each comment's end
    "<p>x</p>" + "<a " * 20_000,                # about a minute: each unclosed tag read to the end
    "<p>x</p>" + "<![CDATA[" * 30_000,
    "<p>" + "<i>" * 30_000 + "<b>x" + "</b>" * 30_000,   # 23 s: the open marks were a list searched per tag
], ids=["comments", "tags", "cdata", "marks"])
def test_unclosed_constructs_cost_linear_time(source):
    start = time.process_time()
    rules_markdown(source)
    assert time.process_time() - start < 3


@pytest.mark.parametrize("source", [
    "<ul>" * 10_000 + "<li>x" * 10_000,         # 400 MB of indentation before
    "<table>" + "<tr><td>x</td>" * 3000 + "<tr>" + "<td>y</td>" * 3000 + "</table>",   # 27 MB of empty cells
], ids=["deep-lists", "ragged-table"])
def test_nesting_and_ragged_tables_keep_the_output_linear(source):
    body, _ = rules_markdown(source)
    assert len(body) < 20 * len(source)


def test_what_starts_no_whole_tag_is_text_and_comments_and_declarations_are_gone():
    body, dropped = rules_markdown("<!DOCTYPE html><p>a < b <c and <!-- hidden --> <b>bold</b> <a href='x</p>")
    assert body == "a &lt; b &lt;c and **bold** &lt;a href=&\\#39;x"
    assert dropped == []
