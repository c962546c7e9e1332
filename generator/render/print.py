"""Turning page-sized SVGs into PDF (one file, many pages) and PNG, with CairoSVG.

PDFs carry fixed metadata (no creation time), so a build is byte-for-byte repeatable.
"""
from __future__ import annotations

import io

from .paper import place_on_paper, without_paper

PNG_DPI = 150
FIXED_DATE = "2000-01-01T00:00:00Z"


def _cairosvg():
    try:
        import cairosvg  # noqa: F401
        import cairosvg.surface
    except (ImportError, OSError) as exc:   # OSError: the Cairo library itself is missing
        raise RuntimeError(f"CairoSVG is not usable here ({exc}); install cairosvg and libcairo2") from exc
    return cairosvg


def pdf_pages(pages: list[str], title: str = "") -> bytes:
    """One PDF holding each SVG (already page-sized) as a page."""
    cairosvg = _cairosvg()
    import cairocffi as cairo
    from cairosvg.parser import Tree

    out = io.BytesIO()
    shared: dict = {}

    class Shared(cairosvg.surface.PDFSurface):
        def _create_surface(self, width, height):
            surf = shared.get("surface")
            if surf is None:
                surf = cairo.PDFSurface(self.output, width, height)
                surf.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
                surf.set_metadata(cairo.PDF_METADATA_MOD_DATE, FIXED_DATE)
                if title:
                    surf.set_metadata(cairo.PDF_METADATA_TITLE, title)
                surf.set_metadata(cairo.PDF_METADATA_CREATOR, "Mapwright")
                shared["surface"] = surf
            else:
                surf.set_size(width, height)
            return surf, width, height

    for svg in pages:
        tree = Tree(bytestring=svg.encode("utf-8"))
        surface = Shared(tree, out, 96)
        surface.context.show_page()
    if "surface" in shared:
        shared["surface"].finish()
    return out.getvalue()


def png_page(svg: str, dpi: int = PNG_DPI) -> bytes:
    cairosvg = _cairosvg()
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)


def print_documents(docs: list[tuple[str, str]], paper: str, fmt: str, *, title: str = "",
                    combine: bool = True):
    """Lay each (stem, mm-sized SVG) on `paper` and convert.

    Returns (files, placements): files maps a file name to bytes or text. With `combine`,
    several documents become one multi-page PDF named after the first stem's prefix.
    File names carry the paper once: a stem's own paper token ('cards-letter-1') is
    replaced by the paper printed on ('cards-1-letter')."""
    placed = [(stem, *place_on_paper(svg, paper)) for stem, svg in docs]
    files: dict[str, bytes | str] = {}
    if fmt == "pdf" and combine and len(placed) > 1:
        first = without_paper(docs[0][0])
        base = first.rsplit("-", 1)[0] if "-" in first else first
        files[f"{base}-{paper}.pdf"] = pdf_pages([page for _, page, _ in placed], title)
    else:
        for original, page, _ in placed:
            stem = without_paper(original)
            if fmt == "pdf":
                files[f"{stem}-{paper}.pdf"] = pdf_pages([page], title)
            elif fmt == "png":
                files[f"{stem}-{paper}.png"] = png_page(page)
            elif fmt == "svg":
                files[f"{stem}-{paper}.svg"] = page
            else:
                raise ValueError(f"unknown format '{fmt}' (pdf, png or svg)")
    return files, [(stem, p) for stem, _, p in placed]
