"""mcp v2 MCPServer server with one tool per kind of failure (tools.py), for scripts/framework_behaviour.py."""
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from tools import register

server = register(MCPServer("behaviour"), ToolError)
