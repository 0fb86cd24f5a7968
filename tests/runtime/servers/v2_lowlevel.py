"""mcp v2 low-level Server(on_call_tool=...) with MCP001 and MCP003 problems, for the real-client tests."""
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types import (INVALID_PARAMS, CallToolRequestParams, CallToolResult, ListToolsResult,
                       PaginatedRequestParams, TextContent, Tool)

ORDERS: dict[str, list[str]] = {"CUST-1": ["ORD-1"]}
SCHEMA = {"type": "object", "properties": {"date": {"type": "string"}, "customer": {"type": "string"}}}


async def on_list_tools(ctx: ServerRequestContext, params: PaginatedRequestParams | None) -> ListToolsResult:
    return ListToolsResult(tools=[Tool(name="book", input_schema=SCHEMA), Tool(name="find_orders", input_schema=SCHEMA)])


async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams) -> CallToolResult:
    arguments = params.arguments or {}
    if params.name == "book":
        if arguments["date"] < "2026-01-01":
            raise MCPError(code=INVALID_PARAMS, message="date must be in the future")
        return CallToolResult(content=[TextContent(type="text", text="booked")])
    if params.name == "find_orders":
        found = ORDERS.get(arguments["customer"])
        if not found:
            return CallToolResult(isError=True, content=[TextContent(type="text", text="No orders found")])
        return CallToolResult(content=[TextContent(type="text", text=", ".join(found))])
    raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {params.name}")


server = Server("bookings", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
