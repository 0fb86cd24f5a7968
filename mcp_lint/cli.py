"""The ``mcp-lint`` command line (click), following ruff's commands and option names.

Exit codes, as in ruff: 0 no findings, 1 findings, 2 a usage or configuration error, or a file that could not
be checked.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import stat
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from mcp_lint import __version__
from mcp_lint.cache import DEFAULT_CACHE_DIR, default_cache_dir
from mcp_lint.checker import parse_error
from mcp_lint.diagnostics import Applicability, Diagnostic, FileResult
from mcp_lint.noqa import add_noqa
from mcp_lint.output import FORMATS, FORMATS_WITH_EDITS
from mcp_lint.output.text import concise_line, render_statistics, render_statistics_json, summary
from mcp_lint.parse_error_doc import ParseErrorRule
from mcp_lint.rule import Rule
from mcp_lint.rules import ALL_RULES
from mcp_lint.probe.cli import probe
from mcp_lint.probe.rules import PROBE_RULES
from mcp_lint.project import SummaryCache
from mcp_lint.runner import (
    Projects, RunOptions, SettingsResolver, check_and_fix_paths, check_paths, check_stdin, default_jobs, map_by_project,
)  # fmt: skip
from mcp_lint.selection import SelectorError, validate_selectors
from mcp_lint.settings import ConfigError, Overrides, take_warnings

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: What ``mcp-lint rule`` says of a preview rule (ruff's wording).
PREVIEW_NOTE = "This rule is in preview and is not stable. The `--preview` flag is required for use."
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


def _color() -> bool | None:
    """Whether to colour output: ``NO_COLOR`` turns it off, ``FORCE_COLOR`` on (https://no-color.org,
    https://force-color.org); otherwise click decides (colour on a terminal only)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return None


_LOCATION = re.compile(r"^(?P<where>\S.*?:\d+:\d+:) (?P<code>MCP\d{3}) (?P<mark>\[[*-]\] )?", re.M)


def _colourise(text: str) -> str:
    """Style the ``path:row:column: CODE [*]`` prefixes and summary lines of the text formats (ruff's colours)."""

    def prefix(match: re.Match[str]) -> str:
        mark = match.group("mark") or ""
        return (
            click.style(match.group("where"), bold=True) + " " + click.style(match.group("code"), fg="red", bold=True)
            + " " + (click.style(mark.strip(), fg="cyan") + " " if mark else "")
        )  # fmt: skip

    text = _LOCATION.sub(prefix, text)
    text = re.sub(r"^(All checks passed!)$", lambda m: click.style(m.group(1), fg="green", bold=True), text, flags=re.M)
    return re.sub(r"^(= help: .*)$", lambda m: click.style(m.group(1), fg="cyan"), text, flags=re.M)


class _Printer:
    """Where output goes: ``-q`` keeps the diagnostics and drops summaries, ``-s`` drops everything (ruff's
    ``--quiet`` and ``--silent``); the exit code is the same either way."""

    def __init__(self, kw: dict[str, Any]) -> None:
        self.quiet = kw.get("quiet", False) or kw.get("silent", False)
        self.silent = kw.get("silent", False)
        self.color = _color()

    def diagnostics(self, text: str, err: bool = False, style: bool = True) -> None:
        """Print diagnostics (and diffs, fixed sources): everything but ``--silent`` shows them."""
        if not self.silent and text:
            click.echo(_colourise(text) if style else text, nl=False, err=err, color=self.color)

    def summary(self, text: str, err: bool = False) -> None:
        """Print a summary line: ``--quiet`` and ``--silent`` hide it."""
        if not self.quiet and text:
            click.echo(_colourise(text), err=err, color=self.color)

    def warning(self, text: str) -> None:
        """Print a warning on standard error, as ruff does: ``--silent`` hides it."""
        if not self.silent:
            click.echo(click.style("warning", fg="yellow", bold=True) + f": {text}", err=True, color=self.color)


def _common_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options ``check`` and ``fix`` share."""
    options = [
        click.argument("paths", nargs=-1, type=click.Path(allow_dash=True, path_type=Path)),
        click.option("--select", metavar="CODES", help="Comma-separated codes or prefixes to enable (replaces the configuration's)."),
        click.option("--ignore", metavar="CODES", help="Comma-separated codes or prefixes to disable (replaces the configuration's)."),
        click.option("--extend-select", metavar="CODES", help="Codes or prefixes to enable on top of the configuration."),
        click.option("--extend-ignore", metavar="CODES", help="Codes or prefixes to disable on top of the configuration."),
        click.option("--extend-exclude", metavar="GLOBS", help="Comma-separated globs to exclude on top of the configuration."),
        click.option(
            "--respect-gitignore/--no-respect-gitignore", default=None,
            help="Skip files that .gitignore ignores [default: true, or the configuration's].",
        ),
        click.option(
            "--preview/--no-preview", default=None,
            help="Enable preview rules (also when selected by code) [default: false, or the configuration's].",
        ),
        click.option("--force-exclude", is_flag=True, help="Apply excludes to paths given explicitly too (for pre-commit)."),
        click.option(
            "--retry-after-seconds", type=click.IntRange(min=0), default=None,
            help="The delay MCP004's fix adds [default: 30, or the configuration's].",
        ),
        click.option(
            "--stdin-filename", type=click.Path(path_type=Path),
            help="The path standard input stands for; standard input is read whenever this is given.",
        ),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Worker processes [default: all cores]."),
        click.option("--no-cache", is_flag=True, help="Neither read nor write the cache."),
        click.option(
            "--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None, envvar="MCP_LINT_CACHE_DIR",
            help=f"Where the cache lives [default: {DEFAULT_CACHE_DIR} in the project root; env: MCP_LINT_CACHE_DIR].",
        ),
        click.option("--unsafe-fixes", is_flag=True, help="Also apply (and count as fixable) fixes whose applicability is unsafe."),
        click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit with 1 when anything was fixed, even if nothing remains."),
        click.option("-q", "--quiet", is_flag=True, help="Print diagnostics, but nothing else."),
        click.option("-s", "--silent", is_flag=True, help="Print nothing; the exit code still tells the outcome."),
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
        preview=kw["preview"],
    )


def _run_options(kw: dict[str, Any], with_edits: bool = False) -> RunOptions:
    return RunOptions(
        overrides=_overrides(kw),
        jobs=kw["jobs"] or default_jobs(),
        cache_dir=None if kw["no_cache"] else (kw["cache_dir"] or default_cache_dir()),
        with_edits=with_edits,
        force_exclude=kw["force_exclude"],
    )


def _inputs(kw: dict[str, Any]) -> tuple[tuple[Path, ...], bool]:
    """The paths to check, and whether standard input is read (``-``, or ``--stdin-filename`` as in ruff)."""
    paths: tuple[Path, ...] = kw["paths"]
    if kw["stdin_filename"] is not None:
        if any(p != STDIN for p in paths):
            raise click.UsageError("--stdin-filename reads standard input: give no other paths")
        return (), True
    if STDIN in paths:
        if len(paths) > 1:
            raise click.UsageError("'-' (standard input) cannot be combined with other paths")
        return (), True
    return paths or (Path("."),), False


def _warn_run(printer: _Printer, results: Sequence[FileResult] | None, stdin: bool) -> None:
    for warning in take_warnings():
        printer.warning(warning)
    if results is not None and not results and not stdin:
        printer.warning("No Python files found under the given path(s)")


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
@click.option("--fix", "apply_fixes", is_flag=True, help="Apply the fixes (safe ones; unsafe ones too with --unsafe-fixes).")
@click.option("--fix-only", is_flag=True, help="Apply fixes, but neither report nor exit non-zero for what remains. Implies --fix.")
@click.option("--show-fixes", is_flag=True, help="List the fixes applied, per file and code.")
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff of the fixes and write nothing. Implies --fix-only.")
def check(**kw: Any) -> None:
    """Check PATHS (files, directories, or - for standard input; default: the current directory)."""
    paths, stdin = _inputs(kw)
    printer = _Printer(kw)
    if kw["apply_fixes"] or kw["fix_only"] or kw["show_diff"]:
        _fix_command(kw, paths, stdin, printer, as_check=True)
        return
    run = _run_options(kw, with_edits=kw["output_format"] in FORMATS_WITH_EDITS)
    try:
        if stdin:
            results = [check_stdin(sys.stdin.buffer.read(), kw["stdin_filename"], run)]
        else:
            results = check_paths(paths, run)
    except ConfigError as exc:
        _fail(str(exc))
    _warn_run(printer, results, stdin)
    if kw["add_noqa"]:
        _add_noqa(results, printer)
        return
    unsafe = kw["unsafe_fixes"]
    closing = ""
    if kw["statistics"]:
        json_output = kw["output_format"] == "json"
        text = render_statistics_json(results, unsafe) if json_output else render_statistics(results, unsafe)
    else:
        text = FORMATS[kw["output_format"]](results)
        if kw["output_format"] in ("full", "concise"):
            closing = summary(results, unsafe)
    if kw["output_file"] is not None:
        kw["output_file"].write_text(text + (closing + "\n" if closing else ""), encoding="utf-8")
    else:
        printer.diagnostics(text, style=kw["output_format"] in ("full", "concise") and not kw["statistics"])
        printer.summary(closing)
    if any(r.error for r in results):
        sys.exit(EXIT_ERROR)
    if kw["exit_zero"]:
        sys.exit(EXIT_CLEAN)
    sys.exit(EXIT_FINDINGS if any(r.diagnostics for r in results) else EXIT_CLEAN)


def _add_noqa(results: Sequence[FileResult], printer: _Printer) -> None:
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
    printer.summary(f"Added {added} noqa directive{'s' if added != 1 else ''}.")
    sys.exit(EXIT_ERROR if failed else EXIT_CLEAN)


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def unified_diff(path: Path | str, before: bytes, after: bytes) -> str:
    """A unified diff of a fix, as ``ruff check --diff`` prints it (difflib's).

    Args:
        path (Path | str): the file's name, for both headers.
        before (bytes): its source.
        after (bytes): the fixed source.
    Returns:
        str: the diff; empty when nothing changed.
    """
    name = str(path)
    return "".join(
        difflib.unified_diff(
            _decode(before).splitlines(keepends=True), _decode(after).splitlines(keepends=True), fromfile=name, tofile=name
        )
    )


def _read_only(path: Path) -> bool:
    """A file nobody may write to (no write bit), or that this user may not write to."""
    return not os.access(path, os.W_OK) or not path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _unsafe_left(diagnostics: Sequence[Diagnostic]) -> int:
    return sum(1 for d in diagnostics if d.fix_applicability is Applicability.UNSAFE)


@dataclass
class FixedFile:
    """What fixing did to one file (or to standard input).

    Attributes:
        path (Path): the file, or the name standard input stands for.
        applied (list[Diagnostic]): the diagnostics whose fixes were applied (or would be, with ``--diff``).
        remaining (list[Diagnostic]): the diagnostics left; MCP000 when ``error``.
        error (bool): the file could not be checked, fixed or written.
        original (bytes | None): the source before, when it was read for fixing.
        fixed (bytes | None): the source after.
    """

    path: Path
    applied: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    error: bool = False
    original: bytes | None = None
    fixed: bytes | None = None

    @property
    def changed(self) -> bool:
        """bool: whether fixing changed the source."""
        return self.original is not None and self.fixed is not None and self.fixed != self.original


def fix_files(paths: Sequence[Path], kw: dict[str, Any], unsafe: bool, write: bool) -> list[FixedFile]:
    """Fix every file below ``paths``: one implementation for ``check --fix``/``--fix-only``/``--diff`` and ``fix``.

    Every file is checked in parallel, through the cache; only files with an applicable fix are fixed (in
    parallel too) and, when ``write`` is set, written atomically.

    Args:
        paths (Sequence[Path]): files and directories.
        kw (dict[str, Any]): the command's options.
        unsafe (bool): apply unsafe fixes too.
        write (bool): write the fixed files (False for ``--diff``).
    Returns:
        list[FixedFile]: one record per file, in the order the files were found.
    Raises:
        ConfigError: when a configuration that applies is invalid.
    """
    from mcp_lint.fixer import FixOutcome, fix_file, has_applicable_fix, outside, write_atomically

    resolve = SettingsResolver(_overrides(kw))
    run = _run_options(kw)
    projects = Projects(resolve, SummaryCache(run.cache_dir), jobs=run.jobs)
    records: list[FixedFile] = []
    tasks: list[tuple[Any, ...]] = []
    slots: list[FixedFile] = []
    done: list[tuple[FixedFile, FixOutcome]] = []
    for checked, outcome in check_and_fix_paths(paths, run, projects, unsafe):
        path = checked.path
        record = FixedFile(path, remaining=list(checked.diagnostics), error=checked.error)
        records.append(record)
        if outcome is not None:  # fixed in the worker that checked it
            done.append((record, outcome))
            continue
        if checked.error or not any(has_applicable_fix(d, unsafe) for d in checked.diagnostics):
            continue
        settings = resolve(path)
        try:
            source = path.read_bytes()
        except OSError as exc:
            record.remaining, record.error = [parse_error(f"could not read: {exc.strerror or exc}")], True
            continue
        tasks.append((path, source, settings.rules_for(path), unsafe, settings.options, projects.facts_for(path)))
        slots.append(record)

    def crashed(task: tuple[Any, ...], reason: str) -> FixOutcome:
        return FixOutcome(task[0], task[1], task[1], error=parse_error(reason))

    # Files whose check result came from the cache are fixed here.
    done.extend(zip(slots, map_by_project(fix_file, tasks, projects, run.jobs, crashed)))
    for record, outcome in done:
        path = record.path
        if outcome.error is not None:
            record.remaining, record.error = [outcome.error], True
            continue
        record.original, record.fixed = outcome.original, outcome.fixed
        if outcome.changed and write:
            problem = None
            if _read_only(path):
                problem = "not fixed: the file is not writable"
            elif outside(path, paths):
                problem = "not fixed: a symlink to a file outside the given paths"
            else:
                try:
                    write_atomically(path, outcome.fixed)
                except OSError as exc:
                    problem = f"not fixed: {exc.strerror or exc}"
            if problem is not None:
                record.remaining, record.error, record.fixed = [parse_error(problem)], True, outcome.original
                continue
        record.applied, record.remaining = outcome.applied, outcome.remaining
    return records


def fix_stdin(kw: dict[str, Any], unsafe: bool) -> FixedFile:
    """Fix standard input (named by ``--stdin-filename``, for configuration and the project model).

    Args:
        kw (dict[str, Any]): the command's options.
        unsafe (bool): apply unsafe fixes too.
    Returns:
        FixedFile: the outcome; ``fixed`` is what to print (the original source when it could not be fixed).
    Raises:
        ConfigError: when the configuration that applies is invalid.
    """
    from mcp_lint.fixer import fix_source

    resolve = SettingsResolver(_overrides(kw))
    name = kw["stdin_filename"]
    settings = resolve(name if name is not None else Path.cwd())
    label = name or STDIN
    source = sys.stdin.buffer.read()
    facts = project = None
    if name is not None:
        projects = Projects(resolve, SummaryCache(None), {os.path.abspath(name): source})
        facts, project = projects.facts_for(name), projects.context()
    outcome = fix_source(source, label, settings.rules_for(label), unsafe, settings.options, facts, project)
    if outcome.error is not None:
        return FixedFile(label, remaining=[outcome.error], error=True, original=source, fixed=source)
    return FixedFile(label, outcome.applied, outcome.remaining, original=source, fixed=outcome.fixed)


def _plural(count: int, word: str = "error") -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _fix_summary(verb: str, fixed: int, remaining: int, unsafe_more: int, unsafe: bool) -> str:
    """``Fixed N errors (M remaining; K more with --unsafe-fixes)``."""
    more = f"; {unsafe_more} more with --unsafe-fixes" if unsafe_more and not unsafe else ""
    return f"{verb} {_plural(fixed)} ({remaining} remaining{more})"


def _show_fixes(records: Sequence[FixedFile], verb: str) -> str:
    """ruff's ``--show-fixes`` listing: per file, how many fixes of each code were applied."""
    total = sum(len(r.applied) for r in records)
    if not total:
        return ""
    lines = [f"{verb} {_plural(total)}:"]
    for record in records:
        if record.applied:
            lines.append(f"- {record.path}:")
            counts = Counter((d.code, d.name) for d in record.applied)
            for (code, name), count in sorted(counts.items()):
                lines.append(f"    {count} × {code} ({name})")
    return "\n".join(lines)


def _fix_command(kw: dict[str, Any], paths: tuple[Path, ...], stdin: bool, printer: _Printer, as_check: bool) -> None:
    """Run ``check --fix``/``--fix-only``/``--diff`` (``as_check``) or ``fix``, and exit with ruff's codes.

    ``check --fix`` reports what remains in the chosen output format with ``Found N errors (M fixed, K
    remaining).``; ``--fix-only`` reports only what was fixed and exits 0 for what remains; ``--diff`` prints a
    unified diff, writes nothing and exits 1 when a file would change. ``fix`` prints what remains as concise lines
    and ``Fixed N errors (M remaining)``. ``--exit-non-zero-on-fix`` exits 1 whenever something was fixed.
    """
    unsafe, show_diff = kw["unsafe_fixes"], kw["show_diff"]
    fix_only = show_diff or (as_check and kw["fix_only"])
    try:
        records = [fix_stdin(kw, unsafe)] if stdin else fix_files(paths, kw, unsafe, write=not show_diff)
    except ConfigError as exc:
        _fail(str(exc))
    _warn_run(printer, records, stdin)
    fixed = sum(len(r.applied) for r in records)
    remaining = sum(len(r.remaining) for r in records if not r.error)
    unsafe_more = sum(_unsafe_left(r.remaining) for r in records if not r.error)
    errors = any(r.error for r in records)
    changed = any(r.changed for r in records)
    verb = "Would fix" if show_diff else "Fixed"
    if stdin:
        record = records[0]
        if show_diff:
            printer.diagnostics(unified_diff(record.path, record.original or b"", record.fixed or b""), style=False)
        elif not printer.silent:
            sys.stdout.buffer.write(record.fixed or b"")
            sys.stdout.flush()
        if not fix_only or record.error:
            printer.diagnostics("".join(concise_line(record.path, d) + "\n" for d in record.remaining), err=True)
    else:
        for record in records:
            if show_diff and record.changed:
                printer.diagnostics(unified_diff(record.path, record.original or b"", record.fixed or b""), style=False)
        shown = [FileResult(r.path, r.remaining, r.error) for r in records if r.error or not fix_only]
        if as_check and not fix_only:
            text = FORMATS[kw["output_format"]](shown)
            printer.diagnostics(text, style=kw["output_format"] in ("full", "concise"))
        else:
            printer.diagnostics("".join(concise_line(r.path, d) + "\n" for r in shown for d in r.diagnostics))
    if kw["show_fixes"]:
        printer.summary(_show_fixes(records, verb), err=stdin or show_diff)
    if as_check and not fix_only:
        if stdin:
            pass
        elif fixed or remaining:
            closing = f"Found {_plural(fixed + remaining)} ({fixed} fixed, {remaining} remaining)."
            hints = summary([FileResult(r.path, r.remaining) for r in records if not r.error], unsafe).split("\n")[1:]
            printer.summary("\n".join([closing, *hints]))
        else:
            printer.summary("All checks passed!")
    elif as_check:
        if fixed:
            printer.summary(f"{verb} {_plural(fixed)}.", err=stdin or show_diff)
        elif show_diff:
            printer.summary("No errors would be fixed.", err=True)
    else:
        printer.summary(_fix_summary(verb, fixed, remaining, unsafe_more, unsafe), err=stdin or show_diff)
    if errors:
        sys.exit(EXIT_ERROR)
    if show_diff:
        sys.exit(EXIT_FINDINGS if changed else EXIT_CLEAN)
    if kw["exit_non_zero_on_fix"] and fixed:
        sys.exit(EXIT_FINDINGS)
    if fix_only or kw.get("exit_zero"):
        sys.exit(EXIT_CLEAN)
    sys.exit(EXIT_FINDINGS if remaining else EXIT_CLEAN)


@main.command()
@_common_options
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff of the fixes and write nothing.")
@click.option("--show-fixes", is_flag=True, help="List the fixes applied, per file and code.")
def fix(**kw: Any) -> None:
    """Fix what `check` finds in PATHS, in place (or - to fix standard input onto standard output).

    The shorthand of ``check --fix`` with concise output.
    """
    paths, stdin = _inputs(kw)
    _fix_command(kw, paths, stdin, _Printer(kw), as_check=False)


def _rule_record(rule: type[Rule] | type[ParseErrorRule]) -> dict[str, object]:
    return {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary,
        "explanation": rule.documentation(),
        "fix": rule.fix_availability(),
        "preview": rule.preview,
    }


@main.command()
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="Document every rule.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rule(code: str | None, show_all: bool, output_format: str) -> None:
    """Print the documentation of rule CODE (or of every rule, with --all)."""
    if show_all == (code is not None):
        raise click.UsageError("give either a rule code or --all")
    known: list[Any] = [ParseErrorRule, *ALL_RULES]
    rules = known
    if code is not None:
        rules = [r for r in (*known, *PROBE_RULES) if code.upper() in (r.code, r.name.upper())]
        if not rules:
            _fail(f"unknown rule {code!r} (known: {', '.join(r.code for r in (*known, *PROBE_RULES))})")
    if output_format == "json":
        records = [_rule_record(r) for r in rules]
        click.echo(json.dumps(records if show_all else records[0], indent=2))
        return
    for i, r in enumerate(rules):
        if i:
            click.echo()
        status = f"{PREVIEW_NOTE}\n\n" if r.preview else ""
        click.echo(f"# {r.name} ({r.code})\n\n{status}{r.fix_availability()}\n\n{r.documentation()}")


@main.command()
def server() -> None:
    """Run the language server over standard input and output (for editors; needs flake8-mcp[server])."""
    try:
        from mcp_lint.server import serve
    except ImportError as exc:
        _fail(f"the language server needs pygls ({exc}); install it with: pip install 'flake8-mcp[server]'")
    serve()


main.add_command(probe)
