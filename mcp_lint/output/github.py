"""``--output-format github``: GitHub Actions workflow commands, as ruff writes them."""

from __future__ import annotations

from collections.abc import Sequence

from mcp_lint.diagnostics import FileResult


def _escape_property(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A").replace(":", "%3A").replace(",", "%2C")


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def render_github(results: Sequence[FileResult]) -> str:
    """Render ``::error title=...,file=...,line=...,col=...::...`` lines.

    Args:
        results (Sequence[FileResult]): the checked files.
    Returns:
        str: one workflow command per diagnostic.
    """
    lines = []
    for r in results:
        for d in r.diagnostics:
            props = (
                f"title={_escape_property(f'mcp-lint ({d.code})')},file={_escape_property(str(r.path))},"
                f"line={d.row},col={d.column},endLine={d.end_row},endColumn={d.end_column}"
            )
            lines.append(f"::error {props}::{_escape_data(f'{r.path}:{d.row}:{d.column}: {d.code} {d.message}')}\n")
    return "".join(lines)
