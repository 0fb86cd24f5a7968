"""mcp v1 low-level Server with MCP001 and MCP003 problems, for the real-client tests."""
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

server = Server("bookings")
ORDERS: dict[str, list[str]] = {"CUST-1": ["ORD-1"]}
SCHEMA = {"type": "object", "properties": {"date": {"type": "string"}, "customer": {"type": "string"}}}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="book", inputSchema=SCHEMA), types.Tool(name="find_orders", inputSchema=SCHEMA)]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "book":
        if arguments["date"] < "2026-01-01":
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="date must be in the future"))
        return [types.TextContent(type="text", text="booked")]
    if name == "find_orders":
        found = ORDERS.get(arguments["customer"])
        if not found:
            return [types.TextContent(type="text", text="Error: no orders found")]
        return [types.TextContent(type="text", text=", ".join(found))]
    raise ValueError(f"Unknown tool: {name}")
