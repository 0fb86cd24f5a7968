"""Framework knowledge: the MCP symbols mcp-lint recognises and what each framework does at runtime.

Everything here is data. The runtime behaviour texts follow ``docs/frameworks.md``, which
``scripts/framework_behaviour.py`` measures by calling a server in each framework with that framework's own
client (``tests/test_docs.py`` keeps it current).
"""

from __future__ import annotations

import enum
import re


class Framework(enum.Enum):
    """A Python MCP framework style that tool handlers are written in."""

    MCP_V1_FASTMCP = "mcp v1 FastMCP"
    MCP_V1_LOWLEVEL = "mcp v1 low-level Server"
    MCP_V2_MCPSERVER = "mcp v2 MCPServer"
    MCP_V2_LOWLEVEL = "mcp v2 low-level Server"
    FASTMCP = "fastmcp"

    @property
    def is_lowlevel(self) -> bool:
        """bool: True for the low-level ``Server`` styles, which have no ToolError of their own."""
        return self in (Framework.MCP_V1_LOWLEVEL, Framework.MCP_V2_LOWLEVEL)

    @property
    def tool_error(self) -> str | None:
        """str | None: the qualified name of this framework's ToolError, or None for low-level servers."""
        return _TOOL_ERROR.get(self)

    @property
    def invalid_params_behaviour(self) -> str:
        """str: what the client receives when a tool raises a -32602 protocol error (docs/frameworks.md)."""
        return _INVALID_PARAMS_BEHAVIOUR[self]


_TOOL_ERROR = {
    Framework.MCP_V1_FASTMCP: "mcp.server.fastmcp.exceptions.ToolError",
    Framework.MCP_V2_MCPSERVER: "mcp.server.mcpserver.exceptions.ToolError",
    Framework.FASTMCP: "fastmcp.exceptions.ToolError",
}

_INVALID_PARAMS_BEHAVIOUR = {
    Framework.MCP_V1_FASTMCP: (
        "mcp v1 FastMCP wraps it into an isError result today, but it is non-conforming "
        "and becomes a -32602 protocol error that the model never sees on mcp v2"
    ),
    Framework.MCP_V1_LOWLEVEL: (
        "the mcp v1 low-level Server drops the code and wraps it into an isError result today, "
        "but it is non-conforming and becomes a -32602 protocol error that the model never sees on mcp v2"
    ),
    Framework.MCP_V2_MCPSERVER: (
        "mcp v2 MCPServer re-raises it as a JSON-RPC -32602 protocol error, so the model never sees the message"
    ),
    Framework.MCP_V2_LOWLEVEL: (
        "the mcp v2 low-level Server sends it as a JSON-RPC -32602 protocol error, "
        "so the model never sees the message"
    ),
    Framework.FASTMCP: (
        "fastmcp wraps it into an isError result prefixed 'Error calling tool', and mask_error_details=True "
        "hides the message from the model entirely; it is non-conforming"
    ),
}

#: High-level server classes, by qualified name, and the framework each one means.
HIGH_LEVEL_SERVERS: dict[str, Framework] = {
    "mcp.server.fastmcp.FastMCP": Framework.MCP_V1_FASTMCP,
    "mcp.server.fastmcp.server.FastMCP": Framework.MCP_V1_FASTMCP,
    "mcp.server.FastMCP": Framework.MCP_V1_FASTMCP,  # re-exported by ``mcp/server/__init__.py`` in every 1.x
    "mcp.server.mcpserver.MCPServer": Framework.MCP_V2_MCPSERVER,
    "mcp.server.mcpserver.server.MCPServer": Framework.MCP_V2_MCPSERVER,
    "mcp.MCPServer": Framework.MCP_V2_MCPSERVER,
    "mcp.server.MCPServer": Framework.MCP_V2_MCPSERVER,
    "fastmcp.FastMCP": Framework.FASTMCP,
    "fastmcp.server.FastMCP": Framework.FASTMCP,
    "fastmcp.server.server.FastMCP": Framework.FASTMCP,
    "fastmcp.FastMCPApp": Framework.FASTMCP,
    "fastmcp.apps.app.FastMCPApp": Framework.FASTMCP,
}

#: Low-level server classes. Whether a handler is v1 or v2 follows from how it is registered.
LOW_LEVEL_SERVERS: frozenset[str] = frozenset(
    {
        "mcp.server.lowlevel.Server",
        "mcp.server.lowlevel.server.Server",
        "mcp.server.Server",
    }
)

