"""The counters page's on-screen key: one counter of each kind, its smallest text within
render/legible.py's rule (the printed sheets, shrunk into the column, read at 2.4 px on
a phone). The browser measures it as shown (tests/test_browser_diagrams.py); this checks
the drawing itself."""
from __future__ import annotations

import re

from generator.families.hex.pages import pages
from generator.families.hex.printables import counter_key_svg, counter_mix, kinds
from generator.render import TEXT_SPAN, figure_size

from .helpers import dixie


def test_the_key_shows_every_kind_once_with_its_count():
    game = dixie()
    svg = counter_key_svg(game)
    said = " ".join(re.findall(r">([^<]*)</text>", svg))     # captions wrap over several lines
    for t in game.unit_types.values():
        assert t.name in said, t.name
    every = kinds(counter_mix(game))
    assert sum(n for _, n in every) == len(counter_mix(game))     # the counts add up to the sheet
    assert svg.count("counters</text>") + svg.count("counter</text>") == len(every)
    assert svg.count(">DISR<") == sum(1 for p, _ in every if p.unit is not None)   # each unit's back


def test_the_keys_smallest_text_reads_on_a_phone_and_a_desktop():
    svg = counter_key_svg(dixie())
    width = float(re.search(r'<svg[^>]*\swidth="([0-9.]+)px"', svg).group(1))
    sizes = [float(s) for s in re.findall(r'font-size="([0-9.]+)"', svg)]
    least = float(re.search(r'data-min-font="([0-9.]+)"', svg).group(1))
    assert min(sizes) >= least - 0.01
    assert width / min(sizes) <= TEXT_SPAN + 0.01          # 7 px when the column is a phone's
    shown, _ = figure_size(svg)
    assert shown * min(sizes) / width >= 9                 # 9 px at the width a desktop shows it


def test_the_page_shows_the_key_and_links_the_sheets():
    page = next(p for p in pages(dixie()) if p.path == "counters.md").content
    assert "(assets/counter-key.svg){ .mw-figure width=" in page
    assert "![" not in page.replace("![The counters, one of each kind", "")   # the sheets are links, not images
    assert "[front (SVG)](assets/counters.svg)" in page and "[back (SVG)](assets/counters-back.svg)" in page
