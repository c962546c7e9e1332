"""Where Mapwright finds its own files (schemas, default site config and theme overrides).

In a checkout (and an editable install) they are the top-level folders beside the
package; a wheel carries copies in generator/_bundled/ (see setup.py)."""
from __future__ import annotations

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_ROOT.parent
if not (SOURCE_ROOT / "schemas").is_dir() and (PACKAGE_ROOT / "_bundled").is_dir():
    SOURCE_ROOT = PACKAGE_ROOT / "_bundled"
SCHEMA_DIR = SOURCE_ROOT / "schemas"
DEFAULT_MKDOCS = SOURCE_ROOT / "mkdocs.yml"
SITE_OVERRIDES = SOURCE_ROOT / "site_overrides"
