"""The ``mcp-lint`` command line (click).

Exit codes, as in ruff: 0 no findings, 1 findings, 2 a usage error or a file that could not be checked.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from mcp_lint import __version__
from mcp_lint.output import format_concise, summary
from mcp_lint.runner import check_paths
from mcp_lint.selection import SelectorError, selected_rules, validate_selectors

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _selectors(value: str | None, option: str) -> list[str]:
    try:
        return validate_selectors(value.split(",") if value else [])
    except SelectorError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="mcp-lint", message="%(prog)s %(version)s")
def main() -> None:
    """Find and fix MCP tool handlers that report errors in ways the model cannot act on."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--select", metavar="CODES", help="Comma-separated rule codes or prefixes to enable [default: MCP].")
@click.option("--ignore", metavar="CODES", help="Comma-separated rule codes or prefixes to disable.")
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
@click.option(
    "--respect-gitignore/--no-respect-gitignore", default=True, show_default=True,
    help="Skip files that .gitignore ignores.",
)  # fmt: skip
def check(paths: tuple[Path, ...], select: str | None, ignore: str | None, exit_zero: bool, respect_gitignore: bool) -> None:
    """Check PATHS (files or directories; default: the current directory)."""
    rules = selected_rules(_selectors(select, "--select") or ["MCP"], _selectors(ignore, "--ignore"))
    results = check_paths(paths or (Path("."),), rules, respect_gitignore)
    for line in format_concise(results):
        click.echo(line)
    click.echo(summary(results))
    if any(r.error for r in results):
        sys.exit(EXIT_ERROR)
    if exit_zero:
        sys.exit(EXIT_CLEAN)
    sys.exit(EXIT_FINDINGS if any(r.diagnostics for r in results) else EXIT_CLEAN)
