"""mcp v2 MCPServer whose middleware answers tools/call input with a -32602 protocol error, for the real-client tests."""
from typing import Any

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

ALLOWED = {"book": {"date"}}


async def check_arguments(ctx: Any, call_next: Any) -> Any:
    if ctx.method == "tools/call":
        unexpected = sorted(set(ctx.params.get("arguments") or {}) - ALLOWED.get(ctx.params.get("name"), set()))
        if unexpected:
            raise MCPError(INVALID_PARAMS, f"unexpected arguments: {unexpected}")
    return await call_next(ctx)


mcp = MCPServer("booking", middleware=[check_arguments])


@mcp.tool()
def book(date: str) -> str:
    return f"booked {date}"
