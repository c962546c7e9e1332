"""What Material's search index holds for tables (site/search/search_index.json): each
cell and row kept apart, so that a result's snippet reads as the table does."""
from __future__ import annotations

import json
import re

import markdown
import pytest

from generator.site.cell_separators import CELL_END, ROW_END


@pytest.fixture(scope="module")
def index(built_site):
    site, _ = built_site
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    return {d["location"]: " ".join(d["text"].split()) for d in docs}


def test_markdown_tables_end_each_cell_with_a_hidden_separator():
    html = markdown.markdown("| a | b |\n|---|---|\n| 1 | **2** |\n",
                             extensions=["tables", "generator.site.cell_separators"])
    cells = re.findall(r"<t[dh]>(.*?)</t[dh]>", html)
    assert cells == [f'a<span hidden="hidden">{CELL_END}</span>', f'b<span hidden="hidden">{ROW_END}</span>',
                     f'1<span hidden="hidden">{CELL_END}</span>',
                     f'<strong>2</strong><span hidden="hidden">{ROW_END}</span>']


def test_a_chart_snippet_keeps_cells_and_rows_apart(index):
    from pathlib import Path
    from generator.commands.common import load_game
    _, game = load_game(str(Path(__file__).resolve().parents[2] / "content" / "dixie"))
    crt = next(text for loc, text in index.items() if loc.startswith("dixie/charts/#combat-results-table"))
    normal = " · ".join(f"{d:+d}" for d in game.crt.lines["normal"])
    assert f"Normal line · {normal};" in crt
    first = min(game.crt.rows)
    assert f"roll {first} · " + " · ".join(str(x) for x in game.crt.rows[first]) + ";" in crt


def test_the_adjacency_snippet_keeps_cells_and_rows_apart(index):
    adjacency = index["divided-states/adjacency/"]
    assert "Code · Province · Type · Centre · Home · Armies to · Fleets to;" in adjacency
    assert "<code>ABQ</code> · Albuquerque · land · yes · New Mexico · " in adjacency
    assert "CodeProvince" not in adjacency and "</code>Aberdeen" not in adjacency


def test_no_indexed_table_runs_two_cells_together(index):
    # a cell boundary with no separator shows as a code span glued to the next word
    glued = {loc: m.group(0) for loc, text in index.items() for m in [re.search(r"</code>[A-Za-z]", text)] if m}
    assert not glued, list(glued.items())[:5]
