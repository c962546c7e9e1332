"""game.yaml and the rules page of an imported variant (generator/importers/webdip_game.py)."""
import shutil
from pathlib import Path

from generator.game import MAX_PAGE_BYTES
from generator.importers.webdiplomacy import import_variant
from generator.markup import check_markdown

PURE = Path(__file__).resolve().parents[1] / "data" / "webdip" / "Pure"


def test_a_rules_page_too_long_for_the_site_is_fitted_and_said(tmp_path):
    """An 8 KB paragraph became one line of the page (over the validator's 4,000) and a
    100 KB rules.html a page over 64 KiB: the import reported nothing, validate refused it."""
    folder = tmp_path / "Pure"
    shutil.copytree(PURE, folder)
    (folder / "rules.html").write_text("<p>" + "a long paragraph " * 500 + "</p>" + "<p>more text here</p>" * 6000,
                                       encoding="utf-8")
    result = import_variant(folder)
    page = result.starters["rules/01-rules.md"]
    assert check_markdown("Pure/rules/01-rules.md", page) == []
    assert len(page.encode("utf-8")) <= MAX_PAGE_BYTES and " ".join(page.split()).count("a long paragraph") == 500
    fitted = [d for d in result.diagnostics if d.code == "IMP016" and "fitted" in d.message]
    assert fitted and fitted[0].file == "Pure/rules.html" and "cut at" in fitted[0].message
