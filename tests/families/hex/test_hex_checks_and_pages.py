import re

from generator.families.hex import FAMILY
from generator.game import read_game

from .helpers import DIXIE, dixie


def codes(game_dir):
    source, diags = read_game(game_dir)
    assert source is not None, [str(d) for d in diags]
    game = FAMILY.load(source)
    return FAMILY.check(game)


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
    assert first["charts.md"].count("*(estimated)*") >= 3
    assert "Erratum" in first["scenarios.md"] and "initial-row-columns" in first["scenarios.md"]


def test_printables_are_sized_in_millimetres():
    sheets = FAMILY.extra["printables"](dixie())
    assert set(sheets) == {"map", "charts", "cards"}
    for docs in sheets.values():
        for stem, svg in docs:
            assert re.match(r'<svg [^>]*width="[0-9.]+mm" height="[0-9.]+mm"', svg), stem


def test_content_text_is_escaped_in_svg():
    from generator.families.hex.render import esc
    assert esc('<script>"x"</script>') == "&lt;script&gt;&quot;x&quot;&lt;/script&gt;"
