"""Positions placed by printing only the unit that holds a finding must equal libcst's positions for the whole
module, whatever the layout: nested functions and classes, decorators and comments, continuation lines, multi-line
strings, tabs, CRLF line breaks, form feeds, semicolons and redefined names."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from mcp_lint.diagnostics import Diagnostic
from mcp_lint.discovery import discover
from mcp_lint.positions import position
from mcp_lint.traversal import walk_paths

SOURCES = {
    "nested": '''# header comment

import os


class Tools:
    """Doc."""

    # a comment before a decorated method
    @staticmethod
    @other(
        1,
    )
    def search(query):
        def inner(x):
            return helper(x,
                          query)  # continuation inside brackets keeps its own indentation
        return inner(query)

    async def fetch(self, url):
        text = """a multi-line
string that starts at column 0
"""
        return os.path.join(url,
    text)


def search(q): return len(q)


def search(q):
    if q:
        try:
            def local():
                return q.upper()
        except ValueError:
            pass
    x = 1; y = call(x)
    return y
''',
    "tabs": "def f(a):\n\tdef g(b):\n\t\treturn h(b,\n\t\t  a)\n\treturn g(a)\n",
    "crlf": "import x\r\n\r\nclass C:\r\n    def m(self):\r\n        return x.y(\r\n            1)\r\n",
    "formfeed": "def f():\n    return g()\n\x0c\ndef h():\n    return k(\n        1)\n",
    "backslash": "def f(a, \\\n      b):\n    return g(a) + \\\n        g(b)\n",
}


def _reported(module: cst.Module) -> tuple[list[Diagnostic], dict[int, cst.CSTNode], dict[int, tuple[cst.FunctionDef, str]]]:
    """A diagnostic at every call, with the top-level statement and innermost function it is in."""
    index = discover(module)
    diagnostics: list[Diagnostic] = []
    statements: dict[int, cst.CSTNode] = {}
    functions: dict[int, tuple[cst.FunctionDef, str]] = {}

    def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        if isinstance(node, cst.Call):
            diagnostic = Diagnostic("MCP999", "test", "call", node=node)
            diagnostics.append(diagnostic)
            statements[id(diagnostic)] = path[1]
            inner = next((a for a in reversed(path) if isinstance(a, cst.FunctionDef)), None)
            if inner is not None:
                functions[id(diagnostic)] = (inner, index.functions[inner].path)
        return True

    walk_paths(module, enter)
    return diagnostics, statements, functions


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize("as_bytes", [False, True])
@pytest.mark.parametrize("with_source", [False, True])
def test_unit_positions_equal_whole_module_positions(name: str, as_bytes: bool, with_source: bool) -> None:
    text = SOURCES[name]
    source = text.encode() if as_bytes else text
    module = cst.parse_module(source)
    diagnostics, statements, functions = _reported(module)
    assert diagnostics
    position(diagnostics, module, statements, functions, source if with_source else None)
    whole = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    for diagnostic in diagnostics:
        span = whole[diagnostic.node]
        expected = (span.start.line, span.start.column + 1, span.end.line, span.end.column + 1)
        assert (diagnostic.row, diagnostic.column, diagnostic.end_row, diagnostic.end_column) == expected


def test_positions_without_the_printing_state_fall_back_to_the_metadata_wrapper(monkeypatch: pytest.MonkeyPatch) -> None:
    # A libcst whose printing state differs: positions come from MetadataWrapper, and are the same.
    import mcp_lint.positions as positions

    def refuse(*args: object, **kwargs: object) -> None:
        raise TypeError("unexpected arguments")

    monkeypatch.setattr(positions, "PositionProvidingCodegenState", refuse)
    text = SOURCES["nested"]
    module = cst.parse_module(text)
    diagnostics, statements, functions = _reported(module)
    position(diagnostics, module, statements, functions, text)
    whole = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    for diagnostic in diagnostics:
        span = whole[diagnostic.node]
        assert (diagnostic.row, diagnostic.column) == (span.start.line, span.start.column + 1)
