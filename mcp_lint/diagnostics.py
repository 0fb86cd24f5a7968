"""Diagnostics: what a rule reports, where, and the per-file result of a check."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

#: The code of a file that could not be checked (unreadable, undecodable or unparsable).
PARSE_ERROR_CODE = "MCP000"


@dataclass(eq=False)
class Diagnostic:
    """One finding of one rule.

    Positions are 1-based rows and columns, as ruff and flake8 print them.

    Attributes:
        code (str): the rule code, ``MCP001``.
        name (str): the rule's kebab-case name.
        message (str): the message shown to the user.
        row (int): the line the finding starts on.
        column (int): the column it starts at.
        end_row (int): the line it ends on.
        end_column (int): the column it ends at (exclusive).
        node (cst.CSTNode | None): the reported node, for fixes; None for MCP000.
    """

    code: str
    name: str
    message: str
    row: int = 0
    column: int = 0
    end_row: int = 0
    end_column: int = 0
    node: cst.CSTNode | None = field(default=None, repr=False)

    @property
    def sort_key(self) -> tuple[int, int, str]:
        """tuple[int, int, str]: row, column and code, the order diagnostics are printed in."""
        return (self.row, self.column, self.code)


@dataclass
class FileResult:
    """The outcome of checking one file.

    Attributes:
        path (Path): the file as given or found.
        diagnostics (list[Diagnostic]): the findings, sorted by position, MCP000 included.
        error (bool): True when the file could not be checked; an MCP000 diagnostic says why.
    """

    path: Path
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: bool = False
