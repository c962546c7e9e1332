"""Variant code with no general form, read closely enough for the importer's warning to say
precisely what is not modelled (which order, which phase), never to play it.

Territories and countries are written `terr#9`, `country#3` here (webDiplomacy's ids); the
importer names them once install.php is read (`named`).

- DutchRevolt's updateOwners as it writes it (the homeland module plays it when the Homeland
  form, webdip_homeland, reads it; the message stays for code of that shape it does not read).
- DutchRevolt's toTerrIDCheck: in the first turn one country builds only fleets, only in
  listed territories (`first_turn_places` reads them: the custom start's opening sites); a
  Destroy order in one territory always passes the check (`removal_anywhere`: played where
  that territory is a homeland, webdip_homeland.unexplained_removals).
- Pirates' hurricane, a unit of the country after the last of $countries (`count(...->countries)
  + 1`), which no player moves: processOrderBuilds' create() destroys it and builds it anew on a
  random vacant non-supply territory in every build phase; processOrderDiplomacy's create()
  orders it to a random territory next to it by the armies' borders in every movement phase;
  processMembers' countUnitsSCs() counts its units and centres for no player; processGame's
  process() plays at once a phase in which no player has orders (only the hurricane's). These
  have a general form after all: with the placement and the moves both found (`hazard_part`),
  the RovingHazard form is found (a rule module plays it); the warnings stand for a part alone.
"""
from __future__ import annotations

import re

_HOMELAND = re.compile(
    r"^parent::updateOwners\(\) ?; ?global \$DB ?; ?list\( ?\$(\w{1,40}) ?\) ?= ?\$DB->sql_row\( ?' ?"
    r"SELECT count\(\*\) FROM wD_TerrStatus ts INNER JOIN wD_Territories t ON \( ?t\.id ?= ?ts\.terrID AND "
    r"t\.supply ?= ?\"Yes\" ?\) "
    r"WHERE ts\.gameID ?= ?' ?\. ?\$this->id ?\. ?' AND ts\.countryID ?= ?(\d{1,3}) AND t\.mapID ?= ?\d{1,5} AND "
    r"ts\.terrID ?!= ?(\d{1,5}) ?' ?\) ?; ?if ?\( ?\$\1 ?== ?0 ?\) ?\$DB->sql_put\( ?'UPDATE wD_TerrStatus SET "
    r"countryID ?= ?0 WHERE gameID ?= ?' ?\. ?\$this->id ?\. ?' AND terrID ?= ?\3 ?' ?\) ?; ?else ?"
    r"\$DB->sql_put\( ?'UPDATE wD_TerrStatus SET countryID ?= ?\2 WHERE gameID ?= ?' ?\. ?\$this->id ?\. ?' AND "
    r"terrID ?= ?\3 ?' ?\) ?;$")
_FIRST_TURN_BUILDS = re.compile(
    r"^\$turn ?= ?\$GLOBALS\['Variants'\]\[VARIANTID\]->turn ?; ?if ?\( ?\( ?\$turn ?== ?0 ?\) ?&& ?\( ?"
    r"\$this->countryID ?== ?(\d{1,3}) ?\) ?\) ?\{ ?if ?\( ?\$this->type ?== ?'Build (Army|Fleet)' ?\) ?"
    r"return false ?; ?"
    r"if ?\( ?(?P<terrs>(?:\(? ?\$this->toTerrID ?== ?\d{1,5} ?\)? ?(?:\|\| ?)?){1,20})\) ?return true ?; ?"
    r"else return false ?; ?\} ?(?:elseif ?\( ?\$this->type ?== ?'Destroy' ?&& ?\$this->toTerrID ?== ?"
    r"(\d{1,5}) ?\) ?return true ?; ?)?else return parent::toTerrIDCheck\(\) ?;$")


def first_turn_places(cls: str, function: str, code: str) -> tuple[int, list[int], str] | None:
    """(countryID, the terrIDs it builds in, the unit type it may not build) of a turn-0 build
    check in the form above (DutchRevolt's England), None for any other code."""
    m = _FIRST_TURN_BUILDS.match(" ".join(code.split()))
    if cls != "userOrderBuilds" or function != "toTerrIDCheck" or m is None:
        return None
    return int(m.group(1)), [int(t) for t in re.findall(r"toTerrID ?== ?(\d{1,5})", m.group("terrs"))], m.group(2)


_REMOVAL = re.compile(r"^if ?\( ?\$this->type ?== ?'Destroy' ?&& ?\$this->toTerrID ?== ?(\d{1,5}) ?\) ?return true ?; ?"
                      r"(?:else )?return parent::toTerrIDCheck\(\) ?;$")


def removal_anywhere(cls: str, function: str, code: str) -> int | None:
    """The terrID in which a builds check accepts any Destroy order (`$this->type == 'Destroy' &&
    $this->toTerrID == N` returning true; alone, or after the opening builds above), None for
    other code."""
    if cls != "userOrderBuilds" or function != "toTerrIDCheck":
        return None
    code = " ".join(code.split())
    m = _FIRST_TURN_BUILDS.match(code)
    if m is not None:
        return int(m.group(4)) if m.group(4) else None
    m = _REMOVAL.match(code)
    return int(m.group(1)) if m else None


def removal_message(name: str, terr: int) -> str:
    return (f"{name} overrides toTerrIDCheck of userOrderBuilds: in every build phase a Destroy order in "
            f"terr#{terr} skips webDiplomacy's check that the power owns the territory; not modelled: the "
            f"territory is no homeland centre (the Homeland form) that would explain it")


