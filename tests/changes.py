"""Games changed on purpose in tests: one data value, then validated."""
from __future__ import annotations

from pathlib import Path

import yaml

from generator.validate import validate_game


def validate_changed(folder: Path, name: str, change):
    """Validate the game `folder` after `change(data)` to its data file `name` (its first
    line, the schema hint, kept)."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    change(data)
    path.write_text(text.split("\n", 1)[0] + "\n" + yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return validate_game(folder)
