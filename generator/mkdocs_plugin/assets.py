"""The map's script and stylesheet, brought by the plugin itself.

The interactive map, the map viewer and the sortable adjacency table need
`assets/javascripts/mapwright-map.js` and `assets/stylesheets/mapwright.css`
(site_overrides/). Mapwright's own mkdocs.yml lists both and names site_overrides as
its custom_dir; a Material site that only added `mapwright` to its plugins got pages
whose map did nothing when clicked, with no word why. So the plugin links both in
every configuration and adds the files when the site's theme folders do not have them.
"""
from __future__ import annotations

from mkdocs.structure.files import File

from ..paths import SITE_OVERRIDES

STYLESHEET = "assets/stylesheets/mapwright.css"
SCRIPT = "assets/javascripts/mapwright-map.js"


def link_assets(config) -> None:
    """List the stylesheet and the script in the config unless it lists them already."""
    if STYLESHEET not in map(str, config.extra_css):
        config.extra_css.append(STYLESHEET)
    if SCRIPT not in map(str, config.extra_javascript):
        config.extra_javascript.append(SCRIPT)


def asset_files(config, files) -> list[File]:
    """The stylesheet and the script as files of the site, where `files` (the theme's,
    with any custom_dir) lacks them."""
    have = {f.src_uri for f in files}
    return [File.generated(config, uri, abs_src_path=str(SITE_OVERRIDES / uri))
            for uri in (STYLESHEET, SCRIPT) if uri not in have]
