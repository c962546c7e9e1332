"""Writing an export: outside the content folder, and by the rule of generator/writing.py.

Exports are build products, never content: a target inside (or around) a content
folder is refused. Otherwise an export is written like every command's output: an
export folder records its files in `.mapwright-files` (a re-export replaces them and
removes those it no longer writes), and a single exported file (the DPjudge .map)
starts with a `# Written by `mapwright export ...`` line instead.
"""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic, register
from ..loader import display_path
from ..paths import is_inside
from ..writing import Refused, write_files

IN_CONTENT = register("MW605", "Export inside the content folder",
                      "An export is a build product for another engine, never content: its target must "
                      "be outside the content folder and must not hold it. Export to a folder of its own, "
                      "e.g. `-o export/<game>`.")


def check_target(target: Path, content_dirs: list[Path]) -> None:
    """Refuse (Refused) a target inside (or equal to) a content folder, or holding one."""
    for content in content_dirs:
        if content.is_dir() and (is_inside(target, content) or is_inside(content, target)):
            raise Refused([Diagnostic(display_path(target), 1, 1, IN_CONTENT,
                                      f"the export target is inside or around the content folder {content}",
                                      hint="export to a folder outside content/, e.g. -o export/<game>")])


def write_folder(target: Path, files: dict[str, bytes | str], content_dirs: list[Path], *,
                 force: bool = False) -> list[Path]:
    """Write `files` (relative path -> bytes or text) into the export folder `target`;
    raises writing.Refused, writing nothing, where the rule forbids it."""
    check_target(target, content_dirs)
    return write_files(target, files, force=force, record=True, prune=True)


def write_file(target: Path, text: str, content_dirs: list[Path], *, force: bool = False) -> Path:
    """Write one exported text file whose header names the command (Mapwright's mark)."""
    check_target(target, content_dirs)
    return write_files(target.parent, {target.name: text}, force=force, root_is_output=False)[0]
