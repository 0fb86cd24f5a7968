"""mcp v1 low-level Server that exits when an argument is missing and hangs on a wrong type (server failures)."""
import os

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

server = Server("fragile")
SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="read", inputSchema=SCHEMA)]


@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if "path" not in arguments:
        os._exit(3)
    if not isinstance(arguments["path"], str):
        await anyio.sleep_forever()
    return [types.TextContent(type="text", text="contents")]


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
