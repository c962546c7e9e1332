"""A non-editable install (a wheel, as `pip install mapwright` or pre-commit make it)
carries the schemas, the default site config and the theme overrides, and works
outside the checkout."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_wheel_installs_and_validates_outside_the_checkout(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(wheels), str(REPO)], check=True, cwd=tmp_path)
    wheel = next(wheels.glob("mapwright-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("generator/_bundled/schemas/game.schema.json", "generator/_bundled/mkdocs.yml",
                   "generator/_bundled/site_overrides/assets/javascripts/mapwright-map.js",
                   "generator/_bundled/content/classic/game.yaml", "generator/data/datc/datc.json",
                   "generator/data/datc/DATC_v3_0.html", "generator/_bundled/schemas/adjudication-request.schema.json"):
        assert needed in names, needed
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "-q", str(wheel)], check=True)
    where = subprocess.run([str(python), "-c", "import generator, generator.paths as p; "
                            "print(generator.__file__); print(p.SCHEMA_DIR)"],
                           check=True, capture_output=True, text=True, cwd=tmp_path).stdout
    assert str(venv) in where and "_bundled" in where, where
    project = tmp_path / "variant"
    shutil.copytree(REPO / "content" / "classic", project / "content" / "classic",
                    ignore=shutil.ignore_patterns("rules"))
    run = subprocess.run([str(venv / "bin" / "mapwright"), "validate", "--format", "json"],
                         capture_output=True, text=True, cwd=project)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    # the shipped games load by id anywhere, and the judge plays them
    play = subprocess.run([str(python), "-c", "from generator import api; g = api.load_game('classic'); "
                           "print(g.path); print(g.adjudicate({'phase': 'S1901M', 'units': {'FRANCE': ['A PAR']}, "
                           "'orders': {'FRANCE': ['A PAR - BUR']}})['after']['units'])"],
                          check=True, capture_output=True, text=True, cwd=tmp_path).stdout
    assert "_bundled" in play and "A BUR" in play, play
    judge = subprocess.run([str(venv / "bin" / "mapwright"), "adjudicate", "classic", "--jsonl"],
                           input='{"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {}}\n',
                           capture_output=True, text=True, cwd=tmp_path)
    assert judge.returncode == 0 and '"A PAR"' in judge.stdout, judge.stderr
