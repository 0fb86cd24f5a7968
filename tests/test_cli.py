"""The ``mcp-lint`` command line, through click's test runner."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FIXTURES, ROOT
from mcp_lint import __version__
from mcp_lint.cli import main

BAD = FIXTURES / "MCP001_v2_mcpserver.py"
CLEAN = FIXTURES / "MCP001_no_mcp_import.py"


def run(*args: str):
    if args and args[0] == "check" and "--help" not in args:
        args = ("check", "--output-format", "concise", "--no-cache", *args[1:])
    return CliRunner().invoke(main, list(args))


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output == f"mcp-lint {__version__}\n"


def test_findings_exit_1_with_flake8_style_lines() -> None:
    result = run("check", str(BAD))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{BAD}:15:5: MCP001 Input validation error raised as a -32602 protocol error; raise ToolError instead"
    assert [line.split(": ")[0] for line in lines[:-2]] == [f"{BAD}:{row}:5" for row in (15, 20, 25, 29)]
    assert lines[-2:] == ["Found 4 errors.", "[*] 4 fixable with `mcp-lint fix`."]


def test_low_level_message_names_call_tool_result() -> None:
    result = run("check", str(FIXTURES / "MCP001_lowlevel_v2.py"))
    first = result.output.splitlines()[0]
    assert first.endswith(
        ":9:9: MCP001 Input validation error raised as a -32602 protocol error; "
        "return CallToolResult(isError=True) from the handler instead"
    )


def test_clean_exit_0() -> None:
    result = run("check", str(CLEAN))
    assert result.exit_code == 0
    assert result.output == "All checks passed!\n"


def test_exit_zero() -> None:
    result = run("check", "--exit-zero", str(BAD))
    assert result.exit_code == 0
    assert "Found 4 errors." in result.output


def test_select_and_ignore_by_prefix() -> None:
    assert run("check", "--select", "MCP0", str(BAD)).exit_code == 1
    assert run("check", "--ignore", "MCP001", str(BAD)).exit_code == 0
    assert run("check", "--select", "MCP", "--ignore", "MCP00", str(BAD)).exit_code == 0


def test_unknown_selector_is_a_usage_error() -> None:
    result = run("check", "--select", "MCP9", str(BAD))
    assert result.exit_code == 2
    assert "unknown rule selector 'MCP9'" in result.output


def test_missing_path_is_reported_and_the_rest_checked() -> None:
    result = run("check", "does/not/exist.py", str(BAD))
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0] == "does/not/exist.py:1:1: MCP000 could not read: No such file or directory"
    assert [line.split(": ")[0] for line in lines[1:5]] == [f"{BAD}:{row}:5" for row in (15, 20, 25, 29)]
    assert lines[-2] == "Found 5 errors."


def test_syntax_error_gives_mcp000_and_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("from mcp.server.fastmcp import FastMCP\ndef f(:\n    pass\n", encoding="utf-8")
    result = run("check", str(broken))
    assert result.exit_code == 2
    assert result.output.startswith(f"{broken}:2:7: MCP000 could not parse: ")
    assert "Traceback" not in result.output


def test_directory_walk_skips_vcs_venvs_caches_and_gitignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = BAD.read_text(encoding="utf-8")
    for rel in (
        "pkg/server.py",
        "pkg/stub.pyi",
        ".git/hooks/x.py",
        "__pycache__/x.py",
        ".venv/lib/x.py",
        "myenv/lib/x.py",
        "generated/x.py",
        "pkg/ignored_file.py",
        "pkg/notes.txt",
    ):
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(bad, encoding="utf-8")
    (tmp_path / "myenv" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("generated/\n", encoding="utf-8")
    (tmp_path / "pkg" / ".gitignore").write_text("ignored_*.py\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("check")
    files = {line.split(":")[0] for line in result.output.splitlines() if ": MCP" in line}
    assert files == {"pkg/server.py", "pkg/stub.pyi"}
    assert result.exit_code == 1
    unignored = run("check", "--no-respect-gitignore")
    files = {line.split(":")[0] for line in unignored.output.splitlines() if ": MCP" in line}
    assert files == {"pkg/server.py", "pkg/stub.pyi", "generated/x.py", "pkg/ignored_file.py"}


def test_explicit_file_is_checked_even_if_ignored(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("*.py\n", encoding="utf-8")
    target = tmp_path / "server.py"
    shutil.copy(BAD, target)
    assert run("check", str(target)).exit_code == 1
    everything_ignored = run("check", str(tmp_path))
    assert everything_ignored.stdout == "All checks passed!\n"
    assert everything_ignored.stderr == "warning: No Python files found under the given path(s)\n"


EXAMPLE_FINDINGS = [
    ("booking_server.py", 24, 9, "MCP001"),
    ("booking_server.py", 33, 9, "MCP001"),
    ("booking_server.py", 35, 9, "MCP001"),
    ("orders_server.py", 31, 9, "MCP005"),
    ("orders_server.py", 31, 16, "MCP004"),
    ("orders_server.py", 34, 9, "MCP002"),
    ("orders_server.py", 34, 9, "MCP005"),
    ("orders_server.py", 36, 9, "MCP003"),
    ("weather_lowlevel.py", 15, 13, "MCP001"),
]


def test_examples_have_findings() -> None:
    result = run("check", str(ROOT / "examples"))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if ": MCP" in line]
    assert [line.split(": ")[0] + " " + line.split(": ")[1].split()[0] for line in lines] == [
        f"{ROOT / 'examples' / name}:{row}:{col} {code}" for name, row, col, code in EXAMPLE_FINDINGS
    ]
    assert result.output.splitlines()[-3:] == [
        "Found 9 errors.",
        "[*] 5 fixable with `mcp-lint fix`.",
        "4 hidden fixes can be enabled with the `--unsafe-fixes` option.",
    ]


@pytest.mark.parametrize("args", [["check", "--help"], ["--help"]])
def test_help(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 0
    assert "Usage:" in result.output
