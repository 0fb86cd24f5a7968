"""mcp v2 low-level Server with one tool per kind of failure, for scripts/framework_behaviour.py."""
from mcp.server import Server, ServerRequestContext
from mcp.types import CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams, TextContent, Tool
from tools import BOOK, EMPTY, MESSAGE, NAMES, invalid, text


async def on_list_tools(ctx: ServerRequestContext, params: PaginatedRequestParams | None) -> ListToolsResult:
    return ListToolsResult(tools=[Tool(name=n, input_schema=EMPTY) for n in NAMES] + [Tool(name="book", input_schema=BOOK)])


async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams):
    arguments = params.arguments or {}
    if params.name == "protocol_error":
        raise invalid(MESSAGE)
    if params.name == "value_error":
        raise ValueError(MESSAGE)
    if params.name == "result_is_error":
        return CallToolResult(isError=True, content=text())
    if params.name == "result_snake_case":
        return CallToolResult(is_error=True, content=text())
    if params.name == "error_dict":
        return {"isError": True, "error": MESSAGE}
    if params.name == "book":
        return CallToolResult(content=[TextContent(type="text", text=f"booked {arguments['seats']} seats on {arguments['date']}")])
    raise ValueError(f"Unknown tool: {params.name}")


server = Server("behaviour", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
