"""Proof with real clients: each framework's own in-process client calls a server before and after ``fix``.

The frameworks need conflicting pins, so each line has its own environment, made by
``tests/runtime/make_envs.sh`` (``.ci/run`` runs it; set MCP_LINT_ENVS to use another directory). What the
client receives is what docs/frameworks.md shows: before the fix, MCP001 is a -32602 protocol error on mcp v2
and an isError result elsewhere; after it, an isError result with the message. After MCP003's fix, the
empty result is a success that carries the message.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT
from mcp_lint.cli import main

RUNTIME = ROOT / "tests" / "runtime"
ENVS = Path(os.environ.get("MCP_LINT_ENVS", ROOT / ".envs"))
MESSAGE = "date must be in the future"
CALLS = ['book={"date": "2020-01-01"}', 'find_orders={"customer": "CUST-404"}']

# (framework style, environment, client, server file, server object,
#  what MCP001 looks like before the fix, what MCP003's empty result looks like before the fix)
ISERR = {"isError": True}
STYLES = [
    ("mcp v1 FastMCP", "mcp1", "mcp1", "v1_fastmcp.py", "mcp",
     {**ISERR, "text": [f"Error executing tool book: {MESSAGE}"]},
     {**ISERR, "text": ["Error executing tool find_orders: No orders found for CUST-404"]}),
    ("mcp v1 low-level", "mcp1", "mcp1", "v1_lowlevel.py", "server",
     {**ISERR, "text": [MESSAGE]},
     {"isError": False, "text": ["Error: no orders found"]}),
    ("mcp v2 MCPServer", "mcp2", "mcp2", "v2_mcpserver.py", "mcp",
     {"protocol_error": -32602, "message": MESSAGE},
     {**ISERR, "text": ["Error executing tool find_orders: No orders found for CUST-404"]}),
    ("mcp v2 low-level", "mcp2", "mcp2", "v2_lowlevel.py", "server",
     {"protocol_error": -32602, "message": MESSAGE},
     {**ISERR, "text": ["No orders found"]}),
    ("fastmcp 2.x", "fastmcp2", "fastmcp", "fastmcp_server.py", "mcp",
     {**ISERR, "text": [f"Error calling tool 'book': {MESSAGE}"]},
     {**ISERR, "text": ["No orders found for CUST-404"]}),
    ("fastmcp 4.x", "fastmcp4", "fastmcp", "fastmcp_server.py", "mcp",
     {**ISERR, "text": [f"Error calling tool 'book': {MESSAGE}"]},
     {**ISERR, "text": ["No orders found for CUST-404"]}),
]  # fmt: skip


def call(env: str, client: str, server: Path, name: str, calls: list[str] = CALLS) -> list[dict]:
    python = ENVS / env / "bin" / "python"
    assert python.exists(), f"missing framework environment {python}: run tests/runtime/make_envs.sh"
    argv = [str(python), str(RUNTIME / "call_tool.py"), client, str(server), name, *calls]
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}  # a crash of the framework's interpreter prints its stack
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=server.parent, env=env)
    if proc.returncode < 0:
        # The framework's interpreter was killed by a signal (CI once saw SIGSEGV in the fastmcp 2.x environment,
        # not reproduced in 160 runs): that is the third-party stack, not what its client receives, so the call
        # is made once more; a second crash fails with both stacks.
        first = proc.stderr
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=server.parent, env=env)
        assert proc.returncode == 0, f"{first}\n--- second run ---\n{proc.stderr}"
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def by_call(results: list[dict]) -> list[dict]:
    """Group mcp v2 results (two modes per call) so that both modes must agree."""
    if results and "mode" in results[0]:
        legacy = [{k: v for k, v in r.items() if k != "mode"} for r in results if r["mode"] == "legacy"]
        auto = [{k: v for k, v in r.items() if k != "mode"} for r in results if r["mode"] == "auto"]
        assert legacy == auto
        return legacy
    return results


@pytest.mark.parametrize(
    ("style", "env", "client", "file", "name", "book_before", "orders_before"), STYLES, ids=[s[0] for s in STYLES]
)
def test_client_sees_a_tool_execution_error_after_fix(
    tmp_path: Path, style: str, env: str, client: str, file: str, name: str, book_before: dict, orders_before: dict
) -> None:
    server = tmp_path / file
    shutil.copy(RUNTIME / "servers" / file, server)

    book, orders = by_call(call(env, client, server, name))
    assert book == book_before
    assert orders == orders_before

    result = CliRunner().invoke(main, ["fix", "--unsafe-fixes", str(server)])
    assert result.output == "Fixed 2 errors (0 remaining)\n", result.output

    book, orders = by_call(call(env, client, server, name))
    assert book["isError"] is True
    assert len(book["text"]) == 1 and MESSAGE in book["text"][0]
    assert orders["isError"] is False
    assert any("No orders found" in text for text in orders["text"]), orders
