"""Large generated HTML blocks skip Markdown and come back unchanged (verbatim.py):
the rendered page is exactly what Markdown makes of the whole page."""
from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest
import yaml
from mkdocs.utils.meta import get_data

from generator.build import BuildOptions, Generator
from generator.mkdocs_plugin import verbatim

REPO = Path(__file__).resolve().parents[2]


def _markdown() -> markdown.Markdown:
    """Python-Markdown with the site's extensions (mkdocs.yml)."""
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    names, configs = [], {}
    for item in config["markdown_extensions"]:
        name, settings = next(iter(item.items())) if isinstance(item, dict) else (item, {})
        names.append(name)
        configs[name] = settings or {}
    return markdown.Markdown(extensions=names, extension_configs=configs)


def _both_ways(text: str) -> tuple[str, str, dict]:
    whole = _markdown().convert(text)
    cut, blocks = verbatim.split(text)
    return whole, verbatim.join(_markdown().convert(cut), blocks), blocks


ROW = '<tr id="r{0}"><td><a href="../map/#prov=P{0}"><code>P{0}</code></a></td><td>a &amp; b</td></tr>'
TABLE = '<table class="t" id="tbl"><tbody>' + "".join(ROW.format(i) for i in range(200)) + "</tbody></table>"


@pytest.fixture(scope="module")
def classic_pages(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("verbatim")
    tree = Generator().tree(BuildOptions(content=REPO / "content", project=tmp, pdf=False))
    return {p: tree.files[p] for p in ("classic/adjacency.md", "classic/map.md")}, tree.made


def test_generated_pages_render_exactly_as_markdown_renders_them(classic_pages):
    pages, made = classic_pages
    assert set(pages) <= made and not any("/rules/" in p for p in made)
    for path, text in pages.items():
        body, _ = get_data(text)   # MkDocs takes the front matter off before Markdown
        whole, joined, blocks = _both_ways(body)
        assert blocks, f"{path}: its table or map was not taken out"
        assert joined == whole, path


def test_a_block_keeps_its_place_among_markdown():
    text = (f"# Title\n\nSome *text*.\n\n{TABLE}\n\n- a list\n- of items\n\n<div class=\"x\">{TABLE}</div>\n\n"
            f'<div class="y" markdown="0">\n<p>*raw*</p>\n{TABLE}\n</div>\n\nThe end.\n')
    whole, joined, blocks = _both_ways(text)
    assert len(blocks) == 3 and joined == whole
    # the placeholders name the blocks' ids, for MkDocs' check of links to anchors
    cut, _ = verbatim.split(text)
    assert set(re.findall(r'<i id="([^"]*)"></i>', cut)) == {"tbl"} | {f"r{i}" for i in range(200)}


@pytest.mark.parametrize("text", [
    f"```html\n{TABLE}\n```\n",                    # shown as code
    f"~~~~\n```\n{TABLE}\n```\n~~~~\n",            # inside a longer fence
    f"Text right above\n{TABLE}\n",                # not a block of its own
    f"{TABLE}\ntext right below\n",
    f"    {TABLE}\n",                              # indented: code
    TABLE.replace('class="t"', 'class="t" markdown="1"') + "\n",   # md_in_html renders inside
    f'<div markdown="0">\n<div markdown="1">\n{TABLE}\n</div>\n</div>\n',   # Markdown inside
    TABLE[:-len("</table>")] + "\n",               # not closed on its line
    "<table>" + "x" * 100 + "</table>\n",          # small: left to Markdown
])
def test_only_whole_large_blocks_are_taken(text):
    """(Each case renders as Markdown renders it, by Markdown.)"""
    whole, joined, blocks = _both_ways(text)
    assert blocks == {} and joined == whole


def test_a_placeholder_written_in_a_page_is_not_filled():
    cut, blocks = verbatim.split(f"{TABLE}\n")
    (key,) = blocks
    other, _ = verbatim.split(f"{TABLE}\n")
    assert key not in other   # each page its own prefix
    forged = f'<div data-mw-verbatim="{"0" * 16}-0"><i id="tbl"></i></div>'
    assert verbatim.join(forged, blocks) == forged
