"""`mapwright build`: once the pages are written, the build's own process renders the
PDFs the pool has not started (instead of waiting for the pool to reach them)."""
from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

from generator.cli import main
from generator.mkdocs_plugin import plugin
from generator.render.print import PdfCache

REPO = Path(__file__).resolve().parents[2]


class _Idle:
    """A pool that never starts what it is given."""

    def __init__(self):
        self.submitted: list[Future] = []

    def submit(self, fn, *args):
        self.submitted.append(Future())
        return self.submitted[-1]


def test_pdfs_the_pool_has_not_started_are_rendered_by_the_build(tmp_path, monkeypatch):
    content = tmp_path / "content"
    assert main(["new", "one", "--family", "diplomacy", "--content", str(content)]) == 0
    idle = _Idle()
    monkeypatch.setattr(plugin.Session, "executor", lambda self, jobs: idle)
    monkeypatch.chdir(tmp_path)
    site, cache = tmp_path / "site", tmp_path / "build" / "cache"
    assert main(["build", "--content", str(content), "-o", str(site), "--cache-dir", str(cache),
                 "--config", str(REPO / "mkdocs.yml")]) == 0
    pdfs = sorted((site / "one" / "print").glob("*.pdf"))
    # the map and the adjacency table, each on A4 and on US Letter
    assert len(pdfs) == len(idle.submitted) == 4 and all(f.cancelled() for f in idle.submitted)
    for pdf in pdfs:
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert len(list(PdfCache(cache).folder.glob("*.pdf"))) == 4   # and kept for the next build
