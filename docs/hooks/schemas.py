"""mkdocs hook: publish the JSON Schemas that ship in the package under ``schemas/`` of the site.

The schemas live once, in ``src/concombre/io/schemas``; the site gets them at
build time, so the tree holds no symlink and the sdist no second copy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

SCHEMAS = Path(__file__).resolve().parents[2] / "src" / "concombre" / "io" / "schemas"


def on_files(files: Files, config: Any) -> Files:
    """Add each shipped schema to the site's files, as ``schemas/<name>.schema.json``."""
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        files.append(File.generated(config, f"schemas/{path.name}", abs_src_path=str(path)))
    return files
