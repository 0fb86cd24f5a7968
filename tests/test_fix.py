"""``mcp-lint fix``: the fixture twins, convergence, the command's behaviour and what it preserves."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import libcst as cst
import pytest
from click.testing import CliRunner

from conftest import FIXTURES, ROOT, fixture_files
from mcp_lint.cli import main
from mcp_lint.fixer import fix_source
from mcp_lint.rules import ALL_RULES


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_fix_output_matches_the_fixed_twin(path: Path) -> None:
    twin = path.with_suffix(".fixed.py")
    outcome = fix_source(path.read_bytes(), path, ALL_RULES, unsafe=True)
    assert outcome.error is None
    assert outcome.fixed == twin.read_bytes()
    cst.parse_module(outcome.fixed)  # re-parses
    again = fix_source(outcome.fixed, twin, ALL_RULES, unsafe=True)
    assert again.fixed == outcome.fixed and again.applied == []  # idempotent
    # What is left has no fix: every fixed code is gone.
    assert all(d.fix is None for d in outcome.remaining)
    assert {(d.row, d.code) for d in again.remaining} == {(d.row, d.code) for d in outcome.remaining}


def test_every_rule_has_fixes_in_the_twins() -> None:
    applied = set()
    for path in fixture_files():
        applied |= {d.code for d in fix_source(path.read_bytes(), path, ALL_RULES, unsafe=True).applied}
    assert applied == {rule.code for rule in ALL_RULES}


@pytest.fixture()
def examples(tmp_path: Path) -> Path:
    target = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", target)
    return target


def test_fix_applies_safe_fixes_and_counts_the_rest(examples: Path) -> None:
    result = run("fix", str(examples))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[-1] == "Fixed 5 errors (4 remaining; 4 more with --unsafe-fixes)"
    assert [line.split(": ")[1].split()[0] for line in lines[:-1]] == ["MCP005", "MCP002", "MCP005", "MCP003"]
    fixed = (examples / "booking_server.py").read_text(encoding="utf-8")
    assert 'raise ToolError("departure must be in the future")' in fixed
    assert fixed.count("from mcp.server.fastmcp.exceptions import ToolError") == 1
    assert '"isRetryable": True, "retryAfterSeconds": 30}' in (examples / "orders_server.py").read_text(encoding="utf-8")

    result = run("fix", "--unsafe-fixes", str(examples))
    assert result.exit_code == 0
    assert result.output == "Fixed 4 errors (0 remaining)\n"
    assert run("check", str(examples)).exit_code == 0
    assert run("fix", "--unsafe-fixes", str(examples)).output == "Fixed 0 errors (0 remaining)\n"


def test_diff_writes_nothing_and_exits_1(examples: Path) -> None:
    before = {p.name: p.read_bytes() for p in examples.iterdir()}
    result = CliRunner().invoke(main, ["fix", "--diff", str(examples / "weather_lowlevel.py")])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"--- {examples / 'weather_lowlevel.py'}\n+++ {examples / 'weather_lowlevel.py'}\n")
    assert "-            raise McpError(types.ErrorData(code=types.INVALID_PARAMS" in result.stdout
    # No pins: the fix must hold on mcp releases before 1.19 too, which mangle a returned CallToolResult.
    assert '+            raise ValueError("days must be between 1 and 7")' in result.stdout
    assert "+from mcp.types import" not in result.stdout
    assert result.stderr == "Would fix 1 error (0 remaining)\n"
    assert {p.name: p.read_bytes() for p in examples.iterdir()} == before
    assert run("fix", "--diff", str(FIXTURES / "MCP001_no_mcp_import.py")).exit_code == 0


def test_exit_non_zero_on_fix(examples: Path) -> None:
    target = examples / "weather_lowlevel.py"
    assert run("fix", str(target)).exit_code == 0
    shutil.copy(ROOT / "examples" / "weather_lowlevel.py", target)
    assert run("fix", "--exit-non-zero-on-fix", str(target)).exit_code == 1


def test_select_limits_the_fixes(examples: Path) -> None:
    result = run("fix", "--select", "MCP004", str(examples))
    assert result.output == "Fixed 1 error (0 remaining)\n"
    assert "raise McpError" in (examples / "weather_lowlevel.py").read_text(encoding="utf-8")


def test_retry_after_seconds_option(examples: Path) -> None:
    run("fix", "--retry-after-seconds", "120", str(examples / "orders_server.py"))
    assert '"retryAfterSeconds": 120}' in (examples / "orders_server.py").read_text(encoding="utf-8")


def test_fix_keeps_mode_line_endings_and_encoding(tmp_path: Path) -> None:
    source = (
        "# -*- coding: latin-1 -*-\r\n"
        "from fastmcp import FastMCP\r\n"
        "mcp = FastMCP('caf\xe9')\r\n"
        "\r\n"
        "@mcp.tool()\r\n"
        "def t(x: str) -> dict:\r\n"
        "    # d\xe9j\xe0 vu\r\n"
        "    return {'isRetryable': True}\r\n"
    )
    target = tmp_path / "server.py"
    target.write_bytes(source.encode("latin-1"))
    target.chmod(0o640)
    assert run("fix", str(target)).exit_code == 0
    data = target.read_bytes()
    assert data == source.replace("{'isRetryable': True}", "{'isRetryable': True, 'retryAfterSeconds': 30}").encode("latin-1")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["server.py"]  # no temporary file left behind


def test_read_only_file_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    shutil.copy(ROOT / "examples" / "weather_lowlevel.py", target)
    target.chmod(0o444)
    before = target.read_bytes()
    result = run("fix", str(target))
    assert result.exit_code == 2
    assert f"{target}:1:1: MCP000 not fixed: the file is not writable" in result.output
    assert target.read_bytes() == before


def test_applying_fixes_rebuilds_only_the_paths_to_their_edits() -> None:
    # A fix rewrites a few nodes of a large module: the statements it does not touch are kept as they are (the
    # same objects), one edit may hold another, comments an edit drops from a line move above it, and the import
    # goes next to those at the top.
    from mcp_lint.codemod import apply_fixes
    from mcp_lint.diagnostics import Applicability, Fix

    module = cst.parse_module(
        "import os\n\nx = 1\n\n\ndef untouched():\n    return os.sep  # keep\n\n\n"
        "def tool():\n    value = compute(a, b)  # the reason\n    return value\n"
    )
    tool = module.body[3]
    line = tool.body.body[0]
    call = line.body[0].value
    fix = Fix(
        "rewrite",
        Applicability.SAFE,
        [
            (line, lambda node: cst.SimpleStatementLine([cst.Expr(node.body[0].value)])),  # holds the next edit
            (call.args[1].value, lambda _: cst.Name("c")),
        ],
        [("pkg.errors", "ToolError")],
    )
    fixed = apply_fixes(module, [fix])
    assert fixed.code == (
        "import os\nfrom pkg.errors import ToolError\n\nx = 1\n\n\ndef untouched():\n    return os.sep  # keep\n\n\n"
        "def tool():\n    # the reason\n    compute(a, c)\n    return value\n"
    )
    assert fixed.body[3] is module.body[2] and fixed.body[4] is not tool
    assert fixed.body[4].body.body[1] is tool.body.body[1]
