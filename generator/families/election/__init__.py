"""The election family: card-driven election games on a map of states.

Engines are pure functions over a typed model (model.py) and an immutable Position:
campaign costs (costs.py), control (control.py), speeches (speeches.py), regional and
final polling (polling.py), the electoral count (electoral.py), momentum and hands
(momentum.py), statehood (statehood.py) and whole turns (turn.py). Parties, regions,
states and who may act where are the game's data; every rule a game may or may not
use is a file in modules/ that declares the hooks it answers, and the engines iterate
the enabled modules' hooks (modules/spec.py lists them). Dice are never rolled: the
engines report probabilities.
"""
from __future__ import annotations

from ..base import Family, FileSpec, Scaffold
from . import codes  # noqa: F401  (registers the ELE### diagnostic codes)
from .cards import printables
from .check import check
from .examples import run_example
from .model import load
from .pages import pages
from . import scaffold

FAMILY = Family(
    name="election",
    kind="a card-driven game of an election campaign: the parties spend their cards on support in each "
         "state, and the states' electoral votes decide who wins",
    files={
        "regions.yaml": FileSpec("election-regions", description="the regions and their polling cards"),
        "states.yaml": FileSpec("election-states", description="states: electoral votes, PCR, region, tiles"),
        "parties.yaml": FileSpec("election-parties", description="parties, strongholds and set-up allocations"),
        "cards.yaml": FileSpec("election-cards", description="the campaign deck's known cards"),
    },
    load=load,
    check=check,
    run_example=run_example,
    pages=pages,
    example_schema="election-example",
    scaffold=Scaffold(scaffold.files, players=scaffold.PLAYERS, rules=scaffold.RULES),
    printables=printables,
    # cards with bleed and crop marks for both papers the cards page names, and the board
    site_prints=("cards", "map"),
    print_pages={"cards": "cards.md", "map": "map.md"},
)
