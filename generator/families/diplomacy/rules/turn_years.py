"""turn_years: the years a turn stands for, when it is not one year a Spring/Autumn pair.

The Dutch Revolt (webDiplomacy's DutchRevolt), its rules page: "Each turn is 5 years, with a
build phase after every 10th year (the first one after 1560)." Its variant.php:
`turnAsDate($turn) { ... return (floor($turn*5) + 1555); }`: turn 0 (the first spring) is
1555, turn 1 (the fall) 1560, turn 2 1565. Other variants count N years a Spring/Autumn pair
(`floor($turn/2)*N + YEAR`).

The engine's phases keep their ids (S1555M, F1555M, W1555A, S1556M: one engine year a
Spring/Autumn pair, from the game's first movement phase); the site and the API show each
phase's year by the rule:

    rules:
      turn_years: {years: 5}               # per: turn (default): the spring and the fall each
      turn_years: {years: 10, per: year}   # a Spring/Autumn pair stands for 10 years

A winter stands for its fall's year. An opening build phase before the first spring (the
custom start's W1554A) stands for the first spring's year: webDiplomacy plays it in turn 0.
"""
from __future__ import annotations

import re

from ...base import Page
from ....escape import code_span, md_text
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm

_PHASE = re.compile(r"^([SFW])(\d{1,4})([MRA])$")
SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}


def _positive(value) -> str | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000
    return None if ok else "must be a whole number of years from 1 to 1000"


def first_year(game) -> int | None:
    """The engine year of the game's first movement phase (its start, or the spring after an
    opening winter)."""
    m = _PHASE.match(str(game.start.phase or ""))
    if m is None:
        return None
    return int(m.group(2)) + (1 if m.group(1) == "W" else 0)


def shown_year(game, phase: str, params: dict) -> int | None:
    """The year `phase` stands for: the first year, then `years` a turn (a spring, a fall and
    its winter) or a Spring/Autumn pair."""
    m, first = _PHASE.match(str(phase)), first_year(game)
    if m is None or first is None:
        return None
    season, year = m.group(1), int(m.group(2))
    if phase == game.start.phase and season == "W":
        return first                     # the opening build phase: webDiplomacy's turn 0
    if params["per"] == "year":
        return first + params["years"] * (year - first)
    return first + params["years"] * (2 * (year - first) + (0 if season == "S" else 1))


def checks(game, params: dict) -> list[Problem]:
    if first_year(game) is None:
        return [Problem("map.yaml", "/start/phase", "turn_years needs the game's start phase (start.phase, "
                                                      "S1555M or W1554A) to count its years from",
                        hint="write the first phase in map.yaml start.phase")]
    return example.problems("turn_years", _played(game))


def _example_request(game) -> dict | None:
    """The first fall with no unit: the engine's next phase, and the years both stand for."""
    first = first_year(game)
    if first is None or not 0 < first < 9999:
        return None
    return {"phase": f"F{first}M", "units": {}, "centers": {}, "orders": {}, "expect": {"phase": f"S{first + 1}M"}}


def _played(game):
    return example.play(game, _example_request(game))


def _title(phase: str, year: int | None) -> str:
    m = _PHASE.match(phase)
    if m is None or year is None:
        return phase
    return f"{SEASONS[m.group(1)]} {year}"


def pages(game, params: dict) -> list[Page]:
    first = first_year(game)
    per = "turn (a spring, or a fall and its winter)" if params["per"] == "turn" else "Spring/Autumn pair"
    lines = ["# Years a turn", "", f"Each {per} stands for {params['years']} years. The phases keep the "
             "engine's ids (one engine year a Spring/Autumn pair); the site and the adjudication API show the "
             "years below.", ""]
    if first is not None:
        phases = [game.start.phase] if str(game.start.phase).startswith("W") else []
        for y in range(first, first + 3):
            phases += [f"S{y}M", f"F{y}M", f"W{y}A"]
        lines += ["| Phase | Stands for |", "|---|---|"]
        lines += [f"| {code_span(p)} | {md_text(_title(p, shown_year(game, p, params)))} |" for p in phases]
        lines.append("")
    played = _played(game)
    if played is not None:
        found, result, _ = played
        lines += ["## Example", "", f"Adjudicated by the engine when this page was made: the fall "
                  f"{code_span(found['phase'])} ({md_text(_title(found['phase'], shown_year(game, found['phase'], params)))}) "
                  f"with no unit leads to {code_span(result.after.phase)} "
                  f"({md_text(_title(result.after.phase, shown_year(game, result.after.phase, params)))})."]
    return [Page("turn-years.md", "\n".join(lines).rstrip() + "\n", "Years a turn")]


def start(game, params: dict) -> list[str]:
    per = "turn" if params["per"] == "turn" else "Spring/Autumn pair"
    return [f"Each {per} stands for {params['years']} years."]


MODULE = RuleModule(
    name="turn_years",
    title="Years a turn",
    summary="The years a turn stands for, when it is not one year a Spring/Autumn pair (the site's dates).",
    params={"years": Param(1, "The years a turn (or a Spring/Autumn pair, with per: year) stands for.",
                           shape=_positive),
            "per": Param("turn", "What stands for `years`: a turn (a spring; a fall and its winter) or a "
                                 "Spring/Autumn pair.", choices=("turn", "year"))},
    shown_year=shown_year, checks=checks, pages=pages, start=start,
    webdip=WebdipForm("the years a turn stands for (variant.php's turnAsDate: `floor($turn*N) + YEAR`, or "
                      "`floor($turn/2)*N + YEAR`)", forms=("TurnYears",),
                      export="TurnYears"))
