"""The distribution works anywhere: the wheel and the sdist, made as a release makes them
(`python -m build`), each installed into a fresh virtual environment that sees no other
packages (its dependencies resolved from the package index, through pip's cache), and
used as a variant author would in an empty folder: `mapwright init`, then `new`,
`import webdiplomacy`, the workflows' own `validate` and `build` commands, `print` and
`serve`.

Slow (a build and two environments, about a minute each with a warm pip cache) and it
needs the package index: marked `slow`, which plain `pytest` still runs."""
from __future__ import annotations

import html
import os
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
import yaml

from generator import DISTRIBUTION, __version__

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
STEM = f"{DISTRIBUTION.replace('-', '_')}-{__version__}"
# what a checkout holds at its top besides the distribution's sources (MANIFEST.in leaves
# these out too), and what a run leaves anywhere
NOT_SOURCES_AT_TOP = {".git", "build", "site", "dist", "tests", "benchmarks", "tools", "print", "test-artifacts",
                      ".pytest_cache", ".hypothesis"}
LEFT_BY_RUNS = shutil.ignore_patterns("*.egg-info", "__pycache__")
BUNDLED = ("schemas/game.schema.json", "schemas/adjudication-request.schema.json", "mkdocs.yml",
           "templates/github-workflow/mapwright.yml", "templates/github-workflow/pages.yml",
           "templates/pre-commit/.pre-commit-config.yaml", "templates/site/mkdocs.yml",
           "site_overrides/assets/javascripts/mapwright-map.js", "docs-src/ci-for-variant-authors.md",
           "content/classic/game.yaml")
HINT = re.compile(r"^# yaml-language-server: \$schema=(\S+)$", re.M)


