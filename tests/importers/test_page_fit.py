"""Imported rules pages within the validator's limits for a page (generator/importers/page_fit.py)."""
from generator.escape import md_text
from generator.importers.page_fit import PAGE, cut, fit_page
from generator.markup import check_markdown


def test_a_page_within_the_limits_is_kept_as_written():
    page = "# Title\n\nSome text, [a link](https://example.org).\n\n- one\n- two\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n"
    assert fit_page(page) == (page, [])


def test_long_paragraphs_words_headings_brackets_and_tables_are_fitted():
    table = "| a | b |\n| --- | --- |\n" + "\n".join(f"| {md_text('[y]' * 3)} | z |" for _ in range(200))
    page = "\n\n".join(["# T", md_text("word " * 3000), "- " + md_text("[x] " * 500), "### " + md_text("h" * 400),
                        md_text("A" * 9000), table])
    out, notes = fit_page(page)
    assert check_markdown("p.md", out) == [] and len(notes) == 2
    assert out.count("word") == 3000 and out.count("\\[x\\]") == 500       # wrapped and split, not cut
    assert out.count("| --- | --- |") > 1                                   # the table split, its header repeated


def test_a_long_page_ends_at_a_block_within_the_size_limit():
    out, notes = fit_page(("Ünïcode paragraph. " * 50 + "\n\n") * 300)
    assert len(out.encode("utf-8")) <= PAGE + 200 and check_markdown("p.md", out) == []
    assert out.rstrip().endswith("longer than a page of the site may be.*") and "cut at" in notes[0]


def test_cuts_never_split_an_escape_or_an_entity():
    assert cut("ab\\" + "c" * 10, 4) == "ab…"
    assert cut("a&amp;" + "b" * 10, 5) == "a…"
    assert cut("\\[" * 10, 100, brackets=3) == "\\[\\[\\[…"


def test_long_lists_tables_and_many_headings_are_fitted_to_the_block_and_heading_limits():
    """Blocks are bounded in lines and pages in headings (Markdown's cost is linear only
    then): a list or table too long for a block is split, the page ends at the last
    heading that fits."""
    rows = "| a | b |\n| --- | --- |\n" + "\n".join(f"| {i} | x |" for i in range(1000))
    items = "\n".join(f"- item {i}" for i in range(1000))
    out, notes = fit_page("\n\n".join(["# T", rows, items]))
    assert check_markdown("p.md", out) == [] and notes == []
    assert out.count("| --- | --- |") > 5 and all(f"item {i}\n" in out for i in range(1000))
    out, notes = fit_page("\n\n".join(f"## {i}\n\nText {i}:\nwrapped" for i in range(800)))
    assert check_markdown("p.md", out) == [] and "cut at 500 headings" in notes[0]


def test_wrapped_prose_never_starts_a_definition():
    out, _ = fit_page("Term\n\n" + "www : " * 2000)       # a break falls before a colon
    assert check_markdown("p.md", out) == [] and "\n:" not in out
