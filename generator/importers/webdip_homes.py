"""Builds classes whose home centres are the centres a power owned at a set turn, read as
text (never run): the HomesAtTurn form (rules.FORMS).

webDiplomacy keeps each turn's ownership in wD_TerrStatusArchive. Classic1897's
userOrderBuilds lets a power build on any owned vacant centre while `$turn <
$set_sc_after_turn` (4), and from then on only on the centres it owned in the archive
of that turn (`tsa.turn=".$set_sc_after_turn`); its processOrderBuilds caps the builds
by the same archive's vacant centres from that turn on. CustomCountries (ClassicVS, turn 0)
and BiddingStart (GreekDip, turn 1) write the archive query with no turn before it.

And a processGame whose updateOwners, at the end of the first build phase, gives every
territory to the owner of the unit on it and no other territory to anyone (Classic1897:
the opening builds choose where a power starts): the OpeningOwnedByUnits form.

Also read here: the opening builds Classic1897's create() orders in the first turn, one
`$newOrders[] = "(... countryID('England'), 'Build Fleet', ".$terrIDByName['London'].")"`
a power, as {country: {territory: 'Army'|'Fleet'}} (the default builds).
"""
from __future__ import annotations

import re

# the archive's centres of the power (`tsa.countryID=".$this->countryID`) at one turn:
# a number, or a variable set to one in the same code
_ARCHIVE = re.compile(r"wD_TerrStatusArchive\s+tsa\b[^;]{0,800}?\btsa\.countryID\s*=\s*\"\s*\.\s*\$(?:this|Member)"
                      r"->countryID[^;]{0,400}?\btsa\.turn\s*=\s*(?:'?(\d{1,3})'?|\"\s*\.\s*\$(\w{1,40}))")
_OWN_VACANT = re.compile(r"\bts\.countryID\s*=\s*\"?\s*\.?\s*\$(?:this|Member)->countryID[^;]{0,300}?"
                         r"occupyingUnitID\s+IS\s+NULL", re.IGNORECASE)
_BEFORE = re.compile(r"if\s*\(\s*\$turn\s*<\s*(?:(\d{1,3})|\$(\w{1,40}))\s*\)\s*\{")
_CAP_FROM = re.compile(r"if\s*\(\s*\$Game->turn\s*>\s*(?:(\d{1,3})|\$(\w{1,40}))\s*\)\s*\{")
_FIRST_TURN = re.compile(r"^\s*global\s+\$DB\s*,\s*\$Game\s*;\s*(?:\$set_sc_after_turn\s*=\s*\d{1,3}\s*;\s*)?"
                         r"(?:\$newOrders\s*=\s*array\(\)\s*;\s*)?if\s*\(\s*\$Game->turn\s*==\s*0\s*\)\s*\{")
_OPENING_ORDER = re.compile(r"\$newOrders\[\]\s*=\s*\"\(\"\s*\.\s*\$Game->id\s*\.\s*\"\s*,\s*\"\s*\.\s*"
                            r"\$Game->Variant->countryID\(\s*'([^'\n]{1,60})'\s*\)\s*\.\s*\"\s*,\s*'Build (Army|Fleet)'"
                            r"\s*,\s*\"\s*\.\s*\$terrIDByName\[\s*'([^'\n]{1,80})'\s*\]\s*\.\s*\"\)\"\s*;")


def _value(code: str, number: str | None, name: str | None) -> int | None:
    """A turn written as a number, or as a variable the code sets to one (`$x = 4;`)."""
    if number is not None:
        return int(number)
    found = {int(v) for v in re.findall(r"\$" + re.escape(name) + r"\s*=\s*(\d{1,3})\s*;", code)}
    return found.pop() if len(found) == 1 else None


def _archive_turn(code: str, whole: str) -> int | None:
    """The turn of the archive whose centres the code's queries allow, when every archive
    query names the same one and each asks for the power's own vacant centres."""
    turns = set()
    for m in _ARCHIVE.finditer(code):
        turns.add(_value(whole, m.group(1), m.group(2)))
    if len(turns) != 1 or None in turns or not _OWN_VACANT.search(code):
        return None
    return turns.pop()


def _split_if(code: str, m: re.Match, body_end) -> tuple[str, str] | None:
    """(the if-branch, the else-branch) of the `if (...) {` matched by m, None without an else."""
    end = body_end(code, m.end())
    other = re.match(r"\s*else\s*\{", code[end:])
    if other is None:
        return None
    stop = body_end(code, end + other.end())
    return code[m.end():end - 1], code[end + other.end():stop - 1]


