"""Rendering: SVG maps, order diagrams, adjacency tables, paper layout and printing.

The public API every family draws through is `__all__` below: view models in (shapes.py:
rectangles, texts, groups, whole documents, with `paint` for their presentation), SVG out
(`to_svg`, `markup`: draw.py, escaping through generator/escape.py), the HTML pieces of a
page (html.py), and the shared helpers (`wrap`, `lighten`, `mix`, `num`, the paper table,
legible.py's rule for a worked example's figure, the site's map viewer). A family imports
these names from `generator.render`, never a submodule (tests/render/test_family_drawing.py).

Inside:
    shapes.py    the view models; draw.py writes them as SVG
    table.py     a ruled table to print (Table); sheet.py cards on paper with crop marks
    html.py      a colour swatch and a cell's lines for a family's Markdown tables
    svg.py       escaping (esc), stable numbers (num), elements (el, text, group), compact
                 outline paths (path_from_pieces), whole documents (document), colour
                 sanitising and contrast (colour, lighten, ink_on), print hatching
                 (hatch_pattern), word wrap (wrap)
    geometry.py  polygon area/centroid/bbox, simplification, Voronoi cells, shared borders
    paper.py     paper sizes, fitting an mm-sized SVG on paper (place_on_paper, fit), the
                 scale a document must keep (legible_scale: 6 pt text, data-print-scale)
    tiles.py     the sheets a document prints on (sheets): one fitted page, or an assembly
                 key and overlapping tiles at the scale it must keep
    print.py     multi-page deterministic PDF (librsvg, else CairoSVG) and PNG (print_documents)
    librsvg.py   librsvg through cffi, drawing an SVG onto a cairocffi context
Map pieces, drawn from a view a family builds: mapview.py (MapView and its parts), map.py
(render_map), diagram.py (order_diagram of a PhaseView: orders with their outcomes),
placement.py (where a diagram draws units of provinces drawn in several places),
adjacency.py, schematic.py.
"""
from .adjacency import adjacency_csv, adjacency_json, adjacency_page, adjacency_sheets
from .diagram import OrderView, PhaseView, order_diagram
from .draw import markup, svg as to_svg
from .figure import figure_size
from .geometry import label_point, simplified_pieces
from .html import Swatch, cell_lines, colour_chip, swatch
from .legible import TEXT_SPAN, bands, frame, smallest_text, stack
from .map import MapOptions, Metrics, UnitView, home_owners, render_map
from .mapview import LinkView, MapView, PowerView, ProvinceView, view_fingerprint
from .paper import PAPERS, paper_size
from .sheet import CardSheet, crop_marks, sheet_layout
from .shapes import (Circle, Fixed, Fragment, Group, Length, Line, Numbers, Path, Polygon, Polyline, Rect,
                     Span, Svg, Text, Viewport, paint)
from .table import Table, table_drawing
from .svg import colour, lighten, mix, num, wrap, wrap_words
from .viewer import colour_key, map_viewer, moves_key

__all__ = [
    # view models in
    "Circle", "Fixed", "Fragment", "Group", "Length", "Line", "Numbers", "Path", "Polygon", "Polyline",
    "Rect", "Span", "Svg", "Text", "Viewport", "paint",
    # SVG and HTML out
    "markup", "to_svg", "Table", "table_drawing", "CardSheet", "sheet_layout", "crop_marks", "Swatch", "swatch", "cell_lines", "colour_key", "map_viewer",
    # a worked example's figure, legible on a phone (legible.py)
    "TEXT_SPAN", "bands", "frame", "smallest_text", "stack",
    # the one of each
    "PAPERS", "paper_size", "lighten", "mix", "num", "wrap", "wrap_words",
    # a board's view and a phase's, which a family builds, and what is drawn from them: the map,
    # its adjacency tables, the order diagram (mapview.py, map.py, adjacency.py, diagram.py)
    "MapView", "ProvinceView", "LinkView", "PowerView", "view_fingerprint", "label_point", "simplified_pieces",
    "colour", "MapOptions", "Metrics", "UnitView", "home_owners", "render_map", "moves_key", "colour_chip", "figure_size",
    "adjacency_csv", "adjacency_json", "adjacency_page", "adjacency_sheets",
    "OrderView", "PhaseView", "order_diagram",
]
