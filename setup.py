"""Packaging glue: a wheel carries the top-level schemas/, templates/, mkdocs.yml,
site_overrides/, docs-src/ and the bundled games of content/ inside the package
(generator/_bundled/), so a non-editable install (`pip install mapwright-rules`,
pre-commit's environments) validates, builds, adjudicates and runs `mapwright init`
like a checkout does (`generator.api.load_game("classic")` finds the shipped games).
The sdist carries the same folders (MANIFEST.in). All metadata lives in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("schemas", "templates", "mkdocs.yml", "site_overrides", "docs-src", "content")


class BuildWithBundle(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "generator" / "_bundled"
        # build/lib outlives a build: a game removed from content/ would ship again
        shutil.rmtree(target, ignore_errors=True)
        for name in BUNDLED:
            source = Path(name)
            if source.is_dir():
                shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif source.is_file():
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": BuildWithBundle})
