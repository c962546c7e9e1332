"""Import inputs are regular files, read up to a limit (generator/importers/read_file.py)."""
import os

import pytest

from generator.importers.read_file import NotAFile, read_regular


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "other.map")
    with pytest.raises(NotAFile, match="not a regular file"):
        read_regular(tmp_path / "other.map", 100)


def test_no_more_than_the_limit_is_read(tmp_path):
    big = tmp_path / "big.php"
    with big.open("wb") as f:
        f.truncate(3 * 2**30)        # 3 GB (sparse): read whole before its size was checked
    assert len(read_regular(big, 1000)) == 1001
    with pytest.raises(NotAFile):
        read_regular(tmp_path, 10)
