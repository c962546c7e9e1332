"""Bad input of every kind: a diagnostic with code, file:line:column and exit code 1,
in each output format, never a traceback; content files are never modified."""
import json
from pathlib import Path

import pytest
import yaml

from generator.cli import main

REPO = Path(__file__).resolve().parents[1]

GOOD = """\
title: Test game
family: diplomacy
players: 7
summary: A test.
credits: [{name: Someone, role: designer}]
licence: {name: CC0, notice: No rights reserved.}
sources: [{id: src, title: A source}]
"""

BAD = {
    # kind: (file bytes, code, line, column)
    "malformed": (GOOD.replace("players: 7", "players: [7").encode(), "MW001", 4, 8),
    "duplicate key": ((GOOD + "title: Again\n").encode(), "MW002", 8, 1),
    "wrong type": (GOOD.replace("players: 7", "players: seven").encode(), "MW101", 3, 1),
    "unknown key": (GOOD.replace("summary:", "sumary:").encode(), "MW102", 4, 1),
    "missing key": (GOOD.replace("summary: A test.\n", "").encode(), "MW103", 1, 1),
    "not utf-8": (GOOD.replace("Someone", "Andr\xe9").encode("latin-1"), "MW003", 5, 22),
    "empty": (b"", "MW004", 1, 1),
}


def _write_game(tmp_path, data: bytes):
    game = tmp_path / "content" / "broken"
    game.mkdir(parents=True)
    (game / "game.yaml").write_bytes(data)
    return game


@pytest.mark.parametrize("kind", sorted(BAD))
@pytest.mark.parametrize("fmt", ["text", "github", "json"])
def test_bad_input_is_located_in_every_format(kind, fmt, tmp_path, capsys):
    data, code, line, column = BAD[kind]
    game = _write_game(tmp_path, data)
    exit_code = main(["validate", str(game), "--format", fmt])
    out = capsys.readouterr()
    assert exit_code == 1
    assert "Traceback" not in out.out + out.err
    assert (game / "game.yaml").read_bytes() == data, "validate must never modify content"
    if fmt == "json":
        found = json.loads(out.out)["diagnostics"]
        assert any(d["code"] == code and (d["line"], d["column"]) == (line, column) for d in found), found
    elif fmt == "github":
        assert f"line={line},col={column},title={code}::" in out.out, out.out
        assert out.out.startswith("::error file=")
    else:       # text is for people, on stderr; json and github are the output asked for
        assert f"game.yaml:{line}:{column}: error[{code}]" in out.err and out.out == "", out


def test_unknown_key_suggests_the_closest(tmp_path, capsys):
    game = _write_game(tmp_path, GOOD.replace("summary:", "sumary:").encode())
    main(["validate", str(game)])
    assert "did you mean 'summary'?" in capsys.readouterr().err


def test_one_broken_game_does_not_hide_another(tmp_path, capsys):
    _write_game(tmp_path, b"")
    other = tmp_path / "content" / "other"
    other.mkdir()
    (other / "game.yaml").write_bytes(GOOD.replace("players: 7", "players: 0").encode())
    assert main(["validate", str(tmp_path / "content"), "--format", "json"]) == 1
    files = {d["file"].rsplit("/", 2)[-2] for d in json.loads(capsys.readouterr().out)["diagnostics"]}
    assert files == {"broken", "other"}


def test_a_rules_page_fault_does_not_hide_the_data_files_faults(tmp_path, capsys):
    """Before, raw HTML in a rules page stopped validation before the family read the map:
    the author fixed the page, ran again, and only then learnt of the map's errors."""
    content = tmp_path / "content"
    assert main(["new", "g", "--family", "diplomacy", "--content", str(content)]) == 0
    capsys.readouterr()
    game = content / "g"
    map_file = game / "map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8").replace("{between: [MID, EMR]", "{between: [MID, EMX]"),
                        encoding="utf-8")
    page = next((game / "rules").glob("*.md"))
    page.write_text(page.read_text(encoding="utf-8") + "\n<script>alert(1)</script>\n", encoding="utf-8")
    assert main(["validate", str(game), "--format", "json"]) == 1
    found = {(d["file"].rsplit("/", 1)[-1], d["code"]) for d in json.loads(capsys.readouterr().out)["diagnostics"]}
    assert ("map.yaml", "DIP003") in found and (page.name, "MW301") in found


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["validate", "--format", "xml"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["no-such-command"])
    assert exc.value.code == 2


