"""MCP001 input-validation-protocol-error."""

from __future__ import annotations

import re
from collections.abc import Callable

import libcst as cst

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import FunctionInfo, ModuleIndex, mentions_unknown_tool
from mcp_lint.dispatch import Dispatchers
from mcp_lint.failures import caught_types, is_true
from mcp_lint.fixes import call_tool_result, protocol_error_fix, protocol_error_imports, protocol_error_remedy, protocol_error_replacement
from mcp_lint.frameworks.versions import FASTMCP_V4
from mcp_lint.literals import string_value
from mcp_lint.protocol_errors import ProtocolError, argument, invalid_params_error
from mcp_lint.rule import Rule, RuleContext, ancestors_within
from mcp_lint.traversal import leaves, nodes


class InputValidationProtocolError(Rule):
    """## What it does
    Finds tool handlers, and the same-module helpers they reach, that report a failed input check by
    raising a JSON-RPC protocol error with the invalid-params code (-32602): mcp v1
    `McpError(ErrorData(code=INVALID_PARAMS, ...))`, mcp v2 `MCPError(INVALID_PARAMS, ...)` and
    `MCPError.from_error_data(...)`, in every spelling of the code (`types.INVALID_PARAMS`, `-32602`, a
    renamed import) and when a same-module helper builds the error.

    It also finds fastmcp's `ErrorHandlingMiddleware` (`fastmcp.server.middleware.error_handling`) given to a
    server with `transform_errors` left on (the default): `mcp.add_middleware(ErrorHandlingMiddleware(...))` and
    `FastMCP(..., middleware=[ErrorHandlingMiddleware(...)])`. On fastmcp 4.x it turns a tool's `ValueError` into a
    -32602 "Invalid params" protocol error and the framework's own argument validation into an "Internal error"
    protocol error; on fastmcp 2.x the result stays isError, its message prefixed "Invalid params:". A project
    whose pins allow no fastmcp 4 release (`fastmcp>=3.4,<3.5`, or mcp below 2) is not told.

    And it finds mcp v2 server middleware, `async def check(ctx, call_next)` given to `MCPServer(...,
    middleware=[check])` or appended to a server's `middleware` list in the same module, that raises a -32602
    protocol error where it runs only for `tools/call` (under `if ctx.method == "tools/call":`, or after
    `if ctx.method != "tools/call": return await call_next(ctx)`): it answers the call's arguments before any
    tool runs, and the client receives the protocol error (measured with mcp 2.3.0's own client in
    `tests/test_runtime_traps.py`). A raise on every request (a session check) and one whose message says the tool
    is unknown are not reported.

    The unknown-tool fall-through of a low-level `tools/call` dispatcher is not reported: a raise outside
    every branch that selects a tool by name (not one before them, `if not arguments: raise McpError(...)`, which
    answers no name yet), one in an `except KeyError:` around a lookup of the name
    (`HANDLERS[name]`), or one whose message says the tool is unknown. A raise in an `except` of anything else
    around the tools' branches (`except ValueError as e: raise McpError(ErrorData(code=INVALID_PARAMS, ...))`)
    answers what a tool raised, and is reported.

    Nor is a protocol error that never leaves the tool as one: raised in a `try` whose `except` catches it
    (bare, `Exception`, `McpError`) and makes something else of it, or in a helper every call of which, up to
    three calls out, sits in such a `try` (`get_zoneinfo` raises, and `call_tool` runs it under `except
    Exception as e: raise ValueError(f"Error processing ...: {e}")`, which the client receives as a tool error).
    An `except` that raises it again (`raise`, `raise e`) lets it through.

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

    - mcp v2 middleware: `return CallToolResult(isError=True, content=[TextContent(type="text", text=message)])`
      in place of the raise; what middleware returns for `tools/call` is the call's result.
    - `ErrorHandlingMiddleware(...)`: adds `transform_errors=False` (replacing `transform_errors=True`); the
      middleware still logs and counts errors, and tool failures stay tool execution errors.

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
    - fastmcp's error-handling middleware: https://gofastmcp.com/python-sdk/fastmcp-server-middleware-error_handling
      (`transform_errors`, source `src/fastmcp/server/middleware/error_handling.py` in PrefectHQ/fastmcp).
    """

    code = "MCP001"
    name = "input-validation-protocol-error"
    summary = "Input validation failure raised as a JSON-RPC -32602 protocol error"
    fix_applicability = Applicability.SAFE
    requires = re.compile(rb"INVALID_PARAMS|32602")
    # The middleware may be added in any function (a server factory, a main()); mcp v2 middleware may test for
    # ``tools/call`` in a function no tool reaches.
    reads_bodies = re.compile(rb"(?i)middleware|tools/call")

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        self._dispatchers = Dispatchers()

    @classmethod
    def could_report(
        cls, source: bytes, has_tools: bool, elsewhere: Callable[[re.Pattern[bytes]], bool] | None = None
    ) -> bool:
        """Also true for a module that adds fastmcp's ErrorHandlingMiddleware, whether or not it registers tools.

        Args:
            source (bytes): the module's source.
            has_tools (bool): whether any function of the module runs in tool context.
            elsewhere (Callable[[re.Pattern[bytes]], bool] | None): whether a module its tools' calls lead to
                contains a pattern.
        Returns:
            bool: False only when the rule certainly reports nothing in the module.
        """
        if _MIDDLEWARE.search(source) is not None:
            return True
        # mcp v2 server middleware, which runs around every request, may raise one on ``tools/call``.
        if _V2_MIDDLEWARE.search(source) is not None and cls.requires is not None and cls.requires.search(source):
            return True
        return super().could_report(source, has_tools, elsewhere)

    def visit_Module(self, node: cst.Module) -> None:
        index = self.context.index
        for raised, error in tools_call_middleware_raises(node, index):
            self.report(
                raised,
                "Server middleware answers tools/call input with a -32602 protocol error; return "
                "CallToolResult(isError=True) from it instead, so that the model reads the message",
                _middleware_result_fix(raised, error, index),
            )
        sdk = self.context.sdk
        if not any(r.fastmcp is not None and r.fastmcp >= FASTMCP_V4 for r in sdk.runtimes(fw.Framework.FASTMCP)):
            return  # before fastmcp 4 (mcp v1) the transformed error still reaches the model as an isError result
        for call in transforming_error_middleware(node, self.context.index):
            self.report(
                call,
                "ErrorHandlingMiddleware with transform_errors on sends tool failures as protocol errors on "
                f"fastmcp 4{sdk.note()}; pass transform_errors=False",
                Fix(
                    "Pass transform_errors=False",
                    Applicability.SAFE,
                    [(call, _transform_errors_off)],
                ),
            )

    def visit_Raise(self, node: cst.Raise) -> None:
        scope = self.context.scope
        if scope is None or node.exc is None:
            return
        error = invalid_params_error(node.exc, self.context.index, scope.function)
        if error is None or self._dispatchers.is_unknown_tool_answer(scope, self.context.ancestors, error.literal_text):
            return
        if _converted(scope.function, node, self.context.index):
            return  # ``except Exception as e: raise ValueError(f"Error processing ...: {e}")`` on the way out
        within = ancestors_within(self.context.ancestors, scope.function.node)
        decision = protocol_error_replacement(node, error, scope, self.context.index, self.context.sdk, within)
        # One short sentence; what each framework sends, and why, is in the rule's documentation.
        self.report(
            node,
            f"Input validation error raised as a -32602 protocol error; {protocol_error_remedy(decision, scope)}",
            protocol_error_fix(node, decision, self.context.index),
        )


