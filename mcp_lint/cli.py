"""The ``mcp-lint`` command line (click).

Exit codes, as in ruff: 0 no findings, 1 findings, 2 a usage error or a file that could not be checked.
"""

from __future__ import annotations

import difflib
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from mcp_lint import __version__
from mcp_lint.diagnostics import Applicability
from mcp_lint.files import iter_python_files
from mcp_lint.fixer import FixOutcome, fix_source, write_atomically
from mcp_lint.output import format_concise, summary
from mcp_lint.rule import Rule, RuleOptions
from mcp_lint.runner import check_paths
from mcp_lint.selection import SelectorError, selected_rules, validate_selectors

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _selectors(value: str | None, option: str) -> list[str]:
    try:
        return validate_selectors(value.split(",") if value else [])
    except SelectorError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None


def _rules(select: str | None, ignore: str | None) -> tuple[type[Rule], ...]:
    return selected_rules(_selectors(select, "--select") or ["MCP"], _selectors(ignore, "--ignore"))


def _common_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options ``check`` and ``fix`` share."""
    options = [
        click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path)),
        click.option("--select", metavar="CODES", help="Comma-separated rule codes or prefixes to enable [default: MCP]."),
        click.option("--ignore", metavar="CODES", help="Comma-separated rule codes or prefixes to disable."),
        click.option(
            "--respect-gitignore/--no-respect-gitignore", default=True, show_default=True,
            help="Skip files that .gitignore ignores.",
        ),
        click.option(
            "--retry-after-seconds", type=click.IntRange(min=0), default=30, show_default=True,
            help="The delay MCP004's fix adds.",
        ),
    ]  # fmt: skip
    for option in reversed(options):
        command = option(command)
    return command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="mcp-lint", message="%(prog)s %(version)s")
def main() -> None:
    """Find and fix MCP tool handlers that report errors in ways the model cannot act on."""


@main.command()
@_common_options
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
def check(
    paths: tuple[Path, ...], select: str | None, ignore: str | None, respect_gitignore: bool,
    retry_after_seconds: int, exit_zero: bool,
) -> None:  # fmt: skip
    """Check PATHS (files or directories; default: the current directory)."""
    rules = _rules(select, ignore)
    results = check_paths(paths or (Path("."),), rules, respect_gitignore)
    for line in format_concise(results):
        click.echo(line)
    click.echo(summary(results))
    if any(r.error for r in results):
        sys.exit(EXIT_ERROR)
    if exit_zero:
        sys.exit(EXIT_CLEAN)
    sys.exit(EXIT_FINDINGS if any(r.diagnostics for r in results) else EXIT_CLEAN)


def _unified_diff(outcome: FixOutcome) -> str:
    encoding = "utf-8"
    try:
        before = outcome.original.decode(encoding)
        after = outcome.fixed.decode(encoding)
    except UnicodeDecodeError:
        before, after = outcome.original.decode("latin-1"), outcome.fixed.decode("latin-1")
    name = str(outcome.path)
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True), after.splitlines(keepends=True), fromfile=name, tofile=name
        )
    )


def _read_only(path: Path) -> bool:
    """A file nobody may write to (no write bit), or that this user may not write to."""
    return not os.access(path, os.W_OK) or not path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _count(n: int) -> str:
    return f"{n} error{'s' if n != 1 else ''}"


@main.command()
@_common_options
@click.option("--unsafe-fixes", is_flag=True, help="Also apply fixes whose applicability is unsafe.")
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff of the fixes and write nothing.")
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit with 1 when anything was fixed.")
def fix(
    paths: tuple[Path, ...], select: str | None, ignore: str | None, respect_gitignore: bool,
    retry_after_seconds: int, unsafe_fixes: bool, show_diff: bool, exit_non_zero_on_fix: bool,
) -> None:  # fmt: skip
    """Fix what `check` finds in PATHS, rewriting files in place with libcst codemods."""
    rules = _rules(select, ignore)
    options = RuleOptions(retry_after_seconds=retry_after_seconds)
    fixed = remaining = unsafe_more = 0
    errors = changed = False
    for path in iter_python_files(paths or (Path("."),), respect_gitignore):
        try:
            source = path.read_bytes()
        except OSError as exc:
            click.echo(f"{path}:1:1: MCP000 could not read: {exc.strerror or exc}")
            errors = True
            continue
        outcome = fix_source(source, path, rules, unsafe_fixes, options)
        if outcome.error is not None:
            e = outcome.error
            click.echo(f"{path}:{e.row}:{e.column}: {e.code} {e.message}")
            errors = True
            continue
        if outcome.changed:
            if show_diff:
                click.echo(_unified_diff(outcome), nl=False)
            elif _read_only(path):
                click.echo(f"{path}:1:1: MCP000 not fixed: the file is not writable")
                errors = True
                continue
            else:
                try:
                    write_atomically(path, outcome.fixed)
                except OSError as exc:
                    click.echo(f"{path}:1:1: MCP000 not fixed: {exc.strerror or exc}")
                    errors = True
                    continue
            changed = True
        fixed += len(outcome.applied)
        remaining += len(outcome.remaining)
        unsafe_more += sum(
            1 for d in outcome.remaining if d.fix is not None and d.fix.applicability is Applicability.UNSAFE
        )
        if not show_diff:
            for d in outcome.remaining:
                click.echo(f"{path}:{d.row}:{d.column}: {d.code} {d.message}")
    more = f"; {unsafe_more} more with --unsafe-fixes" if unsafe_more and not unsafe_fixes else ""
    verb = "Would fix" if show_diff else "Fixed"
    click.echo(f"{verb} {_count(fixed)} ({remaining} remaining{more})", err=show_diff)
    if errors:
        sys.exit(EXIT_ERROR)
    if show_diff:
        sys.exit(EXIT_FINDINGS if changed else EXIT_CLEAN)
    if exit_non_zero_on_fix and fixed:
        sys.exit(EXIT_FINDINGS)
    sys.exit(EXIT_FINDINGS if remaining else EXIT_CLEAN)


