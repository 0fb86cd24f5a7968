"""Standalone fastmcp server (2.x and 4.x) with MCP001 and MCP003 problems, for the real-client tests."""
import mcp.types as mt
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

try:  # mcp v1 under fastmcp 2.x
    from mcp.shared.exceptions import McpError

    def invalid(message: str) -> Exception:
        return McpError(mt.ErrorData(code=mt.INVALID_PARAMS, message=message))
except ImportError:  # mcp v2 under fastmcp 4.x
    from mcp.shared.exceptions import MCPError

    def invalid(message: str) -> Exception:
        return MCPError(code=mt.INVALID_PARAMS, message=message)


mcp = FastMCP("bookings")
ORDERS: dict[str, list[str]] = {"CUST-1": ["ORD-1"]}


@mcp.tool()
def book(date: str) -> str:
    if date < "2026-01-01":
        raise invalid("date must be in the future")
    return f"booked {date}"


@mcp.tool()
def find_orders(customer: str) -> str:
    found = ORDERS.get(customer)
    if not found:
        raise ToolError(f"No orders found for {customer}")
    return ", ".join(found)
