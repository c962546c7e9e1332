"""The one locator: where a JSON pointer's value stands in a YAML text (line and
column, from 1), as YAML reads the text: aliases lead to their anchor, `<<` merge keys
bring in their mappings after the mapping's own keys, and the first of two equal keys
counts.

The text's first document is read as parser events, only as far as a lookup needs, into
flat arrays (a kind, a line, a column and, for a collection, where it ends, per event):
a lookup near the top reads a few lines, and n lookups read the text once between them.
No node graph is made (a 10,000-province map composes to millions of objects, which the
garbage collector would walk for the rest of the run).
"""
from __future__ import annotations

from array import array

import yaml

from .yaml_subset import MERGE_TAG, Composer

_SCALAR, _SEQUENCE, _MAPPING, _END, _ALIAS, _MERGE = range(6)   # _MERGE: a `<<` merge key


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def _is_merge_key(event) -> bool:
    """A `<<` that YAML resolves to the merge tag: plain and untagged, or tagged so."""
    if event.tag == MERGE_TAG:
        return True
    return event.value == "<<" and event.tag in (None, "!") and event.implicit[0]


class Locator:
    def __init__(self, text: str):
        self._events = iter(yaml.parse(text, Loader=Composer))
        self._kind = bytearray()
        self._line, self._column, self._end = array("i"), array("i"), array("i")
        self._value: list = []     # a scalar's text, an alias's anchor; None otherwise
        self._anchors: dict = {}   # anchor -> index of the event it stands on
        self._open: list[int] = []  # collections begun and not yet ended
        self._done = False
        self._walked: dict = {}   # collection -> what was read of it (see `_item`, `_own`)

    # --- reading events into the arrays, as far as asked --------------------------
    def _read_one(self) -> None:
        try:
            event = next(self._events)
            while not isinstance(event, (yaml.NodeEvent, yaml.CollectionEndEvent, yaml.DocumentEndEvent)):
                event = next(self._events)
        except (StopIteration, yaml.YAMLError, RecursionError):
            self._done = True
            return
        if isinstance(event, yaml.DocumentEndEvent):   # the first document only
            self._done = True
            return
        at = len(self._kind)
        if isinstance(event, yaml.ScalarEvent):
            kind, value = (_MERGE if _is_merge_key(event) else _SCALAR), event.value
        elif isinstance(event, yaml.AliasEvent):
            kind, value = _ALIAS, event.anchor
        elif isinstance(event, yaml.CollectionStartEvent):
            kind, value = (_MAPPING if isinstance(event, yaml.MappingStartEvent) else _SEQUENCE), None
            self._open.append(at)
        else:   # a collection's end
            kind, value = _END, None
            self._end[self._open.pop()] = at + 1
        if kind != _ALIAS and kind != _END and event.anchor is not None:
            self._anchors[event.anchor] = at
        self._kind.append(kind)
        self._value.append(value)
        self._line.append(event.start_mark.line + 1)
        self._column.append(event.start_mark.column + 1)
        self._end.append(-1)

    def _has(self, at: int) -> bool:
        while len(self._kind) <= at and not self._done:
            self._read_one()
        return at < len(self._kind)

    def _after(self, at: int) -> int:
        """The index just past the node at `at` (its whole subtree)."""
        if self._kind[at] not in (_SEQUENCE, _MAPPING):
            return at + 1
        while self._end[at] < 0 and not self._done:
            self._read_one()
        return self._end[at] if self._end[at] >= 0 else len(self._kind) + 1

    def _target(self, at: int) -> int | None:
        """The node an alias stands for (the node itself otherwise); None if unknown."""
        return self._anchors.get(self._value[at]) if self._kind[at] == _ALIAS else at

    def _mark(self, at: int) -> tuple[int, int]:
        return self._line[at], self._column[at]

    # --- walking -----------------------------------------------------------------
    # Each collection walked through keeps what was read of it (a sequence its items, a
    # mapping its keys, the first of each), so n lookups in a collection of n entries
    # cost linear time, not quadratic; reading goes on from where it stopped.
    def _item(self, at: int, index: int) -> int | None:
        items, resume = self._walked.get(at) or ([], at + 1)
        while len(items) <= index and resume is not None:
            if self._has(resume) and self._kind[resume] != _END:
                items.append(resume)
                resume = self._after(resume)
            else:
                resume = None
        self._walked[at] = (items, resume)
        return items[index] if index < len(items) else None

    def _items(self, at: int):
        index = 0
        while (item := self._item(at, index)) is not None:
            yield item
            index += 1

    def _own(self, at: int, token: str):
        """(key, value) of the mapping's own entry `token`, and its merge keys' values
        when the whole mapping had to be read to know it has none."""
        keys, merged, resume = self._walked.get(at) or ({}, [], at + 1)
        while token not in keys and resume is not None:
            value = self._after(resume) if self._has(resume) and self._kind[resume] != _END else None
            if value is None or not self._has(value) or self._kind[value] == _END:
                resume = None
                break
            target = self._target(resume)
            if target is not None and self._kind[target] == _MERGE:
                merged.append(value)
            elif target is not None and self._kind[target] == _SCALAR:
                keys.setdefault(self._value[target], (target, value))   # the first of two wins
            resume = self._after(value)
        self._walked[at] = (keys, merged, resume)
        return keys.get(token), merged

    def _entry(self, at: int, token: str, seen: frozenset):
        """(key, value) of `token` in a mapping: its own entries first, then those merged
        with `<<`, in order."""
        own, merged = self._own(at, token)
        if own is not None:
            return own
        for value in merged:
            source = self._target(value)
            if source is None:
                continue
            if self._kind[source] == _MAPPING:
                sources = [source]
            elif self._kind[source] == _SEQUENCE:
                sources = [self._target(item) for item in self._items(source)]
            else:
                sources = []
            for mapping in sources:
                if mapping is not None and self._kind[mapping] == _MAPPING and mapping not in seen:
                    found = self._entry(mapping, token, seen | {mapping})   # merged into itself: read once
                    if found is not None:
                        return found
        return None

    def locate(self, pointer: str) -> tuple[int, int] | None:
        """Line and column of `pointer`'s value (a mapping entry: of its key), or of its
        nearest ancestor that exists; None for a text with no node."""
        if not self._has(0):
            return None
        node, found = 0, self._mark(0)
        for token in (_unescape(t) for t in pointer.split("/")[1:]):
            kind = self._kind[node]
            if kind == _MAPPING:
                match = self._entry(node, token, frozenset((node,)))
                if match is None:
                    return found
                key, value = match
                found = self._mark(key)
            elif kind == _SEQUENCE and token.isdigit() and token.isascii():
                value = self._item(node, int(token))
                if value is None:
                    return found
            else:
                return found
            node = self._target(value)
            if node is None:
                return found
            if kind == _SEQUENCE:
                found = self._mark(node)
        return found
