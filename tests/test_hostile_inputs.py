"""Inputs that used to lose a run or a file: deep nesting, a dying worker, syntax newer than this Python,
and flake8's whole-file ``# flake8: noqa`` (issue 12)."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import FIXTURES
from mcp_lint.checker import check_source
from mcp_lint.fixer import fix_source
from mcp_lint.project import single_module
from mcp_lint.project.summary import summarise
from mcp_lint.rules import ALL_RULES
from mcp_lint.runner import WORKER_DIED, map_in_workers

BAD = FIXTURES / "MCP001_v2_mcpserver.py"

DEEP = (
    "from mcp.server.fastmcp import FastMCP\nfrom mcp.shared.exceptions import McpError\n"
    "from mcp.types import ErrorData, INVALID_PARAMS\n\nmcp = FastMCP('x')\n\n\n@mcp.tool()\ndef f(x: int) -> int:\n"
    f"    raise McpError(ErrorData(code=INVALID_PARAMS, message={'(' * 1500}'bad'{')' * 1500}))\n"
)


def mcp_lint(*args: str, cwd: Path, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "mcp_lint", *args], cwd=cwd, input=input, capture_output=True, timeout=300, check=False
    )  # fmt: skip


def test_a_module_nested_1500_deep_is_mcp000_alone_through_stdin_and_in_a_directory(tmp_path: Path) -> None:
    # Before the bound, libcst's native parser overflowed the C stack: `fix -` died with SIGSEGV (exit 139).
    fixed = mcp_lint("fix", "-", cwd=tmp_path, input=DEEP.encode())
    assert fixed.returncode == 2, fixed.stderr
    assert fixed.stderr.decode().splitlines()[0] == "-:10:257: MCP000 too deeply nested: brackets nested 1502 deep (at most 200)"
    assert fixed.stdout == DEEP.encode()  # the input comes back unchanged
    (tmp_path / "deep.py").write_text(DEEP, encoding="utf-8")
    (tmp_path / "server.py").write_bytes(BAD.read_bytes())
    runs = (
        ["check", "--no-cache", "--output-format", "concise", "deep.py"],
        ["check", "--no-cache", "--jobs", "2", "--output-format", "concise", "."],
        ["fix", "--no-cache", "--jobs", "2", "."],
    )
    for args in runs:
        proc = mcp_lint(*args, cwd=tmp_path)
        out = proc.stdout.decode()
        assert proc.returncode == 2, proc.stderr
        assert "deep.py:10:257: MCP000 too deeply nested" in out
        assert b"Traceback" not in proc.stderr
        if args[-1] == ".":
            assert "server.py:15:5: MCP001 " in out or out.endswith("Fixed 4 errors (0 remaining)\n")


def test_expressions_nested_deeper_than_can_be_walked_are_reported_not_passed(tmp_path: Path) -> None:
    # A 5,000-deep unary chain used to pass silently: the summary gave up and no tool was found.
    source = DEEP.replace(f"{'(' * 1500}'bad'{')' * 1500}", "-" * 5000 + "1")
    (tmp_path / "deep.py").write_text(source, encoding="utf-8")
    proc = mcp_lint("check", "--no-cache", "--output-format", "concise", "deep.py", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout.decode().splitlines()[0].startswith("deep.py:1:1: MCP000 too deeply nested: ")


def test_the_summary_scans_for_deep_nesting_only_when_cpython_refuses_the_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    # CPython refuses brackets nested past 200, so a module it parses needs no scan (a tenth of the summary's time).
    from mcp_lint.project import summary as summary_module

    scanned: list[int] = []
    real = summary_module.nesting_problem

    def counting(source: bytes) -> object:
        scanned.append(len(source))
        return real(source)

    monkeypatch.setattr(summary_module, "nesting_problem", counting)
    assert summarise(BAD.read_bytes()).error is None
    assert scanned == []
    deep = summarise(DEEP.encode())
    assert deep.error == "too deeply nested: brackets nested 1502 deep (at most 200)"
    assert scanned == [len(DEEP)]


def _work(task: int) -> int:
    if task == 3:
        ctypes.string_at(0)  # a real segmentation fault in this worker process
    return task * 10


def _died(task: int, reason: str) -> int:
    assert reason == WORKER_DIED
    return -task


def test_a_worker_that_dies_costs_its_own_task_only() -> None:
    assert map_in_workers(_work, list(range(8)), 2, None, _died) == [0, 10, 20, -3, 40, 50, 60, 70]


def test_a_worker_that_dies_while_tasks_are_handed_out_costs_its_own_task_only() -> None:
    # The first task kills its worker while the pool is still being given the other 295: the pool breaks during
    # the hand-out (which raised out of map_in_workers before, in two runs of five here), not only after it.
    tasks = [3, *range(4, 300)]
    assert map_in_workers(_work, tasks, 2, None, _died) == [-3, *(task * 10 for task in range(4, 300))]


NEWER = textwrap.dedent(
    """\
    from mcp.server.fastmcp import FastMCP
    from mcp.shared.exceptions import McpError
    from mcp.types import ErrorData, INVALID_PARAMS

    mcp = FastMCP("x")

    type Pair = tuple[int, int]


    def first[T](items: list[T]) -> T:
        return items[0]


    @mcp.tool()
    def pick(x: int) -> int:
        if x < 0:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="x must be positive"))
        return first([x])
    """
)


def test_syntax_newer_than_this_python_is_checked_and_fixed(tmp_path: Path) -> None:
    if sys.version_info >= (3, 12):  # pragma: no cover - then PEP 695 is not newer; 3.14's t-strings are
        source = NEWER.replace("return items[0]", 'return t"{items}"[0]')
    else:
        source = NEWER
    with pytest.raises(SyntaxError):
        compile(source, "newer.py", "exec")  # the running interpreter refuses it
    summary = summarise(source.encode())
    assert summary.error is None and [f.name for f in summary.functions] == ["first", "pick"]
    assert single_module(source.encode()).reached  # the tool is found
    result = check_source(source, Path("newer.py"), ALL_RULES)
    assert [(d.row, d.column, d.code) for d in result.diagnostics] == [(17, 9, "MCP001")]
    outcome = fix_source(source.encode(), Path("newer.py"), ALL_RULES)
    assert outcome.error is None
    assert b'        raise ToolError("x must be positive")\n' in outcome.fixed
    assert (b"def first[T](items: list[T]) -> T:" in outcome.fixed) and b"type Pair = tuple[int, int]" in outcome.fixed
    (tmp_path / "newer.py").write_text(source, encoding="utf-8")
    proc = mcp_lint("check", "--no-cache", "--output-format", "concise", "newer.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stdout.decode().splitlines()[0].startswith("newer.py:17:9: MCP001 ")


def test_a_real_syntax_error_is_still_mcp000() -> None:
    result = check_source(NEWER.replace("def pick(x: int)", "def pick(x: int"), Path("broken.py"), ALL_RULES)
    assert [d.code for d in result.diagnostics] == ["MCP000"] and result.error
    assert result.diagnostics[0].message.startswith("could not parse: ")
    assert check_source(NEWER, Path("fine.py"), ALL_RULES).error is False



def test_flake8_file_noqa_suppresses_the_file_in_check_and_flake8(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(b"# flake8: noqa\n" + BAD.read_bytes())
    proc = mcp_lint("check", "--no-cache", "server.py", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout == b"All checks passed!\n"
    flake8 = subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "MCP", "server.py"], cwd=tmp_path, capture_output=True, timeout=300
    )  # fmt: skip
    assert flake8.returncode == 0 and flake8.stdout == b""
    target.write_bytes(b"x = 1  # flake8: noqa\n" + BAD.read_bytes())  # after code flake8 ignores it, and so do we
    after_code = mcp_lint("check", "--no-cache", "--output-format", "concise", "server.py", cwd=tmp_path)
    assert after_code.returncode == 1 and after_code.stdout.count(b": MCP001 ") == 4
    assert os.path.exists(target)
