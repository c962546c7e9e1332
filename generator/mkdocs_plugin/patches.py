"""The only places the plugin changes MkDocs objects, each where MkDocs 1.6 offers no
hook for what `mapwright serve` needs; all of them under serve only, none in a build.

Everything else goes through MkDocs' events and the values they hand a plugin to
change: the configuration in `on_config` (docs_dir, extensions, theme folders, extra
CSS and script) and its `nav` in `on_files`, the files `on_files` returns, the page
body `on_page_content` returns; Material's search plugin is only read (its entries) and
told through its documented front matter (`search: exclude`), its index file written
by an index object of the plugin's own. tests/mkdocs_plugin/test_patches.py lists what
this module changes and fails on a change to any MkDocs or Material object elsewhere.

`PATCHED` names each object and attribute changed here.
"""
from __future__ import annotations

import os
import posixpath

from jinja2 import BaseLoader

from ..paths import is_inside, tree_stamp

PATCHED = (
    "Theme.get_env",              # keep_theme_listing
    "LiveReloadServer.observer",  # poll_often
    "LiveReloadServer.build_delay",
    "LiveReloadServer app",       # wait_for_pending (its WSGI app, through set_app)
)


class _ListedOnce(BaseLoader):
    """The theme's template loader, with its listing of files taken from `listings`
    (made once) instead of walking the theme's folders again."""

    def __init__(self, loader, listings: dict):
        self.loader, self.listings = loader, listings

    def get_source(self, environment, template):
        return self.loader.get_source(environment, template)

    def list_templates(self):
        if "names" not in self.listings:
            self.listings["names"] = self.loader.list_templates()
        return self.listings["names"]


def keep_theme_listing(config, kept: dict) -> None:
    """Serve: the theme's file listing kept between rebuilds (Material has some 14,000
    icons: walking them is about 0.2 s of every edit's reload).

    No hook: MkDocs lists the theme's files in `Files.add_files_from_theme`, called by
    its build right after `theme.get_env()` and before any event that sees the template
    environment (`on_env` comes after `on_files`). So `theme.get_env` is wrapped to give
    the environment a loader that lists once. The listing is made again when the theme
    folders change, or a file under the project's own (a custom_dir) is added or removed."""
    theme, make_env = config.theme, config.theme.get_env
    project = os.path.dirname(os.path.abspath(config.config_file_path)) if config.config_file_path else None

    def get_env():
        env = make_env()
        same = (tuple(theme.dirs), tree_stamp(d for d in theme.dirs if project and is_inside(d, project)))
        if kept.get("same") != same:
            kept.clear()
            kept["same"] = same
        env.loader = _ListedOnce(env.loader, kept)
        return env
    theme.get_env = get_env


def poll_often(server, watched: list[str], seconds: float, delay: float) -> None:
    """Serve: look for edits every `seconds` (MkDocs: 0.5 s) and rebuild `delay` after
    one (MkDocs: 0.1 s): an edit shows sooner (a content folder is a few hundred files,
    cheap to look at).

    No hook: MkDocs' serve makes the server (and its observer) with its own polling
    interval and build delay and hands it to `on_serve` already watching; only
    replacing the observer (before it starts) and the delay changes them."""
    from watchdog.observers.polling import PollingObserver
    for path in watched:
        server.unwatch(path)
    server.observer = PollingObserver(timeout=seconds)
    server.build_delay = delay
    for path in watched:
        server.watch(path)


def wait_for_pending(server, wait) -> None:
    """Serve: a request for a file still being made (a PDF rendering after the pages
    were served, the search index of the last edit) waits for it: `wait(site path)`.

    No hook: MkDocs serves the site folder itself, and a plugin sees no request; the
    server's WSGI app is wrapped through its `set_app`."""
    serve_request, mount = server.serve_request, server.mount_path

    def app(environ, start_response):
        path = environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8", "ignore")
        if path.startswith(mount):
            wait(posixpath.normpath("/" + path[len(mount):]).lstrip("/"))
        return serve_request(environ, start_response)
    server.set_app(app)
