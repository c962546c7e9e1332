"""Safe YAML loading that remembers where every value came from.

`load_document(path)` returns a `Document`: plain Python data (dicts, lists,
scalars) plus a map from JSON pointer to (line, column), so any later check can
report a precise location. Only the safe YAML subset is understood; nothing in a
content file can construct objects or run code. Malformed, oversized or hostile
input becomes diagnostics, never an exception.

One reading is the reference: the text composed into YAML nodes, turned into data by
`_Converter`, which alone makes diagnostics. A faster path (`yaml_fast.read_common`) reads
the common document without nodes, or steps aside; tests hold it to the reference's
answer. One locator (`locator.Locator`) finds a JSON pointer's line and column in the text.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .diagnostics import Diagnostic, register
from .locator import Locator
from .yaml_fast import read_common
from .yaml_subset import (INT_TAG, MERGE_TAG, SCALAR_CONSTRUCTORS, STANDARD_TAGS, STR_TAG, Composer, NotJsonNumber,
                          bracket_nesting, escape_pointer_token, plain_decimal)

YAML_SYNTAX = register("MW001", "YAML syntax error",
                       "The file is not valid YAML. Fix the syntax at the reported position.")
DUPLICATE_KEY = register("MW002", "Duplicate key",
                         "A mapping names the same key twice; YAML would silently keep only one.")
NOT_UTF8 = register("MW003", "File is not UTF-8",
                    "Content files must be UTF-8 text. Re-save the file as UTF-8.")
EMPTY_FILE = register("MW004", "Empty file",
                      "The file holds no YAML document. Add the content or delete the file.")
TOO_LARGE = register("MW005", "Content too large or too deep",
                     "The file exceeds Mapwright's limits on size, node count or nesting "
                     "depth (a guard against alias bombs). Split it or remove repeated aliases.")
MISSING_FILE = register("MW006", "Required file missing",
                        "A file the game's family needs does not exist. Create it.")
NON_STRING_KEY = register("MW007", "Mapping key is not a string",
                          "Content keys must be plain strings. Quote the key.")
MULTIPLE_DOCUMENTS = register("MW008", "More than one YAML document",
                              "A content file holds exactly one YAML document; remove the extra `---`.")
NOT_JSON_NUMBER = register("MW009", "Number JSON cannot carry",
                           "Content is checked against JSON Schemas, and JSON has no infinity and no "
                           "NaN: YAML's `.inf`, `.nan`, a float too large (`1.0e+400`) or an integer "
                           "beyond ±(2^53 - 1) (RFC 7493) would reach the renderers as no number they "
                           "can draw. Write a finite number within that range, or quote the value if "
                           "it is text.")

MAX_BYTES = 20 * 1024 * 1024
MAX_NODES = 1_000_000
MAX_DEPTH = 64


@dataclass
class Document:
    """Plain data plus where each value stands in the file.

    Positions are found on demand in the source `text` (`locator.Locator`, which reads
    it only as far as a lookup needs), so loading stays fast on large maps and keeps no
    node graph; `positions` holds explicit ones (the top-level keys, found while
    loading; tests, API). A position is asked for only when there is something to report."""

    path: str  # as shown to users: relative to the working directory when possible
    data: object = None
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    line_offset: int = 0  # for documents cut out of a larger file (example blocks)
    text: str | None = field(default=None, repr=False)
    _locator: Locator | None = field(default=None, init=False, repr=False, compare=False)

    def _locate(self, pointer: str) -> tuple[int, int] | None:
        if self._locator is None:
            if self.text is None:
                return None
            self._locator = Locator(self.text)
        return self._locator.locate(pointer)

    def where(self, pointer: str) -> tuple[int, int]:
        """Line and column of `pointer`, or of its nearest ancestor that has one."""
        probe = pointer
        while probe not in self.positions and probe:
            probe = probe.rsplit("/", 1)[0]
        found = None if probe in self.positions and probe == pointer else self._locate(pointer)
        if found is not None:
            line, column = found
        elif probe in self.positions:
            line, column = self.positions[probe]
        else:
            line, column = (1, 1)
        return line + self.line_offset, column

    def diagnostic(self, pointer: str, code: str, message: str, *, hint: str = "",
                   severity: str | None = None) -> Diagnostic:
        from .diagnostics import CODES
        line, column = self.where(pointer)
        sev = severity or (CODES[code].severity if code in CODES else "error")
        return Diagnostic(self.path, line, column, code, message, sev, pointer, hint)


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Limit(Exception):
    def __init__(self, node, why):
        self.node, self.why = node, why


def _clipped(text: str, most: int = 40) -> str:
    return text if len(text) <= most else f"{text[:most // 2]}…{text[-8:]} ({len(text):,} characters)"


class _BadTag(Exception):
    def __init__(self, node):
        self.node = node


class _Converter:
    """Turns a composed node graph into plain data, counting nodes as it goes."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.path: list = []
        self.count = 0
        self.diagnostics: list[Diagnostic] = []
        self.constructor = yaml.SafeLoader.__new__(yaml.SafeLoader)
        yaml.constructor.SafeConstructor.__init__(self.constructor)

    def pointer(self) -> str:
        return "".join("/" + escape_pointer_token(t) for t in self.path)

    def scalar(self, node: ScalarNode):
        """A scalar's value. Strings (most of any map) skip the constructor; the other
        standard tags call SafeConstructor's function for that tag directly, which is what
        `construct_object` would do minus its per-node bookkeeping."""
        if node.tag == STR_TAG:
            return node.value
        if node.tag == INT_TAG and plain_decimal(node.value):
            return int(node.value)
        construct = SCALAR_CONSTRUCTORS.get(node.tag)
        if construct is None:  # e.g. `!!map` on a scalar: let the constructor report it
            return self.constructor.construct_object(node, deep=True)
        return construct(self.constructor, node)

    def convert(self, node, depth: int):
        self.count += 1
        if self.count > MAX_NODES:
            raise _Limit(node, f"more than {MAX_NODES:,} values (aliases and merges included)")
        if depth > MAX_DEPTH:
            raise _Limit(node, f"nested more than {MAX_DEPTH} levels deep")
        if node.tag not in STANDARD_TAGS:
            raise _BadTag(node)
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if isinstance(node, SequenceNode):
            return self.sequence(node, depth)
        if isinstance(node, MappingNode):
            return self.mapping(node, depth)
        raise _Limit(node, f"unsupported YAML node {type(node).__name__}")

    def sequence(self, node: SequenceNode, depth: int) -> list:
        # Scalar items (coordinate lists, id lists: most nodes of a large map) are
        # handled inline, with the same checks in the same order as `convert`.
        out = []
        path, inner = self.path, depth + 1
        for i, item in enumerate(node.value):
            if type(item) is ScalarNode and item.tag in SCALAR_CONSTRUCTORS and inner <= MAX_DEPTH:
                self.count += 1
                if self.count > MAX_NODES:
                    raise _Limit(item, f"more than {MAX_NODES:,} values (aliases and merges included)")
                tag, value = item.tag, item.value
                if tag == STR_TAG:
                    out.append(value)
                elif tag == INT_TAG and value.isdigit() and value.isascii() and (
                        value[0] != "0" or len(value) == 1) and len(value) < 16:   # plain_decimal inline
                    out.append(int(value))
                else:
                    out.append(SCALAR_CONSTRUCTORS[tag](self.constructor, item))
            else:
                path.append(i)
                out.append(self.convert(item, inner))
                path.pop()
        return out

    def mapping(self, node: MappingNode, depth: int) -> dict:
        result: dict = {}
        first_line: dict[str, int] = {}
        # the top-level keys' positions are kept (a handful): a diagnostic about a whole
        # section then needs no second pass over the text to find where it starts
        top = self.doc.positions if depth == 0 else None
        merged: dict = {}
        for key_node, value_node in node.value:
            line, column = _mark(key_node)
            if key_node.tag == MERGE_TAG:  # `<<: *base` or `<<: [*a, *b]`: earlier sources win
                sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                for source in sources:
                    if not isinstance(source, MappingNode):
                        raise _Limit(source, "a `<<` merge key must name mappings")
                    self.path.append("<<")
                    for k, v in self.convert(source, depth + 1).items():
                        merged.setdefault(k, v)
                    self.path.pop()
                continue
            key = self.scalar(key_node) if isinstance(key_node, ScalarNode) else None
            if not isinstance(key, str):
                if isinstance(key, (int, float)) and not isinstance(key, bool):
                    key = str(key)
                else:
                    self.diagnostics.append(Diagnostic(
                        self.doc.path, line, column, NON_STRING_KEY,
                        f"mapping key {key!r} is not a string", pointer=self.pointer(),
                        hint="write keys as plain words, quoted if they look like numbers or booleans"))
                    continue
            self.path.append(key)
            if key in result:
                self.diagnostics.append(Diagnostic(
                    self.doc.path, line, column, DUPLICATE_KEY,
                    f"key '{key}' appears twice in this mapping (first on line {first_line[key]})",
                    pointer=self.pointer(), hint="remove one of the two entries or rename it"))
            else:
                first_line[key] = line
                if top is not None:
                    top.setdefault("/" + escape_pointer_token(key), (line, column))
                result[key] = self.convert(value_node, depth + 1)
            self.path.pop()
        if merged:  # explicit keys override merged ones, as YAML's merge key says
            return {**merged, **result}
        return result


