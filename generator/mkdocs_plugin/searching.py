"""Serve's search entries for the pages an edit changed, made by Material's own search
index in a process of its own, after the pages are served.

Material indexes a page by running Python's HTML parser over its whole body: for
Divided States' 900 KB adjacency table, which a renamed power changes, that is most of
a second of every map edit. Under serve the reload does not wait for it (a request for
the search index waits instead: plugin.py), nor does it share this process' CPU with
the next edit's pages. The worker is given what the index reads of each page, as the
search plugin saw it; its class is Material's, passed by reference, never copied.
"""
from __future__ import annotations

import hashlib
import json
from types import SimpleNamespace


def view(page, content: str) -> dict:
    """What Material's `SearchIndex.add_entry_from_context` reads of a page; `content`:
    the body as the search plugin was given it (before it strips its attributes)."""
    return {"content": content, "toc": page.toc, "url": page.url, "meta": page.meta, "title": page.title}


def view_key(view: dict, config: dict) -> str:
    """A hash of a page's view and the index's settings: the same key, the same search
    entries (after a change to the navigation every page is rendered again, most of them
    to the same body)."""
    def toc(items) -> list:
        return [[item.title, item.id, item.level, toc(item.children)] for item in items]
    text = json.dumps([view["content"], toc(view["toc"]), view["url"], view["meta"], view["title"], config],
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def entries_of(index_type, config: dict, views: list[dict]) -> list[list[dict]]:
    """Each page's search entries, as `index_type(**config)` makes them."""
    out = []
    for page in views:
        index = index_type(**config)
        index.add_entry_from_context(SimpleNamespace(**page))
        out.append(index.entries)
    return out


def ready(index_type) -> None:
    """The worker's first task, given at once: it starts, and imports Material's search
    plugin (to receive `index_type`), before an edit needs it."""
