"""MCP002 generic-swallowed-exception."""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

import libcst as cst

from mcp_lint.diagnostics import Applicability, Fix, Transform
from mcp_lint.discovery import FunctionInfo, ModuleIndex, ToolScope, run_elsewhere
from mcp_lint.failures import (
    ABSENCE,
    ERROR_TEXT,
    FailureReport,
    Shape,
    breadth,
    callee_name,
    caught_name,
    failure_report,
    failure_shape,
    is_error_string,
    literal_text,
    message_node,
    payload_fields,
    report_text,
    string_prefix,
)
from mcp_lint.fixes import with_exception
from mcp_lint.literals import string_value
from mcp_lint.protocol_errors import argument, keyword_argument
from mcp_lint.rule import Rule, RuleContext, ancestors_within
from mcp_lint.traversal import binds, children, leaves, mentions, nodes, own_nodes, path_to, value_names

_BUILTINS = frozenset(dir(builtins))
_T = TypeVar("_T")
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
# Collections of notes kept beside a result: ``warnings``, ``execution_log.warnings``, ``debug_log``.
_LOG_COLLECTION = re.compile(r"(?i)warning|(^|_)(logs?|notes?)\b|debug")
_EXCEPTION_ACCESSORS = frozenset(
    {"traceback.format_exc", "traceback.format_exception", "traceback.print_exc", "sys.exc_info", "sys.exception"}
)


def _lead(broadness: str) -> str:
    """How a message names the clause: ``Catch-all except ClientError`` for a library catch-all, else ``Broad
    except``."""
    return f"Catch-all except {broadness}" if broadness else "Broad except"


def _says_nothing_found(value: cst.BaseExpression) -> bool:
    """Whether a returned value is a string that says nothing was found (``"No interfaces found"``)."""
    return string_prefix(value) is not None and ABSENCE.search(literal_text(value)) is not None


def _empty_value(value: cst.BaseExpression | None) -> str | None:
    """The empty value an expression is, as the swallowed values name it: "None" (also for a bare ``return``),
    "[]" (an empty list or tuple), "{}" or '""'; else None."""
    if value is None or isinstance(value, cst.Name) and value.value == "None":
        return "None"
    if isinstance(value, (cst.List, cst.Tuple)) and not value.elements:
        return "[]"
    if isinstance(value, cst.Dict) and not value.elements:
        return "{}"
    if isinstance(value, cst.SimpleString) and string_prefix(value) is not None and not literal_text(value):
        return '""'
    return None


def _blank(value: cst.BaseExpression) -> bool:
    """Whether a value is an empty start: an empty literal, ``0``, or ``list()``, ``dict()``, ``set()``, ``str()``."""
    if _empty_value(value) is not None:
        return True
    if isinstance(value, (cst.Integer, cst.Float)):
        return value.evaluated_value == 0
    return (
        isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Name)
        and value.func.value in ("list", "dict", "set", "str", "tuple")
    )  # fmt: skip


_PLACEHOLDER_WORDS = frozenset({"unknown", "n/a", "unavailable", "not available", "?"})


def _placeholder(
    payload: cst.BaseExpression, handler: cst.ExceptHandler, real: cst.BaseExpression | None = None
) -> str | None:  # fmt: skip
    """The placeholder an item an ``except`` adds holds in place of a value, when nothing in it carries the
    exception: a word (``"unknown"``), or a literal ``False``, ``0`` or ``None`` under a key whose value the item
    the ``try`` adds computes (``"read": False`` where the ``try`` has ``"read": permissions.can_read``), also in
    a nested dict; else None. ``payload`` and ``real`` may be names the block they are added in binds."""
    payload = _bound_in(handler.body, payload)
    if not isinstance(payload, cst.Dict):
        return None
    caught = caught_name(handler)
    if caught is not None and mentions(payload, {caught}):
        return None
    return _stand_in(payload, real)


def _says_why(payload: cst.Dict) -> bool:
    """Whether a dict has a key for what went wrong (``"error"``, ``"message"``, ``"reason"``): a failure report,
    not a record of made-up values."""
    return any(
        isinstance(element, cst.DictElement) and (key := string_value(element.key)) is not None
        and any(word in key.lower() for word in ("error", "message", "reason"))
        for element in payload.elements
    )  # fmt: skip


def _stand_in(payload: cst.Dict, real: cst.BaseExpression | None) -> str | None:
    """:func:`_placeholder` for a dict literal, against the dict the ``try`` adds (None when not known)."""
    computed = {
        key: element.value for element in real.elements
        if isinstance(element, cst.DictElement) and (key := string_value(element.key)) is not None
    } if isinstance(real, cst.Dict) else {}  # fmt: skip
    for element in payload.elements:
        value = element.value if isinstance(element, cst.DictElement) else None
        if isinstance(value, cst.SimpleString) and literal_text(value).strip().lower() in _PLACEHOLDER_WORDS:
            return value.value
        key = string_value(element.key) if isinstance(element, cst.DictElement) else None
        counterpart = computed.get(key) if key is not None else None
        if counterpart is None or isinstance(counterpart, (cst.Name, cst.SimpleString, cst.Integer, cst.Float)):
            continue  # no such key in the ``try``'s item, a literal there too, or a name (a loop item, an argument)
        if isinstance(value, cst.Dict):
            word = _stand_in(value, counterpart)
            if word is not None:
                return word
        elif isinstance(value, (cst.Name, cst.Integer)) and (
            value.value in ("False", "None") if isinstance(value, cst.Name) else value.value == "0"
        ):  # fmt: skip
            return value.value
    return None


def _bound_in(block: cst.CSTNode, value: cst.BaseExpression) -> cst.BaseExpression:
    """What a name is bound to last in a block (``enriched = {...}`` then ``models.append(enriched)``), or the
    value itself."""
    if not isinstance(value, cst.Name):
        return value
    found: cst.BaseExpression = value
    for node in nodes(block, prune=_SCOPES):
        if isinstance(node, cst.Assign) and any(
            isinstance(t.target, cst.Name) and t.target.value == value.value for t in node.targets
        ):  # fmt: skip
            found = node.value
    return found


def _added_alike(try_node: cst.CSTNode, call: cst.Call) -> cst.Call | None:
    """The call by which a ``try`` adds an item the same way an ``except`` of it does (``entity_info.append(...)``):
    the ``except`` adds a stand-in for the item that failed; None when the ``try`` adds none so."""
    if not isinstance(try_node, cst.Try):
        return None
    return next(
        (n for n in nodes(try_node.body, prune=_SCOPES) if isinstance(n, cst.Call) and n.func.deep_equals(call.func)),
        None,
    )


def _guarded_import(node: cst.CSTNode) -> bool:
    """Whether a node is a ``try`` that guards an import (a missing dependency is not a swallowed failure)."""
    return isinstance(node, cst.Try) and _guards_import(node)


def _stored_in(target: cst.BaseExpression) -> cst.BaseExpression:
    """The local a store writes into: ``result`` for ``result["error"] = ...`` or ``result.error = ...``."""
    while isinstance(target, (cst.Subscript, cst.Attribute)):
        target = target.value
    return target


class _Informativeness:
    """Decides whether a failure report carries the exception or anything beyond constants and tool arguments."""

    def __init__(
        self, index: ModuleIndex, function: FunctionInfo, handler: cst.ExceptHandler | None,
        at: Sequence[cst.CSTNode] = (),
    ) -> None:  # fmt: skip
        self.index = index
        self.function = function
        #: The path from the function down to the report: a name the report reads directly has the value of the
        #: binding that reaches it.
        self.at = at
        # The function's parameters, and those of the functions it is nested in (``def instrumented(*, tool_name,
        # handler): async def _inner(...)``: what the factory was given for the tool is configuration).
        self.params = _enclosing_params(function)
        exception = handler.name.name if handler is not None and handler.name is not None else None
        self.derived = {exception.value} if isinstance(exception, cst.Name) else set()
        #: Loop variables: an item of what the tool iterates (an id from its arguments) is not an error.
        #: With an exception in scope, the variables of loops outside its ``except`` clause count too
        #: (``for label, client in CLIENTS.items(): try: ... except Exception: lines.append(f"{label}: ...")``).
        self._items: set[str] | None = None
        self._handler = handler
        #: Locals an ``except`` clause of the function put an exception into (see :meth:`with_caught`).
        self.carried: set[str] = set()
        if handler is not None:
            self._derive(handler)

    def with_caught(self) -> _Informativeness:
        """Also count as derived from an exception what any ``except`` clause of the function puts it into
        (``except Exception as e: notes.append(f"part {i}: {e}")``, then ``raise Exception("\\n".join(notes))``
        after the loop): a report made of that carries the failures.

        Returns:
            _Informativeness: this object.
        """
        for handler in self.function.own_of(cst.ExceptHandler):
            caught = caught_name(handler)
            if caught is None:
                continue
            # Only collections it adds to (a local it binds anew, ``error_msg = f"...{e}"``, is another value than
            # the one a report elsewhere reads under that name); ``self.derived`` stays the exception in scope.
            for node in nodes(handler.body, prune=_SCOPES):
                if (
                    isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                    and node.func.attr.value in ("append", "extend", "update", "insert", "setdefault")
                    and any(mentions(arg.value, {caught}) for arg in node.args)
                    and isinstance(held := _stored_in(node.func.value), cst.Name)
                ):  # fmt: skip
                    self.carried.add(held.value)
                elif isinstance(node, cst.Assign) and mentions(node.value, {caught}):
                    self.carried.update(
                        base.value for t in node.targets
                        if isinstance(t.target, cst.Subscript) and isinstance(base := _stored_in(t.target), cst.Name)
                    )  # fmt: skip
        return self

    @property
    def items(self) -> set[str]:
        """set[str]: the loop variables (worked out when first asked for)."""
        if self._items is None:
            loops = self.function.loops
            inside = set(map(id, nodes(self._handler))) if self._handler is not None and loops else set()
            self._items = {name for loop, names in loops for name in names if id(loop) not in inside}
        return self._items

    @items.setter
    def items(self, value: set[str]) -> None:
        self._items = value

    def _derive(self, handler: cst.ExceptHandler | cst.FunctionDef) -> None:
        """Add the names the except body (or a helper's body) assigns from the exception, or from names derived
        from it."""
        assigns: list[tuple[cst.BaseExpression, set[str]]] = []
        for node in nodes(handler.body):
            if isinstance(node, cst.Assign):
                read = set(value_names(node.value)[0])
                assigns.extend((_stored_in(t.target), read) for t in node.targets)
            elif isinstance(node, cst.AugAssign):
                assigns.append((_stored_in(node.target), set(value_names(node.value)[0])))
            elif (
                isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and node.func.attr.value in ("update", "append", "extend", "setdefault", "insert")
            ):  # fmt: skip
                read = {name for arg in node.args for name in value_names(arg.value)[0]}
                assigns.append((_stored_in(node.func.value), read))
        changed = bool(self.derived)
        while changed:
            changed = False
            for target, read in assigns:
                if isinstance(target, cst.Name) and target.value not in self.derived and self.derived & read:
                    self.derived.add(target.value)
                    changed = True

    def _upstream_answer(self, expr: cst.CSTNode) -> bool:
        """Whether a report carries what a call the function made answered: ``response.text``,
        ``response.status_code`` of ``response = requests.get(...)`` (the failure's own classification)."""
        for node in nodes(expr, prune=_SCOPES):
            if not (isinstance(node, cst.Attribute) and node.attr.value in _ANSWER_MEMBERS):
                continue
            base = node.value
            if isinstance(base, cst.Name) and base.value not in self.derived:
                value = self.function.assigned(base.value)
                if isinstance(value, cst.Await):
                    value = value.expression
                if isinstance(value, cst.Call):
                    return True
        return False

    def is_informative(self, expr: cst.CSTNode, depth: int = 0, seen: frozenset[str] = frozenset()) -> bool:
        """Whether a report carries the exception, or anything beyond constants and the tool's arguments.

        Args:
            expr (cst.CSTNode): the report, or a value it is built from.
            depth (int): how many local bindings were followed to reach it.
            seen (frozenset[str]): the locals followed to reach it (``message = f"{message} {hint}"`` reads the
                binding before it, which says no more than this one).
        Returns:
            bool: True when it may carry more than constants and arguments.
        """
        if self._upstream_answer(expr):
            return True
        names, calls = value_names(expr)
        if any(self.index.symbols.resolve(func) in _EXCEPTION_ACCESSORS for func in calls):
            return True
        for name in names:
            if name in self.derived or name in self.carried:
                return True
            if name in self.params or name in self.items or name in self.index.symbols.constants:
                continue
            if name in self.index.symbols.imports:
                continue
            value = self.function.reaching(name, self.at) if self.at and not depth else self.function.assigned(name)
            if value is None and (name in _BUILTINS or name[:1].isupper() and self.function.unpacked(name) is None):
                continue  # a builtin, or a class or constant of the module (``isinstance(prefix, ErrorCategory)``)
            if value is None and not self.derived and self.function.unpacked(name) is not None:
                # With no exception in scope, a value unpacked from a call is the call's data, unless it is a
                # swallowing helper's error channel (``ok, error = _save(x)`` with ``return False, str(e)``).
                call, position = self.function.unpacked(name)  # type: ignore[misc]
                if not _carries_error(call, position, self.index, self.function):
                    continue
            if name in seen:
                # ``message = f"{message} {hint}"``: the binding before this one
                read = next((n for n in nodes(expr) if isinstance(n, cst.Name) and n.value == name), None)
                earlier = self.function.reaching(name, self.function.path_to(read) or []) if read else None
                if earlier is None or earlier is value or any(n is earlier for n in nodes(expr)):
                    continue
                value = earlier
            if value is None or depth >= 5 or self.is_informative(value, depth + 1, seen | {name}):
                return True
        return False


_ANSWER_MEMBERS = frozenset({"status_code", "status", "reason", "text", "reason_phrase"})


def _mutated(function: cst.FunctionDef) -> set[str]:
    """The local names a function changes in place: ``x.update(...)``, ``x.append(...)``, ``x[k] = v``,
    ``x.attr = v``, ``x += v``."""
    names: set[str] = set()
    for node in own_nodes(function):
        target: cst.BaseExpression | None = None
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            target = node.func.value
        elif isinstance(node, cst.AssignTarget) and isinstance(node.target, (cst.Subscript, cst.Attribute)):
            target = node.target.value
        elif isinstance(node, cst.AugAssign):
            target = node.target
        if isinstance(target, cst.Name):
            names.add(target.value)
    return names


def _passed(call: cst.Call, helper: FunctionInfo, derived: set[str]) -> tuple[set[str], set[str]] | None:
    """The helper's parameters a call gives a value, and those whose value mentions one of ``derived`` (the
    exception and the names made from it).

    Returns:
        tuple[set[str], set[str]] | None: both sets; None when an argument is unpacked (``*args``) or one that
        mentions the exception goes to no parameter the helper names.
    """
    node = helper.node
    params = helper.call_params(call)
    kwonly = {p.name.value for p in node.params.kwonly_params}
    given: set[str] = set()
    carrying: set[str] = set()
    for position, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            param = arg.keyword.value if arg.keyword.value in kwonly or arg.keyword.value in params else None
        else:
            param = params[position] if position < len(params) else None
        mentions = bool(derived & set(value_names(arg.value)[0]))
        if param is None:
            if mentions:
                return None
            continue
        given.add(param)
        if mentions:
            carrying.add(param)
    return given, carrying


def _dropping_helper(
    payload: cst.BaseExpression, derived: set[str], index: ModuleIndex, function: FunctionInfo
) -> FunctionInfo | None:
    """The helper a report is made by, when the exception goes into it only as arguments and it drops them:
    ``return format_error("get_chat", e)`` where ``format_error`` logs ``e`` and ends by returning a failure text
    made of its other arguments and constants (``f"An error occurred (code: {code})"``), or an exception the caller
    raises (``raise _fail("list tables", e, hint)`` over ``return ToolError(f"{action} failed. {hint}")``).

    Args:
        payload (cst.BaseExpression): the report.
        derived (set[str]): the exception's name and the names derived from it in the ``except`` clause.
        index (ModuleIndex): the module's index.
        function (FunctionInfo): the function the report is in.
    Returns:
        FunctionInfo | None: the helper; None when the report is not such a call, the helper is not known, it may
        return an argument given at this call as it is (``if user_message: return user_message``), or its last
        statement is not a failure report that leaves the exception out.
    """
    call = payload.expression if isinstance(payload, cst.Await) else payload
    if (
        isinstance(call, cst.Call) and re.search(r"(Error|Exception)$", callee_name(call.func) or "")
        and len(call.args) == 1 and isinstance(call.args[0].value, cst.Call)
    ):  # fmt: skip
        call = call.args[0].value  # ``raise ToolError(_safe_error("get_entry", exc))``: the message's builder
    if not isinstance(call, cst.Call) or derived & set(value_names(call.func)[0]):
        return None
    helper = index.callee(function, call.func)
    if helper is None or helper is function:
        return None
    node = helper.node
    passed = _passed(call, helper, derived)
    if passed is None:
        return None
    given, carrying = passed
    if not carrying:
        return None
    for value in helper.returns:
        if isinstance(value, cst.Name) and value.value in given:
            return None  # the caller's own text may be what is sent
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    last = body[-1] if body else None
    if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
        return None
    returned = last.body[-1].value
    module = helper.module or index
    raised = isinstance(returned, cst.Call) and re.search(r"(Error|Exception)$", callee_name(returned.func) or "")
    if returned is None or not (raised or failure_shape(returned, module, helper) is not None):
        return None  # a failure report, or the exception the caller raises (``raise _fail("list tables", e)``)
    informativeness = _Informativeness(module, helper, None)
    informativeness.derived = set(carrying)
    informativeness._derive(node)
    if informativeness.is_informative(returned):
        return None
    if _mutated(node) & set(value_names(returned)[0]):
        return None  # ``response = {"status": "error"}``, then ``response.update(...)`` with the error's details
    return helper


#: A helper named as a question of presence (``_database_exists``, ``is_vector_store``, ``has_access``): its False
#: says that something is not there, so a swallowed False reads as "not found" in its callers' answers.
_PREDICATE = re.compile(r"^_*(is|has|can|contains|exists?)_|exists?$|_exists?_", re.IGNORECASE)
_FAILURE_WORDS = r"could ?n[o']t|can ?n[o']t|unable to|failed|failure|aborted"
#: Words that say something went wrong, anywhere in a text.
_FAILURE_PHRASE = re.compile(rf"\b({_FAILURE_WORDS})\b", re.IGNORECASE)
#: The same, or that what was asked for is not usable (a tool's own answer to every exception).
_FAILED_ANYWHERE = re.compile(rf"\b({_FAILURE_WORDS}|error|invalid|expired|(not |un)available)\b", re.IGNORECASE)


def _branch_text(
    node: cst.Return | cst.Raise | cst.Call | cst.Assign, index: ModuleIndex | None = None,
    function: FunctionInfo | None = None, block: cst.CSTNode | None = None,
) -> str | None:  # fmt: skip
    """The literal text a ``return`` sends when it is a string, ``TextContent(text=...)`` or a list of one, or the
    ``"message"`` of a dict, dumped with ``json.dumps`` or not (``{**base, "message": "No slow queries found",
    "total": 0}``); "not found" for a dict that answers ``"found": False`` without a message. Given the module's
    index and the function, also the text handed to a project function that only wraps it in ``TextContent``
    (``return self._create_success_response("No incidents found")``). Given the block the ``return`` is in, a
    message bound to a local there first (``message = f"Database {name} does not exist"``)."""
    value = node.value if isinstance(node, cst.Return) else None
    if isinstance(value, cst.Call) and value.args and index is not None and function is not None:
        wrapper = _called(index, function, value)
        if wrapper is not None and wrapper is not function and _wraps_text(wrapper, value):
            value = value.args[0].value
    if isinstance(value, cst.List) and len(value.elements) == 1:
        value = value.elements[0].value
    if isinstance(value, cst.Call) and callee_name(value.func) == "dumps" and value.args:
        value = value.args[0].value  # ``json.dumps({"data": [], "message": "No pages found"}, indent=2)``
    if isinstance(value, cst.Dict):
        fields = {string_value(e.key): e.value for e in value.elements if isinstance(e, cst.DictElement)}
        found = fields.get("found")
        if "message" not in fields and isinstance(found, cst.Name) and found.value == "False":
            return "not found"  # ``{"found": False, "hash": hash_value}``: the answer says nothing was found
        value = fields.get("message")
    if isinstance(value, cst.Name) and block is not None:
        value = _bound_in(block, value)
    if isinstance(value, cst.Call) and callee_name(value.func) == "TextContent":
        value = next((a.value for a in value.args if a.keyword is not None and a.keyword.value == "text"), None)
    if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return literal_text(value)
    return None


def _wraps_text(function: FunctionInfo, call: cst.Call) -> bool:
    """Whether the one ``return`` of the function a call runs sends the call's first argument as ``TextContent``
    text, or a list of one (``def _create_success_response(message): return [TextContent(type="text",
    text=message)]``)."""
    params = function.call_params(call)
    if not params or len(function.returns) != 1:
        return False
    value = function.returns[0]
    if isinstance(value, cst.List) and len(value.elements) == 1:
        value = value.elements[0].value
    if not isinstance(value, cst.Call) or callee_name(value.func) != "TextContent":
        return False
    text = (payload_fields(value) or {}).get("text")
    return isinstance(text, cst.Name) and text.value == params[0]


def _falls_back(payload: cst.BaseExpression, index: ModuleIndex, function: FunctionInfo) -> bool:
    """Whether what an ``except`` returns is the outcome of another try at the work: a call of a function that
    catches its own failures and answers a success too (``return _send_message_direct(recipient, message)``, whose
    reports carry the error it meets), not a builder of failure reports."""
    call = payload.expression if isinstance(payload, cst.Await) else payload
    helper = _called(index, function, call) if isinstance(call, cst.Call) else None
    if helper is None or helper is function or not helper.own_of(cst.Try):
        return False
    module = helper.module or index
    return any(failure_shape(value, module, helper) is None for value in helper.returns)


def _leaves_when_done(block: cst.BaseSuite) -> bool:
    """Whether a block returns or raises, or ends in an ``if`` whose body does (``if page_ids: details = ...`` then
    ``if details: return ...``): the statement after it is where the block's own test failed, or its last one."""
    if leaves(block):
        return True
    last = block.body[-1] if isinstance(block, cst.IndentedBlock) and block.body else None
    return isinstance(last, cst.If) and last.orelse is None and leaves(last.body)


def _guards_import(try_node: cst.Try) -> bool:
    """Whether a try body only imports (``try: import numpy``): its broad ``except`` answers a missing or broken
    dependency, which the report names whatever its words."""
    body = try_node.body
    return isinstance(body, cst.IndentedBlock) and all(
        isinstance(line, cst.SimpleStatementLine)
        and all(isinstance(statement, (cst.Import, cst.ImportFrom)) for statement in line.body)
        for line in body.body
    )


def _ends_in_raise(try_node: cst.Try) -> bool:
    """Whether a try body ends by raising (``details = response.json()`` then ``raise QuotaError(details)``): the
    body exists to build a failure report, and a broad ``except`` after it only falls back to a plainer report of
    the same, already classified failure."""
    return _block_ends_in_raise(try_node.body)


def _block_ends_in_raise(block: cst.BaseSuite | cst.If | cst.Else | None) -> bool:
    """Whether a block ends by raising, also through an ``if``/``else`` whose every branch does."""
    if isinstance(block, cst.If):
        return _block_ends_in_raise(block.body) and _block_ends_in_raise(block.orelse)
    if isinstance(block, cst.Else):
        return _block_ends_in_raise(block.body)
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return False
    last = block.body[-1]
    if isinstance(last, cst.If):
        return _block_ends_in_raise(last)
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Raise)


def _handled_returns(
    helper: FunctionInfo, index: ModuleIndex | None = None, unconditional: bool = False
) -> Iterator[tuple[cst.ExceptHandler, cst.Return]]:
    """Yield each ``return`` of a helper's ``except`` clauses with its clause; given the index, of its broad
    clauses only, leaving out those that guard an import; ``unconditional``: only those not chosen by an ``if`` or
    ``match`` inside the clause (``if code == "AccessDenied": return None`` then ``raise``: a classified outcome)."""
    prune: tuple[type[cst.CSTNode], ...] = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
    if unconditional:
        prune += (cst.If, cst.Match)
    for _, handler in _own_handlers(helper, index):
        for inner in nodes(handler.body, prune=prune):
            if isinstance(inner, cst.Return):
                yield handler, inner


def _own_handlers(function: FunctionInfo, index: ModuleIndex | None) -> Iterator[tuple[cst.Try, cst.ExceptHandler]]:
    """Yield each ``except`` clause of a function's own ``try`` statements with its ``try``; given the index, only
    the broad clauses, of ``try`` statements that do more than import."""
    for node in function.own_of(cst.Try):
        if index is not None and _guards_import(node):
            continue
        for handler in node.handlers:
            if index is None or breadth(handler, index) is not None:
                yield node, handler


def _except_returns(helper: FunctionInfo, index: ModuleIndex | None = None) -> Iterator[cst.Return]:
    """Yield the ``return`` statements of a helper's broad ``except`` clauses (all of them without the index) that
    no ``if`` or ``match`` inside the clause chooses."""
    for _, returned in _handled_returns(helper, index, unconditional=True):
        yield returned


def _except_dict_keys(helper: FunctionInfo, index: ModuleIndex) -> list[set[str]] | None:
    """The literal keys of each dict a helper's broad ``except`` clauses answer (``{"Error": str(e)}``); None when
    one answers anything but a dict literal, or a dict with a ``**spread``."""
    found: list[set[str]] = []
    for returned in _except_returns(helper, index):
        value = returned.value
        if not isinstance(value, cst.Dict) or any(isinstance(e, cst.StarredDictElement) for e in value.elements):
            return None
        found.append({
            k for e in value.elements if isinstance(e, cst.DictElement) and (k := string_value(e.key)) is not None
        })  # fmt: skip
    return found


def _missing_key(helper: FunctionInfo, key: str, index: ModuleIndex) -> bool:
    """Whether a helper's broad ``except`` clauses answer a dict literal without ``key`` (``{"Error": str(e)}``
    where the caller reads ``data.get("prices", [])``), and at least one does."""
    keys = _except_dict_keys(helper, index)
    return bool(keys) and all(key not in k for k in keys)  # type: ignore[union-attr]


def _records_exception(handler: cst.ExceptHandler, name: str | None) -> bool:
    """Whether an ``except`` clause stores its exception in the value ``name`` (``info["reason"] = f"{exc}"``), or
    in any local when ``name`` is None (``content = f"Error reading file: {e}"``)."""
    bound = handler.name.name if handler.name is not None else None
    if not isinstance(bound, cst.Name):
        return False
    for node in nodes(handler.body, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)):
        if not isinstance(node, cst.Assign) or bound.value not in value_names(node.value)[0]:
            continue
        for target in node.targets:
            root = target.target
            while isinstance(root, (cst.Subscript, cst.Attribute)):
                root = root.value
            if isinstance(root, cst.Name) and (name is None or root.value == name):
                return True
    return False


def _remembered(
    function: FunctionInfo, question: str, index: ModuleIndex, args: tuple[object, ...], work: Callable[[], _T]
) -> _T:
    """What MCP002 worked out about a function for a question asked with an index and arguments, worked out on the
    first ask and kept in :attr:`FunctionInfo.memo`. An index is not hashable: its id is in the key, and the index
    is kept with the answer, so that the id stays its own.

    Args:
        function (FunctionInfo): the function asked about.
        question (str): what is asked (``"swallowed"``, ``"called"``).
        index (ModuleIndex): the index the question is asked with.
        args (tuple[object, ...]): the question's other arguments, hashable.
        work (Callable[[], T]): works the answer out.
    Returns:
        T: the answer; callers copy what they may change.
    """
    key = ("MCP002." + question, id(index), *args)
    known = function.memo.get(key)
    if known is None:
        known = function.memo[key] = (index, work())
    return known[1]  # type: ignore[no-any-return]


def _swallowed_values(
    helper: FunctionInfo, index: ModuleIndex, position: int | None = None, depth: int = 0, within: bool = False
) -> set[str]:
    """What a helper's broad ``except`` clauses return instead of the exception: "False", "None" or an empty value
    ("[]", "{}", '""'); with a position, what they put there in a returned tuple (``return None, {}``). A helper
    that returns another helper's outcome (``return merge_cells(...)``) swallows what that one swallows; with
    ``within``, also one whose outcome it passes on inside what it returns (``repos = get_items(...)`` then
    ``return [convert(r) for r in repos]``: "[]"), and never "False" (a flag is not a result). A function run in a
    worker thread (``await asyncio.to_thread(searcher.search, query)``) is followed as a call of it."""
    return {value for value, _ in _swallow_roots(helper, index, position, depth, within)}


