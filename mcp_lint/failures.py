"""Recognising the shapes in which a tool reports a failure, and the fields of structured error payloads.

Real servers rarely set ``isError=True``. A tool reports a failure by (the structured-errors guide that
MCP002's References name, and the field notes in the README): raising any exception; returning ``CallToolResult(isError=True, ...)`` or fastmcp's
``ToolResult(is_error=True)``; returning an error dict (``{"error": ...}``, ``{"isError": True}``,
``{"success": False}``, ``{"status": "error"}``), also nested one level in an envelope
(``{"result": {"error": ...}}``), or a list of them; ``json.dumps`` of one; a string such as ``"Error: ..."`` or
``"Failed to ..."`` (also inside ``TextContent``); an error-response model (``ErrorResponse(message=...)``, also
dumped with ``.model_dump()``); or the result of a same-module helper that builds one of these. Wrapping costs
nothing: only following a local name or a helper counts against the depth limit.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst
from libcst.helpers import get_full_name_for_node

from mcp_lint.discovery import DUMP_METHODS, FunctionInfo, ModuleIndex
from mcp_lint.frameworks import BROAD_EXCEPTIONS, BUILTIN_BROAD_EXCEPTIONS, LIBRARY_CATCH_ALLS
from mcp_lint.literals import literal_value, string_value
from mcp_lint.traversal import nodes, value_names

_MAX_DEPTH = 3

#: Leading words of a message that reports a failure.
ERROR_TEXT = re.compile(
    r"^\W*(error\b|errors?:|fail(ed|ure)?\b|could\s*n[o']t\b|unable to\b|can\s*n[o']t\b|"
    r"an? (unexpected |unknown |internal )?(error|exception|problem)\b|unexpected\b|something went wrong|"
    r"oops\b|sorry\b|internal (server )?error|exception\b"
    r"|\w+(\s+\w+)?\s+(failed|error|errored)\b)",
    re.IGNORECASE,
)

#: "Not found" in German, French, Spanish and Portuguese ("nicht gefunden", "introuvable", "no encontrado").
TRANSLATED_NOT_FOUND = r"nicht gefunden|existiert nicht|introuvable|no encontrad[oa]|n[ãa]o encontrad[oa]"

#: What a report of an empty result says ("No results found", "not found", "nothing matched").
ABSENCE = re.compile(
    r"\b(not found|n[o']t exist|no such|nothing|(?<!non-)(?<!non )empty|none (found|matched|available)|"
    r"none (of them |of these )?(were|are) (valid|found|available|matching)|"
    r"no ([\w-]+ ){0,4}(found|match(es|ed|ing)?|returned|available|detected|exists?)\b|"
    r"no ([\w-]+ ){0,3}(results?|matches|records|data|items|rows|entries|hits|keys|files|history|quotes?|"
    r"documents|values)\b|"
    r"\bunknown (?!error|exception|failure|problem|issue)[\w-]+|"
    r"(could not|couldn't|unable to|cannot|can't) (find|locate)|(0|zero) (results|matches|rows|records)|"
    # the same in German, French, Spanish and Portuguese
    + TRANSLATED_NOT_FOUND
    + r"|keine? ([\w-]+ ){0,3}gefunden|(non|pas) trouv[ée]|aucun(e)? ([\w-]+ ){0,3}trouv[ée]|no existe|n[ãa]o existe)",
    re.IGNORECASE,
)

# Locals named as the text of an error: ``error_msg``, ``err_message``, ``error_text``.
_ERROR_NAME = re.compile(r"^_*(err|error)_?(msg|message|text|str|string)$", re.IGNORECASE)

#: Keys that mark a payload as retryable when True.
RETRYABLE_KEYS = frozenset({"isRetryable", "is_retryable", "retryable"})
#: Keys that classify an error; the category "transient" means retryable.
CATEGORY_KEYS = frozenset({"errorCategory", "error_category", "category"})
#: Keys that give the retry delay.
DELAY_KEYS = frozenset({"retryAfterSeconds", "retry_after_seconds", "retry_after"})
#: Keys that classify an error (the structured-errors guide's errorCategory, and common spellings of it).
CLASSIFICATION_KEYS = CATEGORY_KEYS | frozenset({"error_type", "errorType", "error_code", "errorCode", "code", "type"})

#: The values of a ``status`` key that mark a failure report.
ERROR_STATUS = frozenset({"error", "failed", "failure", "fail"})


class Shape(enum.Enum):
    """How a statement reports a failure."""

    RAISE = "raised exception"
    CALL_TOOL_RESULT = "CallToolResult(isError=True)"
    ERROR_DICT = "error dict"
    ERROR_STRING = "error string"
    ERROR_MODEL = "error-response model"
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
            value = literal_value(n)
            parts.append(value if isinstance(value, str) else value.decode("latin-1"))
        elif isinstance(n, cst.FormattedStringText):
            parts.append(n.value)
    return " ".join(parts)


def report_text(payload: cst.BaseExpression, function: FunctionInfo, statement: cst.CSTNode | None = None) -> str:
    """Join the literal text of a report and of the local variables it is built from.

    Args:
        payload (cst.BaseExpression): a returned or raised expression.
        function (FunctionInfo): the function it is in, for its local assignments.
        statement (cst.CSTNode | None): the ``return`` or ``raise`` that sends it: a local bound more than once is
            read from the binding that reaches it (``error_msg = "... not found"`` before this ``raise``, not the
            ``error_msg = "... returned no rows"`` of a later branch); the last binding when None.
    Returns:
        str: the literal parts, separated by spaces.
    """
    text = [literal_text(payload)]
    path: list[cst.CSTNode] | None = None
    for name in value_names(payload)[0]:  # not ``error_message=`` nor ``e.response_data``: no locals
        if statement is not None and path is None and function.bindings(name) > 1:
            path = function.path_to(statement) or []
        value = function.reaching(name, path) if path else function.assigned(name)
        if value is not None:
            text.append(literal_text(value))
    return " ".join(text)


def string_prefix(expr: cst.BaseExpression) -> str | None:
    """Return the literal text a string expression starts with.

    Args:
        expr (cst.BaseExpression): a string, f-string, implicit concatenation, ``"..." + x`` or ``"...".format()``.
    Returns:
        str | None: the leading literal text ("" for an f-string that starts with a placeholder, unless a colon
        follows it: ``f"{label}: unable to ..."`` gives ``": unable to ..."``), or None when ``expr`` is not a string
        expression.
    """
    if isinstance(expr, cst.SimpleString):
        value = literal_value(expr)
        return value if isinstance(value, str) else value.decode("latin-1")
    if isinstance(expr, cst.FormattedString):
        first = expr.parts[0] if expr.parts else None
        if isinstance(first, cst.FormattedStringText):
            return first.value
        second = expr.parts[1] if len(expr.parts) > 1 else None
        if isinstance(second, cst.FormattedStringText) and second.value.lstrip().startswith(":"):
            return second.value  # ``f"{label}: unable to fetch"``: a subject, then what happened to it
        return ""
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
    return string_value(element.key) if isinstance(element, cst.DictElement) else None


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


#: A model's own method that serialises it, besides pydantic's (``DUMP_METHODS``): ``response.to_slim_dict()``,
#: ``as_json()``, ``serialize()``.
_SERIALISER_METHOD = re.compile(r"^_*(to|as)_\w*(dict|json)\w*$|^_*serial[iy][sz]e")


def is_true(expr: cst.BaseExpression | None) -> bool:
    """bool: whether ``expr`` is the literal ``True``."""
    return isinstance(expr, cst.Name) and expr.value == "True"


def is_false(expr: cst.BaseExpression | None) -> bool:
    """bool: whether ``expr`` is the literal ``False``."""
    return isinstance(expr, cst.Name) and expr.value == "False"


def callee_name(func: cst.BaseExpression) -> str | None:
    """Return the last name of a callee: ``f`` for ``f(...)``, ``m`` for ``obj.m(...)``.

    Args:
        func (cst.BaseExpression): the callee expression.
    Returns:
        str | None: the name, or None for a callee that is neither a name nor an attribute.
    """
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return None


#: Class names that say "error response": ``ErrorResponse``, ``ToolErrorResponse``, ``ErrorResult``.
_ERROR_MODEL_NAME = re.compile(r"^_*(\w*Error\w*Response|\w*ErrorResult)$")
# Fields of a result model that carry the text of a failure (set to a string, the result is a failure report).
_ERROR_FIELDS = frozenset({"error", "error_message", "errorMessage", "error_msg", "error_text"})


def _field_default(value: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """The default a class field declares: the value itself, or ``Field(default)``/``Field(default=...)``."""
    if isinstance(value, cst.Call) and callee_name(value.func) == "Field":
        for arg in value.args:
            if arg.keyword is None and not arg.star:
                return arg.value
            if arg.keyword is not None and arg.keyword.value == "default":
                return arg.value
        return None
    return value


def _says_error(fields: dict[str, cst.BaseExpression | None]) -> bool | None:
    """Whether status-like fields say "error": True, False when they say otherwise, None when there are none."""
    verdict: bool | None = None
    for key, value in fields.items():
        if key == "status":
            status = string_value(value)
            if status is not None:
                if status.lower() in ERROR_STATUS:
                    return True
                verdict = False
        elif key in ("type", "result") and (string_value(value) or "").lower() in ERROR_STATUS:
            # ``{"type": "error", "message": ...}``; ``{"result": "error", "msg": ...}``, the answer of Zulip's API
            return True
        elif key == "result" and (string_value(value) or "").lower() in ("success", "ok"):
            verdict = False
        elif key in ("success", "ok") and (is_true(value) or is_false(value)):
            if is_false(value):
                return True
            verdict = False
        elif key in ("isError", "is_error") and (is_true(value) or is_false(value)):
            if is_true(value):
                return True
            verdict = False
    return verdict


def _class_fields(body: cst.BaseSuite) -> dict[str, cst.BaseExpression | None]:
    """The fields a class body declares (``name: T = default`` or ``name = default``), with their defaults."""
    found: dict[str, cst.BaseExpression | None] = {}
    if not isinstance(body, cst.IndentedBlock):
        return found
    for line in body.body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                found[small.target.value] = _field_default(small.value)
            elif isinstance(small, cst.Assign):
                for target in small.targets:
                    if isinstance(target.target, cst.Name):
                        found[target.target.value] = _field_default(small.value)
    return found


def _error_models(module: cst.Module) -> dict[str, bool | None]:
    """Top-level classes of a module: True when their defaults say "error", False when they say otherwise, None
    when they have no status-like field (then their name decides). Fields are inherited from same-module bases."""
    classes = {c.name.value: c for c in module.body if isinstance(c, cst.ClassDef)}
    verdicts: dict[str, bool | None] = {}

    def verdict(name: str, seen: frozenset[str]) -> bool | None:
        if name in verdicts:
            return verdicts[name]
        node = classes[name]
        own = _says_error(_class_fields(node.body))
        if own is None:
            for base in node.bases:
                if isinstance(base.value, cst.Name) and base.value.value in classes and base.value.value not in seen:
                    own = verdict(base.value.value, seen | {name})
                    if own is not None:
                        break
        verdicts[name] = own
        return own

    for name in classes:
        verdict(name, frozenset({name}))
    return verdicts


_models_cache: tuple[cst.Module, dict[str, bool | None]] | None = None


def _models_of(module: cst.Module | None) -> dict[str, bool | None] | None:
    """The module's classes and what their defaults say, computed once per module."""
    global _models_cache
    if module is None:
        return None
    cached = _models_cache
    if cached is not None and cached[0] is module:
        return cached[1]
    models = _error_models(module)
    _models_cache = (module, models)
    return models


