"""custom_start's `opening_sites` as a webDiplomacy userOrderBuilds class, in the two forms
the importer reads back (importers/webdiplomacy.py `_opening_sites`):

- held (Pirates' form): in the opening build phase (turn 0) a country builds on any
  territory it holds at the start, supply centre or not; install.php gives each power
  its opening sites (its countryID column) and the class's SQL says `g.turn=0 OR ...`.
  It fits when every power with default builds has opening sites, made of its own home
  centres (all of them: install.php gives a power its home centres) and territories no
  other power lists (a territory has one owner). Then no other territory off the centres is
  given an owner (geometry.yaml's owners): it would be a build place too;
- listed (DutchRevolt's form): one country builds, in turn 0, only in listed territories
  and no army (`$this->toTerrID == N || ...`); it fits one power whose sites are all seas
  (where only fleets stand, so the ban plays no part), at most 20 of them. DutchRevolt's check
  reads the turn from the variant object, which has none on webDiplomacy (null, `== 0` in every
  phase): the export's base class sets it from the game (`turn_class`).

Any other `opening_sites` is reported (EXP001) with the reason (`gap`). Both classes keep
webDiplomacy's own check for later phases and for removals (parent::toTerrIDCheck, or the
centre rule written out where the SQL replaces it, as Pirates does)."""
from __future__ import annotations

from ..escape import php_comment
from ..families.diplomacy.model import Game

# the importer reads at most this many `$this->toTerrID == N` in a listed form
MOST_LISTED = 20


def _with_builds(game: Game) -> list[str]:
    return [p for p in game.map.powers if game.default_builds.get(p)]


def held_owners(game: Game, sites: dict[str, list[str]]) -> dict[str, str] | None:
    """{non-centre province: power} for install.php's countryID column when the held form
    gives back exactly `sites`, else None."""
    if not sites or sorted(sites) != sorted(_with_builds(game)):
        return None
    provinces, owners = game.map.provinces, {}
    for power, places in sites.items():
        homes = {p.id for p in provinces.values() if p.supply_center and p.home == power}
        if any(place not in provinces for place in places) or len(set(places)) != len(places):
            return None
        if {p for p in places if provinces[p].supply_center} != homes:
            return None
        for place in places:
            if not provinces[place].supply_center:
                if owners.setdefault(place, power) != power:
                    return None
    return owners


def listed(game: Game, sites: dict[str, list[str]]) -> tuple[str, list[str]] | None:
    """(power, its sites) when the listed form gives back exactly `sites`, else None."""
    if len(sites) != 1:
        return None
    (power, places), = sites.items()
    provinces = game.map.provinces
    if power not in _with_builds(game) or not 0 < len(places) <= MOST_LISTED or len(set(places)) != len(places):
        return None
    if any(place not in provinces or provinces[place].type != "sea" for place in places):
        return None
    return power, list(places)


def gap(game: Game, sites: dict[str, list[str]]) -> str | None:
    """Why `sites` has no form here (the EXP001 text), None when one fits."""
    if not sites or held_owners(game, sites) is not None or listed(game, sites) is not None:
        return None
    return ("webDiplomacy's turn-0 userOrderBuilds forms the import reads are: every power with default "
            "builds building on the territories install.php gives it (its home centres and territories no other "
            "power lists), or one power building fleets only, in at most 20 listed seas; these opening sites "
            "fit neither, so the opening builds on supply centres only")