#: ``Tool`` classes whose ``from_function(fn)`` makes ``fn`` a tool handler.
TOOL_CLASSES: dict[str, Framework] = {
    "mcp.server.fastmcp.tools.Tool": Framework.MCP_V1_FASTMCP,
    "mcp.server.fastmcp.tools.base.Tool": Framework.MCP_V1_FASTMCP,
    "mcp.server.mcpserver.tools.Tool": Framework.MCP_V2_MCPSERVER,
    "mcp.server.mcpserver.tools.base.Tool": Framework.MCP_V2_MCPSERVER,
    "fastmcp.tools.Tool": Framework.FASTMCP,
    "fastmcp.tools.tool.Tool": Framework.FASTMCP,
    "fastmcp.tools.FunctionTool": Framework.FASTMCP,
    "fastmcp.tools.tool.FunctionTool": Framework.FASTMCP,
    "fastmcp.tools.function_tool.FunctionTool": Framework.FASTMCP,
}

#: Package prefixes whose import makes a module an MCP module; the framework they imply when a
#: module registers tools on a server object it imports from elsewhere.
FRAMEWORK_PACKAGES: dict[str, Framework] = {
    "mcp.server.fastmcp": Framework.MCP_V1_FASTMCP,
    "mcp.server.mcpserver": Framework.MCP_V2_MCPSERVER,
    "fastmcp": Framework.FASTMCP,
}

#: Bytes of a line that imports an MCP framework: a module without one cannot define a server. The patterns that
#: look at the start of a line match a newline first, and are searched in the bytes with a newline put in front
#: (see :func:`imports_mcp`): ``re`` finds a pattern that starts with a literal byte several times faster than
#: one anchored with ``^`` in multiline mode, which it tries at every position.
MCP_IMPORT_PATTERN = rb"\n[ \t]*(?:from[ \t]+(?:mcp|fastmcp|mcp_types)\b|import[ \t][^\n#]*\b(?:mcp|fastmcp|mcp_types)\b)"
#: Bytes every registration form names: ``.tool``, ``call_tool``, ``add_tool``, ``from_function``, ``tools/call``;
#: also a decorator whose name ends in "tool" (``@tool(...)``, ``@register_tool``): a project's own decorator that
#: registers what it decorates, used in a module that imports neither a framework nor the server.
REGISTRATION_PATTERN = rb"\.tool\b|call_tool|add_tool|from_function|tools/call|\n[ \t]*@\w*tool\b"

_MCP_IMPORT = re.compile(MCP_IMPORT_PATTERN)
_REGISTRATION = re.compile(REGISTRATION_PATTERN)


def imports_mcp(source: bytes) -> bool:
    """Tell from bytes alone whether a module may import an MCP framework (a line ``from mcp...``, ``import
    fastmcp``, ...).

    Args:
        source (bytes): the module's bytes.
    Returns:
        bool: False only when no line imports ``mcp``, ``mcp_types`` or ``fastmcp``.
    """
    return b"mcp" in source and _MCP_IMPORT.search(b"\n" + source) is not None


def names_registration(source: bytes) -> bool:
    """Tell from bytes alone whether a module may register tools: it names one of the registration forms of
    :data:`REGISTRATION_PATTERN`.

    Args:
        source (bytes): the module's bytes.
    Returns:
        bool: False only when it names none of them.
    """
    # Every form names "tool" but ``from_function``: the cheap test first.
    return (b"tool" in source or b"from_function" in source) and _REGISTRATION.search(b"\n" + source) is not None


#: The built-in classes every exception derives from: catching one catches every failure. By name, and as the
#: symbol tables qualify them.
BROAD_EXCEPTIONS: frozenset[str] = frozenset({"Exception", "BaseException"})
BUILTIN_BROAD_EXCEPTIONS: frozenset[str] = frozenset(f"builtins.{name}" for name in BROAD_EXCEPTIONS)

