"""Standalone fastmcp returning CallToolResult(isError=True): MCP008 on fastmcp 2.x/3.x, for the real-client tests."""
from fastmcp import FastMCP
from mcp.types import CallToolResult, TextContent

mcp = FastMCP("bookings")


@mcp.tool()
def book(date: str) -> CallToolResult:
    if date < "2026-01-01":
        return CallToolResult(isError=True, content=[TextContent(type="text", text="date must be in the future")])
    return CallToolResult(content=[TextContent(type="text", text="booked")])
