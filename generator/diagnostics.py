"""One Diagnostic type for everything Mapwright says about content.

Every code is registered once, with a title and an explanation, so that the
generated *Diagnostics reference* page lists them all and a code never changes
meaning. Modules register their codes at import time with `register`; `every_code`
loads the ones listed in CODE_MODULES, so the page lists every code in any process.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import asdict, dataclass, field

ERROR = "error"
WARNING = "warning"
INFO = "info"


@dataclass(frozen=True)
class CodeInfo:
    code: str
    title: str
    explanation: str
    severity: str = ERROR


CODES: dict[str, CodeInfo] = {}


def register(code: str, title: str, explanation: str, severity: str = ERROR) -> str:
    """Declare a diagnostic code; returns the code so modules can keep it as a constant."""
    known = CODES.get(code)
    if known and (known.title, known.explanation) != (title, explanation):
        raise ValueError(f"diagnostic code {code} registered twice with different meanings")
    CODES[code] = CodeInfo(code, title, explanation, severity)
    return code


# Where every code is registered: these modules and packages (all their modules) register
# them when imported. Named, not imported, as most sit above this module in the layers; a
# module that registers codes elsewhere is added here (tests/test_diagnostics.py checks).
CODE_MODULES = ("generator.families", "generator.importers", "generator.exporters",
                "generator.examples", "generator.validate", "generator.build", "generator.site",
                "generator.commands")


def every_code() -> dict[str, CodeInfo]:
    """Every code Mapwright can report, by code (for the Diagnostics reference page)."""
    for module in map(importlib.import_module, CODE_MODULES):
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), f"{module.__name__}."):
            importlib.import_module(info.name)
    return CODES


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int
    column: int
    code: str
    message: str
    severity: str = ERROR
    pointer: str = ""
    hint: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def errors(diagnostics) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity == ERROR]


@dataclass
class Report:
    """Diagnostics gathered across games; one broken game never hides the others."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def extend(self, more) -> None:
        self.diagnostics.extend(more)

    @property
    def has_errors(self) -> bool:
        return any(d.severity == ERROR for d in self.diagnostics)

    def sorted(self) -> list[Diagnostic]:
        return ordered(self.diagnostics)


def ordered(diagnostics) -> list[Diagnostic]:
    """Distinct diagnostics by file, line, column, then the rest: the dataclass order, with
    the key built once per diagnostic (its generated __lt__ builds two tuples a compare)."""
    return sorted(set(diagnostics), key=lambda d: (d.file, d.line, d.column, d.code, d.message,
                                                   d.severity, d.pointer, d.hint))
