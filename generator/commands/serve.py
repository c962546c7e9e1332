"""mapwright serve — live preview: an edit regenerates only the game it touches."""
from __future__ import annotations

from .build import add_build_options, build_options, preflight
from .common import examples, fail


def register(sub) -> None:
    p = sub.add_parser("serve", help="live preview of the site",
                       description="Build the site and serve it locally; editing a file under "
                                   "content/ regenerates that game's pages and reloads the browser.",
                       epilog=examples("mapwright serve", "mapwright serve -a 0.0.0.0:8000 --no-pdf"))
    p.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="address (default: 127.0.0.1:8000)")
    add_build_options(p)
    p.set_defaults(func=run, long_running=True)   # keeps the default collector policy (heap.py)


def run(args) -> int:
    from ..mkdocs_plugin.run import NotBuilt, serve_site
    config, code = preflight(args)
    if config is None:
        return code
    try:
        serve_site(config, args.content, args.dev_addr, **build_options(args))
    except NotBuilt as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(f"cannot serve: {exc}")
    return 0
