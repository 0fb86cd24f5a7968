"""``mcp-lint probe``: start an MCP server, call its tools with invalid arguments, and report what it answers.

Exit codes, as ``check``: 0 no findings, 1 findings, 2 a usage error or a server that could not be started,
connected to or listed at all.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import click

from mcp_lint.probe.cases import ProbeCall
from mcp_lint.probe.classify import Finding, Response, classify
from mcp_lint.probe.report import PROBE_FORMATS, closing_line, location
from mcp_lint.probe.rules import PROBE_CODES, PROBE_RULES
from mcp_lint.selection import SelectorError, is_selected, validate_selectors

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _selectors(value: str | None, option: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    try:
        return tuple(validate_selectors(value.split(","), PROBE_CODES))
    except SelectorError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None


def enabled_codes(select: tuple[str, ...] | None, ignore: tuple[str, ...] | None, preview: bool) -> set[str]:
    """The probe codes that ``--select``, ``--ignore`` and ``--preview`` enable.

    Args:
        select (tuple[str, ...] | None): validated selectors, None for the default (every probe code).
        ignore (tuple[str, ...] | None): validated selectors, None for none.
        preview (bool): whether preview rules (MCP103) may be enabled; as in ruff, selecting one is not enough.
    Returns:
        set[str]: the enabled codes.
    """
    return {
        rule.code
        for rule in PROBE_RULES
        if is_selected(rule.code, select or ("MCP1",), ignore or ()) and (preview or not rule.preview)
    }


def _environment(values: tuple[str, ...]) -> dict[str, str]:
    env = {}
    for value in values:
        key, sep, text = value.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"expected KEY=VALUE, got {value!r}", param_hint="--env")
        env[key] = text
    return env


class _Progress:
    """One line per tool on standard error, when it is a terminal; every call with ``--verbose``."""

    def __init__(self, tty: bool, verbose: bool) -> None:
        self.tty, self.verbose = tty, verbose
        self.tool: str | None = None
        self.kinds: Counter[str] = Counter()

    def __call__(self, call: ProbeCall, response: Response) -> None:
        if self.verbose:
            click.echo(f"tools/call {call} ({call.kind}) -> {response.describe()}", err=True)
        if call.tool != self.tool:
            self.flush()
            self.tool = call.tool
        self.kinds[response.kind] += 1

    def flush(self) -> None:
        if self.tty and self.tool is not None and self.kinds:
            counts = ", ".join(f"{n} {kind}" for kind, n in sorted(self.kinds.items()))
            click.echo(f"probed {self.tool}: {sum(self.kinds.values())} calls ({counts})", err=True)
        self.kinds.clear()


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
@click.option("--url", help="Probe the streamable HTTP server at URL instead of starting COMMAND.")
@click.option("--cwd", type=click.Path(exists=True, file_okay=False, path_type=Path), help="Working directory of COMMAND.")
@click.option("--env", "env_values", multiple=True, metavar="KEY=VALUE", help="Set a variable for COMMAND (repeatable).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True,
              help="Seconds to wait for each answer.")
@click.option("--protocol", type=click.Choice(["auto", "legacy"]), default="auto", show_default=True,
              help="auto: 2026-07-28 where the server has it, else the initialize handshake; legacy: the handshake only.")
@click.option("--select", metavar="CODES", help="Comma-separated probe codes or prefixes to enable [default: MCP1].")
@click.option("--ignore", metavar="CODES", help="Comma-separated probe codes or prefixes to disable.")
@click.option("--preview", is_flag=True, help="Enable preview rules (MCP103).")
@click.option("--call-valid", is_flag=True, help="Also call each tool once with valid arguments (tools can have side effects).")
@click.option("--dry-run", is_flag=True, help="Start the server and list its tools, print the calls, call nothing.")
@click.option("--output-format", type=click.Choice(sorted(PROBE_FORMATS)), default="full", show_default=True,
              help="How to print findings.")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False, path_type=Path), help="Write the output here.")
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
@click.option("-v", "--verbose", is_flag=True, help="Print every call and answer, and the server's standard error.")
def probe(command: tuple[str, ...], **kw: Any) -> None:
    """Start COMMAND (after --) as an MCP server over stdio, or connect to --url, and call every tool with
    invalid arguments derived from its input schema, and one unknown tool name. Tools are never called with
    valid arguments unless --call-valid is given.

    \b
    Example: mcp-lint probe -- python server.py
    """  # noqa: D301
    from mcp_lint.probe.session import ProbeError, Settings, Target, server_label

    url = kw["url"]
    if command and url is not None:
        raise click.UsageError("give a server COMMAND (after --) or --url, not both")
    if not command and url is None:
        raise click.UsageError("give a server COMMAND to start (after --), or --url for a streamable HTTP server")
    if url is not None:
        parsed = urlparse(url)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise click.BadParameter(f"expected an http:// or https:// URL, got {url!r}", param_hint="--url")
    codes = enabled_codes(_selectors(kw["select"], "--select"), _selectors(kw["ignore"], "--ignore"), kw["preview"])
    target = Target(
        command=command, url=url, cwd=str(kw["cwd"]) if kw["cwd"] else None, env=_environment(kw["env_values"])
    )
    server = server_label(target)
    stderr_is_file = _has_fileno(sys.stderr)
    settings = Settings(
        timeout=kw["timeout"], mode=kw["protocol"], call_valid=kw["call_valid"],
        server_stderr=sys.stderr if kw["verbose"] and stderr_is_file else None,
    )  # fmt: skip
    progress = _Progress(tty=stderr_is_file and sys.stderr.isatty(), verbose=kw["verbose"])
    try:
        import anyio

        from mcp_lint.probe.session import probe as run_probe

        run = anyio.run(run_probe, target, settings, progress, kw["dry_run"])
    except ImportError as exc:
        _fail(f"the probe needs the official MCP client (mcp>=2): pip install 'flake8-mcp[probe]' ({exc})")
    except ProbeError as exc:
        _fail(str(exc))
    progress.flush()
    if kw["dry_run"]:
        _emit(_plan_text(server, run.plan, kw["output_format"]), kw["output_file"])
        sys.exit(EXIT_CLEAN)
    findings: list[Finding] = []
    for call, response in run.answers:
        finding = classify(call, response)
        if finding is not None and finding.diagnostic.code in codes:
            findings.append(finding)
    if run.stopped:
        click.echo(f"mcp-lint: warning: {run.stopped}; {len(run.plan) - len(run.answers)} calls were not made", err=True)
    text = PROBE_FORMATS[kw["output_format"]](server, findings)
    if kw["output_format"] in ("full", "concise"):
        text += closing_line(server, findings) + "\n"
    _emit(text, kw["output_file"])
    if kw["exit_zero"]:
        sys.exit(EXIT_CLEAN)
    sys.exit(EXIT_FINDINGS if findings else EXIT_CLEAN)


def _has_fileno(stream: Any) -> bool:
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True


def _plan_text(server: str, plan: list[ProbeCall], output_format: str) -> str:
    import json

    if output_format in ("json", "sarif"):
        return json.dumps([{"server": server, **call.to_json()} for call in plan], indent=2) + "\n"
    lines = []
    for call in plan:
        where = server if call.kind == "unknown-tool" else f"{server}::{call.tool}"
        lines.append(f"{where}: would call tools/call {call} ({call.kind})\n")
    return "".join(lines) + f"{len(plan)} calls planned; nothing was called.\n"


def _emit(text: str, output_file: Path | None) -> None:
    if output_file is None:
        click.echo(text, nl=False)
        return
    try:
        output_file.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"could not write {output_file}: {exc.strerror or exc}")


def _fail(message: str) -> None:
    click.echo(f"mcp-lint: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


__all__ = ["enabled_codes", "location", "probe"]
