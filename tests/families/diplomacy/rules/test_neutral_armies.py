"""neutral_armies `rebuild`: a neutral army is rebuilt each winter in every listed centre
that no power owns and no unit stands in.

The rule text, KnownWorld_901's rules page (tests/data/webdip/KnownWorld_901/rules.html):
"neutral standing armies that disband when dislodged, but will be rebuild if the relevant
Home Supply Center is vacant and unowned during the build-phase in autumn"; its classes
(classes/processGame.php): changePhase turns a new turn into a Builds phase while a territory
the neutral pseudo-country holds is empty ("Check if we might need a Build-phase for the
neutral units"), and process then inserts a 'Build Army' order for it in each such territory.
A centre leaves the neutral when a power's unit stands in it at the end of a fall turn.

Positions on the Classic map, with Belgium, Holland and Denmark the neutral's centres.
"""
import pytest

from generator.families.diplomacy.api import adjudicate

REBUILD = {"neutral_armies": {"rebuild": ["BEL", "HOL", "DEN"]}}
HOMES = {"GERMANY": ["BER", "KIE", "MUN"]}


def res(resp, order):
    return next(r for r in resp["results"] if r["order"] == order)


@pytest.fixture
def game(classic_with):
    return classic_with(REBUILD)


def test_conqueror_leaves_in_the_fall_and_the_army_is_rebuilt(game):
    # rules page: rebuilt "if the relevant Home Supply Center is vacant and unowned during the
    # build-phase in autumn". Germany dislodged the neutral army in Holland in the spring and
    # leaves in the fall: Holland stays the neutral's and stands empty. No player adjusts, yet
    # the adjustment phase is held (processGame: "Revert the already increased turn and set
    # phase to Builds") and the neutral army comes back.
    fall = adjudicate(game, {"phase": "F1901M",
                             "units": {"GERMANY": ["A HOL", "A BER", "A MUN"], "NEUTRAL": ["A BEL", "A DEN"]},
                             "centers": HOMES, "orders": {"GERMANY": ["A HOL - RUH"]}})
    assert res(fall, "A HOL - RUH")["result"] == "succeeds"
    assert fall["after"]["phase"] == "W1901A"
    assert fall["after"]["adjustments"] == {"NEUTRAL": 1}
    winter = adjudicate(game, {**fall["after"], "orders": {}})
    assert res(winter, "A HOL B") == {**res(winter, "A HOL B"), "power": "NEUTRAL", "result": "succeeds"}
    assert winter["after"]["units"]["NEUTRAL"] == ["A BEL", "A DEN", "A HOL"]
    assert winter["after"]["phase"] == "S1902M"


def test_a_centre_a_power_holds_at_the_end_of_the_fall_is_its_own_and_never_rebuilt(game):
    # rules page: only a centre "vacant and unowned" is rebuilt. Germany's army stays in Holland
    # through the fall: Holland becomes German, so it is no longer the neutral's, and when
    # Germany leaves it in a later year no neutral army comes back.
    fall = adjudicate(game, {"phase": "F1901M", "units": {"GERMANY": ["A HOL", "A BER", "A MUN"],
                                                          "NEUTRAL": ["A BEL", "A DEN"]},
                             "centers": HOMES, "orders": {"GERMANY": ["A HOL H"]}})
    assert fall["after"]["centers"]["GERMANY"] == ["BER", "HOL", "KIE", "MUN"]
    assert fall["after"]["adjustments"] == {"GERMANY": 1}
    later = adjudicate(game, {"phase": "F1902M", "units": {"GERMANY": ["A HOL", "A BER", "A MUN", "A KIE"],
                                                           "NEUTRAL": ["A BEL", "A DEN"]},
                              "centers": fall["after"]["centers"], "orders": {"GERMANY": ["A HOL - RUH"]}})
    assert later["after"]["phase"] == "S1903M"           # nothing due: Holland is German, not rebuilt
    assert later["after"]["adjustments"] == {}


def test_a_neutral_army_dislodged_in_the_fall_is_not_rebuilt(game):
    # the conqueror stands in the centre at the end of the fall: the centre is its own, occupied,
    # and there is nothing for the neutral to rebuild (the army was disbanded, never retreats)
    fall = adjudicate(game, {"phase": "F1901M",
                             "units": {"GERMANY": ["A RUH", "A KIE", "A BER", "A MUN"],
                                       "NEUTRAL": ["A BEL", "A HOL", "A DEN"]},
                             "centers": HOMES, "orders": {"GERMANY": ["A RUH - HOL", "A KIE S A RUH - HOL"]}})
    assert res(fall, "A RUH - HOL")["result"] == "succeeds"
    assert fall["after"]["units"]["NEUTRAL"] == ["A BEL", "A DEN"]
    assert fall["after"]["adjustments"] == {}            # Germany 4 units, 4 centres; HOL is German
    assert fall["after"]["phase"] == "S1902M"