def test_path_without_games_is_an_error(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 1
    assert "MW401" in capsys.readouterr().err


def test_colour_only_on_a_tty(monkeypatch):
    from generator.diagnostics import Diagnostic
    from generator.output import as_text, use_colour

    class Tty:
        def isatty(self):
            return True
    d = [Diagnostic("f.yaml", 1, 2, "MW101", "bad")]
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert use_colour(Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Tty())
    assert "\033[" not in as_text(d, colour=False) and "\033[" in as_text(d, colour=True)


def test_new_offers_exactly_the_families_found():
    from generator.commands import new
    from generator.families import family, names
    import argparse
    parser = argparse.ArgumentParser()
    new.register(parser.add_subparsers())
    action = next(a for a in parser._subparsers._group_actions[0].choices["new"]._actions
                  if a.dest == "family")
    assert tuple(action.choices) == names()
    assert all(family(n).scaffold is not None for n in names())


def test_render_refuses_a_family_without_a_renderer(capsys):
    from generator.cli import main
    game = REPO / "content" / "divided-republic"
    assert main(["render", str(game), "--position", str(game / "game.yaml")]) == 1
    err = capsys.readouterr().err
    assert "MW501" in err and "cannot draw positions" in err


def test_render_draws_a_hex_position(tmp_path, capsys):
    from generator.cli import main
    position = tmp_path / "position.yaml"
    position.write_text('units:\n  USA:\n    - {id: u1, type: infantry-corps, hex: "1715"}\n', encoding="utf-8")
    out = tmp_path / "position.svg"
    assert main(["render", str(REPO / "content" / "dixie"), "--position", str(position), "-o", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "<polygon" in svg and "<g><rect" in svg


@pytest.mark.parametrize("source, given", [
    (["webdiplomacy", str(REPO / "tests/data/webdip/Pure")], "Pure_Diplomacy"),
    (["dpjudge", str(REPO / "tests/data/dpjudge/maps/ancmed_age_of_empires.map")], "ancmed_age_of_empires"),
    (["dpjudge", str(REPO / "tests/data/dpjudge/maps/ancmed_age_of_empires.map")], "search"),
])
def test_an_import_into_a_folder_validate_would_refuse_writes_nothing(tmp_path, capsys, source, given):
    """`import dpjudge x_y.map -o content/x_y` wrote a game that `validate` then refused
    for its folder's name (MW406): the importers now say so first, with a name that works."""
    out = tmp_path / "content" / given
    assert main(["import", *source, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "site's address" in err and "e.g. '" in err and "Traceback" not in err
    assert not out.exists()
    fixed = err.split("e.g. '")[1].split("'")[0]
    assert main(["import", *source, "-o", str(tmp_path / "content" / fixed)]) in (0, 1)
    assert main(["validate", str(tmp_path / "content" / fixed)]) == 0
    assert "MW406" not in capsys.readouterr().err


# -- one write rule: nothing replaced that Mapwright did not write (generator/writing.py) --

DATA = REPO / "tests" / "data"
CLASSIC = str(REPO / "content" / "classic")


def _position(tmp_path) -> str:
    path = tmp_path / "position.yaml"
    path.write_text("units:\n  FRANCE: [A PAR]\n", encoding="utf-8")
    return str(path)


# command -> (arguments given the output folder, the file a user has there)
WRITERS = {
    "import webdiplomacy": (lambda out: ["import", "webdiplomacy", str(DATA / "webdip" / "Pure"), "-o",
                                         str(out / "pure")], "pure/map.yaml"),
    "import dpjudge": (lambda out: ["import", "dpjudge", str(DATA / "dpjudge" / "maps" / "pure.map"), "-o",
                                    str(out / "pure")], "pure/geometry.yaml"),
    "export webdiplomacy": (lambda out: ["export", "webdiplomacy", CLASSIC, "-o", str(out / "Classic")],
                            "Classic/install.php"),
    "export dpjudge": (lambda out: ["export", "dpjudge", CLASSIC, "-o", str(out / "classic.map")], "classic.map"),
    "print": (lambda out: ["print", CLASSIC, "--what", "adjacency", "-o", str(out / "adjacency.pdf")],
              "adjacency.pdf"),
    "render": (lambda out: ["render", CLASSIC, "--position", _position(out.parent), "-o", str(out / "d.svg")],
               "d.svg"),
    "new": (lambda out: ["new", "my-game", "--family", "diplomacy", "--content", str(out)], "my-game/game.yaml"),
}


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_every_command_that_writes_refuses_a_users_file_and_force_replaces_it(command, tmp_path, capsys):
    """(Before: `import webdiplomacy`, `print -o` and `render -o` replaced a user's file
    silently; `import dpjudge` and `new` refused any existing folder, --force or not for `new`.)"""
    args, name = WRITERS[command]
    out = tmp_path / "out"
    mine = out / name
    mine.parent.mkdir(parents=True)
    mine.write_text("the user's own\n", encoding="utf-8")
    assert main(args(out)) == 2
    err = capsys.readouterr().err
    assert "error[MW603]" in err and "pass --force to" in err, err
    assert mine.read_text(encoding="utf-8") == "the user's own\n"
    assert main(args(out) + ["--force"]) == 0
    assert mine.read_text(encoding="utf-8", errors="replace") != "the user's own\n"
    capsys.readouterr()
    if command != "new":       # (a new game's files are the author's from the start)
        assert main(args(out)) == 0, capsys.readouterr().err      # what Mapwright wrote, it replaces


def test_import_webdiplomacy_over_a_hand_written_game_replaces_nothing(tmp_path, capsys):
    """The issue's case: a game whose map.yaml was written by hand (content/classic's came from
    a conversion script) was silently replaced by `import webdiplomacy -o content/classic`."""
    game = tmp_path / "classic"
    game.mkdir()
    for name in ("game.yaml", "map.yaml", "geometry.yaml"):
        (game / name).write_bytes((REPO / "content" / "classic" / name).read_bytes())
    before = {p.name: p.read_bytes() for p in game.iterdir()}
    assert main(["import", "webdiplomacy", str(DATA / "webdip" / "Classic"), "-o", str(game)]) == 2
    assert f"{game / 'map.yaml'}:1:1: error[MW603]" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in game.iterdir()} == before
    # its geometry.yaml says the importer wrote it: a geometry-only re-import may replace it
    assert main(["import", "webdiplomacy", str(DATA / "webdip" / "Classic"), "--geometry-only", "--ids-from",
                 str(game / "map.yaml"), "--seed", "SWI=228,255", "-o", str(game)]) == 0
    assert (game / "map.yaml").read_bytes() == before["map.yaml"]


def test_a_link_as_the_output_folder_is_refused_even_with_force(tmp_path, capsys):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "print").symlink_to(elsewhere)
    assert main(["print", CLASSIC, "--what", "adjacency", "--format", "svg", "-o", str(tmp_path / "print"),
                 "--force"]) == 2
    assert "print:1:1: error[MW604]" in capsys.readouterr().err and not list(elsewhere.iterdir())


# -- command-line manners: streams, -q/-v, usage errors, -j, help, progress -------------

def test_a_path_that_is_not_there_is_a_usage_error(tmp_path, capsys):
    """(Before: `validate nope/` exited 1 with a made-up location, nope:1:1.)"""
    assert main(["validate", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert err == f"mapwright: error: no file or folder '{tmp_path / 'nope'}' (name game folders or folders of games)\n"
    assert main(["print", str(tmp_path / "nope")]) == 2
    assert "no game" in capsys.readouterr().err


def test_quiet_says_only_what_is_wrong(tmp_path, capsys):
    content = tmp_path / "content"
    assert main(["new", "g", "--family", "diplomacy", "--content", str(content), "-q"]) == 0
    assert capsys.readouterr() == ("", "")
    for argv in (["-q", "validate", str(content)], ["validate", str(content), "--quiet"]):
        assert main(argv) == 0
        assert capsys.readouterr() == ("", "")
    assert main(["validate", str(content), "-q", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0           # the output asked for, always
    (content / "g" / "game.yaml").write_text("title: [\n", encoding="utf-8")
    assert main(["-q", "validate", str(content)]) == 1
    assert "game.yaml:2:1: error[MW001]" in capsys.readouterr().err       # problems, always


def test_an_import_says_what_it_wrote_on_stderr_and_its_json_report_alone_on_stdout(tmp_path, capsys):
    assert main(["import", "webdiplomacy", str(DATA / "webdip" / "Pure"), "-o", str(tmp_path / "pure"),
                 "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["errors"] == 0 and f"wrote {tmp_path / 'pure' / 'map.yaml'}" in err
    assert "rules played by modules: build_anywhere\nstatus: complete\n" in err


def test_an_import_summary_names_the_modules_that_play_the_variants_rules(tmp_path, capsys):
    assert main(["import", "webdiplomacy", str(DATA / "webdip" / "Colonial"), "-o", str(tmp_path / "c")]) == 0
    err = capsys.readouterr().err
    modules = sorted(yaml.safe_load((tmp_path / "c" / "game.yaml").read_text(encoding="utf-8"))["rules"])
    assert modules and f"rules played by modules: {', '.join(modules)}\n" in err
    assert ("status: partial" in err) == ("warning[IMP013]" in err or "warning[IMP022]" in err)


def test_the_build_timings_only_under_verbose(tmp_path, monkeypatch, capsys):
    from generator.mkdocs_plugin import run
    (tmp_path / "content").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(run, "build_site", lambda *a, **k: run.Outcome(
        [], 2, timings={"generate": 1.0, "hook on_config": 0.0, "total": 3.25}))
    assert main(["build"]) == 0
    assert capsys.readouterr().err == "built 2 game(s) into site/ in 3.2 s\n"
    assert main(["build", "-v"]) == 0
    assert "timings: generate=1.00s hook on_config=0.00s total=3.25s" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["validate"], ["build"], ["serve"]])
def test_jobs_means_the_same_everywhere(command, capsys):
    from generator.cli import parser
    for bad in ("0", "-1", "x"):
        with pytest.raises(SystemExit) as exc:
            main([*command, "-j", bad])
        assert exc.value.code == 2
    assert "expected a number of processes, 1 or more" in capsys.readouterr().err
    assert parser().parse_args([*command, "-j", "3"]).jobs == 3
    assert parser().parse_args([*command, "--jobs", "3"]).jobs == 3
    assert parser().parse_args(command).jobs is None


def _subcommands(p, path=()):
    import argparse
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield (*path, name), child
                yield from _subcommands(child, (*path, name))


def test_every_subcommand_has_an_example_in_its_help():
    from generator.cli import parser
    found = dict(_subcommands(parser()))
    assert {"validate", "build", "import", "export"} <= {path[0] for path in found}
    for path, p in found.items():
        help_text = p.format_help()
        assert "examples:\n  mapwright " + " ".join(path) in help_text, path
        assert "-q, --quiet" in help_text and "-v, --verbose" in help_text


class _Terminal(__import__("io").StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("where", ["terminal", "CI", "pipe", "quiet"])
def test_progress_only_on_a_terminal_outside_ci(where, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    if where == "CI":
        monkeypatch.setenv("CI", "true")
    stream = __import__("io").StringIO() if where == "pipe" else _Terminal()
    monkeypatch.setattr("sys.stderr", stream)
    argv = ["print", CLASSIC, "--what", "adjacency", "--format", "svg", "-o", str(tmp_path / "p")]
    assert main(argv + (["-q"] if where == "quiet" else [])) == 0
    shown = stream.getvalue()
    if where == "terminal":
        assert "\r\033[Kmapwright print: adjacency on A4 (1 of 1)" in shown
        assert shown.split("\r\033[K")[-1].startswith("wrote ")     # cleared before the next line
    else:
        assert "\r" not in shown and "adjacency on A4" not in shown