def _sdk_result(func: cst.BaseExpression, module: ModuleIndex) -> bool:
    """Whether ``ToolResult(...)`` is fastmcp's (or the SDK's), not a project's own result class of that name
    (``ToolResult(success=False, error=...)``, a dataclass of the project): imported from ``fastmcp`` or ``mcp``,
    or neither imported nor defined in the module."""
    qualified = module.symbols.resolve(func)
    if qualified is not None:
        return qualified.split(".", 1)[0] in ("fastmcp", "mcp")
    return callee_name(func) not in module.classes


class _Shapes:
    """Classifies expressions into failure shapes, following locals and same-module helpers.

    Wrapping (lists, ``TextContent``, ``json.dumps``, ``await``, a model's ``.model_dump()``) costs no depth: only
    following a local name or a helper's returns does, up to ``_MAX_DEPTH`` steps.
    """

    def __init__(
        self, index: ModuleIndex, module: cst.Module | None = None, at: Sequence[cst.CSTNode] | None = None,
        at_function: FunctionInfo | None = None,
    ) -> None:  # fmt: skip
        self.index = index
        self.models = _models_of(module)
        # The path to the statement that sends the value, in ``at_function``: a local bound more than once has the
        # value of the binding that reaches it there.
        self.at = at
        self.at_function = at_function

    def is_error_dict(self, expr: cst.BaseExpression, nested: bool = True) -> bool:
        if isinstance(expr, cst.Call) and not (isinstance(expr.func, cst.Name) and expr.func.value == "dict"):
            return False
        fields = payload_fields(expr)
        if not fields:
            return False
        # ``{"Error": "No LOINC codes found"}``: the key in any case
        error = fields.get("error", next((v for k, v in fields.items() if k.lower() == "error"), None))
        if error is not None and not (isinstance(error, cst.Name) and error.value in ("None", "False")):
            return True
        says = _says_error(fields)
        if says is not None:
            return says
        # An envelope around an error dict, one level deep: {"result": {"error": ...}}.
        return nested and any(
            isinstance(value, (cst.Dict, cst.Call)) and self.is_error_dict(value, nested=False)
            for value in fields.values()
        )

    def is_error_model(self, expr: cst.Call, function: FunctionInfo | None) -> bool:
        """``ErrorResponse(message=...)``: a same-module class whose defaults say "error", a class named so, or a
        class built with keywords that say it failed (``Result(success=False, ...)``, ``status="error"``)."""
        func = expr.func
        name = callee_name(func)
        if name is None or not name[:1].isupper() and not name.startswith("_"):
            return False
        fields = payload_fields(expr)
        if name[:1].isupper() and fields and _says_error(fields):
            return True  # ``RevocationResult(success=False, message=...)``: the keywords say it failed
        if name[:1].isupper() and fields and any(
            key in _ERROR_FIELDS and string_prefix(value) is not None and literal_text(value).strip()
            for key, value in fields.items()
        ):
            return True  # ``DocumentResult(id=doc_id, error_message=f"Document {doc_id} not found")``
        if isinstance(func, cst.Name) and self.models is not None and func.value not in self.index.symbols.imports:
            says = self.models.get(func.value)
            if says is not None:
                return says
            if func.value in self.models:
                return _ERROR_MODEL_NAME.match(name) is not None
        if self.index.callee(function, func) is not None:
            return False  # a method of a same-module class
        return _ERROR_MODEL_NAME.match(name) is not None

    def shape(self, expr: cst.BaseExpression | None, function: FunctionInfo | None, depth: int = 0) -> Shape | None:
        if expr is None or depth > _MAX_DEPTH:
            return None
        if isinstance(expr, cst.Await):
            return self.shape(expr.expression, function, depth)
        if isinstance(expr, cst.Name) and function is not None:
            if self.at is not None and function is self.at_function and function.bindings(expr.value) > 1:
                value = function.reaching(expr.value, self.at)
            else:
                value = function.assigned(expr.value)
            if value is not None and _ERROR_NAME.match(expr.value) and string_prefix(value) is not None:
                return Shape.ERROR_STRING  # ``error_msg = f"Item {id} is not a folder."``: named as the error it is
            return self.shape(value, function, depth + 1) if value is not None else None
        if is_error_string(expr):
            return Shape.ERROR_STRING
        if self.is_error_dict(expr):
            return Shape.ERROR_DICT
        if isinstance(expr, (cst.List, cst.Tuple)):
            for element in expr.elements:
                found = self.shape(element.value, function, depth)
                if found is not None:
                    return found
            return None
        if not isinstance(expr, cst.Call):
            return None
        name = callee_name(expr.func)
        module = function.module if function is not None and function.module is not None else self.index
        if name == "CallToolResult" or name == "ToolResult" and _sdk_result(expr.func, module):
            fields = payload_fields(expr) or {}
            if is_true(fields.get("isError")) or is_true(fields.get("is_error")):
                return Shape.CALL_TOOL_RESULT
            content = fields.get("content")
            if name == "ToolResult" and content is not None:
                if self.shape(content, function, depth) is Shape.ERROR_STRING:
                    return Shape.ERROR_STRING  # fastmcp's ``ToolResult(content=[TextContent(text="Error: ...")])``
            return None
        if name == "TextContent":
            text = (payload_fields(expr) or {}).get("text")
            return Shape.ERROR_STRING if text is not None and self.shape(text, function, depth) else None
        if module.symbols.resolve(expr.func) in ("json.dumps", "json.dump"):
            first = next((a.value for a in expr.args if a.keyword is None), None)
            return self.shape(first, function, depth)
        if isinstance(expr.func, cst.Attribute) and (name in DUMP_METHODS or _SERIALISER_METHOD.search(name or "")) and (
            not expr.args
        ):  # fmt: skip
            receiver = expr.func.value
            if isinstance(receiver, cst.Name) and function is not None and depth < _MAX_DEPTH:
                receiver = function.assigned(receiver.value)  # error = ErrorResponse(...); error.model_dump()
            if isinstance(receiver, cst.Call) and self.is_error_model(receiver, function):
                return Shape.ERROR_MODEL
        if self.is_error_model(expr, function):
            return Shape.ERROR_MODEL
        helper = self.index.callee(function, expr.func)
        if helper is not None:
            if _flag_says_success(helper, expr):
                return None  # ``format_tool_response(True, data=...)``: the helper builds a success or a failure
            for value in helper.returns:
                if self.shape(value, helper, depth + 1) is not None:
                    return Shape.HELPER
            if given_failure_status(helper, expr):
                return Shape.HELPER  # ``format_response("error", {...})`` answers ``{"status": status, ...}``
            if any(
                (_states_failure(arg.value) or isinstance(arg.value, cst.Dict)
                 and self.shape(arg.value, function, depth + 1) is Shape.ERROR_DICT)
                and _passed_into_result(helper, expr, arg)
                for arg in expr.args
            ):  # fmt: skip
                # ``format_success("get_node", summary=f"Error: node {id} not found")``: a formatter of any result,
                # given a failure's text, which it puts in what it returns; or an error dict (``format_response(None,
                # {"error": f"Molecule {id} not found"})``, which answers ``{"data": None, "metadata": metadata}``)
                return Shape.HELPER
        return None


