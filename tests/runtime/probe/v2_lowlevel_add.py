"""mcp v2 low-level Server with a tool `add`. By default its handler reads arguments["a"] and adds without
checking: the v2 low-level server has no try/except around the handler, so a missing or wrong-typed argument
becomes a protocol error. With PROBE_CHECK=1 it checks its arguments and returns isError results naming them
(conforming, also under --preview: an unknown tool is a protocol error either way)."""
import os

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


def problem(args: dict) -> str | None:
    for name in args:
        if name not in SCHEMA["properties"]:
            return f"{name}: unexpected argument"
    for name in ("a", "b"):
        if not isinstance(args.get(name), int):
            return f"{name}: an integer is required"
    return None


async def on_list_tools(ctx: ServerRequestContext, params: PaginatedRequestParams | None) -> ListToolsResult:
    return ListToolsResult(tools=[Tool(name="add", input_schema=SCHEMA)])


async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams) -> CallToolResult:
    if params.name != "add":
        raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    args = params.arguments or {}
    if os.environ.get("PROBE_CHECK") == "1" and (text := problem(args)) is not None:
        return error(text)
    return CallToolResult(content=[TextContent(type="text", text=str(args["a"] + args["b"]))])


server = Server("calculator", on_list_tools=on_list_tools, on_call_tool=on_call_tool)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
