"""MCP005 error-reported-as-success."""

from __future__ import annotations

import re
from collections.abc import Sequence

import libcst as cst
from libcst.helpers import get_full_name_for_node
from mcp_lint.rules.mcp003_empty_result_as_error import EmptyResultAsError

from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import FunctionInfo, Handler, ToolScope, mentions_unknown_tool
from mcp_lint.failures import (
    FailureReport,
    Shape,
    callee_name,
    failure_report,
    given_failure_status,
    is_error_string,
    is_false,
    is_true,
    literal_text,
    message_node,
    payload_fields,
)
from mcp_lint.fixes import Replacement, code, fill, tool_error_name, tool_execution_error
from mcp_lint.frameworks import Framework
from mcp_lint.literals import literal_value, string_value
from mcp_lint.rule import Rule, RuleContext, ancestors_within
from mcp_lint.traversal import leaves, nodes, walk_paths

#: Names in a return annotation that leave the result's shape open: a payload built there is not documented.
_OPEN_TYPES = frozenset(
    "dict Dict list List tuple Tuple str Any object None Optional Union Mapping MutableMapping Sequence Iterable "
    "JSONType Json CallToolResult ToolResult TextContent ImageContent EmbeddedResource AudioContent ContentBlock "
    "Content typing t types mcp_types".split()
)
_SUCCESS_STATUS = frozenset({"ok", "success", "succeeded", "done", "completed", "complete", "healthy"})


def _call_name(expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, cst.Call):
        name = get_full_name_for_node(expr.func)
        return name.rsplit(".", 1)[-1] if name else None
    return None


def _keyword(call: cst.Call, name: str) -> cst.Arg | None:
    return next((a for a in call.args if a.keyword is not None and a.keyword.value == name), None)


#: First words of tool names that ask a question: a negative answer is their result (``check_region``, ``is_open``).
_QUESTION_VERBS = frozenset({"check", "is", "has", "can", "exists", "verify", "validate", "test", "ping"})
# The nodes MCP003 decides on, asked of it by _empty_result.
_MCP003_VISITS = {
    cst.If: EmptyResultAsError.visit_If,
    cst.ExceptHandler: EmptyResultAsError.visit_ExceptHandler,
    cst.For: EmptyResultAsError.visit_For,
}


def _question_tool(name: str) -> bool:
    """bool: whether a tool's name asks a yes/no question (``check_language_available``, ``validateFormula``)."""
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name.lstrip("_"))
    return bool(words) and words[0].lower() in _QUESTION_VERBS


def _tests_error_key(test: cst.BaseExpression, name: str) -> bool:
    """Whether a condition tests a local for an ``error`` key: ``x.get("error")``, ``"error" in x``, ``x["error"]``."""
    for node in nodes(test):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get":
            receiver, args = node.func.value, node.args
            if isinstance(receiver, cst.Name) and receiver.value == name and args and _is_error_key(args[0].value):
                return True
        elif isinstance(node, cst.Comparison) and _is_error_key(node.left):
            target = node.comparisons[0].comparator
            if isinstance(node.comparisons[0].operator, cst.In) and isinstance(target, cst.Name) and target.value == name:
                return True
        elif isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == name:
            element = node.slice[0].slice if node.slice else None
            if isinstance(element, cst.Index) and _is_error_key(element.value):
                return True
    return False


def _is_error_key(expr: cst.BaseExpression) -> bool:
    return string_value(expr) in ("error", "errors")


def documented_result(function: FunctionInfo) -> bool:
    """Tell whether a tool declares a result type of its own (``-> SearchResult``), whose fields are its contract.

    Args:
        function (FunctionInfo): the tool handler.
    Returns:
        bool: True when its return annotation names a class other than the builtin containers, typing's
        generics and MCP's content types.
    """
    returns = function.node.returns
    if returns is None:
        return False
    for node in _names(returns.annotation):
        if node not in _OPEN_TYPES and node[:1].isupper():
            return True
    return False


def _names(expr: cst.CSTNode) -> list[str]:
    found: list[str] = []
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            found.append(node.value)
        elif isinstance(node, cst.Attribute):
            found.append(node.attr.value)
            continue
        elif isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            continue  # a string annotation: not read
        stack.extend(node.children)
    return found