#: Parameters of a response builder that say whether it reports a success (``success``, ``ok``) or a failure.
_SUCCESS_PARAMS = frozenset({"success", "ok", "succeeded", "is_success", "successful"})
_FAILURE_PARAMS = frozenset({"error", "is_error", "iserror", "failed", "failure"})


def _flag_says_success(helper: FunctionInfo, call: cst.Call) -> bool:
    """Whether a call gives a response builder's success flag a literal that says it succeeded
    (``format_tool_response(True, data=...)``, ``respond(ok=True)``, ``build(is_error=False)``)."""
    params = helper.call_params(call)
    for position, arg in enumerate(call.args):
        if arg.star:
            return False
        name = arg.keyword.value if arg.keyword is not None else params[position] if position < len(params) else None
        if name is None or not isinstance(arg.value, cst.Name) or arg.value.value not in ("True", "False"):
            continue
        lowered = name.lower()
        if lowered in _SUCCESS_PARAMS:
            return arg.value.value == "True"
        if lowered in _FAILURE_PARAMS:
            return arg.value.value == "False"
    return False


def given_failure_status(helper: FunctionInfo, call: cst.Call) -> bool:
    """Tell whether a call gives a literal failure status to a parameter that the helper returns under a status
    key of a dict: ``format_response("error", {"message": ...})`` over ``def format_response(status, data):
    response = {"status": status, "data": data}; return response`` builds a failure report.

    Args:
        helper (FunctionInfo): the called function.
        call (cst.Call): the call.
    Returns:
        bool: True when some argument is ``"error"``, ``"failed"``, ``"failure"`` or ``"fail"`` and the helper
        returns the parameter it goes to under ``status``, ``type`` or ``result``.
    """
    params = helper.call_params(call)
    for position, arg in enumerate(call.args):  # positional arguments come first: as in _flag_says_success
        if arg.star:
            return False
        param = arg.keyword.value if arg.keyword is not None else params[position] if position < len(params) else None
        status = string_value(arg.value)
        if param is None or status is None or status.lower() not in ERROR_STATUS:
            continue
        for value in helper.returns:
            if isinstance(value, cst.Name):
                value = helper.assigned(value.value) or value
            fields = payload_fields(value) or {}
            if any(
                key in ("status", "type", "result") and isinstance(field, cst.Name) and field.value == param
                for key, field in fields.items()
            ):  # fmt: skip
                return True
    return False


