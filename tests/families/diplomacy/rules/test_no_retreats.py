"""no_retreats: a dislodged unit is disbanded at once and no retreat phase follows."""
from generator.families.diplomacy.api import adjudicate

ATTACK = {"phase": "S1901M",
          "units": {"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR"]},
          "orders": {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"], "GERMANY": ["A BUR H"]}}


def test_dislodged_unit_is_disbanded_and_the_fall_turn_follows(classic_with):
    resp = adjudicate(classic_with({"no_retreats": {}}), ATTACK)
    assert resp["after"]["dislodged"] == {}
    assert resp["after"]["phase"] == "F1901M"
    assert "GERMANY" not in resp["after"]["units"]
    assert any("A BUR (GERMANY) is dislodged and disbanded: the game has no retreats" in t
               for t in resp["trace"])


def test_standard_rules_keep_the_retreat(classic):
    resp = adjudicate(classic, ATTACK)
    assert resp["after"]["phase"] == "S1901R"
    assert resp["after"]["dislodged"]["GERMANY"][0]["unit"] == "A BUR"


def test_a_retreat_phase_disbands_everyone(classic_with):
    resp = adjudicate(classic_with({"no_retreats": {}}),
                      {"phase": "F1901R", "units": {"FRANCE": ["A BUR"]}, "centers": {}, "contested": [],
                       "dislodged": {"GERMANY": [{"unit": "A BUR", "attacker_from": "PAR", "via_convoy": False}]},
                       "orders": {"GERMANY": ["A BUR - RUH"]}})
    assert resp["results"][0]["result"] == "fails"
    assert "GERMANY" not in resp["after"]["units"]


def test_webdiplomacys_noretreats_classes_are_the_module():
    # Chesspolitik's NoRetreats_processOrderDiplomacy: apply() deletes every dislodged unit
    from generator.families.diplomacy.rules import recognised, webdip_mixins
    assert webdip_mixins()["NoRetreats"] == "no_retreats"
    assert recognised({"NoRetreats": {}}) == {"no_retreats": {}}
