"""render's public drawing API: view models in, SVG out (render/shapes.py, render/draw.py)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator import render
from generator.render import (Circle, Fixed, Fragment, Group, Length, Line, Numbers, Path, Polygon, Polyline, Rect,
                              Span, Svg, Text, Viewport, paint)

HOSTILE = '<script>alert("x")</script> & \'q\'\x07'
SVG = "{http://www.w3.org/2000/svg}"


def test_paint_keeps_the_order_given_and_names_attributes_as_svg_does():
    assert paint(fill="#fff", stroke_width=0.5, class_="mw-band", data_prov="0101", viewBox=(0, 0, 1, 1)) == (
        ("fill", "#fff"), ("stroke-width", 0.5), ("class", "mw-band"), ("data-prov", "0101"), ("viewBox", (0, 0, 1, 1)))
    assert paint(fill=None, stroke=False, opacity=0) == (("opacity", 0),)


@pytest.mark.parametrize("value, style, shown", [
    (12, Numbers(), "12"), (12.0, Numbers(), "12"), (12.25, Numbers(2), "12.25"), (12.0, Numbers(1, trim=False), "12.0"),
    (-0.01, Numbers(), "0"), (Fixed(3, 2), Numbers(), "3.00"), (Fixed(2.5, 0), Numbers(), "2"),
])
def test_numbers_are_written_in_the_documents_style(value, style, shown):
    assert render.markup(Circle(value, 0, 1), style).startswith(f'<circle cx="{shown}"')


def test_a_number_must_be_a_number():
    with pytest.raises(TypeError):
        render.markup(Circle("1", 0, 1))


def test_shapes_write_their_geometry_then_their_paint():
    assert render.markup(Rect(None, None, 10, 5.5, attrs=paint(fill="#fff"))) == '<rect width="10" height="5.5" fill="#fff"/>'
    assert render.markup(Rect(1, 2, 3, 4, 0.5)) == '<rect x="1" y="2" width="3" height="4" rx="0.5"/>'
    assert render.markup(Line(0, 1, 2, 3, paint(stroke_dasharray=(1.5, 0.5)))) == (
        '<line x1="0" y1="1" x2="2" y2="3" stroke-dasharray="1.5 0.5"/>')
    assert render.markup(Polygon(((0, 0), (1.25, 2)))) == '<polygon points="0,0 1.2,2"/>'   # one decimal by default
    assert render.markup(Polyline(((0, 0), (1, 2))), Numbers(1, trim=False)) == '<polyline points="0,0 1,2"/>'
    assert render.markup(Path("M0,0 L1,1", paint(fill="none"))) == '<path d="M0,0 L1,1" fill="none"/>'


def test_text_groups_and_fragments():
    text = Text(1, 2, ("NY", Span("†", paint(font_size=10))), paint(font_weight="bold"))
    assert render.markup(text) == '<text x="1" y="2" font-weight="bold">NY<tspan font-size="10">†</tspan></text>'
    group = Group((Circle(0, 0, 1), Fragment((Rect(0, 0, 1, 1), Rect(1, 1, 1, 1)))), paint(id="g"), title="tip")
    assert render.markup(group) == ('<g id="g"><title>tip</title><circle cx="0" cy="0" r="1"/>'
                                    '<rect x="0" y="0" width="1" height="1"/><rect x="1" y="1" width="1" height="1"/></g>')
    assert render.markup(Group((Circle(0, 0, 1), Circle(1, 1, 1)), sep="\n")) == (
        '<g>\n<circle cx="0" cy="0" r="1"/>\n<circle cx="1" cy="1" r="1"/>\n</g>')


def test_a_document_and_its_viewports():
    band = Viewport(0, Fixed(5, 1), 10, 10, (Fixed(20, 1), 0, 10, 10), (Circle(25, 5, 1),), paint(class_="mw-band"))
    doc = Svg((Rect(None, None, 10, 20), band), paint(width=Length(10, "mm"), height=Length(20.5, "mm"),
                                                     viewBox=(0, 0, 10, 20.5)), title="a map", sep="\n")
    out = render.to_svg(doc)
    assert out.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="20.5mm" viewBox="0 0 10 20.5">\n'
                          '<title>a map</title>\n<rect width="10" height="20"/>\n')
    assert '<svg x="0" y="5.0" width="10" height="10" viewBox="20.0 0 10 10" class="mw-band">' in out
    assert out.endswith("</svg>\n") and ET.fromstring(out).find(f"{SVG}svg") is not None


def test_everything_a_contributor_wrote_is_escaped():
    doc = Svg((Group((Text(0, 0, (HOSTILE, Span(HOSTILE))),), paint(data_name=HOSTILE), title=HOSTILE),
               Rect(0, 0, 1, 1, attrs=paint(fill=HOSTILE))), paint(aria_label=HOSTILE), title=HOSTILE)
    out = render.to_svg(doc)
    assert "<script" not in out and "\x07" not in out and out.count("&lt;script&gt;") == 7
    root = ET.fromstring(out)                    # well-formed, and the text comes back as written
    assert root.get("aria-label") == HOSTILE.replace("\x07", "")
    assert render.markup(Path('M0 0"/><script>')).count("<") == 1


def test_a_string_is_not_a_shape():
    with pytest.raises(TypeError, match="cannot draw str"):
        render.markup("<rect/>")


def test_html_pieces():
    assert render.swatch(render.Swatch("#abc\"><x", opacity=".4")) == (
        '<span style="background:#abc&quot;&gt;&lt;x;opacity:.4">&nbsp;&nbsp;&nbsp;&nbsp;</span>')
    assert render.cell_lines(["a", "b"]) == "a<br>b"


def test_the_one_wrap_paper_and_colours():
    assert render.wrap_words("one two three four", 9) == ["one two", "three", "four"]
    assert render.wrap("one two three", 1.0, 100) == ["one two three"]
    assert render.paper_size("a4") == render.PAPERS["A4"] == (210.0, 297.0)
    assert render.lighten("#000000", 0.75) == "#bfbfbf" and render.mix("#000000", "#ffffff", 0.5) == "#808080"


def test_a_ruled_table_has_a_cell_per_word_and_its_note_wrapped():
    table = render.Table("T & U", ("a", "b"), (("1", "2"), ("3", "4")), (20.0, 10.0), note="word " * 30)
    body, width, height = render.table_drawing(table)
    texts = [s.content for s in body if isinstance(s, Text)]
    assert width == 50 and texts[:7] == ["T & U", "a", "b", "1", "2", "3", "4"]
    assert len(texts) > 7 and height == 26 + 6 * 3 + 4 * (len(texts) - 7) + 4


def test_cards_fill_the_paper_and_crop_marks_sit_outside_them():
    sheet = render.CardSheet("A4", (63.0, 88.0), 3.0)
    pw, ph, cols, rows = render.sheet_layout(sheet)
    assert (pw, ph, cols, rows) == (297.0, 210.0, 4, 2)   # landscape: 8 cards, portrait 4
    marks = render.crop_marks(sheet, 10.0, 10.0, cols, rows)
    assert len(marks) == 2 * 2 * cols + 2 * 2 * rows
    assert all(m.y2 <= 10 - 1 or m.y1 >= 10 + rows * 94 + 1 or m.x2 <= 10 - 1 or m.x1 >= 10 + cols * 69 + 1 for m in marks)
