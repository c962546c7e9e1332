"""What the plugin changes of objects it did not make, listed: MkDocs' configuration
and page values its events hand a plugin to change, and the few MkDocs objects
patches.py changes under serve, where MkDocs 1.6 offers no hook. Any other assignment
to an attribute (or item of an attribute) of an object, anywhere in the plugin's
package, fails here until it is listed as the plugin's own or a documented value, or
moved to patches.py with its reason. (The plugin kept its state in a module global
and patched MkDocs and Material objects in nine places: Material's search index, the
theme, the page's anchors, the server.)"""
from __future__ import annotations

import ast
from pathlib import Path

from generator.mkdocs_plugin import patches

PACKAGE = Path(__file__).resolve().parents[2] / "generator" / "mkdocs_plugin"

# objects the plugin makes: its session, its files (GeneratedFile, PendingPrint), its own
# search index object (Material's class, for Material's format), its class's handoff
OWN = {("plugin.py", t) for t in (
    "session.generator.cache.pending", "session.heap", "session.renderer", "session.hooks", "session.hooks[hook.__name__]", "session.index_json",
    "session.indexed", "session.indexer", "session.indexing", "session.last", "session.nav",
    "session.pdf_keys", "session.pdfs", "session.pdfs[f.key]", "session.rendered", "session.search",
    "session.search[page.file.src_uri]", "session.seconds", "session.written",
    "f.changed", "f.future", "f.job", "f.key", "whole.entries")} | {("run.py", "MapwrightPlugin.command_line")} \
    | {("navigation.py", t) for t in ("section.children", "shown.items")}   # copies it made (copy.copy) of
# the site's navigation, handed to one page's template (on_page_context): MkDocs' own objects stay as they are
# values MkDocs' events hand a plugin to change: the configuration (on_config: the docs
# tree; on_files: the nav), the template environment's bytecode cache (on_env, Jinja's
# own setting), a page's front matter (emptied on Mapwright's own pages: no settings from
# content; Material's `search: exclude`, restored after)
DOCUMENTED = {("plugin.py", t) for t in ("config.docs_dir", "config.nav", "env.bytecode_cache",
                                         "page.meta", "page.meta['search']")} \
    | {("config.py", "config.mdx_configs[name]")}   # on_config: the extensions' settings
# MkDocs objects changed where no hook serves (each says why in patches.py)
PATCHES = {("patches.py", t) for t in ("theme.get_env", "env.loader", "server.observer", "server.build_delay",
                                       "server.set_app")}


def _root(node) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def changed_objects() -> set[tuple[str, str]]:
    """(module, target) for every assignment or deletion of an attribute, or of an item
    of an attribute, not on `self`; and every setattr and set_app call."""
    found = set()
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = (node.targets if isinstance(node, (ast.Assign, ast.Delete)) else
                       [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for target in [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]:
                if not isinstance(target, (ast.Attribute, ast.Subscript)) or _root(target) in ("self", "cls"):
                    continue
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                    continue   # an item of a local dict or list
                found.add((path.name, ast.unparse(target)))
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in ("setattr", "set_app"):
                    found.add((path.name, ast.unparse(node.func)))
    return found


def test_the_plugin_changes_only_the_listed_objects():
    found = changed_objects()
    assert found - OWN - DOCUMENTED - PATCHES == set(), "an object changed that is not listed"
    assert found >= PATCHES, "a patch went: take it off the list (and patches.PATCHED)"


def test_every_patch_is_in_the_one_module_and_named_there():
    assert {module for module, _ in PATCHES} == {"patches.py"}
    assert sorted(patches.PATCHED) == sorted(["Theme.get_env", "LiveReloadServer.observer",
                                              "LiveReloadServer.build_delay", "LiveReloadServer app"])


def test_the_plugin_keeps_no_module_state():
    """Its state is on the plugin object (Session), not in a module global."""
    from generator.mkdocs_plugin import plugin
    assert not hasattr(plugin, "SESSION")
    tree = ast.parse((PACKAGE / "plugin.py").read_text(encoding="utf-8"))
    module_values = [n for n in tree.body if isinstance(n, ast.Assign)
                     and isinstance(n.value, (ast.Call, ast.Dict, ast.List, ast.Set))]
    assert [ast.unparse(n) for n in module_values] == ["log = logging.getLogger('mkdocs.plugins.mapwright')",
                                                       "_ABSENT = object()",
                                                       # a policy with no state: the collector untouched
                                                       "COLLECTOR_LEFT_ALONE = _LeftAlone()"]
