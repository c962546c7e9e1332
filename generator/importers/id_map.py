"""Match an imported variant's territories to the ids of an existing map.yaml.

Used by `mapwright import webdiplomacy DIR --geometry-only --ids-from MAP`: the
outlines are traced from the variant folder, but keyed by the ids of a map that
already exists (Classic: MILA abbreviations such as NTH, STP/NC). Territories
are matched by name: a province's `name`, then its `aliases`, then its id,
compared after folding case, accents and punctuation ("St. Petersburg" matches
"St Petersburg"). Powers are matched the same way by name or id.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml


def name_key(text: str) -> str:
    """'St. Petersburg' -> 'st petersburg'; 'Mid-Atlantic Ocean' -> 'mid atlantic ocean'."""
    folded = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", folded).split())


@dataclass
class IdMap:
    """Names -> ids of an existing map; ambiguous names map to None."""

    provinces: dict[str, dict] = field(default_factory=dict)          # id -> province entry
    by_name: dict[str, str | None] = field(default_factory=dict)      # name key -> id (None: ambiguous)
    powers: dict[str, str | None] = field(default_factory=dict)       # name key -> power id

    def province(self, name: str) -> str | None:
        return self.by_name.get(name_key(name))

    def power(self, name: str) -> str | None:
        return self.powers.get(name_key(name))

    def coasts(self, pid: str) -> list[str]:
        return [str(c) for c in self.provinces.get(pid, {}).get("coasts") or []]


def _add(index: dict[str, str | None], key: str, ident: str) -> None:
    if not key:
        return
    if key in index and index[key] != ident:
        index[key] = None          # two provinces answer to this name: refuse to guess
    else:
        index[key] = ident


def id_map_from_data(data: dict) -> IdMap:
    """Index a map.yaml's data. Names win over aliases, aliases over ids: each tier
    only fills keys that an earlier tier left unset."""
    out = IdMap()
    data = data if isinstance(data, dict) else {}
    provinces = [p for p in data.get("provinces") or [] if isinstance(p, dict) and p.get("id")]
    out.provinces = {str(p["id"]): p for p in provinces}
    for tier in ("name", "aliases", "id"):
        found: dict[str, str | None] = {}
        for prov in provinces:
            values = prov.get(tier)
            values = values if isinstance(values, list) else [values] if values else []
            for value in values:
                _add(found, name_key(value), str(prov["id"]))
        for key, ident in found.items():
            out.by_name.setdefault(key, ident)
    for power in data.get("powers") or []:
        if isinstance(power, dict) and power.get("id"):
            for value in (power.get("name"), power["id"]):
                if value:
                    out.powers.setdefault(name_key(value), str(power["id"]))
    return out


def load_id_map(path: Path) -> IdMap:
    return id_map_from_data(yaml.safe_load(path.read_text(encoding="utf-8")) or {})


def pair_coasts(imported: list[str], known: list[str]) -> dict[str, str]:
    """Coast codes of an imported territory -> the existing province's codes.

    Equal codes pair up; if exactly one imported code and one known code are left,
    they pair too (webDiplomacy calls Bulgaria's east coast its north coast).
    Codes that cannot be paired are left out."""
    pairs = {code: code for code in imported if code in known}
    left_imported = [c for c in imported if c not in pairs]
    left_known = [c for c in known if c not in pairs.values()]
    if len(left_imported) == 1 and len(left_known) == 1:
        pairs[left_imported[0]] = left_known[0]
    return pairs
