"""Fixes described as text edits statement by statement (JSON and SARIF output) must equal the edits of a
comparison of the whole module before and after the fix."""

from __future__ import annotations

import libcst as cst
import pytest

from mcp_lint.checker import check_module
from mcp_lint.codemod import fix_edits
from mcp_lint.project import single_module
from mcp_lint.rules import ALL_RULES
from tests.conftest import fixture_files

# The parts of the extra cases: the imports a fix of MCP001 may remove, the tool it fixes, and a use that keeps them.
_IMPORTS = "from mcp.shared.exceptions import McpError\nfrom mcp.types import INVALID_PARAMS, ErrorData\n"
_TOOL = '''@mcp.tool()
def search(query: str) -> str:
    if not query:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="query is required"))
    return query
'''
_KEEP = '__all__ = ["ErrorData", "INVALID_PARAMS", "McpError"]'

EXTRA = {
    # A fix in the first statement after the imports, which the added import also changes (an empty line).
    "after_imports.py": f'from mcp.server.fastmcp import FastMCP\n{_IMPORTS}mcp = FastMCP("x")\n{_TOOL}',
    # The last statement of a file without a final line break.
    "no_final_newline.py": f'from fastmcp import FastMCP\n{_IMPORTS}\nmcp = FastMCP("x")\n\n\n{_TOOL.rstrip()}',
    # The statement right after the imports, which gets an empty line above it; the imports stay.
    "after_imports_kept.py": f'from mcp.server.fastmcp import FastMCP\n{_IMPORTS}mcp = FastMCP("x")\n{_TOOL}{_KEEP}\n',
    # A docstring, a future import and a line of two imports before the others.
    "docstring_future.py": (
        '"""A server."""\nfrom __future__ import annotations\nimport os; import sys\nfrom mcp.server.fastmcp import FastMCP\n'
        f"{_IMPORTS}# a comment above the first statement after the imports\n"
        f'mcp = FastMCP(os.environ.get("NAME", sys.argv[0]))\n\n\n{_TOOL}\n\n{_KEEP}  # the imports stay\n'
    ),
    # Code before the imports: the import goes at the very top.
    "code_first.py": (
        f'VERSION = 2\nfrom mcp.server.fastmcp import FastMCP\n{_IMPORTS}\nmcp = FastMCP("x")\n\n\n{_TOOL}\n\n{_KEEP}  # the imports stay\n'
    ),
    # A tool that imports inside its body: the added import still goes at the top, next to the others.
    "local_import.py": '''from mcp.server.fastmcp import FastMCP
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

mcp = FastMCP("x")


@mcp.tool()
def search(query: str) -> str:
    from mcp.server.fastmcp.exceptions import ResourceError
    import json

    if not query:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="query is required"))
    return json.dumps(query)


@mcp.tool()
def other(name: str) -> str:
    return name


__all__ = ["ErrorData", "INVALID_PARAMS", "McpError", "mcp"]  # the imports stay
''',
}


def _cases() -> list[tuple[str, str]]:
    cases = [(path.name, path.read_text(encoding="utf-8")) for path in fixture_files()]
    return cases + sorted(EXTRA.items())


@pytest.mark.parametrize(("name", "source"), _cases(), ids=lambda value: value if value.endswith(".py") else "")
def test_statement_edits_equal_whole_module_edits(name: str, source: str) -> None:
    module = cst.parse_module(source)
    facts = single_module(source.encode(), f"/fixtures/{name}")
    diagnostics = check_module(module, ALL_RULES, facts=facts, file=f"/fixtures/{name}", source=source, with_edits=True)
    fixed = [d for d in diagnostics if d.fix is not None]
    if name in EXTRA:
        assert fixed, "the extra case must have a fix"
    for diagnostic in fixed:
        assert diagnostic.edits == fix_edits(module, diagnostic.fix), (diagnostic.code, diagnostic.row)


def test_most_fixes_are_described_without_printing_the_whole_module(monkeypatch: pytest.MonkeyPatch) -> None:
    # The comparison of whole modules is the fallback, not the rule: count how often it is used.
    import mcp_lint.codemod as codemod

    calls: list[int] = []
    real = codemod.fix_edits

    def counted(module: cst.Module, fix: object) -> object:
        calls.append(1)
        return real(module, fix)  # type: ignore[arg-type]

    monkeypatch.setattr(codemod, "fix_edits", counted)
    fixed = 0
    for path in fixture_files():
        source = path.read_text(encoding="utf-8")
        facts = single_module(source.encode(), f"/fixtures/{path.name}")
        module = cst.parse_module(source)
        diagnostics = check_module(module, ALL_RULES, facts=facts, file=f"/fixtures/{path.name}", source=source, with_edits=True)
        fixed += sum(d.fix is not None for d in diagnostics)
    assert fixed > 50
    assert len(calls) < fixed // 4


@pytest.mark.parametrize(
    ("name", "rows"),
    [
        ("local_import.py", [(4, 4), (14, 14)]),
        ("after_imports_kept.py", [(4, 4), (8, 8)]),
        ("code_first.py", [(1, 1), (12, 12)]),
        ("docstring_future.py", [(3, 3), (14, 14)]),
    ],
)
def test_a_fix_that_adds_an_import_is_described_from_its_statement(
    monkeypatch: pytest.MonkeyPatch, name: str, rows: list[tuple[int, int]]
) -> None:
    # libcst adds an import next to those at the top of the module, whatever imports a function holds, and reads
    # nothing after the statement that follows them: the tool's own statement and the top of the module are
    # printed, not the whole module (which cost minutes on a large server).
    import mcp_lint.codemod as codemod

    calls: list[int] = []
    real = codemod.fix_edits
    monkeypatch.setattr(codemod, "fix_edits", lambda module, fix: calls.append(1) or real(module, fix))
    source = EXTRA[name]
    module = cst.parse_module(source)
    facts = single_module(source.encode(), f"/fixtures/{name}")
    diagnostics = check_module(module, ALL_RULES, facts=facts, file=f"/fixtures/{name}", source=source, with_edits=True)
    [diagnostic] = diagnostics
    assert diagnostic.fix is not None and diagnostic.fix.add_imports
    assert calls == []
    assert diagnostic.edits == real(module, diagnostic.fix)
    assert [(e.row, e.end_row) for e in diagnostic.edits] == rows
