"""Diagnostic codes of the renderers and the `render` / `print` commands (RND###)."""
from __future__ import annotations

from ..diagnostics import register
from .paper import MIN_FONT_MM

BAD_POSITION = register(
    "RND001", "Position or orders file unusable",
    "The file given to `mapwright render` must be a YAML or JSON mapping like an adjudicate "
    "request: `units: {POWER: [\"A PAR\", ...]}`, optionally `centers`, `phase`, `dislodged` "
    "and `orders: {POWER: [\"A PAR - BUR\", ...]}`. Fix the file as the message says.")
SMALL_TEXT = register(
    "RND002", "Printed text would be too small",
    f"On the chosen paper the document's smallest text is below {MIN_FONT_MM:.2f} mm (6 pt), too "
    "small to read. Maps are tiled over several sheets rather than shrunk; a sheet printed at a "
    "fixed scale cannot be: print on larger paper (A3 or tabloid), or accept small print for it.",
    "warning")
NO_PRINTABLES = register(
    "RND003", "Nothing to print",
    "The game's family offers no printables, or none of the kind asked for with --what. "
    "Run without --what to print everything the family offers.")