def test_no_adjustment_phase_after_a_spring_turn(game):
    # rules page: the rebuild happens "during the build-phase in autumn"; after the spring the
    # fall turn follows even though Holland stands empty (its conqueror moved on)
    spring = adjudicate(game, {"phase": "S1901M", "units": {"GERMANY": ["A HOL"], "NEUTRAL": ["A BEL", "A DEN"]},
                               "centers": {}, "orders": {"GERMANY": ["A HOL - RUH"]}})
    assert spring["after"]["phase"] == "F1901M"
    assert spring["after"]["adjustments"] == {}


def test_the_neutral_rebuilds_beside_the_powers_adjustments(game):
    # a winter in which Germany builds and the neutral rebuilds Holland and Denmark: each as its
    # own order, neither in the way of the other
    winter = adjudicate(game, {"phase": "W1901A", "units": {"GERMANY": ["A RUH", "A MUN"], "NEUTRAL": ["A BEL"]},
                               "centers": HOMES, "orders": {"GERMANY": ["A BER B"]}})
    assert [(r["power"], r["order"], r["result"]) for r in winter["results"]] == [
        ("GERMANY", "A BER B", "succeeds"), ("NEUTRAL", "A DEN B", "succeeds"), ("NEUTRAL", "A HOL B", "succeeds")]
    assert winter["after"]["units"] == {"GERMANY": ["A BER", "A MUN", "A RUH"],
                                        "NEUTRAL": ["A BEL", "A DEN", "A HOL"]}


def test_only_the_listed_centres_are_rebuilt(classic_with):
    # Sweden is an unowned, empty centre the neutral does not hold (not in `rebuild`): nothing is
    # built there; without `rebuild` the neutral builds nothing at all
    position = {"phase": "F1901M", "units": {"GERMANY": ["A BER", "A MUN", "A KIE"], "NEUTRAL": ["A BEL", "A HOL",
                                                                                               "A DEN"]},
                "centers": HOMES, "orders": {}}
    assert adjudicate(classic_with(REBUILD), position)["after"]["phase"] == "S1902M"
    bare = {**position, "units": {"GERMANY": ["A BER", "A MUN", "A KIE"]}}
    assert adjudicate(classic_with({"neutral_armies": {}}), bare)["after"]["phase"] == "S1902M"


def test_a_stated_adjustment_count_includes_the_neutrals_rebuilds(game):
    # a chained request states what the position gives: the neutral's builds count
    position = {"phase": "W1901A", "units": {"NEUTRAL": ["A BEL", "A DEN"]}, "centers": {}, "orders": {}}
    assert adjudicate(game, {**position, "adjustments": {"NEUTRAL": 1}})["after"]["units"]["NEUTRAL"] == [
        "A BEL", "A DEN", "A HOL"]
    with pytest.raises(Exception, match="NEUTRAL"):
        adjudicate(game, {**position, "adjustments": {}})


def test_a_player_cannot_order_the_neutrals_builds(game):
    winter = adjudicate(game, {"phase": "W1901A", "units": {"NEUTRAL": ["A BEL", "A DEN"]}, "centers": {},
                               "orders": {"NEUTRAL": ["F HOL B"]}})
    assert res(winter, "F HOL B")["legal"] is False
    assert winter["after"]["units"]["NEUTRAL"] == ["A BEL", "A DEN", "A HOL"]


def test_rebuild_lists_only_neutral_supply_centres(classic_with):
    from generator.families.diplomacy.rules.neutral_armies import checks
    game = classic_with({"neutral_armies": {"rebuild": ["BEL", "BUR", "PAR", "NTH", "XYZ"]}})
    found = {p.pointer: p.message for p in checks(game, game.modules.params("neutral_armies"))}
    assert set(found) == {f"/rules/neutral_armies/rebuild/{i}" for i in (1, 2, 3, 4)}
    assert "home centre of FRANCE" in found["/rules/neutral_armies/rebuild/2"]
    assert "no supply centre" in found["/rules/neutral_armies/rebuild/1"]


def test_the_page_example_is_played_by_the_engine(game):
    from generator.families.diplomacy.rules import neutral_armies
    params = game.modules.params("neutral_armies")
    assert neutral_armies.module_checks(game, params) == []
    (page,) = neutral_armies.pages(game, params)
    assert "| NEUTRAL | `A BEL B` | ✔ succeeds | built |" in page.content
    assert "NEUTRAL builds 1" in page.content
    assert neutral_armies.pages(game, {**params, "rebuild": []}) == []
