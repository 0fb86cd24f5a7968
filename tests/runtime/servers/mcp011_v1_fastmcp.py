"""mcp v1 FastMCP building McpError with mcp v2's constructor: MCP011, for the real-client tests."""
from mcp.server.fastmcp import FastMCP
from mcp.shared.exceptions import McpError
from mcp.types import INTERNAL_ERROR

mcp = FastMCP("bookings")


@mcp.tool()
def book(date: str) -> str:
    if date < "2026-01-01":
        raise McpError(INTERNAL_ERROR, "date must be in the future")
    return "booked"
