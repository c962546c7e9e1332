"""Importers: read other tools' variant data (as text, never executed) into Mapwright content."""
