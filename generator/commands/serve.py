"""mapwright serve — live preview: editing content regenerates the docs tree and reloads."""
from __future__ import annotations

import os
from pathlib import Path

from .build import config_path
from .common import fail


def register(sub) -> None:
    p = sub.add_parser("serve", help="live preview of the site",
                       description="Build the site and serve it locally; editing a file under "
                                   "content/ regenerates the pages and reloads the browser.")
    p.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="address (default: 127.0.0.1:8000)")
    p.add_argument("--content", type=Path, default=Path("content"), help="content folder")
    p.add_argument("--config", type=Path, default=None, help="mkdocs.yml")
    p.add_argument("--work", type=Path, default=Path("build"), help="where the docs tree is written")
    p.set_defaults(func=run, long_running=True)   # keeps the default collector policy (heap.py)


def run(args) -> int:
    from mkdocs.commands.serve import serve
    from ..build import generate
    from ..paths import PACKAGE_ROOT
    result = generate(args.content, args.work / "docs")
    if result.report.has_errors:
        from .common import report
        report(result.report.diagnostics, "text")
        return 1
    os.environ["MAPWRIGHT_CONTENT"] = str(args.content.resolve())
    config = config_path(args.config)
    try:
        serve(config_file=str(config), dev_addr=args.dev_addr, livereload=True,
              docs_dir=str((args.work / "docs").resolve()), nav=result.nav, strict=False,
              watch=[str(args.content.resolve())], hooks=[str(PACKAGE_ROOT / "serve_hook.py")])
    except OSError as exc:
        return fail(f"cannot serve: {exc}")
    return 0
