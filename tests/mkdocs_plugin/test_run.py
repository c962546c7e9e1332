"""`mapwright build` when MkDocs stops: every failure has a file, a line and a code, and
nothing MkDocs says reaches the terminal or a CI log unescaped."""
from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

import pytest

import generator.build
from generator.cli import main
from generator.mkdocs_plugin.run import _Escaped

REPO = Path(__file__).resolve().parents[2]
FORGED = "::error file=README.md,line=1::forged"


@pytest.fixture
def classic(tmp_path, monkeypatch):
    game = tmp_path / "content" / "classic"
    shutil.copytree(REPO / "content" / "classic", game)
    monkeypatch.chdir(tmp_path)
    return game


def _build(capsys, *extra) -> tuple[int, str]:
    code = main(["build", "--content", "content", "-o", "site", "--no-pdf",
                 "--config", str(REPO / "mkdocs.yml"), *extra])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_mkdocs_own_refusal_is_located_and_cannot_forge_an_annotation(classic, capsys, monkeypatch):
    """MW305 now reads such a target whole; with it switched off, MkDocs' own warning (which
    quotes the link, line break and all) was printed raw by `build --format github`."""
    monkeypatch.setattr(generator.build, "missing_targets", lambda *a: [])
    (classic / "rules" / "09-links.md").write_text(
        f"# 9 Links\n\nSee [the map](02-movement.md\n{FORGED}) here.\n", encoding="utf-8")
    code, out = _build(capsys, "--format", "github")
    assert code == 1
    assert not [line for line in out.split("\n") if line.startswith("::error file=README")], out
    assert "::error file=content/classic/rules/09-links.md,line=3,col=15,title=MW307::MkDocs: " in out


def test_page_settings_stop_the_build_where_they_are(classic, capsys):
    """`template: nope.html` stopped MkDocs with a bare TemplateNotFound: no file, line or code."""
    (classic / "rules" / "09-nope.md").write_text("template: nope.html\n\n# 9 Nope\n", encoding="utf-8")
    code, out = _build(capsys)
    assert code == 1 and "content/classic/rules/09-nope.md:1:1: error[MW306]" in out, out
    assert "internal error" not in out and "could not build" not in out


@pytest.mark.skipif(not os.path.exists("/proc/self/pagemap"), reason="Linux's /proc only")
def test_a_file_that_cannot_be_read_in_a_game_folder_does_not_stop_the_build(classic, capsys):
    """Reading /proc/self/pagemap fails (EINVAL): the build stopped with `[Errno 22]`."""
    (classic / "pagemap").symlink_to("/proc/self/pagemap")
    code, out = _build(capsys)
    assert code == 0 and "Errno" not in out, out


def test_a_failure_without_messages_is_located_at_the_file_it_names(tmp_path, monkeypatch):
    from generator.mkdocs_plugin.run import _stopped
    found = _stopped(OSError(30, "Read-only file system", "/srv/site"), [], Path("mkdocs.yml"), None)
    assert [(d.file, d.line, d.column, d.code) for d in found] == [("/srv/site", 1, 1, "MW307")]
    found = _stopped(RuntimeError("odd"), [], Path("mkdocs.yml"), None)
    assert [(d.file, d.code) for d in found] == [("mkdocs.yml", "MW307")]


def test_mkdocs_log_lines_under_serve_are_one_escaped_line():
    record = logging.LogRecord("mkdocs", logging.WARNING, "", 0, f"a link 'x\n{FORGED}\x1b[31m'", None, None)
    line = _Escaped("%(levelname)-7s -  %(message)s").format(record)
    assert "\n" not in line and "\x1b" not in line and line.startswith("WARNING")


def test_the_internal_error_line_is_escaped(capsys, monkeypatch):
    import generator.commands.build as command

    def crash(args):
        raise ValueError(f"bad 'x\n{FORGED}'")
    monkeypatch.setattr(command, "run", crash)
    assert main(["build"]) == 1
    err = capsys.readouterr().err
    assert "internal error: ValueError: bad 'x ::error" in err
    assert not [line for line in err.split("\n") if line.startswith("::")]
