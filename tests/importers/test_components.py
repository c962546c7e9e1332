"""Which same-colour areas belong to a territory (generator/importers/components.py), on
small drawn maps, and on the vendored folders where a colour turns up elsewhere: the
off-map background of a sea's colour (WWIVsealanes, Imperial2, World), the title
lettering in a sea's colour (WorldAtWar1937)."""
from pathlib import Path

import numpy as np
import pytest

from generator.importers.components import sort_components
from generator.importers.simplify import ring_area
from generator.importers.webdiplomacy import import_variant

DATA = Path(__file__).resolve().parents[1] / "data" / "webdip"
LAND, SEA, OTHER, FAR, DECOR = 0, 1, 2, 3, 9       # label values; DECOR >= number of seeds


def _map() -> np.ndarray:
    """A 40 x 60 map: land (0) west of a sea (1), another land (2) east of it, a land far
    off (3) in the south-east; black (-1) lines between them and a black frame."""
    labels = np.full((40, 60), -1, dtype=np.int32)
    labels[1:30, 1:20] = LAND
    labels[1:30, 21:40] = SEA
    labels[1:30, 41:59] = OTHER
    labels[31:39, 41:59] = FAR
    return labels


SEEDS = [(5, 5), (30, 5), (50, 5), (50, 35)]
BORDERS = {LAND: {SEA}, SEA: {LAND, OTHER}, OTHER: {SEA, FAR}, FAR: {OTHER}}


def test_the_area_at_the_label_point_and_an_island_in_a_neighbouring_sea_are_kept():
    labels = _map()
    labels[10:13, 28:31] = -1
    labels[11, 29] = LAND                   # an island of the land, in its sea
    labels[20:29, 10] = -1                  # a line cutting the land's south-west corner off
    out = sort_components(labels, SEEDS, BORDERS, reach=2)
    assert out.labels[11, 29] == LAND and out.labels[25, 5] == LAND and not out.dropped


def test_a_title_box_in_the_frame_and_lettering_in_black_are_dropped_and_reported():
    labels = _map()
    labels[31:39, 1:39] = -1
    labels[33:37, 5:15] = SEA               # the title box in the sea's colour, black all round
    out = sort_components(labels, SEEDS, BORDERS, reach=2)
    assert (out.labels[33:37, 5:15] == -1).all()
    assert out.dropped == {SEA: (40, (5, 33, 15, 37))}
    assert (out.labels[1:30, 21:40] == SEA).all()


def test_a_background_of_a_seas_colour_touching_lands_all_round_is_dropped():
    # a sea (0) in the middle of eight lands (1-8) round the edge; the off-map background
    # is the sea's colour and touches every land, of which the sea borders two
    labels = np.full((60, 60), 0, dtype=np.int32)
    labels[5:55, 5:55] = -1
    seeds = [(30, 30)]
    for k, (y, x) in enumerate([(6, 6), (6, 23), (6, 40), (23, 40), (40, 40), (40, 23), (40, 6), (23, 6)], 1):
        labels[y:y + 13, x:x + 13] = k
        seeds.append((x + 6, y + 6))
    labels[22:37, 22:37] = -1
    labels[23:36, 23:36] = 0                # the sea, at its label point
    out = sort_components(labels, seeds, {0: {2, 4}, 2: {0}, 4: {0}}, reach=2)
    assert out.labels[0, 0] == -1 and out.labels[30, 30] == 0
    assert out.dropped[0][0] == 60 * 60 - 50 * 50


def test_a_dot_in_a_land_that_is_no_neighbour_is_dropped_one_in_a_lake_is_kept():
    labels = _map()
    labels[31:39, 1:39] = -1
    labels[32:38, 2:38] = DECOR             # a lake of the map
    labels[34:36, 10:12] = LAND             # an island of the land in it
    labels[14:17, 49:52] = -1
    labels[15, 50] = LAND                   # a dot of the land's colour in the other land
    out = sort_components(labels, SEEDS, BORDERS, reach=2, seas={SEA})
    assert (out.labels[34:36, 10:12] == LAND).all()
    assert out.labels[15, 50] == -1 and out.dropped[LAND][0] == 1
    labels[15, 50] = -1
    labels[11, 29] = LAND                   # in the sea it is an island, kept
    assert sort_components(labels, SEEDS, BORDERS, reach=2, seas={SEA}).labels[11, 29] == LAND


def test_two_territories_painted_alike_each_get_the_area_at_their_point():
    labels = _map()
    labels[labels == FAR] = OTHER           # the far land painted in the other's colour
    out = sort_components(labels, SEEDS, BORDERS, reach=2)
    assert out.labels[35, 50] == FAR and out.labels[5, 50] == OTHER and FAR in out.moved


@pytest.mark.parametrize("folder, territory", [("WWIVsealanes", "ANB"), ("Imperial2", "ADR"),
                                               ("World", "BALTIC_SEA"), ("WorldAtWar1937", "ARCTIC_CIRCLE")])
def test_stray_areas_of_real_maps_leave_the_outline(folder, territory):
    result = import_variant(DATA / folder)
    stray = [d for d in result.diagnostics if d.code == "IMP019" and d.message.startswith(territory + ":")]
    assert len(stray) == 1 and stray[0].file.endswith(".png")
    width, height = result.geometry["image"]["width"], result.geometry["image"]["height"]
    dropped = int(stray[0].message.split(": ")[1].split()[0])
    area = sum(abs(ring_area(list(zip(r[0::2], r[1::2])))) for r in result.geometry["outlines"][territory])
    # what is left is the territory, not the frame round the map or the title's letters
    assert area < 0.1 * width * height and dropped > 500
    assert not [d for d in result.diagnostics if d.severity == "error"]


def test_colours_scattered_all_over_are_left_unsorted_in_bounded_work():
    # a hostile checkerboard: two colours in thousands of one-pixel areas
    labels = np.full((200, 200), -1, dtype=np.int32)
    labels[0::2, 0::2] = 0
    labels[1::2, 1::2] = 1
    out = sort_components(labels, [(0, 0), (1, 1)], {0: {1}, 1: {0}}, reach=2)
    assert out.skipped and (out.labels == labels).all() and not out.dropped
