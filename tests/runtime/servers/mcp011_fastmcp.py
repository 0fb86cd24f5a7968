"""Standalone fastmcp building McpError with mcp v1's constructor: MCP011 on fastmcp 4, for the real-client tests."""
from fastmcp import FastMCP
from fastmcp.exceptions import McpError
from mcp.types import INTERNAL_ERROR, ErrorData

mcp = FastMCP("bookings")


@mcp.tool()
def book(date: str) -> str:
    if date < "2026-01-01":
        raise McpError(ErrorData(code=INTERNAL_ERROR, message="date must be in the future"))
    return "booked"
