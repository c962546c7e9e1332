"""custom_countries: which of the map's powers take part, and who plays which, is chosen
when a game is made; the powers nobody takes are absent.

vDiplomacy's CustomCountries classes (ClassicVS, "Classic - Pick your countries"): the game's
name says which Classic powers the players control ("Testgame (IRG)": Italy, Russia and
Germany; a "?" is a power drawn at random among the others). Each chosen power starts with
its own units and home centres; an absent power has neither, so its home centres are
neutral centres nobody may build on: "Use the turn-1 SC's instead of the predefined ones"
(processOrderBuilds.php) lets a player build only on the centres it held at the start,
which are its power's home centres. The engine plays any subset of the powers by the
standard rules; this module says how many may be chosen and, where the variant fixes
them, which groupings are allowed; `draw` fills the random picks ("?") and `start_with`
gives the start of a chosen set.

    rules:
      custom_countries: {fewest: 2, most: 7}
      custom_countries: {groupings: [[ENGLAND, FRANCE], [GERMANY, RUSSIA]]}
"""
from __future__ import annotations

from ....escape import code_span, md_text
from ...base import Page
from . import Param, Problem, RuleModule, WebdipForm


def count(value) -> str | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
    return None if ok else "must be a whole number, 0 or more"


def groupings_shape(value) -> str | None:
    ok = isinstance(value, list) and all(isinstance(g, list) and g and all(isinstance(p, str) for p in g)
                                         for g in value)
    return None if ok else "must be a list of groupings, each a non-empty list of power ids"


def playable(game) -> list[str]:
    """The powers a game may pick from (a power no player moves is never picked)."""
    neutral = game.modules.neutral if game.modules is not None else None
    return [p for p in game.map.powers if p != neutral]


def bounds(game, params: dict) -> tuple[int, int]:
    """(fewest, most) powers a game may be made with; `most` 0 means every power."""
    every = len(playable(game))
    return params["fewest"], params["most"] or every


def choice_problems(game, powers: list[str], params: dict) -> list[str]:
    """Why `powers` cannot be the powers of a game of this variant ([] when they can)."""
    out = [f"no power '{p}'" for p in powers if p not in playable(game)]
    if len(set(powers)) != len(powers):
        out.append("a power is chosen twice")
    fewest, most = bounds(game, params)
    if not fewest <= len(powers) <= most:
        out.append(f"{len(powers)} powers chosen; a game takes {fewest} to {most}")
    groupings = params["groupings"]
    if groupings and sorted(powers) not in [sorted(g) for g in groupings]:
        out.append("the powers chosen are none of the groupings the variant allows")
    return out


def draw(game, picks: list[str | None], rng) -> list[str]:
    """The powers of a game whose players picked `picks`, None standing for a power drawn at
    random (ClassicVS's "?") among those nobody picked, each drawn once; `rng` is a
    random.Random, so a seed gives the same draw again."""
    left = [p for p in playable(game) if p not in picks]
    out = []
    for pick in picks:
        if pick is None:
            pick = left.pop(rng.randrange(len(left)))
        out.append(pick)
    return out


def start_with(game, powers: list[str]) -> dict[str, dict[str, list[str]]]:
    """The start of a game of the chosen `powers`: their own units and centres; the other
    powers' are left out (their home centres neutral, their units never placed)."""
    chosen = set(powers)
    return {"units": {p: list(u) for p, u in game.start.units.items() if p in chosen},
            "centers": {p: list(c) for p, c in game.start.centers.items() if p in chosen}}


def checks(game, params: dict) -> list[Problem]:
    found = []
    every = len(playable(game))
    fewest, most = bounds(game, params)
    if most > every:
        found.append(Problem("game.yaml", "/rules/custom_countries/most",
                             f"most is {most}, but the map has {every} powers to choose from"))
    if fewest < 1 or fewest > most:
        found.append(Problem("game.yaml", "/rules/custom_countries/fewest",
                             f"fewest is {fewest}: it must be at least 1 and at most {most}"))
    for i, group in enumerate(params["groupings"]):
        for problem in choice_problems(game, group, {**params, "groupings": []}):
            found.append(Problem("game.yaml", f"/rules/custom_countries/groupings/{i}", f"grouping {i + 1}: {problem}"))
    return found


