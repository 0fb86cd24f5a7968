"""Fuzzing the real command line: real-looking MCP modules, mutated (truncation, deleted lines and spans, deep
nesting, random bytes, other encodings), written to a directory and checked and fixed by ``mcp-lint`` in a
subprocess. Every run must end with an exit code (no signal), print no traceback, and answer for every file: the
run with worker processes reports exactly what the run in one process reports, file by file.

CI runs a modest number of directories; ``MCP_LINT_FUZZ_EXAMPLES=500`` runs a longer, new search.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, fixture_files

EXAMPLES = int(os.environ.get("MCP_LINT_FUZZ_EXAMPLES", "6"))
BUDGET = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
    derandomize="MCP_LINT_FUZZ_EXAMPLES" not in os.environ,
)  # fmt: skip
SEEDS = [p.read_bytes() for p in (*sorted((ROOT / "examples").glob("*.py")), *fixture_files())]
FILES_PER_DIRECTORY = 6


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """One real-looking MCP module with one to three mutations."""
    data = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["truncate", "lines", "span", "nest", "chain", "bytes", "encoding"]))
        lines = data.splitlines(keepends=True)
        if kind == "truncate":
            data = data[: draw(st.integers(0, len(data)))]
        elif kind == "lines" and lines:
            start = draw(st.integers(0, len(lines) - 1))
            data = b"".join(lines[:start] + lines[start + draw(st.integers(1, 5)) :])
        elif kind == "span" and data:
            start = draw(st.integers(0, len(data) - 1))
            data = data[:start] + data[start + draw(st.integers(1, 40)) :]
        elif kind in ("nest", "chain"):
            depth = draw(st.sampled_from([50, 199, 201, 1500, 5000]))
            expr = "(" * depth + "1" + ")" * depth if kind == "nest" else "-" * depth + "1"
            where = draw(st.integers(0, len(lines)))
            indent = draw(st.sampled_from([b"", b"    ", b"        "]))
            data = b"".join(lines[:where] + [indent + f"x = {expr}\n".encode()] + lines[where:])
        elif kind == "bytes":
            where = draw(st.integers(0, len(data)))
            data = data[:where] + draw(st.binary(min_size=1, max_size=16)) + data[where:]
        elif kind == "encoding":
            text = data.decode("utf-8", "replace")
            choice = draw(st.sampled_from(["utf-16", "latin-1", "bom", "crlf"]))
            if choice == "utf-16":
                data = text.encode("utf-16")
            elif choice == "latin-1":
                data = b"# -*- coding: latin-1 -*-\n" + text.encode("latin-1", "replace")
            elif choice == "bom":
                data = b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
            else:
                data = text.replace("\n", "\r\n").encode("utf-8", "surrogatepass")
    return data


def mcp_lint(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcp_lint", *args], cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )  # fmt: skip


def records_by_file(proc: subprocess.CompletedProcess[str]) -> dict[str, list[tuple[int, int, str]]]:
    by_file: dict[str, list[tuple[int, int, str]]] = {}
    for record in json.loads(proc.stdout):
        by_file.setdefault(Path(record["filename"]).name, []).append(
            (record["location"]["row"], record["location"]["column"], record["code"])
        )
    return by_file


def assert_survived(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode in (0, 1, 2), (proc.returncode, proc.stderr[-3000:])  # a negative code is a signal
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr[-3000:]


@BUDGET
@given(st.lists(mutated(), min_size=FILES_PER_DIRECTORY, max_size=FILES_PER_DIRECTORY))
def test_mutated_modules_never_crash_the_run_or_lose_a_file(tmp_path_factory, sources: list[bytes]) -> None:
    tree = tmp_path_factory.mktemp("fuzz")
    names = [f"module_{i}.py" for i in range(len(sources))]
    for name, data in zip(names, sources):
        (tree / name).write_bytes(data)
    common = ("check", "--no-cache", "--output-format", "json", ".")
    pooled = mcp_lint(*common, "--jobs", "2", cwd=tree)
    alone = mcp_lint(*common, "--jobs", "1", cwd=tree)
    for proc in (pooled, alone):
        assert_survived(proc)
    assert records_by_file(pooled) == records_by_file(alone)  # no file lost or changed by the worker processes
    assert set(records_by_file(pooled)) <= set(names)
    fixed = mcp_lint("fix", "--no-cache", "--diff", "--unsafe-fixes", "--jobs", "2", ".", cwd=tree)
    assert_survived(fixed)
    assert [(tree / name).read_bytes() for name in names] == sources  # --diff writes nothing
