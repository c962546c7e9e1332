"""The docs tree: plain Markdown, SVG, CSV and JSON that MkDocs turns into the site."""
