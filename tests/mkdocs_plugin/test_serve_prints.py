"""Under `mapwright serve` the PDFs render after the pages are served, and a request
for one still rendering waits for it: never the previous edit's file."""
from __future__ import annotations

import re

from serving import get, serving, wait_for

from generator.cli import main

re_name = re.compile(r"name: Mid\w+,")


def test_a_pdf_is_served_as_rendered_for_the_current_edit(tmp_path):
    content = tmp_path / "content"
    assert main(["new", "live-game", "--family", "diplomacy", "--content", str(content)]) == 0
    log = tmp_path / "serve.log"
    with serving(content, tmp_path, log) as site:
        base = f"{site}/live-game"
        assert wait_for(f"{base}/adjacency/", "Midlands", 90), "serve did not come up"
        pdf = f"{base}/print/adjacency-01-A4.pdf"
        first = get(pdf, 120)
        assert first and first.startswith(b"%PDF-"), "the PDF linked from the page is not served"
        game_map = content / "live-game" / "map.yaml"
        game_map.write_text(game_map.read_text(encoding="utf-8").replace("name: Midlands,", "name: Midmarch,"),
                            encoding="utf-8")
        assert wait_for(f"{base}/adjacency/", "Midmarch", 90), "the map edit did not reach the page"
        second = get(pdf, 120)   # asked at once: the render for this edit may still be running
        assert second and second.startswith(b"%PDF-"), "the PDF is missing after the edit"
        assert second != first, "the previous edit's PDF was served"
        assert get(pdf, 120) == second
        for name in ("Midfield", "Midriver"):   # edits in a row: renders are cancelled, serve goes on
            text = game_map.read_text(encoding="utf-8")
            game_map.write_text(re_name.sub(f"name: {name},", text, count=1), encoding="utf-8")
            assert wait_for(f"{base}/adjacency/", name, 90), f"the edit to {name} did not reach the page"
        last = get(pdf, 120)
        assert last and last.startswith(b"%PDF-") and last not in (first, second)
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
