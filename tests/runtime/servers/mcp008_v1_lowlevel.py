"""mcp v1 low-level Server returning CallToolResult(isError=True): MCP008 before mcp 1.19, for the real-client tests."""
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("bookings")
SCHEMA = {"type": "object", "properties": {"date": {"type": "string"}}}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="book", inputSchema=SCHEMA)]


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    if name == "book":
        if arguments["date"] < "2026-01-01":
            return types.CallToolResult(
                isError=True, content=[types.TextContent(type="text", text="date must be in the future")]
            )
        return [types.TextContent(type="text", text="booked")]
    raise ValueError(f"Unknown tool: {name}")
