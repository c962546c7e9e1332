"""Packaging glue: a wheel carries the top-level schemas/, mkdocs.yml,
site_overrides/ and the bundled games of content/ inside the package
(generator/_bundled/), so a non-editable install (`pip install mapwright`,
pre-commit's environments) validates, builds and adjudicates like a checkout does
(`generator.api.load_game("classic")` finds the shipped games). All metadata lives
in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("schemas", "mkdocs.yml", "site_overrides", "docs-src", "content")


class BuildWithBundle(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "generator" / "_bundled"
        for name in BUNDLED:
            source = Path(name)
            if source.is_dir():
                shutil.copytree(source, target / name, dirs_exist_ok=True)
            elif source.is_file():
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": BuildWithBundle})
