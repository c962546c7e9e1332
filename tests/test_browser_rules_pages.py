"""Rules pages in a real browser: page settings a contributor wrote run nothing, and the
Material features a rules page may use (content tabs, annotations, footnotes) work.

One small site (Classic, plus the canary's page-settings pages, built with validate's
refusal of them switched off: the build must hold on its own), opened in Chromium with
window.alert/confirm/prompt replaced before any script of the page runs."""
from __future__ import annotations

import functools
import http.server
import shutil
import threading
import time
from pathlib import Path

import pytest

from canary import MARK, metadata_pages
from test_browser_site import _QuietHandler, browser, severe, wait_for  # noqa: F401 (a fixture)

REPO = Path(__file__).resolve().parents[1]
FEATURES = """# 94 Features

=== "Spring"

    Armies move in spring.

=== "Autumn"

    Centres change hands in autumn.

A sentence with a note.[^1] And an annotated sentence (1).
{ .annotate }

1.  The annotation's text.

[^1]: The footnote's text.
"""
# kept across navigations of the tab (sessionStorage): a redirect cannot hide a call
HOOK = r"""(() => {
  const seen = (name) => (...args) => {
    const log = JSON.parse(sessionStorage.getItem('mwCalls') || '[]');
    log.push(name + ': ' + args.join(' '));
    sessionStorage.setItem('mwCalls', JSON.stringify(log));
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = seen(name);
  // the canary's payloads call MARK<n>(): a call is script that ran
  for (let n = 0; n < 1000; n++) window['%s' + n] = seen('%s' + n);
})();""" % (MARK, MARK)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    import generator.markup
    from generator.cli import main
    root = tmp_path_factory.mktemp("rules-pages")
    game = root / "content" / "classic"
    shutil.copytree(REPO / "content" / "classic", game)
    for name, text in metadata_pages().items():
        (game / "rules" / name).write_text(text, encoding="utf-8")
    (game / "rules" / "94-features.md").write_text(FEATURES, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(generator.markup, "check_page_settings", lambda *a: [])
        mp.chdir(root)
        assert main(["build", "--content", "content", "-o", "site", "--no-pdf",
                     "--config", str(REPO / "mkdocs.yml")]) == 0
    handler = functools.partial(_QuietHandler, directory=str(root / "site"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", root / "site"
    httpd.shutdown()


@pytest.fixture(scope="module")
def hooked(browser):  # noqa: F811
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    return browser


def _calls(browser) -> list[str]:
    return browser.execute_script("return JSON.parse(sessionStorage.getItem('mwCalls') || '[]')")


def test_the_hook_would_see_a_call(site, hooked):
    base, _ = site
    hooked.get(base + "/")
    hooked.execute_script(f"sessionStorage.clear(); alert('canary'); {MARK}7()")
    assert _calls(hooked) == ["alert: canary", f"{MARK}7: "]
    hooked.execute_script("sessionStorage.clear()")


@pytest.mark.parametrize("name", [*metadata_pages(), "94-features.md"])
def test_a_page_with_settings_of_its_own_runs_nothing(site, hooked, name):
    """Before: the redirect template ran `location` as script, the description refreshed
    the page to another site, the title and subtitle put an <img onerror> in the header."""
    base, _ = site
    url = f"{base}/classic/rules/{name.removesuffix('.md')}/"
    hooked.get(url)
    wait_for(lambda: hooked.execute_script("return document.readyState") == "complete", message="load")
    time.sleep(1.5)   # a refresh of 0 s, or a script's redirect, would have happened by now
    assert hooked.current_url == url
    assert _calls(hooked) == []
    found = hooked.execute_script("""
        const out = [];
        if (document.querySelector('meta[http-equiv]')) out.push('meta http-equiv');
        if (document.querySelector('img[src="x"]')) out.push('img src=x');
        for (const e of document.querySelectorAll('*'))
          for (const a of e.attributes)
            if (a.name.startsWith('on') || /^\\s*(javascript|data):/i.test(a.value)) out.push(e.tagName + ' ' + a.name);
        for (const s of document.scripts) if (s.text.includes(arguments[0])) out.push('script');
        // the head (title, description, the redirect's script) holds nothing of the page
        if (document.head.innerHTML.includes(arguments[0]) || document.title.includes('<')) out.push('head');
        return out;""", MARK)
    assert found == []
    assert not severe(hooked)


def test_searching_for_a_payload_runs_nothing(site, hooked):
    base, _ = site
    hooked.get(base + "/classic/rules/92-escapes/")
    box = wait_for(lambda: hooked.find_elements("css selector", "input.md-search__input"), message="search")[0]
    hooked.execute_script("arguments[0].focus()", box)
    box.send_keys(f"{MARK}902 onerror")
    wait_for(lambda: hooked.find_elements("css selector", ".md-search-result__item"), timeout=20,
             message="search results")
    time.sleep(0.5)
    assert _calls(hooked) == [] and not hooked.find_elements("css selector", ".md-search-result img")


def test_a_content_tab_shows_its_panel_when_clicked(site, hooked):
    """Before, the sanitiser stripped the tabs' ids and the labels' `for`: a click did nothing."""
    base, _ = site
    hooked.get(base + "/classic/rules/94-features/")
    spring, autumn = (hooked.find_element("xpath", f"//p[contains(., '{word}')]")
                      for word in ("Armies move in spring", "Centres change hands"))
    assert spring.is_displayed() and not autumn.is_displayed()
    hooked.find_element("xpath", "//div[contains(@class, 'tabbed-labels')]/label[contains(., 'Autumn')]").click()
    wait_for(lambda: autumn.is_displayed(), message="the Autumn panel")
    assert not spring.is_displayed()


def test_annotations_and_footnotes_work(site, hooked):
    base, _ = site
    hooked.get(base + "/classic/rules/94-features/")
    wait_for(lambda: hooked.find_elements("css selector", ".md-annotation"), message="Material's annotation")
    hooked.find_element("css selector", "a.footnote-ref").click()
    wait_for(lambda: hooked.execute_script("return location.hash") == "#fn:1", message="the footnote")
    assert "The footnote's text" in hooked.find_element("id", "fn:1").text
