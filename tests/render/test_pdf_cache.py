"""The opt-in PDF cache (MAPWRIGHT_CACHE_DIR) gives the bytes a fresh render gives."""
import pytest

pytest.importorskip("cairosvg")

from generator.render import print as printing  # noqa: E402

PAGE = ('<svg xmlns="http://www.w3.org/2000/svg" width="50mm" height="30mm" viewBox="0 0 50 30">'
        '<rect width="50" height="30" fill="#eeeeee"/><text x="5" y="15" font-size="5">{}</text></svg>')


def test_cache_serves_the_same_bytes_and_skips_rendering(tmp_path, monkeypatch):
    monkeypatch.setenv(printing.CACHE_ENV, str(tmp_path))
    pages = [PAGE.format("one"), PAGE.format("two")]
    fresh = printing._render_pdf(pages, "T")
    assert printing.pdf_pages(pages, "T") == fresh
    assert len(list((tmp_path / "pdf").glob("*.pdf"))) == 1

    def must_not_render(*_):
        raise AssertionError("rendered although cached")
    monkeypatch.setattr(printing, "_render_pdf", must_not_render)
    assert printing.pdf_pages(pages, "T") == fresh
    with pytest.raises(AssertionError):   # other pages or another title: another entry
        printing.pdf_pages(pages, "other title")


def test_damaged_entries_are_rendered_again(tmp_path, monkeypatch):
    monkeypatch.setenv(printing.CACHE_ENV, str(tmp_path))
    pages = [PAGE.format("x")]
    good = printing.pdf_pages(pages)
    entry, = (tmp_path / "pdf").glob("*.pdf")
    entry.write_bytes(good[: len(good) // 2])   # half-written
    assert printing.pdf_pages(pages) == good
    assert entry.read_bytes() == good


def test_no_cache_folder_means_no_files(tmp_path, monkeypatch):
    monkeypatch.delenv(printing.CACHE_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    printing.pdf_pages([PAGE.format("y")])
    assert not any(tmp_path.iterdir())
