"""MCP003 empty-result-as-error."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import FunctionInfo, ToolScope
from mcp_lint.failures import failure_report, is_error_string, literal_text, message_node
from mcp_lint.fixes import call_tool_result, fill, quote_of
from mcp_lint.rule import Rule, RuleContext
from mcp_lint.traversal import nodes, own_nodes

# Names of configuration, credentials, clients and connections: not the tool's result.
_SETUP_NAME = re.compile(
    r"(api_?key|token|secret|credential|passw|auth|client|conn|session|config|settings|cfg|env|"
    r"engine|driver|pool|cursor|endpoint|host|url|^db$|database|service|manager|provider|handler|registry|"
    r"bridge|adapter|backend|gateway|socket|channel)",
    re.IGNORECASE,
)
# Where configuration comes from.
_SETUP_SOURCE = re.compile(r"(getenv|environ|config|settings|secret|credential)", re.IGNORECASE)
# Boolean flags: a falsy flag is a negative answer, not an empty result.
_FLAG = re.compile(
    r"(^(is|has|can|should|was)_|success|succeeded|^ok$|valid|verified|enabled|allowed|authori[sz]ed|permitted|"
    r"exists|ready|done|complete|status|healthy|passed)",
    re.IGNORECASE,
)
# Pure transformations of the tool's arguments (parsing them is input validation, not the tool's work).
_TRANSFORM = re.compile(
    r"(parse|load|split|valid|normali[sz]|convert|decode|extract|strip|clean|format|expand|compile|match)", re.IGNORECASE
)
# What a report of an operation that failed says ("Failed to create X: no ARN returned").
_FAILURE = re.compile(r"\bfail(s|ed|ure)?\b", re.IGNORECASE)
# What a report about an empty result says.
_ABSENCE = re.compile(
    r"\b(not found|n[o']t exist|no such|nothing|empty|none (found|matched|available)|"
    r"no (\w+ ){0,2}(found|matched|returned|available|exists?)|"
    r"no (results?|matches|records|data|items|rows|entries|hits|keys|files)\b|"
    r"(could not|couldn't|unable to|cannot|can't) (find|locate)|(0|zero) (results|matches|rows|records))",
    re.IGNORECASE,
)


def _is_flag(expr: cst.BaseExpression) -> bool:
    """Whether the tested value is a boolean flag: ``r["is_valid"]``, ``r.success``, ``r.get("ok")``, ``success``."""
    if isinstance(expr, cst.Name):
        return _FLAG.search(expr.value) is not None
    if isinstance(expr, cst.Attribute):
        return _FLAG.search(expr.attr.value) is not None
    key: cst.BaseExpression | None = None
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
        key = expr.slice[0].slice.value
    elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get" and expr.args:
        key = expr.args[0].value
    return isinstance(key, cst.SimpleString) and _FLAG.search(str(key.evaluated_value)) is not None


def _root_name(expr: cst.BaseExpression) -> str | None:
    while True:
        if isinstance(expr, cst.Name):
            return expr.value
        if isinstance(expr, cst.NamedExpr):
            expr = expr.target
        elif isinstance(expr, cst.Attribute):
            expr = expr.value
        elif isinstance(expr, cst.Subscript):
            expr = expr.value
        elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get":
            expr = expr.func.value
        else:
            return None


def _is_len(expr: cst.BaseExpression) -> cst.BaseExpression | None:
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "len" and expr.args:
        return expr.args[0].value
    return None


def _is_empty_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, (cst.List, cst.Dict, cst.Tuple, cst.Set)) and not expr.elements:
        return True
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value in ("", b"")
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("list", "dict") and not expr.args


def emptiness_subjects(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """Return the values a condition tests for emptiness or absence.

    Recognised: ``not x``, ``x is None``, ``len(x) == 0`` (and ``< 1``), ``not len(x)``, ``x == []``/``{}``/``""``,
    ``not x.get("items")``, and ``or``/``and`` combinations of these (so ``"k" not in r or not r["k"]`` tests ``r``).

    Args:
        test (cst.BaseExpression): an ``if`` condition.
    Returns:
        list[cst.BaseExpression]: the tested values.
    """
    if isinstance(test, cst.BooleanOperation):
        return emptiness_subjects(test.left) + emptiness_subjects(test.right)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = test.expression
        return [_is_len(inner) or inner]
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        left, (comp,) = test.left, test.comparisons
        op, right = comp.operator, comp.comparator
        if isinstance(op, cst.Is) and isinstance(right, cst.Name) and right.value == "None":
            return [left]
        subject = _is_len(left)
        if subject is not None and isinstance(right, cst.Integer):
            value = right.evaluated_value
            if (isinstance(op, cst.Equal) and value == 0) or (isinstance(op, cst.LessThan) and value == 1) or (
                isinstance(op, cst.LessThanEqual) and value == 0
            ):
                return [subject]
        if isinstance(op, cst.Equal) and _is_empty_literal(right):
            return [left]
    return []


def result_names(function: FunctionInfo) -> set[str]:
    """Return the local names a function only ever assigns from its own calls, awaits or subscripts.

    Args:
        function (FunctionInfo): the function.
    Returns:
        set[str]: names such as ``rows`` in ``rows = await db.fetch(q)``; parameters, configuration and
        client names (``api_key``, ``client``, ``session``) are excluded.
    """
    results: set[str] = set()
    others: set[str] = set()

    def bind(target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        names = [target] if isinstance(target, cst.Name) else []
        if isinstance(target, (cst.Tuple, cst.List)):
            names = [e.value for e in target.elements if isinstance(e.value, cst.Name)]
        is_result = isinstance(value, (cst.Call, cst.Await, cst.Subscript))
        if is_result and value is not None:
            source = cst.Module([]).code_for_node(value).split("(", 1)[0]
            is_result = _SETUP_SOURCE.search(source) is None
            if isinstance(value, cst.Call) and _TRANSFORM.search(source.rsplit(".", 1)[-1]):
                is_result = False
        for name in names:
            if is_result and _SETUP_NAME.search(name.value) is None:
                results.add(name.value)
            else:
                others.add(name.value)

    for node in own_nodes(function.node):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                bind(target.target, node.value)
        elif isinstance(node, (cst.AnnAssign, cst.NamedExpr)):
            bind(node.target, node.value)
        elif isinstance(node, cst.For):
            bind(node.target, None)
    params = function.node.params
    return results - others - {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}


_KINDS = {"str": "str", "dict": "dict", "Dict": "dict", "Mapping": "dict", "list": "list", "List": "list", "Sequence": "list"}


def _kind_of_value(value: cst.BaseExpression) -> str | None:
    if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return "str"
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return "dict"
    if isinstance(value, (cst.List, cst.ListComp)):
        return "list"
    return None


def _return_kind(function: FunctionInfo, failing: cst.CSTNode) -> str | None:
    """What the tool returns, "str", "dict" or "list": from its annotation, else from its other returns."""
    if function.node.returns is not None:
        annotation = function.node.returns.annotation
        if isinstance(annotation, cst.Subscript):
            annotation = annotation.value
        name = annotation.attr.value if isinstance(annotation, cst.Attribute) else getattr(annotation, "value", None)
        return _KINDS.get(name) if isinstance(name, str) else None
    kinds = {_kind_of_value(value) for value in function.returns if value is not getattr(failing, "value", None)}
    return kinds.pop() if len(kinds) == 1 else None


def _strip_error_prefix(message: cst.BaseExpression) -> cst.BaseExpression | None:
    """Drop a leading ``"Error: "`` from a string message, so that plain text reads as the answer it is."""
    if not isinstance(message, cst.SimpleString) or "b" in message.prefix.lower():
        return message
    text = message.raw_value
    stripped = re.sub(r"^\s*(error|errors|failure)\s*:\s*", "", text, flags=re.IGNORECASE)
    if stripped == text:
        return message
    return cst.SimpleString(f"{message.prefix}{message.quote}{stripped[:1].upper()}{stripped[1:]}{message.quote}")


class EmptyResultAsError(Rule):
    """## What it does
    Finds a branch, in a tool handler or a helper it reaches, that is taken when the tool's own result is
    empty or absent and then reports a failure, in any shape: a raised exception, `CallToolResult(isError=True)`,
    an error dict, `json.dumps` of one, an `"Error: ..."` string, or a same-module error helper. The condition
    tests emptiness (`not x`, `x is None`, `len(x) == 0`, `x == []`, `not x.get("items")`,
    `"k" not in r or not r["k"]`) of a value the function got from a call, an await or a subscript.

    Emptiness checks on tool arguments (input validation), on configuration, credentials, clients and
    connections (`if not api_key`, `if client is None`), and on anything else the handler did not get from its
    own work are not reported.

    ## Why is this bad?
    A query that finds nothing has succeeded. Reported as an error, it sends the model into error recovery:
    it retries, escalates or gives up on a question that has a perfectly good answer, "there is none"
    (seed 004, "Distinguishing Empty Results from Access Failures" and "Treating Empty as Error"). Return a
    successful empty result instead: `{"found": False, "message": ...}`, an empty list, or plain text with
    `isError` false.

    ## Example
    ```python
    from fastmcp import FastMCP
    from fastmcp.exceptions import ToolError

    mcp = FastMCP("orders")

    @mcp.tool()
    async def recent_orders(customer_id: str) -> dict:
        orders = await order_db.search(customer_id=customer_id, days=90)
        if not orders:
            raise ToolError(f"No orders found for {customer_id}")
        return {"found": True, "orders": orders}
    ```

    ## Use instead
    ```python
    from fastmcp import FastMCP

    mcp = FastMCP("orders")

    @mcp.tool()
    async def recent_orders(customer_id: str) -> dict:
        orders = await order_db.search(customer_id=customer_id, days=90)
        if not orders:
            return {"found": False, "message": f"No orders found for {customer_id}"}
        return {"found": True, "orders": orders}
    ```

    ## Fix safety
    The fix is unsafe, because it changes control flow: the tool no longer fails. It turns the report into a
    successful empty result that keeps the message, in the shape the tool returns:
    - a tool annotated `-> str`, or evidently returning strings: the message text (a leading `"Error: "` is
      dropped);
    - `-> dict`: `{"found": False, "message": ...}`;
    - `-> list`: `[]`;
    - a low-level handler: `CallToolResult(content=[TextContent(type="text", text=...)])`, without `isError`.

    Where the return type cannot be told, or the report is in a helper rather than the handler's own body,
    there is no fix.

    ## References
    - `shared/seeds/004`: "Distinguishing Empty Results from Access Failures", "Treating Empty as Error".
    - MCP spec 2025-11-25, tool execution errors are for failures (SEP-1303, `shared/seeds/000`).
    """

    code = "MCP003"
    name = "empty-result-as-error"
    summary = "An empty or absent result is reported as a failure"
    fix_applicability = Applicability.UNSAFE
    requires = re.compile(_ABSENCE.pattern.encode(), re.IGNORECASE)

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        self._results: dict[cst.FunctionDef, set[str]] = {}

    def visit_If(self, node: cst.If) -> None:
        scope = self.context.scope
        if scope is None:
            return
        subjects = emptiness_subjects(node.test)
        if not subjects:
            return
        results = self._results.get(scope.function.node)
        if results is None:
            results = self._results[scope.function.node] = result_names(scope.function)
        if not any(_root_name(subject) in results and not _is_flag(subject) for subject in subjects):
            return
        for statement in node.body.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if isinstance(small, (cst.Return, cst.Raise)):
                    report = failure_report(small, self.context.index, scope.function)
                    text = self._message_text(report.payload, scope.function) if report is not None else ""
                    if report is not None and _ABSENCE.search(text) and not _FAILURE.search(text):
                        self.report(
                            small,
                            f"Empty result reported as a failure ({report.shape.value}): finding nothing is a "
                            "successful answer; return {'found': False, 'message': ...}, an empty list or plain text "
                            "with isError false",
                            self._fix(small, report.payload, scope),
                        )

    def _fix(self, statement: cst.Return | cst.Raise, payload: cst.BaseExpression, scope: ToolScope) -> Fix | None:
        handler = scope.handler
        message = message_node(payload, self.context.index)
        if handler is None or message is None:
            return None  # only a handler's own return value is known to reach the client
        imports: list[tuple[str, str]] = []
        kind = "lowlevel" if handler.framework.is_lowlevel else _return_kind(handler.function, statement)
        if kind == "lowlevel":
            text = _strip_error_prefix(message)
            value, imports = call_tool_result(text if text is not None else message, is_error=False)
        elif kind == "dict":
            q = quote_of(message)
            value = fill(f"{{{q}found{q}: False, {q}message{q}: __MSG__}}", message)
        elif kind == "list":
            value = cst.List([])
        elif kind == "str":
            value = _strip_error_prefix(message)
            if value is None or is_error_string(value):
                return None
        else:
            return None
        return Fix(
            "Return a successful empty result that keeps the message",
            Applicability.UNSAFE,
            [(statement, lambda _: cst.Return(value=value))],
            imports,
        )

    def _message_text(self, payload: cst.BaseExpression, function: FunctionInfo) -> str:
        """The literal text of a report, following local variables that hold its message."""
        text = [literal_text(payload)]
        for node in nodes(payload):
            if isinstance(node, cst.Name):
                value = function.assigned(node.value)
                if value is not None:
                    text.append(literal_text(value))
        return " ".join(text)
