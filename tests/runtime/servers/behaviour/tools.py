"""The behaviour servers' shared parts: one tool per kind of failure, and the low-level tool list.

Plain Python apart from ``mcp.types`` and ``mcp.shared.exceptions``, which every framework environment has
(mcp v1 or v2). See scripts/framework_behaviour.py, which calls these tools.
"""
from typing import Any

import mcp.shared.exceptions as mcp_exceptions
import mcp.types as mt

MESSAGE = "date must be in the future"
#: The low-level servers' input schemas: no arguments, and the one tool with arguments.
EMPTY = {"type": "object", "properties": {}}
BOOK = {
    "type": "object",
    "properties": {"date": {"type": "string"}, "seats": {"type": "integer"}},
    "required": ["date", "seats"],
}
#: The low-level servers' tools without arguments.
NAMES = ["protocol_error", "value_error", "result_is_error", "result_snake_case", "error_dict"]


def invalid(message: str) -> Exception:
    """The -32602 protocol error in this mcp major's spelling."""
    if hasattr(mcp_exceptions, "MCPError"):  # mcp v2
        return mcp_exceptions.MCPError(code=mt.INVALID_PARAMS, message=message)
    return mcp_exceptions.McpError(mt.ErrorData(code=mt.INVALID_PARAMS, message=message))


def text() -> list[mt.TextContent]:
    return [mt.TextContent(type="text", text=MESSAGE)]


def register(app: Any, tool_error: type[Exception]) -> Any:
    """Register one tool per kind of failure on a high-level server; ``tool_error`` is its ToolError class."""

    def protocol_error() -> str:
        raise invalid(MESSAGE)

    def tool_error_() -> str:
        raise tool_error(MESSAGE)

    def value_error() -> str:
        raise ValueError(MESSAGE)

    def result_is_error() -> mt.CallToolResult:
        return mt.CallToolResult(isError=True, content=text())

    def result_snake_case() -> mt.CallToolResult:
        return mt.CallToolResult(is_error=True, content=text())

    def error_dict() -> dict[str, Any]:
        return {"isError": True, "error": MESSAGE}

    def book(date: str, seats: int) -> str:
        return f"booked {seats} seats on {date}"

    def str_returns_result() -> str:
        return mt.CallToolResult(isError=True, content=text())

    tool_error_.__name__ = "tool_error"
    for fn in (protocol_error, tool_error_, value_error, result_is_error, result_snake_case, error_dict, book,
               str_returns_result):
        app.tool(name=fn.__name__)(fn)
    return app
