"""The PDF cache (build/cache/pdf by default) gives the bytes a fresh render gives, keyed
by everything a PDF depends on."""
import pytest

pytest.importorskip("cairosvg")

from generator.render.print import PdfCache, PrintJob, pdf_jobs, print_documents  # noqa: E402

PAGE = ('<svg xmlns="http://www.w3.org/2000/svg" width="50mm" height="30mm" viewBox="0 0 50 30">'
        '<rect width="50" height="30" fill="#eeeeee"/><text x="5" y="15" font-size="5">{}</text></svg>')


def test_a_cached_job_gives_the_rendered_bytes(tmp_path):
    job = PrintJob((PAGE.format("one"), PAGE.format("two")), "T")
    cache = PdfCache(tmp_path)
    assert cache.get(job.key()) is None
    fresh = job.render()
    cache.put(job.key(), fresh)
    assert cache.get(job.key()) == fresh
    assert len(list((tmp_path / "pdf").glob("*.pdf"))) == 1
    assert PrintJob(job.pages, "other title").key() != job.key()
    assert PrintJob(job.pages[:1], "T").key() != job.key()


def test_damaged_entries_are_not_served(tmp_path):
    job = PrintJob((PAGE.format("x"),))
    cache = PdfCache(tmp_path)
    good = job.render()
    cache.put(job.key(), good)
    entry, = (tmp_path / "pdf").glob("*.pdf")
    entry.write_bytes(good[: len(good) // 2])   # half-written
    assert cache.get(job.key()) is None
    entry.write_bytes(b"<html>not a pdf %%EOF")
    assert cache.get(job.key()) is None


def test_jobs_render_what_print_documents_renders():
    docs = [("adjacency-01", PAGE.format("a")), ("adjacency-02", PAGE.format("b"))]
    jobs = pdf_jobs(docs, "A4", title="T")
    files, _ = print_documents(docs, "A4", "pdf", title="T")
    assert set(jobs) == set(files) == {"adjacency-A4.pdf"}
    assert jobs["adjacency-A4.pdf"].render() == files["adjacency-A4.pdf"]
