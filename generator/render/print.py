"""Turning page-sized SVGs into PDF (one file, many pages) and PNG.

PDF pages are drawn onto one Cairo PDF surface by the renderer a build is told
(`pdf_renderer` in mkdocs.yml): librsvg by default (librsvg.py: four times faster than
CairoSVG, which lays out text letter by letter in Python), or CairoSVG. The choice is
explicit because a PDF's bytes depend on it: a machine without the chosen renderer is
told so (`renderer_problem`), never given the other's. PDFs carry fixed metadata (no
creation time), so a build is byte-for-byte repeatable.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from . import librsvg
from .paper import without_paper
from .tiles import sheets

PNG_DPI = 150
FIXED_DATE = "2000-01-01T00:00:00Z"


def _cairosvg():
    try:
        import cairosvg  # noqa: F401
        import cairosvg.surface
    except (ImportError, OSError) as exc:   # OSError: the Cairo library itself is missing
        raise RuntimeError(f"CairoSVG is not usable here ({exc}); install cairosvg and libcairo2") from exc
    return cairosvg


# Rendering PDFs is most of a cold build's time, and a rebuild mostly renders the same
# pages again. A PDF is a pure function of its pages, title, the renderer and the Cairo
# versions: a `PrintJob` names one by a hash of those, and a `PdfCache` folder (the build
# folder's, by default) keeps rendered ones under that hash for later builds. Safe to
# delete at any time.
_CACHE_FORMAT = "mapwright-pdf-2"   # change when _render_pdf renders differently


PDF_RENDERERS = ("librsvg", "cairosvg")
DEFAULT_RENDERER = "librsvg"


class RendererMissing(RuntimeError):
    """The chosen PDF renderer cannot be used here; the message says what to install."""


def renderer_problem(name: str) -> str:
    """Why the PDF renderer `name` cannot draw here ('' when it can)."""
    if name not in PDF_RENDERERS:
        return f"unknown PDF renderer '{name}' (the renderers: {', '.join(PDF_RENDERERS)})"
    try:
        import cairocffi  # noqa: F401  (both draw onto its PDF surface)
    except (ImportError, OSError) as exc:   # OSError: the Cairo library itself is missing
        return f"Cairo is not usable here ({exc}): install cairocffi and libcairo2"
    if name == "librsvg":
        return "" if librsvg.available() else "librsvg 2.52 or later is not installed here (Debian: librsvg2-2)"
    try:
        _cairosvg()
    except RuntimeError as exc:
        return str(exc)
    return ""


def renderer(name: str = DEFAULT_RENDERER) -> str:
    """The PDF renderer `name` with its version ('librsvg 2.54.7', 'CairoSVG 2.7.1')."""
    problem = renderer_problem(name)
    if problem:
        raise RendererMissing(problem)
    if name == "librsvg":
        return f"librsvg {librsvg.version()}"
    return f"CairoSVG {_cairosvg().__version__}"


@dataclass(frozen=True)
class PrintJob:
    """A PDF to render: page-sized SVGs and a title. Picklable, so a process pool can take it."""

    pages: tuple[str, ...]
    title: str = ""
    renderer: str = DEFAULT_RENDERER     # one of PDF_RENDERERS

    def key(self) -> str:
        import hashlib
        import cairocffi
        digest = hashlib.sha256()
        for part in (_CACHE_FORMAT, renderer(self.renderer), cairocffi.cairo_version_string(),
                     cairocffi.version, self.title, str(len(self.pages)), *self.pages):
            raw = part.encode("utf-8")
            digest.update(len(raw).to_bytes(8, "big") + raw)
        return digest.hexdigest()

    def render(self) -> bytes:
        return _render_pdf(list(self.pages), self.title, self.renderer)


def render_job(job: PrintJob) -> bytes:
    """Module-level, so a process pool can call it."""
    return job.render()


class PdfCache:
    """Rendered PDFs by `PrintJob.key()`, in `folder`/pdf."""

    def __init__(self, folder: Path):
        self.folder = Path(folder) / "pdf"

    def get(self, key: str) -> bytes | None:
        try:
            data = (self.folder / f"{key}.pdf").read_bytes()
        except OSError:
            return None
        # a complete PDF as _render_pdf writes it, or nothing (half-written, tampered)
        return data if data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF") else None

    def put(self, key: str, data: bytes) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            partial = self.folder / f"{key}.{os.getpid()}.part"
            partial.write_bytes(data)
            partial.replace(self.folder / f"{key}.pdf")   # atomic: readers see old or whole
        except OSError:
            pass   # a cache that cannot be written only costs time


def pdf_pages(pages: list[str], title: str = "", renderer: str = DEFAULT_RENDERER) -> bytes:
    """One PDF holding each SVG (already page-sized) as a page."""
    return _render_pdf(pages, title, renderer)


def _pdf_surface(out, width: float, height: float, title: str):
    import cairocffi as cairo
    surface = cairo.PDFSurface(out, width, height)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_MOD_DATE, FIXED_DATE)
    if title:
        surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
    surface.set_metadata(cairo.PDF_METADATA_CREATOR, "Mapwright")
    return surface


def _render_pdf(pages: list[str], title: str, renderer: str = DEFAULT_RENDERER) -> bytes:
    problem = renderer_problem(renderer)
    if problem:
        raise RendererMissing(problem)
    return (_render_pdf_librsvg if renderer == "librsvg" else _render_pdf_cairosvg)(pages, title)


def _render_pdf_librsvg(pages: list[str], title: str) -> bytes:
    import cairocffi as cairo
    out = io.BytesIO()
    surface = context = None
    for svg in pages:
        page = librsvg.Page(svg.encode("utf-8"))
        if surface is None:
            surface = _pdf_surface(out, page.width, page.height, title)
            context = cairo.Context(surface)
        else:
            surface.set_size(page.width, page.height)
        page.draw(context)
        context.show_page()
    if surface is not None:
        surface.finish()
    return out.getvalue()


def _render_pdf_cairosvg(pages: list[str], title: str) -> bytes:
    cairosvg = _cairosvg()
    from cairosvg.parser import Tree

    out = io.BytesIO()
    shared: dict = {}

    class Shared(cairosvg.surface.PDFSurface):
        def _create_surface(self, width, height):
            surf = shared.get("surface")
            if surf is None:
                surf = shared["surface"] = _pdf_surface(self.output, width, height, title)
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


def pdf_jobs(docs: list[tuple[str, str]], paper: str, *, title: str = "",
             renderer: str = DEFAULT_RENDERER) -> dict[str, PrintJob]:
    """The PDFs `print_documents(docs, paper, "pdf")` makes (several documents: one
    multi-page file), as jobs to render later (see `print_documents` for the names)."""
    laid = [(stem, sheets(svg, paper, title=title)) for stem, svg in docs]
    if len(laid) > 1:
        first = without_paper(docs[0][0])
        base = first.rsplit("-", 1)[0] if "-" in first else first
        return {f"{base}-{paper}.pdf": PrintJob(tuple(s.svg for _, ss in laid for s in ss), title, renderer)}
    return {f"{without_paper(stem)}-{paper}.pdf": PrintJob(tuple(s.svg for s in ss), title, renderer)
            for stem, ss in laid}


def print_documents(docs: list[tuple[str, str]], paper: str, fmt: str, *, title: str = "",
                    combine: bool = True, renderer: str = DEFAULT_RENDERER):
    """Lay each (stem, mm-sized SVG) on `paper` (one sheet, or tiles: tiles.sheets) and convert.

    Returns (files, placements): files maps a file name to bytes or text. A PDF holds all
    the sheets of a document; with `combine`, several documents become one multi-page PDF
    named after the first stem's prefix. SVG and PNG are a file per sheet, a tile's name
    carrying its sheet ('map-key-A4.svg', 'map-tile-A1-A4.svg'). File names carry the paper
    once: a stem's own paper token ('cards-letter-1') is replaced by the paper printed on
    ('cards-1-letter'). PDFs are drawn by `renderer` (PDF_RENDERERS)."""
    if fmt not in ("pdf", "png", "svg"):
        raise ValueError(f"unknown format '{fmt}' (pdf, png or svg)")
    laid = [(stem, sheets(svg, paper, title=title)) for stem, svg in docs]
    placements = [(stem, s.placement) for stem, ss in laid for s in ss if s.placement is not None]
    files: dict[str, bytes | str] = {}
    if fmt == "pdf":
        jobs = pdf_jobs(docs, paper, title=title, renderer=renderer) if combine else {
            f"{without_paper(stem)}-{paper}.pdf": PrintJob(tuple(s.svg for s in ss), title, renderer)
            for stem, ss in laid}
        return {name: job.render() for name, job in jobs.items()}, placements
    for original, ss in laid:
        stem = without_paper(original)
        for s in ss:
            name = f"{stem}-{_sheet_name(s.suffix)}-{paper}" if s.suffix else f"{stem}-{paper}"
            files[f"{name}.{fmt}"] = png_page(s.svg) if fmt == "png" else s.svg
    return files, placements


def _sheet_name(suffix: str) -> str:
    """'key' stays; a tile 'A3' becomes 'tile-A3' (never mistaken for a paper size)."""
    return suffix if suffix == "key" else f"tile-{suffix}"