def _swallow_roots(
    helper: FunctionInfo, index: ModuleIndex, position: int | None = None, depth: int = 0, within: bool = False
) -> set[tuple[str, FunctionInfo]]:
    """:func:`_swallowed_values`, each value with the function whose own code answers it in place of the
    exception (the helper, or one it passes on the outcome of). Worked out once per helper and arguments."""
    found = _remembered(helper, "swallowed", index, (position, depth, within), lambda: frozenset(
        _find_swallowed(helper, index, position, depth, within)
    ))  # fmt: skip
    return set(found)


def _empty_page(value: cst.BaseExpression, helper: FunctionInfo) -> bool:
    """Whether a value is a dict literal that answers an empty page: every value is an empty collection, ``None``,
    ``""``, a count of ``0`` or one of the function's parameters, and at least one is an empty list or dict
    (``{"vectors": [], "namespace": namespace, "pagination_token": None}``)."""
    if not isinstance(value, cst.Dict) or not value.elements:
        return False
    params = {p.name.value for p in helper.node.params.params}
    emptied = False
    for element in value.elements:
        if not isinstance(element, cst.DictElement) or string_value(element.key) is None:
            return False
        empty = _empty_value(element.value)
        if empty in ("[]", "{}"):
            emptied = True
        elif empty is None and not (
            isinstance(element.value, cst.Name) and element.value.value in params
            or isinstance(element.value, cst.Integer) and element.value.evaluated_value == 0  # ``"total": 0``
        ):  # fmt: skip
            return False
    return emptied


def _makes_empty_page(value: cst.BaseExpression, helper: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether a value is a call of a project function that only ever answers an empty page (see
    :func:`_empty_page`): ``return self._create_empty_threads_response(ticket_id)``."""
    if not isinstance(value, cst.Call):
        return False
    made = (helper.module or index).callee(helper, value.func)
    return made is not None and bool(made.returns) and all(_empty_page(v, made) for v in made.returns)


#: Words of a function that counts: ``count_documents``, ``get_total``, ``num_rows``.
_COUNTING = re.compile(r"(?i)(^|_)(count|counts|total|num|number)(_|$)")


def _zero_count(value: cst.BaseExpression | None, helper: FunctionInfo) -> bool:
    """Whether a value is ``0`` answered by a function that counts (named so, or annotated ``-> int``): no item
    counted, a valid empty answer."""
    if not (isinstance(value, cst.Integer) and value.evaluated_value == 0):
        return False
    returns = helper.node.returns
    annotated = returns is not None and isinstance(returns.annotation, cst.Name) and returns.annotation.value == "int"
    return annotated or _COUNTING.search(helper.name) is not None


def _own_swallows(
    helper: FunctionInfo, index: ModuleIndex, position: int | None = None
) -> list[tuple[str, cst.CSTNode | None]]:  # fmt: skip
    """What a function's own code answers in place of every exception, each with the statement that answers it:
    a broad ``except`` clause's ``return`` of False, None or an empty value (no ``if`` inside the clause choosing
    it), the ``return None`` after a loop that skips each candidate that raises, and the ``return`` after a ``try``
    whose broad ``except`` only logs (None where the function ends there). With a position, what they put there
    in a returned tuple."""
    found: list[tuple[str, cst.CSTNode | None]] = []
    for returned in _except_returns(helper, index):
        value = returned.value
        if position is not None:
            elements = value.elements if isinstance(value, (cst.Tuple, cst.List)) else ()
            value = elements[position].value if position < len(elements) else cst.Name("True")
        empty = "False" if isinstance(value, cst.Name) and value.value == "False" else _empty_value(value)
        if empty is None and position is None and (_empty_page(value, helper) or _makes_empty_page(value, helper, index)):
            empty = "{}"  # ``return {"vectors": [], "namespace": namespace, "next": None}``: an empty page
        if empty is None and position is None and _zero_count(value, helper):
            empty = "0"  # ``def count_documents(self) -> int: ... except Exception: return 0``: nothing counted
        if empty is not None:
            found.append((empty, returned))
    if position is None:
        found.extend(_loop_swallowed(helper, index))
    found.extend(_fallthrough_swallowed(helper, index, position))
    found.extend(_unfound_fallthrough(helper, index, position))
    return found


def _find_swallowed(
    helper: FunctionInfo, index: ModuleIndex, position: int | None, depth: int, within: bool
) -> set[tuple[str, FunctionInfo]]:
    """:func:`_swallow_roots`, worked out."""
    found = {(value, helper) for value, _ in _own_swallows(helper, index, position)}
    if position is None and not within and depth < 3:
        # ``all_assignments = []``, a loop whose broad ``except`` skips each course that fails, then ``return
        # all_assignments``: left empty when every course fails. Only for a caller that tests it (``if not
        # all_assignments: return "No assignments found"``); what is passed on whole holds the items that worked.
        returned = [_unsliced(v) for v in helper.returns]
        if any(isinstance(v, cst.Name) for v in returned):
            skipped = _skipped_items(helper, index, depth)
            for value in returned:
                if isinstance(value, cst.Name):
                    found |= {(empty, helper) for empty in skipped.get(value.value, set())}
    if depth < 3 and position is None:
        tested = _tested_names(helper) if within else set()
        for value in helper.returns:
            if within:
                parts = _whole_parts(value)
                if parts is not None:
                    # ``return {"projects": self.search_projects(q), "uploads": self.search_uploads(q)}``: when
                    # each part is a helper's outcome that turns every exception into an empty value, every
                    # failure reads as nothing found anywhere
                    emptied: list[set[tuple[str, FunctionInfo]]] = []
                    for part in parts:
                        delegate = _called(index, helper, part)
                        if delegate is None or delegate is helper:
                            break
                        roots = _swallow_roots(delegate, delegate.module or index, None, depth + 1, True)
                        emptied.append({root for root in roots if root[0] != "None"})
                        if not emptied[-1]:
                            break
                    else:
                        found |= set().union(*emptied)
                    continue
                # not a local the helper tests first (``if cached: return cached``: never the swallowed value)
                for call, keeps_none in _outcome_calls(helper, value, tested, strict=True):
                    delegate = _called(index, helper, call)
                    if delegate is not None and delegate is not helper:
                        roots = _swallow_roots(delegate, delegate.module or index, None, depth + 1, True)
                        found |= {root for root in roots if keeps_none or root[0] != "None"}
                continue
            if isinstance(value, cst.Name) and _declared_global(helper, value.value):
                # ``global _CACHE``, ``_CACHE = load_contacts()`` when stale, ``return _CACHE``: a cache of the
                # outcome holds what the call answered, failures included
                value = helper.assigned(value.value) or value
            value = _returned_as_is(helper, value)
            if isinstance(value, cst.Call):
                delegate = _called(index, helper, value)
                if delegate is not None and delegate is not helper:
                    found |= _swallow_roots(delegate, delegate.module or index, None, depth + 1)
    return {root for root in found if root[0] != "False"} if within else found


def _returned_as_is(function: FunctionInfo, value: cst.BaseExpression) -> cst.BaseExpression:
    """What a returned value is as it is: the value a local bound once and not tested (see :func:`_tested_names`)
    holds (``snapshot = backend.latest()``, ``if snapshot: logger.info(...)``, ``return snapshot``), without an
    ``await``; the value itself otherwise."""
    if (
        isinstance(value, cst.Name) and function.bindings(value.value) == 1
        and value.value not in _tested_names(function)
    ):  # fmt: skip
        value = function.assigned(value.value) or value
    return value.expression if isinstance(value, cst.Await) else value


def _returns_outcome_of(function: FunctionInfo, calls: Collection[cst.Call]) -> bool:
    """Whether a function returns the outcome of one of the given calls in its body as it is (see
    :func:`_returned_as_is`): ``return backend.latest()``, or ``snapshot = backend.latest()`` then ``return
    snapshot``."""
    wanted = {id(call) for call in calls}
    return any(id(_returned_as_is(function, value)) in wanted for value in function.returns)


def _echoed_flag(try_node: cst.Try, function: FunctionInfo) -> str | None:
    """The key under which a function answers, as it is, the flag that asked for the step a ``try`` does alone
    under ``if args.add_link:`` (``"link_added": args.add_link``): the answer says the step was done whether or not
    it failed. None otherwise."""
    path = function.path_to(try_node) or []
    branch = path[-3] if len(path) >= 3 else None
    if not (
        isinstance(branch, cst.If) and branch.orelse is None and isinstance(branch.body, cst.IndentedBlock)
        and len(branch.body.body) == 1 and branch.body.body[0] is try_node
        and isinstance(branch.test, (cst.Name, cst.Attribute))
    ):  # fmt: skip
        return None
    for value in function.returns:
        if isinstance(value, cst.Name) and function.bindings(value.value) == 1:
            value = function.assigned(value.value) or value
        for element in value.elements if isinstance(value, cst.Dict) else ():
            if isinstance(element, cst.DictElement) and element.value.deep_equals(branch.test):
                key = string_value(element.key)
                if key is not None:
                    return key
    return None


def _declared_global(function: FunctionInfo, name: str) -> bool:
    """Whether a function declares a name ``global`` (a module-level cache it refreshes)."""
    return any(
        isinstance(node, cst.Global) and any(n.name.value == name for n in node.names) for node in function.own
    )


def _outcome_roots(
    function: FunctionInfo, value: cst.BaseExpression, index: ModuleIndex, tested: Collection[str]
) -> Iterator[tuple[cst.Call, FunctionInfo, set[tuple[str, FunctionInfo]]]]:  # fmt: skip
    """For each call whose outcome a returned value passes on (see :func:`_outcome_calls`) and the project helper it
    calls, what that helper swallows into, with the functions that swallow it (see :func:`_swallow_roots`, with
    ``within``); None only where it reaches the value whole."""
    pending = [(value, True, 0)]
    while pending:
        start, keeps, depth = pending.pop()
        for call, keeps_none in _outcome_calls(function, start, tested, index=index):
            keeps_none = keeps_none and keeps
            helper = _called(index, function, call)
            if helper is None and depth < 2 and _record_made(call):
                # ``TopicDetail(name=topic, config=config)``: each local a record is given by keyword is one part
                # of the answer, as a value of a dict literal is (``RCAReport(summary=summary, conditions=
                # conditions)`` answers an empty ``conditions`` so too)
                pending.extend(
                    (arg.value, False, depth + 1) for arg in call.args
                    if arg.keyword is not None and _given_as_is(arg.value)
                )  # fmt: skip
                continue
            if helper is None or helper is function:
                continue
            for each in _implemented_by(index, function, call, helper):
                roots = _swallow_roots(each, each.module or index, within=True)
                yield call, each, {root for root in roots if keeps_none or root[0] != "None"}
            if depth < 2:
                # ``data=_format_pod(pod, events)`` over ``def _format_pod(pod, events): return {..., "events":
                # events}``: what the call is given for a part of its answer is a part of this one
                pending.extend((given, False, depth + 1) for given in _relayed_arguments(helper, call))
                # ``format_report(vulns, name)`` that answers an empty ``vulns`` with "No known vulnerabilities
                # found": an empty value given there is the answer, read as nothing found
                pending.extend((given, True, depth + 1) for given in _told_empty_arguments(helper, call))


def _given_as_is(value: cst.BaseExpression) -> bool:
    """Whether a record is given a value as it is: a local, or the outcome of a call that is not a builtin's
    (``config=config``, ``events=service.events(day)``; not ``note=str(conditions)``, a text made of it)."""
    if isinstance(value, cst.Await):
        value = value.expression
    if isinstance(value, cst.Call):
        return not (isinstance(value.func, cst.Name) and value.func.value in _BUILTINS)
    return isinstance(value, cst.Name)


def _implemented_by(index: ModuleIndex, caller: FunctionInfo, call: cst.Call, helper: FunctionInfo) -> list[FunctionInfo]:
    """The functions a call's outcome may come from: the helper :func:`_called` found, and each project method that
    implements or overrides the method the call resolves to (``db.list_documents()`` with ``db: VectorDatabase``,
    a base with two subclasses), which answers whenever the object is of that subclass."""
    direct = index.callee(caller, call.func) if run_elsewhere(call) is None else None
    if direct is None:
        return [helper]
    found = (direct.module or index).implementations(direct)
    return [helper, *(f for f in found if f is not helper)]


#: A class name (``RCAReport``, ``models.SearchResult``), not an exception's.
_RECORD_CLASS = re.compile(r"^_?[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")


def _record_made(call: cst.Call) -> bool:
    """Whether a call makes an object of a class that is not a project function and not an exception (a pydantic
    model or dataclass the answer is built as), given its fields by keyword."""
    name = callee_name(call.func)
    last = name.rpartition(".")[2] if name else ""
    return (
        _RECORD_CLASS.match(last) is not None and not last.endswith(("Error", "Exception"))
        and any(arg.keyword is not None for arg in call.args)
    )  # fmt: skip


def _relayed_arguments(helper: FunctionInfo, call: cst.Call) -> list[cst.BaseExpression]:
    """The arguments of a call that the project helper it calls puts, as they are, into a dict or list it returns
    (``_format_pod(pod, events)`` over ``def _format_pod(pod, events): return {"name": pod.name, "events":
    events}``), directly or through a local bound once to such a literal; not those it only reads from
    (``pod.name``).

    Args:
        helper (FunctionInfo): the function called.
        call (cst.Call): the call.
    Returns:
        list[cst.BaseExpression]: the arguments, in the order of the helper's parameters.
    """
    relayed = helper.memo.get(("MCP002.relayed",))
    if relayed is None:
        found: list[str] = []
        params = [p.name.value for p in (*helper.node.params.posonly_params, *helper.node.params.params)]
        params += [p.name.value for p in helper.node.params.kwonly_params]
        for value in helper.returns:
            literals = [value]
            if isinstance(value, cst.Name) and helper.bindings(value.value) == 1:
                literals.append(helper.assigned(value.value))  # type: ignore[arg-type]
            for literal in literals:
                if not isinstance(literal, (cst.Dict, cst.List)):
                    continue
                for passed, _ in _passed_through(literal):
                    if isinstance(passed, cst.Name) and passed.value in params and passed.value not in found:
                        if helper.bindings(passed.value) == 0:
                            found.append(passed.value)
        relayed = helper.memo[("MCP002.relayed",)] = [p for p in params if p in found]
    return _arguments_for(helper, call, relayed)


def _arguments_for(helper: FunctionInfo, call: cst.Call, names: Sequence[str]) -> list[cst.BaseExpression]:
    """The arguments a call gives a project function for some of its parameters, in the order of ``names`` (a
    keyword-only one only when given by keyword); those not given are left out."""
    if not names:
        return []
    params = helper.call_params(call)
    given = []
    for name in names:
        if name in params:
            value = argument(call, name, params.index(name))
        else:  # keyword-only: given by keyword or not at all
            arg = keyword_argument(call, name)
            value = arg.value if arg is not None else None
        if value is not None:
            given.append(value)
    return given


def _told_empty_arguments(helper: FunctionInfo, call: cst.Call) -> list[cst.BaseExpression]:
    """The arguments of a call that the project helper it calls answers, when they hold nothing, with a text that
    says nothing was found (``format_report(vulns, name)`` over ``def format_report(vulns, name): if not vulns:
    return f"No known vulnerabilities found for {name}"``): an empty value given there reads as nothing found.

    Args:
        helper (FunctionInfo): the function called.
        call (cst.Call): the call.
    Returns:
        list[cst.BaseExpression]: the arguments, in the order of the helper's parameters.
    """
    told = helper.memo.get(("MCP002.told_empty",))
    if told is None:
        params = [p.name.value for p in (*helper.node.params.posonly_params, *helper.node.params.params)]
        found: list[str] = []
        for branch in helper.own_of(cst.If):
            failed = _failed_test(branch.test)
            if failed is None or not failed[1] or not isinstance(failed[0], cst.Name):
                continue
            name = failed[0].value
            if name not in params or name in found or helper.bindings(name) or not isinstance(branch.body, cst.IndentedBlock):
                continue
            last = branch.body.body[-1] if branch.body.body else None
            small = last.body[-1] if isinstance(last, cst.SimpleStatementLine) and last.body else None
            if isinstance(small, cst.Return) and small.value is not None:
                text = report_text(small.value, helper)
                if ABSENCE.search(text) and not _FAILURE_PHRASE.search(text):
                    found.append(name)
        told = helper.memo[("MCP002.told_empty",)] = [p for p in params if p in found]
    return _arguments_for(helper, call, told)


def _passed_roots(function: FunctionInfo, index: ModuleIndex) -> set[tuple[str, FunctionInfo]]:
    """The empty values a function answers with as they are, each with the function whose broad ``except`` gives
    it in place of every exception: it passes on the outcome of a call (``return arxiv.search(q)``, or ``papers =
    search(q)`` then ``return [p.to_dict() for p in papers]``, not a local it tests first) of a helper that
    swallows into that value (see :func:`_swallow_roots`, with ``within``); None only where it reaches the answer
    whole. Worked out once per function."""

    def work() -> frozenset[tuple[str, FunctionInfo]]:
        tested = _tested_names(function)
        return frozenset(
            root for value in function.returns for _, _, roots in _outcome_roots(function, value, index, tested)
            for root in roots
        )  # fmt: skip

    return set(_remembered(function, "passed", index, (), work))


def _answered_whole_by(root: FunctionInfo, value: str, index: ModuleIndex) -> str | None:
    """The tool that answers, as it is, the empty value a function's own broad ``except`` gives (see
    :func:`_own_swallows`): one of the functions that call it, directly or through up to three helpers, passes
    it on (see :func:`_passed_roots`) and is the tool, or a function whose outcome the tool returns as it is.
    Found through the project model's callers, so also where the tool reaches it through a table of handler
    objects. Worked out once per function and value.

    Returns:
        str | None: the tool's name, or None.
    """

    def work() -> str | None:
        key = index.key_of(root)
        layer, seen = [root], {key}
        for _ in range(4):
            following: list[FunctionInfo] = []
            for function in layer:
                for caller in (function.module or index).callers(function):
                    if index.key_of(caller) in seen:
                        continue
                    seen.add(index.key_of(caller))
                    following.append(caller)
                    here = caller.module or index
                    scope = here.scopes.get(caller.node)
                    if scope is None:
                        continue
                    if not any(empty == value and index.key_of(r) == key for empty, r in _passed_roots(caller, here)):
                        continue
                    if scope.result_of is not None:
                        return scope.result_of.name
                    if scope.registered:
                        return caller.name
                    handler = here.answering_handler(scope, True, skip=_returned_when_set)
                    if handler is not None:
                        return handler.name
            layer = following
        return None

    return _remembered(root, "answered", index, (value,), work)


def _except_flags(function: FunctionInfo, index: ModuleIndex) -> dict[str, set[str]]:
    """The locals a function's own broad ``except`` clauses set to a constant ("False", "None"), when their ``try``
    sets the same local from the work that may fail (``try: exists = bool(client.get(x)) except Exception: exists
    = False``): local name to the constants."""
    found: dict[str, set[str]] = {}
    for node, handler in _own_handlers(function, index):
        for statement in handler.body.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if (
                    isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and isinstance(small.value, cst.Name) and small.value.value in ("False", "None")
                ):  # fmt: skip
                    name = small.targets[0].target.value
                    if any(_binds_name(line, name) for line in node.body.body):
                        found.setdefault(name, set()).add(small.value.value)
    return found


def _sets_inside(branch: cst.CSTNode, name: str, function: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether a ``try`` whose broad ``except`` sets a local to a constant (see :func:`_except_flags`) is inside the
    branch that tests the local: what the ``except`` sets comes after the test, not before it."""
    inside = {id(node) for node in nodes(branch, prune=_SCOPES) if isinstance(node, cst.Try)}
    return any(
        id(node) in inside and any(_binds_name(line, name) for line in handler.body.body)
        for node, handler in _own_handlers(function, index)
    )


def _skipped_items(function: FunctionInfo, index: ModuleIndex, depth: int = 0) -> dict[str, set[str]]:
    """The lists a function's loops fill one item at a time inside a ``try`` whose broad ``except`` skips the item
    (``except Exception: continue``), or only with the outcomes of a helper that turns every exception into None
    (``if email is not None: results.append(email)``), when every binding of the list is an empty literal or a
    filter of itself: when every item fails, the list is left empty, as when there were none; also the lists and
    sets that only ``try`` blocks whose broad ``except`` passes or logs fill. List name to ``{"[]"}``. ``depth``
    counts the helpers followed to get here (as in :func:`_swallowed_values`), so that recursion ends. Worked out
    once per function, index and depth."""
    found = _remembered(function, "skipped", index, (depth,), lambda: _find_skipped(function, index, depth))
    return {name: set(values) for name, values in found.items()}


def _find_skipped(function: FunctionInfo, index: ModuleIndex, depth: int) -> dict[str, set[str]]:
    """:func:`_skipped_items`, worked out."""
    found: dict[str, set[str]] = {}
    for loop in function.own_of(cst.For, cst.While):
        for node in nodes(loop.body, prune=_SCOPES):
            if not isinstance(node, cst.Try) or _guards_import(node):
                continue
            if not any(breadth(h, index) is not None and _skips(h) for h in node.handlers):
                continue
            for name in _filled(node.body):
                if _only_emptied(function, name) and not any(mentions(h, {name}) for h in node.handlers):
                    found[name] = {"[]"}  # not when a failed item leaves its error there
            for name in _set_in(node.body):
                # ``result = None``, then ``for candidate in ids: try: result = fetch(candidate); break except
                # Exception: continue``: when every try fails, ``result`` is still None, as when nothing was found
                if _only_none_elsewhere(function, name, node.body) and not any(mentions(h, {name}) for h in node.handlers):
                    found.setdefault(name, set()).add("None")
        # ``email = service.get_email(id)``, then ``if email is not None: results.append(email)``, where the helper
        # turns every exception into None: when every call fails, the list is left empty too.
        for node in nodes(loop.body, prune=_SCOPES):
            if not isinstance(node, cst.If):
                continue
            read = _failed_test(node.test)
            if read is None or read[1] or not isinstance(read[0], cst.Name):
                continue  # the body must be where the helper's outcome is a success
            call, position = function.assigned(read[0].value), None
            if call is None and function.unpacked(read[0].value) is not None:
                call, position = function.unpacked(read[0].value)  # type: ignore[misc]  # email, parts = fetch(id)
            if isinstance(call, cst.Await):
                call = call.expression
            helper = index.callee(function, call.func) if isinstance(call, cst.Call) else None
            if helper is None or helper is function:
                continue
            if not (_swallowed_values(helper, helper.module or index, position, depth + 1) & read[2]):
                continue
            inside = {id(n) for n in nodes(node.body, prune=_SCOPES)}
            for name in _filled(node.body):
                if _only_emptied(function, name) and all(id(call) in inside for call in _fills(function, name)):
                    found[name] = {"[]"}  # not when the list is filled elsewhere too (``else: zones.append(...)``)
    # ``page_ids = set()``, then, for each source, ``try: ... page_ids.add(p["id"]) except Exception: pass``: when
    # every source fails, the collection is left as empty as when there were none. Only when every fill of it is in
    # such a ``try``: a fill outside one raises on its own failure.
    swallowing = [
        node for node in function.own_of(cst.Try)
        if not _guards_import(node)
        and any(breadth(h, index) is not None and not leaves(h.body) and _quiet(h, stores=False) for h in node.handlers)
    ]  # fmt: skip
    inside = {id(call) for t in swallowing for _, call in _fill_calls(t.body)}
    for node in swallowing:
        for name in _filled(node.body):
            if name in found or not _only_emptied(function, name) or any(mentions(h, {name}) for h in node.handlers):
                continue
            if all(id(call) in inside for call in _fills(function, name)):
                found[name] = {"[]"}
    return found


def _set_in(block: cst.CSTNode) -> set[str]:
    """The locals a block binds with a plain ``name = value``."""
    return {
        target.target.value
        for node in nodes(block, prune=_SCOPES) if isinstance(node, cst.Assign)
        for target in node.targets if isinstance(target.target, cst.Name)
    }  # fmt: skip


def _only_none_elsewhere(function: FunctionInfo, name: str, block: cst.CSTNode) -> bool:
    """Whether a local is bound outside ``block`` only to None, at least once, and is not a loop target."""
    return _bound_only_to(function, name, lambda value: isinstance(value, cst.Name) and value.value == "None", block)


def _bound_only_to(
    function: FunctionInfo, name: str, accepts: Callable[[cst.BaseExpression], bool | None],
    outside: cst.CSTNode | None = None,
) -> bool:  # fmt: skip
    """Whether every binding of a local in a function (outside ``outside``, when given) is to a value ``accepts``
    takes (True) or lets pass (None), at least one taken; a loop or augmented assignment that binds it, or any other
    value, answers False."""
    inside = {id(n) for n in nodes(outside, prune=_SCOPES)} if outside is not None else set()
    bound = False
    for loop in (*function.own_of(cst.For), *function.own_of(cst.CompFor)):
        if binds(loop.target, name):
            return False
    for node in (*function.own_of(cst.Assign), *function.own_of(cst.AnnAssign), *function.own_of(cst.AugAssign)):
        if id(node) in inside:
            continue
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        if not any(binds(t, name) for t in targets):
            continue
        if isinstance(node, cst.AugAssign) or node.value is None:
            return False
        verdict = accepts(node.value)
        if verdict is False:
            return False
        bound = bound or verdict is True
    return bound


def _fill_calls(block: cst.CSTNode) -> Iterator[tuple[str, cst.Call]]:
    """The calls in a block that append to or extend a local list, or add to a local set, with the local's name."""
    for node in nodes(block, prune=_SCOPES):
        if (
            isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in ("append", "extend", "add") and isinstance(node.func.value, cst.Name)
        ):  # fmt: skip
            yield node.func.value.value, node


def _filled(block: cst.CSTNode) -> set[str]:
    """The locals a block appends to or extends."""
    return {name for name, _ in _fill_calls(block)}


def _fills(function: FunctionInfo, name: str) -> list[cst.Call]:
    """Every call in a function that appends to or extends the local ``name``."""
    return [call for filled, call in _fill_calls(function.node.body) if filled == name]


def _extended_by(function: FunctionInfo, name: str) -> list[cst.BaseExpression]:
    """What a local list is extended with, when every fill of it is an ``extend`` with a call's outcome (awaited or
    not); else none."""
    parts: list[cst.BaseExpression] = []
    for call in _fills(function, name):
        if call.func.attr.value != "extend" or len(call.args) != 1:  # type: ignore[attr-defined]
            return []
        given = call.args[0].value
        if not isinstance(given.expression if isinstance(given, cst.Await) else given, cst.Call):
            return []
        parts.append(given)
    return parts


def _filled_over(function: FunctionInfo, name: str) -> list[cst.BaseExpression]:
    """What a local list is filled from, when every fill of it sits in a ``for`` loop of the function (``for account
    in accounts: if matches(account): ids.append(account["id"])``): each such loop's iterable, outermost first,
    which leaves the list empty when it is; else none."""
    fills = _fills(function, name)
    if not fills:
        return []
    iterables: list[cst.BaseExpression] = []
    for call in fills:
        loops = [node for node in function.path_to(call) or [] if isinstance(node, cst.For)]
        if not loops:
            return []
        iterables.extend(loop.iter for loop in loops if not any(loop.iter is seen for seen in iterables))
    return iterables


def _ends_in_continue(handler: cst.ExceptHandler, also_break: bool = False) -> bool:
    """Whether an ``except`` clause's last statement ends with ``continue`` (or, with ``also_break``, with
    ``break``: the loop stops, and the items or pages after the failed one are left out too)."""
    body = handler.body.body if isinstance(handler.body, cst.IndentedBlock) else ()
    last = body[-1] if body else None
    kinds = (cst.Continue, cst.Break) if also_break else cst.Continue
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], kinds)


