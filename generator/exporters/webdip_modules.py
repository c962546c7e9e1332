"""The transform, neutral_armies and target-centre victory rule modules as webDiplomacy
variant classes.

Transform and NeutralUnits are written in the mixin forms the real variants use (A_Modern_Europe and
Divided_States for Transform, Viking and Africa for NeutralUnits), so that
generator/importers/webdip_classes.py recognises them by name on import:

- transform: `Transform_<class>` for userOrderDiplomacy (the order is stored as a
  support hold to terrID + 1000), processOrderDiplomacy (a support hold that was not
  cut changes the unit's type), OrderArchiv and drawMap (how it is shown), OrderInterface
  with resources/transform.js (the order form's choice). webDiplomacy's Transform
  allows every coastal supply centre: `where: home_centers` has no form (EXP001).
- neutral_armies: the units are listed in $countryUnits under a name that is no
  country (`Neutral units`), whose countryID is one past the last country (variant.php
  countryID()); `$neutralHold` (terrID => terrID) names the support-holds;
  `NeutralUnits_<class>` for processGame (the support-hold orders, and no waiting for
  the neutral retreats), processMembers and OrderArchiv. webDiplomacy's $neutralHold
  names one partner per unit where Mapwright supports whichever adjacent neutral army
  is attacked: a unit with several neutral neighbours is warned about (EXP001).

- victory_conditions' also_own: `TargetCentres_processMembers`, whose checkForWinner keeps
  webDiplomacy's winner only when it owns one centre of each group listed for its country,
  written in the form of TenSixtySix's class (`if ($win->countryID == 1 AND $status[11] == 1
  AND ($status[45] == 1 OR $status[54] == 1)) return $win;`), which the importer reads.
  Its own centre targets and winning by holding provinces have no form (EXP001).

The PHP is this module's own text; the names and the stored-order conventions are
webDiplomacy's, which the installed site and the importer both rely on.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..escape import php_string
from ..families.diplomacy.model import Game, province_of

NEUTRAL_COUNTRY = "Neutral units"
NEUTRAL_UNITS_RGB = (160, 160, 160)
# what a module parameter of these values means cannot be written for webDiplomacy
HOME_CENTRES_ONLY = "home_centers"
IMPORTED_POWER = "NEUTRAL"     # the power id the importer gives the neutral units
# a transform is stored as a support hold to terrID + this: terrIDs may not exceed it
TRANSFORM_OFFSET = 1000


def _q(text) -> str:
    return "'" + php_string(text) + "'"


@dataclass
class Neutrals:
    """The neutral units as the export writes them."""
    country: str                                         # the pseudo-country's name
    units: list[tuple[str, str]] = field(default_factory=list)    # (territory name, 'Army'|'Fleet')
    hold: dict[int, int] = field(default_factory=dict)   # terrID => terrID it support-holds
    gaps: list[tuple[str, str]] = field(default_factory=list)     # (parameter, why) without a form


def neutral_country(game: Game) -> str:
    """`Neutral units`, unless a power already has that name."""
    names = {p.name.lower() for p in game.map.powers.values()}
    name, n = NEUTRAL_COUNTRY, 1
    while name.lower() in names:
        n += 1
        name = f"{NEUTRAL_COUNTRY} {n}"
    return name


def neutrals(game: Game, full: dict[str, str], terr_id: dict[str, int]) -> Neutrals | None:
    """The neutral_armies module's units and support-holds, or None when it is not enabled
    or lists no unit (then nothing can be written and the import would not see it)."""
    found = game.modules.writing("NeutralUnits") if game.modules is not None else None
    if found is None:
        return None
    params = found[1]
    power = params.get("power") or IMPORTED_POWER
    listed = game.start.units.get(power) or []
    out = Neutrals(neutral_country(game))
    at: dict[str, str] = {}           # province -> location of its neutral unit
    for text in listed:
        letter, _, loc = str(text).partition(" ")
        loc = loc.strip()
        if loc in full:
            out.units.append((full[loc], "Fleet" if letter == "F" else "Army"))
            at[province_of(loc)] = loc
    if not out.units:
        return None
    if power != IMPORTED_POWER:
        out.gaps.append(("power", f"webDiplomacy's neutral units have no power id: they are imported back "
                                  f"as {IMPORTED_POWER}, not {power}"))
    if params.get("rebuild"):
        out.gaps.append(("rebuild", "the NeutralUnits classes written here do not rebuild neutral armies (that "
                                    "needs a processGame of the variant's own): they are not rebuilt there"))
    army_adj = game.map.army_adj
    for prov in sorted(params.get("support_hold") or []):
        partners = sorted(p for p in army_adj.get(prov, ()) if p in at and p != prov)
        if prov not in at or not partners:
            out.gaps.append(("support_hold", f"{prov} has no neutral unit with an adjacent neutral unit at the "
                                             "start, so it is not in $neutralHold"))
            continue
        out.hold[terr_id[full[at[prov]]]] = terr_id[full[at[partners[0]]]]
        if len(partners) > 1:
            out.gaps.append(("support_hold", f"{prov} borders {len(partners)} neutral units "
                                             f"({', '.join(partners)}); $neutralHold names one, {partners[0]}, "
                                             "which it support-holds whether attacked or not"))
    return out


def transform_gaps(params: dict) -> list[tuple[str, str]]:
    """(parameter, why) of the Transform module's values webDiplomacy has no form for."""
    if params.get("where") == HOME_CENTRES_ONLY:
        return [("where", "webDiplomacy's Transform classes allow every coastal supply centre, not only "
                          "home centres; the import reads where: supply_centers")]
    return []


