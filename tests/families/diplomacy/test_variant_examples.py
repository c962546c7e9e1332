"""Divided States and A Modern Europe: every special rule explained and exemplified.

- every ```example block on both games' rules pages is verified by the engine;
- every numbered special-rule heading (DS 1-13, ME 1-14) has an example under it;
- the engine fixes the examples exposed (opening-phase default builds, retreats
  written as players write them);
- the powers page and the geometry review page exist and escape hostile data.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.examples import extract_examples
from generator.families.diplomacy import FAMILY
from generator.families.diplomacy.api import adjudicate, adjudicate_phase
from generator.families.diplomacy.checks import geometry_review_page
from generator.families.diplomacy.examples import compare
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.pages import pages, powers_page
from generator.game import read_game
from generator.site.text import plain

CONTENT = Path(__file__).resolve().parents[3] / "content"
GAMES = {"divided-states": 13, "modern-europe": 14}   # rules in the published lists
PAGE = "rules/01-special-rules.md"


@pytest.fixture(scope="module")
def games():
    out = {}
    for gid in GAMES:
        source, diags = read_game(CONTENT / gid)
        assert source is not None, diags
        out[gid] = FAMILY.load(source)
    return out


def _page(gid: str) -> str:
    return (CONTENT / gid / PAGE).read_text(encoding="utf-8")


def _examples(gid: str):
    found, diags = extract_examples(PAGE, f"content/{gid}/{PAGE}", _page(gid))
    assert not diags, [d.message for d in diags]
    return found


def _cases():
    for gid in GAMES:
        for ex, _ in _examples(gid):
            yield pytest.param(gid, ex.index, id=f"{gid}-{ex.index}")


@pytest.mark.parametrize("gid,index", list(_cases()))
def test_every_example_is_verified(games, gid, index):
    ex = next(e for e, _ in _examples(gid) if e.index == index)
    outcome = FAMILY.run_example(games[gid], ex)
    assert outcome.verified, (ex.data.get("title"), outcome.mismatches,
                              [d.message for d in outcome.diagnostics])
    assert ex.data.get("title"), "each example carries a caption"
    # a verified example must actually check something
    assert ex.data.get("expect"), ex.data.get("title")


def _sections(text: str) -> list[tuple[str, str]]:
    """(number, body) of each `## N Title` section, body up to the next `## `."""
    parts = re.split(r"^## (\d+) .*$", text, flags=re.M)
    return [(parts[i], parts[i + 1]) for i in range(1, len(parts), 2)]


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_special_rule_has_an_example(gid):
    sections = _sections(_page(gid))
    assert [int(n) for n, _ in sections] == list(range(1, GAMES[gid] + 1))
    bare = [n for n, body in sections if "```example" not in body]
    assert bare == [], f"rules without a worked example: {bare}"


def test_section_splitter_notices_a_rule_without_example():
    text = "## 1 A\n\n```example\nphase: S1901M\n```\n\n## 2 B\n\nno example here\n"
    sections = _sections(text)
    assert [n for n, body in sections if "```example" not in body] == ["2"]


# --- engine fixes the examples exposed ---------------------------------------------------

def test_opening_build_defaults_only_for_powers_with_builds_due(games):
    ds = games["divided-states"]
    resp = adjudicate(ds, {"phase": "W2020A", "units": {},
                           "centers": {"TEXAS": ["HOU", "AUS", "DAL", "FTW", "ELP"],
                                       "VERMONT": ["BUR", "MNP", "RUT"]},
                           "orders": {"TEXAS": ["BUILD F HOU"]}})
    # before the fix every one of the 50 states got its default builds, rejected as illegal
    assert {r["power"] for r in resp["results"]} == {"TEXAS", "VERMONT"}
    assert all(r["legal"] for r in resp["results"])
    assert resp["after"]["units"]["VERMONT"] == ["A BUR", "A MNP", "A RUT"]
    assert resp["after"]["units"]["TEXAS"] == ["F HOU"]


def test_expected_retreats_are_read_as_players_write_them(games):
    me = games["modern-europe"]
    req = {"phase": "S2020M", "units": {"UNITED_KINGDOM": ["F ENG se"], "FRANCE": ["F ENG ne", "F ENG sw"]},
           "orders": {"FRANCE": ["F ENG ne - ENG se", "F ENG sw S F ENG ne - ENG se"]}}
    result = adjudicate_phase(me, req)
    right = ["ENG", "ENG nw", "NTH", "NTH se", "ENS", "ENS sw", "AMS", "BRU", "EH", "LIL", "NRM", "PIC"]
    assert compare(me, {"retreats": {"F ENG se": right}}, req, result) == []
    wrong = compare(me, {"retreats": {"F ENG se": right + ["ENG ne"]}}, req, result)
    assert len(wrong) == 1 and "retreats of F ENG se" in wrong[0]


def test_outcome_table_shows_retreats_as_players_write_them(games):
    from generator.families.diplomacy.examples import outcome_table
    me = games["modern-europe"]
    result = adjudicate_phase(me, {"phase": "S2020M",
                                   "units": {"UNITED_KINGDOM": ["F ENG se"], "FRANCE": ["F ENG ne", "F ENG sw"]},
                                   "orders": {"FRANCE": ["F ENG ne - ENG se", "F ENG sw S F ENG ne - ENG se"]}})
    table = outcome_table(me, result)
    assert "F ENG se (UNITED_KINGDOM; may retreat to" in table and "ENG nw" in table
    assert "ENG_NW" not in table


def test_lakes_and_luxembourg_cannot_be_entered(games):
    me = games["modern-europe"]
    resp = adjudicate(me, {"phase": "S2020M", "units": {"GERMANY": ["A MSL"], "RUSSIA": ["A STP"]},
                           "orders": {"GERMANY": ["A MSL - Luxembourg"], "RUSSIA": ["A STP - OLO"]}})
    assert not any(r["legal"] for r in resp["results"])
    assert "OLO" not in me.map.army_adj["STP"] and "OLO" in me.map.army_adj["KRL"]


# --- pages -------------------------------------------------------------------------------

@pytest.fixture
def no_render(monkeypatch):
    """The render helper's map pages are tested elsewhere and slow here."""
    from generator.families.diplomacy import pages_render
    monkeypatch.setattr(pages_render, "render_pages", lambda game: [])