def _clean_env(**extra) -> dict:
    """The environment without what would let the checkout's code in."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", **extra)
    return env


def _run(argv, cwd, env=None, check=True, **kw) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env or _clean_env(), capture_output=True,
                          text=True, **kw)
    if check and done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, argv))} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory) -> dict[str, Path]:
    """The wheel and the sdist, both from a copy of the checkout whose build/lib holds a
    game from an earlier build: it must not ship."""
    root = tmp_path_factory.mktemp("release")
    source = root / "source"
    shutil.copytree(REPO, source, symlinks=True, ignore=lambda folder, names: LEFT_BY_RUNS(folder, names) | (
        NOT_SOURCES_AT_TOP & set(names) if Path(folder) == REPO else set()))
    stale = source / "build" / "lib" / "generator" / "_bundled" / "content" / "removed-game" / "game.yaml"
    stale.parent.mkdir(parents=True)
    stale.write_text("title: a game removed from content/\n", encoding="utf-8")
    _run([sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", root / "dist", source],
         cwd=root)
    return {"wheel": root / "dist" / f"{STEM}-py3-none-any.whl", "sdist": root / "dist" / f"{STEM}.tar.gz"}


def test_wheel_and_sdist_carry_every_bundled_folder_and_the_licence(artifacts):
    wheel = set(zipfile.ZipFile(artifacts["wheel"]).namelist())
    for name in BUNDLED:
        assert f"generator/_bundled/{name}" in wheel, name
    assert "generator/data/datc/datc.json" in wheel
    assert not any("removed-game" in name for name in wheel)
    assert f"{STEM}.dist-info/licenses/LICENSE" in wheel
    metadata = zipfile.ZipFile(artifacts["wheel"]).read(f"{STEM}.dist-info/METADATA").decode()
    assert "License-Expression: AGPL-3.0-or-later" in metadata and "Requires-Dist: scipy" in metadata
    with tarfile.open(artifacts["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for name in (*BUNDLED, "LICENSE", "generator/data/datc/datc.json"):
        assert name in names, name
    assert not any(name.startswith("tests/") for name in names)


@pytest.fixture(scope="session", params=["wheel", "sdist"])
def installed(request, artifacts, tmp_path_factory) -> Path:
    """A fresh environment (no system site packages) with one artifact installed and its
    dependencies resolved from the index; its bin/ folder."""
    venv = tmp_path_factory.mktemp(f"venv-{request.param}")
    _run([sys.executable, "-m", "venv", venv], cwd=venv)
    _run([venv / "bin" / "python", "-m", "pip", "install", "-q", artifacts[request.param]], cwd=venv)
    return venv / "bin"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _workflow_commands(path: Path) -> list[str]:
    """The `mapwright` lines of a workflow's steps."""
    steps = [s for job in yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"].values() for s in job["steps"]]
    return [line.strip() for s in steps for line in s.get("run", "").splitlines()
            if line.strip().startswith("mapwright ")]


def test_an_author_works_from_the_installed_package_alone(installed, tmp_path):
    env = _clean_env(PATH=f"{installed}{os.pathsep}{os.environ['PATH']}", RUNNER_TEMP=str(tmp_path / "runner"))
    where = _run([installed / "python", "-c", "import generator, generator.paths as p; "
                  "print(generator.__file__); print(p.SOURCE_ROOT)"], cwd=tmp_path, env=env).stdout
    assert str(installed.parent) in where and "_bundled" in where, where

    _run(["mapwright", "init", "rules", "--title", "Alice's Variants",
          "--repo-url", "https://github.com/alice/rules"], cwd=tmp_path, env=env)
    rules = tmp_path / "rules"
    _run(["mapwright", "new", "my-game", "--family", "diplomacy"], cwd=rules, env=env)
    _run(["mapwright", "import", "webdiplomacy", REPO / "tests" / "data" / "webdip" / "Pure", "-o", "content/pure"],
         cwd=rules, env=env)
    for path in (rules / "content").rglob("*.yaml"):
        for hint in HINT.findall(path.read_text(encoding="utf-8")):
            assert (path.parent / hint).resolve().is_file(), (path, hint)

    # the workflows' and the hook's commands, exactly as written
    check = _workflow_commands(rules / ".github" / "workflows" / "mapwright.yml")
    deploy = _workflow_commands(rules / ".github" / "workflows" / "pages.yml")
    hook = yaml.safe_load((rules / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"][0]["hooks"][0]
    assert check[0] == "mapwright validate --format github" and len(deploy) == 1
    for command in (check[0], hook["entry"], *deploy):
        done = _run(["bash", "-c", command], cwd=rules, env=env)
        assert "::error" not in done.stdout + done.stderr, command
    site = rules / "site"
    title = re.search(r"<title>([^<]*)</title>", (site / "index.html").read_text(encoding="utf-8")).group(1)
    assert html.unescape(title) == "Alice's Variants"
    assert (site / "pure" / "index.html").is_file() and list(site.glob("**/*.pdf"))
    assert (tmp_path / "runner" / "mapwright-cache").is_dir()

    _run(["mapwright", "print", "pure", "--what", "map", "-o", "pure-map.pdf"], cwd=rules, env=env)
    assert (rules / "pure-map.pdf").read_bytes()[:5] == b"%PDF-"

    # the shipped games load by id anywhere, and the judge plays them
    play = _run([installed / "python", "-c", "from generator import api; g = api.load_game('classic'); "
                 "print(g.adjudicate({'phase': 'S1901M', 'units': {'FRANCE': ['A PAR']}, "
                 "'orders': {'FRANCE': ['A PAR - BUR']}})['after']['units'])"], cwd=tmp_path, env=env).stdout
    assert "A BUR" in play, play

    port, log = _free_port(), tmp_path / "serve.log"
    with log.open("w") as out:
        serve = subprocess.Popen(["mapwright", "serve", "--no-pdf", "-a", f"127.0.0.1:{port}"], cwd=rules,
                                 env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        # MkDocs serves the site under its site_url's path, as GitHub Pages will: /rules/
        page = _fetch_when_up(f"http://127.0.0.1:{port}/rules/pure/", serve, log, seconds=120)
        assert "Alice&#39;s Variants" in page or "Alice's Variants" in page
    finally:
        serve.terminate()
        serve.wait(timeout=30)


def _fetch_when_up(url: str, process: subprocess.Popen, log: Path, seconds: float) -> str:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))   # loopback: never a proxy
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"mapwright serve exited {process.returncode}: {log.read_text()[-3000:]}")
        try:
            with opener.open(url, timeout=5) as response:
                return response.read().decode("utf-8")
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"mapwright serve did not answer at {url} within {seconds} s: {log.read_text()[-3000:]}")
