"""`mapwright serve` as the tests run it: on a free port, on a content folder, stopped
however the test ends; pages polled until they show an edit."""
from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 5) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.read()
    except (OSError, urllib.error.HTTPError):
        return None


def wait_for(url: str, text: str, seconds: float = 60) -> str | None:
    """The page once it shows `text` (polled), None if it does not within `seconds`."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        page = (get(url) or b"").decode("utf-8", "replace")
        if text in page:
            return page
        time.sleep(0.1)
    return None


@contextlib.contextmanager
def serving(content: Path, cwd: Path, log: Path, *flags: str):
    """`mapwright serve` on `content` with the repository's mkdocs.yml, its output in
    `log`; yields the site's base URL."""
    port = free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--content", str(content),
                                 "-a", f"127.0.0.1:{port}", "--config", str(REPO / "mkdocs.yml"), *flags],
                                cwd=cwd, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
