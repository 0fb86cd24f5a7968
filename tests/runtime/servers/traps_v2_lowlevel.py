"""mcp v2 low-level server with MCP005 and MCP010 problems, for the real-client tests."""
from mcp.server import Server, ServerRequestContext
from mcp.types import CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams, TextContent, Tool


async def on_list_tools(ctx: ServerRequestContext, params: PaginatedRequestParams | None) -> ListToolsResult:
    return ListToolsResult(tools=[Tool(name="forecast", input_schema={"type": "object"})])


async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams) -> CallToolResult:
    if params.name == "forecast":
        days = (params.arguments or {}).get("days")
        if not isinstance(days, int):
            return CallToolResult(content=[TextContent(type="text", text="Error: days must be a number")])
        return CallToolResult(content=[TextContent(type="text", text=f"{days} days of sun")])
    return CallToolResult(isError=True, content=[TextContent(type="text", text=f"Unknown tool: {params.name}")])


server = Server("traps", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
