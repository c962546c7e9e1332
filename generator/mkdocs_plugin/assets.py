"""The theme files Mapwright's pages need, brought by the plugin itself.

The interactive map, the map viewer and the sortable adjacency table need
`assets/javascripts/mapwright-map.js` and `assets/stylesheets/mapwright.css`, and the
page titles name the game (`main.html`'s `htmltitle` block): all in site_overrides/.
A site used to get them only by naming that folder as its theme's custom_dir, so a
copy of Mapwright's mkdocs.yml failed elsewhere and a Material site that only added
`mapwright` to its plugins got maps that did nothing when clicked. The plugin adds the
folder to the theme's template folders (after the site's own custom_dir, whose files
win) and links the stylesheet and the script, in every configuration.
"""
from __future__ import annotations

import os

from ..paths import SITE_OVERRIDES

STYLESHEET = "assets/stylesheets/mapwright.css"
SCRIPT = "assets/javascripts/mapwright-map.js"


def add_theme_files(config) -> None:
    """site_overrides/ as a theme folder, and the stylesheet and the script listed in the
    config, unless already there."""
    dirs, ours = config.theme.dirs, str(SITE_OVERRIDES)
    if not any(os.path.realpath(d) == os.path.realpath(ours) for d in dirs):
        dirs.insert(1 if config.theme.custom_dir else 0, ours)
    if STYLESHEET not in map(str, config.extra_css):
        config.extra_css.append(STYLESHEET)
    if SCRIPT not in map(str, config.extra_javascript):
        config.extra_javascript.append(SCRIPT)
