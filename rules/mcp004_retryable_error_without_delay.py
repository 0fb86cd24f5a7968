"""MCP004 retryable-error-without-delay."""

from __future__ import annotations

import re

import libcst as cst

from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import DUMP_METHODS
from mcp_lint.failures import CATEGORY_KEYS, DELAY_KEYS, RETRYABLE_KEYS, callee_name, is_false, is_true, payload_fields
from mcp_lint.fixes import quote_of
from mcp_lint.literals import string_value
from mcp_lint.rule import Rule
from mcp_lint.symbols import SymbolTable
from mcp_lint.traversal import own_nodes


def _fields(node: cst.CSTNode) -> dict[str, cst.BaseExpression] | None:
    """The fields of a payload node: a dict literal, ``dict(...)``, or a constructor call (capitalised callee)."""
    if isinstance(node, cst.Dict):
        return payload_fields(node)
    if isinstance(node, cst.Call):
        func = node.func
        name = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
        if name == "dict" or name[:1].isupper():
            return payload_fields(node)
    return None


def is_retryable(fields: dict[str, cst.BaseExpression]) -> bool:
    """Tell whether payload fields mark an error as retryable.

    Args:
        fields (dict[str, cst.BaseExpression]): the payload's fields.
    Returns:
        bool: True for ``isRetryable``/``is_retryable``/``retryable`` set to True, or a category key
        (``errorCategory``, ``error_category``, ``category``) equal to ``"transient"``; False whenever a
        retryable key is set to False.
    """
    if any(is_false(fields.get(key)) for key in RETRYABLE_KEYS):
        return False  # said outright: no retry, so no delay is owed, whatever the category
    if any(is_true(fields.get(key)) for key in RETRYABLE_KEYS):
        return True
    for key in CATEGORY_KEYS:
        value = fields.get(key)
        if string_value(value) == "transient":
            return True
    return False


def delay_key(fields: dict[str, cst.BaseExpression], keyword_payload: bool) -> str:
    """Name the delay key in the payload's own naming style.

    Args:
        fields (dict[str, cst.BaseExpression]): the payload's fields.
        keyword_payload (bool): whether the fields are keyword arguments, which default to snake_case.
    Returns:
        str: ``"retryAfterSeconds"`` for camelCase payloads, ``"retry_after_seconds"`` for snake_case ones.
    """
    camel = any(any(c.isupper() for c in key) and "_" not in key for key in fields)
    snake = any("_" in key for key in fields)
    if camel and not snake:
        return "retryAfterSeconds"
    if snake and not camel:
        return "retry_after_seconds"
    return "retry_after_seconds" if keyword_payload else "retryAfterSeconds"


def _wraps(call: cst.Call, symbols: SymbolTable) -> bool:
    """Whether a call carries its arguments into what it builds: ``json.dumps``, ``dict`` or a constructor (an
    exception, ``TextContent``, ``CallToolResult``, a response model). Other calls (``ctx.log``, ``logger.info``,
    a helper) do something else with them."""
    name = callee_name(call.func)
    if name == "dict" or (name or "")[:1].isupper():
        return True
    return symbols.resolve(call.func) == "json.dumps"


def _carries(expr: cst.BaseExpression | None, names: set[str], symbols: SymbolTable) -> bool:
    """Whether an expression carries one of the local ``names`` into what it builds (``[TextContent(text=json.dumps(
    payload))]``, ``{**payload, "tool": name}``, ``ToolError(payload)``)."""
    if expr is None:
        return False
    if isinstance(expr, cst.Name):
        return expr.value in names
    if isinstance(expr, cst.Dict):
        return any(_carries(e.value, names, symbols) for e in expr.elements)
    if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
        return any(_carries(e.value, names, symbols) for e in expr.elements)
    if isinstance(expr, cst.Await):
        return _carries(expr.expression, names, symbols)
    if isinstance(expr, cst.IfExp):
        return _carries(expr.body, names, symbols) or _carries(expr.orelse, names, symbols)
    if isinstance(expr, cst.BooleanOperation):
        return _carries(expr.left, names, symbols) or _carries(expr.right, names, symbols)
    if isinstance(expr, cst.Call):
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value in DUMP_METHODS and not expr.args:
            return _carries(func.value, names, symbols)
        return _wraps(expr, symbols) and any(_carries(a.value, names, symbols) for a in expr.args)
    return False


def _target_name(target: cst.BaseExpression) -> str | None:
    """The local a target stores into: ``payload`` for ``payload``, ``payload["error"]`` and ``payload.error``."""
    while isinstance(target, (cst.Subscript, cst.Attribute)):
        target = target.value
    return target.value if isinstance(target, cst.Name) else None


