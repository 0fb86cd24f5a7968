"""Never crash, never corrupt: bad input gets a diagnostic, fixes are checked before they are written, and
nothing is ever left half-written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import mcp_lint.fixer
from conftest import ROOT
from mcp_lint.cli import main
from mcp_lint.fixer import write_atomically

WEATHER = ROOT / "examples" / "weather_lowlevel.py"
FIXED_LINE = b'            return CallToolResult(isError=True, content=[TextContent(type="text", text="days must be between 1 and 7")])'


def check(*paths: Path, extra: tuple[str, ...] = ()):
    return CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "concise", *extra, *map(str, paths)])


def test_syntax_error_is_a_diagnostic_and_the_run_goes_on(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import mcp\n\ndef f(:\n    pass\n", encoding="utf-8")
    good = tmp_path / "good.py"
    shutil.copy(WEATHER, good)
    result = check(broken, good)
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0] == f"{broken}:3:7: MCP000 could not parse: invalid syntax"
    assert lines[1].startswith(f"{good}:15:13: MCP001 ")
    assert "Traceback" not in result.output


def test_pep263_encoding_is_read(tmp_path: Path) -> None:
    target = tmp_path / "latin.py"
    source = WEATHER.read_text(encoding="utf-8").replace('"""A weather', '# -*- coding: latin-1 -*-\n"""Caf\xe9 weather')
    target.write_bytes(source.encode("latin-1"))
    result = check(target)
    assert result.exit_code == 1
    assert result.output.splitlines()[0].startswith(f"{target}:16:13: MCP001 ")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"import mcp\nx = '\xff\xfe'\n", "not checked: could not decode: 'utf-8' codec can't decode byte 0xff"),
        (b"import mcp\x00\n", "not checked: a binary file (it contains a NUL byte)"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not checked: a binary file (it contains a NUL byte)"),
    ],
    ids=["undecodable", "nul-byte", "binary-by-name"],
)
def test_undecodable_and_binary_files_are_reported_and_skipped(tmp_path: Path, content: bytes, reason: str) -> None:
    target = tmp_path / "image.png"
    target.write_bytes(content)
    good = tmp_path / "good.py"
    shutil.copy(WEATHER, good)
    result = check(target, good)
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{target}:1:1: MCP000 {reason}")
    assert lines[1].startswith(f"{good}:15:13: MCP001")


def test_bom_crlf_tabs_and_form_feeds_survive_fix_byte_for_byte(tmp_path: Path) -> None:
    original = WEATHER.read_bytes().replace(b"\n", b"\r\n")
    original = b"\xef\xbb\xbf" + original.replace(b"server = Server", b"\x0c\r\nserver = Server")
    original = original.replace(b"    # The unknown-tool", b"\t# The unknown-tool")
    target = tmp_path / "server.py"
    target.write_bytes(original)
    # The pins allow only mcp releases that pass a returned CallToolResult through, so the fix returns one.
    (tmp_path / "setup.cfg").write_text("[options]\ninstall_requires =\n    mcp>=1.19,<2\n", encoding="utf-8")
    assert CliRunner().invoke(main, ["fix", "--no-cache", str(target)]).exit_code == 0
    fixed = target.read_bytes()
    expected = original.replace(
        b'            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="days must be between 1 and 7"))',
        FIXED_LINE,
    ).replace(b"from mcp.shared.exceptions import McpError\r\n", b"from mcp.shared.exceptions import McpError\r\nfrom mcp.types import CallToolResult, TextContent\r\n")
    assert fixed == expected


def test_very_large_file_is_checked_in_bounded_time(tmp_path: Path) -> None:
    handler = (
        "@mcp.tool()\ndef tool_{i}(date: str) -> str:\n    if not date:\n"
        "        raise McpError(ErrorData(code=INVALID_PARAMS, message='date is required'))\n    return date\n\n"
    )
    header = (
        "from mcp.server.fastmcp import FastMCP\nfrom mcp.shared.exceptions import McpError\n"
        "from mcp.types import INVALID_PARAMS, ErrorData\nmcp = FastMCP('big')\n"
    )
    target = tmp_path / "big.py"
    target.write_text(header + "".join(handler.format(i=i) for i in range(8400)), encoding="utf-8")
    assert target.read_text(encoding="utf-8").count("\n") > 50_000
    proc = subprocess.run(
        [sys.executable, "-m", "mcp_lint", "check", "--no-cache", "--output-format", "concise", str(target)],
        capture_output=True, text=True, timeout=600,  # the bound; a benchmark, not this test, measures speed
    )  # fmt: skip
    assert proc.returncode == 1
    assert proc.stdout.count(": MCP001 ") == 8400


def test_deep_nesting_is_checked_or_reported_never_raised(tmp_path: Path) -> None:
    legal = tmp_path / "legal.py"
    legal.write_text(
        "from fastmcp import FastMCP\nmcp = FastMCP('x')\n@mcp.tool()\ndef t(x: str) -> str:\n    try:\n"
        f"        y = {'[' * 190}1{']' * 190}\n    except Exception:\n        return 'Operation failed'\n    return x\n",
        encoding="utf-8",
    )
    too_deep = tmp_path / "too_deep.py"
    too_deep.write_text(f"import mcp\nx = {'(' * 5000}1{')' * 5000}\n", encoding="utf-8")
    result = check(legal, too_deep)
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{legal}:8:9: MCP002 ")
    assert lines[1].startswith(f"{legal}:8:9: MCP005 ")
    assert lines[2] == f"{too_deep}:2:205: MCP000 too deeply nested: brackets nested 5000 deep (at most 200)"
    assert result.exit_code == 2


