"""mapwright docs -o DIR — the generated docs tree on disk, for any engine to build.

`build` hands the pages to MkDocs in memory through the mapwright plugin. Engines that
run no MkDocs plugin (Zensical reads mkdocs.yml but runs only the plugins it
reimplements) need the pages as files instead: DIR/docs/ holds every page, map and
PDF the plugin would add, DIR/overrides/ the theme files the pages use (the map
viewer's script and stylesheet, the page-title template), and DIR/mkdocs.yml names the
site as the project's own configuration does, with the navigation written out and no
mapwright plugin. `mkdocs build` and `zensical build` in DIR both make the site.

What the tree cannot carry is the plugin's HTML sanitiser, which runs after Markdown:
the pages are what `mapwright validate` passed (no raw HTML outside a safe list, no
unsafe link or attribute), and that check is the one that holds for them here.

The files go through the write rule (generator/writing.py): DIR's `.mapwright-files`
lists what this command wrote, so a second run replaces its own files, removes the ones
it no longer makes, and refuses anything else without `--force`.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..diagnostics import errors
from ..writing import Refused, write_files
from .build import config_path
from .common import add_force, examples, fail, report, write_refused
from .console import say

THEME_KEYS = ("language", "features", "palette", "font", "icon", "logo", "favicon")
SITE_KEYS = ("site_name", "site_url", "site_description", "site_author", "repo_url", "repo_name",
             "edit_uri", "copyright")


def register(sub) -> None:
    p = sub.add_parser("docs", help="write the docs tree and an mkdocs.yml any engine builds",
                       description="Write every generated page into DIR/docs with a matching "
                                   "DIR/mkdocs.yml (no plugin needed): `mkdocs build` or "
                                   "`zensical build` in DIR makes the site.",
                       epilog=examples("mapwright docs -o public-docs && cd public-docs && zensical build",
                                       "mapwright docs -o tree --no-pdf"))
    p.add_argument("-o", "--output", type=Path, required=True, help="folder to write (docs/, overrides/, mkdocs.yml)")
    p.add_argument("--content", type=Path, default=Path("content"), help="content folder (default: content)")
    p.add_argument("--config", type=Path, default=None,
                   help="mkdocs.yml naming the site (default: ./mkdocs.yml, else a site titled 'Variant rules')")
    p.add_argument("--no-pdf", dest="pdf", action="store_false", help="leave out the printable PDFs")
    add_force(p)
    p.set_defaults(func=run, progress=True)


def _site_config(config_file: Path, content: Path):
    """The site's MkDocs configuration, loaded as `build` loads it, and the mapwright
    plugin's settings from it."""
    from mkdocs.config import load_config
    from ..mkdocs_plugin.config import add_extensions
    from ..paths import AUTHOR_MKDOCS
    extra = {"docs_dir": str(content.resolve())} if config_file == AUTHOR_MKDOCS else {}
    config = load_config(config_file=str(config_file), **extra)
    add_extensions(config)
    plugin = config.plugins.get("mapwright")
    return config, (plugin.config if plugin is not None else None)


def tree_config(config, nav: list) -> dict:
    """The mkdocs.yml of the written tree: the site's own names and look, the games'
    navigation, the theme files from overrides/, Markdown as the pages need it."""
    from ..mkdocs_plugin.assets import SCRIPT, STYLESHEET
    out = {k: config[k] for k in SITE_KEYS if config.get(k)}
    theme = {"name": config.theme.name, "custom_dir": "overrides"}
    theme.update({k: config.theme[k] for k in THEME_KEYS if k in config.theme and config.theme[k] is not None})
    out.update(docs_dir="docs", theme=theme, plugins=["search"], nav=nav)
    # Mapwright's own extension (search snippets' cell separators) stays behind: the engine
    # that builds the tree need not have Mapwright installed
    out["markdown_extensions"] = [{name: config.mdx_configs[name]} if config.mdx_configs.get(name) else name
                                  for name in map(str, config.markdown_extensions)
                                  if not name.startswith("generator.")]
    out["extra_css"] = list(dict.fromkeys([*map(str, config.extra_css), STYLESHEET]))
    out["extra_javascript"] = list(dict.fromkeys([*map(str, config.extra_javascript), SCRIPT]))
    return out


def _overrides() -> dict[str, bytes]:
    from ..paths import SITE_OVERRIDES
    return {f"overrides/{p.relative_to(SITE_OVERRIDES).as_posix()}": p.read_bytes()
            for p in sorted(SITE_OVERRIDES.rglob("*")) if p.is_file() and not p.is_symlink()}


def _pdfs(files: dict, options) -> dict:
    """Each print job drawn (from the build's PDF cache where it holds the same job)."""
    from ..build import pdf_cache
    from ..render.print import PrintJob, render_job
    cache, out = pdf_cache(options), {}
    for path, content in files.items():
        if isinstance(content, PrintJob):
            key = content.key()
            data = cache.get(key)
            if data is None:
                data = render_job(content)
                cache.put(key, data)
            out[path] = data
        else:
            out[path] = content
    return out


def run(args) -> int:
    from ..build import BuildOptions, Generator, check_renderer
    from ..render.print import DEFAULT_RENDERER
    from ..site.tree import SiteSettings
    config_file = config_path(args.config)
    if not config_file.is_file():
        return fail(f"no MkDocs configuration at {config_file}", 2)
    if not args.content.is_dir():
        return fail(f"no content folder at {args.content}", 2)
    try:
        config, settings = _site_config(config_file, args.content)
    except Exception as exc:   # MkDocs' own refusal of the file: say it, as build does
        return fail(f"{config_file}: {exc}", 2)
    site = SiteSettings(title=config.site_name, reference=settings.reference if settings else False,
                        source_url=settings.source_url if settings else None)
    # build/ (the caches) where `build` keeps it: in the working folder, never beside a
    # configuration Mapwright ships
    options = BuildOptions(content=args.content, project=Path.cwd(), pdf=args.pdf, site=site,
                           pdf_renderer=settings.pdf_renderer if settings else DEFAULT_RENDERER)
    refused = check_renderer(options, config_file)
    if refused:
        return report(refused, "text") or 1
    tree = Generator().tree(options)
    found = tree.report.sorted()
    if found:
        report(found, "text")
    if errors(found):
        return 1
    files = {f"docs/{path}": content for path, content in _pdfs(tree.files, options).items()}
    files.update(_overrides())
    files["mkdocs.yml"] = ("# Written by `mapwright docs`: the site's pages as files, for any engine that "
                           "reads mkdocs.yml\n# (mkdocs build, zensical build). Run the command again "
                           "after changing the content.\n"
                           + yaml.safe_dump(tree_config(config, tree.nav), sort_keys=False, allow_unicode=True))
    try:
        write_files(args.output, files, force=args.force, record=True, prune=True)
    except Refused as exc:
        return write_refused(exc, args.output)
    say(f"wrote the docs tree of {len(tree.games)} game(s) into {args.output}/ "
        f"(build it there: mkdocs build, or zensical build)")
    return 0
