"""home_centres_in_play: the home centres are the centres each power holds at a set date;
before it, a power builds on any centre it owns.

Classic - 1897 (Mark Nelson, Josh Smith, Rick Westerman; webDiplomacy's Classic1897):
"all centres owned after the 1899 build phase become home supply centres for the
duration of the game"; "regular home supply centres that are not captured before
Winter 1899 are *not* home centres", and a centre of another power held then becomes
the holder's home centre. Its classes say the same in webDiplomacy's turn numbers:
userOrderBuilds lets a power build on any owned vacant centre while the turn is below
`$set_sc_after_turn = 4`, and from then on only on the centres it owned in the territory
archive of turn 4 (Spring 1900: webDiplomacy archives the ownership at the end of each
phase, and no centre changes hands in spring, so it is the ownership after the 1899
builds).

The date is a phase (`S1900M`): the home centres are the centres each power owns when
that phase begins. The adjudicator is stateless, so from the date on the position
carries them: a response's `after` gives `home_centers`, and a request past the date
states them (they are refused before it, where every owned centre is a home centre).

    rules:
      home_centres_in_play: {date: S1900M}
"""
from __future__ import annotations

import re

from ...base import Page
from ....escape import code_span, md_text
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm

_PHASE = re.compile(r"^([SF])([0-9]{1,4})M$")


def _date(value) -> str | None:
    ok = isinstance(value, str) and _PHASE.match(value)
    return None if ok else "must be a spring or fall movement phase, e.g. S1900M"


def _key(phase: str) -> tuple[int, int, int]:
    """A phase's place in the game: (year, season, step)."""
    return int(phase[1:-1]), "SFW".index(phase[0]), "MRA".index(phase[-1])


def home_centres(game, phase: str, centers: dict[str, list[str]], stated, params: dict):
    """Before the date every owned centre is a home centre (not carried by the position);
    from the date on, the centres held at the date: the ones the position states, or,
    at the date itself, the centres owned then."""
    date = params["date"]
    if _key(phase) < _key(date):
        return {p: list(cs) for p, cs in centers.items()}, False
    if stated is not None:
        return stated, True
    if phase == date:
        return {p: list(cs) for p, cs in centers.items()}, True
    return None, True


def _year(phase: str) -> str:
    season = {"S": "spring", "F": "fall"}[phase[0]]
    return f"the {season} {phase[1:-1]} movement phase ({phase})"


def start(game, params: dict) -> list[str]:
    return [f"Home centres change in play: until {_year(params['date'])} a power builds on any supply centre "
            "it owns; from then on its home centres are the centres it owned when that phase began, for "
            "the rest of the game."]


def example_of(game, params: dict) -> dict | None:
    """Two winters, one before the date and one after, for the first power that owns a
    home centre and a centre that is no power's home: before the date it builds on the
    captured centre; after the date, holding the same two, it builds on the centre it held
    at the date, not on a home centre of the map it lost before the date."""
    m = game.map
    date = params["date"]
    year = int(date[1:-1])
    others = sorted(p.id for p in m.provinces.values() if p.supply_center and not p.home)
    for power in sorted(m.powers):
        homes = sorted(p.id for p in m.provinces.values() if p.supply_center and p.home == power)
        if len(homes) < 2 or not others:
            continue
        captured, kept, lost = others[0], homes[0], homes[1]
        if not all(m.provinces[c].locations("A") for c in (captured, kept, lost)):
            continue
        early = {"phase": f"W{year - 1}A", "units": {}, "centers": {power: [kept, captured]},
                 "orders": {power: [f"A {captured} B"]},
                 "expect": {"results": {f"A {captured} B": "succeeds"}, "units": {power: [f"A {captured}"]}}}
        late = {"phase": f"W{year}A", "units": {}, "centers": {power: [kept, lost]},
                "home_centers": {power: [kept, captured]},
                "orders": {power: [f"A {lost} B", f"A {kept} B"]},
                "expect": {"results": {f"A {lost} B": "fails", f"A {kept} B": "succeeds"},
                           "units": {power: [f"A {kept}"]}}}
        return {"early": early, "late": late}
    return None


def _played(game, params: dict):
    found = example_of(game, params)
    if found is None:
        return None
    return [example.play(game, found[k]) for k in ("early", "late")]


def pages(game, params: dict) -> list[Page]:
    date = params["date"]
    lines = ["# Home centres set in play", "",
             f"Until {md_text(_year(date))} a power builds on **any** vacant supply centre it owns, home "
             "centre or not. When that phase begins, the supply centres each power owns become its home "
             "centres for the rest of the game: a power builds only on those (owned and vacant, as every "
             "build), a home centre of the map it did not hold then is no longer one, and a centre it took "
             "from another power is now its own home centre.", "",
             "The adjudicator keeps no history: from the date on, a position states the home centres "
             f"({code_span('home_centers')}, as the response's {code_span('after')} gives them).", ""]
    played = _played(game, params)
    m = game.map

    def listed(by_power: dict) -> str:
        return "; ".join(f"{md_text(m.powers[p].name)}: {', '.join(md_text(m.provinces[c].name) for c in cs)}"
                         for p, cs in by_power.items())
    if played:
        for title, one in zip(("Before the date", "After the date"), played):
            found = one[0]
            homes = f"; home centres in play: {listed(found['home_centers'])}" if "home_centers" in found else ""
            lines += [f"## {title}", "", f"Phase {code_span(found['phase'])}; centres owned: "
                      f"{listed(found['centers'])}{homes}.", ""]
            lines += example.section(game, one)[2:]
            lines.append("")
    return [Page("home-centres-in-play.md", "\n".join(lines).rstrip() + "\n", "Home centres set in play")]


def checks(game, params: dict) -> list[Problem]:
    played = _played(game, params) or []
    return [p for one in played for p in example.problems("home_centres_in_play", one)]


def _imported(found: dict) -> dict:
    """HomesAtTurn: {date: the phase of the archived turn} (the importer turns webDiplomacy's
    turn into the phase it begins; without it, the parameter's default)."""
    date = (found.get("HomesAtTurn") or {}).get("date")
    return {"date": date} if date else {}


MODULE = RuleModule(
    name="home_centres_in_play",
    title="Home centres set in play",
    summary=("Before a set date a power builds on any supply centre it owns; the centres each power "
             "owns at that date become its home centres for the rest of the game."),
    params={"date": Param("S1901M", "The phase at whose start the centres owned become the home centres "
                                    "(a spring or fall movement phase).", shape=_date)},
    home_centres=home_centres, start=start, pages=pages, checks=checks,
    webdip=WebdipForm("home centres are the centres owned at a set turn; before it, builds on any owned centre",
                      forms=("HomesAtTurn",), read=_imported,
                      not_exported="webDiplomacy needs the variant's own builds classes for it"))