def describe(cls: str, name: str, function: str, code: str) -> str | None:
    """The precise warning for an override of `function` whose code (whitespace evened) is
    one of the forms above, None for any other code."""
    code = " ".join(code.split())
    if cls == "processGame" and function == "updateOwners" and (m := _HOMELAND.match(code)):
        country, terr = m.group(2), m.group(3)
        return (f"{name} overrides updateOwners of processGame: after every change of ownership, the centre "
                f"terr#{terr} belongs to no one while the power country#{country} owns no other supply centre, and "
                f"to that power otherwise; not modelled: the engine gives the centre's owner by the standard rules")
    if cls == "userOrderBuilds" and function == "toTerrIDCheck" and (m := _FIRST_TURN_BUILDS.match(code)):
        if not m.group(4):
            return None
        return (f"{name} overrides toTerrIDCheck of userOrderBuilds: in every build phase a Destroy order in "
                f"terr#{m.group(4)} skips webDiplomacy's check that the power owns the territory; not modelled: the "
                f"territory is no homeland centre (the Homeland form) that would explain it (the check's opening "
                f"builds are the custom start's opening sites)")
    hurricane = _hurricane(cls, function, code)
    if hurricane:
        return f"{name} overrides {function} of {cls}: {hurricane}"
    return None


# the unit of the country after the last of $countries: no player's (Pirates' hurricane)
_EXTRA_COUNTRY = re.compile(r"count\( ?\$(?:Game|this->Game)->Variant->countries ?\) ?\+ ?1\b")
_UNMODELLED_HURRICANE = ("not modelled: the engine knows no unit of that country, so the game plays without it "
                         "(no unit is moved, dislodged or built by it and no centre is turned neutral); a "
                         "rule module plays it when both the build phase's placement and the movement "
                         "phase's move are found in this form")


_AGAIN = re.compile(r"^(?:global \$DB ?; ?)?parent::process\(\) ?; ?list\( ?\$(\w{1,40}) ?\) ?= ?\$DB->sql_row\( ?\" ?"
                    r"SELECT COUNT\(\*\) FROM wD_Members WHERE orderStatus ?!= ?'None' AND gameID ?= ?\" ?\. ?"
                    r"\$this->id ?\) ?; ?if ?\( ?\$\1 ?== ?0 ?\) ?parent::process\(\) ?;$")


def hazard_part(cls: str, function: str, code: str) -> tuple[str, dict] | None:
    """Which part of a roving hazard (Pirates' hurricane: the module docstring) an override of
    `function` is, with what it says: ("process", {}), ("placement", {kind}), ("moves", {}) or
    ("members", {}); None for other code. The hazard is the RovingHazard form when
    both its placement and its moves are found (webdip_classes._hazard_form)."""
    code = " ".join(code.split())
    if cls == "processGame" and function == "process" and _AGAIN.match(code):
        return "process", {}
    if not _EXTRA_COUNTRY.search(code):
        return None
    flat = code.replace(" ", "")
    if cls == "processOrderBuilds" and function == "create" and "'Destroy'" in code \
            and (kind := re.search(r"'Build (Army|Fleet)'", code)) and "ORDER BY RAND()" in code \
            and "t.supply='No'" in flat:
        return "placement", {"kind": kind.group(1)[0]}
    if cls == "processOrderDiplomacy" and function == "create" and "ORDER BY RAND()" in code \
            and "SETtype='Move'" in flat:
        return "moves", {}
    if cls == "processMembers" and function == "countUnitsSCs":
        return "members", {}
    return None


_HAZARD_WARNINGS = {
    "process": ("a phase in which no player has orders to give (only the hurricane's, the unit of the country "
                "after the last of $countries, which the classes order) is processed at once after the phase "
                "before it; not modelled as such: the engine knows no hurricane, and skips a phase with no "
                "orders as webDiplomacy does"),
    "placement": ("in every build phase the unit of the country after the last of $countries (no player's: the "
                  "hurricane) is destroyed and a new army of that country is built on a random vacant territory "
                  "that is no supply centre; " + _UNMODELLED_HURRICANE),
    "moves": ("in every movement phase the unit of the country after the last of $countries (no player's: the "
              "hurricane) is ordered to move to a random territory next to it by the armies' borders; "
              + _UNMODELLED_HURRICANE),
    "members": ("the units and centres of the country after the last of $countries (no player's: the hurricane) "
                "are counted for no player, so a centre it ends a fall turn in is no one's; "
                + _UNMODELLED_HURRICANE),
}


def _hurricane(cls: str, function: str, code: str) -> str | None:
    """The warning for a class of Pirates' hurricane (the module docstring) while the hazard is not
    played as a whole (one of its parts missing), None for other code."""
    part = hazard_part(cls, function, code)
    return _HAZARD_WARNINGS[part[0]] if part else None


_ID = re.compile(r"\b(terr|country)#(\d{1,5})\b")


def named(message: str, territory, country) -> str:
    """The message with `terr#N` and `country#N` replaced by the names `territory(N)` and
    `country(N)` give (the id kept when they give None)."""
    def name(m: re.Match) -> str:
        found = (territory if m.group(1) == "terr" else country)(int(m.group(2)))
        return found if found else f"{m.group(1)} {m.group(2)}"
    return _ID.sub(name, message)
