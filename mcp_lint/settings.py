"""Configuration: the ``[tool.mcp-lint]`` table of ``pyproject.toml``, overridden by command-line flags.

Each checked file uses the closest ``pyproject.toml`` with a ``[tool.mcp-lint]`` table, found by walking up
from the file's directory (as ruff does). Patterns in ``exclude``, ``extend-exclude`` and ``per-file-ignores``
are gitignore-style globs relative to that file's directory. An unknown key or rule code is an error: a typo
is never silently ignored.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

import pathspec

from mcp_lint.frameworks.versions import parse_target, read_pyproject
from mcp_lint.rule import Rule, RuleOptions
from mcp_lint.selection import SelectorError, selected_rules, validate_selectors

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

#: ruff's default ``exclude``: names of directories that never hold project code.
DEFAULT_EXCLUDES = frozenset(
    {
        ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints", ".mypy_cache",
        ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache", ".svn", ".tox", ".venv",
        ".vscode", "__pypackages__", "__pycache__", "_build", "buck-out", "dist", "node_modules",
        "site-packages", "venv", ".mcp_lint_cache",
    }
)  # fmt: skip

#: The keys ``[tool.mcp-lint]`` accepts.
KNOWN_KEYS = frozenset(
    {
        "select", "ignore", "extend-select", "extend-ignore", "per-file-ignores", "exclude", "extend-exclude",
        "respect-gitignore", "retry-after-seconds", "target-sdk", "preview",
    }
)  # fmt: skip


class ConfigError(Exception):
    """A configuration file or flag that cannot be used (unknown key or code, wrong type, bad TOML)."""


#: Warnings about configuration that is not read (a misspelt table), collected until the CLI prints them.
_WARNINGS: list[str] = []


def take_warnings() -> list[str]:
    """Return the configuration warnings collected since the last call, and forget them.

    Returns:
        list[str]: one message per problem, in the order found.
    """
    taken = list(dict.fromkeys(_WARNINGS))
    _WARNINGS.clear()
    return taken


def _misspelt_tables(tool: Mapping[str, Any], candidate: Path) -> None:
    """Warn about ``[tool.*]`` tables that look like ``[tool.mcp-lint]`` but are not it (``mcp_lint``, ``mcplint``)."""
    for name in tool:
        normal = name.lower().replace("_", "-").replace(".", "-")
        if name != "mcp-lint" and (normal in ("mcp-lint", "mcplint", "mcp-lint-") or normal.replace("-", "") == "mcplint"):
            _WARNINGS.append(f"{candidate}: [tool.{name}] is not read: the table is [tool.mcp-lint]")


@lru_cache(maxsize=256)
def _gitignore_spec(patterns: tuple[str, ...]) -> pathspec.GitIgnoreSpec:
    return pathspec.GitIgnoreSpec.from_lines(patterns)


@dataclass(frozen=True)
class Settings:
    """The effective configuration for the files below one directory.

    Attributes:
        root (Path): the directory patterns are relative to (the config file's, or the working directory).
        config_file (Path | None): the ``pyproject.toml`` it came from, if any.
        select (tuple[str, ...]): selectors to enable.
        ignore (tuple[str, ...]): selectors to disable.
        per_file_ignores (tuple[tuple[str, tuple[str, ...]], ...]): glob and the selectors it disables.
        exclude (tuple[str, ...]): globs of paths never checked when found in a directory.
        respect_gitignore (bool): whether ``.gitignore`` is honoured.
        retry_after_seconds (int): MCP004's fix delay.
        target_sdk (tuple[str, ...]): requirements on mcp/fastmcp that replace the detected SDK versions.
        preview (bool): whether preview rules may run (``preview = true``, ``--preview``).
    """

    root: Path
    config_file: Path | None = None
    select: tuple[str, ...] = ("MCP",)
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = tuple(sorted(DEFAULT_EXCLUDES))
    respect_gitignore: bool = True
    retry_after_seconds: int = 30
    target_sdk: tuple[str, ...] = ()
    preview: bool = False

    @property
    def options(self) -> RuleOptions:
        """RuleOptions: the rule options these settings give."""
        return RuleOptions(retry_after_seconds=self.retry_after_seconds, target_sdk=self.target_sdk)

    @cached_property
    def _root(self) -> str:
        return os.path.abspath(self.root)

    @cached_property
    def _exclude_kinds(self) -> tuple[frozenset[str], tuple[str, ...]]:
        """Plain names (the defaults: ".git", "venv", ...) match a path by a component alone; only the glob
        patterns need pathspec."""
        plain = [p for p in self.exclude if not any(c in p for c in "/*?[!\\")]
        return frozenset(plain), tuple(p for p in self.exclude if p not in plain)

    def _relative(self, path: Path | str) -> str | None:
        root = self._root
        absolute = os.path.abspath(path)
        if absolute != root and not absolute.startswith(root + os.sep):
            return None
        return os.path.relpath(absolute, root).replace(os.sep, "/")

    def excludes(self, path: Path | str, is_dir: bool = False) -> bool:
        """Tell whether ``exclude``/``extend-exclude`` exclude a path.

        Args:
            path (Path | str): a file or directory.
            is_dir (bool): whether it is a directory.
        Returns:
            bool: True when a pattern matches it (paths outside ``root`` match by their own name).
        """
        names = self._exclude_kinds
        if os.path.basename(path) in names[0]:
            return True
        relative = self._relative(path)
        components = relative.split("/") if relative is not None else Path(path).parts
        if names[0] and not names[0].isdisjoint(components):
            return True  # inside an excluded directory (a path given explicitly, with --force-exclude)
        relative = relative or os.path.basename(path)
        return bool(names[1]) and _gitignore_spec(names[1]).match_file(relative + ("/" if is_dir else ""))


    def rules_for(self, path: Path) -> tuple[type[Rule], ...]:
        """The rules enabled for one file, after ``per-file-ignores``.

        Args:
            path (Path): the file.
        Returns:
            tuple[type[Rule], ...]: the enabled rules.
        """
        ignore = list(self.ignore)
        relative = self._relative(path) or os.path.basename(path)
        for pattern, codes in self.per_file_ignores:
            if _gitignore_spec((pattern,)).match_file(relative):
                ignore.extend(codes)
        return selected_rules(self.select, ignore, self.preview)

    def fingerprint(self, path: Path) -> str:
        """A string that changes whenever the configuration that applies to ``path`` does.

        Args:
            path (Path): the file.
        Returns:
            str: the enabled codes and the rule options.
        """
        codes = ",".join(rule.code for rule in self.rules_for(path))
        return f"{codes}|retry-after-seconds={self.retry_after_seconds}|target-sdk={';'.join(self.target_sdk)}"


@dataclass(frozen=True)
class Overrides:
    """Command-line flags that override (``select``, ``ignore``, ...) or extend (``extend-*``) the configuration.

    Attributes:
        select (tuple[str, ...] | None): replaces ``select``.
        ignore (tuple[str, ...] | None): replaces ``ignore``.
        extend_select (tuple[str, ...]): added to ``select``.
        extend_ignore (tuple[str, ...]): added to ``ignore``.
        respect_gitignore (bool | None): replaces ``respect-gitignore``.
        retry_after_seconds (int | None): replaces ``retry-after-seconds``.
        extend_exclude (tuple[str, ...]): added to the excludes.
        preview (bool | None): replaces ``preview`` (``--preview``/``--no-preview``).
    """

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()
    respect_gitignore: bool | None = None
    retry_after_seconds: int | None = None
    extend_exclude: tuple[str, ...] = ()
    preview: bool | None = None


def _string_list(table: Mapping[str, Any], key: str, where: str) -> tuple[str, ...] | None:
    if key not in table:
        return None
    value = table[key]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: '{key}' must be a list of strings")
    return tuple(value)


def _selectors(values: Sequence[str] | None, key: str, where: str) -> tuple[str, ...] | None:
    if values is None:
        return None
    try:
        return tuple(validate_selectors(values))
    except SelectorError as exc:
        raise ConfigError(f"{where}: '{key}': {exc}") from None


def parse_table(table: Mapping[str, Any], root: Path, where: str) -> Settings:
    """Build settings from a ``[tool.mcp-lint]`` table.

    Args:
        table (Mapping[str, Any]): the table's content.
        root (Path): the directory patterns are relative to.
        where (str): the table's location, for error messages.
    Returns:
        Settings: the settings.
    Raises:
        ConfigError: for an unknown key, an unknown rule code or a value of the wrong type.
    """
    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key '{unknown[0]}' (known keys: {', '.join(sorted(KNOWN_KEYS))})")
    base = Settings(root)
    select = _selectors(_string_list(table, "select", where), "select", where) or base.select
    select += _selectors(_string_list(table, "extend-select", where), "extend-select", where) or ()
    ignore = _selectors(_string_list(table, "ignore", where), "ignore", where) or ()
    ignore += _selectors(_string_list(table, "extend-ignore", where), "extend-ignore", where) or ()
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{where}: 'per-file-ignores' must be a table of glob = [codes]")
    per_file_ignores = tuple(
        (pattern, _selectors(_string_list(per_file, pattern, where), f"per-file-ignores.{pattern}", where) or ())
        for pattern in per_file
    )
    exclude = _string_list(table, "exclude", where)
    exclude = base.exclude if exclude is None else exclude
    exclude += _string_list(table, "extend-exclude", where) or ()
    respect = table.get("respect-gitignore", True)
    if not isinstance(respect, bool):
        raise ConfigError(f"{where}: 'respect-gitignore' must be true or false")
    delay = table.get("retry-after-seconds", 30)
    if not isinstance(delay, int) or isinstance(delay, bool) or delay < 0:
        raise ConfigError(f"{where}: 'retry-after-seconds' must be a non-negative integer")
    preview = table.get("preview", False)
    if not isinstance(preview, bool):
        raise ConfigError(f"{where}: 'preview' must be true or false")
    return Settings(
        root, None, select, ignore, per_file_ignores, exclude, respect, delay, _target_sdk(table, where), preview
    )


def _target_sdk(table: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """Validate ``target-sdk``: a requirement string, or a list of them, on mcp or fastmcp."""
    value = table.get("target-sdk", [])
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ConfigError(f"{where}: 'target-sdk' must be a requirement string or a list of them, e.g. \"mcp>=1.20,<2\"")
    try:
        parse_target(values)
    except ValueError as exc:
        raise ConfigError(f"{where}: 'target-sdk': {exc}") from None
    return tuple(values)


@cache
def _config_in(directory: Path) -> Settings | None:
    candidate = directory / "pyproject.toml"
    if not candidate.is_file():
        return None
    try:
        text = candidate.read_text(encoding="utf-8")
        data = read_pyproject(text)
        if data is None:
            tomllib.loads(text)  # for the reason
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{candidate}: cannot read configuration: {exc}") from None
    assert data is not None
    tool = data.get("tool", {})
    if isinstance(tool, dict):
        _misspelt_tables(tool, candidate)
    table = tool.get("mcp-lint") if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{candidate}: [tool.mcp-lint] must be a table")
    return replace(parse_table(table, directory, f"{candidate} [tool.mcp-lint]"), config_file=candidate)


def find_settings(start: Path) -> Settings:
    """Find the configuration that applies to a path: the closest ``[tool.mcp-lint]`` above it.

    Args:
        start (Path): a file or directory.
    Returns:
        Settings: the settings found, or the defaults rooted at the working directory.
    Raises:
        ConfigError: when the closest configuration is invalid.
    """
    start = start.resolve()
    directory = start if start.is_dir() else start.parent
    for candidate in (directory, *directory.parents):
        found = _config_in(candidate)
        if found is not None:
            return found
    return Settings(Path.cwd())


def apply_overrides(settings: Settings, overrides: Overrides) -> Settings:
    """Lay command-line flags over configured settings.

    Args:
        settings (Settings): from the configuration file.
        overrides (Overrides): from the command line.
    Returns:
        Settings: the effective settings.
    """
    select = overrides.select if overrides.select is not None else settings.select
    ignore = overrides.ignore if overrides.ignore is not None else settings.ignore
    return replace(
        settings,
        select=select + overrides.extend_select,
        ignore=ignore + overrides.extend_ignore,
        exclude=settings.exclude + overrides.extend_exclude,
        respect_gitignore=settings.respect_gitignore if overrides.respect_gitignore is None else overrides.respect_gitignore,
        retry_after_seconds=(
            settings.retry_after_seconds if overrides.retry_after_seconds is None else overrides.retry_after_seconds
        ),
        preview=settings.preview if overrides.preview is None else overrides.preview,
    )


def clear_cache() -> None:
    """Forget configuration files read so far (for long-running callers and tests)."""
    _config_in.cache_clear()
