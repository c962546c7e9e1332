"""Did-you-mean hints for misspelt names, at a bounded cost.

difflib compares a name with every known name, so a file naming thousands of unknown
territories would cost (unknown rows) x (known names) comparisons: an install.php
with 20,000 borders to unknown places took minutes. Each import uses one Speller: a
name asked again is answered from memory, only the first LOOKUPS distinct names are
looked up (later ones get the plain hint), and names are compared on their first
200 characters (difflib's ratio is quadratic in the lengths).
"""
from __future__ import annotations

import difflib

LOOKUPS = 64
CHARS = 200


class Speller:
    def __init__(self, lookups: int = LOOKUPS):
        self.left = lookups
        self.answers: dict[tuple[int, str], list[str]] = {}   # (id of the collection, name) -> names

    def close(self, name: str, known) -> list[str]:
        """Up to two names of `known` close to `name` (none once the lookups are spent)."""
        key = (id(known), name[:CHARS])
        if key in self.answers:
            return self.answers[key]
        if self.left <= 0:
            return []
        self.left -= 1
        shorts = {k[:CHARS]: k for k in known}      # the collection as it is now
        found = difflib.get_close_matches(name[:CHARS], list(shorts), n=2, cutoff=0.6)
        self.answers[key] = [shorts[f] for f in found]
        return self.answers[key]
