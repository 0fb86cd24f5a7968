"""mcp v1 FastMCP server with an MCP005 problem, for the real-client tests."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("traps")


@mcp.tool()
def cancel(order: str) -> dict:
    if order.startswith("X"):
        return {"error": f"order {order} is on hold"}
    return {"cancelled": order}
