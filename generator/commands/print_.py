"""mapwright print GAME [--what ...] --paper A4 --format pdf [-o DIR] — print-ready files.

Generic over families: each family's `printables(game)` capability returns
{what: [(file stem, SVG sized in mm)]}; this command keeps the chosen paper's variants
(stems naming a paper, e.g. cards-letter-1), fits each document on the paper (margins,
best orientation; sheets already the paper's size go 1:1) and converts it (render/print.py).
"""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic
from ..render.codes import NO_PRINTABLES, SMALL_TEXT
from ..render.paper import PAPERS, for_paper
from ..render.print import DEFAULT_RENDERER, PDF_RENDERERS
from ..writing import Refused, write_files
from ..progress import step
from .common import add_force, examples, fail, load_game, report, write_refused
from .console import say


def register(sub) -> None:
    p = sub.add_parser("print", help="write print-ready maps, tables, charts or cards",
                       description="Lay the game's printable sheets on paper and write PDF, PNG or SVG files.",
                       epilog=examples("mapwright print classic", "mapwright print classic --what map --paper A3 "
                                       "-o classic-map.pdf", "mapwright print dixie --what charts --format png"))
    p.add_argument("game", help="game id (folder under content/) or path to a game folder")
    p.add_argument("--what", action="append", choices=["map", "adjacency", "charts", "cards"],
                   help="which sheets (repeatable; default: everything the family offers)")
    p.add_argument("--paper", default="A4", type=_paper_name, choices=list(PAPERS),
                   help="paper size, any letter case (default: A4)")
    p.add_argument("--format", dest="fmt", default="pdf", choices=["pdf", "svg", "png"],
                   help="output format (default: pdf)")
    p.add_argument("--pdf-renderer", default=DEFAULT_RENDERER, choices=list(PDF_RENDERERS),
                   help=f"what draws the PDF pages (default: {DEFAULT_RENDERER}); a PDF's bytes depend on it")
    p.add_argument("-o", "--output", type=Path, default=Path("print"),
                   help="folder to write (default: print/), or a file name ending in the format (map.pdf)")
    add_force(p)
    p.set_defaults(func=run, progress=True)


def _paper_name(text: str) -> str:
    """'a4' -> 'A4', 'Letter' -> 'letter': paper names in any case."""
    return next((key for key in PAPERS if key.lower() == text.lower()), text)


def _larger_paper_hint(paper: str) -> str:
    area = PAPERS[paper][0] * PAPERS[paper][1]
    larger = [name for name, (w, h) in PAPERS.items() if w * h > area * 1.2]
    return (f"try {' or '.join(f'--paper {n}' for n in larger)}" if larger
            else "print it on a larger sheet than these papers, or accept small print")


def run(args) -> int:
    fam, game = load_game(args.game)
    if fam is None:
        return report(game, "text") or 1
    make = fam.printables
    shown = getattr(getattr(game, "source", None), "root", None) or args.game
    docs = make(game) if make else {}
    wanted = args.what or sorted(docs)
    # per-paper variants ('cards-a4-1', 'cards-letter-1'): only the chosen paper's set
    chosen = {w: for_paper(docs[w], args.paper) for w in wanted if docs.get(w)}
    if not chosen:
        offered = ", ".join(sorted(docs)) or "none"
        return report([Diagnostic(str(shown), 1, 1, NO_PRINTABLES,
                                  f"nothing to print for {', '.join(wanted) or 'this game'} (offered: {offered})")],
                      "text") or 1
    from ..render.print import print_documents, renderer_problem
    if args.fmt == "pdf" and (problem := renderer_problem(args.pdf_renderer)):
        other = next(r for r in PDF_RENDERERS if r != args.pdf_renderer)
        return fail(f"{problem}; install it, or choose --pdf-renderer {other}", 1)
    meta = getattr(getattr(game, "source", None), "meta", None) or {}
    title = str(getattr(game, "title", "") or meta.get("title") or args.game)
    # `-o map.pdf` names the file itself (several files: map-<name>.pdf beside it);
    # any other -o is the folder to write into
    as_file = args.output.suffix.lower() == f".{args.fmt}" and not args.output.is_dir()
    folder = args.output.parent if as_file else args.output
    warnings, out = [], {}
    try:
        made = []
        for n, (what, items) in enumerate(sorted(chosen.items()), 1):
            step("%s on %s (%d of %d)", what, args.paper, n, len(chosen))
            made.append(print_documents(items, args.paper, args.fmt, title=title, renderer=args.pdf_renderer))
    except RuntimeError as exc:
        return fail(str(exc), 1)
    count = sum(len(files) for files, _ in made)
    for files, placed in made:
        for name, data in files.items():
            if as_file:
                name = args.output.name if count == 1 else f"{args.output.stem}-{name}"
            out[name] = data
        for stem, p in placed:
            if not p.readable:
                warnings.append(Diagnostic(
                    str(shown), 1, 1, SMALL_TEXT,
                    f"{stem} on {args.paper}: smallest text {p.min_font_mm:.2f} mm after scaling to fit",
                    severity="warning", hint=_larger_paper_hint(args.paper)))
    # the files are recorded in the folder's .mapwright-files (PDFs and PNGs carry no mark);
    # a folder named by -o is the output's own, the folder of a file named by -o is the user's
    try:
        written = write_files(folder, out, force=args.force, record=True, root_is_output=not as_file)
    except (Refused, OSError) as exc:
        return write_refused(exc, folder)
    for path in written:
        say(f"wrote {path}")
    if warnings:
        report(warnings, "text")
    return 0
