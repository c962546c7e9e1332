"""mapwright render GAME --position FILE [--orders FILE] [-o OUT.svg] — draw any position.

The position file (YAML or JSON) is shaped like an adjudicate request: `units`,
`centers`, optionally `phase`, `dislodged` and `orders`. Drawing is the family's
capability (`Family.render`): the Diplomacy family adjudicates the orders and draws the
order diagram (arrows, failed orders crossed, dislodged units ringed), or without
orders a map of the position. A family without a renderer is refused with a message.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..diagnostics import Diagnostic, errors, register
from ..render.codes import BAD_POSITION
from ..writing import Refused, write_files
from .common import add_force, examples, fail, load_game, report, write_refused
from .console import say

NO_RENDERER = register("MW501", "Family cannot draw positions",
                       "`mapwright render` draws a position with the game's family renderer, and "
                       "this game's family has none yet. Its maps are on the game's pages "
                       "(`mapwright build`) and in `mapwright print`.")


def register(sub) -> None:
    p = sub.add_parser("render", help="draw a position (and its orders) as SVG",
                       description="Draw a position as an SVG map; with orders, adjudicate them and "
                                   "draw the order diagram.",
                       epilog=examples("mapwright render classic --position spring.yaml --orders orders.yaml -o turn.svg",
                                       "mapwright render classic --position spring.yaml > position.svg"))
    p.add_argument("game", help="game id (folder under content/) or path to a game folder")
    p.add_argument("--position", type=Path, required=True, help="YAML/JSON position (units, centers, ...)")
    p.add_argument("--orders", type=Path, help="YAML/JSON orders {POWER: [order, ...]} (or a file with `orders:`)")
    p.add_argument("-o", "--output", type=Path, help="SVG file to write (default: standard output)")
    p.add_argument("--title", default=None, help="title drawn on the SVG")
    add_force(p)
    p.set_defaults(func=run)


def _read_mapping(path: Path):
    from ..loader import load_document
    doc, diags = load_document(path)
    if errors(diags):
        return None, diags
    if not isinstance(doc.data, dict):
        return None, [doc.diagnostic("", BAD_POSITION, "the file does not hold a mapping",
                                     hint="write `units:` and `orders:` keys")]
    return doc, []


def build_request(position: dict, orders: dict | None) -> tuple[dict | None, str]:
    """The adjudicate request from a position and (optional) orders; (None, why) if unusable."""
    units = position.get("units")
    if not isinstance(units, dict):
        return None, "the position has no `units:` mapping of power -> list of units"
    request = {k: position[k] for k in ("phase", "units", "centers", "dislodged", "contested", "orders")
               if k in position}
    if orders is not None:
        request["orders"] = orders.get("orders", orders) if isinstance(orders, dict) else orders
    if "orders" in request and not isinstance(request["orders"], dict):
        return None, "`orders` must map each power to a list of orders"
    request.setdefault("phase", "S1901M")
    return request, ""


def run(args) -> int:
    fam, game = load_game(args.game)
    if fam is None:
        return report(game, "text") or 1
    if fam.render is None:
        return _no_renderer(fam, game)
    doc, diags = _read_mapping(args.position)
    if doc is None:
        return report(diags, "text") or 1
    orders = None
    if args.orders:
        odoc, diags = _read_mapping(args.orders)
        if odoc is None:
            return report(diags, "text") or 1
        orders = odoc.data
    request, why = build_request(doc.data, orders)
    if request is None:
        return report([doc.diagnostic("", BAD_POSITION, why)], "text") or 1
    svg = render_request(fam, game, request, title=args.title)
    if isinstance(svg, int):
        return svg
    if args.output:     # recorded in the folder's .mapwright-files; the folder itself is the user's
        try:
            write_files(args.output.parent, {args.output.name: svg}, force=args.force, record=True,
                        root_is_output=False)
        except (Refused, OSError) as exc:
            return write_refused(exc, args.output)
        say(f"wrote {args.output}")
    else:
        sys.stdout.write(svg)
    return 0


def render_request(fam, game, request: dict, title: str | None = None):
    """The family's drawing of the request (an SVG string), or an exit status after
    saying why there is none: the family cannot draw positions, or the request is bad."""
    if fam.render is None:
        return _no_renderer(fam, game)
    try:
        return fam.render(game, request, title=title or "")
    except ValueError as exc:   # the family's AdjudicationError: a malformed request
        return fail(f"the position could not be drawn: {exc}", 1)


def _no_renderer(fam, game) -> int:
    where = getattr(getattr(game, "source", None), "root", None) or fam.name
    return report([Diagnostic(f"{where}/game.yaml", 1, 1, NO_RENDERER,
                              f"the {fam.name} family cannot draw positions",
                              pointer="/family", hint="see the game's map pages, or `mapwright print`")],
                  "text") or 1
