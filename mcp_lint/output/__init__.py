"""Output formats, one module each, chosen with ``--output-format`` (ruff's names).

Attributes:
    FORMATS (dict[str, Callable[[Sequence[FileResult]], str]]): format name to renderer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mcp_lint.diagnostics import FileResult
from mcp_lint.output.github import render_github
from mcp_lint.output.json_records import render_json
from mcp_lint.output.sarif import render_sarif
from mcp_lint.output.text import render_concise, render_full

FORMATS: dict[str, Callable[[Sequence[FileResult]], str]] = {
    "full": render_full,
    "concise": render_concise,
    "json": render_json,
    "github": render_github,
    "sarif": render_sarif,
}

#: Formats that describe fixes as edits.
FORMATS_WITH_EDITS = frozenset({"json", "sarif"})

__all__ = ["FORMATS", "FORMATS_WITH_EDITS"]