def _flow_depth_exceeds(text: str, limit: int) -> bool:
    """A cheap upper bound on bracket nesting, so libyaml's recursive composer never
    sees a document deep enough to overflow the C stack."""
    return bracket_nesting(text) > limit


def _event_depth_exceeds(text: str, limit: int):
    """The exact check, on the event stream (libyaml's parser does not recurse)."""
    depth = 0
    for event in yaml.parse(text, Loader=Composer):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > limit:
                return event.start_mark
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
    return None


def display_path(path: Path) -> str:
    """`path` as users see it: relative to the working directory when inside it. The
    folder is resolved, not the file, so a link is shown as itself (and a looping or
    dangling one does not raise)."""
    path = Path(path)
    try:
        folder = path.parent.resolve()
        return str((folder / path.name).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def load_text(text: str, shown_path: str, *, fast: bool = True) -> tuple[Document, list[Diagnostic]]:
    """Parse YAML text already decoded; the pure core of `load_document`. `fast=False`:
    the reference reading alone, without `yaml_fast` (what tests hold that path to)."""
    doc = Document(shown_path)
    if not text.strip() or all(line.lstrip().startswith("#") or not line.strip()
                               for line in text.splitlines()):
        return doc, [Diagnostic(shown_path, 1, 1, EMPTY_FILE, "the file is empty",
                                hint="add the content this file should hold, or delete it")]
    try:
        common = read_common(text, MAX_NODES, MAX_DEPTH) if fast else None
        if common is not None:   # it reads no document nested deeper than MAX_DEPTH
            doc.data, doc.positions = common
            doc.text = text   # positions below the top level are found in it when asked for
            return doc, []
        if _flow_depth_exceeds(text, MAX_DEPTH):
            mark = _event_depth_exceeds(text, MAX_DEPTH)
            if mark is not None:
                return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, TOO_LARGE,
                                        f"content is too large: nested more than {MAX_DEPTH} levels deep",
                                        hint=f"keep nesting below {MAX_DEPTH} levels")]
        nodes = list(yaml.compose_all(text, Loader=Composer))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or "invalid YAML"
        started = f" started on line {exc.context_mark.line + 1}" \
            if exc.context_mark and exc.problem_mark and exc.context_mark.line != exc.problem_mark.line else ""
        context = f" ({exc.context}{started})" if exc.context else ""
        return doc, [Diagnostic(shown_path, line, column, YAML_SYNTAX, f"{problem}{context}",
                                hint="check indentation, colons and quoting at this position")]
    except yaml.YAMLError as exc:  # errors without a position
        return doc, [Diagnostic(shown_path, 1, 1, YAML_SYNTAX, str(exc).splitlines()[0],
                                hint="check the file's YAML syntax")]
    except RecursionError:
        return doc, [Diagnostic(shown_path, 1, 1, TOO_LARGE, "the document is nested too deeply to read",
                                hint=f"keep nesting below {MAX_DEPTH} levels")]
    nodes = [n for n in nodes if n is not None]
    if not nodes:
        return doc, [Diagnostic(shown_path, 1, 1, EMPTY_FILE, "the file holds no YAML document",
                                hint="add the content this file should hold, or delete it")]
    diagnostics: list[Diagnostic] = []
    if len(nodes) > 1:
        mark = nodes[1].start_mark
        diagnostics.append(Diagnostic(shown_path, mark.line + 1, mark.column + 1, MULTIPLE_DOCUMENTS,
                                      "a second YAML document starts here",
                                      hint="keep one document per file"))
    converter = _Converter(doc)
    try:
        doc.data = converter.convert(nodes[0], 0)
    except _Limit as limit:
        mark = limit.node.start_mark
        doc.data = None
        return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, TOO_LARGE,
                                f"content is too large: {limit.why}",
                                hint="remove repeated aliases or split the file")]
    except _BadTag as bad:
        mark = bad.node.start_mark
        return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, YAML_SYNTAX,
                                f"the YAML tag '{bad.node.tag}' is not allowed in content",
                                hint="remove the tag: content files hold plain values only")]
    except NotJsonNumber as bad:
        mark = bad.node.start_mark
        return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, NOT_JSON_NUMBER,
                                f"'{_clipped(bad.node.value)}' {bad.why}",
                                hint="write a finite number within that range, or quote the value if it is text")]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return doc, [Diagnostic(shown_path, line, column, YAML_SYNTAX, f"cannot read a value: {exc.problem}",
                                hint="check the value's syntax")]
    except (yaml.YAMLError, ValueError, OverflowError) as exc:
        return doc, [Diagnostic(shown_path, 1, 1, YAML_SYNTAX, f"cannot read a value: {exc}",
                                hint="check the value's syntax")]
    doc.text = text  # positions are found in it when first asked for
    return doc, diagnostics + converter.diagnostics


