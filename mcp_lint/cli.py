"""The ``mcp-lint`` command line (click), following ruff's commands and option names.

Exit codes, as in ruff: 0 no findings, 1 findings, 2 a usage or configuration error, or a file that could not
be checked.
"""

from __future__ import annotations

import difflib
import json
import os
import stat
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mcp_lint import __version__
from mcp_lint.cache import DEFAULT_CACHE_DIR
from mcp_lint.diagnostics import Applicability, Diagnostic, FileResult
from mcp_lint.noqa import add_noqa
from mcp_lint.output import FORMATS, FORMATS_WITH_EDITS
from mcp_lint.output.text import concise_line, render_statistics, summary
from mcp_lint.rule import Rule
from mcp_lint.rules import ALL_RULES
from mcp_lint.probe.cli import probe
from mcp_lint.probe.rules import PROBE_RULES
from mcp_lint.project import SummaryCache, use_context
from mcp_lint.runner import Projects, RunOptions, SettingsResolver, check_paths, check_stdin, default_jobs
from mcp_lint.selection import SelectorError, validate_selectors
from mcp_lint.settings import ConfigError, Overrides

if TYPE_CHECKING:
    from mcp_lint.fixer import FixOutcome

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
STDIN = Path("-")


def _selectors(value: str | None, option: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    try:
        return tuple(validate_selectors(value.split(",")))
    except SelectorError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None


def _fail(message: str) -> None:
    click.echo(f"mcp-lint: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _common_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options ``check`` and ``fix`` share."""
    options = [
        click.argument("paths", nargs=-1, type=click.Path(exists=True, allow_dash=True, path_type=Path)),
        click.option("--select", metavar="CODES", help="Comma-separated codes or prefixes to enable (replaces the configuration's)."),
        click.option("--ignore", metavar="CODES", help="Comma-separated codes or prefixes to disable (replaces the configuration's)."),
        click.option("--extend-select", metavar="CODES", help="Codes or prefixes to enable on top of the configuration."),
        click.option("--extend-ignore", metavar="CODES", help="Codes or prefixes to disable on top of the configuration."),
        click.option("--extend-exclude", metavar="GLOBS", help="Comma-separated globs to exclude on top of the configuration."),
        click.option(
            "--respect-gitignore/--no-respect-gitignore", default=None,
            help="Skip files that .gitignore ignores [default: true, or the configuration's].",
        ),
        click.option("--force-exclude", is_flag=True, help="Apply excludes to paths given explicitly too (for pre-commit)."),
        click.option(
            "--retry-after-seconds", type=click.IntRange(min=0), default=None,
            help="The delay MCP004's fix adds [default: 30, or the configuration's].",
        ),
        click.option("--stdin-filename", type=click.Path(path_type=Path), help="The path standard input stands for."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Worker processes [default: all cores]."),
        click.option("--no-cache", is_flag=True, help="Neither read nor write the cache."),
        click.option(
            "--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
            help=f"Where the cache lives [default: {DEFAULT_CACHE_DIR}].",
        ),
    ]  # fmt: skip
    for option in reversed(options):
        command = option(command)
    return command


def _overrides(kw: dict[str, Any]) -> Overrides:
    extend_exclude = tuple(g.strip() for g in (kw["extend_exclude"] or "").split(",") if g.strip())
    return Overrides(
        select=_selectors(kw["select"], "--select"),
        ignore=_selectors(kw["ignore"], "--ignore"),
        extend_select=_selectors(kw["extend_select"], "--extend-select") or (),
        extend_ignore=_selectors(kw["extend_ignore"], "--extend-ignore") or (),
        respect_gitignore=kw["respect_gitignore"],
        retry_after_seconds=kw["retry_after_seconds"],
        extend_exclude=extend_exclude,
    )


def _run_options(kw: dict[str, Any], with_edits: bool = False) -> RunOptions:
    return RunOptions(
        overrides=_overrides(kw),
        jobs=kw["jobs"] or default_jobs(),
        cache_dir=None if kw["no_cache"] else (kw["cache_dir"] or Path(DEFAULT_CACHE_DIR)),
        with_edits=with_edits,
        force_exclude=kw["force_exclude"],
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="mcp-lint", message="%(prog)s %(version)s")
def main() -> None:
    """Find and fix MCP tool handlers that report errors in ways the model cannot act on."""


@main.command()
@_common_options
@click.option(
    "--output-format", type=click.Choice(sorted(FORMATS)), default="full", show_default=True,
    help="How to print diagnostics.",
)  # fmt: skip
@click.option("-o", "--output-file", type=click.Path(dir_okay=False, path_type=Path), help="Write the output here.")
@click.option("--statistics", is_flag=True, help="Print the number of findings per code instead of the findings.")
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
@click.option("--add-noqa", is_flag=True, help="Add '# noqa: CODE' to every line with a finding.")
def check(**kw: Any) -> None:
    """Check PATHS (files, directories, or - for standard input; default: the current directory)."""
    paths: tuple[Path, ...] = kw["paths"] or (Path("."),)
    run = _run_options(kw, with_edits=kw["output_format"] in FORMATS_WITH_EDITS)
    try:
        if STDIN in paths:
            results = [check_stdin(sys.stdin.buffer.read(), kw["stdin_filename"], run)]
        else:
            results = check_paths(paths, run)
    except ConfigError as exc:
        _fail(str(exc))
    if kw["add_noqa"]:
        _add_noqa(results)
        return
    if kw["statistics"]:
        text = render_statistics(results)
    else:
        text = FORMATS[kw["output_format"]](results)
        if kw["output_format"] in ("full", "concise"):
            text += summary(results) + "\n"
    if kw["output_file"] is not None:
        kw["output_file"].write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)
    if any(r.error for r in results):
        sys.exit(EXIT_ERROR)
    if kw["exit_zero"]:
        sys.exit(EXIT_CLEAN)
    sys.exit(EXIT_FINDINGS if any(r.diagnostics for r in results) else EXIT_CLEAN)


def _add_noqa(results: Sequence[FileResult]) -> None:
    from mcp_lint.fixer import write_atomically

    added = 0
    failed = False
    for result in results:
        findings = [d for d in result.diagnostics if not result.error]
        if not findings or result.path == STDIN:
            continue
        try:
            new, count = add_noqa(result.path.read_bytes(), findings)
            write_atomically(result.path, new)
        except (OSError, SyntaxError, UnicodeError) as exc:
            click.echo(f"{result.path}: could not add noqa directives: {exc}", err=True)
            failed = True
            continue
        added += count
    click.echo(f"Added {added} noqa directive{'s' if added != 1 else ''}.")
    sys.exit(EXIT_ERROR if failed else EXIT_CLEAN)


def _unified_diff(outcome: FixOutcome) -> str:
    try:
        before, after = outcome.original.decode("utf-8"), outcome.fixed.decode("utf-8")
    except UnicodeDecodeError:
        before, after = outcome.original.decode("latin-1"), outcome.fixed.decode("latin-1")
    name = str(outcome.path)
    return "".join(
        difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True), fromfile=name, tofile=name)
    )


