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


def _flat_png(path, width: int, height: int, checker: int = 0):
    """A PNG of one colour (a few kilobytes however large), with a checkerboard of two
    colours in its top-left `checker` x `checker` pixels."""
    import numpy as np
    from PIL import Image
    image = Image.new("RGB", (width, height), (200, 100, 50))
    if checker:
        board = np.indices((checker, checker)).sum(axis=0) % 2
        image.paste(Image.fromarray(np.where(board[..., None], (10, 200, 30), (200, 10, 10)).astype(np.uint8)))
    image.save(path, optimize=True)
    return path


def test_more_pixels_than_any_interactive_map_are_refused_from_the_header(tmp_path):
    """The limit was 60 million pixels, and a 55-million-pixel PNG of 195 KB cost an
    import 18 s and 2.7 GB; the largest map webDiplomacy draws has 10.3 million."""
    with pytest.raises(ImageProblem, match="4000 x 3001 pixels"):
        load_rgb(_flat_png(tmp_path / "IA_map.png", 4000, 3001))


def test_a_picture_of_far_more_colour_borders_than_a_map_is_refused(tmp_path):
    """A 7 KB checkerboard of 1,000 x 1,000 pixels cost an import 20 s and 1.5 GB: every
    pixel an area of its own, each traced and sorted."""
    with pytest.raises(ImageProblem, match="1,998,000 pairs of neighbouring pixels"):
        load_rgb(_flat_png(tmp_path / "IA_map.png", 1000, 1000, checker=1000))
    rgb, _ = load_rgb(_flat_png(tmp_path / "IA_map.png", 1000, 1000, checker=100))
    assert rgb.shape == (1000, 1000, 3)


@pytest.mark.parametrize("width, height, checker", [(7400, 7400, 0), (1000, 1000, 1000)])
def test_a_hostile_interactive_map_costs_an_import_under_2_s_and_500_mb(tmp_path, width, height, checker):
    import shutil

    from costs import REPO, command_cost
    folder = tmp_path / "Pure"
    shutil.copytree(REPO / "tests" / "data" / "webdip" / "Pure", folder)
    _flat_png(folder / "interactiveMap" / "IA_smallmap.png", width, height, checker)
    cost = command_cost("import", "webdiplomacy", folder, "-o", tmp_path / "content" / "pure")
    assert cost.code == 0 and "IMP014" in cost.stderr and "Traceback" not in cost.stderr
    assert cost.cpu < 2 and cost.peak_mb < 500, cost
