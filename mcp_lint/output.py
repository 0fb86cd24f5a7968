"""Formatting diagnostics for people and programs."""

from __future__ import annotations

from collections.abc import Iterable

from mcp_lint.diagnostics import FileResult


def format_concise(results: Iterable[FileResult]) -> list[str]:
    """Format each diagnostic as ``path:row:column: CODE message``, as flake8 and ruff do.

    Args:
        results (Iterable[FileResult]): the checked files.
    Returns:
        list[str]: one line per diagnostic, files in the given order, diagnostics by position.
    """
    return [
        f"{result.path}:{d.row}:{d.column}: {d.code} {d.message}"
        for result in results
        for d in result.diagnostics
    ]


def summary(results: Iterable[FileResult]) -> str:
    """The closing line of a check.

    Args:
        results (Iterable[FileResult]): the checked files.
    Returns:
        str: ``Found N errors.`` or ``All checks passed!``.
    """
    count = sum(len(r.diagnostics) for r in results)
    if count == 0:
        return "All checks passed!"
    return f"Found {count} error{'s' if count != 1 else ''}."
