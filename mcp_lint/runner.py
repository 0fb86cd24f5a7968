"""Running a check over files: read each file's bytes and hand them to the check engine."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from mcp_lint.checker import check_source, parse_error
from mcp_lint.diagnostics import FileResult
from mcp_lint.files import iter_python_files
from mcp_lint.rule import Rule


def check_file(path: Path, rule_classes: Sequence[type[Rule]]) -> FileResult:
    """Check one file from disk.

    Args:
        path (Path): the file.
        rule_classes (Sequence[type[Rule]]): the selected rules.
    Returns:
        FileResult: its findings; an MCP000 diagnostic with ``error`` set when it cannot be read.
    """
    try:
        source = path.read_bytes()
    except OSError as exc:
        return FileResult(path, [parse_error(f"could not read: {exc.strerror or exc}")], error=True)
    return check_source(source, path, rule_classes)


def check_paths(
    paths: Iterable[Path], rule_classes: Sequence[type[Rule]], respect_gitignore: bool = True
) -> list[FileResult]:
    """Check every Python file below ``paths``.

    Args:
        paths (Iterable[Path]): files and directories.
        rule_classes (Sequence[type[Rule]]): the selected rules.
        respect_gitignore (bool): whether to skip what ``.gitignore`` ignores.
    Returns:
        list[FileResult]: one result per file, in the order the files were found.
    """
    return [check_file(path, rule_classes) for path in iter_python_files(paths, respect_gitignore)]
