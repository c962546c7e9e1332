"""Province outlines (geometry.yaml) drawn into a raster of province indexes.

webDiplomacy needs bitmaps: its interactive map finds the territory under the
mouse by the pixel's colour (one colour per territory), and its map image is
coloured at run time by flood-filling from each territory's (x, y) point, so each
territory must be one area of one colour, closed by black lines. Both images are
drawn here from one raster: index i+1 where province i is, 0 elsewhere, 1-pixel
black lines where two areas meet.

Pillow draws each ring; rings of one province combine even-odd (holes and islands
as geometry.yaml describes them) with numpy XOR in the ring's bounding box, so a
province costs time in proportion to its own area.
"""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw


def province_raster(outlines: dict[str, list[list[float]]], order: list[str], width: int, height: int,
                    scale: float = 1.0) -> np.ndarray:
    """int32 array (height, width): 1 + index in `order` of the province drawn there, 0 for none.
    Later provinces win where outlines overlap."""
    raster = np.zeros((height, width), dtype=np.int32)
    for index, pid in enumerate(order):
        rings = [r for r in outlines.get(pid) or [] if len(r) >= 6]
        if not rings:
            continue
        xs = [v * scale for r in rings for v in r[0::2]]
        ys = [v * scale for r in rings for v in r[1::2]]
        x0, y0 = max(int(min(xs)), 0), max(int(min(ys)), 0)
        x1, y1 = min(int(max(xs)) + 2, width), min(int(max(ys)) + 2, height)
        if x1 <= x0 or y1 <= y0:
            continue
        mine = np.zeros((y1 - y0, x1 - x0), dtype=bool)
        for ring in rings:   # even-odd: a ring inside another cuts a hole
            mask = Image.new("1", (x1 - x0, y1 - y0), 0)
            ImageDraw.Draw(mask).polygon([(x * scale - x0, y * scale - y0)
                                          for x, y in zip(ring[0::2], ring[1::2])], fill=1, outline=1)
            mine ^= np.array(mask, dtype=bool)
        raster[y0:y1, x0:x1][mine] = index + 1
    return raster


def boundaries(raster: np.ndarray) -> np.ndarray:
    """Pixels on the edge of an area (their right or lower neighbour differs): the black lines."""
    edge = np.zeros(raster.shape, dtype=bool)
    edge[:, :-1] |= raster[:, :-1] != raster[:, 1:]
    edge[:-1, :] |= raster[:-1, :] != raster[1:, :]
    return edge


def inside_points(raster: np.ndarray, edge: np.ndarray, near: dict[int, tuple[float, float] | None]) -> dict:
    """For each province index in `near`: the pixel of its area off the black lines nearest
    to the given point (its label), or its middle pixel in reading order when the point is
    None. Provinces with no such pixel are left out. One pass over the image in all."""
    ys, xs = np.nonzero((raster > 0) & ~edge)
    labels = raster[ys, xs]
    order = np.argsort(labels, kind="stable")
    labels, xs, ys = labels[order], xs[order], ys[order]
    out = {}
    top = max(near, default=-1) + 2
    bounds = np.searchsorted(labels, np.arange(1, top + 1, dtype=labels.dtype))   # one search for all
    for index, point in near.items():
        lo, hi = int(bounds[index]), int(bounds[index + 1])
        if hi <= lo:
            continue
        px, py = xs[lo:hi], ys[lo:hi]
        if point is None:
            k = (hi - lo) // 2
        else:
            k = int(np.argmin((px - point[0]) ** 2 + (py - point[1]) ** 2))
        out[index] = (int(px[k]), int(py[k]))
    return out


def distinct_colours(count: int) -> list[tuple[int, int, int]]:
    """`count` different colours, none black, none near-black (the importer's separator),
    spread over the cube so that neighbours are easy to tell apart when debugging."""
    out, seen = [], set()
    k = 0
    while len(out) < count:
        k += 1
        # the golden-ratio walk over hue-like cube coordinates, bright enough to never read as black
        r = 64 + (k * 97) % 192
        g = 64 + (k * 57) % 192
        b = 64 + (k * 29 + k // 192) % 192
        if (r, g, b) not in seen:
            seen.add((r, g, b))
            out.append((r, g, b))
    return out


def paint(raster: np.ndarray, edge: np.ndarray, colours: list[tuple[int, int, int]],
          background=(0, 0, 0), line=(0, 0, 0)) -> Image.Image:
    """An RGB image: area i+1 in colours[i], no area in `background`, lines in `line`."""
    lut = np.array([background] + list(colours), dtype=np.uint8)
    rgb = lut[raster]
    rgb[edge] = line
    return Image.fromarray(rgb, "RGB")
