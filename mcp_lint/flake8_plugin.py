"""The flake8 adapter: ``flake8 --select MCP`` runs the same engine as ``mcp-lint check``.

flake8 passes a tree plugin only the arguments its ``__init__`` names and calls it only if one of them is
``tree``. mcp-lint needs a libcst tree, so it parses ``lines`` itself and ignores flake8's ``ast`` tree. Each
file is checked with the model of its project, built once per flake8 process, so flake8 reports exactly what
``mcp-lint check`` reports.

Results are cached as ``mcp-lint check`` caches them: in ``.mcp_lint_cache`` in the project root of the working
directory (or ``MCP_LINT_CACHE_DIR``), keyed on the file's text, the options, the SDK pins and what its findings
depend on in other modules. flake8's worker processes share no memory, so each file's result is its own small
file there (:class:`~mcp_lint.cache.PathCache`), and so is each project's linked model; the module summaries
``mcp-lint check`` keeps in one file are read, never written. ``--mcp-no-cache`` (or ``mcp-no-cache = true`` in
flake8's configuration) turns the cache off.
Syntax errors are left to flake8's own E999.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from mcp_lint import __version__
from mcp_lint.cache import PathCache, default_cache_dir
from mcp_lint.checker import check_source
from mcp_lint.frameworks.versions import sdk_for
from mcp_lint.noqa import suppress
from mcp_lint.project import ModuleFacts, ProjectContext, SummaryCache
from mcp_lint.rule import Rule, RuleOptions
from mcp_lint.rules import ALL_RULES
from mcp_lint.runner import Projects, SettingsResolver
from mcp_lint.settings import ConfigError, Overrides

# The project models of this flake8 process, built once per project and shared by every file checked in it.
_PROJECTS: Projects | None = None


def _cache_dir() -> Path:
    directory = os.environ.get("MCP_LINT_CACHE_DIR")
    return Path(directory) if directory else default_cache_dir()


def _projects(cached: bool) -> Projects:
    global _PROJECTS
    if _PROJECTS is None:
        # The summaries mcp-lint check keeps in one file are read, and written by none of flake8's processes, which
        # share no memory; each project's linked facts are a file of their own, which they write.
        _PROJECTS = Projects(SettingsResolver(Overrides()), SummaryCache(_cache_dir() if cached else None))
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
    cached = True

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
        option_manager.add_option(
            "--mcp-no-cache", action="store_true", default=False, parse_from_config=True,
            help="Neither read nor write mcp-lint's cache (.mcp_lint_cache, or MCP_LINT_CACHE_DIR).",
        )  # fmt: skip

    @classmethod
    def parse_options(cls, options: Any) -> None:
        """Take the parsed options.

        Args:
            options (argparse.Namespace): flake8's parsed options.
        """
        cls.options = RuleOptions(retry_after_seconds=options.retry_after_seconds)
        cls.preview = bool(options.mcp_preview)
        cls.cached = not options.mcp_no_cache

    def run(self) -> Iterator[tuple[int, int, str, type[Any]]]:
        """Yield flake8 results; flake8 applies ``# noqa`` lines itself, the plugin ``# mcp-lint: noqa``.

        Yields:
            tuple[int, int, str, type]: row, 0-based column, ``"MCP001 message"`` and the plugin class.
        """
        path = Path(self.filename)
        source = "".join(self.lines)
        rules = [rule for rule in ALL_RULES if self.preview or not rule.preview]
        facts = project = None
        key: str | None = None
        cache = PathCache(_cache_dir(), "flake8") if self.cached else None
        if self.filename not in ("-", "stdin") and path.is_file():
            try:
                projects = _projects(self.cached)
                facts = projects.facts_for(path)
                project = projects.context()
                if cache is not None:
                    options = f"{','.join(r.code for r in rules)}|retry-after-seconds={self.options.retry_after_seconds}"
                    fingerprint = f"flake8|{options}|sdk={sdk_for(os.path.abspath(path), ()).key()}"
                    key = projects.result_key(path, source.encode("utf-8", "surrogatepass"), fingerprint, facts)
            except (ConfigError, OSError):
                facts = project = None  # checked on its own, as a file without a project
        found = cache.get(path, key) if cache is not None and key is not None else None
        if found is None:
            found = self._check(source, path, rules, facts, project)
            if cache is not None and key is not None:
                cache.put(path, key, found)
        for row, column, text in found:
            yield row, column, text, type(self)

    def _check(
        self, source: str, path: Path, rules: list[type[Rule]], facts: ModuleFacts | None, project: ProjectContext | None,
    ) -> list[tuple[int, int, str]]:  # fmt: skip
        result = check_source(source, path, rules, self.options, facts=facts, project=project)
        if result.error:
            return []
        lines = [line.rstrip("\r\n") for line in self.lines]
        return [(d.row, d.column - 1, f"{d.code} {d.message}") for d in suppress(result.diagnostics, lines, inline=False)]