def _returned(function: cst.FunctionDef, name: str, symbols: SymbolTable) -> bool:
    """Whether a local reaches a ``return`` or ``raise`` of the function, directly or through other locals."""
    names = {name}
    statements = [n for n in own_nodes(function) if isinstance(n, (cst.Return, cst.Raise, cst.Assign, cst.AnnAssign))]
    changed = True
    while changed:
        changed = False
        for statement in statements:
            if isinstance(statement, cst.Return) and _carries(statement.value, names, symbols):
                return True
            if isinstance(statement, cst.Raise) and _carries(statement.exc, names, symbols):
                return True
            if isinstance(statement, (cst.Assign, cst.AnnAssign)) and _carries(statement.value, names, symbols):
                targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
                for target in targets:
                    local = _target_name(target)
                    if local is not None and local not in names:
                        names.add(local)
                        changed = True
    return False


_NO_SPACE_EQUAL = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))


def _append(node: cst.CSTNode, item: cst.DictElement | cst.Arg) -> cst.CSTNode:
    """Append an element to a dict literal or an argument to a call, in the layout the others have."""
    items = list(node.elements if isinstance(node, cst.Dict) else node.args)  # type: ignore[attr-defined]
    last = items[-1]
    if len(items) >= 2 and isinstance(items[-2].comma, cst.Comma):
        separator = items[-2].comma
    elif isinstance(last.comma, cst.Comma):
        # One element with a trailing comma: separate as the opening bracket does (often a newline).
        opening = node.lbrace.whitespace_after if isinstance(node, cst.Dict) else node.whitespace_before_args
        separator = cst.Comma(whitespace_after=opening)
    else:
        separator = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if isinstance(last.comma, cst.Comma):
        item = item.with_changes(comma=last.comma)
    if isinstance(last, cst.Arg):
        # The space before ``)`` belongs to the last argument: it moves to the new one.
        item = item.with_changes(whitespace_after_arg=last.whitespace_after_arg)
        last = last.with_changes(whitespace_after_arg=cst.SimpleWhitespace(""))
    items[-1] = last.with_changes(comma=separator)
    items.append(item)
    if isinstance(node, cst.Dict):
        return node.with_changes(elements=items)
    return node.with_changes(args=items)


