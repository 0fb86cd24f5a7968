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
from mcp_lint.rule import RuleContext
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
    "compound": '''import asyncio


async def tool(kind, items):
    """Every kind of block, so that each statement is placed by printing it alone."""
    global counter
    if kind == "a":
        x = a(1); y = b(x)
    elif kind == "b":  # a comment on the elif
        return c(2)
    elif kind == "c": d(3); e(4)
    else:
        # a comment before a statement
        f(5)
    try:
        g(6)
    except (ValueError, KeyError) as exc:
        raise h(exc) from exc
    except Exception:
        i(7)
    else:
        j(8)
    finally:
        k(9)
    for item in items:
        if not item: continue
        l(item)
    else:
        m(10)
    while n(11):
        break
    else:
        o(12)
    async with p(13) as q, r(14):
        async for s in t(15):
            del s
    with u(16):
        pass
    match kind:
        case "x" | "y":
            v(17)
        case {"k": value} if w(value):
            return [x(value) for value in items]
        case _:
            pass

    @deco(18)
    class Local:
        def method(self):
            return y(self,
                     19)
    assert z(20), aa(21)
    return await asyncio.gather(bb(22),
        cc(23))
''',
}


class _Rule:
    code, name = "MCP999", "test"


def _reported(module: cst.Module, elsewhere: bool = False) -> tuple[list[Diagnostic], RuleContext]:
    """A diagnostic at every call, reported as a rule reports it while visiting the call; with ``elsewhere``, also
    one at the name of the function it is in and one at its top-level statement, which the innermost statement
    does not hold."""
    context = RuleContext(discover(module))

    def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        if isinstance(node, cst.Call):
            context.ancestors, context.node = path, node
            context.report(_Rule, node, "call")  # type: ignore[arg-type]
            function = next((a for a in reversed(path) if isinstance(a, cst.FunctionDef)), None)
            if elsewhere and function is not None:
                context.report(_Rule, function.name, "the function")  # type: ignore[arg-type]
                context.report(_Rule, path[1], "the statement")  # type: ignore[arg-type]
        return True

    walk_paths(module, enter)
    return context.diagnostics, context


def _place_all(module: cst.Module, source: bytes | str | None, elsewhere: bool = False) -> list[Diagnostic]:
    diagnostics, context = _reported(module, elsewhere)
    assert diagnostics
    position(diagnostics, module, context.statements, context.functions, source, context.inner)
    return diagnostics


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize("as_bytes", [False, True])
@pytest.mark.parametrize("with_source", [False, True])
@pytest.mark.parametrize("elsewhere", [False, True])
def test_unit_positions_equal_whole_module_positions(name: str, as_bytes: bool, with_source: bool, elsewhere: bool) -> None:
    text = SOURCES[name]
    source = text.encode() if as_bytes else text
    module = cst.parse_module(source)
    diagnostics = _place_all(module, source if with_source else None, elsewhere)
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
    diagnostics = _place_all(module, text)
    whole = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    for diagnostic in diagnostics:
        span = whole[diagnostic.node]
        assert (diagnostic.row, diagnostic.column) == (span.start.line, span.start.column + 1)


def test_a_finding_in_a_function_is_placed_by_printing_its_statement_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # Printing a large function for each finding costs more than the check: with the text at hand, only the
    # innermost statement that holds the finding is printed (an elif chain as its whole if statement).
    import mcp_lint.positions as positions

    printed: list[str] = []
    real = positions._render

    def render(alone: cst.Module):
        printed.append(type(alone.body[0]).__name__)
        return real(alone)

    monkeypatch.setattr(positions, "_render", render)
    text = SOURCES["compound"]
    module = cst.parse_module(text)
    diagnostics = _place_all(module, text)
    assert len(diagnostics) == 29
    assert "FunctionDef" not in printed
    line = "SimpleStatementLine"
    assert printed == [
        *[line] * 2, "If", *[line] * 7, "While", "With", "With", line, line, "Match", line, "ClassDef", line, line
    ]
