"""Standalone fastmcp server (2.x and 4.x) with one tool per kind of failure, for docs/frameworks.md.

Three servers with the same tools: ``server`` (defaults), ``masked`` (``mask_error_details=True``) and
``middleware`` (with ``ErrorHandlingMiddleware()``). See scripts/framework_behaviour.py.
"""
from typing import Any

import mcp.types as mt
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

try:  # mcp v1 under fastmcp 2.x
    from mcp.shared.exceptions import McpError

    def invalid(message: str) -> Exception:
        return McpError(mt.ErrorData(code=mt.INVALID_PARAMS, message=message))
except ImportError:  # mcp v2 under fastmcp 4.x
    from mcp.shared.exceptions import MCPError

    def invalid(message: str) -> Exception:
        return MCPError(code=mt.INVALID_PARAMS, message=message)


MESSAGE = "date must be in the future"


def protocol_error() -> str:
    raise invalid(MESSAGE)


def tool_error() -> str:
    raise ToolError(MESSAGE)


def value_error() -> str:
    raise ValueError(MESSAGE)


def result_is_error() -> mt.CallToolResult:
    return mt.CallToolResult(isError=True, content=[mt.TextContent(type="text", text=MESSAGE)])


def result_snake_case() -> mt.CallToolResult:
    return mt.CallToolResult(is_error=True, content=[mt.TextContent(type="text", text=MESSAGE)])


def error_dict() -> dict[str, Any]:
    return {"isError": True, "error": MESSAGE}


def book(date: str, seats: int) -> str:
    return f"booked {seats} seats on {date}"


def str_returns_result() -> str:
    return mt.CallToolResult(isError=True, content=[mt.TextContent(type="text", text=MESSAGE)])


TOOLS = [protocol_error, tool_error, value_error, result_is_error, result_snake_case, error_dict, book,
         str_returns_result]


def make(**settings: Any) -> FastMCP:
    app = FastMCP("behaviour", **settings)
    for tool in TOOLS:
        app.tool()(tool)
    return app


server = make()
masked = make(mask_error_details=True)
middleware = make()
middleware.add_middleware(ErrorHandlingMiddleware())
