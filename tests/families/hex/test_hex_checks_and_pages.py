import re

from generator.escape import md_text
from generator.families.hex import FAMILY
from generator.game import read_game

from .helpers import DIXIE, dixie


def codes(game_dir):
    """What the family's data checks and rules-page checks find."""
    source, diags = read_game(game_dir)
    assert source is not None, [str(d) for d in diags]
    game = FAMILY.load(source)
    return FAMILY.check(game) + FAMILY.from_rules(game, source.rules_pages).diagnostics


def test_clean_game_has_only_the_erratum_notes():
    found = codes(DIXIE)
    assert {d.code for d in found} == {"HEX011"}
    assert all(d.severity == "info" for d in found)


def test_broken_scenario_and_map_are_reported_with_positions(game_copy):
    target = game_copy("dixie")
    sc = target / "scenarios.yaml"
    text = sc.read_text()
    text = text.replace("corps_equivalent: 10\n        ap_level: 25", "corps_equivalent: 11\n        ap_level: 25")
    text = text.replace("example: {hex: \"0116\", distance: 3}", "example: {hex: \"0116\", distance: 5}")
    text = text.replace("including_one_of: [new-orleans]", "including_one_of: [atlantis]")
    sc.write_text(text)
    mp = target / "map.yaml"
    m = mp.read_text().replace('"0101": {terrain: clear, country: USA}', '"0101": {terrain: lava, country: USA}', 1)
    m = m.replace("hexsides:\n", 'hexsides:\n  - {hexes: ["0101", "0909"], features: [river]}\n', 1)
    mp.write_text(m)
    found = codes(target)
    by = {d.code: d for d in found}
    for code in ("HEX001", "HEX004", "HEX010", "HEX013", "HEX015"):
        assert code in by, code
        assert by[code].line > 1
    assert by["HEX010"].file.endswith("scenarios.yaml")


def test_pages_are_deterministic_and_mark_estimates():
    game = dixie()
    first = {p.path: p.content for p in FAMILY.pages(game)}
    second = {p.path: p.content for p in FAMILY.pages(game)}
    assert first == second
    assert {"map.md", "charts.md", "scenarios.md", "counters.md", "assets/map.svg"} <= set(first)
    assert "Reconstruction" in first["map.md"] and "RECONSTRUCTED" in first["assets/map.svg"]
    assert "Potomac and the Ohio" in first["map.md"]                 # the map's reasoning (not the empty rule field)
    assert "## The border" in first["map.md"] and "| Evansville | 2011-2012 | USA |" in first["map.md"]
    assert "AP track runs from 0 to 60 *(estimated)*" in first["charts.md"]
    assert "| Resource centre | 0 *(estimated)* |" in first["charts.md"]
    assert first["charts.md"].count("*(estimated)*") >= 3
    # an erratum is named by the rules it corrects (content text, escaped in the admonition
    # title), never by its id
    assert "Erratum to " + md_text("17.1.1, 17.1.2") in first["scenarios.md"]
    assert "initial-row-columns" not in first["scenarios.md"] and md_text("initial-row-columns") not in first["scenarios.md"]


def test_printables_are_sized_in_millimetres():
    sheets = FAMILY.printables(dixie())
    assert set(sheets) == {"map", "charts", "cards"}
    for docs in sheets.values():
        for stem, svg in docs:
            assert re.match(r'<svg [^>]*width="[0-9.]+mm" height="[0-9.]+mm"', svg), stem


def test_content_text_is_escaped_in_svg_and_pages():
    from dataclasses import replace
    from generator.families.hex.pages import map_page
    from generator.families.hex.render import map_svg
    game = dixie()
    hostile = '<script>"x"</script>|*y*'
    cities = {cid: replace(c, name=hostile) if cid == "memphis" else c for cid, c in game.map.cities.items()}
    g = replace(game, map=replace(game.map, cities=cities))
    svg, _, _ = map_svg(g)
    assert "<script>" not in svg and "&lt;script&gt;&quot;x&quot;&lt;/script&gt;" in svg
    page = map_page(g)
    assert "<script>" not in page and "\\|" in page


def test_missing_ap_cost_is_a_located_diagnostic_not_a_crash(game_copy):
    target = game_copy("dixie")
    charts = target / "charts.yaml"
    lines = [ln for ln in charts.read_text().splitlines(keepends=True)
             if "id: recover-disruption" not in ln and "id: airstrike-interdiction" not in ln]
    charts.write_text("".join(lines))
    found = codes(target)
    missing = [d for d in found if d.code == "HEX023"]
    assert {"recover-disruption", "airstrike-interdiction"} <= {m.message.split("'")[1] for m in missing}
    assert all(d.file.endswith("charts.yaml") and d.line > 1 and d.severity == "error" for d in missing)
    assert any(d.code == "HEX024" for d in found)              # the interdiction mission names the lost id
    # the engine reports the gap instead of raising KeyError
    from generator.families.base import Example
    from generator.loader import load_text
    source, _ = read_game(target)
    game = FAMILY.load(source)
    doc, _ = load_text("kind: recovery\nunits: [{id: c, side: CSA, type: infantry-corps, hex: '1819', disrupted: true}]\n"
                       "recovery: {side: CSA, units: [c]}\nexpect: {ap: 3}\n", "x.md")
    out = FAMILY.run_example(game, Example(doc.data, doc, "rules/x.md", 1))
    assert not out.verified and "recover-disruption" in out.mismatches[0]


