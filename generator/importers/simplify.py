"""Polyline simplification (Douglas-Peucker) and ring area, integer points."""
from __future__ import annotations

from ..polyline import douglas_peucker  # noqa: F401  (the importer's simplifier)


def ring_area(ring: list[tuple[int, int]]) -> float:
    """Signed area (shoelace). Positive for rings running clockwise on screen
    (y down): outer boundaries as traced; holes are negative."""
    total = 0
    n = len(ring)
    for i in range(n):
        x0, y0 = ring[i]
        x1, y1 = ring[(i + 1) % n]
        total += x0 * y1 - x1 * y0
    return total / 2.0
