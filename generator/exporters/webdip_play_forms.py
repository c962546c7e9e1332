"""Three rule forms out to webDiplomacy, each in the form the importer reads back
(generator/importers/webdip_variant.py, webdip_deleted_borders.py, webdip_homeland.py):

- TurnYears: variant.php's turnAsDate / turnAsDateJS count N years a turn
  (`floor($turn*N) + YEAR`) or a Spring/Autumn pair (`floor($turn/2)*N + YEAR`), YEAR the
  first spring's, as the site's dates count them (turn 0 the first spring);
- DeletedBorders: install.php, once the map is installed, deletes the closed borders
  (`DELETE FROM wD_Borders WHERE mapID=... AND toTerrID=N [AND fromTerrID=M]`, and the
  same from wD_CoastalBorders), in DutchRevolt's form. webDiplomacy keeps each border once
  each way: wD_CoastalBorders holds every territory's and coast's, wD_Borders the
  territories' (no coast rows). A place closed whole closes its coasts' rows too, so a
  province with coasts comes back with its coasts listed beside it (the same borders
  closed); a coast alone closes its own rows only, which the importer reads back as it is;
- Homeland: the variant's processGame updateOwners in DutchRevolt's form: after
  webDiplomacy's own change of ownership, a homeland is set to no one while its country
  owns no other supply centre, back to the country otherwise. The form counts the centres
  besides one territory, so a power with several homeland centres has no form (EXP001).

Exporters never name a module: each form is found by what the module declares it is
written as (its webdip.export), with its parameters.
"""
from __future__ import annotations

from ..families.diplomacy.model import Game, province_of

# webDiplomacy's turnAsDate step the importer reads (`\d{1,3}`)
MOST_YEARS = 999


def _writing(game: Game, form: str) -> tuple[str, dict] | None:
    return game.modules.writing(form) if game.modules is not None else None


# -- TurnYears ---------------------------------------------------------------------------

def year_expressions(game: Game, first: int) -> tuple[str, str]:
    """(PHP, JavaScript) expressions of the year turn `$turn` / `turn` stands for, `first` the
    first spring's year."""
    found = _writing(game, "TurnYears")
    if found is None or turn_years_plain(game):
        return f"floor($turn/2) + {first}", f"Math.floor(turn/2) + {first}"
    years = int(found[1]["years"])
    if found[1]["per"] == "year":
        return f"floor($turn/2)*{years} + {first}", f"Math.floor(turn/2)*{years} + {first}"
    return f"floor($turn*{years}) + {first}", f"Math.floor(turn*{years}) + {first}"


def turn_years_plain(game: Game) -> bool:
    """Whether the TurnYears module counts the standard calendar (one year a Spring/Autumn
    pair): what is written then is webDiplomacy's own, and no module comes back on import."""
    found = _writing(game, "TurnYears")
    return found is not None and found[1]["per"] == "year" and int(found[1]["years"]) == 1


def turn_years_gaps(game: Game) -> list[tuple[str, str, str]]:
    found = _writing(game, "TurnYears")
    if found is None or int(found[1]["years"]) <= MOST_YEARS:
        return []
    return [(found[0], "years", f"turnAsDate is written with {found[1]['years']} years a step, and the importer "
                                f"reads a step of at most {MOST_YEARS} years: the import does not know the years")]


# -- DeletedBorders ----------------------------------------------------------------------

def _covers(listed: str, location: str) -> bool:
    """A listed place covers `location`: a province all its locations, a coast that coast."""
    return location.casefold() == listed.casefold() or ("/" not in listed and province_of(location) == listed)


