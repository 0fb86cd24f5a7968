"""The flake8 adapter: ``flake8 --select MCP`` runs the same engine as ``mcp-lint check``.

flake8 passes a tree plugin only the arguments its ``__init__`` names and calls it only if one of them is
``tree``. mcp-lint needs a libcst tree, so it parses ``lines`` itself and ignores flake8's ``ast`` tree. Each
file is checked with the model of its project, built once per flake8 process, so flake8 reports exactly what
``mcp-lint check`` reports.
Syntax errors are left to flake8's own E999.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from mcp_lint import __version__
from mcp_lint.checker import check_source
from mcp_lint.noqa import suppress
from mcp_lint.project import SummaryCache
from mcp_lint.rule import RuleOptions
from mcp_lint.rules import ALL_RULES
from mcp_lint.runner import Projects, SettingsResolver
from mcp_lint.settings import ConfigError, Overrides

# The project models of this flake8 process, built once per project and shared by every file checked in it.
_PROJECTS: Projects | None = None


def _projects() -> Projects:
    global _PROJECTS
    if _PROJECTS is None:
        _PROJECTS = Projects(SettingsResolver(Overrides()), SummaryCache(None))
    return _PROJECTS


class Flake8Plugin:
    """A flake8 tree plugin reporting every ``MCP`` code; flake8's ``--select``/``--ignore`` filter them.

    Args:
        tree (ast.AST): flake8's parse of the file; unused, but its presence makes flake8 call the plugin.
        lines (Sequence[str]): the file's lines, decoded by flake8.
        filename (str): the file's name.
    """

    name = "mcp-lint"
    version = __version__
    options = RuleOptions()
    preview = False

    def __init__(self, tree: ast.AST, lines: Sequence[str], filename: str) -> None:
        self.lines = lines
        self.filename = filename

    @classmethod
    def add_options(cls, option_manager: Any) -> None:
        """Register mcp-lint's rule options with flake8, readable from ``setup.cfg``, ``tox.ini`` or ``.flake8``.

        Args:
            option_manager (flake8.options.manager.OptionManager): flake8's option manager.
        """
        option_manager.add_option(
            "--retry-after-seconds", type=int, default=RuleOptions().retry_after_seconds,
            parse_from_config=True, help="The delay MCP004 asks for (mcp-lint option retry-after-seconds).",
        )  # fmt: skip
        option_manager.add_option(
            "--mcp-preview", action="store_true", default=False, parse_from_config=True,
            help="Also run mcp-lint's preview rules (mcp-lint option preview).",
        )  # fmt: skip

    @classmethod
    def parse_options(cls, options: Any) -> None:
        """Take the parsed options.

        Args:
            options (argparse.Namespace): flake8's parsed options.
        """
        cls.options = RuleOptions(retry_after_seconds=options.retry_after_seconds)
        cls.preview = bool(options.mcp_preview)

    def run(self) -> Iterator[tuple[int, int, str, type[Any]]]:
        """Yield flake8 results; flake8 applies ``# noqa`` lines itself, the plugin ``# mcp-lint: noqa``.

        Yields:
            tuple[int, int, str, type]: row, 0-based column, ``"MCP001 message"`` and the plugin class.
        """
        path = Path(self.filename)
        facts = project = None
        if self.filename not in ("-", "stdin") and path.is_file():
            try:
                projects = _projects()
                facts = projects.facts_for(path)
                project = projects.context()
            except (ConfigError, OSError):
                facts = project = None  # checked on its own, as a file without a project
        rules = [rule for rule in ALL_RULES if self.preview or not rule.preview]
        result = check_source("".join(self.lines), path, rules, self.options, facts=facts, project=project)
        if result.error:
            return
        lines = [line.rstrip("\r\n") for line in self.lines]
        for d in suppress(result.diagnostics, lines, inline=False):
            yield d.row, d.column - 1, f"{d.code} {d.message}", type(self)
