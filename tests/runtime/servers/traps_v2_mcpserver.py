"""mcp v2 MCPServer server with MCP005, MCP007 and MCP009 problems, for the real-client tests."""
from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INTERNAL_ERROR

mcp = MCPServer("traps")


@mcp.tool()
def cancel(order: str) -> dict:
    if order.startswith("X"):
        return {"error": f"order {order} is on hold"}
    return {"cancelled": order}


@mcp.tool()
def book(date: str) -> str:
    if date < "2026-01-01":
        raise ValueError("date must be in the future")
    return f"booked {date}"


@mcp.tool()
def send(to: str) -> str:
    if "@" in to:
        raise MCPError(code=INTERNAL_ERROR, message="the relay refused the message")
    return "sent"
