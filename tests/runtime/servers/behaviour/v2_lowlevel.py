"""mcp v2 low-level Server with one tool per kind of failure, for docs/frameworks.md (scripts/framework_behaviour.py)."""
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types import (INVALID_PARAMS, CallToolRequestParams, CallToolResult, ListToolsResult,
                       PaginatedRequestParams, TextContent, Tool)

MESSAGE = "date must be in the future"
EMPTY = {"type": "object", "properties": {}}
BOOK = {
    "type": "object",
    "properties": {"date": {"type": "string"}, "seats": {"type": "integer"}},
    "required": ["date", "seats"],
}
NAMES = ["protocol_error", "value_error", "result_is_error", "result_snake_case", "error_dict"]


async def on_list_tools(ctx: ServerRequestContext, params: PaginatedRequestParams | None) -> ListToolsResult:
    tools = [Tool(name=name, input_schema=EMPTY) for name in NAMES] + [Tool(name="book", input_schema=BOOK)]
    return ListToolsResult(tools=tools)


async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams):
    arguments = params.arguments or {}
    text = [TextContent(type="text", text=MESSAGE)]
    if params.name == "protocol_error":
        raise MCPError(code=INVALID_PARAMS, message=MESSAGE)
    if params.name == "value_error":
        raise ValueError(MESSAGE)
    if params.name == "result_is_error":
        return CallToolResult(isError=True, content=text)
    if params.name == "result_snake_case":
        return CallToolResult(is_error=True, content=text)
    if params.name == "error_dict":
        return {"isError": True, "error": MESSAGE}
    if params.name == "book":
        booked = f"booked {arguments['seats']} seats on {arguments['date']}"
        return CallToolResult(content=[TextContent(type="text", text=booked)])
    raise ValueError(f"Unknown tool: {params.name}")


server = Server("behaviour", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
