"""Located diagnostics for the hex family's checks (shared by check.py and the rule modules)."""
from __future__ import annotations

from ...diagnostics import Diagnostic, register

AIR_DATA = register("HEX024", "Airpower data missing or inconsistent",
    "With the `airpower` module on, charts.yaml needs `air_missions` (the four missions, each naming an AP cost id that "
    "exists) and a `city_bombing_table`. Add them, or fix the id the message names.")


def located(game, file: str, pointer: str, code: str, message: str, hint: str = "") -> Diagnostic:
    doc = game.source.docs.get(file)
    if doc is None:
        return Diagnostic(f"{game.source.root}/{file}", 1, 1, code, message, pointer=pointer, hint=hint)
    return doc.diagnostic(pointer, code, message, hint=hint)
