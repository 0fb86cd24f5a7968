"""MCP001 input-validation-protocol-error."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import ToolScope, mentions_unknown_tool
from mcp_lint.dispatch import Dispatcher
from mcp_lint.fixes import call_tool_result, protocol_error_imports, tool_error_name
from mcp_lint.protocol_errors import InvalidParamsError, invalid_params_error
from mcp_lint.rule import Rule, RuleContext, ancestors_within


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
    The fix is safe: the model receives the same message, now as a tool execution error. It emits the
    replacement measured for each framework in `shared/design/sdk-errors.md` (c):
    - mcp v1 `FastMCP`, mcp v2 `MCPServer` and `fastmcp`: `raise ToolError(message)`, with the message
      expression as written and the framework's own `ToolError` imported. `raise ToolError` works whatever the
      return annotation, where `return CallToolResult(...)` does not (the "Codemod hazard" in sdk-errors.md).
    - a low-level `tools/call` handler body:
      `return CallToolResult(isError=True, content=[TextContent(type="text", text=message)])`.

    `McpError`/`MCPError`, `ErrorData` and `INVALID_PARAMS` imports are removed when nothing else uses them.
    There is no fix in a helper of a low-level handler, which cannot return the handler's result in its
    place, nor where the error is built in a variable or by a helper, the message is absent, or the name
    `ToolError` is taken by something else.

    ## References
    - SEP-1303, "Input Validation Errors as Tool Execution Errors" (MCP spec 2025-11-25), `shared/seeds/000`.
    - Ruby SDK pull request 333, which keeps unknown tools as -32602, `shared/seeds/001`.
    - TypeScript SDK issue on `McpError(InvalidParams)`, `shared/seeds/002`.
    - `shared/design/sdk-errors.md`, tables (a) and (c).
    """

    code = "MCP001"
    name = "input-validation-protocol-error"
    summary = "Input validation failure raised as a JSON-RPC -32602 protocol error"
    fix_applicability = Applicability.SAFE
    requires = re.compile(rb"INVALID_PARAMS|32602")

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        self._dispatchers: dict[cst.FunctionDef, Dispatcher] = {}

    def visit_Raise(self, node: cst.Raise) -> None:
        scope = self.context.scope
        if scope is None or node.exc is None:
            return
        error = invalid_params_error(node.exc, self.context.index, scope.function)
        if error is None or mentions_unknown_tool(error.literal_text):
            return
        handler = scope.handler
        if handler is not None and handler.is_dispatcher:
            within = ancestors_within(self.context.ancestors, handler.function.node)
            dispatcher = self._dispatchers.get(handler.function.node)
            if dispatcher is None:
                dispatcher = self._dispatchers[handler.function.node] = Dispatcher(handler)
            if dispatcher.is_fallthrough(within):
                return
        # One short sentence; what each framework sends, and why, is in the rule's documentation.
        if not scope.framework.is_lowlevel:
            remedy = "raise ToolError instead"
        elif handler is None:
            remedy = "return CallToolResult(isError=True) from the handler instead"
        else:
            remedy = "return CallToolResult(isError=True) instead"
        self.report(node, f"Input validation error raised as a -32602 protocol error; {remedy}", self._fix(node, error, scope))

    def _fix(self, node: cst.Raise, error: InvalidParamsError, scope: ToolScope) -> Fix | None:
        message = error.message
        if message is None or error.call is not node.exc or len(scope.frameworks) != 1:
            return None
        index = self.context.index
        removals = protocol_error_imports(index)
        if scope.framework.is_lowlevel:
            if scope.handler is None:
                return None  # a helper cannot return the handler's result
            result, imports = call_tool_result(message, is_error=True)
            return Fix(
                "Return CallToolResult(isError=True, ...) instead",
                Applicability.SAFE,
                [(node, lambda _: cst.Return(value=result))],
                imports,
                removals,
            )
        named = tool_error_name(index, scope.framework)
        if named is None:
            return None
        name, imports = named
        exc = cst.Call(func=cst.Name(name), args=[cst.Arg(message)])
        return Fix(
            "Raise ToolError(message) instead",
            Applicability.SAFE,
            [(node, lambda updated: updated.with_changes(exc=exc))],
            imports,
            removals,
        )