def test_unreadable_and_vanished_files_are_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "secret.py"
    shutil.copy(WEATHER, secret)
    gone = tmp_path / "gone.py"
    real_read = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self.name == "secret.py":
            raise PermissionError(13, "Permission denied")
        if self.name == "gone.py":
            raise FileNotFoundError(2, "No such file or directory")  # deleted after the walk found it
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    gone.write_text("import mcp\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--no-cache", "--jobs", "1", "--output-format", "concise", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{gone}:1:1: MCP000 could not read: No such file or directory" in result.output
    assert f"{secret}:1:1: MCP000 could not read: Permission denied" in result.output


def test_symlink_out_of_the_tree_is_reported_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(WEATHER, outside / "server.py")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "link.py").symlink_to(outside / "server.py")
    result = check(tree)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == (
        f"{tree / 'link.py'}:1:1: MCP000 not checked: a symlink to a file outside the checked tree"
    )


def test_fix_never_writes_through_a_symlink_outside_the_given_paths(tmp_path: Path) -> None:
    outside = tmp_path / "outside.py"
    shutil.copy(WEATHER, outside)
    tree = tmp_path / "tree"
    tree.mkdir()
    link = tree / "link.py"
    link.symlink_to(outside)
    before = outside.read_bytes()
    result = CliRunner().invoke(main, ["fix", "--no-cache", str(link)])
    assert result.exit_code == 2
    assert f"{link}:1:1: MCP000 not fixed: a symlink to a file outside the given paths" in result.output
    assert outside.read_bytes() == before
    inside = tree / "real.py"
    shutil.copy(WEATHER, inside)
    (tree / "inner_link.py").symlink_to(inside)
    assert CliRunner().invoke(main, ["fix", "--no-cache", str(tree / "inner_link.py"), str(inside)]).exit_code == 0


def test_a_fix_that_breaks_the_code_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "server.py"
    shutil.copy(WEATHER, target)
    before = target.read_bytes()

    class Broken:
        bytes = b"def broken(:\n"

    monkeypatch.setattr(mcp_lint.fixer, "apply_fixes", lambda module, fixes: Broken())
    result = CliRunner().invoke(main, ["fix", "--no-cache", "--jobs", "1", str(target)])
    assert result.exit_code == 2
    assert (
        f"{target}:15:13: MCP000 internal error: the fix for MCP001 at 15:13 would produce code that does not "
        "parse; the file was left untouched. Please report this as a bug."
    ) in result.output
    assert target.read_bytes() == before


def test_interrupted_write_leaves_the_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(b"old content\n")

    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, b"new content\n")
    assert target.read_bytes() == b"old content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["server.py"]


def test_checked_code_is_never_imported_or_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    target = tmp_path / "evil.py"
    target.write_text(
        WEATHER.read_text(encoding="utf-8") + f"\nopen({str(marker)!r}, 'w').write('imported')\n", encoding="utf-8"
    )
    assert check(target).exit_code == 1
    assert CliRunner().invoke(main, ["fix", "--no-cache", "--unsafe-fixes", str(target)]).exit_code == 0
    assert not marker.exists()


def test_a_bug_costs_one_file_not_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mcp_lint.runner

    buggy = tmp_path / "a_buggy.py"
    shutil.copy(WEATHER, buggy)
    good = tmp_path / "b_good.py"
    shutil.copy(WEATHER, good)
    real = mcp_lint.runner.check_source

    def explode(source, path, *args, **kwargs):
        if Path(path).name == "a_buggy.py":
            raise ZeroDivisionError("division by zero")
        return real(source, path, *args, **kwargs)

    monkeypatch.setattr(mcp_lint.runner, "check_source", explode)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--jobs", "1", "--output-format", "concise", str(tmp_path)])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0] == (
        f"{buggy}:1:1: MCP000 internal error: ZeroDivisionError: division by zero; the file was not changed. "
        "Please report this as a bug."
    )
    assert lines[1].startswith(f"{good}:15:13: MCP001")


def test_a_bug_in_the_project_summary_costs_one_file_not_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mcp_lint.project import summary

    (tmp_path / "pyproject.toml").write_text("")
    buggy = tmp_path / "a_buggy.py"
    shutil.copy(WEATHER, buggy)
    good = tmp_path / "b_good.py"
    shutil.copy(WEATHER, good)
    real = summary._Summariser.module

    def explode(self, tree):
        if any(isinstance(node, summary.ast.FunctionDef) and node.name == "boom" for node in tree.body):
            raise ZeroDivisionError("division by zero")
        return real(self, tree)

    buggy.write_text(buggy.read_text() + "\n\ndef boom():\n    pass\n")
    monkeypatch.setattr(summary._Summariser, "module", explode)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--jobs", "1", "--output-format", "concise", str(tmp_path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.splitlines()
    assert lines[0] == (
        f"{buggy}:1:1: MCP000 internal error: ZeroDivisionError: division by zero; the file was not changed. "
        "Please report this as a bug."
    )
    assert lines[1].startswith(f"{good}:15:13: MCP001")
    assert result.exit_code == 2
