"""Recognising the shapes in which a tool reports a failure, and the fields of structured error payloads.

Real servers rarely set ``isError=True``. A tool reports a failure by (seed 004, and the field notes in the
README): raising any exception; returning ``CallToolResult(isError=True, ...)`` or fastmcp's
``ToolResult(is_error=True)``; returning an error dict (``{"error": ...}``, ``{"isError": True}``,
``{"success": False}``, ``{"status": "error"}``) or a list of them; ``json.dumps`` of one; a string such as
``"Error: ..."`` or ``"Failed to ..."`` (also inside ``TextContent``); or the result of a same-module helper
that builds one of these.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

import libcst as cst

from mcp_lint.discovery import FunctionInfo, ModuleIndex
from mcp_lint.traversal import nodes

_MAX_DEPTH = 3

#: Leading words of a message that reports a failure.
ERROR_TEXT = re.compile(
    r"^\W*(error\b|errors?:|fail(ed|ure)?\b|could\s*n[o']t\b|unable to\b|can\s*n[o']t\b|"
    r"an? (unexpected |unknown |internal )?(error|exception|problem)\b|unexpected\b|something went wrong|"
    r"oops\b|sorry\b|internal (server )?error|exception\b"
    r"|\w+(\s+\w+)?\s+(failed|error|errored)\b)",
    re.IGNORECASE,
)

#: Keys that mark a payload as retryable when True.
RETRYABLE_KEYS = frozenset({"isRetryable", "is_retryable", "retryable"})
#: Keys that classify an error; the category "transient" means retryable.
CATEGORY_KEYS = frozenset({"errorCategory", "error_category", "category"})
#: Keys that give the retry delay.
DELAY_KEYS = frozenset({"retryAfterSeconds", "retry_after_seconds", "retry_after"})
#: Keys that classify an error (seed 004's errorCategory, and common spellings of it).
CLASSIFICATION_KEYS = CATEGORY_KEYS | frozenset({"error_type", "errorType", "error_code", "errorCode", "code", "type"})

_ERROR_STATUS = frozenset({"error", "failed", "failure", "fail"})


class Shape(enum.Enum):
    """How a statement reports a failure."""

    RAISE = "raised exception"
    CALL_TOOL_RESULT = "CallToolResult(isError=True)"
    ERROR_DICT = "error dict"
    ERROR_STRING = "error string"
    HELPER = "error-helper result"


@dataclass
class FailureReport:
    """A ``return`` or ``raise`` that reports a failure.

    Attributes:
        statement (cst.Return | cst.Raise): the statement.
        shape (Shape): how it reports the failure.
        payload (cst.BaseExpression): the returned or raised expression.
    """

    statement: cst.Return | cst.Raise
    shape: Shape
    payload: cst.BaseExpression


def literal_text(node: cst.CSTNode) -> str:
    """Join every string literal part inside a node.

    Args:
        node (cst.CSTNode): any node.
    Returns:
        str: the literal parts of its strings and f-strings, separated by spaces.
    """
    parts: list[str] = []
    for n in nodes(node):
        if isinstance(n, cst.SimpleString):
            value = n.evaluated_value
            parts.append(value if isinstance(value, str) else value.decode("latin-1"))
        elif isinstance(n, cst.FormattedStringText):
            parts.append(n.value)
    return " ".join(parts)


def string_prefix(expr: cst.BaseExpression) -> str | None:
    """Return the literal text a string expression starts with.

    Args:
        expr (cst.BaseExpression): a string, f-string, implicit concatenation, ``"..." + x`` or ``"...".format()``.
    Returns:
        str | None: the leading literal text ("" for an f-string that starts with a placeholder), or None when
        ``expr`` is not a string expression.
    """
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else value.decode("latin-1")
    if isinstance(expr, cst.FormattedString):
        first = expr.parts[0] if expr.parts else None
        return first.value if isinstance(first, cst.FormattedStringText) else ""
    if isinstance(expr, cst.ConcatenatedString):
        return string_prefix(expr.left)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Modulo)):
        return string_prefix(expr.left)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "format":
        return string_prefix(expr.func.value)
    return None


def is_error_string(expr: cst.BaseExpression) -> bool:
    """Tell whether an expression is a string that reports a failure (``"Error: ..."``, ``f"Failed to {x}"``).

    Args:
        expr (cst.BaseExpression): any expression.
    Returns:
        bool: True when it is a string expression whose leading text reads as a failure.
    """
    prefix = string_prefix(expr)
    return prefix is not None and ERROR_TEXT.match(prefix) is not None


def literal_key(element: cst.BaseDictElement) -> str | None:
    """Return the key of a dict element when it is a plain string literal.

    Args:
        element (cst.BaseDictElement): a dict literal element.
    Returns:
        str | None: the key, or None for ``**spread`` and computed keys.
    """
    if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
        value = element.key.evaluated_value
        return value if isinstance(value, str) else None
    return None


def payload_fields(expr: cst.BaseExpression) -> dict[str, cst.BaseExpression] | None:
    """Read the fields of a structured payload: a dict literal, a ``dict(...)`` call or a constructor's keywords.

    Args:
        expr (cst.BaseExpression): the expression.
    Returns:
        dict[str, cst.BaseExpression] | None: field name to value, or None when ``expr`` is no payload or has
        fields that cannot be known (``**spread``).
    """
    if isinstance(expr, cst.Dict):
        fields: dict[str, cst.BaseExpression] = {}
        for element in expr.elements:
            key = literal_key(element)
            if key is None:
                if isinstance(element, cst.StarredDictElement):
                    return None
                continue
            fields[key] = element.value  # type: ignore[union-attr]
        return fields
    if isinstance(expr, cst.Call):
        if any(arg.star for arg in expr.args):
            return None
        keywords = {arg.keyword.value: arg.value for arg in expr.args if arg.keyword is not None}
        return keywords or None
    return None


def is_true(expr: cst.BaseExpression | None) -> bool:
    """bool: whether ``expr`` is the literal ``True``."""
    return isinstance(expr, cst.Name) and expr.value == "True"


def is_false(expr: cst.BaseExpression | None) -> bool:
    """bool: whether ``expr`` is the literal ``False``."""
    return isinstance(expr, cst.Name) and expr.value == "False"


def _string_value(expr: cst.BaseExpression | None) -> str | None:
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _callee_name(func: cst.BaseExpression) -> str | None:
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return None


class _Shapes:
    """Classifies expressions into failure shapes, following locals and same-module helpers."""

    def __init__(self, index: ModuleIndex) -> None:
        self.index = index

    def is_error_dict(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Call) and not (isinstance(expr.func, cst.Name) and expr.func.value == "dict"):
            return False
        fields = payload_fields(expr)
        if not fields:
            return False
        if "error" in fields and not (
            isinstance(fields["error"], cst.Name) and fields["error"].value in ("None", "False")
        ):
            return True
        if is_true(fields.get("isError")) or is_true(fields.get("is_error")):
            return True
        if is_false(fields.get("success")) or is_false(fields.get("ok")):
            return True
        status = _string_value(fields.get("status"))
        return status is not None and status.lower() in _ERROR_STATUS

    def shape(self, expr: cst.BaseExpression | None, function: FunctionInfo | None, depth: int = 0) -> Shape | None:
        if expr is None or depth > _MAX_DEPTH:
            return None
        if isinstance(expr, cst.Await):
            return self.shape(expr.expression, function, depth)
        if isinstance(expr, cst.Name) and function is not None:
            value = function.assigned(expr.value)
            return self.shape(value, function, depth + 1) if value is not None else None
        if is_error_string(expr):
            return Shape.ERROR_STRING
        if self.is_error_dict(expr):
            return Shape.ERROR_DICT
        if isinstance(expr, (cst.List, cst.Tuple)):
            for element in expr.elements:
                found = self.shape(element.value, function, depth + 1)
                if found is not None:
                    return found
            return None
        if not isinstance(expr, cst.Call):
            return None
        name = _callee_name(expr.func)
        if name in ("CallToolResult", "ToolResult"):
            fields = payload_fields(expr) or {}
            return Shape.CALL_TOOL_RESULT if is_true(fields.get("isError")) or is_true(fields.get("is_error")) else None
        if name == "TextContent":
            text = (payload_fields(expr) or {}).get("text")
            return Shape.ERROR_STRING if text is not None and self.shape(text, function, depth + 1) else None
        module = function.module if function is not None and function.module is not None else self.index
        if module.symbols.resolve(expr.func) in ("json.dumps", "json.dump"):
            first = next((a.value for a in expr.args if a.keyword is None), None)
            return self.shape(first, function, depth + 1)
        helper = self.index.callee(function, expr.func)
        if helper is not None:
            for value in helper.returns:
                if self.shape(value, helper, depth + 1) is not None:
                    return Shape.HELPER
        return None


def failure_report(
    statement: cst.Return | cst.Raise, index: ModuleIndex, function: FunctionInfo | None
) -> FailureReport | None:
    """Tell whether a ``return`` or ``raise`` reports a failure, and how.

    A bare ``raise`` is a re-raise, not a report.

    Args:
        statement (cst.Return | cst.Raise): the statement.
        index (ModuleIndex): the module's discovery result, for helpers.
        function (FunctionInfo | None): the function the statement is in.
    Returns:
        FailureReport | None: the report, or None when the statement reports no failure.
    """
    if isinstance(statement, cst.Raise):
        if statement.exc is None:
            return None
        return FailureReport(statement, Shape.RAISE, statement.exc)
    if statement.value is None:
        return None
    shape = _Shapes(index).shape(statement.value, function)
    return FailureReport(statement, shape, statement.value) if shape is not None else None


#: Fields that hold an error payload's message, in the order they are looked for.
MESSAGE_KEYS = ("error", "message", "description", "detail", "details", "msg", "error_message", "errorMessage")


def message_node(payload: cst.BaseExpression, index: ModuleIndex) -> cst.BaseExpression | None:
    """Find the expression that holds a failure report's message.

    Args:
        payload (cst.BaseExpression): a raised exception, an error dict or string, ``json.dumps(...)``, a list of
            these, ``TextContent(text=...)`` or ``CallToolResult(content=[...])``.
        index (ModuleIndex): the module's discovery result, to recognise ``json.dumps``.
    Returns:
        cst.BaseExpression | None: a string, f-string or name holding the message, or None when there is none
        to find (a same-module helper call, an exception raised without arguments).
    """
    if isinstance(payload, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString, cst.Name)):
        return payload
    if isinstance(payload, cst.BinaryOperation) and string_prefix(payload) is not None:
        return payload
    if isinstance(payload, (cst.List, cst.Tuple)):
        return message_node(payload.elements[0].value, index) if payload.elements else None
    fields = payload_fields(payload)
    if isinstance(payload, cst.Dict) or (isinstance(payload, cst.Call) and _callee_name(payload.func) == "dict"):
        for key in MESSAGE_KEYS:
            if fields and key in fields:
                return message_node(fields[key], index)
        return None
    if not isinstance(payload, cst.Call):
        return None
    name = _callee_name(payload.func)
    if index.symbols.resolve(payload.func) == "json.dumps" and payload.args:
        return message_node(payload.args[0].value, index)
    if name == "TextContent":
        text = (fields or {}).get("text")
        return message_node(text, index) if text is not None else None
    if name in ("CallToolResult", "ToolResult"):
        content = (fields or {}).get("content")
        return message_node(content, index) if content is not None else None
    if index.callee(None, payload.func) is not None:
        return None  # a same-module helper: its arguments are not known to be the message
    positional = [a.value for a in payload.args if a.keyword is None and not a.star]
    if positional:
        return message_node(positional[0], index)
    return (fields or {}).get("message")
