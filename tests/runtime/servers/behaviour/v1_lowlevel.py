"""mcp v1 low-level Server with one tool per kind of failure, for scripts/framework_behaviour.py."""
import mcp.types as types
from mcp.server.lowlevel import Server
from tools import BOOK, EMPTY, MESSAGE, NAMES, invalid, text

server = Server("behaviour")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name=name, inputSchema=EMPTY) for name in NAMES] + [types.Tool(name="book", inputSchema=BOOK)]


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    if name == "protocol_error":
        raise invalid(MESSAGE)
    if name == "value_error":
        raise ValueError(MESSAGE)
    if name == "result_is_error":
        return types.CallToolResult(isError=True, content=text())
    if name == "result_snake_case":
        return types.CallToolResult(is_error=True, content=text())
    if name == "error_dict":
        return {"isError": True, "error": MESSAGE}
    if name == "book":
        return [types.TextContent(type="text", text=f"booked {arguments['seats']} seats on {arguments['date']}")]
    raise ValueError(f"Unknown tool: {name}")
