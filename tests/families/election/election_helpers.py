"""Helpers for the election family tests: Divided Republic as loaded, and broken copies of it."""
from __future__ import annotations

from pathlib import Path

from generator.families.base import Example, GameSource
from generator.families.election import FAMILY
from generator.families.election.position import Position
from generator.loader import load_document, load_text

REPO = Path(__file__).resolve().parents[3]
GAME_DIR = REPO / "content" / "divided-republic"
FILES = ("game.yaml", "regions.yaml", "states.yaml", "parties.yaml", "cards.yaml")


def source_from_folder(folder: Path) -> GameSource:
    """Read a game folder: the lead's read_game (schema checks included) when present."""
    try:
        from generator.game import read_game
    except ImportError:  # before the core lands: plain documents
        read_game = None
    if read_game is not None:
        source, diags = read_game(folder)
        assert source is not None, [str(d) for d in diags]
        return source
    docs = {name: load_document(folder / name)[0] for name in FILES}
    meta = docs.pop("game.yaml").data
    pages = {f"rules/{p.name}": p.read_text(encoding="utf-8") for p in sorted((folder / "rules").glob("*.md"))}
    return GameSource(folder.name, str(folder), meta, docs, pages)


def source_with(overrides: dict[str, str]) -> GameSource:
    """The bundled game with some files' text replaced (positions kept for diagnostics)."""
    base = source_from_folder(GAME_DIR)
    docs = dict(base.docs)
    meta = base.meta
    for name, text in overrides.items():
        doc, diags = load_text(text, f"content/divided-republic/{name}")
        assert doc.data is not None, diags
        if name == "game.yaml":
            meta = doc.data
        else:
            docs[name] = doc
    return GameSource(base.game_id, base.root, meta, docs, base.rules_pages)


def file_text(name: str) -> str:
    return (GAME_DIR / name).read_text(encoding="utf-8")


def load_game():
    return FAMILY.load(source_from_folder(GAME_DIR))


def example(data: dict) -> Example:
    doc, _ = load_text("x: 1", "test.md")
    doc.data = data
    return Example(data, doc, "rules/test.md", 1)


def pos(board=None, locked=None, admitted=()) -> Position:
    return Position.from_example({"position": board or {}, "locked": locked or {}, "admitted": list(admitted)})
