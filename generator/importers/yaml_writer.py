"""The importers' YAML writer: generator/yaml_text.py, the project's one writer of
hand-emitted YAML (this module keeps the importers' import path)."""
from ..yaml_text import document, flow, scalar

__all__ = ["document", "flow", "scalar"]
