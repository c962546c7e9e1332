"""retreat_as_army: a dislodged unit retreats only as far as an army could move.

Written from Pirates' rules page (tests/data/webdip/Pirates/rules.html): "If a clipper is
dislodged it can only retreat to an adjacent territory. It does not move two places when
retreating." and from its class (classes/userOrderRetreats.php,
PiratesVariant_userOrderRetreats::toTerrIDCheck): every retreat is checked as if the unit
were an army. On the standard map a fleet on a coast keeps only the coasts an army reaches,
a fleet at sea has no army border at all; the last tests play the imported Pirates."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules.retreat_as_army import MODULE
from generator.importers.webdip_classes import _retreat_as
from generator.importers.webdiplomacy import import_variant

PIRATES = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Pirates"


def retreats(game, units, orders, phase="S1901M"):
    resp = adjudicate(game, {"phase": phase, "units": units, "orders": orders})
    return {d["unit"]: sorted(d["retreats"]) for ds in resp["after"]["dislodged"].values() for d in ds}


BREST = ({"GERMANY": ["F MAO", "F ENG"], "FRANCE": ["F BRE"]},
         {"GERMANY": ["F MAO - BRE", "F ENG S F MAO - BRE"], "FRANCE": ["F BRE H"]})


def test_a_fleet_on_a_coast_retreats_only_where_an_army_could_move(classic_with):
    # "it can only retreat to an adjacent territory": Brest's fleet borders reach ENG, MAO, PIC, GAS;
    # an army's reach PIC, GAS, PAR: the fleet keeps PIC and GAS (ENG, MAO are the attackers')
    game = classic_with({"retreat_as_army": {"kind": "A"}})
    assert retreats(game, *BREST) == {"F BRE": ["GAS", "PIC"]}


def test_without_the_module_the_same_fleet_may_retreat_to_sea(classic):
    units, orders = {"GERMANY": ["F MAO", "F PIC"], "FRANCE": ["F BRE"]}, \
        {"GERMANY": ["F MAO - BRE", "F PIC S F MAO - BRE"], "FRANCE": ["F BRE H"]}
    assert retreats(classic, units, orders) == {"F BRE": ["ENG", "GAS"]}


def test_a_fleet_at_sea_has_no_army_border_and_no_retreat(classic_with):
    # the retreat is checked as an army's: from the open sea an army moves nowhere, so the fleet,
    # with no place to retreat to, is disbanded at once and no retreat phase follows
    game = classic_with({"retreat_as_army": {"kind": "A"}})
    resp = adjudicate(game, {"phase": "S1901M", "units": {"GERMANY": ["F HEL", "F DEN"], "FRANCE": ["F NTH"]},
                             "orders": {"GERMANY": ["F HEL - NTH", "F DEN S F HEL - NTH"], "FRANCE": ["F NTH H"]}})
    assert resp["after"]["dislodged"] == {} and resp["after"]["phase"] == "F1901M"
    assert "FRANCE" not in resp["after"]["units"]


def test_an_army_retreats_as_usual(classic_with):
    game = classic_with({"retreat_as_army": {"kind": "A"}})
    found = retreats(game, {"GERMANY": ["A BUR", "A PIC"], "FRANCE": ["A PAR"]},
                     {"GERMANY": ["A BUR - PAR", "A PIC S A BUR - PAR"], "FRANCE": ["A PAR H"]})
    assert found == {"A PAR": ["BRE", "GAS"]}


def test_the_page_example_plays_as_the_rule_says(classic_with):
    game = classic_with({"retreat_as_army": {"kind": "A"}})
    params = game.modules.params("retreat_as_army")
    assert MODULE.checks(game, params) == []
    [page] = MODULE.pages(game, params)
    assert "## Example" in page.content and "may retreat only to" in page.content


# the webDiplomacy form

RETREATS = """
    protected function toTerrIDCheck()
    {
        $%s = $this->Unit->type;
        $this->Unit->type = "%s";   // checked as the other kind
        $result = parent::toTerrIDCheck();
        $this->Unit->type = $%s;
        return $result;
    }"""


def test_the_form_is_read_with_any_variable_and_either_kind():
    assert _retreat_as("userOrderRetreats", RETREATS % ("save", "Army", "save"), ["toTerrIDCheck"]) == "A"
    assert _retreat_as("userOrderRetreats", RETREATS % ("t", "Fleet", "t"), ["toTerrIDCheck"]) == "F"


def test_other_retreat_code_is_not_the_form():
    assert _retreat_as("userOrderRetreats", RETREATS % ("save", "Army", "other"), ["toTerrIDCheck"]) is None
    assert _retreat_as("userOrderBuilds", RETREATS % ("save", "Army", "save"), ["toTerrIDCheck"]) is None


@pytest.fixture(scope="module")
def pirates():
    result = import_variant(PIRATES)
    return result, game_from_data("pirates", result.game, result.data)


def test_pirates_clippers_retreat_one_place(pirates):
    # a clipper (fleet) at Spanish Town: its fleet borders reach 16 territories, an army's 4
    result, game = pirates
    assert result.game["rules"]["retreat_as_army"] == {"kind": "A"}
    assert not any("userOrderRetreats" in d.message for d in result.diagnostics if d.code == "IMP013")
    found = retreats(game, {"ENGLAND": ["F JAMAICA", "F CAYMAN_ISLANDS"], "SPAIN": ["F SPANISH_TOWN"]},
                     {"ENGLAND": ["F JAMAICA - SPANISH_TOWN", "F CAYMAN_ISLANDS S F JAMAICA - SPANISH_TOWN"],
                      "SPAIN": ["F SPANISH_TOWN H"]}, phase="S1667M")
    assert found == {"F SPANISH_TOWN": ["NORTHWEST_CARIBBEAN_SEA", "PORT_ROYAL"]}