def deleted_borders(game: Game, full: dict[str, str], terr_id: dict[str, int]) -> list[tuple[str, int | None, int]]:
    """(table, fromTerrID or None, toTerrID) of the borders install.php deletes: every border
    into a place of no_entry, and each closed [FROM, TO] border that way."""
    found = _writing(game, "DeletedBorders")
    if found is None:
        return []
    m, params = game.map, found[1]
    row = {loc: terr_id[name] for loc, name in full.items()}
    steps = sorted({(a, b) for a, bs in m.army_adj.items() for b in bs}
                   | {(a, b) for a, bs in m.fleet_adj.items() for b in bs})
    steps = [(a, b) for a, b in steps if a in row and b in row]
    out: list[tuple[str, int | None, int]] = []

    def add(entry):
        if entry not in out:
            out.append(entry)
    closed_into = []
    for listed in params["no_entry"]:
        rows = sorted({row[loc] for loc in row if _covers(listed, loc)})
        if not rows:
            continue
        closed_into.append(listed)
        if "/" not in listed:
            add(("wD_Borders", None, row[listed]))
        for terr in rows:
            add(("wD_CoastalBorders", None, terr))
    for a, b in params["closed"]:
        if any(_covers(c, b) for c in closed_into):
            continue                      # every border into it is gone already
        pairs = [(x, y) for x, y in steps if _covers(a, x) and _covers(b, y)]
        if pairs and "/" not in a and "/" not in b:
            add(("wD_Borders", row[a], row[b]))
        for x, y in pairs:
            add(("wD_CoastalBorders", row[x], row[y]))
    return out


def deleted_borders_php(entries: list[tuple[str, int | None, int]]) -> list[str]:
    """install.php's statements for `entries`, in DutchRevolt's form."""
    if not entries:
        return []
    lines = ["// Borders closed one way: units may not cross them into the place (the other way stays open).",
             "// Deleted once the map is installed, before the territories' cache is written for the order form.",
             "global $DB;"]
    for table, source, target in entries:
        since = f" AND fromTerrID={int(source)}" if source is not None else ""
        lines.append(f"$DB->sql_put('DELETE FROM {table} WHERE mapID='.$this->mapID.' AND toTerrID={int(target)}"
                     f"{since}');")
    return lines


# -- Homeland ----------------------------------------------------------------------------

def homelands(game: Game, full: dict[str, str], terr_id: dict[str, int],
              country_of: dict[str, int]) -> tuple[list[tuple[int, int]], list[tuple[str, str, str]]]:
    """([(countryID, terrID)] of the homeland centres written, [(module, parameter, why)] of
    those that have no form)."""
    found = _writing(game, "Homeland")
    if found is None:
        return [], []
    written, gaps = [], []
    for power, centres in sorted(found[1]["centres"].items()):
        if len(centres) > 1:
            gaps.append((found[0], "centres", f"{power} has {len(centres)} homeland centres, and webDiplomacy's "
                                              "form counts a country's centres besides one territory: not written"))
            continue
        if power in country_of and centres and centres[0] in full:
            written.append((country_of[power], terr_id[full[centres[0]]]))
    return written, gaps


def update_owners_php(written: list[tuple[int, int]], map_id: int) -> list[str]:
    """processGame::updateOwners for the homeland centres (`written`: (countryID, terrID))."""
    if not written:
        return []
    lines = ["\t// Homeland centres: after webDiplomacy's change of ownership, each belongs to its country while",
             "\t// the country owns another supply centre, and to no one otherwise, whoever stands there.",
             f"\t// t.mapID is the map's id (variant.php's $mapID, {int(map_id)}): change both together.",
             "\tprotected function updateOwners() {",
             "\t\tparent::updateOwners();",
             "\t\tglobal $DB;"]
    for country, terr in written:
        country, terr = int(country), int(terr)
        lines += [f"\t\tlist($ownedBesides) = $DB->sql_row('SELECT count(*) FROM wD_TerrStatus ts",
                  "\t\t\tINNER JOIN wD_Territories t ON ( t.id = ts.terrID AND t.supply=\"Yes\" )",
                  f"\t\t\tWHERE ts.gameID = '.$this->id.' AND ts.countryID = {country} AND t.mapID={int(map_id)} "
                  f"AND ts.terrID != {terr}');",
                  "\t\tif ($ownedBesides == 0)",
                  f"\t\t\t$DB->sql_put('UPDATE wD_TerrStatus SET countryID = 0 WHERE gameID = '.$this->id.' "
                  f"AND terrID = {terr}');",
                  "\t\telse",
                  f"\t\t\t$DB->sql_put('UPDATE wD_TerrStatus SET countryID = {country} WHERE gameID = '.$this->id.' "
                  f"AND terrID = {terr}');"]
    lines.append("\t}")
    return lines
