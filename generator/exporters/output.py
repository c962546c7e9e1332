"""Writing an export without touching what Mapwright did not write.

An export folder gets a marker file listing every file the export wrote. A later
export into the same folder may replace and remove exactly those files; a folder
that is not empty and has no marker is refused, and so is any target inside the
content folder (exports are build products, never content). A single exported
file (the DPjudge .map) starts with a marker line instead, and an existing file
without it is refused.
"""
from __future__ import annotations

from pathlib import Path
from ..paths import is_inside

MARKER = ".mapwright-export"
MARKER_HEAD = "# Written by `mapwright export`; the files below are its own and a re-export replaces them.\n"
FILE_MARK = "# Written by `mapwright export"


class RefusedOutput(Exception):
    """The target is not Mapwright's to write; the message says why and what to do."""


def check_target(target: Path, content_dirs: list[Path]) -> None:
    """Refuse a target inside (or equal to) a content folder, or holding one."""
    for content in content_dirs:
        if content.is_dir() and (is_inside(target, content) or is_inside(content, target)):
            raise RefusedOutput(f"'{target}' is inside or around the content folder {content}; "
                                "export to a folder outside content/, e.g. -o export/<game>")


def _listed(folder: Path) -> list[str]:
    text = (folder / MARKER).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def write_folder(target: Path, files: dict[str, bytes | str], content_dirs: list[Path]) -> list[Path]:
    """Write `files` (relative path -> bytes or text) into `target`, safely."""
    check_target(target, content_dirs)
    if target.exists() and not target.is_dir():
        raise RefusedOutput(f"'{target}' exists and is not a folder")
    previous: list[str] = []
    if target.is_dir() and any(target.iterdir()):
        if not (target / MARKER).is_file():
            raise RefusedOutput(f"'{target}' is not empty and was not written by `mapwright export` "
                                f"(it has no {MARKER}); choose an empty or new folder")
        previous = _listed(target)
    for name in files:
        if Path(name).is_absolute() or ".." in Path(name).parts:
            raise RefusedOutput(f"refusing to write '{name}' outside the export folder")
    target.mkdir(parents=True, exist_ok=True)
    for name in previous:     # files of the last export that this one no longer writes
        old = target / name
        if name not in files and ".." not in Path(name).parts and old.is_file() and is_inside(old, target):
            old.unlink()
    written = []
    for name in sorted(files):
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        data = files[name]
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8", newline="\n")
        else:
            path.write_bytes(data)
        written.append(path)
    (target / MARKER).write_text(MARKER_HEAD + "".join(f"{n}\n" for n in sorted(files)), encoding="utf-8")
    return written


def write_file(target: Path, text: str, content_dirs: list[Path]) -> Path:
    """Write one exported text file whose first line is the FILE_MARK comment."""
    check_target(target, content_dirs)
    if target.is_dir():
        raise RefusedOutput(f"'{target}' is a folder; give a file name, e.g. -o {target}/game.map")
    if target.exists():
        with target.open(encoding="utf-8", errors="replace") as handle:
            first = handle.readline()
        if not first.startswith(FILE_MARK):
            raise RefusedOutput(f"'{target}' exists and was not written by `mapwright export`; "
                                "choose another file name")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8", newline="\n")
    return target
