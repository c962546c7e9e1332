"""Write every drawing the hex and election families make for the bundled games to files,
so two checkouts can be compared (`diff -r`): pages and their assets, worked examples'
figures, printables. Run from a checkout with PYTHONPATH set to it:

    PYTHONPATH=. python tools/dump_drawings.py OUT_DIR [GAME ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

from generator.api import load_game
from generator.examples import extract_examples

GAMES = ("dixie", "divided-republic")


def dump(game_id: str, out: Path) -> int:
    game = load_game(game_id, strict=False)
    model, family = game.model, game.family
    written = 0

    def put(name: str, content) -> None:
        nonlocal written
        path = out / game_id / name
        path.parent.mkdir(parents=True, exist_ok=True)
        (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
        written += 1

    for page in family.pages(model):
        put(f"pages/{page.path}", page.content)
    for what, sheets in (family.printables(model) if family.printables else {}).items():
        for stem, svg in sheets:
            put(f"print/{what}/{stem}.svg", svg)
    rules = {f"rules/{p.name}": p.read_text() for p in sorted((game.path / "rules").glob("*.md"))}
    if family.from_rules:
        for page in family.from_rules(model, rules).pages:
            put(f"from-rules/{page.path}", page.content)
    for name, text in rules.items():
        examples, _ = extract_examples(name, name, text)
        for example, _block in examples:
            outcome = family.run_example(model, example)
            figure = outcome.figure() if callable(outcome.figure) else outcome.figure
            put(f"examples/{Path(name).stem}-{example.index}.md", outcome.markdown + "\n" + "\n".join(outcome.trace))
            if figure:
                put(f"examples/{Path(name).stem}-{example.index}.svg", figure)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1])
    for gid in sys.argv[2:] or GAMES:
        print(gid, dump(gid, target), "files")
