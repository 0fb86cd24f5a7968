"""mcp v1 FastMCP server with MCP001 and MCP003 problems, for the real-client tests."""
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

mcp = FastMCP("bookings")
ORDERS: dict[str, list[str]] = {"CUST-1": ["ORD-1"]}


@mcp.tool()
def book(date: str) -> str:
    if date < "2026-01-01":
        raise McpError(ErrorData(code=INVALID_PARAMS, message="date must be in the future"))
    return f"booked {date}"


@mcp.tool()
def find_orders(customer: str) -> dict:
    found = ORDERS.get(customer)
    if not found:
        raise ToolError(f"No orders found for {customer}")
    return {"found": True, "orders": found}
