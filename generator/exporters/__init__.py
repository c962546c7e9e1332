"""Exporters: a Mapwright game out in another tool's format (webDiplomacy variant
folders, DPjudge .map files). Each returns files and diagnostics; writing them
safely is output.py's job."""
