"""bidding_start: each power starts with its capital and bids tokens for the other home centres.

Rule text: GreekDip's rules.html ("Diplomacy Bidding Start") and its BiddingStart classes
(processGame.php, processOrderDiplomacy.php, processOrderBuilds.php, userOrderBuilds.php),
copied in tests/data/webdip/GreekDip. The positions are GreekDip's, as imported.
"""
import shutil
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import modules, recognised
from generator.families.diplomacy.rules.bidding_start import BidError, homes_after, resolve_bids
from generator.importers.webdiplomacy import import_variant

DATA = Path(__file__).resolve().parents[3] / "data" / "webdip"


@pytest.fixture(scope="module")
def imported():
    return import_variant(DATA / "GreekDip")


@pytest.fixture(scope="module")
def greek(imported):
    return game_from_data("greekdip", imported.game, imported.data)


def bid(game, bids):
    return resolve_bids(game, bids, game.modules.params("bidding_start"))


def test_a_sole_bidder_wins_the_centre(greek):
    # "If a player is the only player to have bid on a supply center then that supply center
    # becomes a home center of that player."
    out = bid(greek, {"ATHENS": {"THEBES": 1}})
    assert out["won"] == {"THEBES": "ATHENS"} and out["neutral"] == []
    assert out["centers"]["ATHENS"] == ["ATHENS", "THEBES"]


def test_the_highest_bid_wins(greek):
    # "If two players bid on the same supply center the player who bid the most on the supply
    # center gets it" (webDiplomacy: a power's tokens on one centre are a move and its supports)
    out = bid(greek, {"SPARTA": {"ARGOS": 3}, "ATHENS": {"ARGOS": 1, "CORINTH": 3}})
    assert out["won"] == {"ARGOS": "SPARTA", "CORINTH": "ATHENS"}


def test_a_tie_leaves_the_centre_neutral(greek):
    # "If they bid the same amount on the supply center then the supply center remains neutral."
    out = bid(greek, {"SPARTA": {"ARGOS": 2}, "ATHENS": {"ARGOS": 2}, "MACEDONIA": {"ARGOS": 1}})
    assert out["won"] == {} and out["neutral"] == ["ARGOS"]
    assert "ARGOS" not in {c for cs in out["centers"].values() for c in cs}
    # a tie below the highest bid does not stop the highest
    out = bid(greek, {"SPARTA": {"ARGOS": 2}, "ATHENS": {"ARGOS": 2}, "MACEDONIA": {"ARGOS": 3}})
    assert out["won"] == {"ARGOS": "MACEDONIA"}


def test_every_centre_held_gets_its_listed_unit(greek):
    # "All Supply Centers that become a nation's Home Centers will have either a navy or army"
    # ($init_build; the capital is held too, so it gets its unit: Athens => Fleet)
    out = bid(greek, {"ATHENS": {"CORINTH": 1, "DELPHI": 1}, "PERSIA": {"EPHESUS": 4}})
    assert out["units"]["ATHENS"] == ["F ATHENS", "F CORINTH/EC", "A DELPHI"]
    assert out["units"]["PERSIA"] == ["A SARDIS", "A EPHESUS"]
    assert out["units"]["SPARTA"] == ["A SPARTA"]      # no bids: its capital only


def test_bids_the_rules_do_not_allow(greek):
    # "four tokens to bid for other home centers": no more than four, only centres not held
    with pytest.raises(BidError, match="bids 5 tokens; it has 4"):
        bid(greek, {"ATHENS": {"THEBES": 3, "ARGOS": 2}})
    with pytest.raises(BidError, match="not open to bids"):
        bid(greek, {"ATHENS": {"SPARTA": 1}})          # another power's capital
    with pytest.raises(BidError, match="not open to bids"):
        bid(greek, {"ATHENS": {"EPIRUS": 1}})          # no supply centre
    with pytest.raises(BidError, match="not a whole number"):
        bid(greek, {"ATHENS": {"THEBES": 0}})


def test_the_first_spring_is_played_from_the_bidding(greek):
    # after the bidding the units stand on the centres won; the game goes on by the usual rules
    out = bid(greek, {"SPARTA": {"ARGOS": 4}})
    played = homes_after(greek, out["centers"])
    resp = adjudicate(played, {"phase": "S1901M", "units": out["units"], "centers": out["centers"],
                               "orders": {"ATHENS": ["F ATHENS - CORINTH/EC"], "SPARTA": ["A ARGOS - CORINTH"]}})
    assert [(r["order"], r["result"]) for r in resp["results"]] == [
        ("F ATHENS - CORINTH/EC", "fails"), ("A ARGOS - CORINTH", "fails")]


