"""Where Mapwright finds its own files (schemas, default site config and theme overrides).

In a checkout (and an editable install) they are the top-level folders beside the
package; a wheel carries copies in generator/_bundled/ (see setup.py)."""
from __future__ import annotations

import os
import pkgutil
import stat
from functools import cache
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_ROOT.parent
if not (SOURCE_ROOT / "schemas").is_dir() and (PACKAGE_ROOT / "_bundled").is_dir():
    SOURCE_ROOT = PACKAGE_ROOT / "_bundled"
SCHEMA_DIR = SOURCE_ROOT / "schemas"
# a variant repository's site: what `init` writes, and what `build` uses where there is none
AUTHOR_MKDOCS = SOURCE_ROOT / "templates" / "site" / "mkdocs.yml"
SITE_OVERRIDES = SOURCE_ROOT / "site_overrides"
FAMILIES_DIR = PACKAGE_ROOT / "families"


@cache
def family_names() -> tuple[str, ...]:
    """The game families of this Mapwright, sorted: the packages in generator/families/.
    Found by looking, without importing any, so the core (game.schema.json's `family`
    enum) can list them; generator.families serves the families themselves."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules([str(FAMILIES_DIR)]) if info.ispkg))


def tree_stamp(folders) -> tuple:
    """Every file under `folders` with its modification time and size, in a fixed order:
    equal stamps mean nothing was added, removed or changed (what a cache keyed by
    them needs to know)."""
    out = []
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            for name in sorted(filenames):
                try:
                    st = os.stat(os.path.join(dirpath, name))
                except OSError:
                    continue
                out.append((dirpath, name, st.st_mtime_ns, st.st_size))
    return tuple(out)


def is_inside(path, folder) -> bool:
    """Is `path` `folder` or below it, links resolved? (False when either cannot be
    resolved: a symlink loop raises RuntimeError before Python 3.13.)"""
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
        return True
    except (OSError, ValueError, RuntimeError):
        return False


def unsafe_entries(folder, limit: int = 20) -> list[tuple[Path, str]]:
    """(path, why) for what a walk of `folder` must not meet: a link to a folder (MkDocs'
    walk of its docs folder follows links, so `a -> .` loops until memory runs out) and
    anything but a folder, a file or a link to a file (a pipe blocks whoever reads it, a
    device may never end). The walk itself follows no link; at most `limit` are listed."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in sorted(dirnames + filenames):
            path = Path(dirpath, name)
            try:
                mode = path.lstat().st_mode
                if stat.S_ISLNK(mode):
                    if os.path.isdir(path):
                        found.append((path, "a link to a folder"))
                    continue
            except OSError:
                continue   # gone meanwhile: nothing to walk into
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                found.append((path, "not a regular file (a pipe, socket or device)"))
            if len(found) >= limit:
                return found
    return found
