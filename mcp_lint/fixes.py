"""Framework-correct code that fixes emit, shared by the rules' codemods.

Every snippet here reaches the client as a tool execution error with the message (``docs/frameworks.md``;
``tests/test_runtime.py`` proves each fix with the framework's own client):
``raise ToolError(msg)`` with the framework's own ToolError for the high-level frameworks (it works whatever
the return annotation), and ``return CallToolResult(isError=True, content=[TextContent(...)])`` for low-level
handlers (``isError=`` is the one spelling both mcp majors accept). :func:`tool_execution_error` chooses among
them for a tool, so that the replacement is correct on every SDK release the project allows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import ModuleIndex, ToolScope
from mcp_lint.frameworks import Framework
from mcp_lint.frameworks.versions import SdkVersions, passes_call_tool_result
from mcp_lint.protocol_errors import ProtocolError

#: Where ``CallToolResult`` and ``TextContent`` are imported from on both mcp majors.
MCP_TYPES = "mcp.types"


def code(node: cst.CSTNode) -> str:
    """Render a node as source.

    Args:
        node (cst.CSTNode): any node.
    Returns:
        str: its code.
    """
    return cst.Module([]).code_for_node(node)


def tool_error_name(index: ModuleIndex, framework: Framework) -> tuple[str, list[tuple[str, str]]] | None:
    """Name the framework's ToolError in this module, and the import that binds it.

    Args:
        index (ModuleIndex): the module's discovery result.
        framework (Framework): a high-level framework.
    Returns:
        tuple[str, list[tuple[str, str]]] | None: the local name and the imports to add, or None when the
        framework has no ToolError or the name ``ToolError`` is taken by something else.
    """
    qualified = framework.tool_error
    if qualified is None:
        return None
    for local, target in index.symbols.imports.items():
        if target == qualified:
            return local, []
    if "ToolError" in index.symbols.imports or "ToolError" in index.symbols.constants or index.functions_named("ToolError"):
        return None
    module, _, name = qualified.rpartition(".")
    return name, [(module, name)]


def call_tool_result(text: cst.BaseExpression, is_error: bool) -> tuple[cst.BaseExpression, list[tuple[str, str]]]:
    """Build ``CallToolResult(isError=True, content=[TextContent(type="text", text=...)])``.

    Args:
        text (cst.BaseExpression): the message expression.
        is_error (bool): whether to set ``isError=True``; False builds a successful result.
    Returns:
        tuple[cst.BaseExpression, list[tuple[str, str]]]: the expression and the imports it needs.
    """
    flag = "isError=True, " if is_error else ""
    expr = fill(f'CallToolResult({flag}content=[TextContent(type="text", text=__MSG__)])', text)
    return expr, [(MCP_TYPES, "CallToolResult"), (MCP_TYPES, "TextContent")]


def fill(template: str, message: cst.BaseExpression) -> cst.BaseExpression:
    """Parse an expression template and put ``message`` where it says ``__MSG__``.

    Args:
        template (str): Python expression code containing the name ``__MSG__``.
        message (cst.BaseExpression): the expression to put there, kept as written.
    Returns:
        cst.BaseExpression: the filled-in expression.
    """
    expr = cst.parse_expression(template).visit(_Substitute(message))
    assert isinstance(expr, cst.BaseExpression)
    return expr


class _Substitute(cst.CSTTransformer):
    def __init__(self, value: cst.BaseExpression) -> None:
        super().__init__()
        self.value = value

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        return self.value if original_node.value == "__MSG__" else updated_node


def protocol_error_imports(index: ModuleIndex) -> list[tuple[str, str | None, str | None]]:
    """The imports of McpError/MCPError, ErrorData and INVALID_PARAMS, to drop once nothing uses them.

    Args:
        index (ModuleIndex): the module's discovery result.
    Returns:
        list[tuple[str, str | None, str | None]]: ``(module, name, asname)`` for each ``from ... import``.
    """
    wanted = fw.PROTOCOL_ERROR_CLASSES | fw.ERROR_DATA_CLASSES | fw.INVALID_PARAMS_NAMES
    removable = []
    for local, qualified in index.symbols.imports.items():
        module, _, name = qualified.rpartition(".")
        if module and (qualified in wanted or (module in fw.ERROR_CODE_MODULES and name in fw.ERROR_CODES)):
            removable.append((module, name, local if local != name else None))
    return removable


def protocol_error_replacement(
    node: cst.Raise, error: ProtocolError, scope: ToolScope, index: ModuleIndex, sdk: SdkVersions,
    ancestors: Sequence[cst.CSTNode] = (),
) -> Replacement | NoReplacement | None:  # fmt: skip
    """Decide what replaces a protocol error raised from a tool (MCP001, MCP009): :func:`tool_execution_error`
    with the same message.

    Args:
        node (cst.Raise): the raise statement.
        error (ProtocolError): what it raises.
        scope (ToolScope): the tool scope of the function it is in.
        index (ModuleIndex): the module's discovery result.
        sdk (SdkVersions): the project's SDK releases.
        ancestors (Sequence[cst.CSTNode]): the statement's ancestors within its function.
    Returns:
        Replacement | NoReplacement | None: the replacement or why there is none; None when the message is unknown
        or the error is built elsewhere.
    """
    if error.message is None or error.call is not node.exc:
        return None
    return tool_execution_error(error.message, index, scope, sdk, ancestors)


def protocol_error_remedy(decision: Replacement | NoReplacement | None, scope: ToolScope) -> str:
    """Say, in a few words, what to do instead of raising a protocol error from a tool.

    Args:
        decision (Replacement | NoReplacement | None): from :func:`protocol_error_replacement`.
        scope (ToolScope): the tool scope of the function that raises it.
    Returns:
        str: ``raise ToolError instead``, ``return CallToolResult(isError=True) from the handler instead``, ...,
        with the version note when the pins decided it.
    """
    if decision is not None:
        remedy, note = decision.remedy, decision.note
    else:
        remedy, note = ("return CallToolResult(isError=True)" if scope.framework.is_lowlevel else "raise ToolError"), ""
    remedy = remedy.replace(", content=[TextContent(type='text', text=msg)]", "").replace("(msg)", "")
    where = " from the handler" if remedy.startswith("return") and scope.handler is None else ""
    return f"{remedy}{where} instead{note}"


def protocol_error_fix(node: cst.Raise, decision: Replacement | NoReplacement | None, index: ModuleIndex) -> Fix | None:
    """Turn a protocol error raised from a tool into the tool execution error decided for it (safe); the
    protocol-error imports are dropped once unused.

    Args:
        node (cst.Raise): the raise statement.
        decision (Replacement | NoReplacement | None): from :func:`protocol_error_replacement`.
        index (ModuleIndex): the module's discovery result.
    Returns:
        Fix | None: the fix, or None when there is no replacement.
    """
    if not isinstance(decision, Replacement):
        return None
    statement = decision.statement
    if isinstance(statement, cst.Raise):
        exc = statement.exc
        change = lambda updated: updated.with_changes(exc=exc)  # noqa: E731 - keeps "from ..." as written
    else:
        change = lambda _: statement  # noqa: E731
    return Fix(decision.title, Applicability.SAFE, [(node, change)], decision.imports, protocol_error_imports(index))


def _before_trailing_space(inner: str, suffix: str) -> str:
    """A string literal's source text with ``suffix`` put before its trailing blanks and escaped line breaks
    (``"Error fetching reviews.\\n\\n"`` keeps its blank line after the added text); after a closing full stop,
    as a sentence of its own (``"Token is invalid. Check the token."`` ends ``"... the token. Cause: ..."``)."""
    tail = re.search(r"(\\[nrt]|\s)*$", inner)
    at = tail.start() if tail is not None else len(inner)
    if suffix.startswith(": ") and inner[:at].endswith(".") and not inner[:at].endswith(".."):
        suffix = " Cause" + suffix
    return inner[:at] + suffix + inner[at:]


def with_exception(message: cst.BaseExpression, exc: str) -> cst.BaseExpression | None:
    """Append the exception's type and message to a message: ``f"<text>: {type(exc).__name__}: {exc}"``.

    Args:
        message (cst.BaseExpression): a string, f-string or other expression holding the message.
        exc (str): the name the exception is bound to.
    Returns:
        cst.BaseExpression | None: the new f-string, or None for bytes literals and expressions that cannot be
        embedded in an f-string before Python 3.12 (backslashes, newlines, both kinds of quotes).
    """
    suffix = f": {{type({exc}).__name__}}: {{{exc}}}"
    if isinstance(message, cst.SimpleString):
        prefix = message.prefix.lower()
        if "b" in prefix:
            return None
        inner = message.raw_value.replace("{", "{{").replace("}", "}}")
        start = ("rf" if "r" in prefix else "f") + message.quote
        return cst.parse_expression(f"{start}{_before_trailing_space(inner, suffix)}{message.quote}")
    if isinstance(message, cst.FormattedString):
        text = code(message)
        inner = text[len(message.start) : len(text) - len(message.end)]
        return cst.parse_expression(f"{message.start}{_before_trailing_space(inner, suffix)}{message.end}")
    text = code(message)
    if "\\" in text or "\n" in text:
        return None
    quote = '"' if '"' not in text else "'" if "'" not in text else None
    if quote is None:
        return None
    return cst.parse_expression(f"f{quote}{{{text}}}{suffix}{quote}")


def quote_of(node: cst.CSTNode) -> str:
    """The quote character a string node uses, to write new strings in the same style.

    Args:
        node (cst.CSTNode): a string or f-string, or any other node.
    Returns:
        str: ``'`` when ``node`` is a single-quoted string, else ``"``.
    """
    if isinstance(node, cst.SimpleString):
        return "'" if node.quote.startswith("'") else '"'
    if isinstance(node, cst.FormattedString):
        return "'" if node.end.startswith("'") else '"'
    return '"'


@dataclass(frozen=True)
class Replacement:
    """A statement that sends a message as a tool execution error, correct on every release the pins allow.

    Attributes:
        title (str): the fix title.
        remedy (str): what the diagnostic tells the user to do instead.
        statement (cst.BaseSmallStatement): the ``raise`` or ``return`` that replaces the failing statement.
        imports (list[tuple[str, str]]): ``(module, name)`` imports it needs.
        note (str): why this remedy and not another, for the message; empty when there is nothing to say.
    """

    title: str
    remedy: str
    statement: cst.BaseSmallStatement
    imports: list[tuple[str, str]]
    note: str = ""


@dataclass(frozen=True)
class NoReplacement:
    """Why no statement can send the message as a tool execution error here.

    Attributes:
        remedy (str): what the diagnostic tells the user to do instead.
        reason (str): why there is no fix.
        note (str): why this remedy and not another, for the message; empty when there is nothing to say.
    """

    remedy: str
    reason: str
    note: str = ""


def in_try(ancestors: Sequence[cst.CSTNode]) -> bool:
    """Tell whether a node is in the body of a ``try``, whose ``except`` clauses could catch what it raises.

    Args:
        ancestors (Sequence[cst.CSTNode]): the node's ancestors within its function, outermost first.
    Returns:
        bool: True inside a ``try`` body; False in ``except``, ``else`` and ``finally`` clauses and outside.
    """
    return any(
        isinstance(node, cst.Try | cst.TryStar) and i + 1 < len(ancestors) and ancestors[i + 1] is node.body
        for i, node in enumerate(ancestors)
    )


def tool_execution_error(
    message: cst.BaseExpression, index: ModuleIndex, scope: ToolScope, sdk: SdkVersions,
    ancestors: Sequence[cst.CSTNode] = (),
) -> Replacement | NoReplacement:  # fmt: skip
    """Decide how a tool sends ``message`` as a tool execution error: the one place this choice is made.

    The choice must hold on every release the project allows (:meth:`SdkVersions.runtimes`), as measured with
    each framework's client: ``raise ToolError(message)`` on the high-level frameworks (whatever the annotation);
    on the mcp v1 low-level Server ``return CallToolResult(isError=True, ...)`` only when every allowed release is
    1.19 or later, else ``raise ValueError(message)`` (sent as isError with the exact text since mcp 1.0); on the
    mcp v2 low-level Server ``return CallToolResult(isError=True, ...)``.

    Args:
        message (cst.BaseExpression): the message expression, kept as written.
        index (ModuleIndex): the module's discovery result, for the names in scope.
        scope (ToolScope): the tool scope of the statement being replaced.
        sdk (SdkVersions): the project's SDK releases.
        ancestors (Sequence[cst.CSTNode]): the statement's ancestors within its function, to see ``try`` blocks.
    Returns:
        Replacement | NoReplacement: the statement, or why there is none.
    """
    framework = scope.framework
    result_text = "return CallToolResult(isError=True, content=[TextContent(type='text', text=msg)])"
    if framework.is_lowlevel:
        remedy = result_text
        if framework is Framework.MCP_V1_LOWLEVEL and not all(
            passes_call_tool_result(framework, runtime) for runtime in sdk.runtimes(framework)
        ):
            remedy = "raise ValueError(msg)"
            note = f" (CallToolResult needs mcp>=1.19){sdk.note()}"
            if len(scope.frameworks) != 1 or scope.handler is None or in_try(ancestors):
                return NoReplacement(remedy, "in a helper, or in a try body whose except could catch ValueError", note)
            return Replacement(
                "Raise ValueError(message) instead",
                remedy,
                cst.Raise(exc=cst.Call(func=cst.Name("ValueError"), args=[cst.Arg(message)])),
                [],
                note,
            )
        if len(scope.frameworks) != 1 or scope.handler is None:
            return NoReplacement(remedy, "a helper cannot return the handler's result")
        result, imports = call_tool_result(message, is_error=True)
        return Replacement("Return CallToolResult(isError=True, ...) instead", remedy, cst.Return(value=result), imports)
    remedy = "raise ToolError(msg)"
    if len(scope.frameworks) != 1:
        return NoReplacement(remedy, "the function runs under more than one framework")
    named = tool_error_name(index, framework)
    if named is None:
        return NoReplacement(remedy, "the name ToolError is taken")
    name, imports = named
    exc = cst.Call(func=cst.Name(name), args=[cst.Arg(message)])
    return Replacement("Raise ToolError(message) instead", remedy, cst.Raise(exc=exc), imports)
