"""Tool-handler discovery: every registration form, framework detection, helpers and non-tools."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from mcp_lint.discovery import discover, mentions_unknown_tool
from mcp_lint.frameworks import Framework


def index_of(source: str):
    return discover(cst.parse_module(textwrap.dedent(source)))


def handlers(source: str) -> dict[str, Framework]:
    return {h.function.name: h.framework for h in index_of(source).handlers}


def tool_context(source: str) -> set[str]:
    return {scope.function.name for scope in index_of(source).scopes.values()}


@pytest.mark.parametrize(
    ("imports", "server", "framework"),
    [
        ("from mcp.server.fastmcp import FastMCP", "FastMCP", Framework.MCP_V1_FASTMCP),
        ("from mcp.server.fastmcp.server import FastMCP as F", "F", Framework.MCP_V1_FASTMCP),
        ("import mcp.server.fastmcp as fm", "fm.FastMCP", Framework.MCP_V1_FASTMCP),
        ("from mcp.server.mcpserver import MCPServer", "MCPServer", Framework.MCP_V2_MCPSERVER),
        ("import mcp.server.mcpserver", "mcp.server.mcpserver.MCPServer", Framework.MCP_V2_MCPSERVER),
        ("from fastmcp import FastMCP", "FastMCP", Framework.FASTMCP),
        ("import fastmcp", "fastmcp.FastMCP", Framework.FASTMCP),
    ],
)
def test_high_level_registration_forms(imports: str, server: str, framework: Framework) -> None:
    source = f"""
    {imports}
    app = {server}("x")

    @app.tool
    def bare(): ...

    @app.tool()
    def called(): ...

    @app.tool(name="n")
    def named(): ...

    def by_call(): ...
    def by_call_direct(): ...
    def added(): ...

    app.tool()(by_call)
    app.tool(by_call_direct)
    app.add_tool(added)

    @app.resource("r://x")
    def resource(): ...

    @app.prompt()
    def prompt(): ...
    """
    assert handlers(source) == {
        name: framework for name in ("bare", "called", "named", "by_call", "by_call_direct", "added")
    }


@pytest.mark.parametrize(
    ("imports", "tool", "framework"),
    [
        ("from mcp.server.fastmcp.tools import Tool", "Tool", Framework.MCP_V1_FASTMCP),
        ("from mcp.server.mcpserver.tools import Tool", "Tool", Framework.MCP_V2_MCPSERVER),
        ("import fastmcp.tools", "fastmcp.tools.Tool", Framework.FASTMCP),
    ],
)
def test_tool_from_function(imports: str, tool: str, framework: Framework) -> None:
    source = f"""
    {imports}
    def fn(): ...
    def unused(): ...
    t = {tool}.from_function(fn)
    never_added = {tool}.from_function(unused)
    TOOLS = [t]
    """
    # A Tool object is served once something uses it (a server adds it, a table or another module holds it).
    assert handlers(source) == {"fn": framework}


def test_low_level_forms() -> None:
    source = """
    from mcp.server import Server
    from mcp.server.lowlevel import Server as LowServer

    v1 = LowServer("a")

    @v1.call_tool()
    async def v1_handler(name, arguments): ...

    @v1.list_tools()
    async def not_a_tool(): ...

    async def v2_handler(ctx, params): ...
    async def v2_added(ctx, params): ...
    async def other_method(ctx, params): ...

    v2 = Server("b", on_call_tool=v2_handler, on_list_tools=not_a_tool)
    v2.add_request_handler("tools/call", object, v2_added)
    v2.add_request_handler("resources/read", object, other_method)
    """
    assert handlers(source) == {
        "v1_handler": Framework.MCP_V1_LOWLEVEL,
        "v2_handler": Framework.MCP_V2_LOWLEVEL,
        "v2_added": Framework.MCP_V2_LOWLEVEL,
    }


def test_helpers_decorators_and_nested_functions_are_in_tool_context() -> None:
    source = """
    from mcp.server.fastmcp import FastMCP
    mcp = FastMCP("x")

    def leaf(): ...
    def middle(): leaf()
    def unrelated(): ...

    def guard(fn):
        def wrapper(*a):
            return fn(*a)
        return wrapper

    @mcp.tool()
    @guard
    def handler():
        def inner(): ...
        return middle()

    @mcp.resource("r://x")
    def resource():
        unrelated()
    """
    assert tool_context(source) == {"handler", "inner", "middle", "leaf", "guard", "wrapper"}


def test_method_helpers_follow_self() -> None:
    source = """
    from fastmcp import FastMCP

    class Server:
        def __init__(self):
            self.mcp = FastMCP("x")
            self.mcp.tool()(self.handler)

        def handler(self):
            return self._helper()

        def _helper(self): ...

        def unrelated(self): ...
    """
    assert tool_context(source) == {"handler", "_helper"}


def test_module_without_mcp_import_has_no_handlers() -> None:
    source = """
    class FastMCP:
        def tool(self):
            return lambda f: f
    mcp = FastMCP()

    @mcp.tool()
    def handler(): ...
    """
    index = index_of(source)
    assert not index.is_mcp_module
    assert index.handlers == []


def test_server_imported_from_project_module_needs_one_framework_import() -> None:
    inferred = """
    from fastmcp import Context
    from .app import mcp

    @mcp.tool()
    def handler(ctx: Context): ...
    """
    assert handlers(inferred) == {"handler": Framework.FASTMCP}
    ambiguous = """
    from mcp.types import TextContent
    from .app import mcp

    @mcp.tool()
    def handler(): ...
    """
    assert handlers(ambiguous) == {}


@pytest.mark.parametrize(
    ("text", "unknown"),
    [
        ("Unknown tool: x", True),
        ("Tool x not found", True),
        ("no such tool", True),
        ("tool 'x' does not exist", True),
        ("date must be in the future", False),
        ("unknown airport", False),
        ("Tool input is invalid. The city was not found", False),
    ],
)
def test_mentions_unknown_tool(text: str, unknown: bool) -> None:
    assert mentions_unknown_tool(text) is unknown
