"""The adjacency page and its printed sheet write locations the same way."""
from __future__ import annotations

from generator.render.adjacency import adjacency_html, adjacency_sheets, location_label
from generator.render.mapview import LinkView, MapView, ProvinceView


def _view():
    provinces = {
        "GME_SW": ProvinceView("GME_SW", "Gulf of Maine - Southwest", "GME sw", kind="sea", label=(10, 10)),
        "BOS": ProvinceView("BOS", "Boston", "BOS", kind="coast", label=(40, 10), coasts={"nc": None}),
        "CPC": ProvinceView("CPC", "Cape Cod", "CPC", kind="coast", label=(70, 10)),
    }
    links = [LinkView("GME_SW", "BOS/nc", army=False, fleet=True), LinkView("BOS", "CPC", army=True, fleet=True)]
    return MapView("Test", 100, 40, provinces, links, {})


def test_labels_are_the_codes_players_write():
    view = _view()
    assert location_label(view, "GME_SW") == "GME sw"
    assert location_label(view, "BOS/nc") == "BOS/NC"


def test_print_uses_the_sites_codes_and_the_site_names_neighbours():
    view = _view()
    sheet = "".join(adjacency_sheets(view, title="Test"))
    html = adjacency_html(view)
    assert "GME sw" in sheet and "GME_SW" not in sheet and "BOS/NC" in sheet
    assert 'data-mw-name="GME_SW"><span class="mw-code">GME sw</span>' in html
    assert 'data-label="Fleets to"' in html
