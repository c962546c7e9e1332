"""A processGame updateOwners that makes a centre a homeland, read as text (never run): the
Homeland form (rules.FORMS).

DutchRevolt's updateOwners, after webDiplomacy's own (`parent::updateOwners();`), counts the
supply centres country C owns besides territory N, and sets N to no one when there are none,
back to C otherwise:

    list($SpainSCs) = $DB->sql_row('SELECT count(*) FROM wD_TerrStatus ts
        INNER JOIN wD_Territories t ON ( t.id = ts.terrID AND t.supply="Yes" )
        WHERE ts.gameID = '.$this->id.' AND ts.countryID = 3 AND t.mapID=32 AND ts.terrID != 9');
    if ($SpainSCs == 0)
        $DB->sql_put('UPDATE wD_TerrStatus SET countryID = 0 WHERE gameID = '.$this->id.' AND terrID = 9');
    else
        $DB->sql_put('UPDATE wD_TerrStatus SET countryID = 3 WHERE gameID = '.$this->id.' AND terrID = 9');

Read in its general form: any variable and ids, either quotes, the query's conditions in any
order (the game's, the map's, `supply` in the join or the WHERE), `!=` or `<>`, the test
written `== 0`, `< 1`, `!$x`, `> 0`, `>= 1` or `!= 0` (the branches swapped to match),
braces or none, and several such blocks (one a homeland). Anything else is not the form.
"""
from __future__ import annotations

import re

from .php_arrays import strip_comments

_Q = r"[\"']"
_GAME = rf"(?:ts\.)?gameID\s*=\s*{_Q}\s*\.\s*\$this->id\s*\.?\s*{_Q}?"
_COUNT = re.compile(
    rf"list\(\s*\$(\w{{1,40}})\s*\)\s*=\s*\$DB->sql_row\(\s*{_Q}\s*SELECT\s+count\(\s*\*\s*\)\s+FROM\s+wD_TerrStatus\s+ts\s+"
    rf"INNER\s+JOIN\s+wD_Territories\s+t\s+ON\s*\(\s*(?P<on>[^()]{{1,200}})\)\s+WHERE\s+(?P<where>.{{1,400}}?)\s*{_Q}?\s*\)\s*;",
    re.IGNORECASE | re.DOTALL)
_UPDATE = (rf"\$DB->sql_put\(\s*{_Q}\s*UPDATE\s+wD_TerrStatus\s+SET\s+countryID\s*=\s*(\d{{1,3}})\s+WHERE\s+{_GAME}\s+"
           rf"AND\s+terrID\s*=\s*(\d{{1,5}})\s*{_Q}\s*\)\s*;")
_BRANCH = rf"(?:\{{\s*{_UPDATE}\s*\}}|{_UPDATE})"
_IF = re.compile(rf"if\s*\(\s*(?P<neg>!)?\s*\$(?P<var>\w{{1,40}})\s*(?:(?P<op>==|<|>=|>|!=)\s*(?P<num>\d))?\s*\)\s*"
                 rf"{_BRANCH}\s*else\s*{_BRANCH}", re.IGNORECASE)
_ZERO_TESTS = {"==0": True, "<1": True, "!": True, ">0": False, ">=1": False, "!=0": False}


def _conditions(on: str, where: str) -> set[str] | None:
    """The query's conditions, spaces and quotes evened; None when one is not a plain `a op b`."""
    parts = re.split(r"\s+AND\s+", f"{on} AND {where}", flags=re.IGNORECASE)
    out = set()
    for part in parts:
        part = re.sub(r"\s+", "", part).replace("'", '"')
        if not re.fullmatch(r"[\w.]{1,30}(?:=|!=|<>)[\w.\"$'>-]{1,40}", part):
            return None
        out.add(part.replace("<>", "!="))
    return out


def _count(m: re.Match) -> tuple[int, int] | None:
    """(countryID, terrID left out) of a count query of the form, None for any other query."""
    conditions = _conditions(m.group("on"), m.group("where"))
    if conditions is None:
        return None
    country = [int(c.split("=")[1]) for c in conditions if re.fullmatch(r"ts\.countryID=\d{1,3}", c)]
    left_out = [int(c.split("!=")[1]) for c in conditions if re.fullmatch(r"ts\.terrID!=\d{1,5}", c)]
    rest = conditions - {f"ts.countryID={c}" for c in country} - {f"ts.terrID!={t}" for t in left_out}
    allowed = {"t.id=ts.terrID", 't.supply="Yes"', 'ts.gameID=".$this->id."'}
    rest = {r for r in rest if r not in allowed and not re.fullmatch(r"t\.mapID=\d{1,5}", r)}
    if len(country) != 1 or len(left_out) != 1 or rest or 't.supply="Yes"' not in conditions:
        return None
    return country[0], left_out[0]


def homeland(update_owners: str) -> dict[int, list[int]] | None:
    """{countryID: [terrID]} of an updateOwners in the Homeland form, None for any other code."""
    code = " ".join(strip_comments(update_owners).split())
    head = re.match(r"^(?:global \$DB ?; ?)?parent::updateOwners\(\) ?; ?(?:global \$DB ?; ?)?", code)
    if head is None:
        return None
    pos, out = head.end(), {}
    while pos < len(code):
        count = _COUNT.match(code, pos)
        if count is None or (found := _count(count)) is None:
            return None
        test = _IF.match(code, count.end() + (1 if code[count.end():count.end() + 1] == " " else 0))
        if test is None or test.group("var") != count.group(1):
            return None
        test_text = "!" if test.group("neg") and not test.group("op") else \
            f"{test.group('op')}{test.group('num')}" if test.group("op") and not test.group("neg") else ""
        zero = _ZERO_TESTS.get(test_text)
        values = [int(v) for v in test.groups()[4:] if v is not None]
        (first, first_terr), (second, second_terr) = values[0:2], values[2:4]
        country, terr = found
        if zero is None or {first_terr, second_terr} != {terr}:
            return None
        if (first, second) != ((0, country) if zero else (country, 0)):
            return None
        out.setdefault(country, []).append(terr)
        pos = test.end() + 1
    return out or None


def unexplained_removals(removals: list[tuple[int, tuple]], homeland_found: dict | None,
                         location_by_row: dict[int, str]) -> list[tuple]:
    """The unmodelled entries of the builds checks that accept any Destroy in a territory that is
    no homeland centre (`homeland_found`: the Homeland form's facts, {by_power: {power: [ids]}}).
    In a homeland they are played: webDiplomacy checks a removal against the territory's owner,
    which a homeland may lose while its power's unit stands there; the engine removes a power's
    own unit whoever owns the centre."""
    homes = {c for cs in ((homeland_found or {}).get("by_power") or {}).values() for c in cs}
    return [entry for terr, entry in removals if location_by_row.get(terr, "").split("/")[0] not in homes]