# -- variant.php ---------------------------------------------------------------------------

def registrations(own: str, transform: bool, neutral: bool, done: set[str], targets: bool = False) -> list[str]:
    """variantClasses lines of the modules for the classes not in `done` (registered already)."""
    lines = []
    for on, comment, classes in (
            (transform, "Transform: an army becomes a fleet or a fleet an army at a coastal supply centre",
             ("userOrderDiplomacy", "processOrderDiplomacy", "OrderInterface", "OrderArchiv", "drawMap")),
            (neutral, "Neutral units: they hold, or support-hold as $neutralHold says, and never retreat",
             ("processGame", "processMembers", "OrderArchiv", "adjudicatorPreGame")),
            (targets, "Target centres: the winner must also own named centres", ("processMembers",))):
        if on:
            lines.append(f"\t\t// {comment}")
            lines += [f"\t\t$this->variantClasses['{cls}'] = {own};" for cls in classes if cls not in done]
            done |= set(classes)
    return lines


def variant_members(n: Neutrals | None) -> list[str]:
    if n is None:
        return []
    hold = ", ".join(f"{a} => {b}" for a, b in sorted(n.hold.items()))
    return ["\t// Neutral units: the unit in the first territory (terrID) support-holds the one in the second",
            f"\tpublic $neutralHold = array({hold});", "",
            "\t// the neutral units' pseudo-country comes after the last country",
            "\tpublic function countryID($countryName) {",
            f"\t\tif( $countryName == {_q(n.country)} ) return count($this->countries) + 1;",
            "\t\treturn parent::countryID($countryName);", "\t}", ""]


# -- class files ---------------------------------------------------------------------------

def class_file(header: str, body: list[str]) -> str:
    lines = ["<?php", header.rstrip("\n"),
             "defined('IN_CODE') or die('This script can not be run by itself.');", "", *body, "?>"]
    return "\n".join(lines) + "\n"


