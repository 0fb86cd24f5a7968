"""mcp v1 FastMCP server with one tool per kind of failure, for docs/frameworks.md (scripts/framework_behaviour.py)."""
from typing import Any

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, CallToolResult, ErrorData, TextContent

MESSAGE = "date must be in the future"
server = FastMCP("behaviour")


@server.tool()
def protocol_error() -> str:
    raise McpError(ErrorData(code=INVALID_PARAMS, message=MESSAGE))


@server.tool()
def tool_error() -> str:
    raise ToolError(MESSAGE)


@server.tool()
def value_error() -> str:
    raise ValueError(MESSAGE)


@server.tool()
def result_is_error() -> CallToolResult:
    return CallToolResult(isError=True, content=[TextContent(type="text", text=MESSAGE)])


@server.tool()
def result_snake_case() -> CallToolResult:
    return CallToolResult(is_error=True, content=[TextContent(type="text", text=MESSAGE)])


@server.tool()
def error_dict() -> dict[str, Any]:
    return {"isError": True, "error": MESSAGE}


@server.tool()
def book(date: str, seats: int) -> str:
    return f"booked {seats} seats on {date}"


@server.tool()
def str_returns_result() -> str:
    return CallToolResult(isError=True, content=[TextContent(type="text", text=MESSAGE)])
