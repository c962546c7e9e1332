"""Rendering: SVG maps, order diagrams, adjacency tables, paper layout and printing.

Family-agnostic pieces other families can reuse:
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
from .diagram import OrderView, PhaseView, order_diagram
from .mapview import LinkView, MapView, PowerView, ProvinceView

__all__ = [
    # a board's view and a phase's, which a family builds, and the order diagram drawn from them
    "MapView", "ProvinceView", "LinkView", "PowerView", "OrderView", "PhaseView", "order_diagram",
]
