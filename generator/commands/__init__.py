"""Subcommands of `mapwright`; each module registers itself (see generator/cli.py)."""
