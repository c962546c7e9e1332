"""Tile maps, card faces, printable sheets and pages: well-formed, escaped, deterministic."""
from __future__ import annotations

import re
from pathlib import Path
import xml.etree.ElementTree as ET

from election_helpers import file_text, load_game, pos, source_with

from generator.families.election import FAMILY
from generator.families.election.cards import BLEED, TRIM_H, TRIM_W, face_svg, sheet_layout
from generator.families.election.tilemap import control_map, region_map

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str):
    return ET.fromstring(svg)


def test_region_map_has_every_state_with_its_marks(game):
    svg = region_map(game)
    root = parse(svg)
    tiles = [g for g in root.iter(f"{NS}g") if g.get("id", "").startswith("state-")]
    assert len(tiles) == 35
    assert svg.count('font-size="11">†</tspan>') == sum(s.pcr.estimated for s in game.states.values()) == 31
    regions = sum(s.region.estimated for s in game.states.values())
    assert regions > 20 and svg.count('font-weight="normal">†</tspan>') == regions
    assert svg.count("†)</text>") == sum(s.electoral_votes.estimated for s in game.states.values()) == 2
    assert svg.count("*<tspan") == 9        # asterisked PCRs
    assert svg.count("stronghold</title>") == 4


def test_control_map_colours_by_controller(game):
    svg = control_map(game, pos({"ohio": {"R": 6}}, locked={"indiana": "CU"}), highlight=["ohio"])
    root = parse(svg)
    ohio = next(g for g in root.iter(f"{NS}g") if g.get("id") == "state-ohio")
    rect = ohio.find(f"{NS}rect")
    assert rect.get("fill") == game.parties["R"].colour and rect.get("stroke") == "#000"
    assert "LOCKED" in svg


def test_maps_are_deterministic(game):
    board = pos({"ohio": {"R": 6, "ND": 2}, "georgia": {"SD": 4}})
    assert control_map(game, board) == control_map(game, board)
    assert region_map(game) == region_map(game)


def test_content_text_is_escaped_everywhere():
    hostile = file_text("states.yaml").replace("name: Ohio", 'name: "<script>alert(1)</script> & [x](javascript:y)"')
    cards = file_text("cards.yaml").replace("title: Abolition", 'title: "<img src=x onerror=alert(1)>"')
    game = FAMILY.load(source_with({"states.yaml": hostile, "cards.yaml": cards}))
    outputs = [region_map(game), control_map(game, pos())] + [   # CSV and JSON are data, not markup
        p.content for p in FAMILY.pages(game) if p.path.endswith((".md", ".svg"))]
    outputs += [svg for docs in FAMILY.printables(game).values() for _, svg in docs]
    for text in outputs:
        assert "<script" not in text and "<img" not in text
    for p in FAMILY.pages(game):
        if p.path.endswith(".svg"):
            parse(p.content)
    states_md = next(p.content for p in FAMILY.pages(game) if p.path == "states.md")
    assert "](javascript" not in states_md


def test_card_face_is_poker_size(game):
    root = parse(face_svg(game, game.cards["abolition"]))
    assert root.get("width") == "63mm" and root.get("height") == "88mm"
    with_bleed = parse(face_svg(game, game.cards["abolition"], BLEED))
    assert with_bleed.get("width") == "69mm" and with_bleed.get("height") == "94mm"


def test_unknown_values_show_as_question_marks(game):
    svg = face_svg(game, game.cards["fugitive-slave-act"])
    assert svg.count(">?<") >= 6          # PCF value and five unknown modifiers
    assert ">+2<" in svg


def test_printable_sheets(game):
    printables = FAMILY.printables(game)
    sheets = printables["cards"]
    sizes = {"a4": {(297.0, 210.0), (210.0, 297.0)}, "letter": {(279.4, 215.9), (215.9, 279.4)}}
    placed = {"a4": 0, "letter": 0}
    for stem, svg in sheets:
        page = stem.split("-")[1]
        root = parse(svg)
        w, h = float(root.get("width")[:-2]), float(root.get("height")[:-2])
        assert root.get("width").endswith("mm") and (w, h) in sizes[page]
        groups = [g for g in root if g.tag == f"{NS}g"]
        placed[page] += len(groups)
        for g in groups:
            x, y = map(float, re.match(r"translate\(([\d.]+) ([\d.]+)\)", g.get("transform")).groups())
            assert x >= 0 and y >= 0 and x + TRIM_W + 2 * BLEED <= w and y + TRIM_H + 2 * BLEED <= h
        lines = [ln for ln in root if ln.tag == f"{NS}line"]
        assert lines and all(float(ln.get("x1")) >= 0 and float(ln.get("x2")) <= w for ln in lines)
    assert placed == {"a4": len(game.cards), "letter": len(game.cards)}
    assert sheet_layout("a4")[2] * sheet_layout("a4")[3] == 8
    assert printables["map"][0][1].startswith("<svg") and 'width="277mm"' in printables["map"][0][1]


def test_pages_mark_every_estimate(game):
    pages = {p.path: p for p in FAMILY.pages(game)}
    assert {"states.md", "map.md", "cards.md", "parties.md", "assets/map.svg"} <= set(pages)
    states = pages["states.md"].content
    estimates = [(s, f) for s in game.states.values() for f in (s.region, s.electoral_votes, s.pcr,
                                                                 s.off_ballot) if f.estimated]
    listed = states.split("## Estimated values")[1]
    assert listed.count("†") == len(estimates)
    table = states.split("## Estimated values")[0]
    assert table.count("†") >= len(estimates)
    cards = pages["cards.md"].content
    assert "**114**" in cards and "**14**" in cards and "**100**" in cards
    for card in game.cards.values():
        assert f"assets/cards/{card.id}.svg" in pages


def test_pages_are_deterministic():
    first = [(p.path, p.content) for p in FAMILY.pages(load_game())]
    second = [(p.path, p.content) for p in FAMILY.pages(load_game())]
    assert first == second


DEJAVU_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")   # fonts-dejavu-core (.ci/run)


def test_every_card_title_fits_between_the_value_disc_and_the_frame(game):
    """Measured with the bold face the prints fall back to (Helvetica is DejaVu Sans here):
    "Kansas Statehood*" once ran 2.5 mm past the frame."""
    from PIL import ImageFont
    from generator.families.election.cards import TITLE_LEFT, TITLE_RIGHT
    assert DEJAVU_BOLD.is_file(), "install fonts-dejavu-core (see .ci/run)"
    for card in game.cards.values():
        root = parse(face_svg(game, card))
        titles = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("font-weight") == "bold"
                  and t.get("text-anchor") == "middle" and float(t.get("y")) < 20 and float(t.get("x")) > 20]
        assert titles, card.title
        for t in titles:
            size = float(t.get("font-size"))
            width = ImageFont.truetype(str(DEJAVU_BOLD), 1000).getlength(t.text) * size / 1000
            x = float(t.get("x"))
            assert x - width / 2 >= TITLE_LEFT - 0.5 and x + width / 2 <= TITLE_RIGHT + 0.5, (t.text, size, width)
