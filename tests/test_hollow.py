"""The check step parses a module without the function bodies no rule reads; what it finds must not change."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcp_lint.checker import _reachable_text, check_source
from mcp_lint.hollow import hollow
from mcp_lint.project import single_module
from mcp_lint.rules import ALL_RULES
from tests.conftest import fixture_files


def test_a_body_becomes_an_ellipsis_and_empty_lines() -> None:
    source = b"def f(a):\n    x = 1\n    return x\n\n\nclass C:\n    def m(self):\n        return 2\n"
    assert hollow(source, [(2, 4, 3), (8, 8, 8)]) == (
        b"def f(a):\n    ...\n\n\n\nclass C:\n    def m(self):\n        ...\n"
    )


def test_line_breaks_are_kept() -> None:
    source = b"def f():\r\n    a = 1\r\n    return a\r\nx = 1\r\n"
    assert hollow(source, [(2, 4, 3)]) == b"def f():\r\n    ...\r\n\r\nx = 1\r\n"


@pytest.mark.parametrize(
    ("source", "body"),
    [
        (b"def f(): return 1\n", (1, 9, 1)),  # the body shares the header's line
        (b"def f(a,\n      b): return 1\n", (2, 9, 2)),  # the body shares the last line of the signature
        (b"def f(): \\\n    return 1\n", (2, 4, 2)),  # a backslash carries the header onto the body's line
    ],
)
def test_a_body_that_does_not_start_its_own_line_is_kept(source: bytes, body: tuple[int, int, int]) -> None:
    assert hollow(source, [body]) == source


def test_a_body_that_a_rule_reads_anywhere_is_kept() -> None:
    source = b"def configure(server):\n    server.mask_error_details = True\n"
    assert hollow(source, [(2, 4, 2)], [re.compile(rb"mask_error_details")]) == source
    assert hollow(source, [(2, 4, 2)], [re.compile(rb"middleware")]) == b"def configure(server):\n    ...\n"


MODULE = b'''from fastmcp import FastMCP

mcp = FastMCP("shop")


def configure() -> None:
    mcp.mask_error_details = True


def unrelated(rows: list[str]) -> str:
    total = 0
    for row in rows:
        total += len(row)
    return str(total)


@mcp.tool()
def price(item: str) -> str:
    if not item:
        raise ValueError("item is required")
    return item
'''


def test_the_model_marks_only_unreached_bodies_and_rules_still_see_a_factory() -> None:
    facts = single_module(MODULE, "/p/server.py")
    # unrelated() is left out; configure() is not reached either, but MCP007 reads where masking is turned on.
    assert facts.hollow == ((7, 4, 7), (11, 4, 14))
    result = check_source(MODULE, Path("server.py"), ALL_RULES, facts=facts)
    assert [(d.code, d.row) for d in result.diagnostics] == [("MCP007", 20)]


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_fixtures_give_the_same_findings_with_and_without_the_bodies_left_out(path: Path) -> None:
    # Describing fixes as edits parses the whole module: the findings must be the same as the partial parse's.
    source = path.read_bytes()
    facts = single_module(source, str(path.resolve()))
    partial = check_source(source, path, ALL_RULES, facts=facts)
    whole = check_source(source, path, ALL_RULES, with_edits=True, facts=facts)
    key = [(d.code, d.row, d.column, d.end_row, d.end_column, d.message) for d in partial.diagnostics]
    assert key == [(d.code, d.row, d.column, d.end_row, d.end_column, d.message) for d in whole.diagnostics]


NO_TOOLS = b'''from mcp.server.fastmcp import FastMCP


def unrelated(rows: list[str]) -> int:
    return sum(len(row) for row in rows)


def busy_payload() -> dict:
    return {"error": "rate limited", "isRetryable": True}
'''


def test_a_module_without_tools_keeps_only_the_bodies_a_rule_reads_anywhere() -> None:
    # No tool reaches either function: MCP004 (which reports in any body) reads only the one that names a retry.
    facts = single_module(NO_TOOLS, "/p/payloads.py")
    assert facts.reached == {} or not facts.reached
    assert facts.hollow == ((5, 4, 5), (9, 4, 9))
    partial = _reachable_text(NO_TOOLS, facts, ALL_RULES)
    assert partial == NO_TOOLS.replace(b"    return sum(len(row) for row in rows)\n", b"    ...\n")
    result = check_source(NO_TOOLS, Path("payloads.py"), ALL_RULES, facts=facts)
    assert [(d.code, d.row) for d in result.diagnostics] == [("MCP004", 9)]
