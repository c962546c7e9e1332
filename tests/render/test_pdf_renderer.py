"""The PDF renderer is an explicit choice: a PDF's bytes depend on it, so a machine
without the chosen one is told so (located in mkdocs.yml), never given the other's."""
from __future__ import annotations

import pytest

from generator.build import NO_RENDERER, BuildOptions, check_renderer
from generator.render import librsvg
from generator.render import print as printing
from generator.render.print import PrintJob, RendererMissing

PAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm"><text x="5" y="20">{}</text></svg>'


@pytest.fixture
def no_librsvg(monkeypatch):
    monkeypatch.setattr(librsvg, "available", lambda: False)


def test_a_job_is_drawn_by_its_renderer_and_named_by_it():
    pages = (PAGE.format("one"),)
    by_rsvg, by_cairosvg = PrintJob(pages, "T"), PrintJob(pages, "T", "cairosvg")
    assert by_rsvg.renderer == "librsvg"             # the default
    assert by_rsvg.key() != by_cairosvg.key()
    assert by_rsvg.render().startswith(b"%PDF-") and by_cairosvg.render().startswith(b"%PDF-")


def test_without_the_chosen_renderer_nothing_else_draws(no_librsvg):
    """librsvg missing, the PDFs were drawn by CairoSVG without a word: other bytes."""
    job = PrintJob((PAGE.format("one"),), "T")
    with pytest.raises(RendererMissing, match="librsvg2-2"):
        job.render()
    with pytest.raises(RendererMissing):
        job.key()
    assert PrintJob(job.pages, "T", "cairosvg").render().startswith(b"%PDF-")   # named, it draws
    with pytest.raises(RendererMissing, match="unknown PDF renderer 'inkscape'"):
        PrintJob(job.pages, "T", "inkscape").render()


def test_a_missing_renderer_is_refused_at_the_line_of_mkdocs_yml_that_chose_it(tmp_path, no_librsvg):
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: X\nplugins:\n  - search\n  - mapwright:\n      pdf_renderer: librsvg\n")
    found = check_renderer(BuildOptions(pdf_renderer="librsvg"), config)
    assert [(d.line, d.column, d.code) for d in found] == [(5, 7, NO_RENDERER)]
    assert "librsvg2-2" in found[0].message and "pdf_renderer: cairosvg" in found[0].hint
    config.write_text("site_name: X\nplugins:\n  - mapwright\n")        # the default: at the plugin's line
    found = check_renderer(BuildOptions(), config)
    assert [(d.line, d.column) for d in found] == [(3, 5)] and "(the default)" in found[0].message
    assert check_renderer(BuildOptions(pdf=False), config) == []           # no PDFs, nothing to draw them
    assert check_renderer(BuildOptions(pdf_renderer="cairosvg"), config) == []


def test_the_build_summary_names_the_renderer(tmp_path, monkeypatch, capsys):
    from generator.cli import main
    from generator.mkdocs_plugin import run
    (tmp_path / "content").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(run, "build_site", lambda *a, **k: run.Outcome([], 2, renderer="librsvg 2.54.7",
                                                                        timings={"total": 3.25}))
    assert main(["build"]) == 0
    assert capsys.readouterr().err == "built 2 game(s) into site/ in 3.2 s, PDFs drawn by librsvg 2.54.7\n"
    assert printing.renderer("cairosvg").startswith("CairoSVG ")
