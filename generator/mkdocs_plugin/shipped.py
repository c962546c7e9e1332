"""Which of the theme's files the built site ships.

Material's theme folder holds files no page of this site ever loads: sourcemaps of its
scripts and stylesheets (`*.js.map`, `*.css.map`, for the theme's own debugging) and the
search worker's language support for some thirty languages. The plugin leaves them out
of MkDocs' files, so they are never written (nothing is deleted afterwards).

What the search worker loads (Material 9's workers/search.*.js, `setupSearchLanguages`):
for each search language other than `en`, `lunr/min/lunr.<lang>.min.js`; with any of
those, `lunr/min/lunr.stemmer.support.min.js`; with more than one language,
`lunr/min/lunr.multi.min.js`; for `ja` also `lunr/tinyseg.js`, for `hi` and `th`
`lunr/wordcut.js`. Without a search plugin it loads none of them.
"""
from __future__ import annotations

LUNR = "assets/javascripts/lunr/"
SOURCEMAPS = (".js.map", ".css.map")


def search_files(languages: list[str]) -> set[str]:
    """The lunr files the search worker imports for `languages` (paths under the theme)."""
    needed = {f"{LUNR}min/lunr.{lang}.min.js" for lang in languages if lang != "en"}
    if len(languages) > 1:
        needed.add(f"{LUNR}min/lunr.multi.min.js")
    if "ja" in languages:
        needed.add(f"{LUNR}tinyseg.js")
    if "hi" in languages or "th" in languages:
        needed.add(f"{LUNR}wordcut.js")
    if needed:
        needed.add(f"{LUNR}min/lunr.stemmer.support.min.js")
    return needed


def shipped(src_uri: str, needed_search_files: set[str]) -> bool:
    """Whether a theme file belongs in the built site."""
    if src_uri.endswith(SOURCEMAPS):
        return False
    if src_uri.startswith(LUNR):
        return src_uri in needed_search_files
    return True


def search_languages(plugins) -> list[str]:
    """The languages of the site's search plugin (set by its on_config), none without one."""
    for name, plugin in plugins.items():
        if name == "search" or name.endswith("/search"):
            return list(getattr(plugin.config, "lang", None) or [])
    return []
