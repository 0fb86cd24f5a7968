"""The command line behaves as ruff's does: standard input, the fix interface of ``check``, statistics, MCP000,
missing paths, warnings, colour, ``--quiet``/``--silent`` and the cache location (issue 12)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FIXTURES, ROOT
from mcp_lint.cli import main
from mcp_lint.settings import clear_cache

BAD = FIXTURES / "MCP001_v2_mcpserver.py"
WEATHER = ROOT / "examples" / "weather_lowlevel.py"


def invoke(*args: str, input: bytes | None = None, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), input=input, env=env)


@pytest.fixture()
def examples(tmp_path: Path) -> Path:
    target = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", target)
    return target


def snapshot(tree: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(tree.glob("*.py"))}


def test_stdin_filename_alone_reads_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(BAD, tmp_path / "other.py")  # linting the directory instead would report this file
    result = invoke("check", "--no-cache", "--output-format", "concise", "--stdin-filename", "server.py", input=BAD.read_bytes())
    assert result.exit_code == 1
    assert [line.split(": ")[0] for line in result.stdout.splitlines()[:-2]] == [
        f"server.py:{row}:5" for row in (15, 20, 25, 29)
    ]
    assert "other.py" not in result.output
    fixed = invoke("fix", "--stdin-filename", "server.py", input=BAD.read_bytes())
    assert fixed.exit_code == 0 and "raise ToolError(" in fixed.stdout
    both = invoke("check", "--stdin-filename", "server.py", "other.py", input=b"")
    assert both.exit_code == 2 and "--stdin-filename reads standard input" in both.output


def test_fix_diff_of_standard_input_is_a_unified_diff() -> None:
    result = invoke("fix", "--diff", "-", input=WEATHER.read_bytes())
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[:2] == ["--- -", "+++ -"] and lines[2].startswith("@@ ")
    # no SDK pins: a v1 low-level handler raises ValueError, which every mcp v1 release sends as isError
    assert '+            raise ValueError("days must be between 1 and 7")' in lines
    assert not result.stdout.startswith('"""A weather')  # not the whole file
    assert result.stderr == "Would fix 1 error (0 remaining)\n"
    clean = invoke("fix", "--diff", "-", input=(FIXTURES / "MCP001_no_mcp_import.py").read_bytes())
    assert clean.exit_code == 0 and clean.stdout == ""
    named = invoke("check", "--diff", "--stdin-filename", "weather.py", input=WEATHER.read_bytes())
    assert named.exit_code == 1 and named.stdout.splitlines()[:2] == ["--- weather.py", "+++ weather.py"]


def test_check_fix_reports_what_remains_like_ruff(examples: Path) -> None:
    result = invoke("check", "--no-cache", "--fix", "--output-format", "concise", str(examples))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert [line.split(": ")[1].split()[0] for line in lines[:4]] == ["MCP005", "MCP002", "MCP005", "MCP003"]
    assert lines[4:] == [
        "Found 9 errors (5 fixed, 4 remaining).",
        "4 hidden fixes can be enabled with the `--unsafe-fixes` option.",
    ]
    assert b'raise ToolError("departure must be in the future")' in (examples / "booking_server.py").read_bytes()
    again = invoke("check", "--no-cache", "--fix", "--unsafe-fixes", "--show-fixes", "--output-format", "concise", str(examples))
    assert again.exit_code == 0
    assert again.stdout.splitlines() == [
        "Fixed 4 errors:",
        f"- {examples / 'orders_server.py'}:",
        "    1 × MCP002 (generic-swallowed-exception)",
        "    1 × MCP003 (empty-result-as-error)",
        "    2 × MCP005 (error-reported-as-success)",
        "Found 4 errors (4 fixed, 0 remaining).",
    ]