def _sql(later: str) -> list[str]:
    """Pirates' checks (webDiplomacy's userOrderBuilds with the games joined): in turn 0 any
    territory the country holds, later `later`; a fleet may also be built in a held sea then."""
    common = ["\t\t\t\tWHERE ts.gameID = \".$this->gameID.\"",
              "\t\t\t\t\tAND t.mapID=\".MAPID.\"",
              "\t\t\t\t\tAND ts.countryID = \".$this->countryID.\"",
              "\t\t\t\t\tAND ts.occupyingUnitID IS NULL",
              f"\t\t\t\t\tAND (g.turn=0 OR {later})"]
    return ["\t\tif( $this->type == 'Build Army' )",
            "\t\t\treturn $this->sqlCheck(\"SELECT t.id",
            "\t\t\t\tFROM wD_TerrStatus ts",
            "\t\t\t\tINNER JOIN wD_Territories t ON ( t.id = ts.terrID )",
            "\t\t\t\tINNER JOIN wD_Games g ON ( g.id = ts.gameID )",
            *common,
            "\t\t\t\t\tAND t.id=\".$this->toTerrID.\"",
            "\t\t\t\t\tAND NOT t.type='Sea'",
            "\t\t\t\t\tAND NOT t.coast = 'Child'\");",
            "\t\treturn $this->sqlCheck(\"SELECT IF(t.coast='Parent', coast.id, t.id) as terrID",
            "\t\t\t\tFROM wD_TerrStatus ts",
            "\t\t\t\tINNER JOIN wD_Territories t ON ( t.id = ts.terrID )",
            "\t\t\t\tLEFT JOIN wD_Territories coast ON ( coast.mapID=\".MAPID.\" AND coast.coastParentID = t.id "
            "AND NOT t.id = coast.id )",
            "\t\t\t\tINNER JOIN wD_Games g ON ( g.id = ts.gameID )",
            *common,
            "\t\t\t\t\tAND ( t.type = 'Coast' OR ( g.turn=0 AND t.type = 'Sea' ) )",
            "\t\t\t\t\tAND ( (t.coast='Parent' AND coast.id=\".$this->toTerrID.\") OR t.id=\".$this->toTerrID.\" )",
            "\t\t\t\t\tAND ( t.coast='No' OR ( t.coast='Parent' AND NOT coast.id IS NULL ) )\");"]


def held_class(base: str, anywhere: bool) -> list[str]:
    """CustomStart_userOrderBuilds of the held form, extending `base`."""
    later = "t.supply='Yes'" if anywhere else "(t.supply='Yes' AND t.countryID=\".$this->countryID.\")"
    rule = "any supply centre it holds (build anywhere)" if anywhere else "its home centres, as webDiplomacy's"
    return [f"// Custom start: in the opening build phase (turn 0) a country builds on any territory it holds at",
            f"// the start (install.php gives it them), supply centre or not; later on {rule}.",
            f"class CustomStart_userOrderBuilds extends {base} {{", "",
            "\tprotected function toTerrIDCheck() {",
            "\t\tif( $this->type != 'Build Army' && $this->type != 'Build Fleet' )",
            "\t\t\treturn parent::toTerrIDCheck();",
            *_sql(later), "\t}", "}", ""]


def turn_class(base: str) -> list[str]:
    """CustomStart_userOrderBuilds of the listed form: DutchRevolt's check reads the game's turn
    from the variant object (`$GLOBALS['Variants'][VARIANTID]->turn`), which webDiplomacy's
    WDVariant does not have (null there, which `== 0` takes for the opening in every phase): the
    order sets it from its game first, into the `$turn` the variant declares (TURN_PROPERTY)."""
    return ["// Custom start: the game's turn, which the opening check below reads from the variant.",
            f"class CustomStart_userOrderBuilds extends {base} {{", "",
            "	public function __construct($orderID, $gameID, $countryID) {",
            "		global $DB;",
            "		parent::__construct($orderID, $gameID, $countryID);",
            "		list($turn) = $DB->sql_row(\"SELECT turn FROM wD_Games WHERE id = \".((int)$gameID));",
            "		$GLOBALS['Variants'][VARIANTID]->turn = (int)$turn;",
            "	}", "}", ""]


# the variant's field the listed form's check reads (declared: PHP 8.2 deprecates adding it)
TURN_PROPERTY = ["	// the game's turn, set by classes/userOrderBuilds.php for its opening check", "	public $turn;", ""]


def listed_class(cls: str, country_id: int, power: str, terr_ids: list[int]) -> list[str]:
    """`cls` with DutchRevolt's turn-0 check: country `country_id` builds fleets only, in
    `terr_ids` only (its listed seas); every other build by webDiplomacy's check. It extends
    turn_class's, which gives the check the game's turn."""
    tests = " || ".join(f"($this->toTerrID == {t})" for t in terr_ids)
    return [f"// Custom start: in the opening build phase (turn 0) {php_comment(power)} builds fleets only, in the",
            "// listed seas only (its opening sites); other builds as the parent class checks them.",
            f"class {cls} extends CustomStart_userOrderBuilds {{", "",
            "	protected function toTerrIDCheck() {",
            "		$turn = $GLOBALS['Variants'][VARIANTID]->turn;",
            f"		if( ($turn == 0) && ($this->countryID == {country_id}) ) {{",
            "			if( $this->type == 'Build Army' ) return false;",
            f"			if( {tests} ) return true;",
            "			else return false;",
            "		}",
            "		else return parent::toTerrIDCheck();",
            "	}", "}", ""]