def _states_failure(expr: cst.BaseExpression) -> bool:
    """An error string (``"Error: ..."``), or an exception made with a message (``ValueError("No status found")``)."""
    if is_error_string(expr):
        return True
    if isinstance(expr, cst.Call):
        name = callee_name(expr.func) or ""
        return name.endswith(("Error", "Exception")) and any(string_prefix(a.value) is not None for a in expr.args)
    return False


def _passed_into_result(helper: FunctionInfo, call: cst.Call, arg: cst.Arg) -> bool:
    """Whether the helper's returned values read the parameter a call's argument is given to, also by storing it
    under a key of the dict it returns."""
    params = helper.call_params(call)
    if arg.keyword is not None:
        param = arg.keyword.value
    else:
        position = [a for a in call.args if a.keyword is None].index(arg)
        param = params[position] if position < len(params) else None
    if param is None:
        return False
    for value in helper.returns:
        if any(isinstance(n, cst.Name) and n.value == param for n in nodes(value)):
            return True
        if any(
            # ``enhanced = add_timestamps(data)``, ``return json.dumps(enhanced)``: a local made of the parameter
            isinstance(n, cst.Name) and (made := helper.assigned(n.value)) is not None and param in value_names(made)[0]
            for n in nodes(value)
        ):  # fmt: skip
            return True
        if isinstance(value, cst.Name) and any(
            # ``response = {"data": data}``, ``if metadata: response["metadata"] = metadata``, ``return response``
            param in value_names(stored)[0] for stored in helper.key_stores(value.value)
        ):
            return True
    return False