def test_city_bombing_table_shape_is_checked(game_copy):
    target = game_copy("dixie")
    charts = target / "charts.yaml"
    charts.write_text(charts.read_text().replace("- {roll: 6, results: [1, 2, 3, 3]}", "- {roll: 6, results: [1, 2, 3]}"))
    found = [d for d in codes(target) if d.code == "HEX025"]
    assert found and found[0].file.endswith("charts.yaml") and found[0].line > 1


def _texts_fit(svg: str) -> list[str]:
    """Text lines that run past the right edge of the drawing (rough width of a sans face)."""
    from generator.render.svg import text_width
    width = float(re.search(r'viewBox="0 0 ([0-9.]+) ', svg).group(1))
    bad = []
    for attrs, text in re.findall(r'<text ([^>]*)>([^<]*)</text>', svg):
        x = float(re.search(r'\bx="([0-9.]+)"', attrs).group(1))
        size = float(re.search(r'font-size="([0-9.]+)"', attrs).group(1))
        if 'text-anchor="middle"' in attrs:
            x -= text_width(text, size) / 2
        if x + text_width(text, size) > width:
            bad.append(text)
    return bad


def test_chart_notes_wrap_inside_the_chart():
    from generator.families.hex.printables import air_svg, cbt_svg, crt_svg
    game = dixie()
    crt = crt_svg(game)
    assert "ESTIMATED" in crt and crt.count('fill="#a00"') >= 2      # the note now takes several lines
    for svg in (crt, cbt_svg(game), air_svg(game)):
        assert _texts_fit(svg) == []


def test_charts_show_the_air_rules_and_mark_their_estimates():
    game = dixie()
    pages = {p.path: p.content for p in FAMILY.pages(game)}
    charts = pages["charts.md"]
    assert "## City Bombing Table *(estimated)*" in charts and "## Airstrike missions" in charts
    assert "assets/charts/city-bombing.svg" in pages and "assets/charts/air.svg" in pages
    sheets = dict(FAMILY.printables(game)["charts"])
    assert "(est.)" in sheets["charts-city-bombing"] and "ESTIMATED" in sheets["charts-city-bombing"]
    assert "(est.)" in sheets["charts-air"]


def test_every_rule_section_has_an_example_or_a_reason_and_the_page_lists_them():
    from generator.families.hex.coverage import coverage
    pages = read_game(DIXIE)[0].rules_pages
    rows = coverage(dixie(), pages)
    assert len(rows) > 150
    assert all(r["examples"] or r["none"] for r in rows)
    assert not any(r["missing"] for r in rows)
    by_id = {r["id"]: r for r in rows}
    assert any("attacks twice" in e.title for e in by_id["13.1.4"]["examples"])
    assert by_id["3.4"]["none"] and not by_id["3.4"]["examples"]
    assert "coverage.md" not in {p.path for p in FAMILY.pages(dixie())}   # it reads the rules pages
    page = {p.path: p.content for p in FAMILY.from_rules(dixie(), pages).pages}["coverage.md"]
    assert "| 13\\.1\\.4 |" in page and "(rules/04-sequence-of-play.md)" in page


def test_a_section_without_example_or_reason_fails_the_check(game_copy):
    target = game_copy("dixie")
    cov = target / "coverage.yaml"
    text = cov.read_text()
    text = text.replace('{id: "3.4", title: "Parts Inventory", none: "parts inventory"}', '{id: "3.4", title: "Parts Inventory"}')
    text = text.replace('examples: ["Turn 3 to Turn 4 (14.2)"]', 'examples: ["Turn 3 to Turn 5"]', 1)
    cov.write_text(text)
    found = [d for d in codes(target) if d.code in ("HEX040", "HEX041")]
    assert any("3.4 Parts Inventory" in d.message and d.severity == "error" for d in found)
    assert any("Turn 3 to Turn 5" in d.message and d.code == "HEX041" for d in found)
    assert all(d.file.endswith("coverage.yaml") and d.line > 1 for d in found)


def test_a_fort_limit_without_the_rulebooks_example_hex_is_shown(game_copy):
    """The example hex is optional (the check and the engine skip it when absent); the
    scenarios page read it all the same and raised KeyError during the build."""
    from generator.families.hex.pages import scenarios_page
    target = game_copy("dixie")
    sc = target / "scenarios.yaml"
    sc.write_text(sc.read_text().replace('fort_deployment: {max_hexes_from_border: 3, example: {hex: "0116", distance: 3}}',
                                         "fort_deployment: {max_hexes_from_border: 3}"))
    assert not [d for d in codes(target) if d.severity == "error"]
    source, _ = read_game(target)
    page = scenarios_page(FAMILY.load(source))
    assert "- Forts within 3 hexes of the border.\n" in page
    assert "example hex 0116" in scenarios_page(dixie())
