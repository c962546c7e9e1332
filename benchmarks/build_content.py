"""Validate and build times for the bundled content/, and the generator's share of a
build measured against MkDocs alone on the same pages.

    python benchmarks/build_content.py [--content content] [--repeat 3] [--builds 2] [--validate-only]

Validate: each game, the least CPU time of --repeat runs in one process (imports warm),
as `mapwright validate` runs it (no figures drawn), and where that time goes; and the whole
`mapwright validate content` command in a fresh process. Every run reads and checks every
file again (nothing is cached between runs). `--validate-only` prints these and writes
nothing.

Builds: `mapwright build` (MkDocs with the mapwright plugin), each in a fresh Python
process, timed inside it from its first import to the last file written, under the
command's collector policy; the fastest of --builds runs is kept:

- cold: an empty cache folder: every game validated and drawn, every PDF rendered;
- warm: the cache folder a previous build filled (games and PDFs read back);
- no PDFs: `--no-pdf`, empty cache.

MkDocs alone: the same pages (the generator's output, PDFs included, written to a docs
folder) built by MkDocs with the same mkdocs.yml without the mapwright plugin, in a
fresh process, timed the same way (imports included, as `mkdocs build` runs). The
generator's share is (build - MkDocs alone) / build; the time inside the plugin's hooks
(measured inside the build, per hook) and the collector's time say where it went.

Prints a Markdown table and writes it to benchmarks/results/build.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RESULTS = ROOT / "benchmarks" / "results"
HOOKS = ("on_config", "on_files", "on_page_markdown", "on_page_content", "on_post_build")


def best(repeat: int, action) -> float:
    """The least CPU time of `repeat` runs (CPU time: other jobs on the machine change it
    less than they change the time on the clock; validate runs in one thread)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return min(times)


class Collector:
    """Time the garbage collector spends in this process (gc.callbacks)."""

    def __init__(self):
        import gc
        self.seconds, self._start = 0.0, 0.0
        gc.callbacks.append(self)

    def __call__(self, phase, info):
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._start


PHASES = ("data files", "rules pages", "family load", "family checks", "worked examples")


def validate_phases(game_dir: Path, repeat: int) -> dict[str, float] | None:
    """Where one game's validate goes, each part the least CPU of `repeat` runs: reading
    and schema-checking its data files (YAML), reading its rules pages (their Markdown
    checks render each page), the family's load and checks, the worked examples. None
    when the game does not read cleanly."""
    from generator.families import family
    from generator.game import read_game, read_rules_pages
    from generator.validate import run_examples
    pages = read_rules_pages(game_dir)
    source, _ = read_game(game_dir, pages)
    if source is None:
        return None
    fam = family(source.meta["family"])
    game = fam.load(source)

    def checks():   # the data checks and those reading the rules pages
        return fam.check(game) + (fam.from_rules(game, source.rules_pages).diagnostics if fam.from_rules else [])
    actions = (lambda: read_game(game_dir, pages), lambda: read_rules_pages(game_dir), lambda: fam.load(source),
               checks, lambda: run_examples(fam, game, source))
    return {name: best(repeat, action) for name, action in zip(PHASES, actions)}


def one_build(content: str, config: str, site: str, cache: str, pdf: bool) -> dict:
    """`mapwright build`, in this process (run in a fresh one), as the command runs it:
    imports included, under the command's collector policy."""
    start, cpu = time.perf_counter(), time.process_time()
    collector = Collector()
    from generator.heap import GeneratedSetAside, command_heap
    from generator.mkdocs_plugin.run import build_site
    imports = time.perf_counter() - start
    with command_heap():
        outcome = build_site(Path(config), Path(content), Path(site), cache_dir=Path(cache), pdf=pdf,
                             heap=GeneratedSetAside())
    hooks = {k.removeprefix("hook "): v for k, v in outcome.timings.items() if k.startswith("hook ")}
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)   # the PDF processes, joined at the end
    return {"build": time.perf_counter() - start, "cpu": time.process_time() - cpu,
            "workers_cpu": workers.ru_utime + workers.ru_stime, "imports": imports,
            "generate": outcome.timings["generate"], "plugin": outcome.timings["plugin"], "hooks": hooks,
            "gc": collector.seconds, "regenerated": len(outcome.regenerated), "rendered": outcome.rendered}


def write_pages(content: str, docs: str, cache: str, pdf: bool) -> list:
    """The generator's pages as files (PDFs from the cache a build filled); the nav."""
    from generator.build import BuildOptions, Generator
    from generator.render.print import PdfCache, PrintJob
    options = BuildOptions(content=Path(content), project=Path.cwd(), cache_dir=Path(cache), pdf=pdf)
    tree = Generator().tree(options)
    pdfs = PdfCache(Path(cache))
    for rel, value in tree.files.items():
        target = Path(docs) / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(value, PrintJob):
            value = pdfs.get(value.key()) or value.render()
        target.write_bytes(value if isinstance(value, bytes) else value.encode("utf-8"))
    return tree.nav