#: Library catch-alls: one class for every error a client library raises (an HTTP 404 and a 503, an AWS
#: AccessDenied and a throttle), so catching one is as broad in practice as ``except Exception``.
LIBRARY_CATCH_ALLS: frozenset[str] = frozenset(
    {
        "botocore.exceptions.ClientError",
        "requests.RequestException", "requests.exceptions.RequestException",
        "requests.HTTPError", "requests.exceptions.HTTPError",
        "httpx.HTTPError", "httpx.HTTPStatusError", "httpx.RequestError",
        "aiohttp.ClientError", "aiohttp.client_exceptions.ClientError",
        "googleapiclient.errors.HttpError", "google.api_core.exceptions.GoogleAPIError",
        "google.api_core.exceptions.GoogleAPICallError", "slack_sdk.errors.SlackApiError",
        "pymongo.errors.PyMongoError", "sqlalchemy.exc.SQLAlchemyError", "redis.RedisError",
        "redis.exceptions.RedisError", "psycopg2.Error", "psycopg.Error", "neo4j.exceptions.Neo4jError",
        "sqlite3.Error", "sqlite3.DatabaseError", "aiosqlite.Error", "pymysql.MySQLError", "pymysql.err.MySQLError",
        "mysql.connector.Error", "mysql.connector.errors.Error", "asyncpg.PostgresError",
        "asyncpg.exceptions.PostgresError",
        "kubernetes.client.ApiException", "kubernetes.client.rest.ApiException",
        "kubernetes.client.exceptions.ApiException", "kubernetes_asyncio.client.ApiException",
        "kubernetes_asyncio.client.rest.ApiException", "kubernetes_asyncio.client.exceptions.ApiException",
    }
)  # fmt: skip

#: Root packages of every MCP framework.
MCP_ROOT_PACKAGES: frozenset[str] = frozenset({"mcp", "mcp_types", "fastmcp"})

#: The JSON-RPC protocol-error exception classes (mcp v1 ``McpError``, mcp v2 ``MCPError``).
PROTOCOL_ERROR_CLASSES: frozenset[str] = frozenset(
    {
        "mcp.McpError",
        "mcp.shared.exceptions.McpError",
        "fastmcp.exceptions.McpError",
        "mcp.MCPError",
        "mcp.shared.exceptions.MCPError",
        "fastmcp.exceptions.MCPError",
    }
)

#: ``ErrorData`` models that carry a protocol error's code.
ERROR_DATA_CLASSES: frozenset[str] = frozenset({"mcp.types.ErrorData", "mcp_types.ErrorData", "mcp.ErrorData"})

#: Names of the JSON-RPC invalid-params code constant.
INVALID_PARAMS_NAMES: frozenset[str] = frozenset(
    {"mcp.types.INVALID_PARAMS", "mcp_types.INVALID_PARAMS", "mcp.INVALID_PARAMS"}
)

#: The JSON-RPC invalid-params code.
INVALID_PARAMS_CODE = -32602

#: Error-code constants of ``mcp.types`` (mcp v1 and v2) and ``mcp_types``, by name.
ERROR_CODES: dict[str, int] = {
    "PARSE_ERROR": -32700, "INVALID_REQUEST": -32600, "METHOD_NOT_FOUND": -32601, "INVALID_PARAMS": -32602,
    "INTERNAL_ERROR": -32603, "CONNECTION_CLOSED": -32000, "REQUEST_TIMEOUT": -32001, "HEADER_MISMATCH": -32020,
    "MISSING_REQUIRED_CLIENT_CAPABILITY": -32021, "UNSUPPORTED_PROTOCOL_VERSION": -32022,
    "URL_ELICITATION_REQUIRED": -32042,
}  # fmt: skip
#: Modules the error-code constants are imported from.
ERROR_CODE_MODULES: frozenset[str] = frozenset({"mcp.types", "mcp_types", "mcp"})

#: Decorator and method names on high-level servers.
TOOL_DECORATOR = "tool"
ADD_TOOL_METHOD = "add_tool"
#: Decorator names on high-level servers that register something that is *not* a tool.
NON_TOOL_DECORATORS: frozenset[str] = frozenset({"resource", "prompt", "custom_route"})
#: The mcp v1 low-level decorator that registers the ``tools/call`` handler.
LOWLEVEL_CALL_TOOL_DECORATOR = "call_tool"
#: The mcp v2 low-level ``Server`` keyword that registers the ``tools/call`` handler.
LOWLEVEL_ON_CALL_TOOL = "on_call_tool"
#: The mcp v2 low-level method for registering a handler by JSON-RPC method name.
ADD_REQUEST_HANDLER = "add_request_handler"
TOOLS_CALL_METHOD = "tools/call"


#: ``CallToolResult`` models, the result of ``tools/call``.
CALL_TOOL_RESULT_CLASSES: frozenset[str] = frozenset(
    {"mcp.types.CallToolResult", "mcp_types.CallToolResult", "mcp.CallToolResult"}
)
#: ``TextContent`` models, a text content block.
TEXT_CONTENT_CLASSES: frozenset[str] = frozenset({"mcp.types.TextContent", "mcp_types.TextContent", "mcp.TextContent"})