def check_reading(check: str, sql_reading, body_end) -> str | None:
    """`homes_at_turn:N` for a toTerrIDCheck whose builds (Build Army) are the power's vacant
    centres of turn N's archive: written alone for N of 0 or 1 (no build phase comes before
    that turn's archive), or in the `else` of an `if ($turn < N)` whose builds are any owned
    vacant centre (`sql_reading` says "anywhere"). None for anything else."""
    before = _BEFORE.search(check)
    if before is None:
        turn = _archive_turn(check, check)
        return f"homes_at_turn:{turn}" if turn is not None and turn <= 1 else None
    split = _split_if(check, before, body_end)
    if split is None or check[:before.start()].count("sqlCheck") or "wD_TerrStatusArchive" in split[0]:
        return None
    turn = _value(check, before.group(1), before.group(2))
    army = re.search(r"type\s*==\s*'Build Army'\s*\)", split[0])
    end = split[0].find("elseif", army.end()) if army else -1
    if turn is None or end < 0 or sql_reading(split[0][army.end():end], r"this") != "anywhere":
        return None
    return f"homes_at_turn:{turn}" if _archive_turn(split[1], check) == turn else None


def create_reading(create: str, body_end) -> str | None:
    """`homes_at_turn:N` for a create() that counts builds as webDiplomacy's does (centres less
    units, `'Destroy'` for the rest) but caps them by the vacant centres of turn N's archive,
    from turn N on (`if ($Game->turn > N)`) or always; an `if ($Game->turn == 0)` first
    that orders only opening builds (`opening_builds`) is allowed before it."""
    first = _FIRST_TURN.match(create)
    rest = create
    if first is not None:
        split = _split_if(create, first, body_end)
        if split is None or not opening_builds(split[0]) or "'Destroy'" in split[0]:
            return None
        rest = split[1]
    if re.search(r"\$Game->turn\s*==", rest) or "'Destroy'" not in rest:
        return None
    turn = _archive_turn(rest, create)
    cap = _CAP_FROM.search(rest)
    if cap is not None and _value(create, cap.group(1), cap.group(2)) != turn:
        return None
    return f"homes_at_turn:{turn}" if turn is not None else None


def opening_builds(code: str) -> dict[str, dict[str, str]]:
    """{country: {territory: 'Army'|'Fleet'}} of the `$newOrders[] = "(... countryID('X'),
    'Build Fleet', ".$terrIDByName['Y'].")"` lines of a first turn's code; {} when there are none
    (a territory named twice for a country keeps its first build, as webDiplomacy's first
    order there is the one that succeeds)."""
    out: dict[str, dict[str, str]] = {}
    for country, kind, terr in _OPENING_ORDER.findall(code):
        out.setdefault(country, {}).setdefault(terr, kind)
    return out


_OWNED_BY_UNITS = re.compile(
    r"^global \$DB ?; if ?\( ?\$this->phase ?== ?'Builds' ?&& ?\$this->turn ?== ?0 ?\) ?\{ ?"
    r"\$DB->sql_put\( ?\"DELETE FROM wD_TerrStatus WHERE gameID ?= ?\" ?\. ?\$this->id ?\) ?; ?"
    r"\$DB->sql_put\( ?\"INSERT INTO wD_TerrStatus ?\( ?gameID, terrID, countryID, occupyingUnitID ?\) "
    r"SELECT u\.gameID, u\.terrID(?: as terrID)?, u\.countryID(?: as countryID)?, u\.id(?: as occupyingUnitID)? "
    r"FROM wD_Units u WHERE u\.gameID ?= ?\" ?\. ?\$this->id ?\) ?; ?"
    r"(?:\$DB->sql_put\( ?\"DELETE FROM wD_Moves WHERE gameID ?= ?\" ?\. ?\$(?:GLOBALS\['GAMEID'\]|this->id) ?\) ?; ?)?"
    r"\} ?else ?\{ ?parent::updateOwners\(\) ?; ?\}$")


def owned_by_units(update_owners: str) -> bool:
    """An updateOwners that, after the first build phase (turn 0), empties the ownership and
    gives each territory with a unit to the unit's owner, and otherwise is webDiplomacy's."""
    return bool(_OWNED_BY_UNITS.match(" ".join(update_owners.split())))
