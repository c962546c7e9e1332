"""A reader's first view of a page as a PNG: the page opened fresh at a desktop's or a
phone's size, its map viewer (if it has one) ready at its opening zoom, the window
photographed and the picture made small enough to commit.

Shared by the browser tests (their pictures go to test-artifacts/) and
tools/screenshots.py (the README's pictures in docs/screenshots/), so the README shows
what the tests measured."""
from __future__ import annotations

import time
from pathlib import Path

SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
MAX_BYTES = 150_000      # a committed screenshot stays under this


def chromium_arguments() -> tuple[str, ...]:
    """Headless Chromium as the browser tests run it."""
    return ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
            # a desktop's screen (headless has 800×600, smaller than the window): full screen enlarges
            "--screen-info={0,0 1920x1080}")


def open_first_view(browser, url: str, size: tuple[int, int], timeout: float = 20.0) -> None:
    """Open `url` fresh (not a same-page hash change) in a window of `size`; return once
    the page has loaded and its map viewer, if any, has opened."""
    browser.set_window_size(*size)
    browser.get("about:blank")
    browser.get(url)
    ready = ("if (document.readyState !== 'complete') return false;"
             "const m = document.getElementById('mw-map');"
             "return !m || !document.querySelector('[data-mw-viewer]') || !!m.getAttribute('data-mw-ready')")
    end = time.time() + timeout
    while not browser.execute_script(ready):
        if time.time() > end:
            raise AssertionError(f"{url} did not finish opening in {timeout:.0f} s")
        time.sleep(0.1)


def save_view(browser, path: Path, max_bytes: int | None = None) -> Path:
    """Photograph the window into `path` (a PNG); with `max_bytes`, made at most that big."""
    path.parent.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(path))
    if max_bytes:
        optimise_png(path, max_bytes)
    return path


def optimise_png(path: Path, max_bytes: int = MAX_BYTES) -> int:
    """Rewrite the PNG at `path` with a palette of as many colours as fit `max_bytes`
    (a screenshot has few colours; fewer is the first loss), then smaller if it must be.
    Returns its new size in bytes."""
    from PIL import Image
    with Image.open(path) as opened:
        original = opened.convert("RGB")
    scale = 1.0
    while True:
        image = original if scale == 1.0 else original.resize(
            (round(original.width * scale), round(original.height * scale)), Image.Resampling.LANCZOS)
        for colours in (256, 128, 64):
            image.quantize(colors=colours, dither=Image.Dither.NONE).save(path, optimize=True)
            size = path.stat().st_size
            if size <= max_bytes:
                return size
        if scale < 0.3:
            return size   # as small as it is useful; the caller reports the size
        scale *= 0.85
