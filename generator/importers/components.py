"""Which same-colour areas of the interactive map belong to a territory.

An interactive-map PNG paints each territory in a colour of its own, but the same
colour often turns up elsewhere too: a title or legend box, a dot, the off-map
background (WWIVsealanes' ocean is the colour of one sea), or a second territory
painted alike (Migraine's twin islands). Taking every pixel of the colour traces
those into the territory's outline. The rule used here, per connected area
(4-connected pixels of one colour):

1. an area holding a territory's label point (install.php's coordinates) is that
   territory's (the first territory whose point lies in it, when several do);
2. any other area of the colour (an island, a piece a line cuts off, a title box, the
   background) is judged by what it touches across a separator line, within `reach`
   pixels, of the areas decided so far (rule 1, then the kept ones, round by round:
   so the background is not taken for the sea whose colour it happens to have):
   - touching at most two territories, seas or neighbours, and no larger than the
     area at the label point: an island, kept (a dot of the colour inside a land
     that is no neighbour is not);
   - touching more: kept if at least half the contact is with the territory itself
     and the territories install.php gives a border with it (a piece cut off, the
     click zone round a small island), else dropped (the background, which touches
     territories all round the map; a lake of the colour far away);
   - touching no territory: kept inside a lake or ice field of the map (a decor
     colour), dropped when it touches only black (a title box, lettering, a frame);
3. everything else becomes unlabelled (drawn as background), and is reported.

scipy.ndimage does the connected-component labelling and the dilations (both in C);
only the areas of colours with more than one area are looked at. The work is bounded
linearly in the image: at most WORK times its area in bounding boxes per pass, and
ROUNDS rounds; an image past that (colours scattered all over it) is left as it is
(every area of a territory's colour kept, as before this sorting) and `skipped` says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


CONTACT = 3          # pixels of contact that make a touch (fewer: a corner)
ISLAND_SEAS = 2      # an area touching this many territories or fewer is an island among them
WORK = 16            # bounding-box pixels looked at per pass, in image areas (real maps: 2 to 4)
ROUNDS = 4           # rounds of rule 2 (an area next to undecided ones waits for the next)


@dataclass
class Sorted:
    labels: np.ndarray
    dropped: dict[int, tuple[int, tuple[int, int, int, int]]] = field(default_factory=dict)
    # territory index -> (pixels dropped, bounding box x0, y0, x1, y1 of what was dropped)
    moved: dict[int, int] = field(default_factory=dict)   # later seed -> pixels given it from a shared colour
    skipped: bool = False                                  # past the work bound: left unsorted


def sort_components(labels: np.ndarray, seeds: list[tuple[int, int]], neighbours: dict[int, set[int]],
                    reach: int, seas: set[int] = frozenset()) -> Sorted:
    """labels: territory index per pixel (0..len(seeds)-1, the first seed of each colour;
    -1 or >= len(seeds) elsewhere); neighbours: the territories install.php gives a border
    with each; seas: the sea territories. Returns the labels with rules 1-3 applied."""
    from scipy import ndimage

    n = len(seeds)
    h, w = labels.shape
    out = labels.copy()
    result = Sorted(out)
    seeds_of: dict[int, list[int]] = {}
    for i, (x, y) in enumerate(seeds):
        if 0 <= x < w and 0 <= y < h and 0 <= labels[y, x] < n:
            seeds_of.setdefault(int(labels[y, x]), []).append(i)
    grow = np.ones((3, 3), dtype=bool)
    # box of each territory label (shifted by one: 0 is the unlabelled background;
    # decor labels, past n, are not looked for)
    shifted = np.maximum(labels, -1)
    shifted += 1
    boxes = ndimage.find_objects(shifted, max_label=n)
    del shifted
    if sum((b[0].stop - b[0].start) * (b[1].stop - b[1].start) for b in boxes if b) > WORK * h * w:
        result.labels = labels.copy()
        result.skipped = True
        return result
    # pass 1: the areas at label points (the core); the other areas of those colours wait
    pending: list[tuple[int, int, int, np.ndarray]] = []      # (label, y0, x0, mask)
    core_size: dict[int, int] = {}                             # label -> pixels of its area at the point
    for label, box in enumerate(boxes):
        if box is None:
            continue
        comp, count = ndimage.label(labels[box] == label)
        if count < 2:
            continue
        y0, x0 = box[0].start, box[1].start
        owner: dict[int, int] = {}
        for i in seeds_of.get(label, []):
            owner.setdefault(int(comp[seeds[i][1] - y0, seeds[i][0] - x0]), i)
        for c, piece in enumerate(ndimage.find_objects(comp), start=1):
            if piece is None:
                continue
            py0, px0 = y0 + piece[0].start, x0 + piece[1].start
            mask = comp[piece] == c
            window = out[py0:py0 + mask.shape[0], px0:px0 + mask.shape[1]]
            if c in owner:
                if owner[c] != label:          # a second territory painted in the same colour
                    window[mask] = owner[c]
                    result.moved[owner[c]] = int(mask.sum())
                else:
                    core_size[label] = int(mask.sum())
            else:
                window[mask] = -2
                pending.append((label, py0, px0, mask))
    # pass 2: what each waiting area touches of the areas decided so far, across a separator
    # `reach` pixels wide; an area that touches only waiting areas waits for the next round
    pad = reach + 1
    for _ in range(ROUNDS):
        if not pending:
            break
        work = sum((m.shape[0] + 2 * pad) * (m.shape[1] + 2 * pad) for _, _, _, m in pending)
        if work > WORK * h * w:
            break
        core = out                    # read as decided before this round (so order does not matter):
        decided = []                  # this round's (window, mask, label) are written after it
        waiting = []
        for label, py0, px0, mask in pending:
            py1, px1 = py0 + mask.shape[0], px0 + mask.shape[1]
            wy0, wx0, wy1, wx1 = max(py0 - pad, 0), max(px0 - pad, 0), min(py1 + pad, h), min(px1 + pad, w)
            local = np.zeros((wy1 - wy0, wx1 - wx0), dtype=bool)
            local[py0 - wy0:py1 - wy0, px0 - wx0:px1 - wx0] = mask
            near = ndimage.binary_dilation(local, structure=grow, iterations=pad) & ~local
            around = core[wy0:wy1, wx0:wx1][near]
            ring = around[(around >= 0) & (around < n)]
            window = out[py0:py1, px0:px1]
            touched, counts = np.unique(ring, return_counts=True)
            touched = touched[counts >= CONTACT]           # a corner is no contact
            if touched.size == 0:
                if np.count_nonzero(around == -2):
                    waiting.append((label, py0, px0, mask))     # next to areas not decided yet
                elif np.count_nonzero(around >= n):             # in a lake or ice field of the map
                    decided.append((window, mask, label))
                else:
                    _drop(result, mask, label, py0, px0)
                    decided.append((window, mask, -1))
                continue
            allowed = np.array(sorted(neighbours.get(label, set()) | {label}), dtype=ring.dtype)
            near_own = int(np.count_nonzero(np.isin(ring, allowed)))
            allowed_set = neighbours.get(label, set()) | {label}
            island = touched.size <= ISLAND_SEAS and int(mask.sum()) <= core_size.get(label, 0) \
                and all(int(t) in seas or int(t) in allowed_set for t in touched)
            if island or 2 * near_own >= ring.size:
                decided.append((window, mask, label))
                continue
            _drop(result, mask, label, py0, px0)
            decided.append((window, mask, -1))
        for window, mask, label in decided:
            window[mask] = label
        if len(waiting) == len(pending):     # touching only each other: judged as touching no territory
            for label, py0, px0, mask in waiting:
                window = out[py0:py0 + mask.shape[0], px0:px0 + mask.shape[1]]
                if _in_decor(labels, n, py0, px0, mask, pad):
                    window[mask] = label
                else:
                    _drop(result, mask, label, py0, px0)
                    window[mask] = -1
            waiting = []
        pending = waiting
    for label, py0, px0, mask in pending:    # past the bound: kept, as unsorted
        out[py0:py0 + mask.shape[0], px0:px0 + mask.shape[1]][mask] = label
        result.skipped = True
    return result


def _in_decor(labels: np.ndarray, n: int, py0: int, px0: int, mask: np.ndarray, pad: int) -> bool:
    from scipy import ndimage
    h, w = labels.shape
    py1, px1 = py0 + mask.shape[0], px0 + mask.shape[1]
    wy0, wx0, wy1, wx1 = max(py0 - pad, 0), max(px0 - pad, 0), min(py1 + pad, h), min(px1 + pad, w)
    local = np.zeros((wy1 - wy0, wx1 - wx0), dtype=bool)
    local[py0 - wy0:py1 - wy0, px0 - wx0:px1 - wx0] = mask
    near = ndimage.binary_dilation(local, structure=np.ones((3, 3), dtype=bool), iterations=pad) & ~local
    return bool(np.count_nonzero(labels[wy0:wy1, wx0:wx1][near] >= n))


def _drop(result: Sorted, mask: np.ndarray, label: int, py0: int, px0: int) -> None:
    """Count an area left out (the caller unlabels it)."""
    py1, px1 = py0 + mask.shape[0], px0 + mask.shape[1]
    pixels, (bx0, by0, bx1, by1) = result.dropped.get(label, (0, (px0, py0, px1, py1)))
    result.dropped[label] = (pixels + int(mask.sum()),
                             (min(bx0, px0), min(by0, py0), max(bx1, px1), max(by1, py1)))
