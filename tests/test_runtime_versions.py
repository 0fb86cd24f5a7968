"""Proof with real clients for the version-dependent rules: what the client receives before and after ``fix``.

Each server runs in its framework's own environment (``tests/runtime/make_envs.sh``; ``mcp1old`` holds mcp
1.18.0, the last release that mangles a returned CallToolResult). The project's pins, written next to the
server, decide what mcp-lint reports and which fix it emits.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcp_lint.cli import main
from test_runtime import MESSAGE, RUNTIME, by_call
from test_runtime import call as run_calls

BOOK = 'book={"date": "2020-01-01"}'


def call(env: str, client: str, server: Path, name: str) -> dict:
    (result,) = by_call(run_calls(env, client, server, name, [BOOK]))
    return result


def server_in_project(tmp_path: Path, file: str, pins: str | None) -> Path:
    """Copy a server into a project of its own whose requirements.txt holds ``pins`` (None: no project)."""
    directory = tmp_path / "project"
    directory.mkdir()
    if pins is not None:
        (directory / "setup.py").write_text("", encoding="utf-8")
        (directory / "requirements.txt").write_text(pins, encoding="utf-8")
    server = directory / file
    shutil.copy(RUNTIME / "servers" / file, server)
    return server


def fix(server: Path, codes: str) -> None:
    check = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "concise", str(server)])
    assert [line.split()[1] for line in check.output.splitlines()[:-2]] == codes.split(), check.output
    result = CliRunner().invoke(main, ["fix", "--no-cache", str(server)])
    assert result.output == f"Fixed {len(codes.split())} error{'s' if len(codes.split()) > 1 else ''} (0 remaining)\n"


def test_mcp006_is_error_keyword_sends_false_on_mcp_v1(tmp_path: Path) -> None:
    server = server_in_project(tmp_path, "mcp006_v1_fastmcp.py", "mcp>=1.19,<2\n")
    assert call("mcp1", "mcp1", server, "mcp") == {"isError": False, "text": [MESSAGE]}
    fix(server, "MCP006")
    assert "CallToolResult(isError=True, content=" in server.read_text(encoding="utf-8")
    assert call("mcp1", "mcp1", server, "mcp") == {"isError": True, "text": [MESSAGE]}


def test_mcp008_fastmcp2_sends_a_returned_result_as_success(tmp_path: Path) -> None:
    server = server_in_project(tmp_path, "mcp008_fastmcp.py", None)
    before = call("fastmcp2", "fastmcp", server, "mcp")
    assert before["isError"] is False
    assert json.loads(before["text"][0])["isError"] is True  # the model, dumped as the text of a success
    fix(server, "MCP008")
    assert call("fastmcp2", "fastmcp", server, "mcp") == {"isError": True, "text": [MESSAGE]}
    # fastmcp 4 also sends the fixed server's error as isError with the message.
    assert call("fastmcp4", "fastmcp", server, "mcp") == {"isError": True, "text": [MESSAGE]}


def test_mcp008_not_reported_where_fastmcp4_passes_it_through(tmp_path: Path) -> None:
    server = server_in_project(tmp_path, "mcp008_fastmcp.py", "fastmcp>=4\n")
    assert call("fastmcp4", "fastmcp", server, "mcp") == {"isError": True, "text": [MESSAGE]}
    assert CliRunner().invoke(main, ["check", "--no-cache", str(server)]).exit_code == 0


def test_mcp008_lowlevel_before_1_19_mangles_the_result(tmp_path: Path) -> None:
    server = server_in_project(tmp_path, "mcp008_v1_lowlevel.py", "mcp==1.18.0\n")
    before = call("mcp1old", "mcp1", server, "server")
    assert before["isError"] is True
    assert "validation errors for CallToolResult" in before["text"][0] and MESSAGE not in before["text"][0]
    fix(server, "MCP008")
    assert 'raise ValueError("date must be in the future")' in server.read_text(encoding="utf-8")
    assert call("mcp1old", "mcp1", server, "server") == {"isError": True, "text": [MESSAGE]}
    assert call("mcp1", "mcp1", server, "server") == {"isError": True, "text": [MESSAGE]}


@pytest.mark.parametrize(
    ("env", "client", "file", "pins", "crash", "prefix"),
    [
        ("mcp1", "mcp1", "mcp011_v1_fastmcp.py", None,
         "McpError.__init__() takes 2 positional arguments but 3 were given", "Error executing tool book: "),
        ("fastmcp4", "fastmcp", "mcp011_fastmcp.py", "fastmcp>=4\n",
         "MCPError.__init__() missing 1 required positional argument: 'message'", "Error calling tool 'book': "),
    ],
)  # fmt: skip
def test_mcp011_wrong_constructor_crashes_the_tool(
    tmp_path: Path, env: str, client: str, file: str, pins: str | None, crash: str, prefix: str
) -> None:
    server = server_in_project(tmp_path, file, pins)
    assert call(env, client, server, "mcp") == {"isError": True, "text": [prefix + crash]}
    fix(server, "MCP011")
    assert call(env, client, server, "mcp") == {"isError": True, "text": [prefix + MESSAGE]}