def user_order_diplomacy_php(header: str, name: str) -> str:
    return class_file(header, [
        "// Transform: the order form sends the type 'Transform_<1000 + terrID>' (terrID: the unit's",
        "// territory, or the coast a new fleet takes); it is stored as a support hold to that number.",
        "class Transform_userOrderDiplomacy extends userOrderDiplomacy",
        "{",
        "\tprivate function isTransform() {",
        "\t\treturn strpos($this->type, 'Transform_') === 0 && ctype_digit(substr($this->type, 10));",
        "\t}", "",
        "\tprotected function typeCheck() {",
        "\t\tif( $this->isTransform() ) return true;",
        "\t\treturn parent::typeCheck();",
        "\t}", "",
        "\tpublic function commit() {",
        "\t\tif( $this->type == 'Hold' )",
        "\t\t\t$this->paramWipe('toTerrID');",
        "\t\tif( $this->isTransform() ) {",
        "\t\t\t$this->toTerrID = (int)substr($this->type, 10);",
        "\t\t\t$this->wiped = array('fromTerrID', 'viaConvoy');",
        "\t\t\t$this->changed = array('type', 'toTerrID');",
        "\t\t\t$this->type = 'Support hold';",
        "\t\t}",
        "\t\treturn parent::commit();",
        "\t}", "",
        "\t// a stored transform (a toTerrID above 1000) goes back to the form as its Transform_ type",
        "\tprivate function asTransform(array $inputs) {",
        "\t\tif( isset($inputs['toTerrID']) && $inputs['toTerrID'] > 1000 ) {",
        "\t\t\t$inputs['type'] = 'Transform_'.$inputs['toTerrID'];",
        "\t\t\tunset($inputs['toTerrID']);",
        "\t\t}",
        "\t\treturn $inputs;",
        "\t}", "",
        "\tpublic function loadFromDB(array $inputs) {",
        "\t\tparent::loadFromDB($this->asTransform($inputs));",
        "\t}", "",
        "\tpublic function loadFromInput(array $inputs) {",
        "\t\tparent::loadFromInput($this->asTransform($inputs));",
        "\t}",
        "}", "",
        f"class {name}Variant_userOrderDiplomacy extends Transform_userOrderDiplomacy {{}}"])


def process_order_diplomacy_php(header: str, name: str) -> str:
    return class_file(header, [
        "class Transform_processOrderDiplomacy extends processOrderDiplomacy",
        "{",
        "\t// A transform whose support hold was not cut (the unit was neither dislodged nor attacked)",
        "\t// changes the unit's type, in the territory the order names, before the moves are applied.",
        "\tpublic function apply($standoffTerrs) {",
        "\t\tglobal $Game, $DB;",
        "\t\t$DB->sql_put(\"UPDATE wD_Units u",
        "\t\t\tINNER JOIN wD_Orders o ON ( o.unitID = u.id )",
        "\t\t\tINNER JOIN wD_Moves m ON ( m.gameID = o.gameID AND m.orderID = o.id )",
        "\t\t\tSET u.type = IF(u.type = 'Fleet', 'Army', 'Fleet'), u.terrID = o.toTerrID - 1000",
        "\t\t\tWHERE o.gameID = \".$Game->id.\" AND o.type = 'Support hold' AND o.toTerrID > 1000",
        "\t\t\t\tAND m.success = 'Yes'\");",
        "\t\tparent::apply($standoffTerrs);",
        "\t}",
        "}", "",
        f"class {name}Variant_processOrderDiplomacy extends Transform_processOrderDiplomacy {{}}"])


def order_interface_php(header: str, name: str, anywhere: str | None) -> str:
    """Transform's OrderInterface: loads resources/transform.js in movement phases; with
    build anywhere it extends that variant's OrderInterface (which the variant then
    registers as its own)."""
    base = f"{anywhere}Variant_OrderInterface" if anywhere else "OrderInterface"
    body = [f"require_once('variants/{anywhere}/classes/OrderInterface.php');", ""] if anywhere else []
    body += [
        f"class Transform_OrderInterface extends {base}",
        "{",
        "\tprotected function jsLoadBoard() {",
        "\t\tparent::jsLoadBoard();",
        "\t\tif( $this->phase == 'Diplomacy' ) {",
        f"\t\t\tlibHTML::$footerIncludes[] = l_jf('../variants/{php_string(name)}/resources/transform.js');",
        "\t\t\tforeach( libHTML::$footerScript as $index => $script )",
        "\t\t\t\tlibHTML::$footerScript[$index] = str_replace(l_jf('loadOrdersPhase').'();',",
        "\t\t\t\t\tl_jf('loadOrdersPhase').'();loadTransform();', $script);",
        "\t\t}",
        "\t}",
        "}", "",
        f"class {name}Variant_OrderInterface extends Transform_OrderInterface {{}}"]
    return class_file(header, body)


