"""Mapwright: turns board-game variants written as data into a published rules site."""

__version__ = "0.1.0"
