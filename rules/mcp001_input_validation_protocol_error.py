"""MCP001 input-validation-protocol-error."""

from __future__ import annotations

import libcst as cst

from mcp_lint.discovery import mentions_unknown_tool
from mcp_lint.dispatch import Dispatcher
from mcp_lint.protocol_errors import invalid_params_error
from mcp_lint.rule import Rule, ancestors_within


class InputValidationProtocolError(Rule):
    """## What it does
    Finds tool handlers, and the same-module helpers they reach, that report a failed input check by
    raising a JSON-RPC protocol error with the invalid-params code (-32602): mcp v1
    `McpError(ErrorData(code=INVALID_PARAMS, ...))`, mcp v2 `MCPError(INVALID_PARAMS, ...)` and
    `MCPError.from_error_data(...)`, in every spelling of the code (`types.INVALID_PARAMS`, `-32602`, a
    renamed import) and when a same-module helper builds the error.

    The unknown-tool fall-through of a low-level `tools/call` dispatcher is not reported: a raise outside
    every branch that selects a tool by name, or one whose message says the tool is unknown.

    ## Why is this bad?
    MCP spec 2025-11-25 (SEP-1303) makes input validation errors of `tools/call` tool execution errors:
    a `CallToolResult` with `isError: true` and the message in `content`. Only tool results reach the
    model, so only they let it correct its arguments and call again. A protocol error is caught by the
    client application and the model never learns what was wrong.

    What the client receives today depends on the framework (measured in `shared/design/sdk-errors.md`,
    table (a), row 1): mcp v2 `MCPServer` and the mcp v2 low-level `Server` send a -32602 protocol error;
    mcp v1 `FastMCP`, the mcp v1 low-level `Server` and `fastmcp` wrap it into an isError result, which
    fastmcp hides entirely under `mask_error_details=True`, and which becomes a protocol error as soon as the
    server moves to mcp v2.

    ## Example
    ```python
    from mcp.server.mcpserver import MCPServer
    from mcp.shared.exceptions import MCPError
    from mcp.types import INVALID_PARAMS

    app = MCPServer("flights")

    @app.tool()
    def book_flight(date: str) -> str:
        if date < "2026-01-01":
            raise MCPError(code=INVALID_PARAMS, message="date must be in the future")
        return "booked"
    ```

    ## Use instead
    ```python
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    app = MCPServer("flights")

    @app.tool()
    def book_flight(date: str) -> str:
        if date < "2026-01-01":
            raise ToolError("date must be in the future")
        return "booked"
    ```
    In a low-level `tools/call` handler, return
    `CallToolResult(isError=True, content=[TextContent(type="text", text=message)])`; `isError=` is the one
    spelling that works on both mcp majors.

    ## Fix safety
    This rule has no automatic fix yet.

    ## References
    - SEP-1303, "Input Validation Errors as Tool Execution Errors" (MCP spec 2025-11-25), `shared/seeds/000`.
    - Ruby SDK pull request 333, which keeps unknown tools as -32602, `shared/seeds/001`.
    - TypeScript SDK issue on `McpError(InvalidParams)`, `shared/seeds/002`.
    - `shared/design/sdk-errors.md`, tables (a) and (c).
    """

    code = "MCP001"
    name = "input-validation-protocol-error"
    summary = "Input validation failure raised as a JSON-RPC -32602 protocol error"

    def visit_Raise(self, node: cst.Raise) -> None:
        scope = self.context.scope
        if scope is None or node.exc is None:
            return
        error = invalid_params_error(node.exc, self.context.index, scope.function)
        if error is None or mentions_unknown_tool(error.literal_text):
            return
        handler = scope.handler
        if handler is not None and handler.is_dispatcher:
            within = ancestors_within(self.context.ancestors[:-1], handler.function.node)
            if Dispatcher(handler).is_fallthrough(within):
                return
        framework = scope.framework
        if framework.is_lowlevel:
            remedy = "return CallToolResult(isError=True, content=[TextContent(type='text', text=msg)]) instead"
            if handler is None:
                remedy += ", from the handler"
        else:
            remedy = "raise ToolError(msg) instead"
        self.report(
            node,
            f"Input validation failure raised as a -32602 protocol error: {framework.invalid_params_behaviour} "
            f"(SEP-1303); {remedy}",
        )

