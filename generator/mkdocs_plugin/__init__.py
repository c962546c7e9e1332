"""Mapwright as an MkDocs plugin: the only part of Mapwright that imports MkDocs.

    plugins:
      - search
      - mapwright          # content, pdf, cache_dir, jobs, reference, source_url (config.py)

`plugin.py` turns the generator's pages into MkDocs files and navigation (beside a
site's own pages: navigation.py); `run.py` is what `mapwright build` and `mapwright
serve` call; `patches.py` holds the only changes to MkDocs objects (under serve, where
no hook serves). A variant repository with no mkdocs.yml of its own builds with
templates/site/mkdocs.yml, what `mapwright init` writes. A plain `mkdocs build` or
`mkdocs serve --dirty` with the plugin listed does the same. MkDocs stays the last,
replaceable step: the generator (generator/build.py) knows nothing of it.
"""
