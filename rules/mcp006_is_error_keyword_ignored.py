"""MCP006 is-error-keyword-ignored."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.frameworks.versions import honours_is_error_keyword
from mcp_lint.protocol_errors import keyword_argument
from mcp_lint.rule import Rule


class IsErrorKeywordIgnored(Rule):
    """## What it does
    Finds `CallToolResult(is_error=...)` built in a tool handler, or a helper it reaches, where the project's
    pins allow mcp v1 (or nothing is pinned): the snake-case keyword of the mcp v2 model.

    On a project whose pins (or `target-sdk`) allow only mcp v2, or a tool written for mcp v2 (`MCPServer`,
    `Server(on_call_tool=...)`, fastmcp 4), nothing is reported: v2 accepts both spellings. `is_error=False`
    is not reported either, since false is what v1 sends anyway.

    ## Why is this bad?
    mcp v1's `CallToolResult` has the field `isError` and allows extra fields, so `is_error=True` is stored as
    an unknown extra and the client receives `isError: false`. The model reads the error text as a successful
    result and does not correct its call. Nothing warns: the model validates. This affects every mcp v1
    release (1.x) and so fastmcp 2.x and 3.x, which run on mcp v1; mcp v2 has the field `is_error` with the
    camelCase alias `isError`, and accepts both.

    ## Example
    ```python
    from mcp.server.fastmcp import FastMCP
    from mcp.types import CallToolResult, TextContent

    app = FastMCP("flights")

    @app.tool()
    def book_flight(date: str) -> CallToolResult:
        if date < "2026-01-01":
            return CallToolResult(is_error=True, content=[TextContent(type="text", text="date must be in the future")])
        return CallToolResult(content=[TextContent(type="text", text="booked")])
    ```

    ## Use instead
    ```python
    from mcp.server.fastmcp import FastMCP
    from mcp.types import CallToolResult, TextContent

    app = FastMCP("flights")

    @app.tool()
    def book_flight(date: str) -> CallToolResult:
        if date < "2026-01-01":
            return CallToolResult(isError=True, content=[TextContent(type="text", text="date must be in the future")])
        return CallToolResult(content=[TextContent(type="text", text="booked")])
    ```

    ## Fix safety
    The fix renames the keyword to `isError`, the one spelling that both mcp majors accept, so it is
    correct on every release: safe. The result now reaches the client with `isError: true`, as written.

    ## References
    - [MCP spec 2025-11-25, tools, Error Handling](https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling): tool execution errors are results with
      `isError: true` ([SEP-1303](https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors) moves input validation errors there too).
    - [mcp v1 `CallToolResult`](https://github.com/modelcontextprotocol/python-sdk/blob/v1.x/src/mcp/types.py):
      `isError: bool = False` on a model that allows extra fields.
    - [What each framework sends](docs/frameworks.md), measured by this project: `CallToolResult(is_error=True)`.
    """

    code = "MCP006"
    name = "is-error-keyword-ignored"
    summary = "CallToolResult(is_error=...) is ignored by mcp v1, which sends isError false"
    fix_applicability = Applicability.SAFE
    fix_always = True
    requires = re.compile(rb"is_error")

    def visit_Call(self, node: cst.Call) -> None:
        scope = self.context.scope
        if scope is None or not self.context.index.symbols.resolve_in(node.func, fw.CALL_TOOL_RESULT_CLASSES):
            return
        arg = keyword_argument(node, "is_error")
        if arg is None or keyword_argument(node, "isError") is not None:
            return
        if isinstance(arg.value, cst.Name) and arg.value.value == "False":
            return
        sdk = self.context.sdk
        if all(honours_is_error_keyword(runtime) for runtime in sdk.runtimes_of(scope.frameworks)):
            return
        self.report(
            arg,
            "CallToolResult(is_error=...) is an ignored extra field on mcp v1 (every 1.x release, and fastmcp 2.x/3.x): "
            f"the client receives isError false and the model reads the error as a success ({sdk.describe()}); "
            "write isError=, which both mcp majors accept",
            Fix(
                "Write isError= instead of is_error=",
                Applicability.SAFE,
                [(arg, lambda updated: updated.with_changes(keyword=cst.Name("isError")))],
            ),
        )