def test_fix_is_the_shorthand_of_check_fix(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    shutil.copytree(ROOT / "examples", one)
    shutil.copytree(ROOT / "examples", two)
    shorthand = invoke("fix", "--no-cache", "--unsafe-fixes", "--show-fixes", str(one))
    assert shorthand.exit_code == 0
    assert shorthand.stdout.splitlines()[0] == "Fixed 9 errors:"
    assert shorthand.stdout.splitlines()[-1] == "Fixed 9 errors (0 remaining)"
    assert invoke("check", "--no-cache", "--fix", "--unsafe-fixes", str(two)).exit_code == 0
    assert snapshot(one) == snapshot(two) != snapshot(ROOT / "examples")


def test_fix_only_exits_0_with_leftovers_and_exit_non_zero_on_fix(examples: Path) -> None:
    result = invoke("check", "--no-cache", "--fix-only", str(examples))
    assert result.exit_code == 0
    assert result.stdout == "Fixed 5 errors.\n"
    nothing = invoke("check", "--no-cache", "--fix-only", "--exit-non-zero-on-fix", str(examples))
    assert nothing.exit_code == 0 and nothing.stdout == ""  # only unsafe fixes are left
    unsafe = invoke("check", "--no-cache", "--fix-only", "--unsafe-fixes", "--exit-non-zero-on-fix", str(examples))
    assert unsafe.exit_code == 1 and unsafe.stdout == "Fixed 4 errors.\n"
    assert invoke("check", "--no-cache", str(examples)).stdout == "All checks passed!\n"


def test_check_diff_writes_nothing_and_exits_1(examples: Path) -> None:
    before = snapshot(examples)
    result = invoke("check", "--no-cache", "--diff", str(examples))
    assert result.exit_code == 1
    assert snapshot(examples) == before
    assert result.stdout.count("\n--- ") + result.stdout.startswith("--- ") == 3
    assert f"+++ {examples / 'weather_lowlevel.py'}" in result.stdout.splitlines()
    assert result.stderr == "Would fix 5 errors.\n"
    unsafe = invoke("check", "--no-cache", "--diff", "--unsafe-fixes", str(examples / "orders_server.py"))
    assert unsafe.exit_code == 1 and unsafe.stderr == "Would fix 5 errors.\n"


def test_unsafe_fixes_counts_unsafe_fixes_as_fixable(examples: Path) -> None:
    plain = invoke("check", "--no-cache", "--output-format", "concise", str(examples))
    assert plain.stdout.splitlines()[-2:] == [
        "[*] 5 fixable with `mcp-lint fix`.",
        "4 hidden fixes can be enabled with the `--unsafe-fixes` option.",
    ]
    unsafe = invoke("check", "--no-cache", "--unsafe-fixes", "--output-format", "concise", str(examples))
    assert unsafe.exit_code == 1
    assert unsafe.stdout.splitlines()[-1] == "[*] 9 fixable with `mcp-lint fix --unsafe-fixes`."


def test_statistics_marks_only_applicable_fixes_and_speaks_json(examples: Path) -> None:
    text = invoke("check", "--no-cache", "--statistics", "--unsafe-fixes", str(examples))
    assert text.stdout.splitlines()[1:4] == [
        "2\tMCP005\t[*] error-reported-as-success",
        "1\tMCP002\t[*] generic-swallowed-exception",
        "1\tMCP003\t[*] empty-result-as-error",
    ]
    result = invoke("check", "--no-cache", "--statistics", "--output-format", "json", str(examples))
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"code": "MCP001", "name": "input-validation-protocol-error", "count": 4, "fixable": True},
        {"code": "MCP005", "name": "error-reported-as-success", "count": 2, "fixable": False},
        {"code": "MCP002", "name": "generic-swallowed-exception", "count": 1, "fixable": False},
        {"code": "MCP003", "name": "empty-result-as-error", "count": 1, "fixable": False},
        {"code": "MCP004", "name": "retryable-error-without-delay", "count": 1, "fixable": True},
    ]


def test_rule_documents_mcp000() -> None:
    result = invoke("rule", "MCP000")
    assert result.exit_code == 0
    assert result.stdout.startswith("# parse-error (MCP000)\n\nFix is not available.\n\n## What it does\n")
    assert "E902" in result.stdout and "too deeply nested" in result.stdout
    assert json.loads(invoke("rule", "parse-error", "--output-format", "json").stdout)["code"] == "MCP000"


def test_no_python_files_and_a_misspelt_table_warn(tmp_path: Path) -> None:
    clear_cache()
    (tmp_path / "pyproject.toml").write_text("[tool.mcp_lint]\nignore = ['MCP001']\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("no Python here\n", encoding="utf-8")
    result = invoke("check", "--no-cache", str(tmp_path))
    assert result.exit_code == 0
    assert result.stdout == "All checks passed!\n"
    assert result.stderr.splitlines() == [
        f"warning: {tmp_path / 'pyproject.toml'}: [tool.mcp_lint] is not read: the table is [tool.mcp-lint]",
        "warning: No Python files found under the given path(s)",
    ]
    shutil.copy(BAD, tmp_path / "server.py")
    clear_cache()
    found = invoke("check", "--no-cache", "--output-format", "concise", str(tmp_path))
    assert found.exit_code == 1  # the misspelt table's ignore is not applied, and the user is told why
    assert found.stdout.count(": MCP001 ") == 4
    assert "[tool.mcp_lint] is not read" in found.stderr
    assert invoke("check", "--no-cache", "--silent", str(tmp_path)).stderr == ""
    clear_cache()


def test_colour_follows_no_color_and_force_color() -> None:
    forced = invoke("check", "--no-cache", str(BAD), env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[31m\x1b[1mMCP001\x1b[0m" in forced.stdout
    assert "\x1b[1m" + str(BAD) + ":15:5:\x1b[0m" in forced.stdout
    both = invoke("check", "--no-cache", str(BAD), env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in both.stdout
    assert "\x1b[" not in invoke("check", "--no-cache", str(BAD)).stdout  # not a terminal


def test_quiet_and_silent(examples: Path) -> None:
    quiet = invoke("check", "--no-cache", "-q", "--output-format", "concise", str(examples))
    assert quiet.exit_code == 1
    assert len(quiet.stdout.splitlines()) == 9 and "Found" not in quiet.stdout
    silent = invoke("check", "--no-cache", "--silent", str(examples))
    assert silent.exit_code == 1 and silent.output == ""
    fixed = invoke("fix", "--no-cache", "-s", str(examples))
    assert fixed.exit_code == 1 and fixed.output == ""
    assert b"raise ToolError(" in (examples / "booking_server.py").read_bytes()


def test_cache_lives_in_the_project_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    package = tmp_path / "src" / "pkg"
    package.mkdir(parents=True)
    shutil.copy(BAD, package / "server.py")
    monkeypatch.chdir(package)
    assert invoke("check", ".").exit_code == 1
    assert (tmp_path / ".mcp_lint_cache").is_dir()
    assert not (package / ".mcp_lint_cache").exists()
    elsewhere = tmp_path / "elsewhere"
    assert invoke("check", "--cache-dir", str(elsewhere), ".").exit_code == 1
    assert elsewhere.is_dir()
