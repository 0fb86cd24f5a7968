"""Run the probe against a server with the official ``mcp`` client (the ``flake8-mcp[probe]`` extra).

The client is mcp 2.x: over stdio and streamable HTTP it speaks the 2026-07-28 protocol to servers that have
it and falls back to the initialize handshake (2025-11-25 and earlier) for every older server, so one client
probes servers of both the mcp v1 and v2 lines (and fastmcp on either).
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from mcp_lint.probe.cases import ProbeCall, tool_calls, unknown_tool_call, valid_call
from mcp_lint.probe.classify import BROKEN, CRASH, PROTOCOL_ERROR, SUCCESS, TIMEOUT, TOOL_ERROR, Response

#: How many pages of ``tools/list`` the probe follows at most.
MAX_PAGES = 100
_CLIENT_TIMEOUT = re.compile(r"Request '[^']*' timed out")

if sys.version_info < (3, 11):  # pragma: no cover - anyio installs the backport there
    from exceptiongroup import BaseExceptionGroup


class ProbeError(Exception):
    """The server could not be started, connected to, or asked for its tools; the message says why."""


class MissingClient(ProbeError):
    """The ``mcp`` client package (the ``probe`` extra) is not installed."""


@dataclass(frozen=True)
class Target:
    """The server to probe: a command to start over stdio, or a streamable HTTP URL.

    Attributes:
        command (tuple[str, ...]): the command and its arguments; empty for ``url``.
        url (str | None): the streamable HTTP endpoint.
        cwd (str | None): the working directory of the command (default: the current one).
        env (dict[str, str]): variables set for the command on top of the inherited environment.
    """

    command: tuple[str, ...] = ()
    url: str | None = None
    cwd: str | None = None
    env: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Settings:
    """How to probe.

    Attributes:
        timeout (float): seconds to wait for each answer (also for starting and listing tools).
        mode (str): the client's protocol negotiation, ``auto`` or ``legacy`` (initialize handshake only).
        call_valid (bool): also call each tool once with valid arguments.
        server_stderr (IO[str] | None): where the server's standard error goes; None to keep it and show its
            end when the server cannot be started.
    """

    timeout: float = 10.0
    mode: str = "auto"
    call_valid: bool = False
    server_stderr: IO[str] | None = None


@dataclass
class ProbeRun:
    """The outcome of a probe.

    Attributes:
        tools (list[str]): the tools the server listed.
        protocol_version (str): the negotiated protocol version.
        plan (list[ProbeCall]): the calls to make, in order.
        answers (list[tuple[ProbeCall, Response]]): the calls made and their answers.
        stopped (str | None): why calls were left out, when the server could not be restarted after a crash.
    """

    tools: list[str] = field(default_factory=list)
    protocol_version: str = ""
    plan: list[ProbeCall] = field(default_factory=list)
    answers: list[tuple[ProbeCall, Response]] = field(default_factory=list)
    stopped: str | None = None


def _leaf(exc: BaseException) -> BaseException:
    """The first exception inside (nested) exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _text(result: Any) -> str:
    parts = []
    for block in getattr(result, "content", None) or ():
        text = getattr(block, "text", None)
        parts.append(text if isinstance(text, str) else f"<{getattr(block, 'type', 'content')}>")
    return "\n".join(parts)


async def _call(client: Any, call: ProbeCall, timeout: float) -> Response:
    from mcp import MCPError
    from mcp.types import CONNECTION_CLOSED, REQUEST_TIMEOUT

    try:
        result = await client.call_tool(call.tool, call.arguments, read_timeout_seconds=timeout)
    except MCPError as exc:
        if exc.code == CONNECTION_CLOSED and exc.message == "Connection closed":
            return Response(CRASH, "the connection closed")
        if exc.code == REQUEST_TIMEOUT and _CLIENT_TIMEOUT.fullmatch(exc.message):
            return Response(TIMEOUT, f"no answer within {timeout:g} s")
        return Response(PROTOCOL_ERROR, exc.message, exc.code)
    except Exception as exc:  # noqa: BLE001 - whatever the client raises, the answer broke the protocol
        leaf = _leaf(exc)
        if isinstance(leaf, (ConnectionError, EOFError)) or type(leaf).__name__ in (
            "ClosedResourceError", "BrokenResourceError", "EndOfStream",
        ):  # fmt: skip
            return Response(CRASH, f"{type(leaf).__name__}: {leaf}")
        return Response(BROKEN, f"{type(leaf).__name__}: {leaf}")
    is_error = getattr(result, "is_error", None)
    return Response(TOOL_ERROR if is_error else SUCCESS, _text(result))


