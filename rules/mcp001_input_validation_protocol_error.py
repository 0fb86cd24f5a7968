"""MCP001 input-validation-protocol-error."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import ToolScope, mentions_unknown_tool
from mcp_lint.dispatch import Dispatcher
from mcp_lint.fixes import NoReplacement, Replacement, protocol_error_imports, tool_execution_error
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

    What the client receives today depends on the framework (measured in `docs/frameworks.md` of the
    mcp-lint repository, first row): mcp v2 `MCPServer` and the mcp v2 low-level `Server` send a -32602 protocol error;
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
    The fix is safe: the model receives the same message, now as a tool execution error. It emits, for each
    framework, the spelling that `docs/frameworks.md` shows reaching the client as `isError` with the message:
    - mcp v1 `FastMCP`, mcp v2 `MCPServer` and `fastmcp`: `raise ToolError(message)`, with the message
      expression as written and the framework's own `ToolError` imported. `raise ToolError` works whatever the
      return annotation, where `return CallToolResult(...)` does not (the `-> str` row of `docs/frameworks.md`).
    - a low-level `tools/call` handler body:
      `return CallToolResult(isError=True, content=[TextContent(type="text", text=message)])`, on the mcp v1
      low-level `Server` only when every mcp release the project allows is 1.19 or later (before 1.19 a returned
      `CallToolResult` is iterated as content and the client gets pydantic errors). Otherwise, and with no pins,
      `raise ValueError(message)`, which every mcp v1 release sends as isError with the exact text; there is no
      such fix inside a `try` body, whose `except` could catch it.

    The fix must hold on every SDK release the project's pins (or `target-sdk`) allow; the choice is made in
    one place, `mcp_lint.fixes.tool_execution_error`.

    `McpError`/`MCPError`, `ErrorData` and `INVALID_PARAMS` imports are removed when nothing else uses them.
    There is no fix in a helper of a low-level handler, which cannot return the handler's result in its
    place, nor where the error is built in a variable or by a helper, the message is absent, or the name
    `ToolError` is taken by something else.

    ## References
    - SEP-1303, "Input Validation Errors as Tool Execution Errors" (MCP spec 2025-11-25):
      https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors
    - MCP spec 2025-11-25, tools, "Error Handling":
      https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    - Ruby SDK pull request 333, which keeps unknown tools as -32602:
      https://github.com/modelcontextprotocol/ruby-sdk/pull/333
    - TypeScript SDK issue 1956 on `McpError(InvalidParams)` for input validation:
      https://github.com/modelcontextprotocol/typescript-sdk/issues/1956
    - What each framework sends, measured with each framework's own client: `docs/frameworks.md` in the
      mcp-lint repository.
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
        framework = scope.framework
        decision = self._decide(node, error, scope)
        if decision is not None:
            remedy = decision.remedy
        elif framework.is_lowlevel:
            remedy = "return CallToolResult(isError=True, content=[TextContent(type='text', text=msg)])"
        else:
            remedy = "raise ToolError(msg)"
        remedy += " instead, from the handler" if remedy.startswith("return") and handler is None else " instead"
        remedy += decision.note if decision is not None else ""
        self.report(
            node,
            f"Input validation failure raised as a -32602 protocol error: {framework.invalid_params_behaviour} "
            f"(SEP-1303); {remedy}",
            self._fix(node, decision),
        )

    def _decide(self, node: cst.Raise, error: InvalidParamsError, scope: ToolScope) -> Replacement | NoReplacement | None:
        """The replacement for ``node``, or why there is none; None when the message cannot be told."""
        if error.message is None or error.call is not node.exc:
            return None
        within = ancestors_within(self.context.ancestors, scope.function.node)
        return tool_execution_error(error.message, self.context.index, scope, self.context.sdk, within)

    def _fix(self, node: cst.Raise, decision: Replacement | NoReplacement | None) -> Fix | None:
        if not isinstance(decision, Replacement):
            return None
        statement = decision.statement
        if isinstance(statement, cst.Raise):
            exc = statement.exc
            change = lambda updated: updated.with_changes(exc=exc)  # noqa: E731 - keeps "from ..." as written
        else:
            change = lambda _: statement  # noqa: E731
        return Fix(
            decision.title,
            Applicability.SAFE,
            [(node, change)],
            decision.imports,
            protocol_error_imports(self.context.index),
        )
