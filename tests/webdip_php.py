"""Run a webDiplomacy variant folder's PHP under a real PHP (tests/data/php/run_variant.php:
stand-ins for the webDiplomacy classes it extends and calls, never webDiplomacy's code)
and return what it declares, for the importer's and the exporter's tests: PHP itself is
the oracle for what the importer reads as text and for what the exporter writes."""
from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

HARNESS = Path(__file__).resolve().parent / "data" / "php" / "run_variant.php"


@dataclass
class PhpRun:
    declared: dict          # run_variant.php's JSON
    warnings: list[str]     # what PHP reported on stderr (warnings, notices, deprecations)


def php() -> str:
    found = shutil.which("php")
    if found is None:
        pytest.skip("PHP is not installed (apt-get install php-cli; .ci/run installs it)")
    return found


def run_variant(variants: Path, name: str, work: Path) -> PhpRun:
    """Run `variants`/`name` (beside the other variants it includes or extends) as the
    variant of a site whose root is made in `work` (the variants folder is only read)."""
    root = work / "site-root"
    root.mkdir(exist_ok=True)
    link = root / "variants"
    if not link.exists():
        link.symlink_to(variants.resolve(), target_is_directory=True)
    done = subprocess.run([php(), str(HARNESS), str(root), name], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return PhpRun(json.loads(done.stdout), [line for line in done.stderr.splitlines() if line.strip()])