class RetryableErrorWithoutDelay(Rule):
    """## What it does
    Finds structured error payloads in MCP modules that mark themselves retryable but give no retry delay.
    A payload is a dict literal, a `dict(...)` call or the keyword arguments of a constructor call, also
    inside `json.dumps(...)`. It is retryable when `isRetryable`, `is_retryable` or `retryable` is `True`,
    or when `errorCategory`, `error_category` or `category` is `"transient"` and no retryable key says
    `False`. The delay is a `retryAfterSeconds`, `retry_after_seconds` or `retry_after` key, in the payload
    or in a payload that encloses it.

    Only payloads that reach the client count: what a function (a tool, or a helper that builds errors)
    returns or raises, directly, through locals (`error = {...}; raise ToolError(json.dumps(error))`), or
    wrapped in a list, a dict, `json.dumps(...)`, `.model_dump()` or a constructor (`ToolError`,
    `TextContent`, `CallToolResult`, a response model); and named payloads of the module or a class
    (`RATE_LIMITED = {...}`), which tools return. Every function of an MCP module is checked, not only tool
    handlers.

    Payloads that carry a delay, non-retryable payloads (`isRetryable: False`, even in the category
    `"transient"`), payloads with `**` spreads (whose keys cannot be known), payloads that go elsewhere (a log
    notification's `data` in `await ctx.log(..., data={...})`, `logger.info(..., extra={...})`, a test's
    `assert result == {...}`, any other call's argument) and modules that import no MCP framework are not
    reported.

    ## Why is this bad?
    A retryable error without a delay makes the model retry at once, hammering a service that is already
    struggling (the structured-errors guide in References: `retryAfterSeconds` belongs with every error whose
    `isRetryable` is true). `retryAfterSeconds` is a convention of that guide, not a field of the MCP spec.

    ## Example
    ```python
    from fastmcp import FastMCP

    mcp = FastMCP("search")

    @mcp.tool()
    async def web_search(query: str) -> dict:
        try:
            return await search_api.query(query)
        except TimeoutError:
            return {"isError": True, "errorCategory": "transient", "isRetryable": True}
    ```

    ## Use instead
    ```python
    from fastmcp import FastMCP

    mcp = FastMCP("search")

    @mcp.tool()
    async def web_search(query: str) -> dict:
        try:
            return await search_api.query(query)
        except TimeoutError:
            return {"isError": True, "errorCategory": "transient", "isRetryable": True, "retryAfterSeconds": 30}
    ```

    ## Fix safety
    The fix adds the delay in the payload's own naming style: `"retryAfterSeconds"` for camelCase payloads,
    `"retry_after_seconds"` for snake_case ones (keyword arguments default to snake_case). The value is the
    option `retry-after-seconds` (default 30). It is safe for dict literals and `dict(...)`, which accept any
    key. For the keyword arguments of another constructor it is unsafe: the class may not accept the keyword.

    ## References
    - "Implement Structured Error Responses for MCP Tools", sections "Retryable vs Non-Retryable Error Design"
      and the anti-pattern of a transient error without `retryAfterSeconds`:
      https://learn.logeshclouduniverse.com/MasteringClaude/domain2_task2.html
    - Open eXecution Protocol, error schemas: https://openexecprotocol.org/spec-1.0/schemas/errors
    - MCP spec 2025-11-25, tools, "Error Handling" (tool execution errors, SEP-1303):
      https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    """

    code = "MCP004"
    name = "retryable-error-without-delay"
    summary = "A retryable error payload gives no retry delay"
    fix_applicability = Applicability.SAFE
    fix_always = True
    requires = re.compile(rb"(?i)retryable|transient")
    tool_context = False
    # A payload's retryable key or "transient" category is written in the body that builds it.
    reads_bodies = requires

    def _reported(self, node: cst.Dict | cst.Call) -> bool:
        """Whether a payload is what a function returns or raises (also through locals and wrapping), or a named
        module or class constant: not a log record's data, a test's expected value or any other call's argument."""
        symbols = self.context.index.symbols
        ancestors = self.context.ancestors
        child: cst.CSTNode = node
        for at in range(len(ancestors) - 1, -1, -1):
            parent = ancestors[at]
            if isinstance(parent, (cst.Return, cst.Raise)):
                return True
            if isinstance(parent, (cst.Assign, cst.AnnAssign)):
                if child is not parent.value:
                    return False
                targets = [t.target for t in parent.targets] if isinstance(parent, cst.Assign) else [parent.target]
                scope = next((a for a in reversed(ancestors[:at]) if isinstance(a, (cst.FunctionDef, cst.ClassDef))), None)
                if not isinstance(scope, cst.FunctionDef):
                    return True  # a named payload of the module or a class: a template the tools return
                locals_ = [_target_name(target) for target in targets]
                return any(local is not None and _returned(scope, local, symbols) for local in locals_)
            if isinstance(parent, cst.Arg):
                call = ancestors[at - 1] if at else None
                if not (isinstance(call, cst.Call) and _wraps(call, symbols)):
                    return False  # ctx.log(data=...), logger.info(extra=...), a helper's argument
            elif isinstance(parent, cst.Attribute):
                call = ancestors[at - 1] if at else None
                if not (
                    parent.attr.value in DUMP_METHODS and isinstance(call, cst.Call) and call.func is parent
                ):
                    return False
            elif isinstance(parent, (cst.DictElement, cst.StarredDictElement)):
                if child is not parent.value:
                    return False
            elif isinstance(parent, cst.IfExp):
                if child is parent.test:
                    return False
            elif not isinstance(
                parent, (cst.Dict, cst.List, cst.Tuple, cst.Set, cst.Element, cst.Call, cst.Await, cst.BooleanOperation)
            ):
                return False
            child = parent
        return False

    def _check(self, node: cst.Dict | cst.Call) -> None:
        fields = _fields(node)
        if not fields or not is_retryable(fields) or DELAY_KEYS & fields.keys():
            return
        for ancestor in self.context.ancestors:
            enclosing = _fields(ancestor)
            if enclosing and DELAY_KEYS & enclosing.keys():
                return
        if not self._reported(node):
            return
        key = delay_key(fields, isinstance(node, cst.Call))
        delay = self.context.options.retry_after_seconds
        addition = f"{key}={delay}" if isinstance(node, cst.Call) else f"{key!r}: {delay}"
        self.report(
            node,
            f"Retryable error payload without a retry delay; add {addition}",
            self._fix(node, key),
        )

    def _fix(self, node: cst.Dict | cst.Call, key: str) -> Fix:
        delay = cst.Integer(str(self.context.options.retry_after_seconds))
        if isinstance(node, cst.Dict):
            first_key = next((e.key for e in node.elements if isinstance(e, cst.DictElement)), None)
            q = quote_of(first_key) if first_key is not None else '"'
            return Fix(
                f"Add {key!r}: {delay.value}",
                Applicability.SAFE,
                [(node, lambda updated: _append(updated, cst.DictElement(cst.SimpleString(f"{q}{key}{q}"), delay)))],
            )
        constructor = not (isinstance(node.func, cst.Name) and node.func.value == "dict")
        return Fix(
            f"Add {key}={delay.value}",
            Applicability.UNSAFE if constructor else Applicability.SAFE,
            [(node, lambda updated: _append(updated, cst.Arg(delay, keyword=cst.Name(key), equal=_NO_SPACE_EQUAL)))],
        )


    def visit_Dict(self, node: cst.Dict) -> None:
        self._check(node)

    def visit_Call(self, node: cst.Call) -> None:
        self._check(node)
