"""MCP009 execution-failure-as-protocol-error."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint.diagnostics import Applicability
from mcp_lint.dispatch import Dispatchers
from mcp_lint.fixes import protocol_error_fix, protocol_error_remedy, protocol_error_replacement
from mcp_lint.frameworks import INVALID_PARAMS_CODE, Framework
from mcp_lint.protocol_errors import protocol_error
from mcp_lint.rule import Rule, RuleContext, ancestors_within

#: Codes a tool may rightly raise as protocol errors: URL elicitation required (-32042, mcp's
#: UrlElicitationRequiredError) and a missing required client capability (-32021).
_PROTOCOL_LEVEL_CODES = frozenset({-32042, -32021})


def code_verdict(code: int) -> str:
    """Say what spec 2026-07-28 makes of an error code raised for a failed tool call.

    Args:
        code (int): the JSON-RPC error code.
    Returns:
        str: the verdict, for the message.
    """
    if code == -32002:
        return "spec 2026-07-28 forbids -32002"
    if code == -32603:
        return "-32603 means the server is broken"
    if code in (-32700, -32600, -32601):
        return f"{code} means a bad request"
    if -32019 <= code <= -32000:
        return f"{code} is a legacy code (spec 2026-07-28: SHOULD NOT)"
    if -32099 <= code <= -32020:
        return f"spec 2026-07-28 forbids undefined code {code}"
    return f"{code} is no JSON-RPC error code"


def delivery(framework: Framework) -> str:
    """Say what the client receives, on every version of a framework line, when a tool raises a protocol error.

    The one place this rule's truth depends on the framework version: the line is told by the imports
    (mcp v1 ``mcp.server.fastmcp`` and ``@server.call_tool()``, mcp v2 ``mcp.server.mcpserver`` and
    ``Server(on_call_tool=...)``, standalone ``fastmcp`` of any major); a project's pinned versions could narrow it.

    Args:
        framework (Framework): the framework the tool runs under.
    Returns:
        str: the behaviour, naming the versions affected.
    """
    if framework is Framework.MCP_V2_MCPSERVER:
        return "mcp v2 MCPServer sends it as one"
    if framework is Framework.MCP_V2_LOWLEVEL:
        return "the mcp v2 low-level Server sends it as one"
    if framework is Framework.MCP_V1_FASTMCP:
        return "one on mcp v2; v1 FastMCP wraps it"
    if framework is Framework.MCP_V1_LOWLEVEL:
        return "one on mcp v2; the v1 low-level Server wraps it"
    return (
        "fastmcp (2.x-4.x) wraps it into an isError result prefixed 'Error calling tool', which "
        "mask_error_details=True empties; a tool failure is a tool execution error, not a protocol error"
    )


class ExecutionFailureAsProtocolError(Rule):
    """## What it does
    Finds tool handlers, and the helpers they reach, that report a failure of their own work by raising a
    JSON-RPC protocol error (mcp v1 `McpError(ErrorData(...))`, mcp v2 `MCPError(...)`) with a code other than
    invalid-params: `INTERNAL_ERROR` (-32603), `-1`, a code in -32000..-32099, `-32002`, or any other literal
    or known constant. Invalid-params (-32602) is MCP001's. Codes that name protocol conditions a tool may
    rightly raise are not reported: URL elicitation required (-32042) and a missing required client capability
    (-32021), nor is a code that cannot be told (`McpError(error)` re-raising a caught error's data).

    As in MCP001, the unknown-tool answer of a low-level `tools/call` dispatcher is not reported: a raise
    outside every branch that selects a tool by name, or one whose message says the tool is unknown.

    ## Why is this bad?
    Only tool results reach the model. A failure of the tool's work (an API call that failed, a record it could
    not save) is a tool execution error: a `CallToolResult` with `isError: true` and the message in `content`
    (MCP spec, "Error Handling" of the tools page). A protocol error goes to the client application, and the
    model never learns what went wrong or whether to try again.

    mcp v2 `MCPServer` and the mcp v2 low-level `Server` send such an error as a protocol error. mcp v1 and
    fastmcp wrap it into an isError result today, so the message still arrives there, but the same code sends a
    protocol error as soon as the server moves to mcp v2: this rule reports it on every framework, and says
    which versions are affected.

    Spec 2026-07-28 also narrows the codes themselves: -32000 to -32019 are legacy codes new implementations
    SHOULD NOT use, codes in -32020 to -32099 that the spec does not define MUST NOT be sent, and -32002
    (resource not found) is replaced by -32602 and MUST NOT be sent.

    ## Example
    ```python
    from mcp.server.mcpserver import MCPServer
    from mcp.shared.exceptions import MCPError
    from mcp.types import INTERNAL_ERROR

    app = MCPServer("mail")

    @app.tool()
    def send_mail(to: str) -> str:
        if not relay.send(to):
            raise MCPError(code=INTERNAL_ERROR, message="the mail relay refused the message")
        return "sent"
    ```

    ## Use instead
    ```python
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    app = MCPServer("mail")

    @app.tool()
    def send_mail(to: str) -> str:
        if not relay.send(to):
            raise ToolError("the mail relay refused the message")
        return "sent"
    ```

    ## Fix safety
    The fix is safe, and it is MCP001's: the model receives the same message, now as a tool execution error.
    On mcp v1 `FastMCP`, mcp v2 `MCPServer` and `fastmcp` it raises `ToolError(message)` with the framework's
    own `ToolError`; in a low-level `tools/call` handler's body it returns
    `CallToolResult(isError=True, content=[TextContent(type="text", text=message)])`. The protocol-error and
    error-code imports are removed when nothing else uses them. There is no fix in a helper of a low-level
    handler, nor where the error is built in a variable or by a helper, or has no message.

    ## References
    - MCP spec 2025-11-25, Tools, "Error Handling": protocol errors versus tool execution errors
      (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling), SEP-1303.
    - MCP spec 2026-07-28, Basic, JSON-RPC error codes (legacy -32000..-32019, no undefined -32020..-32099,
      no -32002): https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/basic/index.mdx
    - mcp v2 `MCPServer` re-raises `MCPError` from a tool on purpose, as measured in `docs/frameworks.md`.
    """

    code = "MCP009"
    name = "execution-failure-as-protocol-error"
    summary = "A failure of the tool's own work raised as a JSON-RPC protocol error"
    fix_applicability = Applicability.SAFE
    requires = re.compile(rb"McpError|MCPError")

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        self._dispatchers = Dispatchers()

    def visit_Raise(self, node: cst.Raise) -> None:
        scope = self.context.scope
        if scope is None or node.exc is None:
            return
        error = protocol_error(node.exc, self.context.index, scope.function)
        if error is None or error.code is None or error.code == INVALID_PARAMS_CODE:
            return
        if error.code in _PROTOCOL_LEVEL_CODES:
            return
        if self._dispatchers.is_unknown_tool_answer(scope, self.context.ancestors, error.literal_text):
            return
        within = ancestors_within(self.context.ancestors, scope.function.node)
        decision = protocol_error_replacement(node, error, scope, self.context.index, self.context.sdk, within)
        self.report(
            node,
            f"Tool failure raised as a protocol error ({delivery(scope.framework)}); {code_verdict(error.code)}; "
            f"{protocol_error_remedy(decision, scope)}",
            protocol_error_fix(node, decision, self.context.index),
        )
