"""mcp v1 FastMCP server with one tool per kind of failure (tools.py), for scripts/framework_behaviour.py."""
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from tools import register

server = register(FastMCP("behaviour"), ToolError)
