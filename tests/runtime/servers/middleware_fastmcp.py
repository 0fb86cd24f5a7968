"""Standalone fastmcp server (2.x and 4.x) with ErrorHandlingMiddleware transforming errors (MCP001)."""
from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

mcp = FastMCP("traps")
mcp.add_middleware(ErrorHandlingMiddleware())


@mcp.tool()
def book(date: str) -> str:
    if date < "2026-01-01":
        raise ValueError("date must be in the future")
    return f"booked {date}"
