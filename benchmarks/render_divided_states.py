"""Render time and SVG size of the Divided States map (budget: < 2 s, <= 1.5 KB per province).

    python benchmarks/render_divided_states.py [--pdf] [--svgwrite]

Loads content/divided-states through the Diplomacy family when it is available (else
straight from map.yaml and geometry.yaml with the family's model builders), renders the
interactive map the site inlines, and prints timings. `--svgwrite` also times emitting
the same province paths through svgwrite, the measurement behind building SVG as
strings (svgwrite is no dependency of Mapwright: `pip install svgwrite` first);
`--pdf` times the A4 printable PDF.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BUDGET_SECONDS = 2.0
BUDGET_BYTES_PER_PROVINCE = 1536


def load(game_id: str = "divided-states"):
    try:
        from generator.commands.common import load_game
        fam, game = load_game(str(ROOT / "content" / game_id))
        if fam is not None:
            return game
    except Exception:   # the family may not be wired yet: fall back to the model builders
        pass
    import yaml
    from generator.families.diplomacy.model import Game, build_map, build_start
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    folder = ROOT / "content" / game_id
    data = yaml.load((folder / "map.yaml").read_text(encoding="utf-8"), Loader=loader)
    geometry = yaml.load((folder / "geometry.yaml").read_text(encoding="utf-8"), Loader=loader)
    return Game(game_id, game_id, {}, {}, build_map(data), build_start(data),
                colored_neutral_centers=data.get("colored_neutral_centers") or {}, geometry=geometry)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pdf", action="store_true", help="also time the A4 PDF printable")
    ap.add_argument("--svgwrite", action="store_true", help="also time svgwrite for the province layer")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    from generator.families.diplomacy.pages_render import map_svg, printables
    from generator.render.mapview import view_of

    t = time.perf_counter()
    game = load()
    load_s = time.perf_counter() - t
    view = view_of(game)
    n = len(view.provinces)
    times = []
    svg = ""
    for _ in range(args.repeat):
        t = time.perf_counter()
        svg = map_svg(game, interactive=True)
        times.append(time.perf_counter() - t)
    size = len(svg.encode("utf-8"))
    render_s = statistics.median(times)
    print(f"provinces: {n}")
    print(f"load (not budgeted): {load_s:.2f} s")
    print(f"render interactive map: {render_s:.3f} s (median of {args.repeat}; budget {BUDGET_SECONDS} s)")
    print(f"SVG size: {size} bytes, {size / n:.0f} bytes per province (budget {BUDGET_BYTES_PER_PROVINCE})")

    if args.svgwrite:
        import svgwrite
        from generator.render.svg import path_from_pieces
        t = time.perf_counter()
        # debug=False: svgwrite's validating mode rejects the data-* attributes the
        # interactive map needs, and is slower still
        dwg = svgwrite.Drawing(size=(view.width, view.height), debug=False)
        for p in view.provinces.values():
            if p.pieces:
                dwg.add(dwg.path(d=path_from_pieces(p.pieces), id=f"prov-{p.id}", fill="#efe3c2",
                                 **{"data-prov": p.id}))
        text = dwg.tostring()
        sw = time.perf_counter() - t
        t = time.perf_counter()
        "".join(f'<path id="prov-{p.id}" d="{path_from_pieces(p.pieces)}" fill="#efe3c2" data-prov="{p.id}"/>'
                for p in view.provinces.values() if p.pieces)
        plain = time.perf_counter() - t
        print(f"province layer via svgwrite: {sw:.3f} s ({len(text)} bytes); as strings: {plain:.3f} s")

    if args.pdf:
        from generator.render.print import print_documents
        t = time.perf_counter()
        docs = printables(game)["map"]
        files, placed = print_documents(docs, "A4", "pdf")
        pdf_s = time.perf_counter() - t
        name, data = next(iter(files.items()))
        print(f"A4 PDF {name}: {pdf_s:.2f} s, {len(data)} bytes, smallest text "
              f"{placed[0][1].min_font_mm:.2f} mm")

    ok = render_s < BUDGET_SECONDS and size / n <= BUDGET_BYTES_PER_PROVINCE
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
