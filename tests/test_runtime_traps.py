"""Proof with real clients for the framework-trap rules (MCP005, MCP007, MCP009, MCP010, MCP001's middleware).

Each framework's own in-process client calls a server from ``tests/runtime/servers`` in that framework's
environment (``tests/runtime/make_envs.sh``), before and after ``mcp-lint fix --unsafe-fixes --preview``. Before,
the client receives what each rule's message claims (isError false, a masked message, a protocol error, a result
for an unknown tool); after, the message arrives in an isError result (or, for MCP010, as the -32602 protocol
error the spec asks for).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcp_lint.cli import main
from test_runtime import RUNTIME, by_call, call

ERR = {"isError": True}
HELD = '{"error": "order X1 is on hold"}'
VALIDATION = "1 validation error for call[book]"
# fastmcp 2.x sends a returned CallToolResult as its JSON dump, with isError false.
DUMPED = ["<the CallToolResult as JSON>"]

# (id, env, client, server file, object, calls, fixes, what the client gets before, after)
CASES = [
    ("mcp v2 MCPServer: MCP005, MCP007, MCP009", "mcp2", "mcp2", "traps_v2_mcpserver.py", "mcp",
     ['cancel={"order": "X1"}', 'book={"date": "2020-01-01"}', 'send={"to": "a@b"}'], 3,
     [{"isError": False, "text": ['{\n  "error": "order X1 is on hold"\n}']},
      {**ERR, "text": ["Error executing tool book"]},
      {"protocol_error": -32603, "message": "the relay refused the message"}],
     [{**ERR, "text": [f"Error executing tool cancel: {HELD}"]},
      {**ERR, "text": ["Error executing tool book: date must be in the future"]},
      {**ERR, "text": ["Error executing tool send: the relay refused the message"]}]),
    ("mcp v1 FastMCP: MCP005", "mcp1", "mcp1", "traps_v1_fastmcp.py", "mcp",
     ['cancel={"order": "X1"}'], 1,
     [{"isError": False, "text": ['{\n  "error": "order X1 is on hold"\n}']}],
     [{**ERR, "text": [f"Error executing tool cancel: {HELD}"]}]),
    ("mcp v2 low-level: MCP005, MCP010", "mcp2", "mcp2", "traps_v2_lowlevel.py", "server",
     ['forecast={"days": "many"}', "nope={}"], 2,
     [{"isError": False, "text": ["Error: days must be a number"]}, {**ERR, "text": ["Unknown tool: nope"]}],
     [{**ERR, "text": ["Error: days must be a number"]}, {"protocol_error": -32602, "message": "Unknown tool: nope"}]),
    ("fastmcp 2.x masked: MCP007, MCP005", "fastmcp2", "fastmcp", "traps_fastmcp.py", "mcp",
     ['price={"item": "gift"}', 'write={"text": ""}'], 2,
     [{**ERR, "text": ["Error calling tool 'price'"]}, {"isError": False, "text": DUMPED}],
     [{**ERR, "text": ["gifts have no price"]}, {**ERR, "text": ["nothing to write"]}]),
    ("fastmcp 4.x masked: MCP007, MCP005", "fastmcp4", "fastmcp", "traps_fastmcp.py", "mcp",
     ['price={"item": "gift"}', 'write={"text": ""}'], 2,
     [{**ERR, "text": ["Error calling tool 'price'"]}, {**ERR, "text": ["nothing to write"]}],
     [{**ERR, "text": ["gifts have no price"]}, {**ERR, "text": ["nothing to write"]}]),
    ("mcp v2 MCPServer middleware: MCP001", "mcp2", "mcp2", "middleware_v2.py", "mcp",
     ['book={"date": "today", "seats": 2}', 'book={"date": "today"}'], 1,
     [{"protocol_error": -32602, "message": "unexpected arguments: ['seats']"}, {"isError": False, "text": ["booked today"]}],
     [{**ERR, "text": ["unexpected arguments: ['seats']"]}, {"isError": False, "text": ["booked today"]}]),
    ("fastmcp 2.x ErrorHandlingMiddleware: MCP001", "fastmcp2", "fastmcp", "middleware_fastmcp.py", "mcp",
     ['book={"date": "2020-01-01"}', 'book={"date": 5}'], 1,
     [{**ERR, "text": ["Invalid params: Error calling tool 'book': date must be in the future"]},
      {**ERR, "text": [f"Internal error: {VALIDATION}"]}],
     [{**ERR, "text": ["Error calling tool 'book': date must be in the future"]}, {**ERR, "text": [VALIDATION]}]),
    ("fastmcp 4.x ErrorHandlingMiddleware: MCP001", "fastmcp4", "fastmcp", "middleware_fastmcp.py", "mcp",
     ['book={"date": "2020-01-01"}', 'book={"date": 5}'], 1,
     [{"protocol_error": -32602, "message": "Invalid params: Error calling tool 'book': date must be in the future"},
      {"protocol_error": -32603, "message": f"Internal error: {VALIDATION}"}],
     [{**ERR, "text": ["Error calling tool 'book': date must be in the future"]}, {**ERR, "text": [VALIDATION]}]),
]  # fmt: skip


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0] if VALIDATION in text else text


def _comparable(results: list[dict]) -> list[dict]:
    """Cut pydantic's validation errors to their first line (the rest names the pydantic version), and stand
    fastmcp 2.x's JSON dump of a CallToolResult for :data:`DUMPED` once its content is checked."""
    cut = []
    for got in results:
        got = dict(got)
        if "text" in got:
            texts = got["text"]
            if len(texts) == 1 and texts[0].startswith("{\"_meta\"") and '"isError":true' in texts[0]:
                assert "nothing to write" in texts[0]
                texts = DUMPED
            got["text"] = [_first_line(t) for t in texts]
        if "message" in got:
            got["message"] = _first_line(got["message"])
        cut.append(got)
    return cut


@pytest.mark.parametrize(
    ("env", "client", "file", "name", "calls", "fixes", "before", "after"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_trap_is_real_before_and_gone_after_fix(
    tmp_path: Path, env: str, client: str, file: str, name: str, calls: list[str], fixes: int,
    before: list[dict], after: list[dict],
) -> None:  # fmt: skip
    server = tmp_path / file
    shutil.copy(RUNTIME / "servers" / file, server)

    assert _comparable(by_call(call(env, client, server, name, calls))) == before

    result = CliRunner().invoke(main, ["fix", "--no-cache", "--unsafe-fixes", "--preview", str(server)])
    assert result.output == f"Fixed {fixes} error{'s' if fixes != 1 else ''} (0 remaining)\n", result.output

    assert _comparable(by_call(call(env, client, server, name, calls))) == after
