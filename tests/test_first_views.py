"""The README's screenshots: one per bundled game, page and device, each linked from
the README and small enough to commit; and the optimiser that makes them so."""
from __future__ import annotations

import re
from pathlib import Path

from first_views import MAX_BYTES, SIZES, optimise_png

REPO = Path(__file__).resolve().parents[1]
SHOTS = REPO / "docs" / "screenshots"


def test_every_bundled_game_has_its_first_views_in_the_readme():
    readme = (REPO / "README.md").read_text("utf-8")
    linked = set(re.findall(r'src="(docs/screenshots/[^"]+\.png)"', readme))
    games = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())
    wanted = {f"docs/screenshots/{game}-{page}-{device}.png"
              for game in games for page in ("landing", "map") for device in SIZES}
    assert wanted <= linked, sorted(wanted - linked)
    for path in sorted(linked):
        size = (REPO / path).stat().st_size
        assert size <= MAX_BYTES, (path, size, "run python tools/screenshots.py")


def test_a_screenshot_is_made_small_enough_to_commit(tmp_path):
    from PIL import Image, ImageDraw
    # a busy page: a colour gradient under lines of text, far over the limit as it is
    image = Image.new("RGB", (1366, 757))
    image.putdata([((x * 7) % 256, (y * 3) % 256, (x * y) % 256) for y in range(757) for x in range(1366)])
    draw = ImageDraw.Draw(image)
    for row in range(0, 757, 14):
        draw.text((10, row), "Boston (BOS) armies to Cape Cod (CPC), Providence (PRO) " * 4, fill=(0, 0, 0))
    path = tmp_path / "shot.png"
    image.save(path)
    assert path.stat().st_size > MAX_BYTES
    size = optimise_png(path, MAX_BYTES)
    assert size == path.stat().st_size <= MAX_BYTES
    with Image.open(path) as shrunk:
        assert shrunk.format == "PNG" and shrunk.width <= 1366 and shrunk.width > 1366 * 0.3