def _read_only(path: Path) -> bool:
    """A file nobody may write to (no write bit), or that this user may not write to."""
    return not os.access(path, os.W_OK) or not path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _fix_summary(verb: str, fixed: int, remaining: int, unsafe_more: int, unsafe: bool) -> str:
    """``Fixed N errors (M remaining; K more with --unsafe-fixes)``."""
    more = f"; {unsafe_more} more with --unsafe-fixes" if unsafe_more and not unsafe else ""
    return f"{verb} {fixed} error{'s' if fixed != 1 else ''} ({remaining} remaining{more})"


def _applies(d: Diagnostic, unsafe: bool) -> bool:
    return d.fix_applicability is Applicability.SAFE or (unsafe and d.fix_applicability is Applicability.UNSAFE)


def _unsafe_left(diagnostics: Sequence[Diagnostic]) -> int:
    return sum(1 for d in diagnostics if d.fix_applicability is Applicability.UNSAFE)


@main.command()
@_common_options
@click.option("--unsafe-fixes", is_flag=True, help="Also apply fixes whose applicability is unsafe.")
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff of the fixes and write nothing.")
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit with 1 when anything was fixed.")
def fix(**kw: Any) -> None:
    """Fix what `check` finds in PATHS, in place (or - to fix standard input onto standard output)."""
    # The fixer needs libcst's codemod machinery, which is slow to import: ``check`` does without it.
    from mcp_lint.fixer import fix_file, fix_source, outside, write_atomically

    paths: tuple[Path, ...] = kw["paths"] or (Path("."),)
    resolve = SettingsResolver(_overrides(kw))
    unsafe, show_diff = kw["unsafe_fixes"], kw["show_diff"]
    fixed = remaining = unsafe_more = 0
    errors = changed = False
    try:
        if STDIN in paths:
            name = kw["stdin_filename"]
            settings = resolve(name if name is not None else Path.cwd())
            label = name or STDIN
            source = sys.stdin.buffer.read()
            facts = project = None
            if name is not None:
                projects = Projects(resolve, SummaryCache(None), {os.path.abspath(name): source})
                facts, project = projects.facts_for(name), projects.context()
            outcome = fix_source(source, label, settings.rules_for(label), unsafe, settings.options, facts, project)
            sys.stdout.buffer.write(outcome.original if outcome.error else outcome.fixed)
            for d in ([outcome.error] if outcome.error else outcome.remaining):
                click.echo(concise_line(label, d), err=True)
            click.echo(_fix_summary("Fixed", len(outcome.applied), len(outcome.remaining),
                                    _unsafe_left(outcome.remaining), unsafe), err=True)
            sys.exit(EXIT_ERROR if outcome.error else EXIT_FINDINGS if outcome.remaining else EXIT_CLEAN)
        # Check every file in parallel, through the cache; only files with an applicable fix are rewritten,
        # in parallel too.
        run = _run_options(kw)
        tasks = []
        projects = Projects(resolve, SummaryCache(run.cache_dir))
        for checked in check_paths(paths, run, projects):
            path = checked.path
            if checked.error:
                for d in checked.diagnostics:
                    click.echo(concise_line(path, d))
                errors = True
                continue
            if not any(_applies(d, unsafe) for d in checked.diagnostics):
                remaining += len(checked.diagnostics)
                unsafe_more += _unsafe_left(checked.diagnostics)
                if not show_diff:
                    for d in checked.diagnostics:
                        click.echo(concise_line(path, d))
                continue
            settings = resolve(path)
            try:
                source = path.read_bytes()
            except OSError as exc:
                click.echo(f"{path}:1:1: MCP000 could not read: {exc.strerror or exc}")
                errors = True
                continue
            tasks.append((path, source, settings.rules_for(path), unsafe, settings.options, projects.facts_for(path)))
        context = projects.context()
        if run.jobs > 1 and len(tasks) > 1:
            workers = min(run.jobs, len(tasks))
            with ProcessPoolExecutor(max_workers=workers, initializer=use_context, initargs=(context,)) as pool:
                outcomes = list(pool.map(fix_file, tasks))
        else:
            use_context(context)
            outcomes = [fix_file(task) for task in tasks]
        for outcome in outcomes:
            path = outcome.path
            if outcome.error is not None:
                click.echo(concise_line(path, outcome.error))
                errors = True
                continue
            if outcome.changed:
                if show_diff:
                    click.echo(_unified_diff(outcome), nl=False)
                elif _read_only(path):
                    click.echo(f"{path}:1:1: MCP000 not fixed: the file is not writable")
                    errors = True
                    continue
                elif outside(path, paths):
                    click.echo(f"{path}:1:1: MCP000 not fixed: a symlink to a file outside the given paths")
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
            unsafe_more += _unsafe_left(outcome.remaining)
            if not show_diff:
                for d in outcome.remaining:
                    click.echo(concise_line(path, d))
    except ConfigError as exc:
        _fail(str(exc))
    click.echo(_fix_summary("Would fix" if show_diff else "Fixed", fixed, remaining, unsafe_more, unsafe), err=show_diff)
    if errors:
        sys.exit(EXIT_ERROR)
    if show_diff:
        sys.exit(EXIT_FINDINGS if changed else EXIT_CLEAN)
    if kw["exit_non_zero_on_fix"] and fixed:
        sys.exit(EXIT_FINDINGS)
    sys.exit(EXIT_FINDINGS if remaining else EXIT_CLEAN)


def _rule_record(rule: type[Rule]) -> dict[str, object]:
    return {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary,
        "explanation": rule.documentation(),
        "fix": rule.fix_availability(),
    }


@main.command()
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="Document every rule.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rule(code: str | None, show_all: bool, output_format: str) -> None:
    """Print the documentation of rule CODE (or of every rule, with --all)."""
    if show_all == (code is not None):
        raise click.UsageError("give either a rule code or --all")
    rules = list(ALL_RULES)
    if code is not None:
        rules = [r for r in (*ALL_RULES, *PROBE_RULES) if code.upper() in (r.code, r.name.upper())]
        if not rules:
            _fail(f"unknown rule {code!r} (known: {', '.join(r.code for r in (*ALL_RULES, *PROBE_RULES))})")
    if output_format == "json":
        records = [_rule_record(r) for r in rules]
        click.echo(json.dumps(records if show_all else records[0], indent=2))
        return
    for i, r in enumerate(rules):
        if i:
            click.echo()
        click.echo(f"# {r.name} ({r.code})\n\n{r.fix_availability()}\n\n{r.documentation()}")


main.add_command(probe)