def start(game, params: dict) -> list[str]:
    fewest, most = bounds(game, params)
    lines = [f"Which powers take part is chosen when a game is made: {fewest} to {most} of them, one player "
             "each. The powers nobody takes are absent: no units, and their home centres are neutral "
             "centres that nobody may build on."]
    if params["groupings"]:
        names = [", ".join(md_text(game.map.powers[p].name) for p in g if p in game.map.powers)
                 for g in params["groupings"]]
        lines += ["", "The variant allows these groupings only: " + "; ".join(names) + "."]
    return lines


def example_choice(game, params: dict) -> list[str] | None:
    """The powers of the page's example: the first grouping, or the first `fewest` powers (at
    least two); None when they cannot make a game, or when no power would be absent."""
    powers = params["groupings"][0] if params["groupings"] else playable(game)[:max(2, params["fewest"])]
    if choice_problems(game, powers, params) or len(powers) == len(playable(game)):
        return None
    return list(powers)


def example_builds(game, powers: list[str]) -> dict | None:
    """An adjustment request after the first chosen power took a home centre of the first absent
    power and lost a unit at home: it orders a build on each. None when the start has no such
    units."""
    first = powers[0]
    absent = next((p for p in playable(game) if p not in powers and game.start.units.get(p)), None)
    own = game.start.units.get(first, [])
    if absent is None or not own or not game.start.phase:
        return None
    begun = start_with(game, powers)
    home = own[0]
    taken = next((u for u in game.start.units[absent]
                  if game.map.provinces[u.split()[1].split("/")[0]].supply_center), None)
    if taken is None:
        return None
    centre = taken.split()[1].split("/")[0]
    begun["units"][first] = own[1:]
    begun["centers"][first] = begun["centers"].get(first, []) + [centre]
    year = game.start.phase[1:-1]
    return {"phase": f"W{year}A", **begun, "orders": {first: [f"{home} B", f"{taken} B"]}}


def pages(game, params: dict) -> list[Page]:
    from ..api import adjudicate_phase
    from ..examples import outcome_table
    lines = ["# Custom countries", "", *start(game, params), "",
             "Every other rule is the standard one: the chosen powers move, fight and build as usual, "
             "and a player builds only on its own power's home centres, the centres it held at the start."]
    powers = example_choice(game, params)
    request = example_builds(game, powers) if powers else None
    if powers and request:
        name = game.map.powers
        begun = start_with(game, powers)
        lines += ["", "## Example", "",
                  "Computed by the engine when this page was made: a game of "
                  + ", ".join(md_text(name[p].name) for p in powers) + ". It starts with:", "",
                  "| Power | Units | Centres |", "| --- | --- | --- |"]
        lines += [f"| {md_text(name[p].name)} | {', '.join(code_span(u) for u in begun['units'].get(p, []))} "
                  f"| {', '.join(code_span(c) for c in begun['centers'].get(p, []))} |" for p in powers]
        first = powers[0]
        lines += ["", f"Later, {md_text(name[first].name)} holds its home centres and a home centre of a power "
                  "nobody plays, with a unit fewer than centres. It may build on its own home centre, not on "
                  "the other:", "", outcome_table(game, adjudicate_phase(game, request))]
    return [Page("custom-countries.md", "\n".join(lines) + "\n", "Custom countries")]


def _read(found: dict) -> dict:
    """The number of players' seats (variant.php's $countries) as the most powers a game takes."""
    most = (found.get("PickedCountries") or {}).get("most", 0)
    return {"fewest": 2, "most": most} if most else {"fewest": 2}


MODULE = RuleModule(
    name="custom_countries",
    title="Custom countries",
    summary=("Which of the map's powers take part, and who plays which, is chosen when a game is made; "
             "the powers nobody takes are absent and their home centres neutral."),
    params={"fewest": Param(2, "The fewest powers a game may be made with.", shape=count),
            "most": Param(0, "The most powers a game may be made with (0: every power).", shape=count),
            "groupings": Param([], "The sets of powers a game may be made with, when the variant fixes "
                                   "them ([]: any set of fewest to most powers).", shape=groupings_shape)},
    checks=checks, start=start, pages=pages,
    webdip=WebdipForm("which powers take part is chosen when the game is made (custom countries)",
                      mixins=("CustomCountries",), forms=("PickedCountries",), read=_read,
                      not_exported="webDiplomacy needs the CustomCountries classes and a variant.php that "
                                   "reads the game's name for it"))
