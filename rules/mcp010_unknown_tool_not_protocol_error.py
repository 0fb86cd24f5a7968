"""MCP010 unknown-tool-not-protocol-error (preview)."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import FunctionInfo, ModuleIndex, mentions_unknown_tool
from mcp_lint.dispatch import Dispatchers, ancestors_within
from mcp_lint.failures import message_node, report_text
from mcp_lint.frameworks import Framework
from mcp_lint.rule import Rule, RuleContext

#: Where the fix imports mcp v2's protocol error and the invalid-params code from.
_MCP_ERROR = ("mcp.shared.exceptions", "MCPError")
_INVALID_PARAMS = ("mcp.types", "INVALID_PARAMS")


def can_raise_protocol_error(framework: Framework) -> str | None:
    """Say whether, and on which versions, a low-level dispatcher can answer an unknown tool with a protocol error.

    The one place this rule's truth depends on the version. mcp v2's low-level Server (every 2.x) sends an
    ``MCPError`` raised by the ``on_call_tool`` handler as that protocol error. mcp v1's ``@server.call_tool()``
    turns every exception, ``McpError`` included, into an isError result (1.0 to 1.x), so a v1 handler cannot
    send one and is not reported.

    Args:
        framework (Framework): the framework of the dispatcher.
    Returns:
        str | None: the versions where raising works, or None when the handler cannot send a protocol error.
    """
    return "the mcp v2 low-level Server (every 2.x)" if framework is Framework.MCP_V2_LOWLEVEL else None


def _local_name(index: ModuleIndex, qualified: set[str], wanted: str) -> tuple[str, bool] | None:
    """The local name of an imported symbol, or ``wanted`` to import it as; None when that name is taken."""
    for local, target in index.symbols.imports.items():
        if target in qualified:
            return local, False
    if wanted in index.symbols.imports or wanted in index.symbols.constants or index.functions_named(wanted):
        return None
    return wanted, True


class UnknownToolNotProtocolError(Rule):
    """## What it does
    Finds a low-level `tools/call` dispatcher (mcp v2 `Server(on_call_tool=...)`) that answers a call of an
    unknown tool with a result, with `isError` or without, instead of a protocol error: a `return` outside every
    branch that selects a tool by name (or guarded by a test on the name, `if handler is None:`) whose text says
    the tool is unknown (`"Unknown tool: x"`, `f"Tool {name} not found"`).

    The mcp v1 low-level `@server.call_tool()` is not reported: it turns every exception, `McpError` included,
    into an isError result, so its handlers cannot send a protocol error at all. High-level frameworks answer
    unknown tools themselves.

    This rule is in preview: SEP-2145, an open proposal, would make an unknown tool a tool execution error.

    ## Why is this bad?
    MCP spec 2025-11-25 and 2026-07-28 list unknown tools among the protocol errors of `tools/call`
    (JSON-RPC -32602), beside input validation errors, which are tool execution errors (SEP-1303). A client
    tells "this tool does not exist" (refresh the tool list, stop calling it) from "this call failed" (read
    the message, correct and retry) by that difference. An isError result makes the model retry a tool that
    is not there.

    ## Example
    ```python
    from mcp.server import Server, ServerRequestContext
    from mcp.types import CallToolRequestParams, CallToolResult, TextContent

    async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams) -> CallToolResult:
        if params.name == "echo":
            return CallToolResult(content=[TextContent(type="text", text=str(params.arguments))])
        return CallToolResult(isError=True, content=[TextContent(type="text", text=f"Unknown tool: {params.name}")])

    server = Server("echo", on_call_tool=on_call_tool)
    ```

    ## Use instead
    ```python
    from mcp.server import Server, ServerRequestContext
    from mcp.shared.exceptions import MCPError
    from mcp.types import INVALID_PARAMS, CallToolRequestParams, CallToolResult, TextContent

    async def on_call_tool(ctx: ServerRequestContext, params: CallToolRequestParams) -> CallToolResult:
        if params.name == "echo":
            return CallToolResult(content=[TextContent(type="text", text=str(params.arguments))])
        raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {params.name}")

    server = Server("echo", on_call_tool=on_call_tool)
    ```

    ## Fix safety
    The fix is unsafe: the client receives a protocol error instead of a result, which changes what it does.
    It replaces the `return` by `raise MCPError(code=INVALID_PARAMS, message=<the result's text>)`, importing
    `MCPError` from `mcp.shared.exceptions` and `INVALID_PARAMS` from `mcp.types` when needed (mcp v2's
    spellings). There is no fix when the text cannot be found in the result or the names are taken.

    ## References
    - MCP spec 2025-11-25, Tools, "Error Handling" (unknown tools are protocol errors):
      https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling, SEP-1303.
    - MCP spec 2026-07-28, the same section:
      https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/server/tools.mdx
    - What each framework answers to an unknown tool, as measured: `docs/frameworks.md`.
    """

    code = "MCP010"
    name = "unknown-tool-not-protocol-error"
    summary = "A low-level dispatcher answers an unknown tool with a result instead of a protocol error"
    fix_applicability = Applicability.UNSAFE
    preview = True
    requires = re.compile(rb"on_call_tool|tools/call")

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        self._dispatchers = Dispatchers()

    def visit_Return(self, node: cst.Return) -> None:
        scope = self.context.scope
        handler = scope.handler if scope is not None else None
        if handler is None or node.value is None or not handler.is_dispatcher:
            return
        versions = can_raise_protocol_error(handler.framework)
        if versions is None or not mentions_unknown_tool(report_text(node.value, scope.function)):  # type: ignore[union-attr]
            return
        within = ancestors_within(self.context.ancestors, handler.function.node)  # type: ignore[union-attr]
        if not self._dispatchers.of(handler).is_fallthrough(within):
            return
        self.report(
            node,
            f"Unknown tool answered with a result, not the -32602 protocol error the spec asks for ({versions}); "
            "raise MCPError instead",
            self._fix(node, node.value, scope.function),  # type: ignore[union-attr]
        )

    def _fix(self, node: cst.Return, value: cst.BaseExpression, function: FunctionInfo) -> Fix | None:
        message = message_node(value, self.context.index)
        if isinstance(message, cst.Name):
            message = None if function.assigned(message.value) is None else message
        if message is None:
            return None
        index = self.context.index
        error = _local_name(index, {"mcp.shared.exceptions.MCPError", "mcp.MCPError"}, "MCPError")
        code = _local_name(index, {"mcp.types.INVALID_PARAMS", "mcp_types.INVALID_PARAMS", "mcp.INVALID_PARAMS"}, "INVALID_PARAMS")
        if error is None or code is None:
            return None
        imports = [imp for imp, (_, needed) in ((_MCP_ERROR, error), (_INVALID_PARAMS, code)) if needed]
        raise_ = cst.Raise(
            exc=cst.Call(
                func=cst.Name(error[0]),
                args=[
                    cst.Arg(keyword=cst.Name("code"), value=cst.Name(code[0]), equal=_EQUAL,
                            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                    cst.Arg(keyword=cst.Name("message"), value=message, equal=_EQUAL),
                ],
            )
        )  # fmt: skip
        return Fix(
            "Raise MCPError(code=INVALID_PARAMS, message=...) instead",
            Applicability.UNSAFE,
            [(node, lambda _: raise_)],
            imports,
        )


_EQUAL = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))
