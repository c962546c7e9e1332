"""Borders an install.php deletes with SQL after the map is made, read as text (never run): the
DeletedBorders form (rules.FORMS).

DutchRevolt's install.php, after InstallTerritory::runSQL:

    // Remove the links to Spain... (you can only leave Spain)
    $DB->sql_put('DELETE FROM wD_Borders        WHERE mapID='.$this->mapID.' AND toTerrID=9');
    $DB->sql_put('DELETE FROM wD_CoastalBorders WHERE mapID='.$this->mapID.' AND toTerrID=9');

webDiplomacy keeps a border once each way (from, to); deleting the rows into a territory closes
its borders one way: units may leave it, never enter it. Read in its general form: either
table (wD_Borders holds the territories' borders, wD_CoastalBorders the coasts'), either
quotes, the conditions in any order, `toTerrID=N` alone (every border into N) or with
`fromTerrID=M` (the one border from M into N), ids quoted or not. A DELETE of borders in any
other form (no toTerrID, a range, a subquery, a variable) is said at its line, with what to
write, and the game is not complete.
"""
from __future__ import annotations

import re

from .php_arrays import Lines, strip_comments

_STATEMENT = re.compile(r"\$DB->sql_put\(\s*(['\"])(?P<sql>\s*DELETE\s+FROM\s+wD_(?:Coastal)?Borders\b.{0,400}?)\1\s*\)\s*;",
                        re.IGNORECASE | re.DOTALL)
_ANY_DELETE = re.compile(r"DELETE\s+FROM\s+wD_(?:Coastal)?Borders\b", re.IGNORECASE)
_WHERE = re.compile(r"^\s*DELETE\s+FROM\s+wD_(?:Coastal)?Borders\s+WHERE\s+(.{1,300})$", re.IGNORECASE | re.DOTALL)
_MAP = re.compile(r"^mapID\s*=\s*(?:(['\"])\s*\.\s*\$this->mapID\s*\.\s*\1|\d{1,5})$", re.IGNORECASE)
_TERR = re.compile(r"^(from|to)TerrID\s*=\s*['\"]?(\d{1,5})['\"]?$", re.IGNORECASE)


def _entry(sql: str) -> tuple[int | None, int] | None:
    """(fromTerrID or None, toTerrID) of one DELETE's conditions, None for another form."""
    where = _WHERE.match(sql.rstrip())
    if where is None:
        return None
    found: dict[str, int] = {}
    mapped = False
    for part in re.split(r"\s+AND\s+", where.group(1).strip(), flags=re.IGNORECASE):
        part = part.strip()
        if _MAP.match(part) and not mapped:
            mapped = True
            continue
        terr = _TERR.match(part)
        if terr is None or terr.group(1).lower() in found:
            return None
        found[terr.group(1).lower()] = int(terr.group(2))
    if not mapped or "to" not in found:
        return None
    return found.get("from"), found["to"]


def deleted_borders(install: str) -> tuple[list[tuple[int | None, int]], int, list[tuple[int, str]]]:
    """([(fromTerrID or None, toTerrID)] closed, the line of the first, [(line, message)] for each
    DELETE of borders that is not in the form) of an install.php."""
    text = strip_comments(install)
    lines = Lines(text)
    entries: dict[tuple[int | None, int], None] = {}     # in order, each once
    first, unread = 0, []
    spans = []
    for m in _STATEMENT.finditer(text):
        spans.append(m.span())
        entry = _entry(" ".join(m.group("sql").split()))
        line = lines.line(m.start())
        if entry is None:
            unread.append((line, f"install.php deletes borders in a form the importer does not read "
                                  f"({' '.join(m.group('sql').split())[:120]}); not modelled: the engine keeps those "
                                  "borders, both ways"))
            continue
        first = first or line
        entries.setdefault(entry)
    at = 0      # both in text order: one walk over the statements' spans (linear on hostile files)
    for m in _ANY_DELETE.finditer(text):
        while at < len(spans) and spans[at][1] <= m.start():
            at += 1
        if not (at < len(spans) and spans[at][0] <= m.start()):
            unread.append((lines.line(m.start()), "install.php deletes borders in a form the importer does not "
                                                  "read (not one `$DB->sql_put('DELETE FROM wD_Borders WHERE "
                                                  "mapID=...AND toTerrID=N [AND fromTerrID=M]');`); not modelled: "
                                                  "the engine keeps those borders, both ways"))
    return list(entries), first, unread


def closed(entries: list, location_by_row: dict[int, str], by_id: dict) -> tuple[dict, list[int]]:
    """The module's facts {no_entry: [location], closed: [[from, to]]} of the entries, and the
    terrIDs that are no rows of install.php (left out)."""
    def loc(terr: int) -> str | None:
        found = location_by_row.get(terr)
        return found if found and found.split("/")[0] in by_id else None
    into, pairs, unknown = [], [], []
    for source, target in entries:
        to = loc(target)
        frm = loc(source) if source is not None else None
        if to is None or (source is not None and frm is None):
            unknown += [t for t in (source, target) if t is not None and loc(t) is None]
            continue
        if source is None:
            into.append(to)
        else:
            pairs.append([frm, to])
    out: dict = {}
    # a place listed whole covers its coasts (an export deletes the coasts' rows too)
    whole = set(into)
    into = [t for t in into if t.split("/")[0] == t or t.split("/")[0] not in whole]
    if into:
        out["no_entry"] = list(dict.fromkeys(into))
    whole = set(into)
    pairs = [p for p in pairs if p[1] not in whole and p[1].split("/")[0] not in whole]
    listed = {tuple(p) for p in pairs}
    pairs = [p for p in pairs if tuple(q.split("/")[0] for q in p) == tuple(p)
             or tuple(q.split("/")[0] for q in p) not in listed]
    if pairs:
        out["closed"] = [list(p) for p in dict.fromkeys(tuple(p) for p in pairs)]
    return out, sorted(set(unknown))
