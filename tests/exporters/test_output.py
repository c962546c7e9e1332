"""Export folders: outside content/, and only Mapwright's own files ever replaced or
removed (the rule itself: tests/test_writing.py)."""
from __future__ import annotations

import pytest

from generator.exporters.output import IN_CONTENT, write_folder
from generator.writing import MANIFEST, NOT_OURS, Refused


def test_new_folder_gets_files_and_a_manifest(tmp_path):
    out = tmp_path / "v"
    write_folder(out, {"a.php": "x", "img/b.png": b"\x89PNG"}, [tmp_path / "content"])
    assert (out / "a.php").read_text() == "x" and (out / "img" / "b.png").read_bytes() == b"\x89PNG"
    assert [line.split("  ")[1] for line in (out / MANIFEST).read_text().splitlines()[1:]] == ["a.php", "img/b.png"]


def test_reexport_replaces_and_removes_only_listed_files(tmp_path):
    out = tmp_path / "v"
    write_folder(out, {"a.php": "1", "old.png": b"1"}, [])
    (out / "notes.txt").write_text("the author's")
    write_folder(out, {"a.php": "2"}, [])
    assert (out / "a.php").read_text() == "2"
    assert not (out / "old.png").exists()              # ours, no longer exported
    assert (out / "notes.txt").read_text() == "the author's"


def test_a_file_the_author_put_where_a_reexport_writes_is_refused(tmp_path):
    """(Before: a re-export wrote over any file of a name it did not write last time.)"""
    out = tmp_path / "v"
    write_folder(out, {"a.php": "1"}, [])
    (out / "b.php").write_text("the author's")
    with pytest.raises(Refused) as refused:
        write_folder(out, {"a.php": "2", "b.php": "2"}, [])
    assert [d.code for d in refused.value.diagnostics] == [NOT_OURS]
    assert (out / "b.php").read_text() == "the author's" and (out / "a.php").read_text() == "1"
    write_folder(out, {"a.php": "2", "b.php": "2"}, [], force=True)
    assert (out / "b.php").read_text() == "2"


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
    with pytest.raises(Refused) as refused:
        write_folder(out, files, [content])
    assert [d.code for d in refused.value.diagnostics] == [IN_CONTENT if setup in ("content", "around")
                                                           else NOT_OURS]
    assert not (tmp_path / "evil.php").exists()
    assert not (content / "game" / "export").exists()