def says_success(payload: cst.BaseExpression) -> bool:
    """Tell whether a dict says it is a successful result: ``success``/``ok`` True or a success ``status``.

    Args:
        payload (cst.BaseExpression): a returned expression.
    Returns:
        bool: True for ``{"success": True, "error": ...}`` and ``{"status": "ok", ...}``.
    """
    fields = payload_fields(payload) if isinstance(payload, cst.Dict) else None
    if not fields:
        return False
    for key in ("success", "ok"):
        if is_true(fields.get(key)):
            return True
    status = fields.get("status")
    return isinstance(status, cst.SimpleString) and str(literal_value(status)).lower() in _SUCCESS_STATUS


def success_shapes(framework: Framework) -> str | None:
    """Say on which versions a framework sends a returned error dict or error text with isError false.

    The one place this rule's truth about dicts and text depends on the framework: the line is told by the imports
    (mcp v1 ``mcp.server.fastmcp``/``@server.call_tool()``, mcp v2 ``mcp.server.mcpserver``/``on_call_tool=``,
    standalone ``fastmcp`` of any major).

    Args:
        framework (Framework): the framework the tool runs under.
    Returns:
        str | None: the frameworks and versions that send it as a success, or None where it is no success (the
        mcp v2 low-level Server rejects a returned dict, list or string as an invalid result).
    """
    return {
        Framework.MCP_V1_FASTMCP: "mcp v1 FastMCP (every 1.x)",
        Framework.MCP_V1_LOWLEVEL: "the mcp v1 low-level Server (every 1.x)",
        Framework.MCP_V2_MCPSERVER: "mcp v2 MCPServer (every 2.x)",
        Framework.FASTMCP: "fastmcp (2.x-4.x)",
    }.get(framework)


def _sent_local(value: cst.BaseExpression | None) -> cst.Name | None:
    """The local a ``return`` sends, also through ``json.dumps`` (``return json.dumps(response)``), if it sends one."""
    if isinstance(value, cst.Call) and value.args and callee_name(value.func) == "dumps":
        value = value.args[0].value
    return value if isinstance(value, cst.Name) else None


def _rebound(node: cst.Return, function: FunctionInfo) -> bool:
    """Whether the value returned is a local bound more than once (``response = {"success": True}`` in one branch,
    a failure in the other, then ``return json.dumps(response)`` after them): outside a failure path, the statement
    also sends the successes, so raising there would fail them."""
    local = _sent_local(node.value)
    # a report built in the statement itself (``{"error": msg}``) fails whatever its parts
    return local is not None and function.bindings(local.value) > 1


