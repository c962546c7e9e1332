"""Baron1900's rules besides its modules' own tests (test_build_flags, test_detours): what the
import plays as standard, and what it leaves, said precisely.

From its rules page (tests/data/webdip/Baron1900/rules.html, "The Short Rules"): "18+ SCs to
solo. The player must also have a higher number of SCs than any other player. If two players
tie at 18+ SCs, the game goes on." and "Gibraltar connects Spain and Morocco for fleets and
armies. It's like any other canal except it can be convoyed through." (its install.php gives
Gibraltar the type 'Strait'; its adjConvoyMove counts a convoy order of the fleet in Gibraltar,
terrID 25, as a link of the convoy from the Mid-Atlantic through the Mediterranean)."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules._engine import winner
from generator.importers.webdiplomacy import import_variant

BARON = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Baron1900"


@pytest.fixture(scope="module")
def baron():
    result = import_variant(BARON)
    return result, game_from_data("baron1900", result.game, result.data)


def _centres(game, n: int, skip=()) -> list[str]:
    return [p for p, prov in sorted(game.map.provinces.items()) if prov.supply_center and p not in skip][:n]


def test_eighteen_and_more_than_anyone_wins(baron):
    # "18+ SCs to solo. The player must also have a higher number of SCs than any other player."
    _, g = baron
    eighteen = _centres(g, 18)
    assert g.map.victory_centers == 18
    assert winner(g, {"BRITAIN": eighteen, "FRANCE": _centres(g, 17, eighteen)}, {})[0] == "BRITAIN"
    assert winner(g, {"BRITAIN": eighteen[:17]}, {}) is None


def test_a_tie_at_eighteen_plays_on(baron):
    # "If two players tie at 18+ SCs, the game goes on." (39 centres: two powers can hold 18)
    _, g = baron
    eighteen = _centres(g, 18)
    assert winner(g, {"BRITAIN": eighteen, "FRANCE": _centres(g, 18, eighteen)}, {}) is None


def test_a_fleet_in_gibraltar_convoys(baron):
    # "It's like any other canal except it can be convoyed through": F GIB carries an army from
    # Spain to Morocco as a fleet at sea would
    result, g = baron
    assert result.game["rules"]["convoy_coasts"] == {"provinces": ["GIB"]}
    resp = adjudicate(g, {"phase": "S1901M", "units": {"BRITAIN": ["F GIB", "A SPA"]},
                          "orders": {"BRITAIN": ["F GIB C A SPA - MOR", "A SPA - MOR VIA"]}})
    got = {r["order"]: r["result"] for r in resp["results"]}
    assert got == {"F GIB C A SPA - MOR": "succeeds", "A SPA - MOR VIA": "succeeds"}
    # Spain and Morocco do not border each other: without the convoy through Gibraltar no move
    assert "MOR" not in g.map.army_adj["SPA"]


def test_what_is_left_of_baron1900_is_said_precisely(baron):
    # the game stays partial for its own paradox resolution only: the Russian Emergency Measures
    # Rule is the emergency_measures module (test_emergency_measures), the convoy round Africa
    # (rule 5) and the retreats round it (rule 6) the detours module's (test_detours); the victory
    # test (18 centres and more than anyone, a tie plays on) is the standard one
    result, _ = baron
    assert result.game["status"] == "partial"
    said = [d.message for d in result.diagnostics if d.code == "IMP013"]
    assert len(said) == 1
    assert said[0].startswith("Baron1900Variant_adjParadoxException")
    assert {"emergency_measures", "detours"} <= set(result.game["rules"])
