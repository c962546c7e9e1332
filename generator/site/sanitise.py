"""The second line of defence: the HTML a page's Markdown renders to, cleaned by an allowlist.

Every content value is escaped where the generator writes it (generator.escape); this
module makes sure that, if one place is missed, nothing in a page can run script. It is
applied to the page body MkDocs renders from Markdown (`page.content`, before the theme
wraps it), so the theme's own scripts, forms and icons are untouched, and keeps only the
elements and attributes Mapwright's pages and Python-Markdown's extensions emit.

nh3 (the maintained Python binding of the Rust sanitiser ammonia) does the parsing and
cleaning: it parses as a browser does (html5ever), so split tags, entity-encoded
schemes and unclosed attributes cannot slip through a regex.
"""
from __future__ import annotations

import nh3

from ..markup import TABBED_ID

# What Python-Markdown, its extensions (admonition, tables, toc, attr_list, details,
# superfences, highlight) and Mapwright's page writers emit.
HTML_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "button", "caption", "code", "col", "colgroup",
    "dd", "del", "details", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2",
    "h3", "h4", "h5", "h6", "hr", "i", "img", "input", "ins", "kbd", "label", "li", "mark",
    "ol", "output", "p", "pre", "s", "samp", "small", "span", "strong", "sub", "summary",
    "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var", "wbr",
}
# The inline SVG of maps, diagrams, charts and counters.
SVG_TAGS = {
    "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text",
    "tspan", "title", "desc", "defs", "clipPath", "pattern", "marker", "use", "symbol",
    "linearGradient", "radialGradient", "stop", "mask",
}
TAGS = HTML_TAGS | SVG_TAGS

_GLOBAL = {"id", "class", "title", "role", "tabindex", "lang", "dir", "hidden", "style"}
_SVG_PRESENTATION = {
    "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "d",
    "points", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
    "stroke-dasharray", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "opacity",
    "transform", "clip-path", "clip-rule", "mask", "font-family", "font-size", "font-style",
    "font-weight", "text-anchor", "dominant-baseline", "letter-spacing", "pointer-events",
    "paint-order", "vector-effect", "viewBox", "preserveAspectRatio", "xmlns", "version",
    "patternUnits", "patternTransform", "patternContentUnits", "clipPathUnits", "markerWidth",
    "markerHeight", "refX", "refY", "orient", "markerUnits", "offset", "stop-color",
    "stop-opacity", "gradientUnits", "gradientTransform", "marker-start", "marker-mid",
    "marker-end", "dx", "dy", "textLength", "lengthAdjust", "visibility", "display",
}
ATTRIBUTES = {
    "*": _GLOBAL,
    "a": {"href", "name"},
    "img": {"src", "alt", "width", "height", "loading", "decoding"},
    "td": {"colspan", "rowspan", "align", "scope"},
    "th": {"colspan", "rowspan", "align", "scope", "abbr"},
    "col": {"span"}, "colgroup": {"span"},
    "ol": {"start", "type", "reversed"}, "li": {"value"},
    "details": {"open"},
    "input": {"type", "placeholder", "value", "autocomplete", "spellcheck", "list", "name",
              "inputmode", "enterkeyhint", "checked", "disabled", "readonly"},
    "button": {"type", "disabled"},
    "label": {"for"}, "output": {"for"},
    "abbr": {"title"},
    "use": {"href"},
    **{tag: _SVG_PRESENTATION for tag in SVG_TAGS if tag != "use"},
}
# Inline styles keep layout and colour properties only (never url(), behaviour or position).
STYLE_PROPERTIES = {
    "text-align", "vertical-align", "width", "height", "min-width", "max-width", "display",
    "border", "border-color", "background", "background-color", "color", "fill", "stroke",
    "font-style", "font-weight", "white-space", "margin", "padding",
}
URL_SCHEMES = {"http", "https", "mailto"}
# Ids that the theme's JavaScript looks up (`__config`, `__search`, ...) are never content's.
_RESERVED_ID_PREFIX = "__"


def _filter(tag: str, attribute: str, value: str) -> str | None:
    if attribute in ("id", "for") and value.startswith(_RESERVED_ID_PREFIX):
        # but a content tab's radio button and its label, by the extension's numbering
        # (validate refuses them anywhere else: markup.tabbed_input)
        tab = (tag, attribute) in (("input", "id"), ("label", "for")) and TABBED_ID.fullmatch(value)
        return value if tab else None
    if attribute == "href" and tag == "use" and not value.startswith("#"):
        return None  # <use> may only reference the page's own symbols
    if attribute in ("style", "background") and "url(" in value.replace(" ", "").lower():
        return None
    return value


_ARTICLE_OPEN = '<article class="md-content__inner md-typeset">'


def sanitise_html(fragment: str) -> str:
    """The page body with everything outside the allowlist removed.

    Given a whole page as the theme wrote it (an `on_post_page` caller), only its article
    (the part made from Markdown) is cleaned: the theme's own scripts and forms stay.

    Script, style, iframe, object and their content are dropped whole; event handlers,
    `javascript:`/`data:` URLs, unknown elements and attributes are removed; `rel` on
    links is left to the theme. Runs in time linear in the input (html5ever)."""
    start = fragment.find(_ARTICLE_OPEN)
    if start >= 0:
        body = start + len(_ARTICLE_OPEN)
        end = fragment.rfind("</article>")
        if end > body:
            return fragment[:body] + _clean(fragment[body:end]) + fragment[end:]
    return _clean(fragment)


def _clean(fragment: str) -> str:
    return nh3.clean(
        fragment,
        tags=TAGS,
        clean_content_tags={"script", "style", "iframe", "object", "embed", "noscript",
                            "template", "math", "foreignObject"},
        attributes=ATTRIBUTES,
        attribute_filter=_filter,
        generic_attribute_prefixes={"data-", "aria-"},
        url_schemes=URL_SCHEMES,
        link_rel=None,
        strip_comments=True,
        filter_style_properties=STYLE_PROPERTIES,
    )
