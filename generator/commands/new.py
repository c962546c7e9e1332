"""mapwright new GAME --family F — a game folder that validates and builds as it is."""
from __future__ import annotations

import textwrap
from pathlib import Path

import yaml

from ..families import family as family_named, names as family_names
from ..game import game_name_hint
from ..writing import Refused, write_files
from .common import add_force, examples, fail, write_refused
from .console import say

GAME_YAML = """\
# yaml-language-server: $schema=../../schemas/game.schema.json
title: {title}
family: {family}
players: {players}
summary: >
  A new {family} game. Describe it here in your own words.
credits:
  - {{name: Your name, role: designer}}
licence:
  name: CC-BY-4.0
  notice: Copyright the authors. Licensed under CC BY 4.0.
sources:
  - {{id: rules, title: The game's own rulebook}}
{rules}
"""


def register(sub) -> None:
    p = sub.add_parser("new", help="create a new game folder from a working scaffold",
                       description="Create content/GAME with the files its family needs; the "
                                   "result validates and builds as it is.",
                       epilog=examples("mapwright new my-variant --family diplomacy",
                                       "mapwright new my-election --family election --title \"My Election\""))
    p.add_argument("game", help="the new game's id: lower-case letters, digits and hyphens")
    p.add_argument("--family", required=True, choices=family_names())
    p.add_argument("--content", type=Path, default=Path("content"), help="content folder")
    p.add_argument("--title", default=None, help="the game's title (default: from the id)")
    add_force(p)
    p.set_defaults(func=run)


def run(args) -> int:
    hint = game_name_hint(args.game)
    if hint:
        return fail(f"'{args.game[:60]}' cannot be a game's id: {hint}", 2)
    target = args.content / args.game     # an existing game's files are the author's: refused (writing.py)
    fam = family_named(args.family)
    if fam is None or fam.scaffold is None:
        return fail(f"the {args.family} family has no scaffold in this Mapwright", 2)
    title = args.title or args.game.replace("-", " ").title()
    rules = fam.scaffold.rules
    rules_yaml = "rules:\n" + textwrap.indent(yaml.safe_dump(rules, sort_keys=True), "  ") if rules else "rules: {}"
    files = {"game.yaml": GAME_YAML.format(title=title, family=args.family, rules=rules_yaml.rstrip("\n"),
                                           players=fam.scaffold.players)}
    files.update(fam.scaffold.files())
    try:
        write_files(target, files, force=args.force)
    except (Refused, OSError) as exc:
        return write_refused(exc, target)
    say(f"created {target} ({args.family}); run `mapwright validate {target}` next")
    return 0