def _skips(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` clause goes on to the next item: it ends in ``continue`` or only passes."""
    body = handler.body.body if isinstance(handler.body, cst.IndentedBlock) else ()
    return _ends_in_continue(handler) or (
        len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) and all(isinstance(s, cst.Pass) for s in body[0].body)
    )


def _only_emptied(function: FunctionInfo, name: str) -> bool:
    """Whether every binding of a local is an empty list, ``set()``, a comprehension over the local itself
    (``rows = [r for r in rows if r["id"]]``) or a slice of it (``rows = rows[:limit]``), an empty one at least."""

    def accepts(value: cst.BaseExpression) -> bool | None:
        if isinstance(value, cst.List) and not value.elements:
            return True
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "set" and not value.args:
            return True
        if isinstance(value, cst.ListComp) and isinstance(value.for_in.iter, cst.Name) and value.for_in.iter.value == name:
            return None
        if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) and value.value.value == name and all(
            isinstance(e.slice, cst.Slice) for e in value.slice
        ):  # fmt: skip
            return None  # ``rows = rows[:limit]``
        return False

    return _bound_only_to(function, name, accepts)


def _binds_name(statement: cst.BaseStatement, name: str) -> bool:
    """Whether a simple statement line assigns the local ``name``."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    return any(
        isinstance(small, cst.Assign)
        and any(isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets)
        for small in statement.body
    )


def _whole_work(statements: Sequence[cst.BaseStatement]) -> Sequence[cst.BaseStatement]:
    """A function's statements, or, when the last of them is a ``try`` without ``else`` or ``finally``, that
    ``try``'s own (``try: for event in events: ...; return None`` / ``except Exception as e: raise
    RuntimeError(...)``): the ``try`` holds the function's work, and what its body skips never reaches its clauses."""
    last = statements[-1] if statements else None
    if isinstance(last, cst.Try) and last.orelse is None and last.finalbody is None:
        return last.body.body
    return statements


def _loop_swallowed(helper: FunctionInfo, index: ModuleIndex) -> list[tuple[str, cst.CSTNode | None]]:
    """What a helper returns after a loop that tries each candidate and skips those that raise (``except Exception:
    continue``), when its last statement is ``return None`` or ``return False``: every exception ends there too.
    With that ``return``."""
    body = helper.node.body
    statements = _whole_work(body.body if isinstance(body, cst.IndentedBlock) else ())
    last = statements[-1] if statements else None
    if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
        return []
    value = last.body[-1].value
    text = "None" if value is None else value.value if isinstance(value, cst.Name) else None
    if text not in ("None", "False"):
        return []
    for statement in statements[:-1]:
        if not isinstance(statement, (cst.For, cst.While)):
            continue
        for node in nodes(statement.body, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            if not isinstance(node, cst.Try) or _guards_import(node):
                continue
            for handler in node.handlers:
                if _ends_in_continue(handler) and breadth(handler, index) is not None:
                    return [(text, last.body[-1])]  # type: ignore[list-item]
    return []


def _fallthrough_swallowed(
    helper: FunctionInfo, index: ModuleIndex, position: int | None = None
) -> list[tuple[str, cst.CSTNode | None]]:  # fmt: skip
    """What a helper returns after a ``try`` whose broad ``except`` only logs and falls through (``try: return
    refresh() except Exception as e: print(e)`` then ``return None``, or the end of the function): every
    exception ends there. With a position, what that ``return`` puts there in a tuple (``return None, session,
    None``). With that ``return`` (None where the function ends)."""
    body = helper.node.body
    statements = list(body.body) if isinstance(body, cst.IndentedBlock) else []
    for at, statement in enumerate(statements):
        if not isinstance(statement, cst.Try) or _guards_import(statement):
            continue
        quiet = [h for h in statement.handlers if breadth(h, index) is not None and not leaves(h.body) and _quiet(h)]
        if not quiet:
            continue
        if statement.orelse is not None or statement.finalbody is not None:
            continue
        following = statements[at + 1] if at + 1 < len(statements) else None
        if following is None:
            return [("None", None)] if position is None else []  # the function ends: it returns None
        if isinstance(following, cst.SimpleStatementLine) and isinstance(following.body[0], cst.Return):
            returned = following.body[0]
            value, known = _returned_at(returned, position)
            if not known:
                return []
            if value is None:
                return [("None", returned)]
            if isinstance(value, cst.Name) and value.value in ("False", "None"):
                return [(value.value, returned)]
            value = _unsliced(value)  # ``return papers[:max_results]``
            if isinstance(value, cst.Name) and _set_empty_before(statements[:at], value.value):
                return [("[]", returned)]  # ``apps = []``, filled in the ``try``: every exception leaves it empty
            if isinstance(value, cst.Name):
                # ``except Exception: _client = None`` then ``return _client``
                emptied = {
                    small.value.value
                    for handler in quiet for line in handler.body.body if isinstance(line, cst.SimpleStatementLine)
                    for small in line.body if isinstance(small, cst.Assign)
                    and any(isinstance(t.target, cst.Name) and t.target.value == value.value for t in small.targets)
                    and isinstance(small.value, cst.Name) and small.value.value in ("None", "False")
                }  # fmt: skip
                if emptied:
                    return [(text, returned) for text in sorted(emptied)]
    return []


def _returned_at(returned: cst.Return, position: int | None) -> tuple[cst.BaseExpression | None, bool]:
    """What a ``return`` sends, or with a position what it puts there in a tuple (``return None, zone, None``); and
    whether that is known (not for a position the tuple lacks, or a tuple with a starred element)."""
    value = returned.value
    if position is None:
        return value, True
    elements = value.elements if isinstance(value, cst.Tuple) else ()
    if position >= len(elements) or any(isinstance(e, cst.StarredElement) for e in elements):
        return None, False
    return elements[position].value, True


def _reports_error_beside(
    payload: cst.BaseExpression, function: FunctionInfo, helper: FunctionInfo, index: ModuleIndex
) -> bool:
    """Whether a report carries what a helper put beside its swallowed value: the report reads a local unpacked
    from the helper's call (``ok, detail = await run_guarded(...)``) at a position where every broad ``except``
    of the helper returns the caught exception (``return False, f"Error: {e}"``)."""
    for name in value_names(payload)[0]:
        unpacked = function.unpacked(name)
        if unpacked is None:
            continue
        value, position = unpacked
        if isinstance(value, cst.Await):
            value = value.expression
        if isinstance(value, cst.Call) and callee_name(value.func) == helper.name and _error_at(helper, position, index):
            return True
    return False


def _error_at(helper: FunctionInfo, position: int, index: ModuleIndex) -> bool:
    """Whether every ``return`` in a helper's broad ``except`` clauses (one at least) puts the caught exception at
    a position of the tuple it returns."""
    found = False
    for handler in helper.own_of(cst.ExceptHandler):
        if breadth(handler, index) is None:
            continue
        caught = caught_name(handler)
        for node in nodes(handler.body, prune=_SCOPES):
            if not isinstance(node, cst.Return):
                continue
            value, known = _returned_at(node, position)
            if not known or value is None or caught is None or not mentions(value, {caught}):
                return False
            found = True
    return found


def _unfound_fallthrough(
    helper: FunctionInfo, index: ModuleIndex, position: int | None = None
) -> list[tuple[str, cst.CSTNode | None]]:  # fmt: skip
    """What a helper returns last when each of its ``try`` statements sets a local that starts as None and its
    broad ``except`` only logs or passes, and only ``if`` statements that test those locals come between the
    tries and that last ``return`` (``latest = None``, ``try: latest = filings.latest()`` / ``except Exception:
    pass``, then ``if latest: return latest, "10-K"``, then ``return None, None``): every exception leaves the
    locals None, every test fails, and the last line answers. With a position, what that ``return`` puts there in
    a tuple. With that ``return``."""
    body = helper.node.body
    statements = list(body.body) if isinstance(body, cst.IndentedBlock) else []
    last = statements[-1] if statements else None
    if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Return)):
        return []
    returned = last.body[0]
    value, known = _returned_at(returned, position)
    if not known or not (value is None or isinstance(value, cst.Name) and value.value == "None"):
        return []
    tries = [at for at, s in enumerate(statements) if isinstance(s, cst.Try)]
    if not tries:
        return []
    set_names: set[str] = set()
    for at in tries:
        statement = statements[at]
        assert isinstance(statement, cst.Try)
        if statement.orelse is not None or statement.finalbody is not None or _guards_import(statement):
            return []
        if any(isinstance(n, cst.Return) for n in nodes(statement.body, prune=_SCOPES)):
            return []  # ``try: return refresh()``: see _fallthrough_swallowed
        if not all(breadth(h, index) is not None and not leaves(h.body) and _quiet(h, stores=False) for h in statement.handlers):
            return []
        set_names |= {name for name in _set_in(statement.body) if _only_none_elsewhere(helper, name, statement.body)}
    if not set_names:
        return []
    for between in statements[tries[-1] + 1 : -1]:
        if not isinstance(between, cst.If):
            return []
        branch: cst.If | cst.Else | None = between
        while isinstance(branch, cst.If):
            if not mentions(branch.test, set_names) or set_names & _set_in(branch.body):
                return []
            branch = branch.orelse
        if branch is not None:
            return []  # an ``else`` answers whatever the tests found
    return [("None", returned)]


def _binds_name_first(statements: Sequence[cst.BaseStatement], name: str) -> bool:
    """Whether the first of these statements that mentions ``name`` binds it anew (``jobs = fetch_again()``)."""
    for statement in statements:
        if mentions(statement, {name}):
            return isinstance(statement, cst.SimpleStatementLine) and any(
                isinstance(small, cst.Assign) and any(binds(t.target, name) for t in small.targets)
                and not mentions(small.value, {name})
                for small in statement.body
            )  # fmt: skip
    return False


def _set_empty_before(statements: Sequence[cst.BaseStatement], name: str) -> bool:
    """Whether the last of these statements that binds ``name`` binds it to an empty list or dict."""
    for statement in reversed(statements):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in reversed(statement.body):
            if isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets
            ):
                return isinstance(small.value, (cst.List, cst.Dict)) and not small.value.elements
    return False


def _carries_error(call: cst.BaseExpression, position: int, index: ModuleIndex, function: FunctionInfo) -> bool:
    """Whether the value at ``position`` of what ``call`` returns may be an error: True unless the callee is known and
    its broad ``except`` clauses put only constants there (not a dict or list that holds the exception)."""
    if isinstance(call, cst.Await):
        call = call.expression
    helper = index.callee(function, call.func) if isinstance(call, cst.Call) else None
    if helper is None:
        return True
    for handler, returned in _handled_returns(helper):
        if isinstance(returned.value, (cst.Tuple, cst.List)):
            elements = returned.value.elements
            if position >= len(elements):
                continue
            element = elements[position].value
            if not isinstance(element, (cst.Name, cst.SimpleString, cst.Integer, cst.Dict, cst.List)):
                return True
            if isinstance(element, cst.Name) and _records_exception(handler, element.value):
                return True  # info["reason"] = f"... {exc}" then return False, info
            if isinstance(element, (cst.Dict, cst.List)) and set(value_names(element)[0]) & _Informativeness(
                helper.module or index, helper, handler
            ).derived:
                return True  # return False, {"error": f"Request error: {error_message}"}, error_message = str(e)
    return False


def _reports_in_text(expr: cst.BaseExpression) -> bool:
    """Whether a string expression holds a line that reads as a failure (``"## Reviews\n\nError fetching
    reviews."``)."""
    if string_prefix(expr) is None and not isinstance(expr, (cst.SimpleString, cst.FormattedString)):
        return False
    return any(ERROR_TEXT.match(line.strip()) for line in literal_text(expr).splitlines())


def _error_place(value: cst.BaseExpression | None, function: FunctionInfo) -> cst.BaseExpression | None:
    """The text in the error place of a (result, error) pair that a function answers with None in the result's
    place (``return None, f"The RSI came out empty (length: {length})"``), where the function answers success as
    the pair's other way round elsewhere (``return series, None``); None otherwise."""
    if not (isinstance(value, cst.Tuple) and len(value.elements) == 2):
        return None
    result, error = (element.value for element in value.elements)
    if not (isinstance(result, cst.Name) and result.value == "None"):
        return None
    if not (
        isinstance(error, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))
        or isinstance(error, cst.BinaryOperation) and string_prefix(error) is not None
    ):  # fmt: skip
        return None
    for other in function.returns:
        if isinstance(other, cst.Tuple) and len(other.elements) == 2:
            made, none = (element.value for element in other.elements)
            if isinstance(none, cst.Name) and none.value == "None" and not (
                isinstance(made, cst.Name) and made.value == "None"
            ):  # fmt: skip
                return error
    return None


def _unsliced(expr: cst.BaseExpression) -> cst.BaseExpression:
    """What a slice is taken of (``papers`` for ``papers[:n]``); any other expression itself."""
    if isinstance(expr, cst.Subscript) and all(isinstance(e.slice, cst.Slice) for e in expr.slice):
        return expr.value
    return expr


def _gives_up(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` clause returns or raises (else the function goes on after it)."""
    return any(isinstance(n, (cst.Return, cst.Raise)) for n in nodes(handler.body, prune=_SCOPES))


def _returned(function: FunctionInfo, name: str) -> bool:
    """Whether a function returns a local, directly or through the locals it goes into: ``result =
    {"server_info": server_info}`` then ``return result``; ``jobs.append(status)``, ``report = Report(jobs=jobs)``,
    then ``return report.model_dump()``."""
    into: dict[str, set[str]] = {}  # local -> the locals its value goes into
    for node in function.own_of(cst.Assign, cst.Call):
        if isinstance(node, cst.Assign):
            targets = {_stored_in(t.target) for t in node.targets}
            for target in targets:
                if isinstance(target, cst.Name):
                    for read in value_names(node.value)[0]:
                        into.setdefault(read, set()).add(target.value)
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in (
            "append", "extend", "insert", "add", "update", "setdefault"
        ):
            holder = _stored_in(node.func.value)
            if isinstance(holder, cst.Name):
                for arg in node.args:
                    for read in value_names(arg.value)[0]:
                        into.setdefault(read, set()).add(holder.value)
    returned = {read for value in function.returns for read in value_names(value)[0]}
    seen, stack = {name}, [name]
    while stack:
        current = stack.pop()
        if current in returned:
            return True
        for later in into.get(current, ()):
            if later not in seen:
                seen.add(later)
                stack.append(later)
    return False


def _constant_key(node: cst.Subscript) -> str | None:
    """The key of ``data["key"]``, when it is one plain string literal; else None."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    return string_value(node.slice[0].slice.value)


def _keys_read(function: FunctionInfo, name: str) -> set[str] | None:
    """The keys under which a function reads a local dict (``data["info"]``, ``data.get("info", {})``), when it
    uses the local only that way (and binds or fills it); None when the local goes anywhere whole (returned,
    passed on, iterated, serialised)."""
    written: set[int] = set()
    for a in function.own_of(cst.Assign, cst.AugAssign, cst.AnnAssign):
        for target in [t.target for t in a.targets] if isinstance(a, cst.Assign) else [a.target]:
            written.add(id(target))
    keyed: set[int] = set()
    read: set[str] = set()
    for node in function.own_of(cst.Subscript, cst.Call):
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == name:
            key = _constant_key(node)
            if key is None:
                return None
            keyed.add(id(node.value))
            if id(node) not in written:
                read.add(key)
        elif (
            isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name) and node.func.value.value == name
        ):  # fmt: skip
            first = node.args[0].value if node.args else None
            if node.func.attr.value != "get" or not isinstance(first, cst.SimpleString):
                return None
            keyed.add(id(node.func.value))
            read.add(string_value(first) or "")
    for node in function.own_of(cst.Name):
        if node.value == name and id(node) not in keyed and id(node) not in written:
            return None  # ``return data``, ``render(data)``, ``for k in data``
    return read


def _sent_choice(node: cst.Assign, function: FunctionInfo) -> bool:
    """Whether an assignment binds a local the function returns (see :func:`_returned`), or a key of one, to a
    value that chooses between two arms (``response = {"message": "Synced" if success else "Sync failed"}``,
    ``results[device] = {"status": "connected" if ok else "failed"}``)."""
    stored = _stored_in(node.targets[0].target) if len(node.targets) == 1 else None
    if not isinstance(stored, cst.Name):
        return False
    if not any(isinstance(n, cst.IfExp) for n in nodes(node.value, prune=(cst.Lambda,))):
        return False
    return _returned(function, stored.value)


def _raises_given(node: cst.CSTNode, function: FunctionInfo) -> bool:
    """Whether a ``raise`` raises an exception object the function did not build from constants: a parameter or a
    local bound to anything but a call (``raise fallback_error``, given by the caller with the real cause)."""
    if not (isinstance(node, cst.Raise) and isinstance(node.exc, cst.Name)):
        return False
    bound = function.assigned(node.exc.value)
    return not isinstance(bound, cst.Call)


#: Calls whose value is their argument's, serialised or copied: ``json.dumps(rows)``, ``list(rows)``.
_SERIALISERS = frozenset({"dumps", "list", "tuple", "sorted", "set", "dict", "str", "jsonify", "JSONResponse"})


def _passed_through(expr: cst.BaseExpression, strict: bool = False) -> Iterator[tuple[cst.BaseExpression, bool]]:
    """The parts of a returned value that reach the result unchanged, so that an empty value there reads as an
    empty result: the value itself, the values of a dict or list literal, a comprehension's iterable, the
    positional arguments of a call (``json.dumps(papers)``) and the text or content it is given
    (``TextContent(text=...)``) or the data a result model carries (``ToolResult(data=...)``), a slice
    (``papers[:n]``), a conditional's arms and an f-string's fields; not an attribute or an item of it
    (``result.text`` fails on None instead). Each comes with whether None passes there as the answer (not through
    a comprehension or a slice, which fail on it, nor as one field of a dict or list, where it is a missing part;
    the one element of a list, ``[TextContent(...)]``, is the whole answer). ``strict`` (for what a helper returns,
    which may be one part of a longer answer) leaves out f-string fields, dict and list members and the arguments
    of calls other than serialisers (``"\n".join(lines)``, ``f"PDF: {status}"``, ``{"period": period}``)."""
    stack: list[tuple[cst.BaseExpression, bool]] = [(expr, True)]
    while stack:
        node, keeps_none = stack.pop()
        if isinstance(node, cst.Await):
            node = node.expression
        yield node, keeps_none
        if isinstance(node, cst.Dict) and not strict:
            stack.extend((e.value, False) for e in node.elements if isinstance(e, cst.DictElement))
        elif isinstance(node, (cst.List, cst.Tuple, cst.Set)) and not strict:
            # the one element of ``[TextContent(...)]`` is the whole answer, not a missing part of it
            alone = keeps_none and len(node.elements) == 1
            stack.extend((e.value, alone) for e in node.elements)
        elif isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            stack.append((node.for_in.iter, False))
        elif isinstance(node, cst.Call):
            if not strict:
                # ``json.dumps(papers)``, ``TextContent(type="text", text=json.dumps(papers))``, the answer a
                # result model carries (``ToolResult(success=True, data=_format_pod(pod, events))``); not the
                # other keywords of a model, each one field of a larger answer
                model = (callee_name(node.func) or "")[:1].isupper()
                stack.extend(
                    (a.value, keeps_none) for a in node.args
                    if not a.star and (
                        a.keyword is None or a.keyword.value in ("text", "content")
                        or model and a.keyword.value in ("data", "result")
                    )
                )  # fmt: skip
            elif callee_name(node.func) in _SERIALISERS:
                stack.extend((a.value, keeps_none) for a in node.args if a.keyword is None and not a.star)
        elif (sliced := _unsliced(node)) is not node:
            stack.append((sliced, False))
        elif isinstance(node, cst.IfExp):
            stack.extend(((node.body, keeps_none), (node.orelse, keeps_none)))
        elif isinstance(node, cst.FormattedString) and not strict:
            stack.extend(
                (p.expression, keeps_none) for p in node.parts if isinstance(p, cst.FormattedStringExpression)
            )


def _outcome_calls(
    function: FunctionInfo, value: cst.BaseExpression, skip: Collection[str] = frozenset(), strict: bool = False,
    index: ModuleIndex | None = None,
) -> Iterator[tuple[cst.Call, bool]]:
    """The calls whose outcome a returned value passes on (see ``_passed_through``), directly or through a local
    bound once to one (``repos = get_items(...)`` then ``return [convert(r) for r in repos]``), to a comprehension
    over one (``companies = [{...} for r in results]``, then ``return {"companies": companies}``), or to a dict or
    list literal that holds it (``response = {"result": {"groups": groups}}`` then ``return
    json.dumps(response)``, or ``reply = {"original": original, "related": related}`` holding it as one part of
    several), each with whether None passes; locals in ``skip`` (tested before the return) are not
    followed. A local bound more than once is read from the binding that reaches the value (``comments =
    get_comments(...)`` in one branch of a low-level dispatcher). A local bound once to a conditional is followed
    into its arms (``docs = found if ok else []``); with ``index``, a local unpacked from a project function that
    awaits the coroutine it is given and returns its result there (``ok, found = await run_guarded(
    store.list_docs())`` over ``result = await asyncio.wait_for(awaitable, t)``, ``return True, result``) passes on
    that coroutine's call."""
    pending = [(value, True, 0)]
    seen: set[str] = set()
    while pending:
        start, keeps, depth = pending.pop()
        for passed, keeps_none in _passed_through(start, strict):
            keeps_none = keeps_none and keeps
            if isinstance(passed, cst.Name):
                name = passed.value
                # tested first; not when the binding that reaches here comes after every test of it
                skipped = name in skip and not _tested_before_rebound(function, name, passed)
                bound = None
                if not skipped and function.bindings(name) == 1:
                    bound = function.assigned(name)
                elif not skipped:
                    # bound in each branch of a dispatcher: the binding that reaches this value
                    bound = function.reaching(name, function.path_to(passed) or [])
                if isinstance(bound, cst.Await):
                    bound = bound.expression
                if bound is None and index is not None and not skipped:
                    unpacked = function.unpacked(name)
                    bound = _awaited_at(index, function, *unpacked) if unpacked is not None else None
                if isinstance(bound, cst.IfExp) and depth < 3 and name not in seen:
                    seen.add(name)
                    pending.append((bound, keeps_none, depth + 1))
                    continue
                if isinstance(bound, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)) and depth < 3 and (
                    name not in seen
                ):  # ``companies = [{"cik": r["cik"]} for r in results]``: empty when what it goes through is
                    seen.add(name)
                    pending.append((bound, False, depth + 1))
                    continue
                if (
                    isinstance(bound, cst.List) and not bound.elements and depth < 3 and name not in seen
                    and not _extended_by(function, name) and (over := _filled_over(function, name))
                ):  # fmt: skip
                    # ``ids = []``, then ``for account in accounts: ... ids.append(...)``: a list filled only in
                    # loops over what calls answered is empty when they are, like a comprehension over them
                    seen.add(name)
                    pending.extend((iterable, False, depth + 1) for iterable in over)
                    continue
                if isinstance(bound, (cst.Dict, cst.List)) and not strict and depth < 3 and name not in seen:
                    seen.add(name)
                    if _one_payload(bound, function):
                        pending.append((bound, keeps_none, depth + 1))
                    elif bound.elements:
                        # ``result = {"name": topic, "config": config, "owner": meta.owner}``: each value is one
                        # part of the answer, as in a literal returned as it is
                        pending.append((bound, False, depth + 1))
                    elif isinstance(bound, cst.Dict) and not bound.elements:
                        # ``results = {}``, then ``results["projects"] = search_projects(q)`` for each part: a
                        # dict made only of what calls return holds their outcomes, as a literal of them does
                        parts = _stored_parts(function, name)
                        calls = [p.expression if isinstance(p, cst.Await) else p for p in parts]
                        if parts and all(isinstance(call, cst.Call) for call in calls):
                            pending.extend((part, False, depth + 1) for part in parts)
                    elif isinstance(bound, cst.List) and not bound.elements:
                        # ``problems = []``, then ``problems.extend(_check_nodes(cluster))`` for each check: a list
                        # made only of what calls return holds their outcomes
                        parts = _extended_by(function, name)
                        if parts:
                            pending.extend((part, False, depth + 1) for part in parts)
                    continue
                passed = bound  # type: ignore[assignment]
            if isinstance(passed, cst.Call):
                yield passed, keeps_none


#: Calls that await the coroutine they are given first and answer its result.
_AWAIT_RUNNERS = frozenset({"wait_for", "shield"})


def _awaited_at(index: ModuleIndex, caller: FunctionInfo, value: cst.BaseExpression, position: int) -> cst.Call | None:
    """The coroutine call a project function is given and answers the result of at one place of the tuple it
    returns (``await run_guarded(store.list_docs(), "list")`` over ``result = await asyncio.wait_for(awaitable,
    t)`` then ``return True, result``: at place 1, ``store.list_docs()``); None for anything else."""
    call = value.expression if isinstance(value, cst.Await) else value
    if not isinstance(call, cst.Call):
        return None
    callee = index.callee(caller, call.func)
    if callee is None:
        return None
    params = callee.call_params(call)
    for returned in callee.returns:
        if not isinstance(returned, cst.Tuple) or position >= len(returned.elements):
            continue
        element = returned.elements[position].value
        if isinstance(element, cst.Name) and callee.bindings(element.value) == 1:
            element = callee.assigned(element.value)
        awaited = element.expression if isinstance(element, cst.Await) else None
        if isinstance(awaited, cst.Call) and callee_name(awaited.func) in _AWAIT_RUNNERS and awaited.args:
            awaited = awaited.args[0].value
        if isinstance(awaited, cst.Name) and awaited.value in params:
            given = argument(call, awaited.value, params.index(awaited.value))
            return given if isinstance(given, cst.Call) else None
    return None


def _stored_parts(function: FunctionInfo, name: str) -> list[cst.BaseExpression]:
    """The values a function stores under keys of the local dict ``name`` (``results["todos"] = ...``); empty when
    it also changes the dict another way (``results.update(...)``, ``results[k] += ...``)."""
    for node in function.own:
        if isinstance(node, cst.AugAssign) and _stored_in(node.target) is not node.target and mentions(node.target, {name}):
            return []
        if (
            isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name) and node.func.value.value == name
            and node.func.attr.value not in ("get", "keys", "values", "items")
        ):  # fmt: skip
            return []
    return function.key_stores(name)


def _whole_parts(value: cst.BaseExpression) -> list[cst.Call] | None:
    """The calls a returned dict literal is made of, when every value in it is one (``{"projects":
    self.search_projects(q), "todos": self.search_todos(q)}``): what the function answers is their outcomes
    and nothing else. None for any other value."""
    if not isinstance(value, cst.Dict) or not value.elements:
        return None
    calls: list[cst.Call] = []
    for element in value.elements:
        part = element.value
        if isinstance(part, cst.Await):
            part = part.expression
        if not (isinstance(element, cst.DictElement) and isinstance(part, cst.Call)):  # ``**base`` too
            return None
        calls.append(part)
    return calls


#: Calls whose value describes the answer rather than adding to it: ``len(rows)``, ``datetime.now().isoformat()``.
_METADATA_CALLS = frozenset({"len", "str", "int", "bool", "now", "utcnow", "isoformat", "time", "today", "strftime"})


def _one_payload(literal: cst.Dict | cst.List, function: FunctionInfo) -> bool:
    """Whether a dict or list literal holds one value beside what describes it: ``{"timestamp":
    datetime.now().isoformat(), "operation": "get_server_groups", "result": {"count": len(groups), "groups":
    groups}}`` is the answer ``groups`` with its metadata, and None there is the whole answer; an assessment that
    also holds what other calls found is a larger answer, of which the swallowed value is one part (None there is a
    part left out, an empty list a part that reads as found empty)."""
    params = {p.name.value for p in function.node.params.params}
    payload: set[str] = set()
    measured: set[str] = set()
    stack: list[cst.BaseExpression] = [literal]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Dict):
            stack.extend(e.value for e in node.elements if isinstance(e, cst.DictElement))
        elif isinstance(node, (cst.List, cst.Tuple)):
            stack.extend(e.value for e in node.elements)
        elif isinstance(node, (cst.SimpleString, cst.Integer, cst.Float, cst.ConcatenatedString)):
            continue
        elif isinstance(node, cst.Name):
            if node.value not in params and node.value not in ("None", "True", "False"):
                payload.add(node.value)
        elif isinstance(node, cst.FormattedString):
            if not set(value_names(node)[0]) <= params:
                return False
        elif isinstance(node, cst.Call) and callee_name(node.func) in _METADATA_CALLS:
            if callee_name(node.func) == "len" and node.args and isinstance(node.args[0].value, cst.Name):
                measured.add(node.args[0].value.value)
        elif isinstance(node, (cst.Call, cst.Attribute)) and set(value_names(node)[0]) <= params:
            continue  # what the tool was asked: ``status.upper()``
        else:
            return False  # an expression of its own: another part of the answer
    return len(payload) == 1 and measured <= payload


def _tested_names(function: FunctionInfo) -> set[str]:
    """The locals a function's ``if`` tests, conditional expressions and ``assert`` statements read; not a
    conditional that only puts an empty value in place of an empty one (``papers if papers else []``), which passes
    the outcome on either way."""
    return set(_tests(function))


def _tests(function: FunctionInfo) -> dict[str, list[cst.CSTNode]]:
    """:func:`_tested_names`, each with the tests that read it; worked out once per function."""
    known = function.memo.get(("MCP002.tests",))
    if known is not None:
        return known  # type: ignore[no-any-return]
    found: dict[str, list[cst.CSTNode]] = {}
    for node in function.own_of(cst.If, cst.IfExp, cst.While, cst.Assert):
        if isinstance(node, cst.IfExp) and _empties_empty(node):
            continue
        if isinstance(node, cst.If) and (_read_as_success_in(node) is not None or _only_remarks(node)):
            continue
        if isinstance(node, (cst.IfExp, cst.If)):
            # ``found if ok and isinstance(found, list) else []``, ``if isinstance(results, str):``: a type test
            # lets an empty list or dict through
            names = _read_untyped(node.test)
        else:
            names = set(value_names(node.test)[0])
        for name in names:
            found.setdefault(name, []).append(node)
    function.memo[("MCP002.tests",)] = found
    return found