def test_both_games_get_powers_and_geometry_review_pages(games, no_render):
    for gid, game in games.items():
        by_path = {p.path: p for p in pages(game)}
        assert by_path["powers.md"].title == "Powers"
        assert by_path["geometry-review.md"].title == "Geometry review"
        powers = by_path["powers.md"].content
        for power in game.map.powers.values():
            assert f"| {plain(power.name)} ({plain(power.id)}) |" in powers
            assert f"background:{power.color}" in powers
    ds = games["divided-states"].map
    text = powers_page(games["divided-states"]).content
    assert "| 5: SCM" in text                                             # California starts with five
    assert "Neutral standing armies" in text and "A FRU" in text
    assert "BID \\(Biddleford\\)" in text                                     # Maine's coloured neutral centre
    assert len(ds.powers) == 50


def test_powers_page_uses_start_units_without_custom_start(classic, no_render):
    text = powers_page(classic).content
    assert "Starting units" in text and "Default builds" not in text
    assert "F LON" in text and "3: " in text


def _hostile_game(geometry=None):
    evil = "<script>alert(1)</script>[link](javascript:alert(3))"
    data = {
        "powers": [{"id": "P", "name": evil, "color": "red;background:url(javascript:x)"},
                   {"id": "Q", "name": "Q|pipe", "color": "#00ff00"}],
        "provinces": [
            {"id": "AAA", "name": "<img src=x onerror=alert(2)>", "abbr": "<b>A</b>", "type": "coast",
             "supply_center": True, "home": "P"},
            {"id": "BBB", "name": "B", "type": "land", "supply_center": True, "home": "Q"},
            {"id": "CCC", "name": "C & co", "type": "land"}],
        "borders": [{"between": ["AAA", "BBB"]}],
        "start": {"phase": "S1901M", "units": {"P": ["A AAA"], "Q": ["A BBB"]},
                  "centers": {"P": ["AAA"], "Q": ["BBB"]}},
    }
    return game_from_data("evil", {"title": "<i>Evil</i> game"}, data, geometry)


def test_powers_page_escapes_hostile_data(no_render):
    text = powers_page(_hostile_game()).content
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "<img" not in text and "<b>" not in text and "<i>" not in text
    assert "url(javascript" not in text and "background:#888888" in text  # bad colour never reaches CSS
    assert "](javascript" not in text and "\\[link\\]\\(javascript" in text   # no Markdown link
    assert "Q\\|pipe" in text                                              # no broken table cell


def test_geometry_review_page_escapes_hostile_data():
    game = _hostile_game({"contacts": [["AAA", "CCC", 12]]})
    page = geometry_review_page(game)
    assert page.path == "geometry-review.md" and page.title == "Geometry review"
    assert "<b>" not in page.content and "&lt;b&gt;A&lt;/b&gt;" in page.content
    assert "<i>" not in page.content
    # the two lists: AAA-BBB has a border but no contact, AAA-CCC touch without a border
    assert "(1)" in page.content and "| 12 |" in page.content


def test_geometry_review_page_only_with_contacts(no_render):
    assert "geometry-review.md" not in {p.path for p in pages(_hostile_game())}
    assert "geometry-review.md" in {p.path for p in pages(_hostile_game({"contacts": []}))}


def test_outcome_table_shows_centres_after_a_fall_and_adjustments(games):
    from generator.families.diplomacy.examples import outcome_table
    ds = games["divided-states"]
    req = {"phase": "F2021M", "units": {"MAINE": ["A SAC", "A BNG", "F PTM"]},
           "centers": {"MAINE": ["BNG", "AUM", "PTM"]}, "orders": {"MAINE": ["A SAC - BID"]}}
    table = outcome_table(ds, adjudicate_phase(ds, req))
    assert "**Supply centres after the fall:** Maine: AUM, BID, BNG, PTM" in table
    assert "**Adjustments due:** Maine builds 1" in table
    spring = outcome_table(ds, adjudicate_phase(ds, {**req, "phase": "S2021M"}))
    assert "after the fall" not in spring and "Adjustments" not in spring


def test_geometry_review_leaves_out_sealanes_of_one_region(games):
    from generator.families.diplomacy.checks import geometry_differences
    me = games["modern-europe"]
    pairs = {(a, b) for a, b, _, _ in geometry_differences(me)["no_contact"]}
    assert ("BAR_NE", "BAR_SW") not in pairs                 # joined by the sealane rules anyway
    assert ("CLB", "PAL") in pairs and ("CRM", "KSN") in pairs   # the straits stay listed