def load_document(path: Path) -> tuple[Document, list[Diagnostic]]:
    """Read one YAML content file; never raises for bad content."""
    shown = display_path(path)
    raw, problem = read_content_file(path, shown)
    if problem is not None:
        return Document(shown), [problem]
    return load_bytes(raw, shown)


def read_content_file(path: Path, shown: str) -> tuple[bytes, Diagnostic | None]:
    """A content file's bytes, or the diagnostic saying why it cannot be read."""
    if not path.is_file():
        what = "is a folder, not a file" if path.is_dir() else "not found"
        return b"", Diagnostic(shown, 1, 1, MISSING_FILE, f"file {what}", hint="create the file or fix the path")
    try:
        if path.stat().st_size > MAX_BYTES:
            return b"", Diagnostic(shown, 1, 1, TOO_LARGE, f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                                   hint="split the file")
        return path.read_bytes(), None
    except OSError as exc:
        return b"", Diagnostic(shown, 1, 1, MISSING_FILE, f"the file cannot be read: {exc.strerror or exc}",
                               hint="check that it is a readable file")


def decode_content(raw: bytes, shown: str) -> tuple[str, Diagnostic | None]:
    """A content file's bytes as text, or the diagnostic naming the first byte that is not UTF-8."""
    body = raw.removeprefix(b"\xef\xbb\xbf")     # a byte-order mark is no text
    try:
        return body.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line, column = undecodable_at(body, exc.start)
        return "", Diagnostic(shown, line, column, NOT_UTF8, f"byte 0x{body[exc.start]:02x} is not valid UTF-8",
                              hint="re-save the file with UTF-8 encoding")


def load_bytes(raw: bytes, shown: str) -> tuple[Document, list[Diagnostic]]:
    """A content file's bytes (as read from the file `shown`) parsed; never raises."""
    text, problem = decode_content(raw, shown)
    if problem is not None:
        return Document(shown), [problem]
    return load_text(text, shown)


def undecodable_at(raw: bytes, start: int) -> tuple[int, int]:
    """(line, column), from 1, of the byte at `start`, the first that is not UTF-8. The
    column counts characters, as every other diagnostic's does (the bytes before it
    are valid UTF-8)."""
    before = raw[:start]
    return before.count(b"\n") + 1, len(before.rsplit(b"\n", 1)[-1].decode("utf-8")) + 1
