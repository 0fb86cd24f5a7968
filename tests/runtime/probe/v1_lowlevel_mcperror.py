"""mcp v1 low-level Server that validates by hand and raises McpError(INVALID_PARAMS): mcp v1 sends it
as an isError result (the code is dropped), so the model reads the message (conforming)."""
import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import McpError

server = Server("bookings")
SCHEMA = {
    "type": "object",
    "properties": {"seats": {"type": "integer", "minimum": 1, "maximum": 10}},
    "required": ["seats"],
}


def invalid(message: str) -> McpError:
    return McpError(types.ErrorData(code=types.INVALID_PARAMS, message=message))


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="book", inputSchema=SCHEMA)]


@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "book":
        raise invalid(f"Unknown tool: {name}")
    seats = arguments.get("seats")
    if not isinstance(seats, int) or not 1 <= seats <= 10:
        raise invalid("seats must be an integer from 1 to 10")
    return [types.TextContent(type="text", text=f"booked {seats} seats")]


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
