"""A weather MCP server on the mcp v1 low-level Server, dispatching tools by name."""

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

server = Server("weather")


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "forecast":
        days = arguments.get("days", 3)
        if not 1 <= days <= 7:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="days must be between 1 and 7"))
        return [types.TextContent(type="text", text=f"Sunny for {days} days")]
    # The unknown-tool fall-through rightly stays a protocol error: not reported.
    raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown tool: {name}"))