#: What an ``except`` names that catches a protocol error raised in its ``try``.
_CATCHES_PROTOCOL_ERROR = frozenset({"Exception", "BaseException", "McpError", "MCPError"})


def _converts(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` catches a protocol error (bare, ``Exception``, ``McpError``) and does not raise it
    again (no bare ``raise``, no ``raise e`` of what it caught): what reaches the client is what it makes of it."""
    if handler.type is not None and not _CATCHES_PROTOCOL_ERROR.intersection(caught_types(handler)):
        return False  # ``except (ValueError, Exception):`` catches it too
    bound = handler.name.name.value if handler.name is not None and isinstance(handler.name.name, cst.Name) else None
    return not any(
        isinstance(n, cst.Raise) and (n.exc is None or isinstance(n.exc, cst.Name) and n.exc.value == bound)
        for n in nodes(handler.body, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda))
    )


def _converted(function: FunctionInfo, target: cst.CSTNode, index: ModuleIndex, depth: int = 3) -> bool:
    """Whether a protocol error raised at ``target`` never leaves the tool as one: a ``try`` around it in the
    function has an ``except`` that catches it and makes something else of it (see :func:`_converts`), or,
    where none does, every call of the function from tool context is inside such a ``try`` in its caller, up to
    ``depth`` calls out (``get_zoneinfo`` raises, ``call_tool`` runs it under ``except Exception as e: raise
    ValueError(...)``). A handler's own raise, outside such a ``try``, reaches the framework."""
    path = function.path_to(target) or []
    for at, node in enumerate(path[:-1]):
        if isinstance(node, cst.Try) and path[at + 1] is node.body and any(_converts(h) for h in node.handlers):
            return True
    sites = index.call_sites(function) if depth > 0 else []
    return bool(sites) and all(
        calls and all(_converted(caller, call, caller.module or index, depth - 1) for call in calls)
        for caller, calls in sites
    )


#: Bytes of a module that may add fastmcp's error-handling middleware.
_MIDDLEWARE = re.compile(rb"ErrorHandlingMiddleware")
#: Where fastmcp defines it.
ERROR_HANDLING_MIDDLEWARE = frozenset(
    {
        "fastmcp.server.middleware.error_handling.ErrorHandlingMiddleware",
        "fastmcp.server.middleware.ErrorHandlingMiddleware",
    }
)


def transforming_error_middleware(module: cst.Module, index: ModuleIndex) -> list[cst.Call]:
    """Find ``ErrorHandlingMiddleware(...)`` constructions, with ``transform_errors`` left on, that a fastmcp server
    is given: ``server.add_middleware(ErrorHandlingMiddleware())`` or ``FastMCP(..., middleware=[...])``, directly or
    through a module-level name.

    Args:
        module (cst.Module): the module.
        index (ModuleIndex): its discovery result, for imports.
    Returns:
        list[cst.Call]: the middleware constructions, in source order.
    """
    symbols = index.symbols
    if not any(target in ERROR_HANDLING_MIDDLEWARE for target in symbols.imports.values()) and not any(
        target.startswith("fastmcp") for target in symbols.imports.values()
    ):
        return []
    found: list[cst.Call] = []
    for node in nodes(module):
        if not isinstance(node, cst.Call):
            continue
        candidates: list[cst.BaseExpression] = []
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "add_middleware" and node.args:
            candidates.append(node.args[0].value)
        elif symbols.resolve_in(node.func, fw.HIGH_LEVEL_SERVERS):
            listed = argument(node, "middleware", 99)
            if isinstance(listed, (cst.List, cst.Tuple)):
                candidates.extend(element.value for element in listed.elements)
        for value in candidates:
            if isinstance(value, cst.Name) and value.value in symbols.constants:
                value = symbols.constants[value.value]  # middleware = ErrorHandlingMiddleware(...); add_middleware(middleware)
            if not isinstance(value, cst.Call) or not symbols.resolve_in(value.func, ERROR_HANDLING_MIDDLEWARE):
                continue
            flag = argument(value, "transform_errors", 3)
            if flag is None or is_true(flag):
                found.append(value)
    return found


#: Bytes of a module that may give an mcp v2 server its middleware (``MCPServer(middleware=[...])``,
#: ``server.middleware.append(...)``).
_V2_MIDDLEWARE = re.compile(rb"middleware")
#: The mcp v2 server classes whose ``middleware`` keyword or list wraps every request (the low-level ``Server`` has
#: the list only, and only from mcp 2).
_V2_SERVERS = frozenset(name for name, kind in fw.HIGH_LEVEL_SERVERS.items() if kind is fw.Framework.MCP_V2_MCPSERVER)


def tools_call_middleware_raises(module: cst.Module, index: ModuleIndex) -> list[tuple[cst.Raise, ProtocolError]]:
    """Find the -32602 protocol errors that mcp v2 server middleware defined in the module raises on ``tools/call``.

    mcp v2 middleware (``MCPServer(middleware=[check])``, ``server.middleware.append(check)``, each an
    ``async def check(ctx, call_next)``) runs around every request; what it raises is the JSON-RPC error of that
    request. A raise under a test that the request is ``tools/call`` (``if ctx.method == "tools/call":``, or after
    ``if ctx.method != "tools/call": return await call_next(ctx)``) answers a tool call, so its -32602 is a tool input
    error sent as a protocol error. A raise on every request (a session or routing check) is not, and a message
    that says the tool is unknown is the protocol error that stays.

    Args:
        module (cst.Module): the module.
        index (ModuleIndex): its discovery result, for imports and functions.
    Returns:
        list[tuple[cst.Raise, ProtocolError]]: each raise and the error it builds, in source order.
    """
    names: list[str] = []
    for node in nodes(module):
        if not isinstance(node, cst.Call):
            continue
        listed: cst.BaseExpression | None = None
        func = node.func
        if (
            isinstance(func, cst.Attribute) and func.attr.value in ("append", "insert", "extend")
            and isinstance(func.value, cst.Attribute) and func.value.attr.value == "middleware" and node.args
        ):  # fmt: skip
            listed = node.args[-1].value
        elif index.symbols.resolve_in(func, _V2_SERVERS):
            listed = argument(node, "middleware", 99)
        if isinstance(listed, (cst.List, cst.Tuple)):
            names.extend(e.value.value for e in listed.elements if isinstance(e.value, cst.Name))
        elif isinstance(listed, cst.Name):
            names.append(listed.value)
    if not names:
        return []
    found: list[tuple[cst.Raise, ProtocolError]] = []
    for function in index.functions.values():
        if function.parent is not None or function.class_name is not None or function.name not in names:
            continue
        for raised in function.own:
            if not isinstance(raised, cst.Raise) or raised.exc is None:
                continue
            error = invalid_params_error(raised.exc, index, function)
            if error is None or mentions_unknown_tool(error.literal_text):
                continue
            path = function.path_to(raised)
            if path is not None and _on_tools_call(path) and not _converted(function, raised, index, 0):
                found.append((raised, error))
    return found


def _middleware_result_fix(node: cst.Raise, error: ProtocolError, index: ModuleIndex) -> Fix | None:
    """``return CallToolResult(isError=True, content=[TextContent(type="text", text=message)])`` in place of the
    raise (safe: mcp v2 sends what middleware returns for ``tools/call`` as the call's result); None when the
    message is not written in the raise."""
    if error.message is None or error.call is not node.exc:
        return None
    result, imports = call_tool_result(error.message, is_error=True)
    statement = cst.Return(value=result)
    return Fix(
        "Return CallToolResult(isError=True, ...) instead",
        Applicability.SAFE,
        [(node, lambda _: statement)],
        imports,
        protocol_error_imports(index),
    )


def _on_tools_call(path: list[cst.CSTNode]) -> bool:
    """Whether the statement a path leads to runs only for ``tools/call`` requests: it is in the body of an ``if``
    whose test says so, or after an ``if`` that leaves on any other method."""
    for at, node in enumerate(path[:-1]):
        below = path[at + 1]
        if isinstance(node, cst.If) and below is node.body and _tests_method(node.test, positive=True):
            return True
        if isinstance(node, cst.IndentedBlock):
            for statement in node.body:
                if statement is below:
                    break
                if isinstance(statement, cst.If) and _tests_method(statement.test, positive=False) and leaves(statement.body):
                    return True
    return False


def _tests_method(test: cst.BaseExpression, positive: bool) -> bool:
    """Whether a test compares something with ``"tools/call"``: with ``==`` (or ``in``) when ``positive``, with
    ``!=`` (or ``not in``) otherwise; one side of an ``and`` (positive) or ``or`` (negative) suffices."""
    if isinstance(test, cst.BooleanOperation):
        joins = cst.And if positive else cst.Or
        return isinstance(test.operator, joins) and (
            _tests_method(test.left, positive) or _tests_method(test.right, positive)
        )
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    wanted = (cst.Equal, cst.In) if positive else (cst.NotEqual, cst.NotIn)
    if not isinstance(target.operator, wanted):
        return False
    return any(string_value(side) == fw.TOOLS_CALL_METHOD for side in (test.left, target.comparator)) or (
        isinstance(target.comparator, (cst.Tuple, cst.List, cst.Set))
        and any(string_value(e.value) == fw.TOOLS_CALL_METHOD for e in target.comparator.elements)
    )


def _transform_errors_off(updated: cst.CSTNode) -> cst.CSTNode:
    """``ErrorHandlingMiddleware(...)`` with ``transform_errors=False`` (replacing ``transform_errors=True``)."""
    assert isinstance(updated, cst.Call)
    off = cst.Arg(keyword=cst.Name("transform_errors"), value=cst.Name("False"), equal=cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
    args = [a for a in updated.args if not (a.keyword is not None and a.keyword.value == "transform_errors")]
    if len([a for a in args if a.keyword is None and not a.star]) > 3:
        args = [a for i, a in enumerate(args) if i != 3]
    if args:
        last = args[-1]
        args[-1] = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    return updated.with_changes(args=[*args, off])
