"""Export folders: only Mapwright's own files are ever replaced or removed."""
from __future__ import annotations

import pytest

from generator.exporters.output import MARKER, RefusedOutput, write_folder


def test_new_folder_gets_files_and_a_marker(tmp_path):
    out = tmp_path / "v"
    write_folder(out, {"a.php": "x", "img/b.png": b"\x89PNG"}, [tmp_path / "content"])
    assert (out / "a.php").read_text() == "x" and (out / "img" / "b.png").read_bytes() == b"\x89PNG"
    assert (out / MARKER).read_text().splitlines()[1:] == ["a.php", "img/b.png"]


def test_reexport_replaces_and_removes_only_listed_files(tmp_path):
    out = tmp_path / "v"
    write_folder(out, {"a.php": "1", "old.png": b"1"}, [])
    (out / "notes.txt").write_text("the author's")
    write_folder(out, {"a.php": "2"}, [])
    assert (out / "a.php").read_text() == "2"
    assert not (out / "old.png").exists()              # ours, no longer exported
    assert (out / "notes.txt").read_text() == "the author's"


def test_marker_entries_cannot_reach_outside(tmp_path):
    out = tmp_path / "v"
    write_folder(out, {"a.php": "1"}, [])
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    (out / MARKER).write_text("# x\n../victim.txt\n/etc/hostname\n")
    write_folder(out, {"a.php": "2"}, [])
    assert victim.read_text() == "keep"


@pytest.mark.parametrize("setup", ["foreign", "file", "content", "around", "escape"])
def test_refusals(tmp_path, setup):
    content = tmp_path / "content"
    (content / "game").mkdir(parents=True)
    out = tmp_path / "v"
    files = {"a.php": "1"}
    if setup == "foreign":
        out.mkdir()
        (out / "keep.txt").write_text("k")
    elif setup == "file":
        out.write_text("k")
    elif setup == "content":
        out = content / "game" / "export"
    elif setup == "around":
        out = tmp_path
    else:
        files = {"../evil.php": "1"}
    with pytest.raises(RefusedOutput):
        write_folder(out, files, [content])
    assert not (tmp_path / "evil.php").exists()
    assert not (content / "game" / "export").exists()
