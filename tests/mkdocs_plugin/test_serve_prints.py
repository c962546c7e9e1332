"""Under `mapwright serve` the PDFs render after the pages are served, and a request
for one still rendering waits for it: never the previous edit's file."""
from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from generator.cli import main

REPO = Path(__file__).resolve().parents[2]
re_name = re.compile(r"name: Mid\w+,")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float = 120) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.read()
    except (OSError, urllib.error.HTTPError):
        return None


def _wait_for(url: str, text: str, seconds: float = 90) -> bool:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if text.encode() in (_get(url, 5) or b""):
            return True
        time.sleep(0.1)
    return False


def test_a_pdf_is_served_as_rendered_for_the_current_edit(tmp_path):
    content = tmp_path / "content"
    assert main(["new", "live-game", "--family", "diplomacy", "--content", str(content)]) == 0
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--content", str(content),
                                 "-a", f"127.0.0.1:{port}", "--config", str(REPO / "mkdocs.yml")],
                                cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}/live-game"
        assert _wait_for(f"{base}/adjacency/", "Midlands"), "serve did not come up"
        pdf = f"{base}/print/adjacency-01-A4.pdf"
        first = _get(pdf)
        assert first and first.startswith(b"%PDF-"), "the PDF linked from the page is not served"
        game_map = content / "live-game" / "map.yaml"
        game_map.write_text(game_map.read_text(encoding="utf-8").replace("name: Midlands,", "name: Midmarch,"),
                            encoding="utf-8")
        assert _wait_for(f"{base}/adjacency/", "Midmarch"), "the map edit did not reach the page"
        second = _get(pdf)   # asked at once: the render for this edit may still be running
        assert second and second.startswith(b"%PDF-"), "the PDF is missing after the edit"
        assert second != first, "the previous edit's PDF was served"
        assert _get(pdf) == second
        for name in ("Midfield", "Midriver"):   # edits in a row: renders are cancelled, serve goes on
            text = game_map.read_text(encoding="utf-8")
            game_map.write_text(re_name.sub(f"name: {name},", text, count=1), encoding="utf-8")
            assert _wait_for(f"{base}/adjacency/", name), f"the edit to {name} did not reach the page"
        last = _get(pdf)
        assert last and last.startswith(b"%PDF-") and last not in (first, second)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    assert "could not be rendered" not in log.read_text(encoding="utf-8", errors="replace")


def test_a_request_waits_for_the_render_it_needs_and_no_other():
    from concurrent.futures import Future
    import threading

    from generator.mkdocs_plugin.plugin import Prints
    prints = Prints()
    prints.wait("game/print/none.pdf")   # nothing rendering there: at once
    render = prints.render("k1", Future)
    assert prints.render("k1", lambda: None) is render   # a second edit joins the render
    written = prints.expect("game/print/map.pdf", "k1")
    render.add_done_callback(lambda done: prints.done("game/print/map.pdf", "k1", written, done))
    served = threading.Event()
    waiter = threading.Thread(target=lambda: (prints.wait("game/print/map.pdf"), served.set()))
    waiter.start()
    assert not served.wait(0.3), "the request did not wait for the PDF"
    render.set_result(b"%PDF-")
    assert served.wait(5)
    waiter.join()


def test_an_edit_cancels_the_renders_it_made_useless():
    from concurrent.futures import Future

    from generator.mkdocs_plugin.plugin import Prints
    prints = Prints()
    old, kept = prints.render("k1", Future), prints.render("k2", Future)
    written = prints.expect("game/print/map.pdf", "k1")
    # as the plugin does: the render's callback takes the lock (cancel runs it at once)
    old.add_done_callback(lambda done: prints.done("game/print/map.pdf", "k1", written, done))
    prints.cancel_others({"k2"})
    assert old.cancelled() and written.is_set() and not kept.cancelled()
    assert prints.render("k1", Future) is not old and prints.render("k2", Future) is kept
    prints.wait("game/print/map.pdf")   # nothing left to wait for
