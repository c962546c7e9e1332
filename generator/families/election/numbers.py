"""Numbers written into SVG attributes: short and stable, so builds are byte-identical."""
from __future__ import annotations


def num(value: float) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
