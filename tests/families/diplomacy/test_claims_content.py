"""Rule claims of A Modern Europe and Divided States against their map data, and
that each claim kind notices when the data contradicts it."""
import copy
from pathlib import Path

import pytest
import yaml

from generator.families.base import GameSource
from generator.families.diplomacy.checks import check_map, geometry_review_markdown
from generator.families.diplomacy.claims import KINDS, ClaimError, first_year_reach, kind_named
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.overlay import merge_overlay, merged_map_data
from generator.loader import load_document

CONTENT = Path(__file__).resolve().parents[3] / "content"


def _load(game_id, mutate=None):
    root = CONTENT / game_id
    docs = {f: load_document(root / f)[0] for f in
            ("game.yaml", "map.yaml", "geometry.yaml", "overlay.yaml", "claims.yaml")}
    source = GameSource(game_id, f"content/{game_id}", docs["game.yaml"].data, docs)
    data, problems = merged_map_data(source)
    if mutate:
        mutate(data)
    game = game_from_data(game_id, source.meta, data, docs["geometry.yaml"].data, source)
    game.overlay_problems = problems
    return game


@pytest.fixture(scope="module")
def ds():
    return _load("divided-states")


@pytest.fixture(scope="module")
def me():
    return _load("modern-europe")


def _claim(game, claim_id):
    return next(c for c in game.source.docs["claims.yaml"].data["claims"] if c["id"] == claim_id)


def _run(game, claim_id):
    c = _claim(game, claim_id)
    return kind_named(game, c["kind"])(game, c.get("params") or {})


def test_divided_states_has_no_errors(ds):
    found = check_map(ds)
    assert [d for d in found if d.severity == "error"] == []


def test_modern_europe_reports_only_the_published_code_mismatches(me):
    found = [d for d in check_map(me) if d.code == "DIP520"]
    assert all(d.severity == "warning" for d in found)
    assert sorted(d.message.rsplit("'", 2)[-2] for d in found) == ["BRS", "EPR"]


@pytest.mark.parametrize("claim_id", ["start-centers", "neutral-armies-unreachable", "neutral-support-hold",
                                      "four-corners", "yukon", "atlantic-pacific", "msb-overseer",
                                      "msb-n-sealane", "rivers", "erie-canal", "islands",
                                      "bridges-and-straits"])
def test_each_divided_states_claim_holds(ds, claim_id):
    assert _run(ds, claim_id) == []


@pytest.mark.parametrize("claim_id", ["no-coasts", "azov-in-black-sea-ne", "black-aegean", "danish-belts",
                                      "athens-epirus", "athens-not-cms", "short-borders", "impassable",
                                      "islands", "plain-seas", "eng-overseer", "eng-ne-sealane"])
def test_each_modern_europe_claim_holds(me, claim_id):
    assert _run(me, claim_id) == []


def _drop_border(a, b):
    def mutate(data):
        data["borders"] = [x for x in data["borders"] if {p.split("/")[0] for p in x["between"]} != {a, b}]
    return mutate


def test_claims_fail_when_the_data_changes():
    game = _load("divided-states", _drop_border("YUK", "SSK"))
    assert _run(game, "yukon") == ["YUK and SSK are not adjacent for army"]
    game = _load("divided-states", _drop_border("ZUN", "MNV"))
    assert any("MNV and ZUN are not adjacent" in d for d in _run(game, "four-corners"))


def test_extra_atlantic_pacific_link_is_found():
    def mutate(data):
        data["borders"].append({"between": ["NWA", "NPO"], "units": ["fleet"]})
    game = _load("divided-states", mutate)
    problems = _run(game, "atlantic-pacific")
    assert problems and "without the links" in problems[0]


def test_only_naval_links_names_a_link_that_connects_nothing_and_a_way_around(ds):
    only_naval_links = kind_named(ds, "only_naval_links")
    assert only_naval_links(ds, {"west": "NPO", "east": "NWA", "links": ["PNC", "NWP", "MSB"]}) == \
        ["MSB alone does not connect NPO and NWA"]
    assert only_naval_links(ds, {"west": "NPO", "east": "NWA", "links": ["PNC"]}) == \
        ["fleets can go from NPO to NWA without the links, e.g. via NPO - GAK - BRG - NWP - GBK - NWA"]


def test_moved_neutral_army_is_reported():
    def mutate(data):
        units = data["start"]["units"]["NEUTRAL"]
        units[units.index("A SKT")] = "A REG"
    game = _load("divided-states", mutate)
    problems = _run(game, "neutral-armies-unreachable")
    assert any("REG" in p for p in problems) and any("SKT" in p for p in problems)


def test_start_centre_counts(ds):
    claim = copy.deepcopy(_claim(ds, "start-centers"))
    claim["params"]["powers"]["TEXAS"] = 4
    assert KINDS["start_centers"](ds, claim["params"]) == ["TEXAS starts with 5 centres, the rule says 4"]


def test_unknown_province_in_a_claim_is_a_claim_error(ds):
    with pytest.raises(ClaimError):
        KINDS["adjacent"](ds, {"pairs": [["NOPE", "YUK"]]})


def test_first_year_reach_grows_with_moves(ds):
    one, two = first_year_reach(ds, 1), first_year_reach(ds, 2)
    assert one < two and "SKT" not in two


def test_geometry_review_lists_the_straits(me):
    page = geometry_review_markdown(me)
    assert "KSN – CRM" in page or "CRM – KSN" in page


def test_overlay_patches_adds_and_removes():
    data = {"provinces": [{"id": "A", "name": "A", "type": "land"}],
            "borders": [{"between": ["A", "B"], "units": ["army"]}], "start": {"units": {}, "centers": {}}}
    merged, problems = merge_overlay(data, {
        "provinces": [{"id": "A", "island": True}, {"id": "B", "name": "Bee", "type": "land"}, {"id": "C"}],
        "borders": [{"between": ["B", "A"], "kind": "bridge"}, {"between": ["X", "Y"], "remove": True}],
        "start": {"phase": "W2000A"}})
    assert merged["provinces"][0]["island"] is True and merged["provinces"][1]["name"] == "Bee"
    assert merged["borders"] == [{"between": ["A", "B"], "units": ["army"], "kind": "bridge"}]
    assert merged["start"]["phase"] == "W2000A" and "phase" not in data["start"]
    assert [p for p, _ in problems] == ["/provinces/2", "/borders/1"]
