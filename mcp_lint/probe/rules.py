"""The probe's rules, MCP101-MCP104: what a running server answers to invalid ``tools/call`` requests.

They are documented like the static rules (``mcp-lint rule MCP101``) and share their selection, but they are
not visitors: :mod:`mcp_lint.probe.classify` reports them from the responses of a running server.

Attributes:
    PROBE_RULES (tuple[type[ProbeRule], ...]): every probe rule, ordered by code.
    PROBE_CODES (tuple[str, ...]): their codes.
"""

from __future__ import annotations

from typing import ClassVar

from mcp_lint.rule import Rule


class ProbeRule(Rule):
    """A rule the probe reports from a server's responses; only its documentation and metadata are used.

    Attributes:
        preview (bool): whether the rule is off unless ``--preview`` is given.
    """

    preview: ClassVar[bool] = False
    tool_context: ClassVar[bool] = False


class ValidationErrorAsProtocolError(ProbeRule):
    """## What it does
    Calls each tool of a running server with invalid arguments derived from its input schema (a missing
    required argument, a wrong type, a value outside an `enum` or a bound) and reports a call answered with a
    JSON-RPC protocol error instead of a tool result.

    ## Why is this bad?
    MCP spec 2025-11-25 (SEP-1303) makes input validation errors tool execution errors: a `CallToolResult`
    with `isError: true` that names what was wrong. A protocol error is handled by the client application;
    the model never reads it and cannot correct its arguments. Which one a server sends depends on the SDK,
    its version and middleware, not only on the code: the mcp v2 low-level `Server` turns any exception of
    the handler (a `KeyError` from `arguments["b"]`) into a protocol error, and fastmcp's
    `ErrorHandlingMiddleware()` turns the framework's own validation errors into `-32603 Internal error`.

    ## Example
    ```python
    async def on_call_tool(ctx, params):
        args = params.arguments or {}
        return CallToolResult(content=[TextContent(type="text", text=str(args["a"] + args["b"]))])
    ```

    ## Use instead
    ```python
    async def on_call_tool(ctx, params):
        args = params.arguments or {}
        if not isinstance(args.get("b"), int):
            return CallToolResult(is_error=True, content=[TextContent(type="text", text="b: an integer is required")])
        return CallToolResult(content=[TextContent(type="text", text=str(args["a"] + args["b"]))])
    ```

    ## Fix safety
    The probe has no fix. `mcp-lint check` finds the code patterns behind most of these findings (MCP001)
    and `mcp-lint fix` rewrites them; run the probe again afterwards to see that the server now answers
    with a tool execution error.

    ## References
    - MCP spec 2025-11-25, Tools, Error Handling: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    - SEP-1303, input validation errors as tool execution errors: https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors
    """

    code = "MCP101"
    name = "validation-error-as-protocol-error"
    summary = "An invalid-argument call is answered with a JSON-RPC protocol error, which the model never sees"


class ValidationErrorHidden(ProbeRule):
    """## What it does
    Reports an invalid-argument call answered with `isError: true` whose text neither names the argument
    nor says what was wrong, such as `Error executing tool book` or `Internal error`.

    ## Why is this bad?
    The model reads the text of a tool execution error to correct its next call (SEP-1303). A masked or
    generic message tells it only that something failed, so it retries blindly or gives up. mcp v2
    `MCPServer` masks every exception other than `ToolError`, and fastmcp does the same under
    `mask_error_details=True`.

    ## Example
    ```python
    @mcp.tool()
    def book(seats: int) -> str:
        if not 1 <= seats <= 10:
            raise ValueError("seats must be between 1 and 10")  # MCPServer sends "Error executing tool book"
        return "booked"
    ```

    ## Use instead
    ```python
    from mcp.server.mcpserver.exceptions import ToolError

    @mcp.tool()
    def book(seats: int) -> str:
        if not 1 <= seats <= 10:
            raise ToolError("seats must be between 1 and 10")
        return "booked"
    ```

    ## Fix safety
    The probe has no fix. Raise the framework's `ToolError` (never masked) or return a `CallToolResult`
    with `isError=True` and a message that names the argument.

    ## References
    - SEP-1303, input validation errors as tool execution errors: https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors
    - MCP spec 2025-11-25, Tools, Error Handling: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    """

    code = "MCP102"
    name = "validation-error-hidden"
    summary = "An invalid-argument call is answered with an isError text that names neither the argument nor the problem"


class UnknownToolNotProtocolError(ProbeRule):
    """## What it does
    Calls a tool name the server did not list and reports an answer that is not a JSON-RPC protocol error
    (an isError result, or a success). Preview: enabled only with `--preview`.

    ## Why is this bad?
    The MCP spec 2025-11-25 keeps unknown tools a protocol error (`-32602`), unlike invalid arguments: the
    client, not the model, should learn that its tool list is stale. Most frameworks answer with an isError
    result instead, and SEP-2145 proposes to make that the rule, which is why this check is a preview.

    ## Example
    ```python
    @server.call_tool()
    async def call_tool(name: str, arguments: dict):
        if name == "add":
            return [TextContent(type="text", text="3")]
        return [TextContent(type="text", text=f"Unknown tool: {name}")]
    ```

    ## Use instead
    ```python
    @server.call_tool()
    async def call_tool(name: str, arguments: dict):
        if name == "add":
            return [TextContent(type="text", text="3")]
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown tool: {name}"))
    ```

    ## Fix safety
    The probe has no fix. Several frameworks decide this themselves; follow your framework.

    ## References
    - MCP spec 2025-11-25, Tools, Error Handling: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    - SEP-2145 (a proposal in modelcontextprotocol/modelcontextprotocol): unknown tools as tool execution errors.
    """

    code = "MCP103"
    name = "unknown-tool-not-protocol-error"
    summary = "A call of an unknown tool is not answered with a JSON-RPC protocol error"
    preview = True


class ServerFailure(ProbeRule):
    """## What it does
    Reports a call after which the server process exited or closed the connection, a call not answered
    within `--timeout` seconds, and an answer the client could not read as a `CallToolResult`.

    ## Why is this bad?
    A tool call with bad arguments must never take the server down or hang it: every later call of the
    session fails too, and the model gets no message at all (MCP spec 2025-11-25, SEP-1303).

    ## Example
    ```python
    @mcp.tool()
    def resize(width: int) -> str:
        if width < 0:
            os._exit(1)
        return "ok"
    ```

    ## Use instead
    ```python
    @mcp.tool()
    def resize(width: int) -> str:
        if width < 0:
            raise ToolError("width must not be negative")
        return "ok"
    ```

    ## Fix safety
    The probe has no fix.

    ## References
    - MCP spec 2025-11-25, Tools, Error Handling: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    - SEP-1303, input validation errors as tool execution errors: https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors
    """

    code = "MCP104"
    name = "server-failure"
    summary = "A call crashed the server, hung it past the timeout, or got an answer that breaks the protocol"


PROBE_RULES: tuple[type[ProbeRule], ...] = (
    ValidationErrorAsProtocolError,
    ValidationErrorHidden,
    UnknownToolNotProtocolError,
    ServerFailure,
)
PROBE_CODES: tuple[str, ...] = tuple(rule.code for rule in PROBE_RULES)

__all__ = ["PROBE_CODES", "PROBE_RULES", "ProbeRule"]
