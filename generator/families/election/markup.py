"""Escaping for the text this family writes into SVG and Markdown."""
from __future__ import annotations

import re
from html import escape

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}()#+!|~>-])")


def xml(text) -> str:
    """Text or attribute value safe inside SVG/XML."""
    return escape(_BAD_XML.sub("", str(text)), quote=True)


def md(text) -> str:
    """Content text safe inside generated Markdown: HTML escaped, Markdown syntax neutralised."""
    return _MD_SPECIAL.sub(r"\\\1", escape(_BAD_XML.sub("", str(text)), quote=True))


def num(value: float) -> str:
    """Stable short number for SVG attributes."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
