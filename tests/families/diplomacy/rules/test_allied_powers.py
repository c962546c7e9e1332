"""allied_powers: powers whose units the movement adjudication takes for one power's.

Written from Pirates' rules page (tests/data/webdip/Pirates/rules.html): "Privateers can
attack any other player except the nation that has issued their right to privateer (eg the
English privateer Henry Morgan cannot attack the English navy. Similarly the English navy
cannot attack Henry Morgan.) Other than this, the privateers and European nations can attack
anyone else. It does not imply an automatic alliance. It is possible for a privateer to move
into his host nation's undefended SC, and vice versa." and from its class
(classes/adjudicatorDiplomacy.php, PiratesVariant_adjudicatorDiplomacy::adjudicate): each
privateer's moves are given to its patron's countryID before webDiplomacy's adjudication, so
every "same country?" of the adjudicator answers yes for the pair. The tests on the standard
map make England and France allies; the last ones play the imported Pirates itself."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules.allied_powers import MODULE, checks
from generator.importers.webdip_classes import _allied_moves
from generator.importers.webdiplomacy import import_variant

PIRATES = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Pirates"
ALLIES = {"allied_powers": {"allies": [["ENGLAND", "FRANCE"]]}}


@pytest.fixture
def game(classic_with):
    return classic_with(ALLIES)


def play(game, units, orders, phase="S1901M", centers=None):
    resp = adjudicate(game, {"phase": phase, "units": units, "orders": orders, "centers": centers or {}})
    return {r["order"]: r["result"] for r in resp["results"]}, resp["after"]


# A: no dislodging an ally

def test_a_supported_attack_on_an_ally_fails(game):
    # "the English navy cannot attack Henry Morgan": as against one's own unit, the move fails
    results, after = play(game, {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["F ENG"]},
                          {"ENGLAND": ["F LON - ENG", "F WAL S F LON - ENG"], "FRANCE": ["F ENG H"]})
    assert results["F LON - ENG"] == "fails"
    assert after["units"]["FRANCE"] == ["F ENG"] and not after.get("dislodged")


def test_without_the_module_the_same_attack_dislodges(classic):
    results, after = play(classic, {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["F ENG"]},
                          {"ENGLAND": ["F LON - ENG", "F WAL S F LON - ENG"], "FRANCE": ["F ENG H"]})
    assert results["F LON - ENG"] == "succeeds"


def test_an_ally_may_not_support_a_third_power_against_its_ally(game):
    # the adjudicator counts no support "against their own countryID" (adjMove::supportStrength)
    results, after = play(game, {"ENGLAND": ["F LON"], "FRANCE": ["F ENG"], "GERMANY": ["F NTH"]},
                          {"ENGLAND": ["F LON S F NTH - ENG"], "FRANCE": ["F ENG H"], "GERMANY": ["F NTH - ENG"]})
    assert results["F NTH - ENG"] == "fails"
    assert after["units"]["FRANCE"] == ["F ENG"]


def test_an_ally_does_not_cut_a_support(game):
    # a unit's own power never cuts its support: nor does an ally's attack
    units = {"ENGLAND": ["F LON"], "FRANCE": ["F ENG", "A PIC"], "GERMANY": ["A BEL"]}
    orders = {"ENGLAND": ["F LON - ENG"], "FRANCE": ["F ENG S A PIC - BEL", "A PIC - BEL"], "GERMANY": ["A BEL H"]}
    results, after = play(game, units, orders)
    assert results["F ENG S A PIC - BEL"] == "succeeds" and results["A PIC - BEL"] == "succeeds"
    assert results["F LON - ENG"] == "fails"


def test_a_third_power_still_cuts_that_support(game):
    units = {"GERMANY": ["F LON", "A BEL"], "FRANCE": ["F ENG", "A PIC"]}
    orders = {"GERMANY": ["F LON - ENG", "A BEL H"], "FRANCE": ["F ENG S A PIC - BEL", "A PIC - BEL"]}
    results, _ = play(game, units, orders)
    assert results["F ENG S A PIC - BEL"] == "fails" and results["A PIC - BEL"] == "fails"


def test_two_allies_moving_into_one_province_still_bounce(game):
    # "It does not imply an automatic alliance": a standoff is a standoff (as for one power's two units)
    results, _ = play(game, {"ENGLAND": ["F LON"], "FRANCE": ["F BRE"]},
                      {"ENGLAND": ["F LON - ENG"], "FRANCE": ["F BRE - ENG"]})
    assert results == {"F LON - ENG": "fails", "F BRE - ENG": "fails"}


# B: otherwise each power plays on its own

def test_an_ally_may_take_its_allys_empty_centre(game):
    # "It is possible for a privateer to move into his host nation's undefended SC, and vice versa"
    results, after = play(game, {"ENGLAND": ["F ENG"]}, {"ENGLAND": ["F ENG - BRE"]}, phase="F1901M",
                          centers={"ENGLAND": ["LON"], "FRANCE": ["BRE", "PAR"]})
    assert results["F ENG - BRE"] == "succeeds"
    assert "BRE" in after["centers"]["ENGLAND"] and "BRE" not in after["centers"]["FRANCE"]


def test_a_power_may_not_order_its_allys_unit(game):
    results, _ = play(game, {"FRANCE": ["F ENG"]}, {"ENGLAND": ["F ENG - NTH"]})
    assert results["F ENG - NTH"] == "fails"


# C: the data

def test_checks_name_unknown_and_repeated_powers(classic_with):
    game = classic_with({"allied_powers": {"allies": [["ENGLAND", "NARNIA"], ["FRANCE", "ENGLAND"]]}})
    found = checks(game, game.modules.params("allied_powers"))
    assert [(p.pointer, p.message) for p in found] == [
        ("/rules/allied_powers/allies/0/1", "no power 'NARNIA'"),
        ("/rules/allied_powers/allies/1/1", "ENGLAND is in two groups of allies")]


def test_a_group_of_one_is_refused_by_the_shape(classic_with):
    game = classic_with({"allied_powers": {"allies": [["ENGLAND"]]}})
    assert any("allies" in msg for _, _, msg in game.modules.problems)


def test_the_page_example_plays_as_the_rule_says(game):
    [page] = MODULE.pages(game, game.modules.params("allied_powers"))
    assert "An attack on an ally fails" in page.content and "succeeds" in page.content
    assert MODULE.checks(game, game.modules.params("allied_powers")) == []


# D: the webDiplomacy form

ADJUDICATE = """class %s_adjudicatorDiplomacy extends adjudicatorDiplomacy
{
    function adjudicate()
    {
        global $DB, $Game;
        list($x) = $DB->sql_row("SELECT id FROM wD_Moves WHERE gameID=".$GLOBALS['GAMEID']);
        $Game->Variant->x = $x;
        $DB->sql_put("UPDATE wD_Moves SET countryID=%d WHERE countryID=%d AND gameID=".$Game->id);
        $DB->sql_put("UPDATE wD_Moves SET countryID=2 WHERE countryID=4 AND gameID=".$Game->id);
        %s
        return parent::adjudicate();
    }
}"""


def _read(name="Other", to=1, of=3, extra=""):
    text = ADJUDICATE % (name, to, of, extra)
    body = text[text.index("{") + 1:text.rindex("}")]
    return _allied_moves("adjudicatorDiplomacy", body, ["adjudicate"])


def test_the_form_is_read_whatever_the_class_and_the_countries():
    assert _read() == [[1, 3], [2, 4]]
    assert _read("Another", to=2, of=7) == [[2, 7, 4]]


def test_other_writes_in_adjudicate_are_not_the_form():
    assert _read(extra='$DB->sql_put("DELETE FROM wD_Units WHERE gameID=".$Game->id);') is None
    assert _read(extra="$this->x = 1;") is None


def test_the_module_reads_the_groups_as_power_ids():
    assert recognised({"AlliedMoves": {"groups": [["SPAIN", "DUNKIRKERS"]]}})["allied_powers"] == {
        "allies": [["SPAIN", "DUNKIRKERS"]]}


# E: the imported Pirates

@pytest.fixture(scope="module")
def pirates():
    result = import_variant(PIRATES)
    return result, game_from_data("pirates", result.game, result.data)


def test_pirates_privateers_are_their_patrons_allies(pirates):
    result, _ = pirates
    assert result.game["rules"]["allied_powers"] == {"allies": [
        ["SPAIN", "DUNKIRKERS"], ["ENGLAND", "HENRY_MORGAN"], ["FRANCE", "FRANCOIS_L_OLONNAIS"],
        ["HOLLAND", "ISAAC_ROCHUSSEN"]]}
    assert not any("adjudicatorDiplomacy" in d.message for d in result.diagnostics if d.code == "IMP013")


def test_pirates_henry_morgan_cannot_attack_the_english_navy(pirates):
    # "the English privateer Henry Morgan cannot attack the English navy"
    _, game = pirates
    m = game.map
    t = "SPANISH_TOWN"
    s, u = [q for q in sorted(m.army_adj[t]) if t in m.army_adj.get(q, ())][:2]
    results, after = play(game, {"HENRY_MORGAN": [f"A {s}", f"A {u}"], "ENGLAND": [f"A {t}"]},
                          {"HENRY_MORGAN": [f"A {s} - {t}", f"A {u} S A {s} - {t}"], "ENGLAND": [f"A {t} H"]},
                          phase="S1667M")
    assert results[f"A {s} - {t}"] == "fails"
    # and the pirates, who are no one's allies, can
    results, _ = play(game, {"THE_INFAMOUS_EL_GUAPO": [f"A {s}", f"A {u}"], "ENGLAND": [f"A {t}"]},
                      {"THE_INFAMOUS_EL_GUAPO": [f"A {s} - {t}", f"A {u} S A {s} - {t}"], "ENGLAND": [f"A {t} H"]},
                      phase="S1667M")
    assert results[f"A {s} - {t}"] == "succeeds"
