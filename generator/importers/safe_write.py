"""Write an importer's file inside the output folder, never through a symbolic link.

A game folder may come from a stranger's pull request, and a file in it may be a link
(map.yaml -> ~/.bashrc): opening it for writing would write outside the folder. So each
file is written to a new temporary file beside it and renamed over its name: os.replace
replaces a link itself, never what it points to. A folder below the output folder that
is a link (rules/ -> /elsewhere) is never written into.
"""
from __future__ import annotations

import contextlib
import errno
import os
import secrets
from pathlib import Path


def linked_folder(out_dir: Path, name: str) -> Path | None:
    """The first folder between out_dir and out_dir/name that is a link (None: none is)."""
    folder = out_dir
    for part in Path(name).parts[:-1]:
        folder = folder / part
        if folder.is_symlink():
            return folder
    return None


def write_inside(out_dir: Path, name: str, text: str) -> Path:
    """Write out_dir/name (a relative name) as UTF-8 with LF line ends; raises OSError,
    saying why, when it cannot be written there without following a link."""
    linked = linked_folder(out_dir, name)
    if linked is not None:
        raise OSError(errno.ELOOP, f"{linked} is a symbolic link; the importer writes only inside the game "
                                   f"folder: replace the link with a folder")
    target = out_dir / name
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_dir() and not target.is_symlink():
        raise OSError(errno.EISDIR, f"{target} is a folder; remove it to import")
    # a new file of a random name (O_EXCL: never one that exists, a link included), mode as usual
    temporary = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return target
