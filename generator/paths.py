"""Where Mapwright finds its own files (schemas) and a project's files (content, config)."""
from __future__ import annotations

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_ROOT.parent
SCHEMA_DIR = SOURCE_ROOT / "schemas"
DEFAULT_MKDOCS = SOURCE_ROOT / "mkdocs.yml"
SITE_OVERRIDES = SOURCE_ROOT / "site_overrides"
