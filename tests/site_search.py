"""The search index of a built site, as its pages fetch it: split by game
(generator/site/search_split.py), read back from the site folder."""
from __future__ import annotations

import json
from pathlib import Path

from generator.site.search_split import INDEX, whole


def read_parts(site: Path) -> dict[str, dict]:
    """Folder ("" for the pages in no game) -> the index those pages fetch."""
    found = {"": json.loads((site / INDEX).read_text(encoding="utf-8"))}
    for path in sorted(site.glob(f"*/{INDEX}")):
        found[path.relative_to(site).parts[0]] = json.loads(path.read_text(encoding="utf-8"))
    return found


def whole_index(site: Path) -> dict:
    """Every entry once, located relative to the site (as one index would hold them)."""
    return whole(read_parts(site))
