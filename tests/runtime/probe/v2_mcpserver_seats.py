"""mcp v2 MCPServer server whose schema advertises 1 <= seats <= 10 while the handler checks the bound.

PROBE_ERROR selects how it reports the bound: ``value`` raises ValueError (MCPServer masks it as
"Error executing tool book"), ``mcp`` raises MCPError(INVALID_PARAMS) (a protocol error), ``tool`` raises
ToolError (an isError result with the message). Run with ``--http PORT`` for streamable HTTP.
"""
import os
import sys
from typing import Annotated

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import INVALID_PARAMS
from pydantic import WithJsonSchema

mcp = MCPServer("bookings")
MESSAGE = "seats must be between 1 and 10"


@mcp.tool()
def book(seats: Annotated[int, WithJsonSchema({"type": "integer", "minimum": 1, "maximum": 10})]) -> str:
    if not 1 <= seats <= 10:
        kind = os.environ.get("PROBE_ERROR", "value")
        if kind == "mcp":
            raise MCPError(code=INVALID_PARAMS, message=MESSAGE)
        if kind == "tool":
            raise ToolError(MESSAGE)
        raise ValueError(MESSAGE)
    return f"booked {seats} seats"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--http"]:
        mcp.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        mcp.run()
