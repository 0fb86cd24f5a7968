"""MCP011 protocol-error-constructor-mismatch."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import ModuleIndex
from mcp_lint.fixes import MCP_TYPES
from mcp_lint.frameworks.versions import protocol_error_line
from mcp_lint.protocol_errors import argument
from mcp_lint.rule import Rule

#: What each mismatch does at the raise.
_CRASH = {
    (1, "code"): "McpError(code, message) raises TypeError on mcp v1, whose McpError takes one ErrorData",
    (1, "text"): "McpError(message) raises AttributeError ('str' object has no attribute 'message') on mcp v1",
    (2, "error"): "MCPError(ErrorData(...)) raises TypeError on mcp v2, whose MCPError takes (code, message, data=None)",
    (2, "text"): "MCPError(message) raises TypeError on mcp v2, whose MCPError takes (code, message, data=None)",
}
_LINES = {1: "mcp v1 (1.x, fastmcp 2.x/3.x)", 2: "mcp v2 (2.x, fastmcp 4.x)"}


def _shape(call: cst.Call) -> str | None:
    """``code`` for (code, message) arguments, ``error`` for one ErrorData-like argument, ``text`` for one
    string, None when the arguments cannot be read (``*args``, ``**kwargs``)."""
    if any(arg.star for arg in call.args):
        return None
    keywords = {arg.keyword.value for arg in call.args if arg.keyword is not None}
    positional = [arg.value for arg in call.args if arg.keyword is None]
    if keywords & {"code", "message"} or len(positional) >= 2:
        return "code"
    if keywords == {"error"} and not positional:
        return "error"
    if len(positional) == 1 and not keywords - {"data"}:
        if isinstance(positional[0], (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
            return "text"
        return "error"
    return None


def _accepts(line: int, shape: str) -> bool:
    return (line, shape) in {(1, "error"), (2, "code")}


class ProtocolErrorConstructorMismatch(Rule):
    """## What it does
    Finds a JSON-RPC protocol error built in a tool handler, or a helper it reaches, with the constructor of
    the other mcp line: `McpError(INVALID_PARAMS, "msg")` or `McpError("msg")` where the project runs on mcp
    v1, whose `McpError` takes one `ErrorData`, and `McpError(ErrorData(...))` / `MCPError(ErrorData(...))`
    where it runs on mcp v2 (fastmcp 4's `McpError` is an alias of `MCPError`).

    Which line applies comes from the class (`mcp.shared.exceptions.McpError` is v1, `MCPError` is v2, fastmcp's
    `McpError` follows the fastmcp release) and from the project's pins. With nothing pinned, a call that is
    wrong on some allowed line is reported and the message names the line.

    ## Why is this bad?
    The constructor call itself raises, at the moment the tool wants to report an error: `TypeError` or
    `AttributeError` replaces the intended error. The tool crashes, and the model reads the crash text
    ("McpError.__init__() takes 2 positional arguments but 3 were given") or a generic internal error,
    never the message meant for it.

    ## Example
    ```python
    from mcp.server.fastmcp import FastMCP
    from mcp.shared.exceptions import McpError
    from mcp.types import INTERNAL_ERROR

    app = FastMCP("search")

    @app.tool()
    def search(query: str) -> str:
        if not backend_ready():
            raise McpError(INTERNAL_ERROR, "search backend unavailable")
        return "results"
    ```

    ## Use instead
    ```python
    from mcp.server.fastmcp import FastMCP
    from mcp.shared.exceptions import McpError
    from mcp.types import INTERNAL_ERROR, ErrorData

    app = FastMCP("search")

    @app.tool()
    def search(query: str) -> str:
        if not backend_ready():
            raise McpError(ErrorData(code=INTERNAL_ERROR, message="search backend unavailable"))
        return "results"
    ```

    ## Fix safety
    The fix writes the constructor of the one line the project allows: on mcp v1
    `McpError(ErrorData(code=..., message=..., data=...))` (importing `ErrorData` from `mcp.types` when it
    is not imported), on mcp v2 `MCPError.from_error_data(error_data)`, which keeps the `ErrorData` as
    written. It is safe: the error that was meant is raised instead of a crash. There is no fix when the pins
    allow both lines (no constructor works on both: pin one, or set `target-sdk`), when only a message is given
    (the code is unknown), or when the name `ErrorData` is taken.

    ## References
    - [RamXX/mcp-tavily issue 5](https://github.com/RamXX/mcp-tavily/issues/5) and
      [modelcontextprotocol/servers issue 1847](https://github.com/modelcontextprotocol/servers/issues/1847):
      `McpError` built with the wrong arguments crashes the tool.
    - [mcp v1 `McpError(error: ErrorData)`](https://github.com/modelcontextprotocol/python-sdk/blob/v1.x/src/mcp/shared/exceptions.py)
      and mcp v2 `MCPError(code, message, data=None)` with `MCPError.from_error_data`.
    - [MCP spec 2025-11-25, tools, Error Handling](https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling) and [SEP-1303](https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors): which errors are protocol
      errors at all.
    """

    code = "MCP011"
    name = "protocol-error-constructor-mismatch"
    summary = "McpError/MCPError built with the constructor of the other mcp line: it crashes at the raise"
    fix_applicability = Applicability.SAFE
    requires = re.compile(rb"(?i)mcperror")

    def visit_Call(self, node: cst.Call) -> None:
        scope = self.context.scope
        if scope is None:
            return
        index = self.context.index
        qualified = index.symbols.resolve_in(node.func, fw.PROTOCOL_ERROR_CLASSES)
        shape = _shape(node) if qualified is not None else None
        if qualified is None or shape is None:
            return
        sdk = self.context.sdk
        lines = {protocol_error_line(qualified, runtime) for runtime in sdk.runtimes_of(scope.frameworks)}
        wrong = sorted(line for line in lines if not _accepts(line, shape))
        if not wrong:
            return
        crash = "; ".join(_CRASH[(line, shape)] for line in wrong if (line, shape) in _CRASH)
        fix, reason = None, ""
        if len(lines) != 1:
            reason = f"the project allows both {_LINES[1]} and {_LINES[2]}, whose constructors differ: pin one or set target-sdk"
        elif shape == "text":
            reason = "only a message is given, so the error code is unknown"
        else:
            fix = _fix(node, next(iter(lines)), index)
            if fix is None:
                reason = "the name ErrorData is taken"
        self.report(
            node,
            f"Protocol error built with the wrong constructor: {crash}, so the tool crashes at the raise and the "
            f"model never reads the message ({sdk.describe()})" + (f"; no fix: {reason}" if reason else ""),
            fix,
        )


def _error_data_name(index: ModuleIndex) -> tuple[str, list[tuple[str, str]]] | None:
    for local, target in index.symbols.imports.items():
        if target in fw.ERROR_DATA_CLASSES:
            return local, []
    if "ErrorData" in index.symbols.imports or "ErrorData" in index.symbols.constants or index.functions_named("ErrorData"):
        return None
    return "ErrorData", [(MCP_TYPES, "ErrorData")]


def _fix(node: cst.Call, line: int, index: ModuleIndex) -> Fix | None:
    if line == 2:
        error = argument(node, "error", 0)
        assert error is not None
        new = cst.Call(func=cst.Attribute(node.func, cst.Name("from_error_data")), args=[cst.Arg(error)])
        return Fix("Build it with MCPError.from_error_data(...)", Applicability.SAFE, [(node, lambda _: new)])
    named = _error_data_name(index)
    if named is None:
        return None
    name, imports = named
    fields = [("code", argument(node, "code", 0)), ("message", argument(node, "message", 1)), ("data", argument(node, "data", 2))]
    args = [
        cst.Arg(value, keyword=cst.Name(key), equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
        for key, value in fields
        if value is not None
    ]
    new = node.with_changes(args=[cst.Arg(cst.Call(func=cst.Name(name), args=args))])
    return Fix("Build it with McpError(ErrorData(code=..., message=...))", Applicability.SAFE, [(node, lambda _: new)], imports)
