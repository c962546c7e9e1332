"""The README's screenshots: a reader's first view of every bundled game.

    python tools/screenshots.py [--out docs/screenshots] [--games classic,dixie]

Builds the bundled games (no PDFs) into a temporary folder, serves them, and photographs
each game's landing page and map page at a desktop's and a phone's size in headless
Chromium (Debian's, through Selenium), exactly as the browser tests open them
(tests/first_views.py), into OUT/<game>-<page>-<device>.png, each made small enough to
commit (under 150 KB). Run by hand after a change to what a reader sees, then commit the
pictures. Exits 1 with a message when Chromium or chromedriver is missing.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from first_views import MAX_BYTES, SIZES, chromium_arguments, open_first_view, save_view  # noqa: E402

PAGES = {"landing": "", "map": "map/"}     # a game's pages in the README, and their addresses


def bundled_games() -> list[str]:
    return sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())


def chromium():
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not binary or not driver:
        sys.exit("screenshots: Chromium and chromedriver are not installed "
                 "(apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = binary
    for argument in chromium_arguments():
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(driver), options=options)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--games", help="comma-separated game folders (default: every bundled game)")
    args = parser.parse_args(argv)
    games = args.games.split(",") if args.games else bundled_games()
    unknown = sorted(set(games) - set(bundled_games()))
    if unknown:
        parser.error(f"no bundled game {', '.join(unknown)} (there are: {', '.join(bundled_games())})")

    from test_browser_site import serve_games
    browser = chromium()
    with tempfile.TemporaryDirectory(prefix="mapwright-shots-") as tmp:
        served = serve_games(Path(tmp), tuple(games))
        base = next(served)
        try:
            for game in games:
                for page, address in PAGES.items():
                    for device, size in SIZES.items():
                        open_first_view(browser, f"{base}/{game}/{address}", size)
                        path = save_view(browser, args.out / f"{game}-{page}-{device}.png", MAX_BYTES)
                        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                              f"{path.stat().st_size // 1000} KB")
        finally:
            browser.quit()
            served.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