def failure_report(
    statement: cst.Return | cst.Raise, index: ModuleIndex, function: FunctionInfo | None,
    *, module: cst.Module | None = None,
) -> FailureReport | None:  # fmt: skip
    """Tell whether a ``return`` or ``raise`` reports a failure, and how.

    A bare ``raise`` is a re-raise, not a report.

    Args:
        statement (cst.Return | cst.Raise): the statement.
        index (ModuleIndex): the module's discovery result, for helpers.
        function (FunctionInfo | None): the function the statement is in.
        module (cst.Module | None): the module, to read the defaults of its own response models
            (``class ErrorResponse(BaseModel): status: str = "error"``); without it, models are known by name.
    Returns:
        FailureReport | None: the report, or None when the statement reports no failure.
    """
    if isinstance(statement, cst.Raise):
        if statement.exc is None:
            return None
        return FailureReport(statement, Shape.RAISE, statement.exc)
    if statement.value is None:
        return None
    at = None
    if function is not None and any(
        isinstance(n, cst.Name) and function.bindings(n.value) > 1 for n in nodes(statement.value)
    ):
        at = function.path_to(statement)  # ``serialized = ...`` bound in two branches: the one that reaches
    shape = _Shapes(index, module, at, function).shape(statement.value, function)
    return FailureReport(statement, shape, statement.value) if shape is not None else None


