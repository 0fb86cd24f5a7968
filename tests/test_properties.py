"""Property tests: on generated programs, check never raises, fix output parses, fix is idempotent, and
check after fix reports none of the fixed codes.

Set MCP_LINT_HYPOTHESIS_EXAMPLES to run more examples than CI's modest budget.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import hypothesmith
import libcst as cst
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_lint.checker import check_source
from mcp_lint.fixer import fix_source, is_applicable
from mcp_lint.frameworks import imports_mcp, names_registration
from mcp_lint.rules import ALL_RULES
from mcp_programs import mcp_programs

EXAMPLES = int(os.environ.get("MCP_LINT_HYPOTHESIS_EXAMPLES", "40"))
# CI runs the same examples every time; a longer run by environment variable explores new ones.
BUDGET = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
    derandomize="MCP_LINT_HYPOTHESIS_EXAMPLES" not in os.environ,
)  # fmt: skip
MCP_IMPORT = "from mcp.server.fastmcp import FastMCP\n"
PATH = Path("generated.py")


@BUDGET
@given(hypothesmith.from_grammar())
def test_check_never_raises_on_arbitrary_programs(source: str) -> None:
    # The import makes the engine parse, discover and run every rule instead of skipping the module.
    result = check_source((MCP_IMPORT + source).encode("utf-8", "surrogatepass"), PATH, ALL_RULES)
    assert all(d.code.startswith("MCP") for d in result.diagnostics)


@BUDGET
@given(hypothesmith.from_node())
def test_fix_never_breaks_arbitrary_programs(source: str) -> None:
    data = (MCP_IMPORT + source).encode("utf-8", "surrogatepass")
    outcome = fix_source(data, PATH, ALL_RULES, unsafe=True)
    if outcome.error is None:
        cst.parse_module(outcome.fixed)


@BUDGET
@given(mcp_programs())
def test_fix_properties_on_mcp_programs(source: str) -> None:
    data = source.encode("utf-8")
    checked = check_source(data, PATH, ALL_RULES)
    assert not checked.error, checked.diagnostics
    outcome = fix_source(data, PATH, ALL_RULES, unsafe=True)
    assert outcome.error is None, outcome.error
    fixed = cst.parse_module(outcome.fixed)  # the fix output parses
    compile(outcome.fixed, "fixed.py", "exec")  # and compiles
    assert fixed.code.count("# a comment that must survive") == source.count("# a comment that must survive")
    again = fix_source(outcome.fixed, PATH, ALL_RULES, unsafe=True)
    assert again.fixed == outcome.fixed and again.applied == []  # idempotent
    rechecked = check_source(outcome.fixed, PATH, ALL_RULES).diagnostics
    assert not [d for d in rechecked if is_applicable(d, unsafe=True)]  # no fixed code is reported again
    assert len(rechecked) == len(outcome.remaining)


# The byte pre-filters as the plain line-anchored patterns say them; the engine's faster forms must agree.
_IMPORT_LINE = re.compile(
    rb"^[ \t]*(?:from[ \t]+(?:mcp|fastmcp|mcp_types)\b|import[ \t][^\n#]*\b(?:mcp|fastmcp|mcp_types)\b)", re.MULTILINE
)
_REGISTRATION_LINE = re.compile(rb"\.tool\b|call_tool|add_tool|from_function|tools/call|^[ \t]*@\w*tool\b", re.MULTILINE)
_PIECES = [
    "from", "import", "mcp", "fastmcp", "mcp_types", "mcpx", ".server", " ", "\t", "\n", "\r\n", "#", ",", "os",
    "@", "tool", "register_", ".tool", "call_tool", "add_tool", "from_function", "tools/call", "(", ")", "x",
]


@BUDGET
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_byte_prefilters_mean_their_line_patterns(pieces: list[str]) -> None:
    data = "".join(pieces).encode()
    assert imports_mcp(data) is (_IMPORT_LINE.search(data) is not None)
    assert names_registration(data) is (_REGISTRATION_LINE.search(data) is not None)


def test_byte_prefilters_on_known_lines() -> None:
    assert imports_mcp(b"from mcp.server.fastmcp import FastMCP\n")  # the first line
    assert imports_mcp(b"x = 1\r\n    import os, fastmcp\r\n")
    assert not imports_mcp(b"import os  # mcp\nfrom mcpx import y\n# from mcp import z\n")
    assert names_registration(b"@register_tool\ndef f(): ...\n")
    assert names_registration(b"made = Tool.from_function(fn=search)\n")
    assert not names_registration(b"x = 1  # @tool\nprint('tool')\n")
