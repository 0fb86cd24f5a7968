"""Diagnostics: what a rule reports, where, and the per-file result of a check."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

#: The code of a file that could not be checked (unreadable, undecodable or unparsable).
PARSE_ERROR_CODE = "MCP000"


class Applicability(enum.Enum):
    """Whether a fix may be applied without review (ruff's terms)."""

    SAFE = "safe"
    UNSAFE = "unsafe"


#: A change to one node: given the node as already updated below it, return its replacement.
Transform = Callable[[cst.CSTNode], cst.CSTNode]


@dataclass(eq=False)
class Fix:
    """A codemod for one diagnostic.

    Attributes:
        title (str): what the fix does, shown to the user.
        applicability (Applicability): safe, or unsafe (applied only with ``--unsafe-fixes``).
        edits (list[tuple[cst.CSTNode, Transform]]): nodes of the checked module and how to rewrite each.
        add_imports (list[tuple[str, str]]): ``(module, name)`` imports the rewritten code needs.
        remove_imports (list[tuple[str, str | None, str | None]]): ``(module, name, asname)`` imports to drop
            when nothing uses them any more.
    """

    title: str
    applicability: Applicability
    edits: list[tuple[cst.CSTNode, Transform]]
    add_imports: list[tuple[str, str]] = field(default_factory=list)
    remove_imports: list[tuple[str, str | None, str | None]] = field(default_factory=list)


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
        fix (Fix | None): the codemod that resolves it, if the rule has one here.
    """

    code: str
    name: str
    message: str
    row: int = 0
    column: int = 0
    end_row: int = 0
    end_column: int = 0
    node: cst.CSTNode | None = field(default=None, repr=False)
    fix: Fix | None = field(default=None, repr=False)

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
