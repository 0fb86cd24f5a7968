"""Standalone fastmcp server (2.x and 4.x) with masking on and MCP005 and MCP007 problems, for the real-client tests."""
import mcp.types as mt
from fastmcp import FastMCP

mcp = FastMCP("traps", mask_error_details=True)


@mcp.tool()
def price(item: str) -> str:
    if item == "gift":
        raise ValueError("gifts have no price")
    return "3 EUR"


@mcp.tool()
def write(text: str) -> mt.CallToolResult:
    if not text:
        return mt.CallToolResult(isError=True, content=[mt.TextContent(type="text", text="nothing to write")])
    return mt.CallToolResult(content=[mt.TextContent(type="text", text="written")])