def failure_shape(
    expr: cst.BaseExpression, index: ModuleIndex, function: FunctionInfo | None, *, module: cst.Module | None = None
) -> Shape | None:
    """Tell whether a value is a failure report, and of which shape (``results.append(TextContent(...))``).

    Args:
        expr (cst.BaseExpression): the value.
        index (ModuleIndex): the module's discovery result, for helpers.
        function (FunctionInfo | None): the function the value is in.
        module (cst.Module | None): the module, for its own response models (see :func:`failure_report`).
    Returns:
        Shape | None: the shape, or None when the value reports no failure.
    """
    return _Shapes(index, module).shape(expr, function)


#: Fields that hold an error payload's message, in the order they are looked for.
MESSAGE_KEYS = ("error", "message", "description", "detail", "details", "msg", "error_message", "errorMessage")


def message_node(payload: cst.BaseExpression, index: ModuleIndex) -> cst.BaseExpression | None:
    """Find the expression that holds a failure report's message.

    Args:
        payload (cst.BaseExpression): a raised exception, an error dict or string (also an envelope around an
            error dict), ``json.dumps(...)``, a list of these, ``TextContent(text=...)``,
            ``CallToolResult(content=[...])``, or an error-response model (``ErrorResponse(message=...)``, also
            dumped with ``.model_dump()``).
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
    if isinstance(payload, cst.Dict) or (isinstance(payload, cst.Call) and callee_name(payload.func) == "dict"):
        for key in MESSAGE_KEYS:
            if fields and key in fields:
                return message_node(fields[key], index)
        # An envelope around an error dict, one level deep: {"result": {"error": "..."}}.
        for value in (fields or {}).values():
            if isinstance(value, cst.Dict) and _Shapes(index).is_error_dict(value, nested=False):
                return message_node(value, index)
        return None
    if not isinstance(payload, cst.Call):
        return None
    name = callee_name(payload.func)
    if index.symbols.resolve(payload.func) == "json.dumps" and payload.args:
        first = payload.args[0].value
        # json.dumps(name): the name holds a whole payload, not a message to extend.
        return None if isinstance(first, cst.Name) else message_node(first, index)
    if name == "TextContent":
        text = (fields or {}).get("text")
        return message_node(text, index) if text is not None else None
    if name == "CallToolResult" or name == "ToolResult" and (fields or {}).get("content") is not None:
        content = (fields or {}).get("content")
        return message_node(content, index) if content is not None else None
    if isinstance(payload.func, cst.Attribute) and name in DUMP_METHODS and not payload.args:
        receiver = payload.func.value
        return message_node(receiver, index) if isinstance(receiver, cst.Call) else None
    if index.callee(None, payload.func) is not None:
        return None  # a same-module helper: its arguments are not known to be the message
    positional = [a.value for a in payload.args if a.keyword is None and not a.star]
    if positional:
        return message_node(positional[0], index)
    for key in MESSAGE_KEYS:
        if fields and key in fields:
            return fields[key]
    return None


def caught_types(handler: cst.ExceptHandler) -> list[str | None]:
    """Tell the last names of the classes an ``except`` catches.

    Args:
        handler (cst.ExceptHandler): the clause.
    Returns:
        list[str | None]: one name per class (``ApiError`` for ``client.ApiError``, None for one that is not a
        name or an attribute); none for a bare ``except``.
    """
    kinds = handler.type
    if kinds is None:
        return []
    elements = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
    return [callee_name(e) for e in elements]


def caught_name(handler: cst.ExceptHandler) -> str | None:
    """The name an ``except`` clause binds the exception to (``e`` in ``except Exception as e:``).

    Args:
        handler (cst.ExceptHandler): the clause.
    Returns:
        str | None: the name; None when it binds none.
    """
    return handler.name.name.value if handler.name is not None and isinstance(handler.name.name, cst.Name) else None


def _scope_of(handler: cst.ExceptHandler, index: ModuleIndex) -> str:
    """The path of the function whose own body holds an ``except`` clause, ``""`` at module level (worked out once
    per module, and only where a project catch-all is caught)."""
    scopes = index.memo.get(("except-scopes",))
    if scopes is None:
        scopes = index.memo[("except-scopes",)] = {
            id(clause): function.path for function in index.functions.values()
            for clause in function.own_of(cst.ExceptHandler)
        }  # fmt: skip
    return scopes.get(id(handler), "")


def breadth(handler: cst.ExceptHandler, index: ModuleIndex) -> str | None:
    """Tell how broad an ``except`` clause is.

    Args:
        handler (cst.ExceptHandler): the clause.
        index (ModuleIndex): its module, to resolve the caught names.
    Returns:
        str | None: "" for a bare clause or ``Exception``/``BaseException`` (also in a tuple), the caught name for a
        library catch-all (``ClientError``) or a project's own (a class its client raises with whatever a broad
        ``except`` caught in it, :attr:`ModuleFacts.catch_alls`), None for a narrow one.
    """
    kind = handler.type
    if kind is None:
        return ""
    items = [e.value for e in kind.elements] if isinstance(kind, cst.Tuple) else [kind]
    catch_all = None
    for item in items:
        if isinstance(item, cst.Name) and item.value in BROAD_EXCEPTIONS and item.value not in index.symbols.imports:
            return ""
        qualified = index.symbols.resolve(item)
        if qualified in BUILTIN_BROAD_EXCEPTIONS:
            return ""
        if qualified in LIBRARY_CATCH_ALLS and catch_all is None:
            catch_all = qualified.rsplit(".", 1)[-1]
        elif catch_all is None and index.facts is not None and index.facts.catch_alls:
            catch_all = index.facts.catch_alls.get((_scope_of(handler, index), get_full_name_for_node(item) or ""))
    return catch_all