class ErrorReportedAsSuccess(Rule):
    """## What it does
    Finds a tool handler that reports a failure in a shape its framework sends with `isError: false`:

    - a returned error dict (`{"error": ...}`, `{"success": False, ...}`, `{"status": "error"}`,
      `{"isError": True, ...}`), a list of them, or `json.dumps` of one;
    - an error text (`"Error: ..."`, `f"Failed to {x}"`, also in `[TextContent(...)]`) or an error helper's
      result, returned from an `except` clause or an `if`/`else` branch;
    - `CallToolResult(content=[<error text>])` without `isError=True`.

    A decorator's wrapper counts as the handler when it sits below the registering decorator (`@mcp.tool()` over
    `@handle_errors`, in any module): it runs in the tool's place, and `except Exception as e: return {"error":
    str(e)}` in it is the tool's result. Above the registering decorator it is not.

    A helper, in any module, counts too where a tool returns its outcome as it is (`return await
    hcloud_server_info(identifier)`, or a local bound once to that call, also through up to two functions that
    each return the next one's outcome so, `return await self.router.route(name, arguments)` over `return await
    self._routes[name].run(arguments)`): the failure it answers in an `except`
    clause or an `if`/`else` branch (`return {"success": False, "error": f"Server '{identifier}' not found"}`) is
    that tool's result. It is reported in the helper, without a fix (other callers may read what it returns); a
    helper that only builds reports (`_fail(message)`, `tool_response(success, ...)`) is judged where a tool
    returns its result, and so is a builder of successes and failures alike that is given a failure status for
    the status key of the dict it returns (`format_response("error", {...})` over `def format_response(status,
    data): return {"status": status, "data": data}`).

    A `CallToolResult(isError=True)` that the framework drops is MCP008's concern, and `is_error=True` on mcp v1
    MCP006's.

    Not reported: a dict that says it succeeded (`"success": True`, `"status": "ok"`), `"error": None`, a
    helper's outcome sent after an `if` that tests it for an error key and returns (`if "error" in orders: return
    ...`, then `return [TextContent(text=json.dumps(orders))]`), a tool
    whose return annotation names its own result type (`-> SearchResult`: the fields are its documented
    contract), an error-response model, an empty result reported as an error (MCP003's concern, which asks
    for the opposite), the unknown-tool answer of a low-level dispatcher (MCP010's) and, on the mcp v2
    low-level `Server`, returned dicts, lists and strings, which it rejects as invalid results anyway.

    ## Why is this bad?
    Clients and the model read `isError` to tell a failure from a result (MCP spec, Tools, "Error Handling").
    With `isError: false`, a client shows the failure as a successful call, retries and fallbacks never start,
    and the model may take the error text for data. Returning a dict never sets `isError` in any framework.

    ## Example
    ```python
    from mcp.server.fastmcp import FastMCP

    mcp = FastMCP("orders")

    @mcp.tool()
    def cancel_order(order_id: str) -> dict:
        try:
            orders.cancel(order_id)
        except PermissionError as exc:
            return {"error": f"not allowed to cancel {order_id}: {exc}"}
        return {"cancelled": order_id}
    ```

    ## Use instead
    ```python
    import json

    from mcp.server.fastmcp import FastMCP
    from mcp.server.fastmcp.exceptions import ToolError

    mcp = FastMCP("orders")

    @mcp.tool()
    def cancel_order(order_id: str) -> dict:
        try:
            orders.cancel(order_id)
        except PermissionError as exc:
            raise ToolError(json.dumps({"error": f"not allowed to cancel {order_id}: {exc}"}))
        return {"cancelled": order_id}
    ```

    ## Fix safety
    The fix is unsafe: it turns a successful result into a tool execution error, and what the model reads
    changes (the text gains the framework's prefix, "Error executing tool NAME: " on mcp, none on fastmcp).
    - mcp v1 `FastMCP`, mcp v2 `MCPServer` and `fastmcp`: `raise ToolError(<same text>)`, or
      `raise ToolError(json.dumps(<payload>))` for a dict or list, with the framework's own `ToolError`
      (`raise` works whatever the return annotation).
    - `CallToolResult(content=[...])` without `isError`: adds `isError=True`, the one spelling both mcp majors
      accept.
    - the mcp v1 low-level `Server` (in the handler's own body): `return CallToolResult(isError=True, ...)` with
      the same text (or `json.dumps` of the payload) when every mcp release the project's pins allow is 1.19 or
      later, which passes it through; otherwise `raise ValueError(<same text>)`, which every mcp v1 release
      sends as isError with the text. No fix in a helper or in a `try` body.

    No fix either where the statement also sends successes: a local bound more than once, returned outside a
    failure branch (`response = {"success": True}` or a failure dict, then `return json.dumps(response)`).

    ## References
    - MCP spec 2025-11-25, Tools, "Error Handling" (tool execution errors are reported with `isError: true`):
      https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling, SEP-1303.
    - mcp v1 passes a returned `CallToolResult` through from 1.19.0, as measured in `docs/frameworks.md` (source:
      https://github.com/modelcontextprotocol/python-sdk/blob/v1.x/src/mcp/server/lowlevel/server.py).
    - fastmcp tools and their results (`ToolError`, `ToolResult`): https://gofastmcp.com/servers/tools and
      https://gofastmcp.com/python-sdk/fastmcp-exceptions.
    """

    code = "MCP005"
    name = "error-reported-as-success"
    summary = "A tool reports a failure in a shape its framework sends with isError false"
    fix_applicability = Applicability.UNSAFE

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        # function -> the statements MCP003 reports in it (see _empty_result)
        self._empty_results: dict[cst.FunctionDef, frozenset[int]] = {}
        # helper -> the handler whose tool returns its outcome as it is (see _answered_by)
        self._answered: dict[cst.FunctionDef, Handler | None] = {}

    def visit_Return(self, node: cst.Return) -> None:
        scope = self.context.scope
        if scope is None or node.value is None:
            return
        handler = scope.result_of
        # ``return await hcloud_server_info(identifier)``: a helper whose outcome a tool returns as it is, checked
        # last (see _answered_by), and only for what it answers on a failure path
        helper = handler is None
        if len(scope.frameworks) != 1 or documented_result(scope.function):
            return  # only what a handler returns is known to reach the client as its result
        if helper and not self._in_failure_path(scope):
            return  # a builder of reports (``_fail(message)``, ``tool_response(success, ...)``): judged where called
        framework = (handler or scope.handlers[0]).framework
        value = node.value
        if _call_name(value) == "CallToolResult" and isinstance(value, cst.Call):
            if not helper or self._answered_by(scope) is not None:
                self._check_call_tool_result(node, value, scope)
            return
        where = success_shapes(framework)
        if where is None:
            return
        module = self.context.module
        if isinstance(value, cst.Name) and self._tested_for_error(value.value, scope):
            report: FailureReport | None = FailureReport(node, Shape.ERROR_DICT, value)  # if r.get("error"): return r
        else:
            report = failure_report(node, self.context.index, scope.function, module=module)
        if report is None or report.shape not in (Shape.ERROR_DICT, Shape.ERROR_STRING, Shape.HELPER):
            return
        if report.shape is Shape.HELPER and not self._error_builder(value, scope, module):
            return
        if report.shape is not Shape.ERROR_DICT and not self._in_failure_path(scope):
            return
        if _question_tool(scope.function.name) and not self._in_except(scope):
            return  # a check answering "no" gives a result, not a failure (its except clauses still fail)
        if helper:
            handler = self._answered_by(scope)
        if handler is None:
            return
        if says_success(value) or (handler.is_dispatcher and mentions_unknown_tool(literal_text(value))):
            return
        if report.shape is Shape.ERROR_STRING and self._guarded(value, node, scope):
            return  # ``if "error" in orders: return ...`` before ``return [TextContent(text=json.dumps(orders))]``
        if self._reaches_success(value, node, scope):
            return  # ``result = {"status": "healthy"}`` then ``return json.dumps(result)``: the except's ``result``
            # is another binding
        if self._empty_result(node, scope):
            return
        if helper:
            # the helper's other callers may read what it returns: no fix here
            self.report(
                node,
                f"Failure returned as a success ({report.shape.value}): {handler.name}() returns it as its result, "
                f"and {where} sends it with isError false; {self._remedy(framework)}",
            )
            return
        self.report(
            node,
            f"Failure returned as a success ({report.shape.value}): {where} sends it with isError false; "
            f"{self._remedy(framework)}",
            self._fix(node, report, scope),
        )

    def _answered_by(self, scope: ToolScope) -> Handler | None:
        """The handler whose tool returns a helper's outcome as it is, worked out once per function."""
        function = scope.function.node
        if function not in self._answered:
            self._answered[function] = self.context.index.answering_handler(scope, whole=True)
        return self._answered[function]

    def _reaches_success(self, value: cst.BaseExpression, node: cst.Return, scope: ToolScope) -> bool:
        """Whether the local a ``return`` sends (also through ``json.dumps``) has, where it is sent, a value that says
        it succeeded, whatever other bindings of the name say."""
        local = _sent_local(value)
        if local is None or scope.function.bindings(local.value) < 2:
            return False
        at = [*ancestors_within(self.context.ancestors, scope.function.node), node]
        reaching = scope.function.reaching(local.value, at)
        return reaching is not None and says_success(reaching)

    def _guarded(self, value: cst.BaseExpression, node: cst.Return, scope: ToolScope) -> bool:
        """Whether a local the returned value is built from was tested for an error key by an earlier ``if`` that
        returns or raises (``if "error" in orders: return [...]``, then ``return [TextContent(text=json.dumps(
        orders))]``): a helper's error outcome left there, and what is sent after it is a result."""
        if any(is_error_string(n) for n in nodes(value, prune=(cst.Lambda,))):
            return False  # the statement states a failure of its own
        names = {n.value for n in nodes(value, prune=(cst.Lambda,)) if isinstance(n, cst.Name)}
        names = {name for name in names if scope.function.bindings(name) > 0}
        if not names:
            return False
        path = [*ancestors_within(self.context.ancestors, scope.function.node), node]
        for block, statement in zip(path, path[1:]):
            body = getattr(block, "body", None)
            if not isinstance(body, Sequence) or statement not in body:
                continue
            for earlier in body[: list(body).index(statement)]:
                if (
                    isinstance(earlier, cst.If)
                    and leaves(earlier.body)
                    and any(_tests_error_key(earlier.test, name) for name in names)
                ):
                    return True
        return False

    def _remedy(self, framework: Framework) -> str:
        if framework is Framework.MCP_V1_LOWLEVEL:
            return "return CallToolResult(isError=True) (mcp>=1.19) or raise instead"
        return "raise ToolError(msg) instead"

    def _tested_for_error(self, name: str, scope: ToolScope) -> bool:
        """Whether an enclosing ``if`` tests the local for an error: ``x.get("error")``, ``"error" in x``, ``x["error"]``."""
        within = ancestors_within(self.context.ancestors, scope.function.node)
        for ancestor in within:
            if isinstance(ancestor, cst.If) and _tests_error_key(ancestor.test, name):
                return True
        return False

    def _error_builder(self, value: cst.BaseExpression, scope: ToolScope, module: cst.Module | None) -> bool:
        """Whether the helper a report comes from builds only error dicts or texts (``_err(...)``, ``format_error``),
        besides handing back what its caller gave it: a helper that also returns results, or a
        ``CallToolResult(isError=True)``, is no success-shaped report."""
        if isinstance(value, cst.Name):
            value = scope.function.assigned(value.value) or value
        if isinstance(value, cst.Await):
            value = value.expression
        if not isinstance(value, cst.Call):
            return False
        helper = self.context.index.callee(scope.function, value.func)
        if helper is None or not helper.returns:
            return False
        if given_failure_status(helper, value):
            return True  # ``format_response("error", {...})``: a builder of either, told to build a failure
        index = helper.module or self.context.index
        params = {p.name.value for p in (*helper.node.params.params, *helper.node.params.kwonly_params)}
        shapes = []
        for returned in helper.returns:
            root = returned
            while isinstance(root, cst.Attribute):
                root = root.value
            if isinstance(root, cst.Name) and root.value in params and helper.assigned(root.value) is None:
                continue  # ``if user_message: return user_message``, ``return error.payload``: the caller's own text
            found = failure_report(cst.Return(value=returned), index, helper)
            shapes.append(found.shape if found is not None else None)
        return bool(shapes) and all(shape in (Shape.ERROR_DICT, Shape.ERROR_STRING) for shape in shapes)

    def _in_except(self, scope: ToolScope) -> bool:
        within = ancestors_within(self.context.ancestors, scope.function.node)
        return any(isinstance(n, cst.ExceptHandler) for n in within[1:])

    def _in_failure_path(self, scope: ToolScope) -> bool:
        within = ancestors_within(self.context.ancestors, scope.function.node)
        return any(isinstance(n, (cst.ExceptHandler, cst.If, cst.Else, cst.MatchCase)) for n in within[1:])

    def _empty_result(self, node: cst.Return, scope: ToolScope) -> bool:
        """Whether MCP003 reports this statement as an empty result: that rule asks for the opposite fix."""
        function = scope.function.node
        reported = self._empty_results.get(function)
        if reported is None:
            reported = self._empty_results[function] = self._empty_result_reports(scope)
        return id(node) in reported

    def _empty_result_reports(self, scope: ToolScope) -> frozenset[int]:
        """The statements (by ``id``) that MCP003 reports in the scope's function, asked of it once per function.

        MCP003 decides a statement from the tests around and before it (an ``if rows: return rows`` earlier, an
        ``if errmsg:`` later), which the walk has not all visited when this rule meets a ``return``; a rule of its own
        walks the whole function here, as the engine would (nested functions, classes and lambdas are other scopes).
        """
        shadow = RuleContext(self.context.index, self.context.options)
        shadow.scope = scope
        rule = EmptyResultAsError(shadow)
        function = scope.function.node
        ancestors = self.context.ancestors
        outer = list(ancestors[: ancestors.index(function)]) if function in ancestors else []

        def enter(inner: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
            if path and isinstance(inner, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            visit = _MCP003_VISITS.get(type(inner))
            if visit is not None:
                shadow.ancestors = outer + path
                visit(rule, inner)
            return True

        walk_paths(function, enter)
        return frozenset(id(d.node) for d in shadow.diagnostics)

    def _check_call_tool_result(self, node: cst.Return, call: cst.Call, scope: ToolScope) -> None:
        flag = _keyword(call, "isError") or _keyword(call, "is_error")
        if flag is not None and is_true(flag.value):
            return  # an error result; whether the framework sends it as one is MCP006's and MCP008's concern
        if flag is not None and not is_false(flag.value):
            return  # a computed flag
        content = _keyword(call, "content")
        if content is None:
            return
        report = failure_report(cst.Return(value=content.value), self.context.index, scope.function)
        if report is None or report.shape is not Shape.ERROR_STRING:
            return
        result_of = scope.result_of
        if result_of is not None and result_of.is_dispatcher and mentions_unknown_tool(literal_text(content)):
            return
        if self._empty_result(node, scope):
            return
        self.report(
            node,
            "Failure returned as a success (CallToolResult with an error text and no isError=True); set isError=True",
            self._fix_flag(node, call, scope, flag),
        )

    def _fix_flag(self, node: cst.Return, call: cst.Call, scope: ToolScope, flag: cst.Arg | None) -> Fix | None:
        """``isError=True`` on the result, or ``raise ToolError(text)`` in fastmcp (2.x/3.x drop the result)."""
        if scope.framework is Framework.FASTMCP:
            content = _keyword(call, "content")
            message = message_node(content.value, self.context.index) if content is not None else None
            return self._raise_fix(node, message, scope) if message is not None else None
        new_flag = cst.Arg(
            keyword=cst.Name("isError"),
            value=cst.Name("True"),
            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")),
        )

        def transform(updated: cst.CSTNode) -> cst.CSTNode:
            assert isinstance(updated, cst.Call)
            args = list(updated.args)
            if flag is not None:
                at = next(i for i, a in enumerate(args) if a.keyword is not None and a.keyword.value in ("isError", "is_error"))
                args[at] = args[at].with_changes(keyword=cst.Name("isError"), value=cst.Name("True"))
            else:
                args.insert(0, new_flag.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))))
            return updated.with_changes(args=args)

        return Fix("Set isError=True on the result", Applicability.UNSAFE, [(call, transform)])

    def _fix(self, node: cst.Return, report: FailureReport, scope: ToolScope) -> Fix | None:
        if report.shape is Shape.HELPER or (not self._in_failure_path(scope) and _rebound(node, scope.function)):
            return None
        payload = report.payload
        if report.shape is Shape.ERROR_STRING:
            if isinstance(payload, (cst.List, cst.Tuple)) or _call_name(payload) in ("TextContent", "ToolResult"):
                payload = message_node(payload, self.context.index)
                if payload is None:
                    return None
            return self._raise_fix(node, payload, scope)
        index = self.context.index
        dumps_name = next((local for local, target in index.symbols.imports.items() if target == "json"), None)
        if index.symbols.resolve(payload.func) == "json.dumps" if isinstance(payload, cst.Call) else False:
            return self._raise_fix(node, payload, scope)
        imports: list[tuple[str, str | None]] = []
        if dumps_name is None:
            if "json" in index.symbols.imports or "json" in index.symbols.constants:
                return None
            dumps_name = "json"
            imports.append(("json", None))
        text = fill(f"{dumps_name}.dumps(__MSG__)", payload)
        return self._raise_fix(node, text, scope, imports)

    def _raise_fix(
        self, node: cst.Return, message: cst.BaseExpression, scope: ToolScope,
        imports: list[tuple[str, str | None]] | None = None,
    ) -> Fix | None:  # fmt: skip
        if scope.framework.is_lowlevel:
            # The replacement must hold on every release the pins allow: a returned CallToolResult(isError=True)
            # from mcp 1.19 on, else an exception, which every mcp v1 low-level Server sends as isError.
            within = ancestors_within(self.context.ancestors, scope.function.node)
            decision = tool_execution_error(message, self.context.index, scope, self.context.sdk, within)
            if not isinstance(decision, Replacement):
                return None
            return Fix(
                decision.title, Applicability.UNSAFE, [(node, lambda _: decision.statement)],
                [*(imports or []), *decision.imports],  # type: ignore[list-item]
            )  # fmt: skip
        named = tool_error_name(self.context.index, scope.framework)
        if named is None:
            return None
        name, tool_error_imports = named
        statement = cst.Raise(exc=cst.Call(func=cst.Name(name), args=[cst.Arg(message)]))
        return Fix(
            f"Raise {name}({'json.dumps(...)' if 'dumps' in code(message) else 'message'}) instead",
            Applicability.UNSAFE,
            [(node, lambda _: statement)],
            [*(imports or []), *tool_error_imports],  # type: ignore[list-item]
        )
