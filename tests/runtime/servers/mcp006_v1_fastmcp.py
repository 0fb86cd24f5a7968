"""mcp v1 FastMCP returning CallToolResult(is_error=True): MCP006, for the real-client tests."""
from mcp.server.fastmcp import FastMCP
from mcp.types import CallToolResult, TextContent

mcp = FastMCP("bookings")


@mcp.tool()
def book(date: str) -> CallToolResult:
    if date < "2026-01-01":
        return CallToolResult(is_error=True, content=[TextContent(type="text", text="date must be in the future")])
    return CallToolResult(content=[TextContent(type="text", text="booked")])
