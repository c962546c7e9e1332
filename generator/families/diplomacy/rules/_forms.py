"""How other tools write a rule module: the forms a module declares (`webdip`, see the
rules package docstring), and the vocabulary of webDiplomacy forms the importer finds and
the exporter writes. The importers and exporters know these forms, never a module."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# What the webDiplomacy importer finds besides a mixin's classes (a module's `forms`).
FORMS = {
    "BuildAnywhere": "a builds class of the variant's own whose query allows any owned vacant centre",
    "BuildAnyHome": "a builds class whose query allows any owned vacant home centre, any power's "
                    "(found: {sites: {power: [ids]}})",
    "BuildFlags": "builds classes whose queries allow an owned vacant centre only when its install.php "
                  "buildEligibilityFlags has the country's bit (`t.buildEligibilityFlags & (1 << countryID)`) "
                  "(found: {by_power: {power: [ids]}})",
    "Detour": "a userOrderDiplomacy class whose support checks return false between a territory and a list "
              "(`Unit->terrID == A && in_array($this->toTerrID, B)` and back), with an adjMove that takes 0.5 or 1 off "
              "its supportStrength (found: {sides: [[ids], [ids]], loss})",
    "CustomStart": "a processGame of the variant's own that opens the game with a build phase",
    "OpeningOwnedByUnits": "a processGame whose updateOwners, after the first build phase, gives each territory "
                           "with a unit to the unit's owner and no other territory to anyone",
    "HomesAtTurn": "builds classes that allow any owned centre before a turn ($set_sc_after_turn) and, from "
                   "it on, the centres owned in that turn's territory archive (found: {date: phase})",
    "NeutralUnits": "units of no country in $countryUnits (found: {power, hold: [ids]})",
    "NeutralRebuild": "a processGame whose Builds phase (held when needed) orders 'Build Army' for the "
                      "neutral pseudo-country in each empty territory it still holds (found: {centres: [ids]})",
    "NeutralScBox": "drawMap's $nsc_info: neutral centres drawn in a country's colour",
    "Canal": "a sea-to-sea move permitted by the holder of a third territory "
             "(found: {between: [A, B], through: C})",
    "Sealanes": "sea territories whose codes name an overseer territory (`MSB 1`)",
    "TargetCentres": "a checkForWinner that gives the standard winner the game only when it owns named "
                     "territories, one of each group (found: {also_own: {power: [[ids]]}})",
    "UncountedCentres": "a processMembers countUnitsSCs that takes a centre off a country's count while that "
                        "country owns a named territory (found: {by_power: {power: [ids]}})",
    "PickedCountries": "a pre-game class that names install.php's countries by the powers a game picks from "
                       "(`if ($name == 'England') $sourceID=1;`), variant.php's $countries being the players' "
                       "seats (found: {most: the number of seats})",
    "BiddingStart": "processGame code of the variant's own that does what BiddingStart_processGame does: "
                    "the first turn's successful moves of the token units give their owners the centres, then "
                    "every unit is removed (found with $init_build and the tokens: {tokens, units})",
    "AlliedMoves": "an adjudicatorDiplomacy whose adjudicate() gives a country's moves to another country "
                   "before the adjudication (`UPDATE wD_Moves SET countryID=1 WHERE countryID=5`) and otherwise "
                   "only reads (found: {groups: [[power, its allies...]]})",
    "RetreatAs": "a userOrderRetreats of the variant's own whose toTerrIDCheck checks every retreat as if the unit "
                 "were an army (or a fleet): `$this->Unit->type = \"Army\";` around the parent's check "
                 "(found: {kind: A or F})",
    "UnitStrength": "own adjMove / adjHeadToHeadMove classes that add a fixed strength (`$min += 0.5; $max += "
                    "0.5;`) to the moves whose ids an adjudicatorDiplomacy lists by unit type (`SELECT m.id ... "
                    "WHERE u.type='Army'` into `$Game->Variant->fregatte[]`) (found: {kind, bonus})",
    "EmergencyMeasures": "builds and members classes that, while a country owns more than none and fewer than all "
                         "of listed territories (`SELECT count(*) FROM wD_TerrStatus WHERE ... terrID IN (...) AND "
                         "countryID=N` then `if ($n > 0 && $n < K)`), count its builds against `supplyCenterNo + M` "
                         "and let it build in a territory that is no centre (`toTerrID != T`) (found: {by_power: "
                         "{power: [ids]}, sides: [[site ids]], extra, unit})",
    "Homeland": "a processGame updateOwners that, after webDiplomacy's own, sets a centre to no one while its "
                "country owns no other supply centre and back to the country otherwise "
                "(found: {by_power: {power: [ids]}})",
    "DeletedBorders": "install.php statements that delete borders after the map is made (`DELETE FROM "
                      "wD_Borders WHERE mapID=... AND toTerrID=N [AND fromTerrID=M]`, or wD_CoastalBorders): "
                      "units may no longer cross them that way (found: {no_entry: [ids], closed: [[from, to]]})",
    "TurnYears": "a variant.php turnAsDate that counts N years a turn (`floor($turn*N) + YEAR`, `$turn*N + YEAR`) "
                 "or a Spring/Autumn pair (`floor($turn/2)*N + YEAR`) (found: {years, per: turn or year})",
    "RovingHazard": "classes that place and move a unit of the country after the last of $countries (no "
                    "player's: Pirates' hurricane): a processOrderBuilds create() that destroys it and builds it "
                    "anew on a random vacant territory that is no supply centre, a processOrderDiplomacy "
                    "create() that orders it to a random territory next to it, and adjMove classes that add a "
                    "fixed strength to that country's moves (`$this->countryID == 14`) (found: {power, bonus, "
                    "kind})",
    "Fog": "classes of the variant's own that do what the Fog classes do (ClassicFog's): orders "
           "accepted unchecked, a support of a move from an empty territory made a hold, the hidden "
           "map images wiped at the end",
}
# DPjudge location types that carry a module (a module's `dpjudge_locations`), besides the
# WATER, COAST, LAND and SHUT every map has. DPjudge's rule list (docs/rules.html,
# COASTAL_CONVOY): "Fleets in coastal locations ... may issue and perform convoy orders.
# Essentially, this rule causes all COAST spaces to be treated as if they were PORT spaces".
DPJUDGE_TYPES = {
    "PORT": "a coastal location whose fleet may convoy, as fleets on water do",
}
# What the webDiplomacy exporter writes (a module's `export`).
EXPORTS = {
    "CustomStart": "the CustomStart classes and $countryUnits as the default builds",
    "BuildAnywhere": "the classes of webDiplomacy's BuildAnywhere variant",
    "Transform": "the Transform classes",
    "NeutralUnits": "the neutral units in $countryUnits, $neutralHold and the NeutralUnits classes",
    "NeutralRebuild": "a processGame whose Builds phase (held when needed) orders 'Build Army' for the "
                      "neutral pseudo-country in each empty territory it still holds (found: {centres: [ids]})",
    "NeutralScBox": "drawMap's $nsc_info and a NeutralScBox drawMap",
    "Sealanes": "nothing more: the sealane borders are borders of the data",
    "TargetCentres": "a processMembers checkForWinner in TenSixtySix's form: the winner must also own "
                     "one centre of each group listed for its country",
    "Data": "nothing more: the module changes no play, or the data carries it",
    "TurnYears": "variant.php's turnAsDate and turnAsDateJS counting N years a turn (`floor($turn*N) + YEAR`) "
                 "or a Spring/Autumn pair (`floor($turn/2)*N + YEAR`)",
    "DeletedBorders": "install.php statements that delete the closed borders once the map is installed "
                      "(`DELETE FROM wD_Borders WHERE mapID=... AND toTerrID=N [AND fromTerrID=M]`, and "
                      "wD_CoastalBorders)",
    "Homeland": "the variant's processGame updateOwners in DutchRevolt's form: after webDiplomacy's own, each "
                "centre is set to no one while its country owns no other supply centre, back to it otherwise",
}


@dataclass(frozen=True)
class WebdipForm:
    """How webDiplomacy writes the module (see the module docstring)."""

    describe: str
    mixins: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    arrays: tuple[str, ...] = ()
    country_arrays: tuple[str, ...] = ()
    read: Callable[[dict], dict] | None = None
    # the mixin's code names the countries it applies to by countryID (Colonial's TSR:
    # `countryID = '6'`): the importer gives them as the mixin's facts {powers: [power ids]}
    countries: bool = False
    # arrays in the mixin's code indexed by countryID (Rinascimento's `$i_percent`): the
    # importer gives each as the mixin's facts {name: {power id: value}}
    country_values: tuple[str, ...] = ()
    export: str = ""
    not_exported: str = "webDiplomacy needs its classes for it"
    # the rule opens the game with a build phase: the importer takes the start units as the
    # default builds and starts the game in the winter before the variant's first year
    opening: bool = False
    # a flag of `mapwright import webdiplomacy` (`custom-start`) that says the variant uses the
    # rule where its classes do not show it, with the flag's help text
    option: str = ""
    option_help: str = ""

    @property
    def keys(self) -> tuple[str, ...]:
        """What the importer may find for the module: its mixins, forms and arrays."""
        return (*self.mixins, *self.forms, *self.arrays, *self.country_arrays)

    def params(self, found: dict) -> dict | None:
        """The module's parameters from the importer's `found` facts, None when the
        variant does not use the rule."""
        given = {key: found[key] for key in self.keys if key in found}
        if not given:
            return None
        if self.read is not None:
            return self.read(given)
        return {k: v for facts in given.values() for k, v in (facts or {}).items()}
