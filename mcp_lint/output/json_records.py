"""``--output-format json``: ruff-compatible records."""

from __future__ import annotations

import json
from collections.abc import Sequence

from mcp_lint.diagnostics import Diagnostic, FileResult


def _location(row: int, column: int) -> dict[str, int]:
    return {"row": row, "column": column}


def record(filename: str, d: Diagnostic) -> dict[str, object]:
    """One diagnostic as a ruff JSON record.

    Args:
        filename (str): the file's path.
        d (Diagnostic): the finding.
    Returns:
        dict[str, object]: ``code``, ``name``, ``message``, ``filename``, ``location``, ``end_location``,
        ``fix`` (``applicability``, ``message``, ``edits``; or None), ``noqa_row`` and ``url``.
    """
    fix = None
    if d.fix_applicability is not None:
        fix = {
            "applicability": d.fix_applicability.value,
            "message": d.fix_title,
            "edits": [
                {"content": e.content, "location": _location(e.row, e.column), "end_location": _location(e.end_row, e.end_column)}
                for e in d.edits or ()
            ],
        }
    return {
        "cell": None,
        "code": d.code,
        "name": d.name,
        "message": d.message,
        "filename": filename,
        "location": _location(d.row, d.column),
        "end_location": _location(d.end_row, d.end_column),
        "fix": fix,
        "noqa_row": d.row,
        "url": None,
    }


def render_json(results: Sequence[FileResult]) -> str:
    """Render a JSON array of records.

    Args:
        results (Sequence[FileResult]): the checked files.
    Returns:
        str: the JSON document.
    """
    return json.dumps([record(str(r.path), d) for r in results for d in r.diagnostics], indent=2) + "\n"
