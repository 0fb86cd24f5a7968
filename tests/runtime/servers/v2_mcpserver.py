"""mcp v2 MCPServer server with MCP001 and MCP003 problems, for the real-client tests."""
from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import INVALID_PARAMS

mcp = MCPServer("bookings")
ORDERS: dict[str, list[str]] = {"CUST-1": ["ORD-1"]}


@mcp.tool()
def book(date: str) -> str:
    if date < "2026-01-01":
        raise MCPError(code=INVALID_PARAMS, message="date must be in the future")
    return f"booked {date}"


@mcp.tool()
def find_orders(customer: str) -> str:
    found = ORDERS.get(customer)
    if not found:
        raise ToolError(f"No orders found for {customer}")
    return ", ".join(found)
