"""Framework-correct code that fixes emit, shared by the rules' codemods.

Every snippet here was verified with a real client in ``shared/design/sdk-errors.md`` (c):
``raise ToolError(msg)`` with the framework's own ToolError for the high-level frameworks (it works whatever
the return annotation), and ``return CallToolResult(isError=True, content=[TextContent(...)])`` for low-level
handlers (``isError=`` is the one spelling both mcp majors accept).
"""

from __future__ import annotations

import libcst as cst

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import ModuleIndex, ToolScope
from mcp_lint.frameworks import Framework
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


def protocol_error_remedy(scope: ToolScope) -> str:
    """Say what to do instead of raising a protocol error from a tool, in the framework's terms.

    Args:
        scope (ToolScope): the tool scope of the function that raises it.
    Returns:
        str: ``raise ToolError(msg) instead``, or the ``CallToolResult`` a low-level handler returns.
    """
    if not scope.framework.is_lowlevel:
        return "raise ToolError(msg) instead"
    remedy = "return CallToolResult(isError=True, content=[TextContent(type='text', text=msg)]) instead"
    return remedy + (", from the handler" if scope.handler is None else "")


def protocol_error_fix(node: cst.Raise, error: ProtocolError, scope: ToolScope, index: ModuleIndex) -> Fix | None:
    """Turn a protocol error raised from a tool into a tool execution error with the same message (safe).

    High-level frameworks get ``raise ToolError(message)`` with their own ToolError; a low-level ``tools/call``
    handler's own body gets ``return CallToolResult(isError=True, content=[TextContent(...)])``. The protocol-error
    imports are dropped once unused.

    Args:
        node (cst.Raise): the raise statement.
        error (ProtocolError): what it raises.
        scope (ToolScope): the tool scope of the function it is in.
        index (ModuleIndex): the module's discovery result.
    Returns:
        Fix | None: the fix, or None when the message is unknown, the error is built elsewhere, the function runs
        under several frameworks, it is a helper of a low-level handler, or the name ``ToolError`` is taken.
    """
    message = error.message
    if message is None or error.call is not node.exc or len(scope.frameworks) != 1:
        return None
    removals = protocol_error_imports(index)
    if scope.framework.is_lowlevel:
        if scope.handler is None:
            return None  # a helper cannot return the handler's result
        result, imports = call_tool_result(message, is_error=True)
        return Fix(
            "Return CallToolResult(isError=True, ...) instead",
            Applicability.SAFE,
            [(node, lambda _: cst.Return(value=result))],
            imports,
            removals,
        )
    named = tool_error_name(index, scope.framework)
    if named is None:
        return None
    name, imports = named
    exc = cst.Call(func=cst.Name(name), args=[cst.Arg(message)])
    return Fix(
        "Raise ToolError(message) instead",
        Applicability.SAFE,
        [(node, lambda updated: updated.with_changes(exc=exc))],
        imports,
        removals,
    )


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
        return cst.parse_expression(f"{start}{inner}{suffix}{message.quote}")
    if isinstance(message, cst.FormattedString):
        text = code(message)
        inner = text[len(message.start) : len(text) - len(message.end)]
        return cst.parse_expression(f"{message.start}{inner}{suffix}{message.end}")
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
