"""mcp v2 low-level Server that checks its arguments and returns isError results naming them, and answers
an unknown tool with a protocol error (conforming, also under --preview)."""
import anyio
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from mcp.types import (INVALID_PARAMS, CallToolRequestParams, CallToolResult, ListToolsResult,
                       PaginatedRequestParams, TextContent, Tool)

SCHEMA = {
    "type": "object",
    "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
    "required": ["a", "b"],
    "additionalProperties": False,
}


def error(text: str) -> CallToolResult:
    return CallToolResult(is_error=True, content=[TextContent(type="text", text=text)])


async def on_list_tools(ctx: ServerRequestContext, params: PaginatedRequestParams | None) -> ListToolsResult:
    return ListToolsResult(tools=[Tool(name="add", input_schema=SCHEMA)])


async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams) -> CallToolResult:
    if params.name != "add":
        raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    args = params.arguments or {}
    for name in args:
        if name not in SCHEMA["properties"]:
            return error(f"{name}: unexpected argument")
    for name in ("a", "b"):
        if not isinstance(args.get(name), int):
            return error(f"{name}: an integer is required")
    return CallToolResult(content=[TextContent(type="text", text=str(args["a"] + args["b"]))])


server = Server("calculator", on_list_tools=on_list_tools, on_call_tool=on_call_tool)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
