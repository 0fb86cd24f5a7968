"""mcp v1 low-level Server with one tool per kind of failure, for docs/frameworks.md (scripts/framework_behaviour.py)."""
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

MESSAGE = "date must be in the future"
EMPTY = {"type": "object", "properties": {}}
BOOK = {
    "type": "object",
    "properties": {"date": {"type": "string"}, "seats": {"type": "integer"}},
    "required": ["date", "seats"],
}
NAMES = ["protocol_error", "value_error", "result_is_error", "result_snake_case", "error_dict"]
server = Server("behaviour")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name=name, inputSchema=EMPTY) for name in NAMES] + [types.Tool(name="book", inputSchema=BOOK)]


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    text = [types.TextContent(type="text", text=MESSAGE)]
    if name == "protocol_error":
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=MESSAGE))
    if name == "value_error":
        raise ValueError(MESSAGE)
    if name == "result_is_error":
        return types.CallToolResult(isError=True, content=text)
    if name == "result_snake_case":
        return types.CallToolResult(is_error=True, content=text)
    if name == "error_dict":
        return {"isError": True, "error": MESSAGE}
    if name == "book":
        return [types.TextContent(type="text", text=f"booked {arguments['seats']} seats on {arguments['date']}")]
    raise ValueError(f"Unknown tool: {name}")
