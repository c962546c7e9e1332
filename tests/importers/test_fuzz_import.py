"""Fuzzing the importers: real vendored inputs, mutated as an author or an attacker might.

Import input is untrusted (variant folders and .map files written by strangers). These
properties take the smallest webDiplomacy variant that imports to a valid game (Pure:
install.php, variant.php, the classes, rules.html and the interactive map) and three
DPjudge .map files (pure.map with its SVG, standard.map, and standard_france_austria.map,
which builds on it), mutate them (lines deleted, duplicated, swapped, files truncated,
PHP punctuation, deep `array(` nesting, long tokens, odd Unicode, NUL bytes, CRLF, huge or
negative numbers, markup in names, duplicate and unknown names; for .map files unknown
directives, duplicate provinces, adjacency to unknown names, circular MAP/USE includes,
very long lines; symbolic links to a file outside the folder), and run them through what
`mapwright import webdiplomacy|dpjudge` calls: import_variant / import_map, then
write_files into a game folder that is new, holds the author's files, or holds links a
stranger's pull request put there (map.yaml to a file outside, rules/ to a folder outside).
Whatever the input:

- no exception escapes, and each import costs at most a few seconds;
- every diagnostic is located (file, line >= 1, column >= 1), has a registered code that
  is not MW901 and a message, and every error says what to do (a hint);
- an import without errors writes a game that validate_game checks without raising and
  without an error (the importer says what the game cannot hold, where it is written),
  and no unsafe markup reaches its pages, as the site's Markdown renders them;
- nothing outside the output folder is written, and no byte of a file outside the
  input folder (a SECRET beside it, a link's target) reaches the output or a message.

MAPWRIGHT_IMPORT_FUZZ_EXAMPLES sets the examples per property (raise it for a hunt);
MAPWRIGHT_IMPORT_FUZZ_VARIANT another vendored folder to mutate (AncMed has seas and coasts).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from generator.diagnostics import CODES, errors
from generator.importers.dpjudge import import_map, write_files as write_map_game
from generator.importers.webdiplomacy import ImportOptions, import_variant, write_files
from generator.validate import validate_game
from test_hostile import _unsafe_in

DATA = Path(__file__).resolve().parents[1] / "data"
PURE = DATA / "webdip" / os.environ.get("MAPWRIGHT_IMPORT_FUZZ_VARIANT", "Pure")
MAPS = DATA / "dpjudge" / "maps"
SVGS = DATA / "dpjudge" / "svg"
# examples per property: about 55 s for the variant folder, 25 s for the .map files here
EXAMPLES = os.environ.get("MAPWRIGHT_IMPORT_FUZZ_EXAMPLES")
WEBDIP_EXAMPLES, DPJUDGE_EXAMPLES = (int(EXAMPLES), int(EXAMPLES)) if EXAMPLES else (450, 1000)
SECONDS = 10.0          # one import of these small inputs takes well under a second
SECRET = "TOPSECRETMARKER7F3A"   # no punctuation: Markdown escaping would hide it

# What an author's slip or an attacker's edit puts into a file.
TOKENS = ["'", '"', "(", ")", "array(", "array()", ",", ",,", "=>", ";", "\\", "\\'", "/*", "*/", "//", "#",
          "?>", "<?php", "{", "}", "[", "]", "$x", "$", "\x00", "\r\n", "\r", "\t", "\u202e", "\u200b",
          "\ufeff", "e\u0301", "\U0001f3f0", "\u0000\u0000", "\udcff", "A" * 20_000, "array(" * 3_000,
          "[" * 3_000, "(" * 3_000, "9" * 40, "-1", "0", "-0", "1e308", "99999999999", "-2147483649",
          "0.0000001", "\u00b2", "\u0661\u0669\u0660\u0661", "\u216b", "<script>alert(1)</script>",
          "[x](javascript:alert(1))",
          "<img src=x onerror=alert(1)>", "{: onclick=alert(1) }", "&#106;avascript:", "`", "```", "|",
          "---", "\n", "&amp;", "&#0;", "%s%n", "..", "../../etc/passwd", "ABUTS", "MAP", "="]
# What a name (a quoted string, a location's word) is replaced with.
NAMES = ["", " ", "Nowhere", "London", "Rome", "Paris", "<script>alert(1)</script>",
         "[x](javascript:alert(1))", "<img src=x onerror=alert(1)>", "x{: onclick=alert(1) }",
         "N\u0301orth \u202eabc", "\U0001f3f0 Castle", "a\x00b", "A" * 5_000, "Sea (SEA)", "Land (X) (North Coast)",
         "Yes", "No", "Army", "Fleet", "Coast", "Sea", "Neutral", "&Eacute;&lt;b&gt;", "\\", "'", "ab\ncd",
         "${x}", "{{x}}", "%(x)s", ":", "- x", "# x", "&", "*x", "!!python/object:os.system", "null", "true", "\u00b2",
         "1e308", "Ber/ec", "BER/EC", "xyz", "A" * 90, "1", "-1"]
NUMBERS = ["0", "-1", "-0", "1", "65535", "65536", "-99999", "99999999", "9" * 18, "9" * 19, "9" * 400,
           "1.5", "-2.5", "1e5", "0x10", "2147483648", "\u00b2", "\u0661\u0669\u0660\u0661"]


def _lines(text: str) -> list[str]:
    return text.split("\n")


@st.composite
def text_mutation(draw, text: str, extra: list[str] = ()) -> str:
    """One edit of a text file."""
    kind = draw(st.sampled_from(["delete", "duplicate", "swap", "truncate", "insert", "name", "number",
                                 "crlf", "line", "double"]))
    lines = _lines(text)
    if kind == "delete" and len(lines) > 1:
        del lines[draw(st.integers(0, len(lines) - 1))]
        return "\n".join(lines)
    if kind == "duplicate":
        i = draw(st.integers(0, len(lines) - 1))
        lines[i:i] = [lines[i]] * draw(st.sampled_from([1, 2, 50]))
        return "\n".join(lines)
    if kind == "swap" and len(lines) > 1:
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == "truncate":
        return text[:draw(st.integers(0, len(text)))]
    if kind == "insert":
        pos = draw(st.integers(0, len(text)))
        token = draw(st.sampled_from(TOKENS + list(extra)))
        return text[:pos] + token + text[pos:]
    if kind == "name":
        quoted = list(re.finditer(r"'([^'\\\n]*)'|\b[A-Za-z][A-Za-z]{2,}\b", text))
        if quoted:
            m = quoted[draw(st.integers(0, len(quoted) - 1))]
            others = [q.group(1) if q.group(1) is not None else q.group() for q in quoted[:200]]
            name = draw(st.sampled_from(NAMES) | st.sampled_from(others))
            if m.group(1) is not None:
                name = "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"
            return text[:m.start()] + name + text[m.end():]
    if kind == "number":
        numbers = list(re.finditer(r"-?\d+", text))
        if numbers:
            m = numbers[draw(st.integers(0, len(numbers) - 1))]
            return text[:m.start()] + draw(st.sampled_from(NUMBERS)) + text[m.end():]
    if kind == "crlf":
        return text.replace("\n", draw(st.sampled_from(["\r\n", "\r", "\n\n"])))
    if kind == "line":
        i = draw(st.integers(0, len(lines)))
        lines[i:i] = [draw(st.sampled_from(list(extra) or TOKENS))]
        return "\n".join(lines)
    if kind == "double":
        return text + text
    return text


def mutated(draw, text: str, extra: list[str] = ()) -> bytes:
    for _ in range(draw(st.integers(1, 4))):
        text = draw(text_mutation(text, extra))
    data = text.encode("utf-8", "surrogateescape")
    encoding = draw(st.sampled_from(["utf-8"] * 8 + ["bom", "utf-16", "raw"]))
    if encoding == "bom":
        return b"\xef\xbb\xbf" + data
    if encoding == "utf-16":
        return text.encode("utf-16", "surrogatepass")
    if encoding == "raw":
        pos = draw(st.integers(0, len(data)))
        odd = draw(st.sampled_from([b"\xff\xfe", b"\x80", b"\xc3", b"\xe9t\xe9", b"\x00" * 9]))
        return data[:pos] + odd + data[pos:]
    return data


def png_mutation(draw, data: bytes) -> bytes:
    kind = draw(st.sampled_from(["truncate", "flip", "size", "empty", "other"]))
    if kind == "truncate":
        return data[:draw(st.integers(0, len(data)))]
    if kind == "flip":
        pos = draw(st.integers(0, len(data) - 1))
        return data[:pos] + bytes([data[pos] ^ draw(st.integers(1, 255))]) + data[pos + 1:]
    if kind == "size":      # IHDR width and height (bytes 16-24); the checksum then fails
        width, height = draw(st.sampled_from([(0, 0), (1, 1), (9000, 9000), (2**31 - 1, 1), (394, 1), (1, 390)]))
        return data[:16] + width.to_bytes(4, "big") + height.to_bytes(4, "big") + data[24:]
    if kind == "empty":
        return b""
    return b"GIF89a" + data[6:]


# -- what every import must satisfy -------------------------------------------------

def _assert_well_formed(diagnostics, where: str) -> None:
    for d in diagnostics:
        assert d.file and d.line >= 1 and d.column >= 1, (where, d)
        assert d.code in CODES and d.code != "MW901", (where, d)
        assert d.severity in ("error", "warning", "info") and d.message, (where, d)
        assert SECRET not in d.message + d.hint + d.file, (where, "an outside file leaked", d)
    for d in errors(diagnostics):
        assert d.hint or where == "validate", ("an error that does not say what to do", d)


def _tree(root: Path) -> dict[str, str]:
    out = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():
            out[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


# Faults of the variant itself that only the family's whole-map checks find, located in
# map.yaml: a supply centre no unit can reach (a mutation deletes its borders).
VARIANT_FACTS = {"DIP505"}


def _check_written(game: Path) -> None:
    """The written game validates (an import without errors must not leave validate a fault
    to find), its files are safe and hold nothing from outside the input folder."""
    result = validate_game(game)
    _assert_well_formed(result.diagnostics, "validate")
    unexpected = [d for d in errors(result.diagnostics) if d.code not in VARIANT_FACTS]
    assert not unexpected, unexpected[:5]
    files = {p.relative_to(game).as_posix(): p.read_text(encoding="utf-8") for p in game.rglob("*")
             if p.is_file()}
    assert _unsafe_in(files) == []
    assert not any(SECRET in text for text in files.values()), "an outside file reached the output"


# What the game folder holds before the import: nothing, the author's files, or links a
# stranger's pull request put there (to a file and a folder outside it).
OUTPUT_STATES = ["new", "new", "authored", "linked-file", "linked-folder"]


def _prepare(out: Path, root: Path, state: str) -> None:
    if state == "new":
        return
    (out / "rules").mkdir(parents=True)
    if state == "authored":
        (out / "rules" / "01-mine.md").write_text("# Mine\n", encoding="utf-8")
    elif state == "linked-file":
        (out / "map.yaml").symlink_to(root / "SECRET.txt")
    else:
        (root / "elsewhere").mkdir()
        (out / "rules").rmdir()
        (out / "rules").symlink_to(root / "elsewhere")


def _run(root: Path, source: Path, importer, state: str = "new") -> None:
    """Import `source` into root/content/game as the command does, and check everything."""
    out = root / "content" / "game"
    _prepare(out, root, state)
    before = _tree(root)
    start = time.perf_counter()
    result = importer(source, out)
    seconds = time.perf_counter() - start
    note(f"{len(result.diagnostics)} diagnostic(s): "
         f"{[(d.file, d.line, d.code, d.message[:80]) for d in result.diagnostics][:12]}")
    assert seconds < SECONDS, f"the import took {seconds:.1f} s"
    _assert_well_formed(result.diagnostics, "import")
    event("import errors" if errors(result.diagnostics) else "imported")
    for code in sorted({d.code for d in result.diagnostics}):
        event(code)
    if not errors(result.diagnostics) and result.files:
        written = writer_of(importer)(result, out, force=True)    # as with --force: links replaced, never followed
        assert all(out.resolve() in p.resolve().parents for p in written)
    after = _tree(root)
    changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
    assert all(k.startswith("content/game/") for k in changed), sorted(changed)
    assert (root / "SECRET.txt").read_text(encoding="utf-8") == SECRET + "\n"
    if (out / "map.yaml").is_file() and not (out / "map.yaml").is_symlink() and (out / "game.yaml").is_file():
        _check_written(out)


def _webdip(source: Path, out: Path):
    return import_variant(source.resolve(), ImportOptions(), None)


def _dpjudge(source: Path, out: Path):
    return import_map(source, None, game_id=out.name)


def writer_of(importer):
    return write_files if importer is _webdip else write_map_game


_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]

# -- webDiplomacy --------------------------------------------------------------------

PURE_FILES = [name for name in ["install.php", "variant.php", "classes/adjudicatorPreGame.php", "classes/drawMap.php",
                                "classes/userOrderBuilds.php", "classes/processOrderBuilds.php",
                                "classes/OrderInterface.php", "rules.html"] if (PURE / name).is_file()]
PHP_EXTRA = ["array('London','Atlantis','No','Yes'),", "array('Nowhere (NOW)', 'Sea', 'No', 0, 1, 1, 1, 1),",
             "array('London', 'Land', 'Yes', 720, 300, 365, 145, 'England'),",
             "array('London (North Coast)', 'Coast', 'No', 1, 1, 1, 1, 'Neutral'),",
             "array('Rome','Rome','Yes','Yes'),", "array(" * 3000 + ")" * 3000 + ",",
             "$this->variantClasses['processGame'] = 'Pure';",
             "class X_adjudicatorDiplomacy extends adjudicatorDiplomacy {",
             "require_once('variants/Pure/install.php');", "require_once('variants/../install.php');",
             "public $countries=array('England','England','<b>x</b>');", "$this->supplyCenterTarget = 0;",
             "$this->supplyCenterTarget = 999999;", "return 'x'.(floor($turn/2) + -5000);",
             "'Moscow'=>'Fleet',", "'<script>x</script>' => array('London'=>'Army'),", "<script>alert(1)</script>"]


@st.composite
def pure_folder(draw):
    """(which files to change, how): a mutated copy of Pure, as {relative path: bytes or None}."""
    changes: dict[str, bytes | None | str] = {}
    for _ in range(draw(st.integers(1, 2))):
        name = draw(st.sampled_from(PURE_FILES * 2 + ["interactiveMap/IA_smallmap.png", "remove", "link"]))
        if name == "remove":
            changes[draw(st.sampled_from(PURE_FILES + ["interactiveMap/IA_smallmap.png"]))] = None
        elif name == "link":         # a file of the folder that is a link to one outside it
            changes[draw(st.sampled_from(PURE_FILES))] = "link"
        elif name.endswith(".png"):
            changes[name] = png_mutation(draw, (PURE / name).read_bytes())
        else:
            changes[name] = mutated(draw, (PURE / name).read_text(encoding="utf-8"), PHP_EXTRA)
    return changes


def _apply(folder: Path, changes: dict, root: Path) -> None:
    for name, data in changes.items():
        path = folder / name
        if path.exists() or path.is_symlink():
            path.unlink()
        if data == "link":
            path.symlink_to(root / "SECRET.txt")
        elif data is not None:
            path.write_bytes(data)


@settings(max_examples=WEBDIP_EXAMPLES, deadline=None, suppress_health_check=_HEALTH)
@given(pure_folder(), st.sampled_from(OUTPUT_STATES))
def test_a_mutated_webdiplomacy_variant_imports_or_says_why(changes, state):
    note(f"changed: {sorted(changes)}, output folder: {state}")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "SECRET.txt").write_text(SECRET + "\n", encoding="utf-8")
        folder = root / "variants" / PURE.name
        shutil.copytree(PURE, folder)
        _apply(folder, changes, root)
        _run(root, folder, _webdip, state)


# -- DPjudge ---------------------------------------------------------------------------

MAP_EXTRA = ["FROBNICATE 12 xyz", "LAND BER ABUTS CON LON XYZ QQQ", "LAND BER ABUTS CON", "COAST BER ABUTS BER",
             "MAP pure.map", "USE other.map", "USES standard", "MAP ../maps/pure.map", "MAP /etc/passwd",
             "Berlin = ber", "Nowhere = ber", "<script>alert(1)</script> = scr", "WATER SEA ABUTS BER Sea",
             "AUSTRIA (AUSTRIAN) VIE VIE VIE XYZ", "F VIE", "A XYZ", "UNOWNED XYZ BER", "UNPLAYED ALL",
             "UNPLAYED ALL EXCEPT NOBODY", "DUMMY", "DROP BER", "AMEND BER ABUTS -CON XYZ", "VICTORY 0",
             "VICTORY -5", "VICTORY " + "9" * 40, "BEGIN WINTER 99999 ADJUSTMENTS", "BEGIN SPRING -1 MOVEMENT",
             "RULES BUILD_ANY FROB", "COAST BUL/EC ABUTS BER", "COAST bul/toolong ABUTS BER",
             "LAND " + "X" * 20_000 + " ABUTS BER", "LAND BER ABUTS " + " ".join(f"P{i}" for i in range(3000)),
             "[x](javascript:alert(1)) (<b>x</b>) BER", "A" * 50_000, "ENGLAND -> BRITAIN", "x -> y = z"]


@st.composite
def map_files(draw):
    """(the .map file to import, {file name: bytes}) from pure.map, or from standard.map
    and standard_france_austria.map (which builds on it), one or two of them mutated."""
    which = draw(st.sampled_from(["pure", "france_austria"]))
    names = ["pure.map"] if which == "pure" else ["standard_france_austria.map", "standard.map"]
    files = {name: (MAPS / name).read_bytes() for name in names}
    for _ in range(draw(st.integers(1, 2))):
        name = draw(st.sampled_from(names + ["other.map"]))
        if name == "other.map":      # a second map that includes the first: a cycle
            files[name] = f"MAP {names[0]}\n".encode()
            files[names[0]] = b"USE other.map\n" + files[names[0]]
        else:
            files[name] = mutated(draw, files[name].decode("utf-8", "surrogateescape"), MAP_EXTRA)
    svg = which == "pure" and draw(st.booleans())
    return names[0], files, svg


@settings(max_examples=DPJUDGE_EXAMPLES, deadline=None, suppress_health_check=_HEALTH)
@given(map_files(), st.sampled_from(OUTPUT_STATES))
def test_a_mutated_dpjudge_map_imports_or_says_why(case, state):
    main, files, svg = case
    note(f"import {main}, files {sorted(files)}, svg {svg}, output folder: {state}")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "SECRET.txt").write_text(SECRET + "\n", encoding="utf-8")
        folder = root / "maps"
        folder.mkdir()
        for name, data in files.items():
            (folder / name).write_bytes(data)
        if svg:
            (folder / "pure.svg").write_bytes((SVGS / "pure.svg").read_bytes())
        _run(root, folder / main, _dpjudge, state)
