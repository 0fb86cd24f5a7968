"""Standalone fastmcp servers (2.x and 4.x) with one tool per kind of failure (tools.py), for
scripts/framework_behaviour.py: ``server`` (defaults), ``masked`` (``mask_error_details=True``) and
``middleware`` (with ``ErrorHandlingMiddleware()``)."""
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware
from tools import register

server = register(FastMCP("behaviour"), ToolError)
masked = register(FastMCP("behaviour", mask_error_details=True), ToolError)
middleware = register(FastMCP("behaviour"), ToolError)
middleware.add_middleware(ErrorHandlingMiddleware())
