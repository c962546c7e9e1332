"""Map images read safely (generator/importers/png_image.py)."""
import pytest

from generator.importers.png_image import ImageProblem, load_rgb


def test_a_file_larger_than_any_map_is_refused_before_it_is_read(tmp_path):
    """A PNG whose checksums fail is read whole to repair them: a 3 GB file was read into memory."""
    path = tmp_path / "IA_map.png"
    with path.open("wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.truncate(3 * 2**30)
    with pytest.raises(ImageProblem, match="larger than 256 MiB"):
        load_rgb(path)
