"""Diagnostics: what a rule reports, where, and the per-file result of a check."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

#: The code of a file that could not be checked (unreadable, undecodable or unparsable).
PARSE_ERROR_CODE = "MCP000"
#: How the message of an MCP000 diagnostic for a bug in mcp-lint itself begins.
INTERNAL_ERROR = "internal error:"


def internal_error_text(exc: BaseException) -> str:
    """The message of an MCP000 diagnostic for a bug in mcp-lint itself.

    Args:
        exc (BaseException): what was raised.
    Returns:
        str: the message, asking for a bug report.
    """
    return f"{INTERNAL_ERROR} {type(exc).__name__}: {exc}; the file was not changed. Please report this as a bug."


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


@dataclass(frozen=True)
class Edit:
    """A replacement of a source span, 1-based rows and columns, end exclusive (ruff's JSON edit).

    Attributes:
        content (str): the new text.
        row (int): where the span starts.
        column (int): its start column.
        end_row (int): where it ends.
        end_column (int): its end column.
    """

    content: str
    row: int
    column: int
    end_row: int
    end_column: int


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
    fix_title: str | None = None
    fix_applicability: Applicability | None = None
    edits: tuple[Edit, ...] | None = None

    def __post_init__(self) -> None:
        if self.fix is not None:
            self.fix_title = self.fix.title
            self.fix_applicability = self.fix.applicability

    def detached(self) -> Diagnostic:
        """Return a copy without the libcst node and codemod, fit to pickle and to cache.

        Returns:
            Diagnostic: the copy; it keeps the fix's title, applicability and edits.
        """
        return Diagnostic(
            self.code, self.name, self.message, self.row, self.column, self.end_row, self.end_column,
            fix_title=self.fix_title, fix_applicability=self.fix_applicability, edits=self.edits,
        )  # fmt: skip

    def to_json(self) -> dict[str, object]:
        """Serialise a detached diagnostic for the cache.

        Returns:
            dict[str, object]: plain JSON data; :meth:`from_json` reads it back.
        """
        return {
            "code": self.code, "name": self.name, "message": self.message,
            "span": [self.row, self.column, self.end_row, self.end_column],
            "fix_title": self.fix_title,
            "fix_applicability": self.fix_applicability.value if self.fix_applicability else None,
            "edits": None if self.edits is None else [
                [e.content, e.row, e.column, e.end_row, e.end_column] for e in self.edits
            ],
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: dict) -> Diagnostic:
        """Read a diagnostic written by :meth:`to_json`.

        Args:
            data (dict): the JSON data.
        Returns:
            Diagnostic: the detached diagnostic.
        Raises:
            KeyError, TypeError, ValueError: when the data is not what ``to_json`` writes.
        """
        row, column, end_row, end_column = data["span"]
        applicability = data["fix_applicability"]
        edits = data["edits"]
        return cls(
            data["code"], data["name"], data["message"], row, column, end_row, end_column,
            fix_title=data["fix_title"],
            fix_applicability=Applicability(applicability) if applicability else None,
            edits=None if edits is None else tuple(Edit(*e) for e in edits),
        )  # fmt: skip

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
        source (bytes | None): the source, kept only when it came from standard input (for source frames).
        units (dict[str, list[dict]] | None): the findings of each unit of the module before suppression, for the
            result cache (see :mod:`mcp_lint.units`); None when the check did not make them.
    """

    path: Path
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: bool = False
    source: bytes | None = None
    units: dict[str, list[dict]] | None = None
