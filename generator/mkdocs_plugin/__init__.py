"""Mapwright as an MkDocs plugin: the only part of Mapwright that imports MkDocs.

    plugins:
      - search
      - mapwright          # content: content, pdf: true, cache_dir: build/cache

`plugin.py` turns the generator's pages into MkDocs files and navigation; `run.py` is
what `mapwright build` and `mapwright serve` call. A plain `mkdocs build` or
`mkdocs serve --dirty` with the plugin listed does the same. MkDocs stays the last,
replaceable step: the generator (generator/build.py) knows nothing of it.
"""
