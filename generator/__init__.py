"""Mapwright: turns board-game variants written as data into a published rules site."""

__version__ = "0.1.0"
DISTRIBUTION = "mapwright-rules"   # the name on the package index (pyproject.toml); the command is `mapwright`