def order_archiv_php(header: str, name: str, transform: bool, n: Neutrals | None) -> str:
    body, base = [], "OrderArchiv"
    if n is not None:
        body += ["class NeutralUnits_OrderArchiv extends OrderArchiv",
                 "{",
                 "\tpublic function __construct() {",
                 "\t\tparent::__construct();",
                 f"\t\t$this->countryIDToName[] = {_q(n.country)};",
                 "\t}",
                 "}", ""]
        base = "NeutralUnits_OrderArchiv"
    if transform:
        body += [f"class Transform_OrderArchiv extends {base}",
                 "{",
                 "\t// a transform is stored as a support hold to terrID + 1000",
                 "\tpublic function OutputOrder($order) {",
                 "\t\tif( $order['toTerrID'] > 1000 ) {",
                 "\t\t\t$order['type'] = 'transform';",
                 "\t\t\t$order['toTerrID'] = $order['toTerrID'] - 1000;",
                 "\t\t\tif( $order['toTerrID'] == $order['terrID'] )",
                 "\t\t\t\t$order['toTerrID'] = false;",
                 "\t\t}",
                 "\t\treturn parent::OutputOrder($order);",
                 "\t}",
                 "}", ""]
        base = "Transform_OrderArchiv"
    body.append(f"class {name}Variant_OrderArchiv extends {base} {{}}")
    return class_file(header, body)


def transform_draw_map(base: str) -> list[str]:
    """Transform_drawMap: draws a transform (a support hold to terrID + 1000) as a disc, and
    the unit that made it in its new type."""
    return [f"class Transform_drawMap extends {base}",
            "{",
            "\t// terrID of a unit that transformed => the territory it stands on now",
            "\tprivate $transformed = array();", "",
            "\tpublic function drawSupportHold($fromTerrID, $toTerrID, $success) {",
            "\t\tif( $toTerrID <= 1000 ) return parent::drawSupportHold($fromTerrID, $toTerrID, $success);",
            "\t\t$toTerrID = $toTerrID - 1000;",
            "\t\tif( $success ) $this->transformed[$fromTerrID] = $toTerrID;",
            "\t\tif( $fromTerrID != $toTerrID ) $this->drawMove($fromTerrID, $toTerrID, $success);",
            "\t\t$this->drawTransform($success ? $toTerrID : $fromTerrID, $success);",
            "\t}", "",
            "\tpublic function addUnit($terrID, $unitType) {",
            "\t\tif( isset($this->transformed[$terrID]) )",
            "\t\t\treturn parent::addUnit($this->transformed[$terrID], $unitType == 'Fleet' ? 'Army' : 'Fleet');",
            "\t\treturn parent::addUnit($terrID, $unitType);",
            "\t}", "",
            "\t// a blue disc on the territory, crossed when the transform failed",
            "\tprotected function drawTransform($terrID, $success) {",
            "\t\tlist($x, $y) = $this->territoryPositions[$terrID];",
            "\t\t$size = $this->fleet['width'] * 1.5;",
            "\t\timagefilledellipse($this->map['image'], $x, $y, $size, $size, $this->color(array(40, 80, 130)));",
            "\t\timagefilledellipse($this->map['image'], $x, $y, $size - 2, $size - 2, "
            "$this->color(array(70, 150, 230)));",
            "\t\tif( !$success ) $this->drawFailure(array($x - 1, $y), array($x + 2, $y));",
            "\t}",
            "}", ""]


