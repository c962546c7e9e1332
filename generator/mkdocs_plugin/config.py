"""The plugin's settings in mkdocs.yml, typed as MkDocs' own config options are."""
from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c


class MapwrightConfig(base.Config):
    # the games; default: MkDocs' docs_dir (mkdocs.yml points it at content/)
    content = c.Optional(c.Type(str))
    # render the printable PDFs published with each game
    pdf = c.Type(bool, default=True)
    # where rendered PDFs and per-game pages are kept between builds; default build/cache
    cache_dir = c.Optional(c.Type(str))
    # processes rendering PDFs; 0: one per CPU but one (the build's own process needs one)
    jobs = c.Type(int, default=0)
