"""The map's base layers are kept by what they read (MapCanvas._kept): a drawing made
from kept layers is byte for byte the drawing made afresh, a power renamed reuses the
outlines, and any change to what a layer reads draws it again."""
from __future__ import annotations

import copy

import pytest

from generator.render import map as map_module
from generator.render.diagram import OrderView, PhaseView, order_diagram
from generator.render.map import MapCanvas, MapOptions, home_owners, render_map

from render_fixtures import model_of, tiny_game, units_of, view_of


@pytest.fixture(autouse=True)
def empty_memo(monkeypatch):
    monkeypatch.setattr(map_module, "LAYERS", map_module.LayerMemo())


def _afresh(draw):
    """`draw()` with nothing kept from earlier drawings."""
    kept = map_module.LAYERS
    map_module.LAYERS = map_module.LayerMemo()
    try:
        return draw()
    finally:
        map_module.LAYERS = kept


def _drawings(game):
    view = view_of(game)
    phase = PhaseView("Spring 1901, movement", units_of({"RED": ["A WES"], "BLUE": ["A EAS"]}),
                      (OrderView("BLUE", "A EAS - MID", "M", "A", "EAS", dest="MID"),
                       OrderView("RED", "A WES - MID", "M", "A", "WES", dest="MID")))
    return [
        render_map(view, MapOptions(owners=home_owners(view), interactive=True)),
        render_map(view, MapOptions(owners=home_owners(view), print_mode=True)),
        render_map(view, MapOptions(units=units_of({"RED": ["A WES"]}), crop=["WES", "MID"])),
        render_map(view, MapOptions(centers={"RED": ["WES", "ISL"], "BLUE": ["EAS"]})),
        order_diagram(view, phase),
    ]


def test_kept_layers_draw_what_a_fresh_drawing_draws():
    first = _drawings(tiny_game())
    assert map_module.LAYERS.kept, "the base layers were kept"
    again = _drawings(tiny_game())   # a new view of the same data: every layer from the memo
    assert again == first
    assert _afresh(lambda: _drawings(tiny_game())) == first


def test_a_power_renamed_reuses_the_outlines_and_shows_the_new_name():
    game = tiny_game()
    view = view_of(game)
    render_map(view, MapOptions(owners=home_owners(view)))
    renamed = copy.deepcopy(game)
    renamed["map"]["powers"][0]["name"] = "Crimson"
    other = view_of(renamed)
    assert other.fingerprint() == view.fingerprint()   # names of powers are not drawn by the base
    drawn = []
    canvas = MapCanvas(other, MapOptions(owners=home_owners(other)))
    for name in ("_province_layer", "_border_kind_layer", "_label_layer"):
        real = getattr(canvas, name)
        setattr(canvas, name, lambda real=real, name=name: drawn.append(name) or real())
    canvas.draw_base()
    svg = canvas.finish()
    assert drawn == []
    assert "Crimson" in svg
    assert svg == _afresh(lambda: render_map(view_of(renamed), MapOptions(owners=home_owners(view_of(renamed)))))


@pytest.mark.parametrize("change", [
    lambda g: g["geometry"]["outlines"]["WES"][0].__setitem__(0, 5),          # an outline
    lambda g: g["map"]["provinces"][1].__setitem__("label", [55, 150]),       # a label point
    lambda g: g["map"]["provinces"][1].__setitem__("abbr", "WST"),            # a code
    lambda g: g["map"]["borders"][4].__setitem__("kind", "bridge"),           # a border's kind
    lambda g: g["map"]["powers"][0].__setitem__("color", "#00aa00"),          # a power's colour
    lambda g: g["map"]["provinces"][3].__setitem__("home", "RED"),            # a home
])
def test_any_change_to_what_the_layers_read_draws_them_again(change):
    before = _drawings(tiny_game())
    game = tiny_game()
    change(game)
    after = _drawings(game)
    assert after == _afresh(lambda: _drawings(game))
    assert after != before


def test_legend_items_a_kept_layer_added_are_added_again():
    view = view_of(tiny_game())
    render_map(view, MapOptions())
    canvas = MapCanvas(view_of(tiny_game()), MapOptions())
    canvas.draw_base()
    assert {"border-river", "border-bridge", "border-strait"} <= set(canvas.legend)


def test_the_thumbnail_simplifies_each_outline_set_once_and_draws_what_it_drew(monkeypatch):
    from generator.families.diplomacy import pages_render
    monkeypatch.setattr(pages_render, "_SIMPLIFIED", {})
    first = pages_render.thumbnail_svg(model_of(tiny_game()))
    assert len(pages_render._SIMPLIFIED) == 1
    assert pages_render.thumbnail_svg(model_of(tiny_game())) == first
    assert len(pages_render._SIMPLIFIED) == 1
    moved = tiny_game()
    moved["geometry"]["outlines"]["EAS"] = [[200, 100, 290, 100, 290, 200, 200, 200]]
    changed = pages_render.thumbnail_svg(model_of(moved))
    assert len(pages_render._SIMPLIFIED) == 2 and changed != first
    pages_render._SIMPLIFIED.clear()
    assert _afresh(lambda: pages_render.thumbnail_svg(model_of(moved))) == changed


def test_centres_changing_hands_are_drawn_in_their_new_owners_colours():
    view = view_of(tiny_game())
    drawn = {}
    for owners in ({"RED": ["WES", "ISL"]}, {"BLUE": ["WES"], "RED": ["ISL"]}, {"RED": ["WES", "ISL"]}, {}):
        svg = render_map(view, MapOptions(centers=owners))
        assert svg == _afresh(lambda: render_map(view_of(tiny_game()), MapOptions(centers=owners)))
        drawn.setdefault(str(owners), svg)
    assert len(set(drawn.values())) == 3


def test_the_memo_is_bounded_and_keeps_what_was_drawn_last(monkeypatch):
    view = view_of(tiny_game())
    for memo in (map_module.LayerMemo(count=4), map_module.LayerMemo(chars=3000)):
        monkeypatch.setattr(map_module, "LAYERS", memo)
        for crop in (["WES"], ["EAS"], ["NOR"], ["SOU"], ["WES"]):
            render_map(view, MapOptions(crop=crop))
            assert len(memo.kept) <= 4 and (memo.size <= 3000 or len(memo.kept) == 1)
            assert memo.size == sum(len(markup) for markup, _ in memo.kept.values())
        assert list(memo.kept)[-1][0] == "labels"
        assert render_map(view, MapOptions(crop=["WES"])) == \
            _afresh(lambda: render_map(view_of(tiny_game()), MapOptions(crop=["WES"])))


def test_a_view_it_cannot_fingerprint_is_drawn_afresh_every_time():
    game = tiny_game()
    view = view_of(game)
    view.provinces["WES"].home = lambda: None   # nothing pickle can write: no key from it
    other = view_of(tiny_game())
    other.provinces["WES"].home = view.provinces["WES"].home
    assert view.fingerprint() != other.fingerprint()
    assert render_map(view, MapOptions()) == render_map(other, MapOptions())
