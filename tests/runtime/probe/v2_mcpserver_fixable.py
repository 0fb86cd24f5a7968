"""mcp v2 MCPServer server that rejects a bound with MCPError(INVALID_PARAMS): a protocol error until
`mcp-lint fix` (MCP001) turns it into a ToolError."""
from typing import Annotated

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS
from pydantic import WithJsonSchema

mcp = MCPServer("bookings")


@mcp.tool()
def book(seats: Annotated[int, WithJsonSchema({"type": "integer", "minimum": 1, "maximum": 10})]) -> str:
    if not 1 <= seats <= 10:
        raise MCPError(code=INVALID_PARAMS, message="seats must be between 1 and 10")
    return f"booked {seats} seats"


if __name__ == "__main__":
    mcp.run()
