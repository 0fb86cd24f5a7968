"""MCP008 call-tool-result-not-passed-through."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.fixes import NoReplacement, in_try, tool_execution_error
from mcp_lint.frameworks import Framework
from mcp_lint.frameworks.versions import passes_call_tool_result
from mcp_lint.rule import Rule, ancestors_within
from mcp_lint.protocol_errors import keyword_argument
from mcp_lint.symbols import SymbolTable

#: What the client receives instead of the returned result, and on which releases.
_WHAT = {
    Framework.FASTMCP: "fastmcp 2.x and 3.x send it as a successful result whose text is the model dumped as JSON",
    Framework.MCP_V1_LOWLEVEL: (
        "the mcp v1 low-level Server before 1.19 iterates it as content and sends isError with pydantic "
        "validation errors in place of the message"
    ),
    Framework.MCP_V1_FASTMCP: (
        "mcp v1 FastMCP before 1.19 does not recognise it and serializes it like any other return value"
    ),
}
_WHAT_STR = (
    "mcp v1 FastMCP validates it against the -> str annotation and sends the validation error in place of "
    "the message (every 1.x release)"
)


class CallToolResultNotPassedThrough(Rule):
    """## What it does
    Finds a tool handler that returns `CallToolResult(isError=True, ...)` where the framework does not send
    a returned `CallToolResult` as it is, on some release the project's pins allow (or on any release, when
    nothing is pinned): standalone fastmcp 2.x and 3.x, mcp v1 `FastMCP` before 1.19 or with a `-> str`
    annotation, and the mcp v1 low-level `Server` before 1.19.

    mcp v2 (`MCPServer`, `Server(on_call_tool=...)`) and fastmcp 4 pass a returned `CallToolResult` through
    whatever the annotation: nothing is reported there, nor where the pins allow only such releases.

    ## Why is this bad?
    The error never reaches the model as an error. fastmcp 2.x/3.x serialize the returned model as the text
    of a *successful* result (`isError: false`), so the model reads the failure as data. mcp v1 `FastMCP` with
    `-> str` validates the model against `str` and sends that validation error; the mcp v1 low-level `Server`
    before 1.19 iterates the model as a list of content blocks and sends pydantic's errors. In both the
    message is lost.

    ## Example
    ```python
    from fastmcp import FastMCP
    from mcp.types import CallToolResult, TextContent

    mcp = FastMCP("flights")

    @mcp.tool()
    def book_flight(date: str) -> CallToolResult:
        if date < "2026-01-01":
            return CallToolResult(isError=True, content=[TextContent(type="text", text="date must be in the future")])
        return CallToolResult(content=[TextContent(type="text", text="booked")])
    ```

    ## Use instead
    ```python
    from fastmcp import FastMCP
    from fastmcp.exceptions import ToolError
    from mcp.types import CallToolResult, TextContent

    mcp = FastMCP("flights")

    @mcp.tool()
    def book_flight(date: str) -> CallToolResult:
        if date < "2026-01-01":
            raise ToolError("date must be in the future")
        return CallToolResult(content=[TextContent(type="text", text="booked")])
    ```

    ## Fix safety
    When the result's content is one `TextContent` with a text, the fix raises that text, which every
    release of the framework sends as isError with the message: `raise ToolError(text)` with the framework's
    own `ToolError` (mcp v1 `FastMCP` prefixes "Error executing tool <name>: "; fastmcp sends the text as it
    is, even with `mask_error_details=True`), and on the mcp v1 low-level `Server` `raise ValueError(text)`,
    which every v1 release sends as isError with the exact text (a returned `CallToolResult` would need 1.19).
    The fix is safe. There is none inside a `try` block (an `except` could catch the new exception), for other
    content, or when the name `ToolError` is taken.

    ## References
    - [MCP spec 2025-11-25, tools, Error Handling](https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling) and [SEP-1303](https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors): tool execution errors
      are results with `isError: true`.
    - [PrefectHQ/fastmcp issue 4549](https://github.com/PrefectHQ/fastmcp/issues/4549): a tool returning
      `CallToolResult(isError=True)` is serialized as text content and the response reports success.
    - [What each framework sends](docs/frameworks.md), measured by this project: a returned `CallToolResult`.
    """

    code = "MCP008"
    name = "call-tool-result-not-passed-through"
    summary = "A returned CallToolResult(isError=True) that the framework does not send as returned"
    fix_applicability = Applicability.SAFE
    requires = re.compile(rb"CallToolResult")

    def visit_Return(self, node: cst.Return) -> None:
        scope = self.context.scope
        if scope is None or scope.handler is None or node.value is None:
            return
        handler = scope.handler
        value = node.value
        if isinstance(value, cst.Name):
            value = handler.function.assigned(value.value) or value
        symbols = self.context.index.symbols
        if not isinstance(value, cst.Call) or not symbols.resolve_in(value.func, fw.CALL_TOOL_RESULT_CLASSES):
            return
        flag = keyword_argument(value, "isError")  # is_error= on mcp v1 is MCP006's
        if flag is None or not (isinstance(flag.value, cst.Name) and flag.value.value == "True"):
            return
        framework = handler.framework
        returns = handler.function.node.returns
        returns_str = returns is not None and isinstance(returns.annotation, cst.Name) and returns.annotation.value == "str"
        sdk = self.context.sdk
        if all(passes_call_tool_result(framework, runtime, returns_str) for runtime in sdk.runtimes(framework)):
            return
        what = _WHAT_STR if framework is Framework.MCP_V1_FASTMCP and returns_str else _WHAT[framework]
        text = _single_text(value, symbols)
        within = ancestors_within(self.context.ancestors, handler.function.node)
        decision = tool_execution_error(text, self.context.index, scope, sdk, within) if text is not None else None
        if framework is Framework.MCP_V1_LOWLEVEL:
            remedy = "raise ValueError(text) instead, which every mcp v1 release sends as isError with the text"
        else:
            remedy = "raise ToolError(text) instead"
        fix = None
        if decision is None:
            remedy += " (no fix: the content is not one TextContent)"
        elif isinstance(decision, NoReplacement) or in_try(within):
            remedy += f" (no fix: {decision.reason if isinstance(decision, NoReplacement) else 'in a try body, whose except could catch the raise'})"
        else:
            exc = decision.statement.exc if isinstance(decision.statement, cst.Raise) else None
            if exc is not None:
                fix = Fix(decision.title, Applicability.SAFE, [(node, lambda _: cst.Raise(exc=exc))], decision.imports)
        self.report(
            node,
            f"Returned CallToolResult(isError=True) is not sent as returned: {what} ({sdk.describe()}); {remedy}",
            fix,
        )


def _single_text(result: cst.Call, symbols: SymbolTable) -> cst.BaseExpression | None:
    """The text of a result whose content is ``[TextContent(type="text", text=...)]``, else None."""
    found = keyword_argument(result, "content")
    content = found.value if found is not None else None
    if not isinstance(content, cst.List) or len(content.elements) != 1:
        return None
    item = content.elements[0].value
    if not isinstance(item, cst.Call) or not symbols.resolve_in(item.func, fw.TEXT_CONTENT_CLASSES):
        return None
    text = keyword_argument(item, "text")
    return text.value if text is not None else None
