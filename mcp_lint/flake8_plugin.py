"""The flake8 adapter: ``flake8 --select MCP`` runs the same engine as ``mcp-lint check``.

flake8 passes a tree plugin only the arguments its ``__init__`` names and calls it only if one of them is
``tree``. mcp-lint needs a libcst tree, so it parses ``lines`` itself and ignores flake8's ``ast`` tree.
Syntax errors are left to flake8's own E999.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from mcp_lint import __version__
from mcp_lint.checker import check_source
from mcp_lint.rules import ALL_RULES


class Flake8Plugin:
    """A flake8 tree plugin reporting every ``MCP`` code; flake8's ``--select``/``--ignore`` filter them.

    Args:
        tree (ast.AST): flake8's parse of the file; unused, but its presence makes flake8 call the plugin.
        lines (Sequence[str]): the file's lines, decoded by flake8.
        filename (str): the file's name.
    """

    name = "mcp-lint"
    version = __version__

    def __init__(self, tree: ast.AST, lines: Sequence[str], filename: str) -> None:
        self.lines = lines
        self.filename = filename

    def run(self) -> Iterator[tuple[int, int, str, type[Any]]]:
        """Yield flake8 results.

        Yields:
            tuple[int, int, str, type]: row, 0-based column, ``"MCP001 message"`` and the plugin class.
        """
        result = check_source("".join(self.lines), Path(self.filename), ALL_RULES)
        if result.error:
            return
        for d in result.diagnostics:
            yield d.row, d.column - 1, f"{d.code} {d.message}", type(self)
