"""The markup around an interactive map: the find box, zoom buttons, the neighbours
panel (under the map, so the map has the column's width) and a skip link, for
site_overrides/assets/javascripts/mapwright-map.js; and the key of the sides' colours
shown under it. One viewer for every family's map: what it
finds (a province, a hex) is the `noun`.

Only ordinary elements and attributes (div, a, label, input, button, span;
id, class, type, aria-*, data-*), so the site's HTML sanitiser keeps them; the
datalist of province names is built by the script from the SVG's data-* attributes.
"""
from __future__ import annotations

from ..escape import html_attr, html_text

AFTER_ID = "mw-after-map"


def map_viewer(svg: str, *, legend: str = "", noun: str = "province", hint: str = "Province code or name",
               idle: str = "Select a province to see its neighbours.", key: str = "") -> str:
    """The interactive map SVG (id "mw-map") inside its viewer, as one HTML block.

    `legend` is HTML for the highlight colours' key (moves_key) and `key` for the sides'
    colours (colour_key): both go under the map, side by side, so the toolbar keeps to
    one row on a wide screen; `noun` what the find box finds (its label, read out but not
    shown, for the same reason) and `hint` what to type there (its placeholder: the label
    to the eye); `idle` what the panel says while nothing is selected."""
    keys = f'<div class="mw-map-keys">{legend}{key}</div>' if legend and key else legend or key
    lines = [
        f'<div class="mw-viewer" data-mw-viewer="1" data-mw-noun="{html_attr(noun)}" markdown="0">',
        f'<a class="mw-skip" href="#{AFTER_ID}">Skip past the map</a>',
        '<div class="mw-viewer-bar" role="toolbar" aria-label="Map tools">',
        '<label class="mw-find-label"><span class="mw-find-text">Find a ' + html_text(noun) + '</span>'
        '<input type="search" class="mw-find" data-mw-find="1" autocomplete="off" spellcheck="false" '
        f'placeholder="{html_attr(hint)}" aria-describedby="mw-map-status"></label>',
        '<span class="mw-zoom-buttons">'
        '<button type="button" class="mw-button" data-mw-zoom="in" aria-label="Zoom in">+</button>'
        '<button type="button" class="mw-button" data-mw-zoom="out" aria-label="Zoom out">\u2212</button>'
        '<button type="button" class="mw-button" data-mw-zoom="fit">Whole map</button>'
        '<button type="button" class="mw-button" data-mw-fullscreen="1" aria-pressed="false">Full screen</button>'
        '<span class="mw-zoom-level" data-mw-zoom-level="1" aria-hidden="true"></span></span>',
        '<button type="button" class="mw-button mw-clear" data-mw-clear="mw-map">Clear</button>',
        '</div>',
        '<div class="mw-viewer-body">',
        '<div class="mw-map-frame" tabindex="0" aria-label="Map: arrow keys pan, + and \u2212 zoom, '
        '0 shows the whole map, Escape clears the selection">' + svg.strip() + '</div>',
        '<div id="mw-map-info" class="mw-map-info" data-mw-idle="1" role="region" aria-live="polite" '
        'aria-label="Selected province">'
        + html_text(idle) + '</div>',
        '</div>',
        keys,
        '<p id="mw-map-status" class="mw-map-status" data-mw-status="1" aria-live="polite"></p>',
        f'<span id="{AFTER_ID}"></span>',
        '</div>',
    ]
    return "\n".join(line for line in lines if line)   # a blank line would end Markdown's HTML block


def moves_key() -> str:
    """The key of the highlight colours (map_viewer's `legend`, under the map) for a board
    whose armies and fleets move differently: where an army, a fleet, or both may go."""
    return ('<div class="mw-map-key" role="group" aria-label="Highlight colours"><strong>Highlights</strong> '
            '<span class="mw-key mw-key-army">army moves</span> '
            '<span class="mw-key mw-key-fleet">fleet moves</span> '
            '<span class="mw-key mw-key-both">both</span></div>')


OPEN_KEY = 12   # a key this long or shorter is shown open; a longer one (50 powers) folded


def colour_key(heading: str, items: list[tuple[str, str]], note: str = "") -> str:
    """A key of colours under the map: `heading`, then a swatch and a name for each
    (name, #rrggbb) item, then `note`. HTML for inside map_viewer's block (which keeps
    it from Markdown: no markdown attribute of its own); folded when it is long."""
    entries = "".join(f'<li><span class="mw-swatch" style="background:{html_attr(c)}"></span>{html_text(n)}</li>'
                      for n, c in items)
    tail = f'<p class="mw-power-key-note">{html_text(note)}</p>' if note else ""
    shown = " open" if len(items) <= OPEN_KEY else ""
    return (f'<details class="mw-power-key-block"{shown}><summary><strong>{html_text(heading)}</strong> '
            f'({len(items)})</summary><ul class="mw-power-key" aria-label="{html_attr(heading)}">{entries}</ul>'
            f'{tail}</details>')