def neutral_process_game(base: str) -> list[str]:
    return [f"class NeutralUnits_processGame extends {base}",
            "{",
            "\t// The neutral units (countryID: one past the last country) have no player. In a movement",
            "\t// phase those in a territory of the variant's $neutralHold support-hold the unit in the",
            "\t// territory it names, when one stands there; a retreat phase in which only they would",
            "\t// retreat is processed at once (their retreat orders stay disband).",
            "\tfunction process() {",
            "\t\tglobal $DB;",
            "\t\tparent::process();",
            "\t\tif( $this->phase == 'Diplomacy' ) {",
            "\t\t\t$neutralID = count($this->Variant->countries) + 1;",
            "\t\t\t$tabl = $DB->sql_tabl('SELECT id, terrID FROM wD_Units WHERE gameID = '.$this->id",
            "\t\t\t\t.' AND countryID = '.$neutralID);",
            "\t\t\t$units = array();",
            "\t\t\twhile( list($unitID, $terrID) = $DB->tabl_row($tabl) )",
            "\t\t\t\t$units[$unitID] = $terrID;",
            "\t\t\tforeach( $units as $unitID => $terrID )",
            "\t\t\t\tif( isset($this->Variant->neutralHold[$terrID])",
            "\t\t\t\t\t\t&& in_array($this->Variant->neutralHold[$terrID], $units) )",
            "\t\t\t\t\t$DB->sql_put(\"UPDATE wD_Orders SET type = 'Support hold', toTerrID = \"",
            "\t\t\t\t\t\t.(int)$this->Variant->neutralHold[$terrID].\" WHERE unitID = \".$unitID);",
            "\t\t}",
            "\t\tif( $this->phase == 'Retreats' ) {",
            "\t\t\tlist($waiting) = $DB->sql_row(\"SELECT COUNT(*) FROM wD_Members WHERE gameID = \".$this->id",
            "\t\t\t\t.\" AND orderStatus != 'None'\");",
            "\t\t\tif( $waiting == 0 )",
            "\t\t\t\t$this->process();",
            "\t\t}",
            "\t}",
            "}", ""]


def process_members_php(header: str, name: str, neutral: bool, targets: dict[int, list[list[int]]] | None) -> str:
    """processMembers: the neutral units' stand-in member (NeutralUnits), then the target centres
    (TargetCentres), each class extending the one before."""
    body, base = [], "processMembers"
    if neutral:
        body += ["// processMembers counts units and centres by member: the neutral units' pseudo-country",
                 "// has no member, so a stand-in takes its count while they are counted.",
                 "class NeutralMember",
                 "{",
                 "\tpublic $supplyCenterNo;",
                 "\tpublic $unitNo;",
                 "}", "",
                 "class NeutralUnits_processMembers extends processMembers",
                 "{",
                 "\tfunction countUnitsSCs() {",
                 "\t\t$neutralID = count($this->Game->Variant->countries) + 1;",
                 "\t\t$this->ByCountryID[$neutralID] = new NeutralMember();",
                 "\t\tparent::countUnitsSCs();",
                 "\t\tunset($this->ByCountryID[$neutralID]);",
                 "\t}",
                 "}", ""]
        base = "NeutralUnits_processMembers"
    if targets is not None:
        body += target_centres_php(base, targets)
        base = "TargetCentres_processMembers"
    body.append(f"class {name}Variant_processMembers extends {base} {{}}")
    return class_file(header, body)


# -- target centres (TenSixtySix's form) --------------------------------------------------

def target_centres(game: Game, full: dict[str, str], terr_id: dict[str, int],
                   country_of: dict[str, int]) -> dict[int, list[list[int]]] | None:
    """The centres each country must own besides its count, as terrIDs: {countryID: [[terrID,
    ...], ...]}, every country listed ([] for one that needs nothing more); None when no module
    is written as TargetCentres or it lists no group (then the import would not see it)."""
    found = game.modules.writing("TargetCentres") if game.modules is not None else None
    if found is None:
        return None
    groups = found[1].get("also_own") or {}
    out = {cid: [[terr_id[full[c]] for c in group if c in full] for group in groups.get(power, [])]
           for power, cid in country_of.items()}
    out = {cid: [g for g in gs if g] for cid, gs in out.items()}
    return out if any(out.values()) else None