def _tested_before_rebound(function: FunctionInfo, name: str, use: cst.CSTNode) -> bool:
    """Whether every test of a local comes before the binding of it that reaches a use (``issues = first(id)``,
    ``if issues: return issues``, then ``issues = by_name(id)`` and ``return json.dumps(issues)``): that binding is
    not tested, and its outcome passes on as it is."""
    if function.bindings(name) < 2:
        return False
    bound = function.reaching(name, function.path_to(use) or [])
    tests = _tests(function).get(name)
    return bound is not None and bool(tests) and all(_before(function, test, bound) for test in tests)


def _before(function: FunctionInfo, first: cst.CSTNode, second: cst.CSTNode) -> bool:
    """Whether a node of a function comes before another in the source (neither holding the other)."""
    one, other = function.path_to(first) or [], function.path_to(second) or []
    for at, (mine, theirs) in enumerate(zip(one, other)):
        if mine is not theirs:
            if at == 0:
                return False
            for child in children(one[at - 1]):
                if child is mine:
                    return True
                if child is theirs:
                    return False
            return False
    return False


def _only_remarks(node: cst.If) -> bool:
    """Whether an ``if`` without ``else`` only makes remarks (``if snapshot: logger.info("read it")``): calls as
    statements and ``pass``, so what the function goes on to return is the same either way."""
    if node.orelse is not None or not isinstance(node.body, cst.IndentedBlock):
        return False
    return all(
        isinstance(statement, cst.SimpleStatementLine)
        and all(isinstance(small, cst.Pass) or isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)
                for small in statement.body)
        for statement in node.body.body
    )  # fmt: skip


def _read_as_success_in(node: cst.If) -> str | None:
    """The local whose emptiness an ``if`` answers as a success, if any: its empty branch returns or sets only text
    that is not a failure, or lists of such text (``if not problems: summary = "Cluster appears healthy"``, ``if not
    found: return "No matches"``), and raises nothing; so a helper's swallowed failure that leaves the local empty
    is read as that answer, and the test does not stop it being passed on."""
    failed = _failed_test(node.test)
    if failed is None or not failed[1] or not isinstance(failed[0], cst.Name) or not isinstance(node.body, cst.IndentedBlock):
        return None
    texts: list[cst.BaseExpression] = []
    for statement in node.body.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            return None
        for small in statement.body:
            if isinstance(small, cst.Return) and small.value is not None:
                if _says_nothing_found(small.value):
                    return None  # ``return "No leases found."``: read as a constant report of the failure, elsewhere
                texts.append(small.value)
            elif isinstance(small, cst.Assign) and all(isinstance(t.target, cst.Name) for t in small.targets):
                texts.append(small.value)
            elif not isinstance(small, (cst.Expr, cst.Pass)):
                return None
    strings = [
        part for text in texts
        for part in ([e.value for e in text.elements] if isinstance(text, (cst.List, cst.Tuple)) else [text])
    ]  # fmt: skip
    if strings and all(string_prefix(text) is not None and not is_error_string(text) for text in strings):
        return failed[0].value
    return None


def _read_untyped(test: cst.BaseExpression) -> set[str]:
    """The names a test reads other than as what an ``isinstance`` call of it tests (``ok and isinstance(found,
    list)``: ``ok``)."""
    typed = [n for n in nodes(test) if isinstance(n, cst.Call) and callee_name(n.func) == "isinstance"]
    inside = {id(n) for call in typed for n in nodes(call)}
    names = set(value_names(test)[0])
    return {
        name for name in names
        if any(isinstance(n, cst.Name) and n.value == name and id(n) not in inside for n in nodes(test))
    }  # fmt: skip


def _empties_empty(node: cst.IfExp) -> bool:
    """Whether a conditional only puts an empty value in place of a local's falsy one: ``papers if papers else
    []``, ``rows if rows is not None else []``."""
    failed = _failed_test(node.test)
    return (
        failed is not None and not failed[1] and isinstance(failed[0], cst.Name)
        and isinstance(node.body, cst.Name) and node.body.value == failed[0].value
        and _empty_value(node.orelse) is not None
    )  # fmt: skip


def _stand_in_value(value: cst.BaseExpression) -> str | None:
    """The stand-in a conditional's arm puts in place of a helper's failed outcome: an empty list, dict or string,
    or a count of ``0`` or ``-1``; None for anything else (``None`` is tested again, and reported there)."""
    empty = _empty_value(value)
    if empty is not None:
        return None if empty == "None" else empty
    if isinstance(value, cst.Integer) and value.evaluated_value == 0:
        return "0"
    if (
        isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus)
        and isinstance(value.expression, cst.Integer) and value.expression.evaluated_value == 1
    ):  # fmt: skip
        return "-1"
    return None


def _error_read_elsewhere(
    function: FunctionInfo, statement: cst.CSTNode, name: str, test: cst.BaseExpression, value: cst.BaseExpression
) -> bool:  # fmt: skip
    """Whether a local unpacked beside a flag a test reads (``ok, detail = run_guarded(...)``, the last such
    unpacking before the statement that binds ``value`` to ``name``) is read anywhere in the function but in the
    test and the value: the failure may be told there."""
    tested = value_names(test)[0]
    beside: set[str] = set()
    for assign in function.own_of(cst.Assign, cst.AnnAssign):
        if assign is statement:
            break
        for target in assign.targets if isinstance(assign, cst.Assign) else ():
            if isinstance(target.target, (cst.Tuple, cst.List)):
                names = [e.value.value for e in target.target.elements if isinstance(e.value, cst.Name)]
                if any(name in tested for name in names):
                    beside = {name for name in names if name not in tested}
    beside.discard(name)  # ``if not ok: count = -1`` over ``ok, count = ...``: the error is put out here
    if not beside:
        return False
    inside = {id(n) for part in (test, value) for n in nodes(part)}
    for node in function.own_of(cst.Name):
        if node.value in beside and id(node) not in inside:
            path = function.path_to(node) or []
            if not any(isinstance(p, cst.AssignTarget) for p in path):
                return True
    return False


def _told_when_empty(function: FunctionInfo, name: str) -> bool:
    """Whether a function reports what a local's emptiness means: an ``if`` that tests it (``if not docs:``, ``if
    name not in docs:``, also as one operand of ``or``) leaves the function in the branch taken when it is empty
    (``raise ValueError(f"Collection {name} not found")``)."""
    for branch in function.own_of(cst.If):
        operands = [branch.test]
        while isinstance(operands[-1], cst.BooleanOperation) and isinstance(operands[-1].operator, cst.Or):
            last = operands.pop()
            operands += [last.left, last.right]
        for operand in operands:
            empty_in_body = None
            if isinstance(operand, cst.UnaryOperation) and isinstance(operand.operator, cst.Not):
                empty_in_body = isinstance(operand.expression, cst.Name) and operand.expression.value == name
            elif isinstance(operand, cst.Comparison) and len(operand.comparisons) == 1:
                compared = operand.comparisons[0]
                empty_in_body = (
                    isinstance(compared.operator, cst.NotIn)
                    and isinstance(compared.comparator, cst.Name) and compared.comparator.value == name
                )  # fmt: skip
            if empty_in_body and leaves(branch.body):
                return True
    return False