def mkdocs_alone(config: str, docs: str, site: str, nav: list) -> dict:
    """MkDocs on the written pages with the same look, without the mapwright plugin, as
    `mkdocs build` runs: imports included, the interpreter's collector policy."""
    start, cpu = time.perf_counter(), time.process_time()
    collector = Collector()
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    imports = time.perf_counter() - start
    cfg = load_config(config_file=config, docs_dir=docs, site_dir=site, nav=nav,
                      plugins=["search"], strict=True)
    build(cfg)
    return {"build": time.perf_counter() - start, "cpu": time.process_time() - cpu, "imports": imports,
            "gc": collector.seconds}


def in_fresh_process(function: str, *args) -> dict:
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT)!r}); "
            f"from benchmarks.build_content import {function}; "
            f"print(json.dumps({function}(*json.loads(sys.argv[1]))))")
    run = subprocess.run([sys.executable, "-c", code, json.dumps(args)], capture_output=True,
                         text=True, cwd=ROOT, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def _validate_lines(per_game: list, phases: list, commands: dict) -> list[str]:
    from generator.parallel import available_cpus
    lines = ["## Validate, per game (no figures drawn)", "",
             "| game | validate | worked examples | errors |", "|---|---|---|---|"]
    lines += [f"| {name} | {s:.3f} s | {ex} | {err} |" for name, s, ex, err in per_game]
    lines += [f"| **all** | {sum(s for _, s, _, _ in per_game):.3f} s | "
              f"{sum(ex for _, _, ex, _ in per_game)} | {sum(e for _, _, _, e in per_game)} |", "",
              "Where it goes (seconds, each part timed alone as above; data files: YAML read and "
              "schema-checked; rules pages: read, line-checked and rendered once for the safety check):", "",
              "| game | " + " | ".join(PHASES) + " |", "|---|" + "---|" * len(PHASES)]
    lines += [f"| {name} | " + " | ".join(f"{parts[k]:.3f}" for k in PHASES) + " |"
              for name, parts in phases if parts is not None]
    lines += ["| **all** | " + " | ".join(f"{sum(parts[k] for _, parts in phases if parts):.3f}" for k in PHASES)
              + " |", "",
              "The whole command in a fresh process (starting Python and importing included; best of "
              f"{len(commands['--jobs 1'][0])}, the two taken in turn; {available_cpus()} CPUs here):", ""]
    for flag, (clock, cpu) in commands.items():
        shown = f"mapwright validate content {flag}".strip()
        lines.append(f"- `{shown}`{' (a worker process per CPU)' if not flag else ''}: {min(clock):.2f} s on "
                     f"the clock, {min(cpu):.2f} s of CPU")
    return lines + [""]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml")
    parser.add_argument("--repeat", type=int, default=3, help="runs per validate timing (best is kept)")
    parser.add_argument("--builds", type=int, default=2, help="builds per configuration (fastest is kept)")
    parser.add_argument("--out", type=Path, default=RESULTS / "build.md")
    parser.add_argument("--validate-only", action="store_true",
                        help="time validate only, print its tables and write nothing")
    args = parser.parse_args(argv)

    from generator.game import discover
    from generator.validate import validate_game
    load_before = os.getloadavg()
    games, _ = discover([args.content])
    for game in games:  # warm imports and schema caches
        validate_game(game)
    per_game = []
    for game in games:
        seconds = best(args.repeat, lambda: validate_game(game))
        result = validate_game(game)
        examples = sum(len(v) for v in result.examples.values())
        errors = sum(d.severity == "error" for d in result.diagnostics)
        per_game.append((game.name, seconds, examples, errors))
    phases = [(game.name, validate_phases(game, args.repeat)) for game in games]

    # the whole command, as CI runs it: a fresh process, imports included; in one process
    # (--jobs 1) and as by default (a worker per CPU), taken in turn
    commands: dict[str, tuple[list, list]] = {"--jobs 1": ([], []), "": ([], [])}
    for _ in range(args.repeat):
        for flag, (clock, cpu) in commands.items():
            start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "generator", "validate", str(args.content), *flag.split()],
                           cwd=ROOT, capture_output=True, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            clock.append(time.perf_counter() - start)
            cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    validate_lines = _validate_lines(per_game, phases, commands)
    if args.validate_only:
        load = os.getloadavg()[0]
        print(f"`python benchmarks/build_content.py --validate-only --repeat {args.repeat}`: load average "
              f"{load_before[0]:.1f} at the start, {load:.1f} at the end.\n\n" + "\n".join(validate_lines))
        return 0

    content, config = str(args.content.resolve()), str(args.config.resolve())
    rows = []
    with tempfile.TemporaryDirectory(dir=ROOT / "build" if (ROOT / "build").is_dir() else None) as tmp:
        tmp = Path(tmp)

        def build(name: str, cache: Path, pdf: bool, fresh_cache: bool) -> dict:
            runs = []
            for i in range(args.builds):
                if fresh_cache:
                    shutil.rmtree(cache, ignore_errors=True)
                runs.append(in_fresh_process("one_build", content, config, str(tmp / f"{name}{i}"),
                                             str(cache), pdf))
            return min(runs, key=lambda r: r["build"])

        cold = build("cold", tmp / "cache", True, True)
        warm = build("warm", tmp / "cache", True, False)       # the cold builds filled it
        nopdf = build("nopdf", tmp / "cache-nopdf", False, True)
        alone = {}
        for label, pdf in (("with PDFs", True), ("without PDFs", False)):
            docs = tmp / f"docs-{pdf}"
            nav = write_pages(content, str(docs), str(tmp / "cache"), pdf)
            alone[pdf] = min((in_fresh_process("mkdocs_alone", config, str(docs), str(tmp / f"alone{pdf}{i}"), nav)
                              for i in range(args.builds)), key=lambda r: r["build"])
        for name, r, pdf in (("cold (empty cache: every game and PDF made)", cold, True),
                             ("warm (the cache a previous build filled)", warm, True),
                             ("`--no-pdf`, empty cache", nopdf, False)):
            rows.append((name, r, alone[pdf]))
    load_after = os.getloadavg()

    lines = ["# Build benchmark: bundled content", "",
             f"`python benchmarks/build_content.py --repeat {args.repeat} --builds {args.builds}` on Python "
             f"{platform.python_version()}, {os.cpu_count()} CPU(s), {platform.machine()}; load average "
             f"{load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end (other jobs on the machine "
             "slow every figure down). Validate: the least CPU time of the runs in one process (imports "
             "warm); each build: the fastest of the runs on the clock, each in a fresh process.", ""]
    lines += validate_lines
    lines += ["## Build: `mapwright build` against MkDocs alone on the same pages", "",
              "| build | `mapwright build` | in the plugin's hooks | hooks' share | MkDocs alone "
              "| share beyond MkDocs alone | games made | PDFs rendered |",
              "|---|---|---|---|---|---|---|---|"]
    for name, r, base in rows:
        lines.append(f"| {name} | {r['build']:.2f} s | {r['plugin']:.2f} s | {100 * r['plugin'] / r['build']:.0f} % "
                     f"| {base['build']:.2f} s | {100 * (r['build'] - base['build']) / r['build']:.0f} % "
                     f"| {r['regenerated']} | {r['rendered']} |")
    lines += ["", "The same builds in CPU seconds, which other jobs on the machine change much less: the "
              "build's own process (the generator, then MkDocs), the PDF processes beside it, and MkDocs "
              "alone. With a CPU for the PDF processes, a build takes about its own process's CPU time on "
              "the clock; the share beyond MkDocs alone, in CPU: (own process - MkDocs alone) / own process.", "",
              "| build | own process | PDF processes | MkDocs alone | share beyond MkDocs alone, CPU |",
              "|---|---|---|---|---|"]
    for name, r, base in rows:
        lines.append(f"| {name.split(' (')[0]} | {r['cpu']:.2f} s | {r['workers_cpu']:.2f} s | {base['cpu']:.2f} s "
                     f"| {100 * (r['cpu'] - base['cpu']) / r['cpu']:.0f} % |")
    lines += ["", "Where each build's time went (seconds): imports; each plugin hook; the garbage collector "
              "(inside the figures before it).", "",
              "| build | imports | " + " | ".join(HOOKS) + " | collector | MkDocs alone: imports, collector |",
              "|---|---|" + "---|" * len(HOOKS) + "---|---|"]
    for name, r, base in rows:
        lines.append(f"| {name.split(' (')[0]} | {r['imports']:.2f} | "
                     + " | ".join(f"{r['hooks'].get(h, 0.0):.2f}" for h in HOOKS)
                     + f" | {r['gc']:.2f} | {base['imports']:.2f}, {base['gc']:.2f} |")
    lines += ["", "Both sides are timed from the start of their process's work to the last file written, "
              "imports included (the generator's for `mapwright build`, MkDocs' for both). In the hooks: "
              "on_config checks the paths; on_files validates and makes the games' pages (or reads them "
              "from the cache) and submits the PDFs to a process pool; on_page_markdown takes the large "
              "HTML blocks of Mapwright's own pages out of Markdown's way, and on_page_content puts them "
              "back and sanitises each page (nh3); on_post_build renders the PDFs the pool has not "
              "started, waits for the rest and writes them. While MkDocs renders "
              "the pages, the generator's objects are set aside from the collector (gc.freeze). Share beyond "
              "MkDocs alone: (build - MkDocs alone) / build, MkDocs building the same pages (written to a "
              "folder, PDFs included) with the same mkdocs.yml and without the plugin, in another fresh "
              "process. MkDocs alone also copies the theme's sourcemaps and search-language files, which "
              "the plugin leaves out (about 40 files).", ""]
    text = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    from generator.heap import command_heap
    with command_heap():   # timed as the `mapwright` command runs (its collector policy)
        raise SystemExit(main())