def target_centres_gaps(params: dict) -> list[tuple[str, str]]:
    """(parameter, why) of the victory parameters TargetCentres has no form for."""
    why = {"targets": "webDiplomacy's winner needs the variant's one supplyCenterTarget; a power's own "
                      "target is not written",
           "provinces": "webDiplomacy's winner is found by centre count; winning by holding provinces "
                        "is not written"}
    return [(param, text) for param, text in why.items() if params.get(param)]


def target_centres_php(base: str, targets: dict[int, list[list[int]]]) -> list[str]:
    """TargetCentres_processMembers, in the form TenSixtySix's class has (which the importer
    reads back): webDiplomacy's winner keeps the game only when it owns one centre of each
    group listed for its country."""
    terrs = sorted({t for groups in targets.values() for group in groups for t in group})
    tests = []
    for cid, groups in sorted(targets.items()):
        owns = "".join(" AND " + ("(" + " OR ".join(f"$status[{t}] == {cid}" for t in g) + ")" if len(g) > 1
                                  else f"$status[{g[0]}] == {cid}") for g in groups)
        tests.append(f"\t\tif ($win->countryID == {cid}{owns}) return $win;")
    return [f"class TargetCentres_processMembers extends {base}",
            "{",
            "\t// The winner webDiplomacy finds (the centre target reached) wins only when it also owns",
            "\t// one centre of each group listed for its country (the Mapwright game's also_own).",
            "\tfunction checkForWinner()",
            "\t{",
            "\t\tglobal $DB, $Game;",
            "\t\t$win = parent::checkForWinner();",
            "\t\tif ($win == false) return false;",
            "\t\t$status = array(" + ", ".join(f"{t} => 0" for t in terrs) + ");",
            "\t\t$tabl = $DB->sql_tabl(\"SELECT terrID, countryID FROM wD_TerrStatus WHERE terrID IN ("
            + ",".join(map(str, terrs)) + ") AND gameID = \".$Game->id);",
            "\t\twhile (list($terrID, $countryID) = $DB->tabl_row($tabl))",
            "\t\t\t$status[$terrID] = $countryID;",
            *tests,
            "\t\treturn false;",
            "\t}",
            "}", ""]


TRANSFORM_JS = """\
// Transform orders in the order form, for the Transform classes in classes/: a unit on a
// coastal supply centre may change type. The choice 'Transform_<1000 + terrID>' names where
// the new unit stands: the territory, or for an army that becomes a fleet where the
// province has named coasts, the coast.
function loadTransform() {
	MyOrders.map(function(OrderObj) {
		OrderObj.updateTypeChoices = function() {
			var unit = this.Unit, place = unit.Territory.coastParent;
			this.typeChoices = {'Hold': 'hold', 'Move': 'move', 'Support hold': 'support hold',
				'Support move': 'support move'};
			if( unit.type == 'Fleet' && unit.Territory.type == 'Sea' )
				this.typeChoices['Convoy'] = 'convoy';
			if( place.supply != true || place.type != 'Coast' )
				return this.typeChoices;
			var coasts = [];
			if( unit.type == 'Army' )
				Territories.each(function(pair) {
					var t = pair[1];
					if( t.coastParent.id == place.id && t.id != place.id ) coasts.push(t);
				});
			if( coasts.length == 0 )
				this.typeChoices['Transform_' + (1000 + parseInt(place.id))] =
					'transform to ' + (unit.type == 'Army' ? 'fleet' : 'army');
			for( var i = 0; i < coasts.length; i++ )
				this.typeChoices['Transform_' + (1000 + parseInt(coasts[i].id))] =
					'transform to fleet -> ' + coasts[i].name;
			return this.typeChoices;
		};
		OrderObj.updateTypeChoices(OrderObj.requirements);
		OrderObj.requirements.map(function(n) { OrderObj.reHTML(n); }, OrderObj);
		OrderObj.setSelectsGreen();
	}, this);
}
"""