def require_client() -> None:
    """Check that the official MCP client, mcp 2.x or later, is installed.

    The ``probe`` extra names ``mcp`` without a version: mcp-lint's own pins would otherwise tell its SDK-version
    detection that every file of the mcp-lint repository (its test fixtures) runs on mcp v2. So the version is
    checked here.

    Raises:
        MissingClient: mcp is not installed, or is older than 2.0.
    """
    from importlib.metadata import PackageNotFoundError, version

    from packaging.version import InvalidVersion, Version

    try:
        installed = version("mcp")
    except PackageNotFoundError:
        raise MissingClient("the probe needs the official MCP client (mcp>=2): pip install 'flake8-mcp[probe]'") from None
    try:
        too_old = Version(installed).major < 2
    except InvalidVersion:
        too_old = False
    if too_old:
        raise MissingClient(f"the probe needs the official MCP client mcp>=2, found mcp {installed}: pip install -U 'mcp>=2'")


def _client(target: Target, settings: Settings, errlog: IO[str]) -> Any:
    require_client()
    try:
        from mcp import Client, StdioServerParameters
        from mcp.client.stdio import stdio_client
        from mcp.client.streamable_http import streamable_http_client
    except ImportError as exc:
        raise MissingClient(
            f"the probe needs the official MCP client (mcp>=2): pip install 'flake8-mcp[probe]' ({exc})"
        ) from None
    if target.url is not None:
        transport = streamable_http_client(target.url)
    else:
        params = StdioServerParameters(
            command=target.command[0], args=list(target.command[1:]),
            env={**os.environ, **target.env}, cwd=target.cwd,
        )  # fmt: skip
        transport = stdio_client(params, errlog=errlog)
    return Client(transport, mode=settings.mode, read_timeout_seconds=settings.timeout, cache=None)


async def _list_tools(client: Any) -> list[Any]:
    tools: list[Any] = []
    cursor = None
    for _ in range(MAX_PAGES):
        page = await client.list_tools(cursor=cursor)
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            break
    return tools


def _start_failure(target: Target, exc: BaseException, errlog: IO[str] | None) -> ProbeError:
    leaf = _leaf(exc)
    where = server_label(target)
    reason = str(leaf) or type(leaf).__name__
    if isinstance(leaf, OSError) and leaf.strerror:
        reason = leaf.strerror
    message = f"could not start or connect to the server {where!r} and list its tools: {reason}"
    if errlog is not None:
        try:
            errlog.seek(0)
            tail = errlog.read()[-2000:].strip()
        except (OSError, ValueError):
            tail = ""
        if tail:
            message += "\nThe server's standard error ended with:\n" + tail
    return ProbeError(message)


async def probe(
    target: Target,
    settings: Settings,
    on_answer: Callable[[ProbeCall, Response], None] | None = None,
    dry_run: bool = False,
) -> ProbeRun:
    """Start (or connect to) the server, list its tools, and make the probe's calls.

    After a crash or a broken answer, the server is started again for the remaining calls; if that fails
    too, the run stops and says so in ``stopped``.

    Args:
        target (Target): the server.
        settings (Settings): timeouts and options.
        on_answer (Callable[[ProbeCall, Response], None] | None): called after each call, for progress.
        dry_run (bool): list the tools and plan the calls, but call nothing.
    Returns:
        ProbeRun: the tools, the plan and the answers.
    Raises:
        ProbeError: the server could not be started, connected to, or listed (``MissingClient`` without the
            ``mcp`` package).
    """
    own_log = settings.server_stderr is None
    errlog: IO[str] = settings.server_stderr or tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")
    run = ProbeRun()
    try:
        pending: list[ProbeCall] = []
        first = True
        while first or pending:
            connected = False
            try:
                async with _client(target, settings, errlog) as client:
                    connected = True
                    if first:
                        tools = await _list_tools(client)
                        run.protocol_version = str(client.protocol_version)
                        run.tools = [tool.name for tool in tools]
                        for tool in tools:
                            schema = getattr(tool, "input_schema", None)
                            run.plan.extend(tool_calls(tool.name, schema))
                            if settings.call_valid:
                                run.plan.append(valid_call(tool.name, schema))
                        run.plan.append(unknown_tool_call(set(run.tools)))
                        pending = [] if dry_run else list(run.plan)
                        first = False
                    while pending:
                        call = pending.pop(0)
                        response = await _call(client, call, settings.timeout)
                        run.answers.append((call, response))
                        if on_answer is not None:
                            on_answer(call, response)
                        if response.kind in (CRASH, BROKEN):
                            break  # start the server again for the remaining calls
            except MissingClient:
                raise
            except Exception as exc:  # noqa: BLE001 - any failure to start, connect or list is reported, not raised
                if first:
                    raise _start_failure(target, exc, errlog if own_log else None) from None
                if not connected and pending:
                    run.stopped = f"the server could not be started again: {_leaf(exc)}"
                    break
                # Closing a connection the server broke can fail too; the remaining calls get a new one.
    finally:
        if own_log:
            errlog.close()
    return run


def server_label(target: Target) -> str:
    """The server as findings name it: the URL, or the command line as typed.

    Args:
        target (Target): the server.
    Returns:
        str: e.g. ``python server.py`` or ``http://127.0.0.1:8000/mcp``.
    """
    if target.url is not None:
        return target.url
    import shlex

    return shlex.join(target.command)


__all__ = ["MissingClient", "ProbeError", "ProbeRun", "Settings", "Target", "probe", "require_client", "server_label"]