def test_builds_on_the_centres_held_after_the_bidding(greek):
    # processOrderBuilds/userOrderBuilds build on the centres held after the bidding (turn 1):
    # a centre won is a home centre, a neutral centre taken later is not
    out = bid(greek, {"ATHENS": {"THEBES": 4}})
    played = homes_after(greek, out["centers"])
    winter = {"phase": "W1901A", "units": {"ATHENS": ["F ATHENS"]},
              "centers": {"ATHENS": ["ATHENS", "THEBES", "DELPHI"]},
              "orders": {"ATHENS": ["A THEBES B", "A DELPHI B"]}}
    assert [(r["order"], r["result"]) for r in adjudicate(played, winter)["results"]] == [
        ("A THEBES B", "succeeds"), ("A DELPHI B", "fails")]
    # the variant as the map has it is not changed: there Thebes is no one's home centre
    assert adjudicate(greek, winter)["results"][0]["result"] == "fails"
    assert greek.map.provinces["THEBES"].home is None


def test_bad_parameters_are_reported(greek, imported):
    rules = {"bidding_start": {"tokens": {"MARS": 4}, "units": ["A EPIRUS", "F SARDIS"]}}
    g = game_from_data("greekdip", {**imported.game, "rules": rules}, imported.data)
    messages = [d.message for d in structural_checks(g)]
    assert any("no power 'MARS'" in m for m in messages)
    assert any("'A EPIRUS' is not a unit on a supply centre" in m for m in messages)
    assert any("'F SARDIS' cannot stand there" in m for m in messages)
    g = game_from_data("greekdip", {**imported.game, "rules": {"bidding_start": {}}}, imported.data)
    messages = [d.message for d in structural_checks(g)]
    assert "bidding_start gives no power tokens to bid" in messages
    assert "bidding_start lists no unit for the centres won" in messages


def test_the_page_example_is_computed(greek):
    page = modules()["bidding_start"].pages(greek, greek.modules.params("bidding_start"))[0].content
    assert "| APOLLONIA | Athens |" in page and "| DELPHI | nobody (a tie) |" in page
    assert "| Athens | `A APOLLONIA B` | ✔ succeeds |" in page
    assert "DELPHI is not a home centre of ATHENS" in page


def test_greekdip_imports_complete(imported):
    # the tokens are the pre-game's units (the coin stacks), $init_build the units of the centres
    params = imported.game["rules"]["bidding_start"]
    assert params["tokens"] == dict.fromkeys(["ATHENS", "BYZANTINUM", "MACEDONIA", "PERSIA", "RHODES", "SPARTA"], 4)
    assert len(params["units"]) == 34 and "F CORINTH/EC" in params["units"]
    assert imported.data["start"]["units"] == {}
    assert imported.data["start"]["centers"]["MACEDONIA"] == ["PELLA"]
    assert not [p for p in imported.data["provinces"] if p["id"].startswith("COIN_STACK")]
    assert imported.game["status"] == "complete"


def test_the_bidding_start_mixin_is_recognised_too(tmp_path):
    # GreekDip's later form: the processGame code as the BiddingStart_processGame mixin
    shutil.copytree(DATA / "GreekDip", tmp_path / "GreekDip")
    (tmp_path / "GreekDip" / "classes" / "processGame.php").write_text(
        "<?php\nclass BiddingStart_processGame extends processGame\n{\n"
        "\tfunction process() { parent::process(); }\n}\n"
        "class GreekDipVariant_processGame extends BiddingStart_processGame {}\n", encoding="utf-8")
    assert import_variant(tmp_path / "GreekDip").game["status"] == "complete"
    assert recognised({"BiddingStart": {"tokens": {"A": 4}, "units": ["A X"]}}) == {
        "bidding_start": {"tokens": {"A": 4}, "units": ["A X"]}}


def test_other_processgame_code_is_not_the_bidding(tmp_path):
    # a processGame of the variant's own that does something else stays not modelled
    shutil.copytree(DATA / "GreekDip", tmp_path / "GreekDip")
    (tmp_path / "GreekDip" / "classes" / "processGame.php").write_text(
        "<?php\nclass GreekDipVariant_processGame extends processGame\n{\n"
        "\tfunction process() { parent::process(); parent::process(); }\n"
        "\tprotected function updateOwners() { return parent::updateOwners(); }\n}\n", encoding="utf-8")
    out = import_variant(tmp_path / "GreekDip")
    assert out.game["status"] == "partial"
    assert any(d.code == "IMP013" and "GreekDipVariant_processGame" in d.message for d in out.diagnostics)