def _failed_test(
    test: cst.BaseExpression, membership: bool = False
) -> tuple[cst.BaseExpression, bool, frozenset[str]] | None:  # fmt: skip
    """Read an ``if`` test on a helper's outcome: (the tested expression, whether the body is the failure branch,
    the swallowed values the test catches). With ``membership``, ``name not in listed`` also reads ``listed``,
    which a failure leaves empty."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return test.expression, True, frozenset({"False", "None", "[]", "{}", '""'})
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        right = target.comparator
        if membership and isinstance(target.operator, (cst.NotIn, cst.In)):
            # ``if name not in names:`` over a listing that a failure leaves empty: the name is never in it
            return right, isinstance(target.operator, cst.NotIn), frozenset({"[]", "{}", '""'})
        if isinstance(right, cst.Name) and right.value in ("False", "None"):
            if isinstance(target.operator, (cst.Is, cst.Equal)):
                return test.left, True, frozenset({right.value})
            if isinstance(target.operator, (cst.IsNot, cst.NotEqual)):
                return test.left, False, frozenset({right.value})
        return None
    if isinstance(test, (cst.Call, cst.Await, cst.Name)):
        return test, False, frozenset({"False", "None", "[]", "{}", '""'})  # the ``else`` takes every falsy value
    return None


#: Calls that parse or convert an input: ``int(...)``, ``datetime.strptime(...)``, ``json.loads(...)``, ...
_PARSERS = frozenset(
    {
        "int", "float", "complex", "Decimal", "UUID", "strptime", "fromisoformat", "isoparse", "parse", "loads",
        "literal_eval", "ip_address", "ip_network", "ZoneInfo", "model_validate", "model_validate_json",
        "parse_obj", "parse_date", "parse_datetime", "json", "b64decode", "urlsafe_b64decode", "b32decode",
        "b16decode", "unhexlify", "fromhex", "resolve", "urlparse", "urlsplit", "parse_qs", "parse_qsl", "dict",
        "model_dump",
    }
)  # fmt: skip
#: Names of a project's own parsers: ``parse_event_time``, ``_parse_range``.
_PARSER_NAME = re.compile(r"^_*parse_")


def _parses(name: str | None) -> bool:
    """Whether a callee parses or converts what it is given: a known parse (``int``, ``strptime``, ``loads``) or a
    function named for one (``parse_event_time``)."""
    return name is not None and (name in _PARSERS or _PARSER_NAME.search(name) is not None)


#: Names of conversions between a project's own types (``domain_priority_to_int``, ``from_label``, ``as_enum``).
_CONVERSION = re.compile(r"^_*(to|from|as)_|_to_")
#: Calls that may sit around a parse without doing anything that fails otherwise.
_HARMLESS = frozenset({"strip", "lstrip", "rstrip", "lower", "upper", "date", "time", "hasattr", "isinstance"})
#: Calls that may adjust a parsed date or time after the parse: ``dt.replace(tzinfo=timezone.utc)``,
#: ``dt + timedelta(days=1)``, ``datetime.now().year``.
_ADJUSTS = frozenset(
    {"replace", "astimezone", "timedelta", "now", "utcnow", "today", "isoformat", "localize", "strftime", "timestamp",
     "weekday", "isoweekday", "find", "rfind", "count"}
)  # fmt: skip
#: Objects whose method calls only log.
_LOGGER = re.compile(r"(?i)^(_*log(ger|ging)?|_*logger\w*|log)$")


def _bound_since(branch: cst.CSTNode, tests: Sequence[cst.BaseExpression]) -> bool:
    """Whether one of the tests of ``if`` statements nested in the branch a helper's failure takes reads a name that
    branch binds (``if not bot:``, ``token = os.getenv("TOKEN")``, ``if not token: return {"error": "TOKEN not
    set"}``): the report below answers what the branch went on to try, not the helper's failure."""
    bound: set[str] = set()

    def bind(target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            bound.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                bind(element.value)
        elif isinstance(target, cst.StarredElement):
            bind(target.value)

    for node in nodes(branch, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                bind(target.target)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            bind(node.target)
    return bool(bound) and any(mentions(test, bound) for test in tests)


def _answers_tool(scope: ToolScope, index: ModuleIndex, whole: bool = False) -> bool:
    """Whether what a function returns is in a tool's answer: it is the tool, or a tool's answer holds its outcome
    (``return analytics.analyze_slow_queries(days)``; ``result = analytics.analyze(days)`` then ``return
    ToolResult(content=[TextContent(text=format_analysis(result))])``). With ``whole``, only a tool that returns
    the outcome as it is (``return handler.run_tool(arguments)``): where the tool wraps it, the tool's own
    ``return`` is where an empty outcome is reported. An outcome returned only under ``if url:`` is never the
    swallowed value (see :meth:`mcp_lint.discovery.ModuleIndex.answering_handler`)."""
    return (
        scope.result_of is not None or scope.registered
        or index.answering_handler(scope, whole, skip=_returned_when_set) is not None
    )  # fmt: skip


def _wants_value(
    test: cst.BaseExpression, in_body: bool, function: FunctionInfo, helper: FunctionInfo, index: ModuleIndex
) -> bool:
    """Whether a branch is taken only when a local bound from a helper's outcome equals a given string or number
    (``fetched, status = await _fetch_status(v)``, then ``elif status == "processing":``): a value the helper's
    swallowed outcome (None, False, an empty value) never has."""
    if not in_body or not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    if not isinstance(target.operator, cst.Equal):
        return False
    for name, value in ((test.left, target.comparator), (target.comparator, test.left)):
        if not isinstance(name, cst.Name) or not isinstance(value, (cst.SimpleString, cst.Integer)):
            continue
        if isinstance(value, cst.SimpleString) and not string_value(value):
            continue  # ``status == ""``: an empty value may be the swallowed one
        unpacked = function.unpacked(name.value)
        bound = unpacked[0] if unpacked is not None else function.assigned(name.value)
        if isinstance(bound, cst.Await):
            bound = bound.expression
        if isinstance(bound, cst.Call) and _called(index, function, bound) is helper:
            return True
    return False


def _returned_when_set(function: FunctionInfo, value: cst.BaseExpression, name: str) -> bool:
    """Whether a returned value sits in the body of an ``if`` that tests a local for a value (``if url:``, ``if url
    is not None:``): what that local holds there is never an empty or swallowed outcome."""
    path = function.path_to(value) or []
    for parent, child in zip(path, path[1:]):
        if isinstance(parent, cst.If) and child is parent.body:
            failed = _failed_test(parent.test)
            if failed is not None and not failed[1] and isinstance(failed[0], cst.Name) and failed[0].value == name:
                return True
    return False


def _called(index: ModuleIndex, caller: FunctionInfo, call: cst.Call) -> FunctionInfo | None:
    """The function whose outcome a call answers: its callee, or the function it runs, in a worker thread or
    through a project function that returns what the function it is given first answers (``await
    _run_sync(client.get_projects, project_id)`` over ``async def _run_sync(func, *args): return await
    anyio.to_thread.run_sync(func, *args)``). Worked out once per call."""
    return _remembered(caller, "called", index, (call,), lambda: _find_called(index, caller, call))


def _find_called(index: ModuleIndex, caller: FunctionInfo, call: cst.Call) -> FunctionInfo | None:
    """:func:`_called`, worked out."""
    ran = run_elsewhere(call)
    if ran is not None:
        return index.callee(caller, ran)
    callee = index.callee(caller, call.func)
    if callee is None:
        return None
    if _stub(callee):
        # ``context.delete_program(name)`` with ``context: MCPContext``, a Protocol: where a class that implements
        # it swallows, the call answers what that one answers whenever the server runs with it
        swallowing = (
            m for m in (callee.module or index).implementations(callee) if _swallowed_values(m, m.module or index)
        )
        callee = next(swallowing, callee)
    params = callee.call_params(call)
    handed = _handed_method(index, caller, callee, call, params)
    if handed is not None:
        return handed
    if not params or not _runs(callee, params[0]):
        return callee
    given = argument(call, params[0], 0)
    if isinstance(given, (cst.Name, cst.Attribute)):
        return index.callee(caller, given) or callee
    return callee


def _handed_method(
    index: ModuleIndex, caller: FunctionInfo, callee: FunctionInfo, call: cst.Call, params: list[str]
) -> FunctionInfo | None:  # fmt: skip
    """The method whose outcome a call passes on through a project function that calls it on the object it is
    given: ``run_search(catalog, query)`` over ``async def run_search(source, query): records = await
    asyncio.to_thread(source.search, query)`` then ``return [r.as_dict() for r in records]`` answers what
    ``catalog.search`` answers (an empty list stays empty). None when the callee passes on no such call."""
    tested = _tested_names(callee)
    for value in callee.returns:
        for passed, _ in _outcome_calls(callee, value, tested, strict=True):
            ran = run_elsewhere(passed) or passed.func
            if not (isinstance(ran, cst.Attribute) and isinstance(ran.value, cst.Name)):
                continue
            if ran.value.value not in params:
                continue
            given = argument(call, ran.value.value, params.index(ran.value.value))
            if isinstance(given, (cst.Name, cst.Attribute)):
                found = index.callee(caller, cst.Attribute(value=given, attr=ran.attr))
                if found is not None:
                    return found
    return None


def _runs(function: FunctionInfo, param: str) -> bool:
    """Whether a function returns what one of its parameters answers, called or handed to a thread runner
    (``return await asyncio.to_thread(func, *args)``, ``return func(*args)``)."""
    for value in function.returns:
        if isinstance(value, cst.Await):
            value = value.expression
        if isinstance(value, cst.Call):
            ran = run_elsewhere(value) or value.func
            if isinstance(ran, cst.Name) and ran.value == param:
                return True
    return False


def _next_statement(block: cst.CSTNode | None, statement: cst.CSTNode) -> tuple[bool, cst.BaseStatement | None]:
    """Whether ``statement`` is one of the statements of an indented block, and the one after it (None for the
    block's last)."""
    statements = block.body if isinstance(block, cst.IndentedBlock) else ()
    at = next((i for i, s in enumerate(statements) if s is statement), None)
    if at is None:
        return False, None
    return True, statements[at + 1] if at + 1 < len(statements) else None


def _clause_of(handler: cst.ExceptHandler, node: cst.CSTNode) -> bool:
    """Whether a node is in an ``except`` clause's own code: below it, and not in a ``try`` statement nested in it
    (whose clauses answer for their own ``try``) or in a nested function."""
    path = path_to(handler, node)
    return path is not None and not any(isinstance(n, (cst.Try, *_SCOPES)) for n in path[1:-1])


def _outcome_dropped(scope: ToolScope, index: ModuleIndex) -> bool:
    """Whether no tool sees what a helper answers: it is not a tool, it has callers the project model knows, and
    each of them calls it as a statement of its own (``self.cache.cleanup_old_entries(retention_seconds=...)``),
    dropping the outcome."""
    function = scope.function
    if scope.result_of is not None or scope.registered:
        return False
    home = function.module or index
    sites = home.call_sites(function)
    if not sites:
        return False
    for caller, calls in sites:
        if not calls:
            return False  # reached otherwise (through a table, say): the outcome may be used
        if any(_call_statement(caller, call) is None for call in calls):
            return False
    return True


def _call_statement(function: FunctionInfo, call: cst.Call) -> tuple[cst.CSTNode, cst.SimpleStatementLine] | None:
    """The statement that only makes a call, awaited or not, dropping its outcome (``client.add_tracks(...)``,
    ``await backend.clear_cache()``), with the block it is in; None where the outcome is used."""
    path = function.path_to(call) or []
    at = next((i for i in range(len(path) - 1, 0, -1) if isinstance(path[i], cst.SimpleStatementLine)), None)
    if at is None:
        return None
    line = path[at]
    if len(line.body) != 1 or not isinstance(line.body[0], cst.Expr):
        return None
    value = line.body[0].value
    if isinstance(value, cst.Await):
        value = value.expression
    return (path[at - 1], line) if value is call else None


def _state_swallow(
    tested: cst.Attribute, function: FunctionInfo, index: ModuleIndex
) -> tuple[FunctionInfo, set[str]] | None:  # fmt: skip
    """The helper that leaves an attribute unset for every exception, when a function tests the attribute after
    calling the helper on the same object as a statement (``await self.auth.get_csrf_token()``, then ``if not
    self.auth.csrf_token: raise ValueError("Could not obtain CSRF token")``, over a helper whose ``try`` sets
    ``self.csrf_token`` and whose broad ``except`` answers None): the helper and {"None"}; None otherwise."""
    receiver, attr = tested.value, tested.attr.value
    own = function.own
    at = next((i for i, n in enumerate(own) if n is tested), len(own))
    for call in function.own_of(cst.Call):
        if not (isinstance(call.func, cst.Attribute) and call.func.value.deep_equals(receiver)):
            continue
        if next((i for i, n in enumerate(own) if n is call), at) >= at or _call_statement(function, call) is None:
            continue  # after the test, or its outcome is used
        helper = _called(index, function, call)
        if helper is None or helper is function:
            continue
        where = helper.module or index
        sets = any(
            isinstance(target.target, cst.Attribute) and target.target.attr.value == attr
            and isinstance(target.target.value, cst.Name) and target.target.value.value == "self"
            for node, _ in _own_handlers(helper, where) for n in nodes(node.body, prune=_SCOPES)
            if isinstance(n, cst.Assign) for target in n.targets
        )  # fmt: skip
        if sets and "None" in _swallowed_values(helper, where):
            return helper, {"None"}
    return None


def _ends_function(function: FunctionInfo, statement: cst.CSTNode) -> bool:
    """Whether a statement nested in branches or loops is the last to run in a function: it is the last statement
    of its block, and so is each statement that holds it, up to the function's body (``for path in paths: if
    path.exists(): try: path.unlink() ...``)."""
    path = function.path_to(statement) or []
    blocks = [at for at, node in enumerate(path) if isinstance(node, cst.IndentedBlock)]
    if not blocks:
        return False
    for at in blocks:
        held = path[at + 1] if at + 1 < len(path) else None
        if held is None or path[at].body[-1] is not held:
            return False
    # not inside another ``try`` (whose clauses may report), nor a ``while`` (which may try again)
    return not any(isinstance(node, (cst.Try, cst.ExceptHandler, cst.While)) for node in path[1:-1])


def _claims_done(line: cst.BaseStatement, function: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether a statement returns an answer made only of constants and the function's parameters (``return
    f"Deleted {item_id}"``, ``return [TextContent(type="text", text="Tracks added.")]``), that is neither empty
    nor a failure report: the answer of an action that it took as done."""
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or not isinstance(line.body[0], cst.Return):
        return False
    value = line.body[0].value
    if value is None or _empty_value(value) is not None or failure_shape(value, index, function) is not None:
        return False
    if isinstance(value, cst.Name) and value.value in ("True", "False"):
        return False
    params = {p.name.value for p in (*function.node.params.params, *function.node.params.kwonly_params)}
    names, calls = value_names(value)
    known = {callee_name(func) for func in calls}
    return any(isinstance(n, (cst.SimpleString, cst.FormattedString)) for n in nodes(value)) and all(
        name in params or name in known or name in index.symbols.imports or name in _BUILTINS for name in names
    )


def _returns_constant(line: cst.BaseStatement) -> bool:
    """Whether a statement only returns a constant (``return True``)."""
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return False
    statement = line.body[0]
    value = statement.value if isinstance(statement, cst.Return) else None
    return isinstance(value, (cst.Name, cst.SimpleString, cst.Integer)) and (
        not isinstance(value, cst.Name) or value.value in ("True", "False", "None")
    )


def _validates(helper: FunctionInfo) -> bool:
    """Whether every ``try`` of a helper only parses or converts (``def validate_version(v): try: parse(v); return
    True except Exception: return False``): what it swallows is an input that does not parse."""
    tries = helper.own_of(cst.Try)
    return bool(tries) and all(_parsed_inputs(t) is not None or _checks_only(t) for t in tries)


#: Calls that only look at a value: string tests and pattern matches, with the parses (``_PARSERS``).
_LOOKS = frozenset(
    {"startswith", "endswith", "match", "fullmatch", "search", "split", "replace", "isdigit", "isalnum",
     "isalpha", "len", "any", "all", "casefold"}
)  # fmt: skip


def _boolean(value: cst.BaseExpression | None) -> bool:
    """Whether a returned value is a truth value: ``True``, ``False``, a comparison, ``not x``, ``any(...)``."""
    if isinstance(value, cst.Name):
        return value.value in ("True", "False")
    if isinstance(value, cst.Call):
        return callee_name(value.func) in ("any", "all", "bool")
    return isinstance(value, (cst.Comparison, cst.BooleanOperation)) or (
        isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Not)
    )


def _parses_only(try_node: cst.Try, function: FunctionInfo | None = None, index: ModuleIndex | None = None) -> bool:
    """Whether a try body parses a value and looks at it, calling nothing else (``parsed = urlparse(url)``, ``ok =
    parsed.hostname in ALLOWED``): its except can only catch a value that does not parse. With the function and
    its index, a statement of the body without a parse may also do anything that is no work (see
    :func:`_does_work`: ``if dt < datetime.now() and "year" not in text.lower(): dt += timedelta(days=7)``)."""
    body = try_node.body
    lines = list(body.body) if isinstance(body, cst.IndentedBlock) else [body]
    parsed = False
    for line in lines:
        names = [callee_name(n.func) for n in nodes(line, prune=_SCOPES) if isinstance(n, cst.Call)]
        if any(_parses(n) for n in names):
            parsed = True
        elif function is not None and index is not None and _only_adjusts(line, function, index):
            continue
        if not all(_parses(n) or n in _HARMLESS or n in _LOOKS or n in _ADJUSTS for n in names):
            return False
    return parsed


def _decodes_only(block: cst.CSTNode) -> bool:
    """Whether a block parses or decodes something and calls nothing else that may fail for a reason outside the
    code (``code = base64.b64decode(parser["cbn"]).decode("utf-8")``)."""
    names = [callee_name(n.func) for n in nodes(block, prune=_SCOPES) if isinstance(n, cst.Call)]
    return any(_parses(n) for n in names) and all(
        _parses(n) or n in _PURE_CALLS or n in _HARMLESS for n in names
    )  # fmt: skip


#: Words of a message that refuses an input.
_REFUSED = re.compile(r"(?i)\bnot (?:allowed|permitted|supported)\b|\bunsupported\b|\brefused\b")


def _guards_input(function: FunctionInfo, payload: cst.BaseExpression, index: ModuleIndex) -> bool:
    """Whether a function's swallowed outcome is a guard's verdict on an input: every ``try`` with a broad
    ``except`` only parses and looks (see :func:`_parses_only`), and the report names the input error or refuses
    the input ("URL not allowed: ..."), so what the except took in is one more input the guard refuses."""
    tries = [t for t in function.own_of(cst.Try) if any(breadth(h, index) is not None for h in t.handlers)]
    if not tries or not all(_parses_only(t, function, index) for t in tries):
        return False
    text = report_text(payload, function)
    if _INPUT_ERROR.search(text) is not None or _REFUSED.search(text) is not None:
        return True
    # "Could not parse start time: ...": the report names the argument the try parsed
    parsed = {name for t in tries for name in value_names(t.body)[0]}
    return _names_input_error(payload, function, parsed, _named_params(function))


def _checks_only(try_node: cst.Try) -> bool:
    """Whether a try body parses a value and checks it without any other call, answering only True or False
    (``parsed = urlparse(url)``, ``domain = parsed.netloc.lower()``, ``if domain in ALLOWED: return True``, ...):
    a validator, whose except answers that the value does not parse."""
    returns = [n for n in nodes(try_node.body, prune=_SCOPES) if isinstance(n, cst.Return)]
    if not returns or not all(_boolean(r.value) for r in returns):
        return False
    return _parses_only(try_node)


def _only_logs(line: cst.BaseStatement) -> bool:
    """Whether a statement only logs: ``logger.warning("Converting ...")``."""
    if not isinstance(line, cst.SimpleStatementLine):
        return False
    for statement in line.body:
        value = statement.value if isinstance(statement, cst.Expr) else None
        if not (
            isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
            and isinstance(value.func.value, cst.Name) and _LOGGER.match(value.func.value.value)
        ):  # fmt: skip
            return False
    return True


def _quiet(handler: cst.ExceptHandler, stores: bool = True) -> bool:
    """Whether an ``except`` clause only logs, prints, stores values (unless ``stores`` is False: ``log_analysis =
    {"status": "error", ...}`` keeps the failure) or passes, so that the function goes on after it (a call of
    anything else may raise: ``self._handle_client_error(e)`` converts and re-raises)."""
    for line in handler.body.body:
        if not isinstance(line, cst.SimpleStatementLine):
            return False
        for statement in line.body:
            if isinstance(statement, cst.Pass) or stores and isinstance(statement, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                continue
            value = statement.value if isinstance(statement, cst.Expr) else None
            if isinstance(value, cst.Await):
                value = value.expression
            if not isinstance(value, cst.Call):
                return False
            func = value.func
            root = func
            while isinstance(root, cst.Attribute):
                root = root.value
            dotted = cst.Module([]).code_for_node(func)
            if not (
                dotted in ("print", "traceback.print_exc", "warnings.warn", "sys.stderr.write")
                or isinstance(func, cst.Name) and _LOGGER.match(func.value)  # ``_log(f"... {exc}")``
                or isinstance(func, cst.Attribute) and (
                    _LOGGER.match(callee_name(func.value) or "") or isinstance(root, cst.Name) and root.value == "ctx"
                )
            ):  # fmt: skip
                return False
    return True


#: Methods of containers, strings and regular expressions, and pure functions of text: a call of one is no work
#: that fails for a reason outside the code (``canvas_pattern.finditer(content)``, ``urljoin(base, path)``).
_PURE_CALLS = frozenset({
    "append", "extend", "add", "update", "insert", "get", "items", "keys", "values", "setdefault", "pop", "copy",
    "sort", "count", "index", "strip", "lstrip", "rstrip", "lower", "upper", "split", "join", "replace",
    "startswith", "endswith", "format", "encode", "decode", "compile", "match", "fullmatch", "search", "findall",
    "finditer", "sub", "group", "groups", "groupdict", "urljoin", "quote", "quote_plus", "unquote", "urlencode",
    "timestamp", "isoformat", "strftime", "total_seconds", "now", "utcnow", "today", "date", "time",
    "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "isnumeric", "isdecimal", "casefold",
    "capitalize", "swapcase", "zfill", "ljust", "rjust", "center", "rsplit", "splitlines", "removeprefix",
    "removesuffix", "expandtabs", "weekday", "isoweekday", "isocalendar", "timedelta", "relativedelta", "astimezone",
    "combine",
})  # fmt: skip


def _stub(function: FunctionInfo) -> bool:
    """Whether a function's body only says what it does (a docstring, ``...``, ``pass``, a ``raise``): an
    interface method, whose implementations may do anything."""
    body = function.node.body
    for line in body.body if isinstance(body, cst.IndentedBlock) else (body,):
        if not isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            return False  # (a suite: ``def delete_program(self, name: str) -> bool: ...`` on one line)
        for small in line.body:
            if isinstance(small, (cst.Pass, cst.Raise)):
                continue
            if isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis)):
                continue
            return False
    return True


#: Names of objects that talk to a service: their ``get`` is a request.
_CLIENT = re.compile(r"(?i)client|session|http|requests|api|graph|conn|service")


#: Methods of a compiled regular expression (and functions of ``re``), pure only there.
_REGEX_METHODS = frozenset({"match", "fullmatch", "search", "findall", "finditer", "sub"})
#: Names of what holds a regular expression: ``re``, ``pattern``, ``_DATE_RE``, ``URL_REGEX``, a constant.
_PATTERN_NAME = re.compile(r"(?i)regex|pattern|_re$|^rx")


def _regex_of(func: cst.BaseExpression, function: FunctionInfo) -> bool:
    """Whether a ``match``/``search``/... call is one of a regular expression: called on ``re``, on a name that says
    it holds a pattern, or on a local bound to ``re.compile(...)``; a bare ``search(...)`` is ``re``'s when
    imported from it, which is not known here, so it counts."""
    if not isinstance(func, cst.Attribute):
        return True
    receiver = func.value
    last = (callee_name(receiver) or "").rsplit(".", 1)[-1]
    if last == "re" or _PATTERN_NAME.search(last) or re.fullmatch(r"_?[A-Z][A-Z0-9_]*", last):
        return True
    if isinstance(receiver, cst.Name):
        value = function.assigned(receiver.value)
        return isinstance(value, cst.Call) and callee_name(value.func) == "compile"
    return False


def _does_work(block: cst.CSTNode, function: FunctionInfo, index: ModuleIndex, depth: int = 0) -> bool:
    """Whether a block does work that may fail for a reason outside it: it awaits, or calls a function that is
    not a builtin or a class or a method that is not pure (see ``_PURE_CALLS``: ``lambda_client.list_tags(...)``),
    log calls aside. Not the work inside a nested ``try`` whose broad ``except`` catches it and does not raise
    again, nor a call of a project function whose broad ``except`` answers in place of every exception (``paper =
    self._parse_entry(entry)``): neither reaches this block's handlers; nor a call of a project function that
    does no work itself (``format_date(d)``, followed two calls deep at most; an interface method's stub may do
    anything)."""
    covered: set[int] = set()
    awaited: set[int] = set()
    for node in nodes(block, prune=_SCOPES):
        if isinstance(node, cst.Try) and any(
            breadth(h, index) is not None and not any(isinstance(n, cst.Raise) for n in nodes(h.body, prune=_SCOPES))
            for h in node.handlers
        ):  # fmt: skip
            covered.update(id(n) for n in nodes(node.body, prune=_SCOPES))  # not where the ``except`` raises again
        elif isinstance(node, cst.Await):
            awaited.add(id(node.expression))
    for node in nodes(block, prune=_SCOPES):
        if id(node) in covered:
            continue
        if isinstance(node, cst.Await) and not isinstance(node.expression, cst.Call):
            return True
        if not isinstance(node, cst.Call):
            continue
        func = node.func
        name = callee_name(func)
        if name is None or isinstance(func, cst.Name) and name in _BUILTINS or name[:1].isupper():
            continue  # a builtin, or a value built from what the code has (``Paper(title=...)``)
        if name in _PURE_CALLS and not (
            # ``await graph.get(url)``, ``self.http.get(url)``: a request, not a dict's ``get``
            name == "get" and (id(node) in awaited or _CLIENT.search(callee_name(getattr(func, "value", func)) or ""))
            # ``index.search(query)``: a search of a service, not of a regular expression
            or name in _REGEX_METHODS and not _regex_of(func, function)
        ):  # fmt: skip
            continue
        if _LOGGER.match(name) or isinstance(func, cst.Attribute) and _LOGGER.match(callee_name(func.value) or ""):
            continue
        helper = index.callee(function, func)
        if helper is not None and helper is not function:
            home = helper.module or index
            if _swallowed_values(helper, home) or (
                depth < 2 and not _stub(helper) and not _does_work(helper.node.body, helper, home, depth + 1)
            ):  # fmt: skip
                continue
        return True
    return False


def _gathered(try_node: cst.Try, function: FunctionInfo) -> set[str]:
    """The locals a ``try`` body adds to what the function has gathered: it appends to, extends, adds to or
    updates them, stores under a key of them (``found[key] = value``) or adds to them (``count += 1``), or binds
    them (``pdf_count = self.parse_all()``) where every other binding is a zero or an empty collection."""
    names = _gathered_by(try_node.body)

    def zero(value: cst.BaseExpression) -> bool:
        return (
            isinstance(value, cst.Integer) and value.value == "0"
            or isinstance(value, (cst.List, cst.Dict)) and not value.elements
        )  # fmt: skip

    names.update(name for name in _set_in(try_node.body) if _bound_only_to(function, name, zero, try_node))
    return names


def _skipped_rest(handler: cst.ExceptHandler, try_node: cst.Try, ancestors: Sequence[cst.CSTNode]) -> set[str]:
    """What the rest of a loop's body gathers after a ``try`` whose ``except`` ends with ``continue`` (``try: html =
    fetch(category)`` / ``except Exception: log(...); continue``, then ``catalog[key] = parse(html)``): a failed
    item skips it, and is left out as the ``try``'s own filling would be."""
    if not _ends_in_continue(handler):
        return set()
    block = ancestors[-2] if len(ancestors) >= 2 else None
    loop = ancestors[-3] if len(ancestors) >= 3 else None
    if not (isinstance(block, cst.IndentedBlock) and isinstance(loop, (cst.For, cst.While)) and loop.body is block):
        return set()
    names: set[str] = set()
    after = False
    for statement in block.body:
        if after:
            names |= _gathered_by(statement)
        after = after or statement is try_node
    return names


def _gathered_by(block: cst.CSTNode) -> set[str]:
    """The locals a block appends to, extends, adds to, updates, stores under a key of (also a nested one) or adds
    to with ``+=``."""
    names = _filled(block)
    for node in nodes(block, prune=_SCOPES):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            held = node.func.value
            if isinstance(held, cst.Name):
                if node.func.attr.value == "update":
                    names.add(held.value)
            elif node.func.attr.value in ("append", "extend", "add", "update") and isinstance(
                base := _stored_in(held), cst.Name
            ) and base.value not in ("self", "cls"):  # fmt: skip
                names.add(base.value)  # ``summary["insiders"].add(name)`` adds to ``summary``
        elif isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
            names.add(node.target.value)
        elif isinstance(node, cst.Assign):
            names.update(  # ``segments["revenue"][label] = entry`` adds to ``segments``
                base.value for t in node.targets
                if isinstance(t.target, cst.Subscript) and isinstance(base := _stored_in(t.target), cst.Name)
            )  # fmt: skip
    return names


def _only_notes(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` clause only logs, prints or passes, and may then go on to the next item
    (``continue``) or leave the loop (``break``): it keeps nothing of the failure."""
    body = list(handler.body.body) if isinstance(handler.body, cst.IndentedBlock) else []
    if _ends_in_continue(handler, also_break=True):
        if len(body[-1].body) > 1:  # type: ignore[attr-defined]
            return False
        body = body[:-1]
    return not body or _quiet(handler.with_changes(body=handler.body.with_changes(body=body)), stores=False)


def _answers_empty_as_text(
    function: FunctionInfo, name: str, index: ModuleIndex, module: cst.Module | None
) -> bool:  # fmt: skip
    """Whether a function tests a local and the branch where it is empty returns or raises a text that says
    nothing was found, or a failure report (``if not labels: return "No labels found"``)."""
    for branch in function.own_of(cst.If):
        read = _failed_test(branch.test)
        if read is None or not isinstance(read[0], cst.Name) or read[0].value != name:
            continue
        block = branch.body if read[1] else branch.orelse
        for sent in nodes(block, prune=_SCOPES) if block is not None else ():
            value = sent.value if isinstance(sent, cst.Return) else sent.exc if isinstance(sent, cst.Raise) else None
            if value is not None and (
                _says_nothing_found(value) or failure_shape(value, index, function, module=module) is not None
            ):  # fmt: skip
                return True
    return False


#: Methods whose outcome is what they are called on, in another form (``text.strip()``, ``rows.copy()``).
_WHOLE_METHODS = frozenset({
    "strip", "lstrip", "rstrip", "lower", "upper", "splitlines", "copy", "items", "values", "keys", "model_dump",
    "dict", "to_dict", "decode", "encode",
})  # fmt: skip


def _returned_whole(function: FunctionInfo) -> set[str]:
    """The locals a function's ``return`` statements send whole, in what they send (``return {"copied":
    copied}``, ``len(found)``, ``papers[:limit]``, ``text.strip()``), not only a member or an item of them
    (``article["title"]``)."""
    known = function.memo.get(("MCP002.whole",))
    if known is not None:
        return set(known)
    found: set[str] = set()
    runs = _enclosing_params(function)
    for value in function.returns:
        found.update(_whole_names(value, runs))
    function.memo[("MCP002.whole",)] = frozenset(found)
    return found


def _whole_names(value: cst.BaseExpression, runs: Collection[str]) -> set[str]:
    """The names an expression holds whole (see :func:`_returned_whole`); ``runs`` are the parameters the function
    was given and may call, whose calls' arguments are not its answer."""
    called = {
        id(n.func) for n in nodes(value, prune=_SCOPES)
        if isinstance(n, cst.Call) and callee_name(n.func) in _WHOLE_METHODS
    }  # fmt: skip
    parts = {
        id(n.value) for n in nodes(value, prune=_SCOPES)
        if isinstance(n, cst.Subscript) and not all(isinstance(e.slice, cst.Slice) for e in n.slice)
        or isinstance(n, cst.Attribute) and id(n) not in called
    }  # fmt: skip
    # ``return func(*converted_args, **kwargs)`` in a decorator's wrapper: the arguments of the function it
    # was given, which it runs; its answer is that function's, not theirs
    given = {
        id(a) for n in nodes(value, prune=_SCOPES)
        if isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value in runs
        for arg in n.args for a in nodes(arg.value, prune=_SCOPES)
    }  # fmt: skip
    return {n.value for n in nodes(value, prune=_SCOPES) if isinstance(n, cst.Name) and id(n) not in parts | given}


#: Calls that ask something outside the process: ``fetch_entry``, ``download``, ``requests.get``'s ``request``.
_IO_CALL = re.compile(r"^_*(fetch|download|request|query|execute|urlopen|send|post|put|patch|delete|call_api)")


def _does_io(block: cst.CSTNode) -> bool:
    """Whether a block talks to something outside the process: it awaits, calls a method of a client, session or
    connection (see ``_CLIENT``), or calls something named for a request (``fetch_entry(id)``, ``query(sql)``)."""
    for node in nodes(block, prune=_SCOPES):
        if isinstance(node, cst.Await):
            return True
        if isinstance(node, cst.Call):
            if _IO_CALL.search(callee_name(node.func) or ""):
                return True
            if isinstance(node.func, cst.Attribute) and _CLIENT.search(callee_name(node.func.value) or ""):
                return True
    return False


def _dropped_by_caller(function: FunctionInfo, index: ModuleIndex) -> tuple[str, str, bool] | None:
    """A caller that goes on without each item a function answers None for: in a loop it binds the call's outcome
    (``event = self._parse_event(raw)``), adds it only when it holds something (``if event: events.append(event)``,
    with no ``else``) to a list its answer holds whole, and a tool's answer holds what it returns; or, outside a
    loop, it fills a section of its answer only when the outcome holds something (``thread_context = None``, then
    ``if thread: thread_context = {...}``, with no ``else``, and the answer holds ``thread_context``), so the
    section reads as having nothing to show. Returns the caller's name, the list's or section's, and whether it
    is a section; or None. (Asked only of a function whose ``try`` talks to something outside, see
    :func:`_does_io`: a failed read of a record the code holds is a malformed item, not a failed operation.)"""
    for caller, calls in index.call_sites(function):
        where = caller.module or index
        scope = where.scopes.get(caller.node)
        if scope is None:
            continue
        whole = _sent_whole(caller)
        for call in calls:
            path = caller.path_to(call) or []
            if not any(isinstance(p, (cst.For, cst.While)) for p in path):
                section = _section_left_empty(caller, call, path, whole)
                if section is not None and _answers_tool(scope, where):
                    return caller.name, section, True
                continue
            assign = next((p for p in reversed(path) if isinstance(p, cst.Assign)), None)
            if assign is None or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
                continue
            bound = assign.value.expression if isinstance(assign.value, cst.Await) else assign.value
            if bound is not call:
                continue
            name = assign.targets[0].target.value
            for branch in caller.own_of(cst.If):
                failed = _failed_test(branch.test)
                if failed is None or failed[1] or not (isinstance(failed[0], cst.Name) and failed[0].value == name):
                    continue
                if branch.orelse is not None:
                    continue  # ``else: skipped.append(raw["id"])``: the failed items are told
                for node in nodes(branch.body, prune=_SCOPES):
                    if (
                        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                        and node.func.attr.value in ("append", "add", "extend")
                        and isinstance(node.func.value, cst.Name) and node.func.value.value in whole
                        and node.args and mentions(node.args[0].value, {name})
                        and _answers_tool(scope, where)
                    ):  # fmt: skip
                        return caller.name, node.func.value.value, False
    return None


def _section_left_empty(
    caller: FunctionInfo, call: cst.Call, path: Sequence[cst.CSTNode], whole: Collection[str]
) -> str | None:  # fmt: skip
    """The local a caller's answer holds whole that it sets only under a test that the call's outcome holds
    something (``thread = analyze_thread(id)``, ``if thread: thread_context = {...}``, no ``else``), having bound
    it to None or an empty value before: what stays in the answer when the call answers None. None otherwise."""
    assign = path[-2] if len(path) >= 2 and isinstance(path[-2], cst.Assign) else None
    if assign is None or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return None
    name = assign.targets[0].target.value
    for branch in caller.own_of(cst.If):
        failed = _failed_test(branch.test)
        if failed is None or failed[1] or not (isinstance(failed[0], cst.Name) and failed[0].value == name):
            continue
        if branch.orelse is not None or not isinstance(branch.body, cst.IndentedBlock):
            continue
        for statement in branch.body.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                    continue
                target = small.targets[0].target
                if not (isinstance(target, cst.Name) and target.value in whole and target.value != name):
                    continue
                if caller.bindings(target.value) >= 2 and _before(caller, assign, branch) and any(
                    _empty_value(value) is not None for value in _bound_values(caller, target.value)
                ):  # fmt: skip
                    return target.value
    return None


def _bound_values(function: FunctionInfo, name: str) -> list[cst.BaseExpression]:
    """The values of a function's plain assignments to a local (``name = value``); worked out once per function."""
    known: dict[str, list[cst.BaseExpression]] | None = function.memo.get(("MCP002.bound_values",))
    if known is None:
        known = {}
        for a in function.own_of(cst.Assign):
            if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name):
                known.setdefault(a.targets[0].target.value, []).append(a.value)
        function.memo[("MCP002.bound_values",)] = known
    return known.get(name, [])


def _sent_whole(function: FunctionInfo) -> set[str]:
    """The locals a function's answer holds whole (see :func:`_returned_whole`), also as the value stored under a
    key of such a local (``details["recentBuilds"] = recent_builds``, then ``return json.dumps(details)``)."""
    known = function.memo.get(("MCP002.sent",))
    if known is not None:
        return set(known)
    whole = set(_returned_whole(function))
    assigns = [a for a in function.own_of(cst.Assign) if len(a.targets) == 1]
    for assign in assigns:
        target = assign.targets[0].target
        if (
            isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value in whole
            and isinstance(assign.value, cst.Name)
        ):  # fmt: skip
            whole.add(assign.value.value)
    # ``response = {"status": "success", "tables": tables}``, then ``return response``: what the literal holds whole,
    # in each literal the local is bound to (``result = {...}`` before each of two returns)
    pending = list(whole)
    while pending:
        name = pending.pop()
        values = _bound_values(function, name) or [function.assigned(name)]
        for value in values:
            if isinstance(value, (cst.Dict, cst.List, cst.Tuple)):
                for inner in _whole_names(value, ()) - whole:
                    whole.add(inner)
                    pending.append(inner)
    function.memo[("MCP002.sent",)] = frozenset(whole)
    return whole


def _enclosing_params(function: FunctionInfo) -> set[str]:
    """The parameters of a function and of the functions it is nested in (``def instrumented(*, tool_name,
    handler): async def _inner(...)``, ``func`` in ``def decorator(func): def wrapper(*args): ... return
    func(*args)``): what it was given, and may call."""
    names: set[str] = set()
    scope: FunctionInfo | None = function
    while scope is not None:
        params = scope.node.params
        names.update(_named_params(scope))
        names.update(s.name.value for s in (params.star_arg, params.star_kwarg) if isinstance(s, cst.Param))
        scope = scope.parent
    return names


def _named_params(function: FunctionInfo) -> set[str]:
    """The parameters of a function that take a name: positional-only, positional and keyword-only, not ``*args``
    or ``**kwargs``."""
    params = function.node.params
    return {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}


def _refilled_when_empty(function: FunctionInfo, name: str) -> bool:
    """Whether the function tests what it gathers, or a member of it, and gets it another way where it is empty
    (``if not result["code"]: result["code"] = read_bundle(...)``): a failed try falls back to the next way."""
    for branch in function.own_of(cst.If):
        read = _failed_test(branch.test)
        tested = read[0] if read is not None else None
        while isinstance(tested, (cst.Subscript, cst.Attribute)):
            tested = tested.value
        if not (isinstance(tested, cst.Name) and tested.value == name):
            continue
        block = branch.body if read[1] else branch.orelse  # type: ignore[index]
        if block is not None and (name in _gathered_by(block) or name in _set_in(block)):
            return True
    return False


def _answered_as_found(try_node: cst.Try, function: FunctionInfo, name: str) -> bool:
    """Whether the ``try`` is a statement of the function's own body that the return of what it gathers follows
    (``papers = []``, ``try: ...`` then ``return papers``), and fills it alone (no ``append``, ``+=`` or non-empty
    value outside it): every failure leaves it empty, which the rule judges where a tool answers it (see
    :func:`_fallthrough_swallowed`)."""
    following = _next_statement(function.node.body, try_node)[1]
    if not (isinstance(following, cst.SimpleStatementLine) and isinstance(following.body[0], cst.Return)):
        return False
    value = following.body[0].value
    value = _unsliced(value) if value is not None else None
    if not (isinstance(value, cst.Name) and value.value == name):
        return False
    inside = {id(n) for n in nodes(try_node.body, prune=_SCOPES)}
    added: list[cst.CSTNode] = [
        node for node in function.own_of(cst.AugAssign)  # ``output += f"[{message.timestamp}] "`` before the try
        if isinstance(node.target, cst.Name) and node.target.value == name
    ]  # fmt: skip
    added += [  # ``output = f"Message {message_id}\n"``: the answer is not empty when the try fails
        node for node in function.own_of(cst.Assign)
        if any(isinstance(t.target, cst.Name) and t.target.value == name for t in node.targets)
        and not _blank(node.value)
    ]  # fmt: skip
    # not when other sources fill it too
    return all(id(site) in inside for site in [*_fills(function, name), *added])


#: Words of a message that names an input error.
_INPUT_ERROR = re.compile(r"\b(invalid|format\w*|must|expect\w*|not (?:a )?valid)\b", re.IGNORECASE)


def _parsed_inputs(
    try_node: cst.Try, function: FunctionInfo | None = None, index: ModuleIndex | None = None
) -> set[str] | None:  # fmt: skip
    """The names a try body of one parse or conversion reads (``limit = int(limit)``), or None when the body is
    anything else: more statements than the parse and those after it that only adjust what it parsed (see
    :func:`_only_adjusts`), or a call that does not parse or convert."""
    body = try_node.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    lines = [line for line in body.body if not _only_logs(line)]
    if len(lines) == 2 and _returns_constant(lines[1]):
        lines = lines[:1]  # ``try: parse(version); return True``: a validator
    if len(lines) > 1 and all(_only_adjusts(line, function, index) for line in lines[1:]):
        # ``dt = parser.parse(text)``, then ``if dt.tzinfo is None: dt = dt.replace(tzinfo=timezone.utc)`` and
        # ``return dt``: only the parse may fail
        lines = lines[:1]
    if len(lines) != 1:
        return None
    line = lines[0]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    statement = line.body[0]
    if not isinstance(statement, (cst.Assign, cst.AnnAssign, cst.Expr, cst.Return)) or statement.value is None:
        return None
    names, calls = value_names(statement.value)
    if not calls:
        return None
    parses = False
    for func in calls:
        name = callee_name(func)
        if _parses(name) or (name is not None and _CONVERSION.search(name)):
            parses = True
        elif name not in _HARMLESS and not (isinstance(func, cst.Name) and name and name[0].isupper()):
            return None  # a value type built around the parse (``to_int(Priority(label))``) adds no failure
    return set(names) if parses else None


def _only_adjusts(line: cst.CSTNode, function: FunctionInfo | None = None, index: ModuleIndex | None = None) -> bool:
    """Whether a statement after a parse calls nothing that may fail for a reason outside the code: only methods
    that adjust a date or clean a string (see ``_ADJUSTS``), classes, and nothing awaited; or, given the function
    and its index, no work at all (see :func:`_does_work`)."""
    for node in nodes(line, prune=_SCOPES):
        if isinstance(node, (cst.Await, cst.Yield)):
            return False
        if isinstance(node, cst.Call):
            name = callee_name(node.func)
            if not (name in _HARMLESS or name in _ADJUSTS or isinstance(node.func, cst.Name) and name and name[0].isupper()):
                return function is not None and index is not None and not _does_work(line, function, index)
    return True


def _names_input_error(
    report: cst.BaseExpression, function: FunctionInfo, inputs: set[str], params: set[str]
) -> bool:
    """Whether a report's message names the input error: "Invalid date format", "limit must be an integer"."""
    text = report_text(report, function)
    if _INPUT_ERROR.search(text):
        return True
    lowered = text.lower()
    for param in inputs & params:
        if re.search(rf"\b{re.escape(param.lower())}\b", lowered) or re.search(
            rf"\b{re.escape(param.lower().replace('_', ' '))}\b", lowered
        ):
            return True
    return False


def _bind_exception(handler: cst.CSTNode) -> cst.CSTNode:
    """Bind the exception as ``exc``; a bare ``except:`` becomes ``except BaseException as exc:``."""
    assert isinstance(handler, cst.ExceptHandler)
    name = cst.AsName(cst.Name("exc"))
    if handler.type is None:
        return handler.with_changes(
            type=cst.Name("BaseException"), name=name, whitespace_after_except=cst.SimpleWhitespace(" ")
        )
    return handler.with_changes(name=name)



def _handler_above(within: Sequence[cst.CSTNode], index: ModuleIndex) -> cst.ExceptHandler | None:
    """The broad ``except`` of the nearest ``try`` before a ``return`` in its block (``try: ... calendars.append(c)``
    / ``except Exception: log(...)``, then ``return calendars``): where a failure that falls through to the
    ``return`` is swallowed. None when no ``try`` with a broad ``except`` comes before it there."""
    if len(within) < 2:
        return None
    line, block = within[-1], within[-2]
    body = getattr(block, "body", None)
    if not isinstance(body, Sequence) or line not in body:
        return None
    for statement in reversed(list(body)[: list(body).index(line)]):
        if isinstance(statement, cst.Try):
            return next((h for h in statement.handlers if breadth(h, index) is not None), None)
    return None


class GenericSwallowedException(Rule):
    """## What it does
    Finds a broad `except` (bare, `Exception`, `BaseException`, or a tuple holding one) in a tool handler, or
    in a helper or decorator a handler reaches in any module of the project, whose failure report carries neither the
    exception nor any classification: its message is a constant string, or is built only from the tool's
    own arguments and module constants. Library catch-alls are as broad in practice and count too: botocore's
    `ClientError`, `requests.RequestException`/`requests.HTTPError`, `httpx.HTTPError`/`HTTPStatusError`/
    `RequestError`, `aiohttp.ClientError`, Google's `googleapiclient.errors.HttpError` and
    `google.api_core.exceptions.GoogleAPIError`, `slack_sdk.errors.SlackApiError`, and the base errors of database
    clients (pymongo's `PyMongoError`, SQLAlchemy's `SQLAlchemyError`, redis-py's `RedisError`, psycopg's `Error`,
    neo4j's `Neo4jError`, `sqlite3.Error`, aiosqlite's `Error`, PyMySQL's `MySQLError`, `mysql.connector.Error`,
    asyncpg's `PostgresError`), and the Kubernetes client's `ApiException` (every error status the API answers).
    So does a project's own exception class that its client raises for whatever a broad or catch-all `except`
    caught (`except aiohttp.ClientError as e: raise BoardError(f"network error: {e}")`), or a base of it, where
    the `try` calls what leads to that raise; not where it calls only code that raises the class for one named
    condition (`check_board_name(name)`), nor a class raised there without what was caught, whose raise is the
    report that loses it.
    Every failure shape counts: a raised exception, a `CallToolResult(isError=True)`, an error dict
    (`{"error": ...}`, `{"success": False}`, ...), also in an envelope (`{"result": {"error": ...}}`), or a list
    of them, `json.dumps` of one, an `"Error: ..."`/`"Failed to ..."` string (also in `[TextContent(...)]`; in
    the tool's own answer, a string that says anywhere that something failed or is invalid, expired or not
    available: `"Token is invalid or expired. Check the token."`), an
    error-response model (`ErrorResponse(message=...)`, also `.model_dump()`ed), a bare `False` returned by the
    tool itself (not by a helper, whose callers decide), or a same-module helper that builds one. Handing the
    exception to a helper that drops it counts as leaving it out: `return format_error("get_chat", e)`, where the
    helper (in any module) logs `e` and ends by returning a failure text made only of its other arguments and
    constants (`f"An error occurred (code: {code})"`); not when the caller's own text may be what the helper
    returns (`format_error("get_chat", e, hint=...)` with `if hint: return hint`), nor when the helper fills the
    error into what it returns (`response.update(...)`). The same holds for an exception raised with such a
    helper's message (`raise ToolError(_safe_error("get_entry", exc)) from exc`, where `_safe_error` ends with
    `return f"Error in {tool}: upstream request failed"`), also when the `except` only calls a helper that ends
    by raising it (`_raise_tool_error("get_entry", exc)`).

    It also finds a tool that calls a helper (in any module, also a method of a client object, also in a worker
    thread: `await asyncio.to_thread(fetcher.download, x)`, also a `typing.Protocol` method through an annotated
    receiver, `context.delete_program(name)` with `context: MCPContext`, where a project class that implements
    it swallows) whose broad
    `except` returns `False`, `None` or an empty value (`[]`, `{}`, `""`), or puts it in a returned tuple, or that returns such a helper's
    outcome, and then reports a constant failure on that outcome: `if not _save(x): return "Error: could not
    save"`, `if load() is None: ...`, an attribute the helper sets on its object and leaves unset for every
    exception (`await auth.fetch_token()`, then `if not auth.token: raise ToolError("Could not obtain a token")`), `if name not in _collection_names(): raise ValueError(f"{name} does not
    exist")` (a failed listing leaves every name out), `ok = _save(x)` then `if not ok: ...`, `item, parts = fetch(x)` then
    `if item is None: ...` (also when the helper falls through to a tuple: `return None, zone, None`), `if ok:
    return result` followed by the report, a (result, error) pair whose error place holds only a text, where the
    function answers success the other way round elsewhere (`if series is None: return None, f"RSI came out empty
    (length: {length})"` beside `return series, None`), `"Saved" if ok else "Failed to
    save"` (also in a local or a key of one the function answers with: `response = {"message": "Synced" if
    success else "Sync failed"}` then `return json.dumps(response)`), or `results.append("Failed to save ...")` for one item of many (a note in a log or warnings list
    counts only where the branch then gives up, not where it skips the item). The failure branch may be taken on
    more than the helper's outcome (`if not folder or folder["kind"] != "dir":`, the `else` of
    `if ok and ...:`) or only when another test holds too (`if not agent and not metadata:`: then the report is
    as constant), the report may sit under a further test inside it (`if client is None: if session: return
    "... cannot be controlled"`), unless that test reads what the branch went on to get (`token =
    os.getenv("TOKEN")`, then `if not token: return {"error": "TOKEN not set"}`: the report answers that), and
    the report may be built there and sent after it (`else: response = {"success": False,
    "message": "Unable to comment"}`, then `return json.dumps(response)`: reported where it is built). In that
    branch a text that says anywhere that something went wrong counts too (`f"File {file_id} could not be
    downloaded."`, `"... Deletion aborted."`), also bound to a local there first (`message = f"..."`, then
    `return {"status": "not_found", "message": message}`); so does an empty answer (`return []`) where the helper
    answers False or None for every exception (`if not data: return []`), and a text that says something is not
    there (`f"Database {name} does not exist"`) where the helper that answers False is named as a question of
    presence (`_database_exists`, `is_vector_store`, `has_access`): every failure reads as absent. A helper whose
    broad `except` answers a dict without the key the tool then reads (`return {"Error": str(e)}`, then `statements
    = data.get("income_statements", [])` and `if not statements: return "Unable to fetch income statements"`)
    gives the tool the default for every exception, unless the tool reads what the `except` put in (`if "Error" in
    data:`); a tool that returns that default as it is (`tickers = data.get("tickers", [])`, then `return
    json.dumps(tickers)`) answers every failure as a valid empty result. A helper swallows too when it tries each candidate in a loop, skips those that raise
    (`except Exception: continue`) and returns `None` or `False` after the loop (also inside a `try` that holds its
    whole work, whose `except` re-raises), or when its broad `except` only
    logs and falls through to `return None` (or off the end, or to `return apps` (or `apps[:limit]`) where `apps = []` before the
    `try` and the `try` fills it, or to `return client` where the `except` sets `client = None`), or when each of
    its `try` statements sets a local that starts as `None`, its broad `except` only logs or passes, and only `if`
    statements that test those locals come between them and its last line, `return None` (`latest = None`, `try:
    latest = filings.latest()` / `except Exception: pass`, `if latest: return latest, "10-K"`, `return None,
    None`: every failure leaves the tests false); a tool's own loop
    swallows when each candidate's `try` sets what it found and its broad `except` skips to the next (`result =
    None`, then `for c in candidates: try: result = fetch(c); break` / `except Exception: continue`), since
    `result` is still `None` when every try failed; and a tool swallows in place when
    its own broad `except` sets to `False` or `None` the flag its `try` sets (`try: exists = bool(client.edges(a,
    b)) except Exception: exists = False`, then `if exists: ...` and a constant report; not a test before the `try`,
    `if fields is None: try: fields = fetch_fields(kind) except Exception: fields = None`), or when every call that
    fills a list or set it starts empty is in a `try` whose broad `except` only passes or logs (`page_ids = set()`,
    then for each source `try: ... page_ids.add(p["id"]) except Exception: pass`, then `if not page_ids: return
    "No pages found"`, or the same answer after `if page_ids: ... if details: return ...`). A failure text put in a
    result model's error field (`Doc(id=..., error_message="Could not convert the document")`) is a report.
    An emptiness test does not stop a helper's swallowed value when the tool answers the empty branch as a success
    (`if not stuck: return "No stuck jobs"`, `if not problems: summary = "Cluster appears healthy"`): the failure
    reads as that answer. The value is followed through a list made only by extending it with calls' outcomes
    (`problems = []`, `problems.extend(_check_nodes(cluster))` for each check), into a record built by keyword
    (`return RCAReport(summary=summary, conditions=problems)`), and through `report.model_dump()`. A type test
    (`if isinstance(found, str):`) does not stop it either, and an empty page may hold counts of `0` or come from a project function that only builds
    one (`return self._create_empty_threads_response(ticket_id)`).

    Such a swallow is also reported once where it happens, at the helper's broad `except` (that answers the
    swallowed value itself, or only logs and falls through to it), naming the callers whose reports it makes
    constant: that is where the exception is lost and where the fix goes (`except Exception: return None` in
    `get_client()`, "which list_layers() and 8 other callers then report as a constant failure"), also for one
    place of a returned tuple (`return None, None`), and for a helper whose outcome a caller returns as it is, up to
    two callers up (`snapshot = store.latest()`, `if snapshot: logger.info(...)`, `return snapshot`, where a tool
    tests what that caller returns: the store's `except` is where the failure is lost; an `if` that only makes
    remarks does not count as a test of the outcome). Not when the rule already reports what the `except` answers
    (`return []` that a tool answers as a valid empty result), nor when the clause sends the exception back in
    another place (`return False, f"Error: {exc}"`): then the caller that drops it is where it is lost.

    A tool that runs a call through a project guard whose broad `except` answers False, with or without the error
    beside it (`ok, found = await run_guarded(store.list_docs(), "list")` over `except Exception as e: return
    False, f"Error: {e}"`), and then puts an empty value or a placeholder count in place of the failure is reported
    at that stand-in: `docs = found if ok else []`, `count = len(found) if ok else -1`, `if not ok: count = -1`,
    `return found if ok else []`, when the tool answers with it or leaves in the branch its emptiness takes (`if
    name not in docs: raise ValueError(f"{name} not found")`, whose report is then constant, and reported too). Not when the error beside the flag is read anywhere
    else in the tool (`"problem": None if ok else found`), nor when an empty value only lets the tool go on with its
    work (`if name in existing: return "... already exists"`). On success such a guard answers what the call it
    awaits answers (`result = await asyncio.wait_for(awaitable, t)`, `return True, result`), so a helper whose broad
    `except` turns every exception into an empty value is reported where it swallows, as below; a call through a
    base class (`db.list_docs()` with `db: NoteStore`) answers what the method of each project subclass that
    overrides it answers, and a type test (`isinstance(found, list)`) lets an empty list through.

    A broad `except` that only stores a constant error dict or error model into a part of what the function
    returns (`except Exception: forecast = {"error": "Forecasting data not available"}`, then `return
    {"pipeline": data, "forecasting": forecast}`, also through the locals, lists and models it goes into before
    the return: `statuses.append(status)`, `report = Report(jobs=statuses)`, `return report.model_dump()`) is
    reported where it stores it; so is a constant sentence stored under a key of the result (`result["reviews"] =
    "Error fetching reviews"`) or added to the text the function returns (`markdown += "## Reviews\\n\\nError
    fetching reviews."`), or in the dict stored for the part (`linked[db] = {"ids": ids, "note": "Could not fetch
    record details"}`). A report the `except` fills
    with the exception (`result["error"] = f"Lookup error: {e}"`, then `return result`) carries it, unless the
    dict never goes into the answer whole and the function reads it only by its other keys (`data["nvd_error"] =
    str(e)`, then only `data.get("nvd_info")`, `data["patches"]`: the error is kept where the model never sees it). An `except`
    that only logs and stores an empty dict or list under a key of what the function returns (`results[category]
    = {}`, then `return {"categories": results}`) answers that part as found empty, and is reported there; one
    that lists the part as failed (`failed.append(category)`) is not. So does one that only logs and binds to `[]`
    or `{}` a local its `try` fetches (`try: status, jobs, error = await fetch_jobs(id)` / `except Exception:
    log.warning(...); jobs = []`), when the tool's answer is made after the `try` from that local (`if jobs: text +=
    "## Jobs"`): the section reads as having nothing in it. So does one that binds such a local, which its `try`
    computes from work that may fail for a reason outside the code, to a made-up value: a zero, an empty string, a
    placeholder word or a constant failure text (`except Exception: filled_cells = 0`, then `return f"Cleared
    {filled_cells} cells"`; `file_name = "Unknown"`; `snippet = "Unable to load preview"`); reported once per
    `except`. Not a default for an input that does not parse (`try: size = int(limit)`), not `None` or
    `False`, which a later test of the local reads as the failure, and not where the clause keeps the exception
    in another local (`content = f"Error reading file: {e}"` beside `size = 0`). An `except` that adds a stand-in
    for the item its `try` adds, with a placeholder in place of a value and nothing of the exception
    (`states.append({"device": device_id, "state": "unknown"})`; or `False`, `0` or `None` where the `try`'s item
    computes the value, `"read": False` for `"read": grants.can_read`, also bound to a local first or in a nested
    dict), makes the failed item read as a real one, and is reported there; one that carries the error (`"error":
    str(exc)`) is not.

    A broad `except` that only logs or passes and skips to the next item of a loop whose `try` returns the item it
    looks for (`for event in events: try: if event.uid == uid: event.delete(); return {...}` / `except Exception:
    continue`) is reported there when the loop is followed by a constant failure report (`raise ValueError(f"Event
    {uid} not found")`): a failure of the item looked for ends in it, as if the item were not there. Not when the
    `except` keeps the error for that report (`last_error = exc`).

    A broad `except` that only logs, after a `try` that returns whenever it ends and whose other clauses return or
    raise, is reported at the `return` right after the `try` when that sends a constant failure report (`return
    get_operation_outcome_exception()`, `return {"error": "An unexpected internal error has occurred."}`): only
    the exceptions reach it.

    A broad `except` that only logs, prints or passes is reported where it is when a tool then answers as if the
    work of its `try` was done: the `try` is a statement of the tool's own body, not in a loop, and the next
    statement returns an answer made only of constants and the tool's arguments (`return f"Deleted {book_id}"`);
    or the `try` ends a helper that returns no value, which a tool calls as a statement right before such a
    `return` (`shelves.move(book_id, shelf)`, then `return f"Moved {book_id} to {shelf}"`). The helper's `try`
    may sit in branches and loops, when each statement that holds it is the last of its block (`for path in
    paths: if path.exists(): try: path.unlink()`), but not in a `while` loop, which may try again. The tool may
    call the helper through a base class whose method the helper overrides (`await store.flush()` with `store:
    Store`), and may be a function a tool picks from a table and returns the answer of as it is (`handler =
    ACTIONS.get(action)`, then `return await handler(store)`). Not when the answer carries what the tool read
    after it (`book = catalog.get(book_id)`), or the helper returns a value. So is one whose `try` is the only
    statement under a flag that asked for its step (`if request.notify_reader: try: mailer.send(...)`), in a
    function whose answer (a tool's, or one a tool's answer holds) gives that flag back as it is (`{"reader_notified":
    request.notify_reader}`): the answer says the step was done whether or not it failed; not where the answer
    holds what the `try` set (`linked = True`).

    A broad `except` that only logs, prints or passes (then perhaps `continue`s, or `break`s out of the loop, as a
    paging loop that stops at the first failed page does; also in a worker function nested in the one that
    answers, `async def probe(host): try: ... alive.append(host)`, run for each item by `asyncio.gather`) is
    reported where it is when its
    `try` does work that may fail and adds to what the function returns whole, so that each failure is left out
    of an answer that reads as complete: a listing without the items that failed, a count that is too low, a text
    without a section (`for course_id in ids: try: ...; copied += 1` / `except Exception as e: print(e)`, then
    `return copied`). The `try` adds to a local when it appends to, extends, updates or stores under a key of it,
    adds to it (`+=`), or binds it where every other binding is a zero or an empty collection (`pdf_count =
    self.parse_all()`), or appends to or adds to a collection held in it (`summary["owners"].add(name)`); the
    function returns it whole when a `return` sends it, a slice of it, its length or a method's outcome on it, or a
    dict it so sends holds it under a key (`details["recent_builds"] = recent`, or `response = {"tables": tables,
    "total_tables": len(tables)}`, then `return response`, also where `response` is bound to another
    literal before another `return`), not only one member of it
    (`article["title"]`). A helper that returns no value and adds so to a parameter
    (`self._add_owner(summary, filing)`) adds to the local its caller passes, and is reported where its caller
    returns that local whole. A helper whose broad `except` answers None, also by falling through to `return
    None`, after a `try` that asks something outside (it awaits, calls a client, or calls something named for a
    request: `fetch_entry(id)`), is reported there when a caller binds its outcome in a loop and adds it only when it holds something
    (`if entry: entries.append(entry)`, with no `else` that lists the failed ones) to a list it returns whole, and
    a tool answers with that: each failed item is left out of a listing that reads as complete. So is one whose
    caller, in a tool's answer, fills a section only when the outcome holds something (`thread_context = None`,
    then `if thread: thread_context = {...}`, with no `else`): the section reads as having nothing to show. Work is a call that may fail for a
    reason outside the code: not a builtin, a class, a method of a container, a string, a date or a regular
    expression, a log call, a project function whose broad `except` answers in place of every exception, or a
    call inside a nested `try` whose broad `except` catches it. Not reported: an `except` that keeps the failure
    (`failed.append(...)`), a `try` that returns (what follows is another way to answer), a value the function
    gets another way where it is empty (`if not result["code"]: result["code"] = ...`), and where the rule
    reports the empty answer instead: a `try` that alone fills the list the function returns next (`papers =
    []`, `try: ...`, `return papers`; not when the value holds something before it, `card = f"Message {id}"`
    or `card += ...`, which then reads as complete), or a list whose emptiness the function, or a caller it is returned whole
    to, answers with a constant text (`if not labels: return "No labels found"`). Nor a helper whose every
    caller calls it as a statement (`prune_artifacts(days)`): the partial answer reaches no one.

    A tool whose own broad `except` answers with what reads as a valid empty result is reported too: a text
    that says nothing was found (`except Exception: return "No interfaces found matching the criteria."`): the
    model is told there is nothing there when the lookup failed. So is one that answers with an empty value
    (`except Exception: return ""`, `[]`, `{}` or `None`, or an empty page, `{"vectors": [], "namespace": namespace, "next": None}`, whose values are empty, `None` or the function's parameters), also where the tool is a function a low-level
    dispatcher runs from a table or the project's registry and answers with (`return await
    TOOLS_MAP[name](client, arguments)`), and a tool that passes on the outcome of a helper whose
    broad `except` turns every exception into such a value (or into `0`, in a function that counts: named for a
    count or total, or annotated `-> int`): returned unchanged or inside a list, a dict, a
    comprehension, a slice, an f-string or a call such as `json.dumps` (`return arxiv.search(q)`, or `papers =
    search(q)` then `return [p.to_dict() for p in papers]`, also through a local bound to the comprehension,
    `members = [...]` then `return {"members": members}`, or to a list filled only in loops over it, `ids = []`
    then `for account in await self._accounts(): ... ids.append(account["id"])`; a local tested before it is bound
    again passes on the later binding, `issues = first(id)`, `if issues: return ...`, then `issues = by_name(id)`
    and `return json.dumps(issues)`), or tested and answered with a text that says nothing
    was found (`if not results: return "No results found"`, also as the `"message"` of a dict, or a dict that
    answers `"found": False` without one, or handed to a project function that only wraps its text in
    `TextContent`, `return self._text("No invoices found")`, or handed to a project function that answers it,
    when empty, with such a text: `report = format_report(vulns, name)` over `if not vulns: return "No known
    vulnerabilities found"`; in a helper too,
    when a tool's answer holds what the helper returns: `report = analytics.stale(days)` then `return
    {"text": format_report(report)}`, or when the tool returns as it is the call of a function that returns the
    helper's, two such steps at most: `return await self.router.route(name, arguments)`, which returns `await
    self._routes[name].run(arguments)`), or when a low-level dispatcher runs the tool from the project's own tool
    registry and only serialises its answer (`await by_name[name].handler(inp)` over `@register_tool(name=...)`;
    the registered function is then the tool). A project function that puts what it is given, by position or by
    keyword, into the dict or list it returns (`data=_format_pod(pod, events=events)`) passes it on as part of
    the answer. The helper may be reached through others that pass
    its outcome on as their own answer (`found = search(q)` then `return [p.title for p in found]`; also a
    module-level cache of it, `global _CACHE`, `_CACHE = load_contacts()`, `return _CACHE`), not as one
    field or line of a larger answer (`{"count": n, "period": period}`, `f"PDF: {status}"`). A dict the tool
    builds around the outcome with only what describes it (`{"timestamp": datetime.now().isoformat(), "result":
    {"count": len(groups), "groups": groups}}`) is that outcome, `None` included. In one that also holds what
    other calls found, bound to a local first or not, and in a record the tool builds by keyword from locals or
    calls (`TopicDetail(name=topic, partitions=partitions, config=config)`, not `note=str(conditions)`), the
    outcome is one part of a larger answer: an empty list or dict there reads as a part found empty and is
    reported, `None` is a part left out and is not. A helper's own answer is a larger one too, unless every part
    of it is such an outcome: a helper that returns a dict made only of calls of
    helpers that each turn every exception into an empty value (`return {"projects": self.search_projects(q),
    "uploads": self.search_uploads(q)}`) swallows too, and a dict the tool fills key by key with calls' outcomes
    only (`results = {}`, then `results["projects"] = search_projects(q)`) holds them as a literal of them does.
    An outcome the tool answers with only after testing that it holds something (`if link: return
    link`) is never the swallowed value. An attribute of the
    outcome (`result.text`) fails on `None` instead and is not reported, nor is `None` in one field of the tool's
    answer, nor a value the tool takes apart in loops and filters first.

    An `except` that returns what another try at the work answers (`except Exception: return
    _post_direct(channel, text)`, a function that catches its own failures, reports them with their errors and
    answers a success too) falls back; it does not report, and is not reported. But a helper's broad `except`
    that keeps nothing of the exception and returns a stand-in it makes with work of its own, in place of what
    its `try` returns (`except Exception: box = slide.shapes.add_textbox(...)`, `box.text = f"Chart: {kind}"`,
    `return box`), is reported where a caller calls it in a `try` whose broad `except` reports the exception
    (`created.append({"role": role, "error": str(e)})`): the caller would have said what failed, and reads the
    stand-in as what was asked for.

    Narrow `except` clauses are not reported (their type is the classification), nor reports that include
    the exception (`str(e)`, `f"{e}"`, `repr(e)`, `type(e).__name__`, `e.args`, `e.response["Error"]["Code"]`,
    `traceback.format_exc()`, or a local value derived from it, also a list an `except` of the function added it to
    before the report reads it: `notes.append(f"part {i}: {e}")`, then `raise RuntimeError("\\n".join(notes))`)
    or what a service answered (`response.text`,
    `response.status_code` of a response the function fetched), nor reports chosen by an `if` or `match`
    inside the handler (a classified report), nor a bare re-raise. A broad `except` around a try body of one
    statement (log calls aside) that only parses or converts an input (`int(limit)`, `datetime.strptime(day, ...)`,
    `json.loads(raw)`, `response.json()`, `base64.b64decode(data)`, `Path(p).resolve()`, `uuid.UUID(...)`,
    `Decimal(...)`, `dict(params)`, a conversion named so, `priority_to_int(Priority(label))`, a project parser
    named so, `parse_event_time(text)`), also followed only by statements that adjust what it parsed and do no
    work (`if when.tzinfo is None: when = when.replace(tzinfo=timezone.utc)`, `start += timedelta(days=7)`,
    `return when`), is classified too when its message names the input error: it says invalid, not valid, format,
    must or expected, or names the parameter parsed; so is a constant report on a local such an `except` sets to
    None (`start = None`, then `if not start: return {"error": f"Could not parse start time: {start_time}"}`).
    So is a report on the outcome of a helper whose every `try` only parses its input (`def valid_day(d): try:
    date.fromisoformat(d); return True except Exception: return False`, then `if not valid_day(day): raise
    ToolError("Invalid date format")`), and a note a broad `except` appends to a notes, log or warnings list of a
    result that goes on (`notes.append("Could not parse the requirement")`).
    Also classified: a broad `except` around a try body that only imports (`try: import numpy`: the failure is
    the missing dependency), one after a try body that ends by raising a failure report of its own, or by
    returning one after only parsing its details (`details = response.json()` in a 403 branch) or one that says
    what the `except`'s report says with more (`"Image parameter is required. Available: ..."`) (the
    `except` only falls back to a plainer report of that failure when building the detailed one fails), and a
    helper's `except` that stores the exception in the value it returns (`info["reason"] = f"{exc}"` then
    `return False, info`), when the tool reports that value, or returns a dict holding it beside the flag
    (`return False, {"error": f"Request error: {message}"}` with `message = str(e)`), and a helper whose try only
    parses a value and checks it (`urlparse`, `lower()`, `startswith`, a membership test, `re.match`), answering
    only truth values: a validator; and a guard in the function itself whose every broad `try` only parses and
    looks, whose `except` sets a flag to False, and whose report names the input error or refuses the input (`raise
    ValueError(f"URL not allowed: {url!r}")`). A report that reads what a helper put beside its swallowed value,
    where every broad `except` of the helper returns the exception there (`ok, detail = await run_guarded(...)`,
    `if not ok: return {"message": str(detail)}` over `except Exception as e: return False, f"Error: {e}"`),
    carries the error. `search`, `match`, `findall` and `sub` count as pure only on a regular expression (`re`, a
    name that says pattern or regex, a constant, a local made by `re.compile`): `index.search(query)` is work.
    A loop whose `except` ends with `continue` skips what the rest of the loop body gathers after the `try`
    (`catalog[key] = ...` after `try: page = fetch(category)`), as it would skip the `try`'s own filling; the
    arguments a decorator's wrapper hands to the function it was given (`return func(*converted_args)`) are not
    its answer.

    The helpers and their outcomes are followed however the tool reaches them: through a project function that
    runs the function it is given, first or by keyword (`await run_blocking(client.get_card_table, project_id)`
    over `async def run_blocking(func, *args): return await anyio.to_thread.run_sync(func, *args)`), through one
    that calls a method of the object it is given and passes on its outcome (`await run_search(catalog, query)`
    over `records = await asyncio.to_thread(source.search, query)` then `return [r.as_dict() for r in records]`:
    what `catalog.search` answers), inside the data a result model carries (`ToolResult(success=True,
    data=_format_pod(pod, events))`), and in each branch of a low-level dispatcher that binds the same local (the
    binding that reaches the branch's return counts). Putting an empty value in place of an empty one
    (`papers if papers else []`) is no test of the outcome. A helper whose outcome a tool answers with as it is,
    through any chain of helpers, is reported once, where it swallows: at its `except` clause's `return []` (or at
    the `return` that follows a `try` whose broad `except` only logs, `return papers` after `papers = []`),
    whichever tools pass it on, since that is the line to change; the tool's own `return` is reported instead only
    where the function that swallows runs in no tool context of its own. A helper that logs the exception it is
    given and returns the exception its caller raises, made of its other arguments (`raise _fail("list tables", e,
    hint) from e` over `return ToolError(f"{action} failed. {hint}")`), drops it. `{"type": "error", "message":
    ...}` and `{"result": "error", "msg": ...}` (Zulip's answer shape) are error dicts.

    ## Why is this bad?
    "Operation failed" gives the model nothing to act on: it cannot tell a timeout worth retrying from a
    permission error to escalate or a bad argument to correct (the structured-errors guide in References, on
    generic error swallowing). Logging the exception first (`logger.exception(...)`, `await ctx.error(...)`) does not
    help, because logs never reach the model.

    ## Example
    ```python
    from fastmcp import FastMCP

    mcp = FastMCP("orders")

    @mcp.tool()
    async def lookup_order(order_id: str) -> dict:
        try:
            return await order_db.get(order_id)
        except Exception:
            return {"isError": True, "error": "Operation failed"}
    ```

    ## Use instead
    ```python
    from fastmcp import FastMCP

    mcp = FastMCP("orders")

    @mcp.tool()
    async def lookup_order(order_id: str) -> dict:
        try:
            return await order_db.get(order_id)
        except TimeoutError:
            return {"isError": True, "errorCategory": "transient", "isRetryable": True, "retryAfterSeconds": 30}
        except Exception as exc:
            return {"isError": True, "error": f"Operation failed: {type(exc).__name__}: {exc}"}
    ```

    ## Fix safety
    The fix is unsafe, because it changes what the model reads. It keeps the original text and adds the
    exception's type and message, `f"<original text>: {type(exc).__name__}: {exc}"` (after a closing full stop,
    `f"<original text>. Cause: {type(exc).__name__}: {exc}"`), in the same shape as
    before: the string, the dict field (`error`, `message`, ...), the exception's argument or the
    `TextContent` text. It binds the exception `as exc` when the clause has no name (a bare `except:` becomes
    `except BaseException as exc:`, which catches the same). There is no fix when the report comes from a
    same-module helper or has no message to extend (a local holding a whole payload), nor for a constant
    report after a helper that swallowed the exception: the helper must change. Review that the exception text
    is fit for the model to read: it may carry internal details.

    ## References
    - "Implement Structured Error Responses for MCP Tools" (a guide to structured MCP tool errors: why uniform
      errors break recovery, and the anti-patterns):
      https://learn.logeshclouduniverse.com/MasteringClaude/domain2_task2.html
    - Open eXecution Protocol, error schemas (a message plus machine-readable details):
      https://openexecprotocol.org/spec-1.0/schemas/errors
    - MCP spec 2025-11-25, tools, "Error Handling" (tool execution errors, SEP-1303):
      https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    """

    code = "MCP002"
    name = "generic-swallowed-exception"
    summary = "Broad except reports a constant failure that carries neither the exception nor a classification"
    fix_applicability = Applicability.UNSAFE
    requires = re.compile(
        rb"except\s*:|(?<![A-Za-z0-9_])(Base)?Exception\b|ClientError|RequestException|HTTPError|HTTPStatusError"
        rb"|RequestError|HttpError|GoogleAPI(Call)?Error|SlackApiError|PyMongoError|SQLAlchemyError|RedisError"
        rb"|Neo4jError|psycopg|sqlite3|aiosqlite|MySQLError|mysql\.connector|PostgresError|ApiException"
    )

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        # function -> the flags its own broad except clauses set to a constant (see _except_flags), and the lists
        # they leave empty (see _skipped_items)
        self._flags: dict[cst.FunctionDef, dict[str, set[str]]] = {}
        # (function, whole) -> whether a tool's answer holds what it returns (see _answers_tool)
        self._answers: dict[tuple[cst.FunctionDef, bool], bool] = {}
        self._stood_in: set[int] = set()  # the handlers reported for a stand-in they put in place of a value
        # function -> what its own code answers in place of every exception, by the statement that answers it
        self._sites: dict[cst.FunctionDef, dict[int, str]] = {}
        # While :meth:`_caller_reports` runs: the names of the helpers the reports made blame for a constant answer.
        self._blamed: list[str] | None = None

    def _check(self, node: cst.Return | cst.Raise | cst.Call) -> None:
        scope = self.context.scope
        if scope is None:
            return
        within = ancestors_within(self.context.ancestors, scope.function.node)
        handler_at = next((i for i in range(len(within) - 1, -1, -1) if isinstance(within[i], cst.ExceptHandler)), None)
        if handler_at is None:
            self._check_swallowing_helper(node, within, scope.function)
            return
        handler = within[handler_at]
        broadness = breadth(handler, self.context.index)
        if broadness is None:
            return
        if any(isinstance(n, (cst.If, cst.Match)) for n in within[handler_at:]):
            return  # a report chosen by a condition is a classified report
        if isinstance(node, (cst.Call, cst.Assign, cst.AugAssign)):
            # ``lines.append(f"{label}: unable to fetch")``: one item's report, in a list the tool returns;
            # ``forecast = {"error": "Forecasting data not available"}``: a part's report, in the result
            payload = node.args[0].value if isinstance(node, cst.Call) else node.value
            shape = failure_shape(payload, self.context.index, scope.function, module=self.context.module)
            if isinstance(node, cst.AugAssign):
                # ``markdown += "## Reviews\n\nError fetching reviews."``: a section of the text the tool returns
                shape = Shape.ERROR_STRING if _reports_in_text(payload) else None
            elif (
                isinstance(node, cst.Assign) and shape is None and isinstance(payload, cst.Dict)
                and isinstance(node.targets[0].target, cst.Subscript)
                and any(
                    isinstance(e, cst.DictElement) and is_error_string(e.value) and " " in literal_text(e.value).strip()
                    for e in payload.elements
                )
            ):  # fmt: skip
                # ``linked[db] = {"ids": ids, "note": "Could not fetch record details"}``: the part's report is a
                # sentence in the dict stored for it
                shape = Shape.ERROR_DICT
            elif isinstance(node, cst.Assign) and shape not in (Shape.ERROR_DICT, Shape.ERROR_MODEL) and not (
                shape is Shape.ERROR_STRING and isinstance(node.targets[0].target, cst.Subscript)
                and " " in literal_text(payload).strip()
            ):  # fmt: skip
                # a status word (``status = "ERROR"``) or a helper's value is not the part's report; a sentence
                # stored under a key of the result is (``result["reviews"] = "Error fetching reviews"``)
                shape = None
            report = FailureReport(node, shape, payload) if shape is not None else None  # type: ignore[arg-type]
        else:
            report = failure_report(node, self.context.index, scope.function, module=self.context.module)
            if report is None and isinstance(node, cst.Return) and (
                scope.result_of is not None or scope.registered
            ) and isinstance(node.value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)) and (
                _FAILED_ANYWHERE.search(literal_text(node.value))
            ):  # fmt: skip
                # ``except Exception: return "Token is **invalid** or expired. Check META_ACCESS_TOKEN."``: the
                # tool's own answer to every exception is a text that says something went wrong
                report = FailureReport(node, Shape.ERROR_STRING, node.value)
            if report is not None and report.shape is Shape.HELPER and _falls_back(report.payload, self.context.index, scope.function):
                return  # ``except Exception: return _send_direct(recipient, message)``: the work tried another way
        informativeness = _Informativeness(self.context.index, scope.function, handler, [*within, node])
        if report is None:
            value = node.value if isinstance(node, cst.Return) else None
            what = _lead(broadness)
            # the tool itself, or a function its dispatcher runs from a table and answers with (``registered``)
            answers = scope.result_of is not None or scope.registered
            if isinstance(value, cst.Name) and value.value == "False" and answers:
                # ``except Exception: return False`` in the tool itself: the model reads "false" for every failure
                self.report(node, f"{what} reported as a bare False; include the error or classify it")
            elif (
                value is not None and answers and _says_nothing_found(value)
                and not informativeness.is_informative(value)
                and not (handler_at and _guarded_import(within[handler_at - 1]))
            ):  # fmt: skip
                # ``except Exception: return "No interfaces found"``: every failure reads as a valid empty answer
                self.report(node, f"{what} reported as an empty result; include the error or classify it")
            elif (
                isinstance(node, cst.Return) and answers
                and (empty := _empty_value(value)) is not None
                and not (handler_at and _guarded_import(within[handler_at - 1]))
            ):  # fmt: skip
                # ``except Exception: return ""`` in the tool itself: the model reads every failure as an empty result
                self.report(node, f"{what} answered with {empty}, which reads as a valid empty result; report the error")
            elif isinstance(node, cst.Return) and not (handler_at and _guarded_import(within[handler_at - 1])):
                # ``except Exception: return []`` in a helper whose outcome a tool answers with as it is
                self._check_passed_whole(node, scope, f"{what} answered with")
            elif (
                isinstance(node, cst.Call) and handler_at
                and (alike := _added_alike(within[handler_at - 1], node)) is not None and alike.args
                and (word := _placeholder(
                    node.args[0].value, handler, _bound_in(within[handler_at - 1].body, alike.args[0].value)
                )) is not None
                and self._answers_tool(scope)
            ):  # fmt: skip
                # ``except Exception: entity_info.append({"entity_id": entity_id, "state": "unknown"})`` where the
                # ``try`` appends the entity's real state: the failed item reads as a real one
                self.report(node, f"{what} adds an item whose value is the placeholder {word}, which reads as real; report the error")
            elif (
                isinstance(node, cst.Assign) and isinstance(node.targets[0].target, cst.Subscript)
                and (empty := _empty_value(node.value)) in ("{}", "[]")
                and _quiet(handler)
                and self._answers_tool(scope)
            ):  # fmt: skip
                # ``except Exception as e: ctx.warning(...); results[category] = {}``, then ``return {"categories":
                # results}``: the failed part reads as a valid empty one
                message = f"{what} stores {empty} as one part of the answer, which reads as a valid empty part"
                self.report(node, f"{message}; report the error")
            return
        if informativeness.is_informative(report.payload):
            dropping = _dropping_helper(report.payload, informativeness.derived, self.context.index, scope.function)
            if dropping is not None:
                self.report(
                    node,
                    f"{dropping.name}() drops the exception it is given, so this {report.shape.value} is constant; "
                    "include the error or classify it",
                )
            return
        try_node = within[handler_at - 1] if handler_at else None
        if isinstance(try_node, cst.Try) and (
            _guards_import(try_node) or _ends_in_raise(try_node)
            or self._ends_in_report(try_node, scope.function, report.payload)
        ):
            return  # a missing dependency, or the fallback of a failure report the try body was making
        inputs = _parsed_inputs(try_node, scope.function, self.context.index) if isinstance(try_node, cst.Try) else None
        if inputs is not None and _names_input_error(report.payload, scope.function, inputs, informativeness.params):
            return  # a failed parse of one input, reported as the input error it is: a classified report
        # One short sentence; why, and that logging does not help, is in the rule's documentation.
        if broadness:
            message = f"Catch-all except {broadness} reported as a constant {report.shape.value}; include the error or classify it"
        else:
            message = f"Broad except reported as a constant {report.shape.value}; include the exception or classify it"
        self.report(node, message, self._fix(handler, report.payload, scope.function))

    def _ends_in_report(self, try_node: cst.Try, function: FunctionInfo, fallback: cst.BaseExpression) -> bool:
        """Whether a try body ends by returning a failure report (``error_data = response.json()`` then ``return
        {"error": error_data.get("error", "License inactive")}`` in a 403 branch), or one that says what the
        ``except``'s report says, only with more (``"Image parameter is required ... Available images: ..."``,
        then ``except Exception: return "Image parameter is required ..."``): a broad ``except`` after it falls
        back to a plainer report of the same, already classified failure."""
        body = try_node.body
        lines = list(body.body) if isinstance(body, cst.IndentedBlock) else []
        last = lines[-1] if lines else None
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
            return False
        value = last.body[-1].value
        if value is not None:
            made = report_text(value, function).split()[:5]
            plain = report_text(fallback, function).split()[:5]
            if len(plain) >= 4 and made == plain:
                return True
        for line in lines[:-1]:
            # only a parse of the failure's details before it (``error_data = response.json()``)
            small = line.body[0] if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 else None
            made = small.value if isinstance(small, cst.Assign) else None
            if not (isinstance(made, cst.Call) and callee_name(made.func) in _PARSERS):
                return False
        return value is not None and failure_shape(value, self.context.index, function, module=self.context.module) is not None

    def _check_swallowing_helper(
        self, node: cst.Return | cst.Raise | cst.Call | cst.Assign, within: Sequence[cst.CSTNode],
        function: FunctionInfo,
    ) -> None:  # fmt: skip
        """``if not _save(x): return "Error: could not save"``, where ``_save`` turns every exception into False;
        also ``return "Saved" if ok else "Failed to save"`` after ``ok = _save(x)``, and a per-item report
        ``results.append("Failed to save")`` in the failure branch."""
        found: tuple[FunctionInfo, set[str]] | None = None
        arm: cst.BaseExpression | None = None
        inner: list[tuple[cst.BaseExpression, bool]] = []
        for at in range(len(within) - 2, -1, -1):
            # The innermost enclosing branch first, then the ones around it (``if client is None: if session:
            # return "... does not support playback"``: still where the helper failed).
            branch = within[at]
            if isinstance(branch, cst.If):
                in_body = within[at + 1] is branch.body
                found = self._swallowing_test(branch.test, in_body, function, path=within[: at + 1])
                if found is not None:
                    if any(_wants_value(test, taken, function, found[0], self.context.index) for test, taken in inner):
                        return  # ``elif status == "processing":``: a value the swallowed outcome never has
                    if inner and _bound_since(within[at + 1], [test for test, _ in inner]):
                        return  # ``token = os.getenv(...)``, ``if not token:``: the report answers a new test
                    break
                inner.append((branch.test, in_body))
        if found is None and len(within) >= 2:
            # ``if ok: return result`` followed by the report: the report is the branch where the test fails.
            block, statement = within[-2], within[-1] if not isinstance(node, cst.Call) else None
            at_block = len(within) - 2
            if isinstance(node, (cst.Return, cst.Raise, cst.Assign)) and isinstance(block, cst.SimpleStatementLine):
                block, statement = (within[-3], block) if len(within) >= 3 else (None, None)
                at_block = len(within) - 3
            body = getattr(block, "body", None)
            if isinstance(body, Sequence) and statement in body:
                at_statement = list(body).index(statement)
                previous = body[at_statement - 1] if at_statement else None
                if isinstance(previous, cst.If) and previous.orelse is None and _leaves_when_done(previous.body):
                    found = self._swallowing_test(previous.test, False, function, path=[*within[: at_block + 1], previous])
        if found is None and isinstance(node, (cst.Return, cst.Assign)) and node.value is not None:
            for inner in nodes(node.value, prune=(cst.Lambda,)):
                if isinstance(inner, cst.IfExp):
                    for arm, in_body in ((inner.body, True), (inner.orelse, False)):
                        found = self._swallowing_test(inner.test, in_body, function, arm, path=[*within, node])
                        if found is not None:
                            break
                    if found is not None:
                        break
        if found is None:
            if isinstance(node, cst.Return) and self.context.scope is not None:
                self._check_passed_on(node, function)
                self._check_passed_whole(
                    node, self.context.scope, "Broad except only logs, so every failure returns",
                    _handler_above(within, self.context.index),
                )
            return
        if _raises_given(node, function):
            return  # ``raise fallback_error``: what the caller built, with the real cause
        helper, swallowed = found
        who = f"{helper.name}() turns" if helper is not function else "an except clause here turns"
        index = self.context.index
        module = self.context.module
        if arm is not None:
            payload, shape = arm, Shape.ERROR_STRING  # "Saved" if ok else "Failed to save": the failing arm
        elif isinstance(node, (cst.Call, cst.Assign)):
            payload = node.args[0].value if isinstance(node, cst.Call) else node.value
            found_shape = failure_shape(payload, index, function, module=module)
            if found_shape is None:
                return
            shape = found_shape
        else:
            report = failure_report(node, index, function, module=module)
            if report is None and isinstance(node, cst.Return) and (told_at := _error_place(node.value, function)):
                report = FailureReport(node, Shape.ERROR_STRING, told_at)
            if report is None:
                block = next((n for n in reversed(within) if isinstance(n, cst.IndentedBlock)), None)
                text = _branch_text(node, index, function, block)
                scope = self.context.scope
                told = swallowed - {"False"} if _PREDICATE.search(helper.name) is None else swallowed
                if (
                    text is not None and ABSENCE.search(text) and not _FAILURE_PHRASE.search(text)
                    and scope is not None and told and self._answers_tool(scope)
                    and not _Informativeness(index, function, None, [*within, node]).is_informative(node.value)  # type: ignore[union-attr]
                ):  # fmt: skip
                    # ``if not papers: return "No papers found"`` in the tool, or ``if not _exists(db): return
                    # f"Database {db} does not exist"`` over a predicate that answers False for every exception:
                    # every failure reads as nothing found
                    self._report_blaming(
                        node, helper, function,
                        f"{who} every exception into {' or '.join(sorted(told))}, so this 'nothing found' "
                        "answer is what every failure reads as; let it raise or return the error",
                    )
                    return
                if (
                    swallowed <= {"False", "None"} and isinstance(node, cst.Return)
                    and (empty := _empty_value(node.value)) and empty != "None"
                    and scope is not None and self._answers_tool(scope)
                ):  # fmt: skip
                    # ``if not _exists(db): return []``, ``if not data: return []`` over a helper that answers False
                    # or None for every exception: every failure reads as an empty answer (a helper that swallows
                    # into an empty value is reported where it does, when the tool answers with it)
                    self._report_blaming(
                        node, helper, function,
                        f"{who} every exception into {' or '.join(sorted(swallowed))}, so this {empty} answer is what "
                        "every failure reads as; let it raise or return the error",
                    )
                    return
                if text is None or _FAILURE_PHRASE.search(text) is None:
                    return
                # In the branch the swallowed value takes, a text that says something went wrong anywhere in it
                # (``"File 1 could not be downloaded."``) is the failure's report.
                report = FailureReport(node, Shape.ERROR_STRING, node.value)  # type: ignore[arg-type]
            payload, shape = report.payload, report.shape
        if _Informativeness(index, function, None, [*within, node]).with_caught().is_informative(payload):
            return
        if _validates(helper) and _INPUT_ERROR.search(report_text(payload, function)):
            return  # ``if not validate_version(v): raise ValidationError(..., "Invalid version format")``
        if helper is not function and _reports_error_beside(payload, function, helper, index):
            return  # ``ok, detail = run_guarded(...)``, ``if not ok: return {"message": str(detail)}``
        if helper is function and _guards_input(function, payload, index):
            return  # ``try: parsed = urlparse(url); ok = parsed.hostname in ALLOWED except Exception: ok = False``
        value = " or ".join(sorted(swallowed))
        self._report_blaming(
            node, helper, function,
            f"{who} every exception into {value}, so this {shape.value} is constant; let it raise or return the error",
        )

    def _report_blaming(self, node: cst.CSTNode, helper: FunctionInfo, function: FunctionInfo, message: str) -> None:
        """Report a constant or empty answer that a helper (not ``function`` itself) made by turning every exception
        into a value, and note the helper for :meth:`_caller_reports`."""
        self.report(node, message)
        if self._blamed is not None and helper is not function:
            self._blamed.append(helper.name)

    def _check_passed_on(self, node: cst.Return, function: FunctionInfo) -> None:
        """``return arxiv.search(query)``, or ``papers = arxiv.search(query)`` then ``return [p.to_dict() for p in
        papers]``, in the tool itself, where the helper turns every exception into an empty value: the model reads
        each failure as a valid empty result. Reported here only where the function that swallows runs in no tool
        context of its own (``_check_passed_whole`` reports it where it swallows). A value the tool tests first
        (``if not papers:``) is judged at the test's branch instead."""
        scope = self.context.scope
        if node.value is None or scope is None:
            return
        index = self.context.index
        for candidate, helper, roots in _outcome_roots(function, node.value, index, _tested_names(function)):
            swallowed = {value for value, root in roots if _answered_whole_by(root, value, root.module or index) is None}
            if swallowed and function.outcome(node.value) is candidate and not _swallowed_values(
                helper, helper.module or index, depth=3
            ):
                continue  # it only passes on another helper's outcome, and its own ``return`` is reported
            if swallowed:
                if not self._answers_tool(scope, whole=True):
                    return  # asked last: it may read the modules of the tools that reach this function
                value = " or ".join(sorted(swallowed))
                self._report_blaming(
                    node, helper, function,
                    f"{helper.name}() turns every exception into {value}, which this tool returns as a valid "
                    "result; let it raise or return the error",
                )
                return
        self._check_keyed_passed_on(node, function)

    def _check_keyed_passed_on(self, node: cst.Return, function: FunctionInfo) -> None:
        """``tickers = data.get("tickers", [])`` then ``return json.dumps(tickers)``, over ``data = fetch(url)``
        whose broad ``except`` answers ``{"Error": str(e)}``: every failure reads as a valid empty list."""
        scope = self.context.scope
        value = _unsliced(node.value) if node.value is not None else None
        if isinstance(value, cst.Call) and callee_name(value.func) == "dumps" and value.args:
            value = value.args[0].value
        if not isinstance(value, cst.Name) or value.value in _tested_names(function) or scope is None:
            return
        bound = function.assigned(value.value)
        if not isinstance(bound, cst.Call) or function.bindings(value.value) != 1:
            return
        keyed = self._keyed_outcome(bound, function, None)
        if keyed is None or keyed[2] not in ("[]", "{}"):
            return
        helper, key, default = keyed
        if _missing_key(helper, key, helper.module or self.context.index) and self._answers_tool(scope, whole=True):
            self.report(
                node,
                f"{helper.name}() answers every exception with a dict without {key!r}, so this tool returns {default} "
                "as a valid result; let it raise or return the error",
            )

    def _check_passed_whole(
        self, node: cst.Return, scope: ToolScope, lead: str, at: cst.ExceptHandler | None = None
    ) -> None:  # fmt: skip
        """``except Exception: return []`` in a helper (or ``papers = []``, a ``try`` whose broad ``except`` only logs,
        then ``return papers``), where a tool answers with what the helper returns as it is, through the helpers
        that pass it on (see :func:`_answered_whole_by`): every failure reads as a valid empty result. Reported
        where the helper swallows (``at``, the ``except`` that falls through to the ``return``, when given), once,
        whichever tools pass it on."""
        if scope.result_of is not None:
            return  # the tool's own ``except``: reported in ``_check``
        function = scope.function
        index = self.context.index
        sites = self._sites.get(function.node)
        if sites is None:
            sites = self._sites[function.node] = {
                id(site): value for value, site in _own_swallows(function, index) if site is not None and value != "False"
            }  # fmt: skip
        value = sites.get(id(node))
        tool = _answered_whole_by(function, value, index) if value is not None else None
        where = at if at is not None else node
        if tool is not None:
            self.report(where, f"{lead} {value}, which {tool}() returns as a valid empty result; report the error")
        elif (
            value == "None"
            and any(
                _does_io(t.body) for t in function.own_of(cst.Try) if any(breadth(h, index) is not None for h in t.handlers)
            )
            and (dropping := _dropped_by_caller(function, index)) is not None
        ):  # fmt: skip
            self.report(
                where,
                f"{lead} None, which {dropping[0]}() reads as nothing to show, leaving {dropping[1]} empty in its "
                "answer as if nothing failed; report the error" if dropping[2] else
                f"{lead} None, which {dropping[0]}() skips, leaving the item out of {dropping[1]} as if nothing "
                "failed; report the error",
            )

    def _claimed_done(self, try_node: cst.Try, scope: ToolScope) -> str | None:
        """The tool that answers as if an action succeeded when the ``try`` of an ``except`` that only logs failed:
        the ``try`` is a statement of the function's own body (not in a loop, where each item's failure is the
        partial answer's concern) and what follows it is a ``return`` of a text or value made only of constants and
        the tool's arguments (``return f"Deleted {item_id}"``), in the tool itself; or the ``try`` ends a helper
        that returns no value, and a tool calls the helper as a statement, right before such a ``return``
        (``client.add_tracks(playlist, tracks)``, then ``return [TextContent(text="Tracks added.")]``). None
        otherwise."""
        function = scope.function
        own, following = _next_statement(function.node.body, try_node)
        if own and following is not None and self._answers_tool(scope, whole=True):
            return function.name if _claims_done(following, function, self.context.index) else None
        if following is not None or any(r.value is not None for r in function.own_of(cst.Return)):
            return None
        if not own and (scope.result_of is not None or scope.registered or not _ends_function(function, try_node)):
            return None  # in a tool, a ``try`` in a branch or loop; in a helper, one that other statements follow
        index = function.module or self.context.index
        for caller, calls in index.call_sites(function):
            where = caller.module or index
            caller_scope = where.scopes.get(caller.node)
            if caller_scope is None or not _answers_tool(caller_scope, where, whole=True):
                continue
            for call in calls:
                made = _call_statement(caller, call)
                if made is None:
                    continue  # the outcome is used, not dropped
                after = _next_statement(*made)[1]
                if after is not None and _claims_done(after, caller, where):
                    return caller.name
        return None

    def _answers_tool(self, scope: ToolScope, whole: bool = False) -> bool:
        """:func:`_answers_tool`, worked out once per function."""
        key = (scope.function.node, whole)
        known = self._answers.get(key)
        if known is None:
            known = self._answers[key] = _answers_tool(scope, self.context.index, whole)
        return known

    def _swallowing_test(
        self, test: cst.BaseExpression, in_body: bool, function: FunctionInfo, arm: cst.BaseExpression | None = None,
        path: Sequence[cst.CSTNode] | None = None, depth: int = 0,
    ) -> tuple[FunctionInfo, set[str]] | None:
        """Read a condition on a helper's outcome, taken the way ``in_body`` says (True: the test holds).

        Args:
            test (cst.BaseExpression): the ``if`` test or the conditional expression's test.
            in_body (bool): whether the report is where the test holds.
            function (FunctionInfo): the function the test is in.
            arm (cst.BaseExpression | None): for a conditional expression, the arm taken; it must be an error
                string for the test to count.
            path (Sequence[cst.CSTNode] | None): the nodes from the function down to the test's statement, to
                read the binding of a tested local that reaches it (``image = find(...)`` in this branch, not
                ``image = None`` in a later one); without it, the local's last binding.
            depth (int): the conditional bindings followed to get here (``names = listed if ok else []``).
        Returns:
            tuple[FunctionInfo, set[str]] | None: the helper and the swallowed values this branch catches, or None
            when the branch is not the failure branch of a helper that swallows every exception.
        """
        if isinstance(test, cst.BooleanOperation):
            # ``if not folder or folder["kind"] != "dir":``: the body runs whenever the helper failed (and in
            # other cases); the ``else`` of ``if ok and ...:`` runs whenever it failed. ``if not agent and not
            # metadata:``: the body runs when the helper failed and the other test holds too, and what it reports
            # then is as constant.
            for operand in (test.left, test.right):
                found = self._swallowing_test(operand, in_body, function, arm, path, depth)
                if found is not None:
                    return found
            return None
        read = _failed_test(test, membership=True)
        if read is None:
            return None
        tested, failure_in_body, caught = read
        if in_body != failure_in_body:
            return None
        if arm is not None and not is_error_string(arm):
            return None
        position = None
        if isinstance(tested, cst.Name):
            name = tested.value
            flags = self._flags.get(function.node)
            if flags is None:
                index = self.context.index
                flags = self._flags[function.node] = {**_skipped_items(function, index), **_except_flags(function, index)}
            inline = flags.get(name, set()) & caught
            if inline and path and _sets_inside(path[-1], name, function, self.context.index):
                return None  # ``if metadata is None: try: metadata = fetch() except Exception: metadata = None``
            if inline:
                # ``try: exists = bool(client.get(x)) except Exception: exists = False``, then ``if exists:``
                return function, set(inline)
            tested = function.reaching(name, path) if path else function.assigned(name)  # ok = _save(x); if not ok:
            if tested is None and function.unpacked(name) is not None:
                tested, position = function.unpacked(name)  # type: ignore[misc]  # item, extra = _load(x)
            if isinstance(tested, cst.IfExp) and depth < 2:
                # ``names = listed if ok else []`` over ``ok, listed = run_guarded(...)``: the empty arm stands in
                # for what failed, and the test that picks it reads the helper's outcome
                empties = [
                    arm is tested.body for arm in (tested.body, tested.orelse)
                    if _empty_value(arm) is not None and _empty_value(arm) in caught
                ]  # fmt: skip
                if len(empties) != 1:
                    return None
                return self._swallowing_test(tested.test, empties[0], function, path=path, depth=depth + 1)
        if isinstance(tested, cst.Await):
            tested = tested.expression
        if isinstance(tested, cst.Attribute):
            state = _state_swallow(tested, function, self.context.index)
            return (state[0], state[1] & caught) if state is not None and state[1] & caught else None
        if not isinstance(tested, cst.Call):
            return None
        index = self.context.index
        keyed = self._keyed_outcome(tested, function, path)
        if keyed is not None:
            # ``items = data.get("items", [])`` over ``data = fetch(url)``, whose broad ``except`` answers
            # ``{"Error": str(e)}``: the key read is never there when the fetch failed
            helper, key, default = keyed
            swallowed = ({default} if _missing_key(helper, key, helper.module or index) else set()) & caught
            return (helper, swallowed) if swallowed else None
        helper = _called(index, function, tested)
        if helper is None:
            return None
        swallowed = _swallowed_values(helper, helper.module or index, position) & caught
        return (helper, swallowed) if swallowed else None

    def _keyed_outcome(
        self, call: cst.Call, function: FunctionInfo, path: Sequence[cst.CSTNode] | None
    ) -> tuple[FunctionInfo, str, str] | None:  # fmt: skip
        """For ``data.get("items", [])`` where ``data`` is bound to a project helper's outcome: the helper, the key
        and the empty value the default is ("None" without one); None for anything else."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "get" and isinstance(func.value, cst.Name)):
            return None
        if not call.args or len(call.args) > 2 or any(a.keyword is not None or a.star for a in call.args):
            return None
        key = string_value(call.args[0].value)
        default = _empty_value(call.args[1].value) if len(call.args) == 2 else "None"
        if key is None or default is None:
            return None
        name = func.value.value
        bound = function.reaching(name, path) if path else function.assigned(name)
        if isinstance(bound, cst.Await):
            bound = bound.expression
        if not isinstance(bound, cst.Call):
            return None
        helper = _called(self.context.index, function, bound)
        if helper is None or helper is function:
            return None
        # not when the function reads what the helper's ``except`` puts in (``if "Error" in data: return data``)
        kept = set().union(*(_except_dict_keys(helper, helper.module or self.context.index) or ()))
        if any(isinstance(n, cst.SimpleString) and string_value(n) in kept for n in function.own):
            return None
        return helper, key, default

    def _fix(self, handler: cst.ExceptHandler, payload: cst.BaseExpression, function: FunctionInfo) -> Fix | None:
        target = message_node(payload, self.context.index)
        if target is None:
            return None
        if isinstance(target, cst.Name):
            value = function.assigned(target.value)
            if value is not None and string_prefix(value) is None:
                return None  # a local holding a whole payload (JSON text, a dict), not a message to extend
        bound = handler.name.name if handler.name is not None else None
        exc = bound.value if isinstance(bound, cst.Name) else "exc"
        if bound is not None and not isinstance(bound, cst.Name):
            return None
        replacement = with_exception(target, exc)
        if replacement is None:
            return None
        edits: list[tuple[cst.CSTNode, Transform]] = [(target, lambda _: replacement)]
        if bound is None:
            edits.append((handler, _bind_exception))
        return Fix(
            "Include the exception's type and message in the report",
            Applicability.UNSAFE,
            edits,
        )

    def visit_Return(self, node: cst.Return) -> None:
        self._check(node)
        if isinstance(node.value, cst.IfExp):
            self._check_stand_in_arm(node, None, node.value)

    def visit_Raise(self, node: cst.Raise) -> None:
        self._check(node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if isinstance(node.target, cst.Name) and node.value is not None:
            self._check_stand_in_arm(node, node.target.value, node.value)

    def _check_stand_in_arm(
        self, node: cst.Assign | cst.AnnAssign | cst.Return, name: str | None, value: cst.BaseExpression
    ) -> None:  # fmt: skip
        """``ok, found = await run_guarded(store.list_docs())``, then ``docs = found if ok else []`` (or ``if not
        ok: docs = []``), where ``run_guarded`` answers every exception with False (and perhaps its error beside
        it): the tool puts an empty value or a placeholder count in place of the failure, and answers with it
        (``f"Found {len(docs)} documents"``, ``return found if ok else []``), or reports what its emptiness means (``if name not in docs: raise
        ValueError("... not found")``): every failure reads as a valid empty answer. Reported at the stand-in; not
        where the error beside the flag is read anywhere else in the function, nor for ``papers if papers else
        []``, which passes the outcome on either way, nor where an empty value only lets the tool go on with its
        work (``if name in existing: return "... already exists"``)."""
        scope = self.context.scope
        if scope is None or not isinstance(value, cst.IfExp) and _stand_in_value(value) is None:
            return  # most assignments: neither a conditional nor a stand-in
        function = scope.function
        within = ancestors_within(self.context.ancestors, function.node)
        if any(isinstance(n, cst.ExceptHandler) for n in within):
            return
        arms: list[tuple[cst.BaseExpression, bool]] = []
        test: cst.BaseExpression | None = None
        if isinstance(value, cst.IfExp):
            if _empties_empty(value):
                return
            test, arms = value.test, [(value.orelse, False), (value.body, True)]
        elif len(within) >= 3 and isinstance(within[-1], cst.SimpleStatementLine) and isinstance(within[-3], cst.If):
            branch, block = within[-3], within[-2]
            if isinstance(block, cst.IndentedBlock) and len(block.body) == 1:
                test, arms = branch.test, [(value, block is branch.body)]
        if test is None or name is not None and not (_returned(function, name) or _told_when_empty(function, name)):
            return
        for arm, in_body in arms:
            stand_in = _stand_in_value(arm)
            if stand_in is None:
                continue
            found = self._swallowing_test(test, in_body, function, None, path=[*within, node])
            if found is None or not found[1] <= {"False", "None"} or found[0] is function:
                continue
            if _error_read_elsewhere(function, node, name or "", test, value):
                return  # ``"error": None if ok else detail``: the failure is told
            if not self._answers_tool(scope):
                return
            helper, swallowed = found
            self.report(
                arm,
                f"{helper.name}() answers every exception with {' or '.join(sorted(swallowed))}, and this puts "
                f"{stand_in} in its place, which reads as a valid result; return the error or let it raise",
            )
            return

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self._check_stand_in_arm(node, node.targets[0].target.value, node.value)
        # ``else: response = {"success": False, "message": "Unable to add comment"}``, and ``return
        # json.dumps(response)`` after the ``if``: the report is built in the failure branch and sent later.
        scope = self.context.scope
        if scope is None or len(node.targets) != 1:
            return
        target = node.targets[0].target
        stored = _stored_in(target)
        if not isinstance(stored, cst.Name) or (stored is not target and not isinstance(target, cst.Subscript)):
            return
        name = stored.value
        function = scope.function.node
        within = ancestors_within(self.context.ancestors, function)
        handler = next((n for n in reversed(within) if isinstance(n, cst.ExceptHandler)), None)
        if (
            handler is not None and stored is target
            and (stand_in := self._stood_in_place(node, handler, within, name)) is not None
        ):  # fmt: skip
            what = _lead(breadth(handler, self.context.index))
            if stand_in in ("[]", "{}"):
                self.report(
                    node,
                    f"{what} only logs and puts {stand_in} in place of what its try fetches, so the answer reads "
                    f"{name} as found empty; report the error or let it raise",
                )
            elif id(handler) not in self._stood_in:
                self._stood_in.add(id(handler))  # one report for ``total = 0`` then ``filled = 0``
                self.report(
                    node,
                    f"{what} puts {stand_in} in place of the {name} its try computes, so the answer shows a "
                    "made-up value as real; report the error or let it raise",
                )
            return
        if handler is not None and isinstance(target, cst.Subscript) and self._error_left_unread(node, target, handler):
            return
        if handler is not None:
            # ``except Exception: forecast = {"error": "Forecasting data not available"}``, then ``return
            # {"pipeline": data, "forecasting": forecast}``, or ``result["statistics"] = {"error": ...}`` then
            # ``return result``: the failure of a part is reported inside the result (when the except clause
            # returns or raises, its report is judged there)
            if not _gives_up(handler) and _returned(scope.function, name):
                self._check(node)
            return
        branch = next((n for n in reversed(within) if isinstance(n, cst.If)), None)
        if branch is None:
            if _sent_choice(node, scope.function):
                # ``response = {"message": "Synced" if success else "Sync failed"}``, then ``return
                # json.dumps(response)``: the failing arm is the report, sent later
                self._check_swallowing_helper(node, within, scope.function)
            return
        if stored is not target:
            return  # a key of a result set in a branch: not a report built there and sent later
        if not any(name in value_names(value)[0] for value in scope.function.returns):
            return  # never sent
        if failure_shape(node.value, self.context.index, scope.function, module=self.context.module) is None:
            return
        for inner in nodes(branch, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            if isinstance(inner, cst.Return) and inner.value is not None and name in value_names(inner.value)[0]:
                return  # sent from the branch itself (reported there)
        self._check_swallowing_helper(node, within, scope.function)

    def _error_left_unread(self, node: cst.Assign, target: cst.Subscript, handler: cst.ExceptHandler) -> bool:
        """``except Exception as e: data["nvd_error"] = str(e)``, in a tool that goes on and builds its answer from
        ``data``'s other keys only (``data.get("nvd_info")``...), never reading ``"nvd_error"``: the error is kept
        where the model never sees it, and the answer reads as if the call had worked. Reports it; returns whether
        it did."""
        scope = self.context.scope
        caught = handler.name.name if handler.name is not None else None
        broadness = breadth(handler, self.context.index)
        if (
            scope is None or not isinstance(target.value, cst.Name) or not isinstance(caught, cst.Name)
            or not mentions(node.value, {caught.value}) or _gives_up(handler) or broadness is None
        ):  # fmt: skip
            return False
        key = _constant_key(target)
        name = target.value.value
        read = _keys_read(scope.function, name) if key is not None else None
        if not read or key in read or not self._answers_tool(scope):
            return False
        self.report(
            node,
            f"{_lead(broadness)} keeps the error under {name}[{key!r}], which the answer "
            f"never reads: it is built from {name}'s other keys as if the call had worked; show the error or let "
            "it raise",
        )
        return True

    def _stood_in_place(
        self, node: cst.Assign, handler: cst.ExceptHandler, within: Sequence[cst.CSTNode], name: str
    ) -> str | None:  # fmt: skip
        """The stand-in a broad ``except`` that only logs binds a local its ``try`` fetches to, when the tool's
        answer is made after the ``try`` from that local: an empty list or dict (``try: status, jobs, error = await
        fetch_jobs(id)`` / ``except Exception as e: log.warning(...); jobs = []``, then ``if jobs: text += "##
        Jobs"``: every failure reads as nothing there); or, where the ``try`` does work (see :func:`_does_work`)
        and computes the local (not a literal), a zero or ``-1``, an empty string, a placeholder word ("Unknown", "?"),
        a dict holding such a word (``{"total": "?"}``) or a constant failure text (``except Exception: filled_cells = 0``, then ``return f"Cleared {filled_cells}
        cells"``; ``snippet = "Unable to load preview"``): the answer shows a made-up value as a real one. None
        otherwise (also for None and False, which a later test of the local reads as the failure, and where the
        clause stores the exception in another local, ``content = f"Error reading file: {e}"``)."""
        scope = self.context.scope
        value = node.value
        empty = _empty_value(value)
        if empty is not None and empty != "None":  # ``[]``, ``{}`` or ``""``
            stand_in = empty
        elif isinstance(value, (cst.Integer, cst.Float)) and value.evaluated_value == 0:
            stand_in = value.value
        elif _stand_in_value(value) == "-1":  # ``except Exception: service_count = -1``
            stand_in = "-1"
        elif isinstance(value, cst.Dict) and not _says_why(value) and (word := _placeholder(value, handler)) is not None:
            stand_in = word  # ``stats = {"total_chunks": "?", "total_pages": "?"}``, with no error in it
        elif isinstance(value, cst.SimpleString) and (
            literal_text(value).strip().lower() in _PLACEHOLDER_WORDS
            or is_error_string(value) and " " in literal_text(value).strip()  # a sentence, not a status word
        ):  # fmt: skip
            stand_in = value.value
        else:
            return None
        if scope is None or breadth(handler, self.context.index) is None:
            return None
        at = next((i for i in range(len(within) - 1, -1, -1) if within[i] is handler), None)
        try_node = within[at - 1] if at else None
        if not isinstance(try_node, cst.Try) or _guards_import(try_node) or not _quiet(handler):
            return None
        if _records_exception(handler, None):
            return None  # ``content = f"Error reading file: {e}"`` beside ``file_size = 0``: the failure is kept
        computed = [
            n.value for n in nodes(try_node.body, prune=_SCOPES)
            if isinstance(n, cst.Assign) and any(binds(t.target, name) for t in n.targets)
        ]  # fmt: skip
        if not computed:
            return None  # not what the try fetches
        function = scope.function
        if stand_in not in ("[]", "{}") and (
            all(isinstance(v, (cst.SimpleString, cst.Integer, cst.Float, cst.Name)) for v in computed)
            or not _does_work(try_node.body, function, self.context.index)
            or _decodes_only(try_node.body)
        ):  # fmt: skip
            return None  # a default for a parse (``base64.b64decode(...).decode()``), or a flag the try sets
        if _refilled_when_empty(function, name) or not self._answers_tool(scope):
            return None
        # read after the try: in a later statement of a block that holds it
        for depth in range(at - 2, -1, -1):
            block = within[depth]
            body = getattr(block, "body", None)
            if not isinstance(body, Sequence) or isinstance(block, (cst.Try, cst.ExceptHandler)):
                continue
            child = within[depth + 1]
            if child not in body:
                continue
            later = list(body)[list(body).index(child) + 1 :]
            if any(mentions(statement, {name}) for statement in later):
                return None if _binds_name_first(later, name) else stand_in
            if isinstance(block, cst.IndentedBlock) and isinstance(within[depth - 1] if depth else None, (cst.For, cst.While)):
                return None  # one item of a loop: what follows the loop is another question
        return None

    def _check_raising_call(self, node: cst.Call) -> None:
        """``except Exception as exc: _raise_tool_error("get_entry", exc)``, a statement of a broad ``except``
        calling a helper that ends by raising an exception whose message a helper builds and drops the exception
        from (``raise ToolError(_safe_error(tool, exc)) from exc``, where ``_safe_error`` ends with
        ``return f"Error in {tool}: upstream request failed"``)."""
        scope = self.context.scope
        ancestors = self.context.ancestors
        if scope is None or len(ancestors) < 4 or not isinstance(ancestors[-1], cst.Expr):
            return
        line, block, handler = ancestors[-2], ancestors[-3], ancestors[-4]
        if not (isinstance(line, cst.SimpleStatementLine) and isinstance(handler, cst.ExceptHandler)):
            return
        if block is not handler.body or breadth(handler, self.context.index) is None:
            return
        bound = caught_name(handler)
        if bound is None or not any(bound in value_names(a.value)[0] for a in node.args):
            return
        index = self.context.index
        helper = index.callee(scope.function, node.func)
        if helper is None or helper is scope.function:
            return
        body = helper.node.body.body if isinstance(helper.node.body, cst.IndentedBlock) else ()
        last = body[-1] if body else None
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Raise)):
            return
        raised = last.body[-1].exc
        passed = _passed(node, helper, {bound})
        if raised is None or passed is None or not passed[1]:
            return
        carrying = passed[1]
        dropping = _dropping_helper(raised, carrying, helper.module or index, helper)
        if dropping is not None:
            self.report(
                node,
                f"{dropping.name}() drops the exception it is given, so the exception {helper.name}() raises is "
                "constant; include the error or classify it",
            )

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        # ``except Exception: markdown += "Error fetching reviews."`` then ``return markdown``: the failure of a
        # section is reported inside the text the tool returns.
        scope = self.context.scope
        if scope is None or not isinstance(node.target, cst.Name) or not isinstance(node.operator, cst.AddAssign):
            return
        within = ancestors_within(self.context.ancestors, scope.function.node)
        handler = next((n for n in reversed(within) if isinstance(n, cst.ExceptHandler)), None)
        if handler is not None and not _gives_up(handler) and _returned(scope.function, node.target.value):
            self._check(node)

    def _reported_when_empty(self, function: FunctionInfo, name: str) -> bool:
        """Whether a list the function's swallowing ``try`` blocks leave empty (see :func:`_skipped_items`) is
        tested, by the function or by a caller it is returned whole to, and its empty branch answers a constant
        text that says nothing was found or a failure (``if not labels: return "No labels found"``): the rule
        reports it there, where every failure reads as that answer."""
        index = self.context.index
        if name not in _skipped_items(function, index):
            return False
        if _answers_empty_as_text(function, name, index, self.context.module):
            return True
        if not any(isinstance(v := _unsliced(value), cst.Name) and v.value == name for value in function.returns):
            return False
        return any(
            isinstance(t.target, cst.Name) and _answers_empty_as_text(caller, t.target.value, caller.module or index, None)
            for caller, assigns in index.bound_calls(function) for assign in assigns for t in assign.targets
        )  # fmt: skip

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        scope = self.context.scope
        if scope is None or not self.context.ancestors or not isinstance(self.context.ancestors[-1], cst.Try):
            return
        try_node = self.context.ancestors[-1]
        broadness = breadth(node, self.context.index)
        if broadness is None or _guards_import(try_node):
            return
        before = len(self.context.diagnostics)
        self._check_handler(node, try_node, scope, broadness)
        if len(self.context.diagnostics) == before:
            self._check_told_constant(node, try_node, scope, _lead(broadness))

    @contextmanager
    def _sandbox(self, index: ModuleIndex, scope: ToolScope | None) -> Iterator[RuleContext]:
        """Run checks in a context of their own, whose diagnostics are never reported (for what another place's
        check would say), and come back to the walk's context after."""
        saved = self.context
        self.context = RuleContext(index, saved.options, saved.sdk)
        self.context.scope = scope
        try:
            yield self.context
        finally:
            self.context = saved

    def _reported_inside(self, handler: cst.ExceptHandler) -> bool:
        """Whether the rule reports a ``return`` of an ``except`` clause when the walk reaches it (worked out in a
        sandbox, so that nothing is reported now): what the clause answers is reported there."""
        base = [*self.context.ancestors, handler]
        with self._sandbox(self.context.index, self.context.scope) as sandbox:
            for node in nodes(handler.body, prune=_SCOPES):
                if isinstance(node, cst.Return):
                    sandbox.ancestors = [*base, *(path_to(handler, node) or [handler, node])[1:-1]]
                    self.visit_Return(node)
            return bool(sandbox.diagnostics)

    def _check_handler(self, node: cst.ExceptHandler, try_node: cst.Try, scope: ToolScope, broadness: str) -> None:
        # ``for course in courses: try: ...; count += 1`` / ``except Exception as e: print(...)``, then ``return
        # count``: each failure is dropped, and the answer reads as complete.
        function = scope.function
        what = _lead(broadness)
        if not _only_notes(node):
            caller = self._stand_in_for_caller(node, try_node, scope)
            if caller is not None:
                self.report(
                    node,
                    f"{what} answers a stand-in it makes here, so {caller}(), which reports the errors of this call, "
                    "reads the failure as done; report the error or let it raise",
                )
            return
        if any(isinstance(n, cst.Return) for n in nodes(try_node.body, prune=_SCOPES)):
            self._check_fallen_through(node, try_node, scope, broadness)
            return  # ``try: ...; return message`` / ``except Exception: pass``: what follows is another way to answer
        claimed = self._claimed_done(try_node, scope)
        if claimed is not None and _does_work(try_node.body, function, self.context.index):
            self.report(node, f"{what} only logs, so {claimed}() answers as if it succeeded; report the failure or let it raise")
            return
        echoed = _echoed_flag(try_node, function)
        if echoed is not None and self._answers_tool(scope) and _does_work(try_node.body, function, self.context.index):
            self.report(
                node,
                f"{what} only logs, so {function.name}() answers {echoed!r} as the flag that asked for this step, as "
                "if it were done; report the failure in the answer or let it raise",
            )
            return
        gathered = _gathered(try_node, function) | _skipped_rest(node, try_node, self.context.ancestors)
        owner, owner_scope = function, scope
        closure = {name for name in gathered if function.bindings(name) == 0}
        if function.parent is not None and closure and not any(v is not None for v in function.returns):
            # ``async def worker(ip): try: ...; found.append(ip)`` / ``except Exception: pass``, run for each host
            # by ``asyncio.gather``: the lists it fills are its enclosing function's, which answers with them
            parent_scope = self.context.index.scopes.get(function.parent.node)
            if parent_scope is not None:
                owner, owner_scope, gathered = function.parent, parent_scope, closure
        candidates = [
            name for name in gathered & _sent_whole(owner)
            if not mentions(node, {name}) and not _answered_as_found(try_node, owner, name)
            and not _refilled_when_empty(owner, name)
        ]  # fmt: skip
        if not candidates:
            filled = self._filled_for_caller(try_node, function)
            if filled is not None:
                self.report(
                    node,
                    f"{what} only logs, so {filled[0]}() answers {filled[1]} without what failed, as if it were "
                    "complete; report the failure in the answer or let it raise",
                )
            return
        # the costlier questions last: whether the try's work may fail (helpers followed), and whether the empty
        # answer is reported elsewhere (callers read)
        if not _does_work(try_node.body, function, self.context.index):
            return
        gathered = sorted(name for name in candidates if not self._reported_when_empty(owner, name))
        if not gathered or _outcome_dropped(owner_scope, self.context.index):
            return
        self.report(
            node,
            f"{what} only logs, so {owner.name}() answers {gathered[0]} without what failed, as if it were "
            "complete; report the failure in the answer or let it raise",
        )

    def _check_told_constant(self, handler: cst.ExceptHandler, try_node: cst.Try, scope: ToolScope, what: str) -> None:
        """``except Exception: logger.error(...); return None`` in a helper whose callers then answer a constant
        failure (``if not geo: raise ValueError("Not connected to GeoServer")``): reported here too, where the
        exception is lost and where the fix goes, once for all the callers that report it. The ``except`` must
        answer the swallowed value itself, or only log and let the function fall through to it; not where the rule
        reports what the clause answers (see :meth:`_reported_inside`)."""
        function = scope.function
        if scope.result_of is not None or scope.registered:
            return
        index = function.module or self.context.index
        swallows = _own_swallows(function, index)
        if not swallows:
            # ``return None, None``: what each place of a returned tuple holds (``client, user = helper()``)
            width = max((len(v.elements) for v in function.returns if isinstance(v, cst.Tuple)), default=0)
            swallows = [found for place in range(width) for found in _own_swallows(function, index, place)]
            if not swallows:
                return
        caught = caught_name(handler)
        if caught is not None and any(
            isinstance(at, cst.Return) and _clause_of(handler, at) and at.value is not None
            and mentions(at.value, {caught}) for _, at in swallows
        ):  # fmt: skip
            return  # ``return False, f"Error: {exc}"``: the exception goes back beside the flag
        returns_here = [value for value, at in swallows if at is not None and _clause_of(handler, at)]
        if not returns_here and _only_notes(handler):
            # a ``try`` of the function's own body whose ``except`` only logs, then what the function returns
            # next at that level (``return None``, or the end of the function), with only ``if`` statements,
            # loops and other ``try`` statements between
            statements = list(function.node.body.body) if isinstance(function.node.body, cst.IndentedBlock) else []
            at = next((i for i, statement in enumerate(statements) if statement is try_node), None)
            if at is None and _ends_in_continue(handler):
                # ``for mirror in MIRRORS: try: ...`` / ``except Exception: continue``, then ``return None``; also
                # in a ``try`` that holds the function's whole work (see _whole_work)
                def loop_at(block: Sequence[cst.BaseStatement]) -> int | None:
                    return next(
                        (i for i, statement in enumerate(block)
                         if isinstance(statement, (cst.For, cst.While)) and any(s is try_node for s in statement.body.body)),
                        None,
                    )  # fmt: skip

                at = loop_at(statements)
                if at is None:
                    statements = list(_whole_work(statements))
                    at = loop_at(statements)
            if at is None:
                return
            following = None
            for statement in statements[at + 1:]:
                if isinstance(statement, cst.SimpleStatementLine) and isinstance(statement.body[0], cst.Return):
                    following = statement.body[0]
                    break
                if isinstance(statement, cst.Try) and any(
                    isinstance(n, cst.Return) for n in nodes(statement, prune=_SCOPES)
                ):  # fmt: skip
                    return  # another way to an answer, which the failure above may get
                if not isinstance(statement, (cst.If, cst.For, cst.While, cst.Try)):
                    return
            returns_here = [value for value, site in swallows if site is following]
        if not returns_here:
            return
        told = self._told_constant(function, index)
        if not told or self._reported_inside(handler):
            return
        callers = f"{told[0]}() and {len(told) - 1} other caller{'s' if len(told) > 2 else ''} then report" if len(
            told
        ) > 1 else f"{told[0]}() then reports"
        self.report(
            handler,
            f"{what} turns every exception into {returns_here[0]}, which {callers} as a constant failure; let it "
            "raise, or return the error",
        )

    def _told_constant(self, helper: FunctionInfo, index: ModuleIndex, depth: int = 0) -> list[str]:
        """The callers in tool context whose own failure report this rule finds constant because the helper turned
        every exception into a value they test (see :meth:`_check_swallowing_helper`), in the project model's
        order; also, up to two callers up, those of a caller that returns the helper's outcome as it is
        (``snapshot = backend.latest()``, ``return snapshot``: the backend's ``except`` is where the failure is
        lost). Worked out once per helper."""
        known = helper.memo.get(("MCP002.told", depth))
        if known is not None:
            return list(known)
        helper.memo[("MCP002.told", depth)] = ()  # a call cycle answers nothing more
        told: list[str] = []
        for caller, calls in index.call_sites(helper):
            if not calls or caller.node is helper.node:
                continue
            where = caller.module or index
            if helper.name in self._caller_reports(caller, where):
                told.append(caller.name)
            elif depth < 2 and _returns_outcome_of(caller, calls):
                told.extend(name for name in self._told_constant(caller, where, depth + 1) if name not in told)
        helper.memo[("MCP002.told", depth)] = tuple(told)
        return told

    def _caller_reports(self, caller: FunctionInfo, index: ModuleIndex) -> tuple[str, ...]:
        """The names of the helpers that :meth:`_check_swallowing_helper` blames (see :meth:`_report_blaming`) for
        a function's own ``return`` and ``raise`` statements outside its ``except`` clauses, worked out in a context
        of the function's own module and scope and never reported; once per function."""
        known = caller.memo.get(("MCP002.blamed",))
        if known is not None:
            return known  # type: ignore[no-any-return]
        where = caller.module or index
        scope = where.scopes.get(caller.node)
        blamed: list[str] = []
        if scope is not None:
            saved, self._blamed = self._blamed, blamed
            try:
                with self._sandbox(where, scope):
                    chosen = [a for a in caller.own_of(cst.Assign) if _sent_choice(a, caller)]
                    for node in [*caller.own_of(cst.Return), *caller.own_of(cst.Raise), *chosen]:
                        within = (caller.path_to(node) or [node])[:-1]
                        if not within or any(isinstance(n, cst.ExceptHandler) for n in within):
                            continue
                        if isinstance(node, cst.Assign) and any(isinstance(n, cst.If) for n in within):
                            continue  # a report built in a branch: judged where the branch is (visit_Assign)
                        self._check_swallowing_helper(node, within, caller)
            finally:
                self._blamed = saved
        caller.memo[("MCP002.blamed",)] = tuple(blamed)
        return tuple(blamed)

    def _stand_in_for_caller(self, handler: cst.ExceptHandler, try_node: cst.Try, scope: ToolScope) -> str | None:
        """The caller that reports the errors of a helper's call, where the helper's broad ``except`` keeps nothing
        of the exception and ends by returning a stand-in that it makes with work of its own, in place of what the
        ``try`` returns (``except Exception: box = slide.shapes.add_textbox(...)``, ``box.text = "Chart"``,
        ``return box``): the caller's ``try`` around the call has a broad ``except`` that reports the exception
        (``created.append({"role": role, "error": str(e)})``), and the stand-in reads as what was asked for. None
        otherwise."""
        function = scope.function
        if scope.result_of is not None or scope.registered:
            return None  # the tool itself: what it answers is judged as a report
        body = list(handler.body.body) if isinstance(handler.body, cst.IndentedBlock) else []
        last = body[-1] if body else None
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
            return None
        value = last.body[-1].value
        if value is None or not isinstance(value, (cst.Name, cst.Call)) or _empty_value(value) is not None:
            return None
        if isinstance(value, cst.Name) and value.value not in _set_in(handler.body):
            return None  # not made here (``return cached``, ``return False``)
        caught = caught_name(handler)
        if caught is not None and mentions(handler.body, {caught}):
            return None
        if any(isinstance(n, (cst.If, cst.Match, cst.Try)) for n in nodes(handler.body, prune=_SCOPES)):
            return None
        if not any(isinstance(n, cst.Return) and n.value is not None for n in nodes(try_node.body, prune=_SCOPES)):
            return None
        index = function.module or self.context.index
        if not _does_work(handler.body, function, index):
            return None
        for caller, calls in index.call_sites(function):
            where = caller.module or index
            if where.scopes.get(caller.node) is None:
                continue  # no tool reaches the caller
            for call in calls:
                path = caller.path_to(call) or []
                for at in range(len(path) - 1, 0, -1):
                    around = path[at - 1]
                    if isinstance(path[at], cst.ExceptHandler):
                        break  # the call is made in an except clause, not in a try body
                    if isinstance(around, cst.Try) and path[at] is around.body:
                        if any(self._reports_error(h, caller, where) for h in around.handlers):
                            return caller.name
                        break
        return None

    @staticmethod
    def _reports_error(handler: cst.ExceptHandler, function: FunctionInfo, index: ModuleIndex) -> bool:
        """Whether a broad ``except`` puts the exception into what it adds or answers, not only into a log."""
        caught = caught_name(handler)
        if caught is None or breadth(handler, index) is None:
            return False
        lines = handler.body.body if isinstance(handler.body, cst.IndentedBlock) else ()
        return any(
            mentions(line, {caught})
            and not _quiet(handler.with_changes(body=handler.body.with_changes(body=[line])), stores=False)
            for line in lines
        )  # fmt: skip

    def _check_fallen_through(
        self, handler: cst.ExceptHandler, try_node: cst.Try, scope: ToolScope, broadness: str
    ) -> None:  # fmt: skip
        """``try: ...; return {"record": record}`` / ``except Exception as ex: log.exception(...)``, then ``return
        failure()`` after the ``try``: the ``try`` leaves whenever it ends, so the ``return`` after it answers only
        the exceptions, with a constant report."""
        if try_node.orelse is not None or try_node.finalbody is not None:
            return
        if any(other is not handler and not leaves(other.body) for other in try_node.handlers):
            return  # another clause falls through to the same return
        if not leaves(try_node.body):
            self._check_skipped_to_report(handler, try_node, scope, broadness)
            return
        function = scope.function
        block = self.context.ancestors[-2] if len(self.context.ancestors) >= 2 else None
        own, following = _next_statement(block, try_node)
        if not own or not (isinstance(following, cst.SimpleStatementLine) and isinstance(following.body[0], cst.Return)):
            return
        returned = following.body[0]
        index = self.context.index
        report = failure_report(returned, index, function, module=self.context.module)
        if report is None or not self._answers_tool(scope):
            return
        path = function.path_to(returned) or []
        if _Informativeness(index, function, None, path).is_informative(report.payload):
            return
        what = _lead(broadness)
        self.report(
            returned,
            f"{what} above only logs, so this constant {report.shape.value} is what every failure returns; include "
            "the error or classify it",
        )

    def _check_skipped_to_report(
        self, handler: cst.ExceptHandler, try_node: cst.Try, scope: ToolScope, broadness: str
    ) -> None:  # fmt: skip
        """``for event in events: try: if event.uid == uid: event.delete(); return {...}`` / ``except Exception:
        continue``, then ``raise ValueError(f"Event {uid} not found")`` after the loop: the item looked for that
        fails is skipped like one that does not match, and its failure ends in the constant report after the
        loop. Reported at the ``except``."""
        ancestors = self.context.ancestors
        if len(ancestors) < 4:
            return
        block, loop, outer = ancestors[-2], ancestors[-3], ancestors[-4]
        if not (isinstance(loop, (cst.For, cst.While)) and block is loop.body and loop.orelse is None):
            return
        body = list(block.body) if isinstance(block, cst.IndentedBlock) else []
        if not body or body[-1] is not try_node or not (
            _ends_in_continue(handler) or handler is try_node.handlers[-1]
        ):  # fmt: skip
            return  # the loop does more after the try
        if not any(isinstance(n, cst.Return) for n in nodes(try_node.body, prune=_SCOPES)):
            return
        function = scope.function
        own, following = _next_statement(outer, loop)
        if not own or not isinstance(following, cst.SimpleStatementLine):
            return
        sent = following.body[0]
        if not isinstance(sent, (cst.Return, cst.Raise)):
            return
        index = self.context.index
        report = failure_report(sent, index, function, module=self.context.module)
        if report is None or (isinstance(sent, cst.Return) and not self._answers_tool(scope)):
            return  # a raised report goes up to the tool; a returned one only where the tool answers with it
        if _Informativeness(index, function, None, function.path_to(sent) or []).is_informative(report.payload):
            return
        self.report(
            handler,
            f"{_lead(broadness)} skips each item that raises, so the {report.shape.value} after the loop is what a "
            "failure of the item looked for ends in, as if it were not there; let it raise, or report the error",
        )

    def _filled_for_caller(self, try_node: cst.Try, function: FunctionInfo) -> tuple[str, str] | None:
        """The caller and its local that a helper's ``try`` adds to through a parameter, where the helper returns
        no value and a tool's answer holds the caller's local whole (``self._add_owner(summary, filing)`` over
        ``try: summary["owners"].add(filing.owner())`` / ``except Exception: pass``, then ``return {"summary":
        summary}``): each failure is left out of an answer that reads as complete. None otherwise."""
        params = {p.name.value for p in function.node.params.params} - {"self", "cls"}
        given = _gathered(try_node, function) & params
        if not given or any(r.value is not None for r in function.own_of(cst.Return)):
            return None
        given -= _set_in(function.node.body)  # a parameter bound anew is a local of the helper's
        if not given or not _does_work(try_node.body, function, self.context.index):
            return None
        index = function.module or self.context.index
        for caller, calls in index.call_sites(function):
            where = caller.module or index
            caller_scope = where.scopes.get(caller.node)
            if caller_scope is None or not _answers_tool(caller_scope, where):
                continue
            whole = _returned_whole(caller)
            for call in calls:
                params_given = function.call_params(call)
                for name in sorted(given):
                    at = params_given.index(name) if name in params_given else len(call.args)
                    value = argument(call, name, at)
                    if (
                        isinstance(value, cst.Name) and value.value in whole
                        and not _refilled_when_empty(caller, value.value)
                    ):  # fmt: skip
                        return caller.name, value.value
        return None

    def visit_Call(self, node: cst.Call) -> None:
        # ``results.append(<report>)``: a per-item failure report, in a broad ``except`` or in a failure branch
        # after a swallowing helper, in a list the tool returns.
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "append" and len(node.args) == 1):
            self._check_raising_call(node)
            return
        scope = self.context.scope
        if scope is None:
            return
        within = ancestors_within(self.context.ancestors, scope.function.node)
        handler = next((n for n in reversed(within) if isinstance(n, cst.ExceptHandler)), None)
        if handler is not None:
            collection = func.value
            if isinstance(collection, cst.Name) and _LOG_COLLECTION.search(collection.value) and not _gives_up(handler):
                return  # ``except Exception: notes.append("Could not parse ...")``: a note in a result that goes on
            if isinstance(collection, cst.Name) and any(collection.value in value_names(v)[0] for v in scope.function.returns):
                self._check(node)
            return
        if _LOG_COLLECTION.search(cst.Module([]).code_for_node(func.value)):
            # ``execution_log.warnings.append(...)``: a note beside the result; it stands for the failure's report
            # only where the branch then gives up (returns or raises), not where it skips one item and goes on
            branch = next((n for n in reversed(within) if isinstance(n, cst.If)), None)
            if branch is None or not leaves(branch.body):
                return
        self._check_swallowing_helper(node, within, scope.function)
