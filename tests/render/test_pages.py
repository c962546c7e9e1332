"""The Diplomacy family's rendered pages: every generated SVG parses as XML and carries
the ids and data attributes the map script relies on; adjacency downloads agree with
the borders; the bundled games render from their outlines."""
from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest

from generator.families.diplomacy.pages_render import render_pages
from generator.render.adjacency import adjacency_rows

from render_fixtures import bundled, model_of, tiny_game, view_of

NS = "{http://www.w3.org/2000/svg}"
INLINE_SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def svgs_of(pages):
    """(where, svg text) for every SVG file and every SVG inlined in a Markdown page."""
    out = []
    for p in pages:
        if p.path.endswith(".svg"):
            out.append((p.path, p.content))
        elif p.path.endswith(".md"):
            out += [(f"{p.path} (inline)", m.group(0)) for m in INLINE_SVG.finditer(p.content)]
    return out


def check_pages(game, monkeypatch):
    pages = render_pages(game)
    view = view_of(game)
    by_path = {p.path: p for p in pages}
    assert {"map.md", "map.svg", "adjacency.md", "adjacency.csv", "adjacency.json", "thumbnail.svg"} <= set(by_path)
    svgs = svgs_of(pages)
    assert any("inline" in where for where, _ in svgs)
    for where, text in svgs:
        root = ET.fromstring(text)                       # well-formed XML
        assert root.tag == f"{NS}svg", where
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids)), f"duplicate ids in {where}"
        if "inline" in where:
            assert root.get("id") == "mw-map"
            provs = {e.get("data-prov"): e for e in root.iter() if e.get("data-prov")}
            assert set(provs) == set(view.provinces), where
            for pid, e in provs.items():
                assert e.get("id") == f"prov-{pid}"
                assert e.get("tabindex") == "-1" and e.get("data-name")
                assert e.get("data-army") is not None and e.get("data-fleet") is not None
                for loc in (e.get("data-army") + " " + e.get("data-fleet")).split():
                    assert loc.split("/")[0] in view.provinces
    return by_path, view


def test_tiny_board_pages(monkeypatch):
    by_path, view = check_pages(model_of(tiny_game()), monkeypatch)
    rows = list(csv.DictReader(io.StringIO(by_path["adjacency.csv"].content)))
    assert [r["id"] for r in rows] == sorted(view.provinces)
    mid = next(r for r in rows if r["id"] == "MID")
    assert mid["army"] == "EAS WES" and mid["fleet"] == "NC: NOR; SC: SOU"
    data = json.loads(by_path["adjacency.json"].content)
    assert {p["id"]: p["fleet"] for p in data["provinces"]}["MID"] == {"NC": ["NOR"], "SC": ["SOU"]}
    page = by_path["adjacency.md"].content
    assert 'class="mw-adjacency mw-sortable"' in page and "data-mw-filter" in page
    assert "&lt;Test&gt;" in page and "<Test>" not in page
    assert "(strait)" in page


def test_adjacency_is_symmetric_for_armies(tiny):
    rows = {r["id"]: r for r in adjacency_rows(view_of(tiny))}
    for pid, r in rows.items():
        for other in r["army"]:
            assert pid in rows[other]["army"]


@pytest.mark.parametrize("game_id", ["classic", "modern-europe", "divided-states"])
def test_bundled_game_pages(game_id, monkeypatch):
    _, game = bundled(game_id)
    by_path, view = check_pages(game, monkeypatch)
    if game_id != "classic":
        assert view.has_outlines
        assert "Schematic" not in by_path["map.svg"].content
    rows = list(csv.DictReader(io.StringIO(by_path["adjacency.csv"].content)))
    assert len(rows) == len(view.provinces)


def test_divided_states_multi_piece_outlines():
    _, game = bundled("divided-states")
    view = view_of(game)
    multi = {pid for pid, p in view.provinces.items() if len(p.pieces) > 1}
    assert multi, "some provinces (islands, repeated sealanes) have several pieces"
    from generator.families.diplomacy.pages_render import map_svg
    root = ET.fromstring(map_svg(game, interactive=True))
    provs = {e.get("data-prov"): e for e in root.iter() if e.get("data-prov")}
    for pid in multi:
        assert provs[pid].get("d").count("M") == len(view.provinces[pid].pieces)


def test_estimated_values_are_marked(monkeypatch):
    game = tiny_game()
    game["map"]["provinces"][0]["source"] = {"id": "estimated", "reasoning": "no <source> says"}
    by_path, _ = check_pages(model_of(game), monkeypatch)
    page = by_path["adjacency.md"].content
    assert page.count('class="mw-estimated"') == 1 and "no &lt;source&gt; says" in page
    rows = {r["id"]: r for r in json.loads(by_path["adjacency.json"].content)["provinces"]}
    assert rows["NOR"]["estimated"] is True and rows["WES"]["estimated"] is False


def test_many_powers_legend_links_the_powers_page(monkeypatch):
    """Divided States has 50 powers: the legend points to the powers page instead of
    listing them, as a working link where one can work (the site's relative URLs)."""
    import posixpath
    fam, game = bundled("divided-states")
    pages = {p.path: p for p in fam.pages(game)}
    assert "powers.md" in pages
    from generator.families.diplomacy.pages_render import map_svg

    def links(svg):
        root = ET.fromstring(svg)
        return [(a.get("href"), "".join(a.itertext())) for a in root.iter(f"{NS}a")]

    inline = INLINE_SVG.search(pages["map.md"].content).group(0)
    # no <a> inside the inlined SVG (Material's instant navigation throws on SVG links):
    # the page links the powers page in Markdown instead
    assert not links(inline) and "Powers page" in inline
    assert "[Powers page](powers.md)" in pages["map.md"].content
    (href, _), = links(pages["map.svg"].content)
    assert posixpath.normpath(posixpath.join("game/", href)) == "game/powers"   # <game>/map.svg
    printed = map_svg(game, print_mode=True)   # paper carries the whole key: no link to follow
    assert not links(printed) and "Powers page" not in printed
    assert all(p.name in printed for p in game.powers.values())
