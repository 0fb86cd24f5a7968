"""MCP007 tool-error-message-masked."""

from __future__ import annotations

import re

import libcst as cst
from libcst.helpers import get_full_name_for_node

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import ModuleIndex, ToolScope
from mcp_lint.failures import is_true
from mcp_lint.fixes import tool_error_name
from mcp_lint.frameworks import Framework
from mcp_lint.literals import string_value
from mcp_lint.protocol_errors import argument
from mcp_lint.rule import Rule, RuleContext, ancestors_within
from mcp_lint.traversal import nodes, walk_paths

#: The environment variable that turns fastmcp's masking on.
MASK_ENV = "FASTMCP_MASK_ERROR_DETAILS"
_TRUE_TEXT = frozenset({"1", "true", "yes", "on"})
#: Exceptions no framework masks, or that other rules own: ToolError, resource errors, protocol errors.
_UNMASKED = re.compile(r"(^|\.)(\w*ToolError|ResourceError|UrlElicitationRequiredError)$")


def _truthy_text(expr: cst.BaseExpression | None) -> bool:
    value = string_value(expr)
    return value is not None and value.strip().lower() in _TRUE_TEXT


def _is_mask_env(expr: cst.BaseExpression | None) -> bool:
    return string_value(expr) == MASK_ENV


def fastmcp_masking(module: cst.Module, index: ModuleIndex) -> cst.CSTNode | None:
    """Find where a module turns fastmcp's error masking on, as far as it is statically visible.

    Recognised: ``FastMCP(..., mask_error_details=True)``, ``fastmcp.settings.mask_error_details = True`` (any
    ``<x>.mask_error_details = True``), and ``os.environ["FASTMCP_MASK_ERROR_DETAILS"] = "true"``,
    ``os.environ.setdefault(...)``/``os.putenv(...)`` with a true value ("1", "true", "yes", "on"). A ``.env``
    file or the process environment is not read.

    Args:
        module (cst.Module): the module.
        index (ModuleIndex): its discovery result, for imports.
    Returns:
        cst.CSTNode | None: the node that turns masking on, or None.
    """
    symbols = index.symbols
    for node in nodes(module):
        if isinstance(node, cst.Call):
            if fw.HIGH_LEVEL_SERVERS.get(symbols.resolve(node.func) or "") is Framework.FASTMCP:
                if is_true(argument(node, "mask_error_details", 99)):
                    return node
            name = get_full_name_for_node(node.func) or ""
            if name.endswith(("environ.setdefault", "putenv")) and len(node.args) >= 2:
                if _is_mask_env(node.args[0].value) and _truthy_text(node.args[1].value):
                    return node
        elif isinstance(node, cst.Assign):
            for target in node.targets:
                t = target.target
                if isinstance(t, cst.Attribute) and t.attr.value == "mask_error_details" and is_true(node.value):
                    return node
                if (
                    isinstance(t, cst.Subscript)
                    and (get_full_name_for_node(t.value) or "").endswith("environ")
                    and len(t.slice) == 1
                    and isinstance(t.slice[0].slice, cst.Index)
                    and _is_mask_env(t.slice[0].slice.value)
                    and _truthy_text(node.value)
                ):
                    return node
    return None


def masking(framework: Framework, fastmcp_mask: bool) -> str | None:
    """Say whether, and on which versions, a framework hides the message of a tool's exception other than ToolError.

    The one place this rule's truth depends on the framework version: the line is told by the imports (mcp v2
    ``mcp.server.mcpserver``; standalone ``fastmcp``, major unknown); a project's pinned versions could narrow it.

    Args:
        framework (Framework): the framework the tool runs under.
        fastmcp_mask (bool): whether the module visibly turns fastmcp's masking on.
    Returns:
        str | None: what the client receives instead of the message, naming the versions affected, or None when
        the framework sends the message.
    """
    if framework is Framework.MCP_V2_MCPSERVER:
        return "mcp v2 MCPServer (every 2.x) sends only 'Error executing tool <name>'"
    if framework is Framework.FASTMCP and fastmcp_mask:
        return "fastmcp (2.x-4.x) with masking on sends only \"Error calling tool '<name>'\""
    return None


class ToolErrorMessageMasked(Rule):
    """## What it does
    Finds a tool handler, or a helper it reaches, that raises an exception other than `ToolError` (`ValueError`,
    a custom exception, ...) with a message, for a failure it anticipated (an explicit `raise X("...")`, not an
    error some library call raises), where the framework hides that message from the model:

    - mcp v2 `MCPServer`, always: every exception other than `ToolError`, `ResourceError` and `MCPError`
      reaches the client as "Error executing tool NAME";
    - standalone `fastmcp` (2.x to 4.x) with masking on, as far as the module shows it:
      `FastMCP(..., mask_error_details=True)`, `fastmcp.settings.mask_error_details = True`, or
      `os.environ["FASTMCP_MASK_ERROR_DETAILS"] = "true"` (also `os.environ.setdefault`, `os.putenv`). A `.env`
      file, the deployment's environment and a server built in another module are not seen.

    Not reported: a raise the same function catches (`try: ... raise ValueError(...) except ValueError:`),
    an exception without arguments, `ToolError` and its same-module subclasses, protocol errors (MCP001,
    MCP009), and frameworks that send the message (mcp v1 `FastMCP`, fastmcp without masking).

    ## Why is this bad?
    The tool knew exactly what went wrong and wrote it down, but the model reads only "Error executing tool
    book", so it cannot correct its arguments or explain the failure. Both frameworks send a `ToolError`'s
    message unchanged whatever the masking, because a `ToolError` is meant for the model (MCP spec: tool
    execution errors carry "actionable feedback" the model can use to self-correct, SEP-1303).

    ## Example
    ```python
    from mcp.server.mcpserver import MCPServer

    app = MCPServer("flights")

    @app.tool()
    def book_flight(date: str) -> str:
        if date < "2026-01-01":
            raise ValueError("date must be in the future")
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

    ## Fix safety
    The fix is safe: `raise ToolError(<same message>)` with the framework's own `ToolError`
    (`mcp.server.mcpserver.exceptions.ToolError`, `fastmcp.exceptions.ToolError`), keeping `from` clauses. The
    model then reads the message the tool wrote; the result is isError as before. It is offered only in the
    handler's own body, outside any `try` (a helper's exception may be caught by its caller, and a `try`
    around the raise may catch it), for an exception built with exactly one positional argument, and where the
    name `ToolError` is free.

    ## References
    - MCP spec 2025-11-25, Tools, "Error Handling" (tool execution errors carry actionable feedback):
      https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling, SEP-1303.
    - mcp v2 `MCPServer` wraps other exceptions as `UnexpectedToolError` ("Error executing tool NAME"), as
      measured in `docs/frameworks.md`.
    - fastmcp error masking (`mask_error_details`, `FASTMCP_MASK_ERROR_DETAILS`):
      https://gofastmcp.com/servers/tools ("Error Handling").
    """

    code = "MCP007"
    name = "tool-error-message-masked"
    summary = "A tool's anticipated failure raised as an exception whose message the framework hides"
    fix_applicability = Applicability.SAFE
    requires = re.compile(rb"\braise\s")
    # fastmcp's masking may be turned on in any function (a server factory, a main()).
    reads_bodies = re.compile(rb"(?i)mask_error_details|environ|putenv")

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        self._fastmcp_mask: bool | None = None
        self._tool_error_subclasses: set[str] | None = None

    def _fastmcp_masks(self) -> bool:
        if self._fastmcp_mask is None:
            module = self.context.module
            self._fastmcp_mask = module is not None and fastmcp_masking(module, self.context.index) is not None
        return self._fastmcp_mask

    def _subclasses_of_tool_error(self) -> set[str]:
        """Same-module classes deriving, directly or not, from a ToolError."""
        if self._tool_error_subclasses is None:
            found: set[str] = set()
            module = self.context.module
            classes = [n for n in module.body if isinstance(n, cst.ClassDef)] if module is not None else []
            changed = True
            while changed:
                changed = False
                for c in classes:
                    if c.name.value in found:
                        continue
                    bases = [get_full_name_for_node(b.value) or "" for b in c.bases]
                    if any(b in found or _UNMASKED.search(b) for b in bases):
                        found.add(c.name.value)
                        changed = True
            self._tool_error_subclasses = found
        return self._tool_error_subclasses

    def visit_Raise(self, node: cst.Raise) -> None:
        scope = self.context.scope
        if scope is None or not isinstance(node.exc, cst.Call) or not node.exc.args:
            return
        behaviour = masking(scope.framework, scope.framework is Framework.FASTMCP and self._fastmcp_masks())
        if behaviour is None:
            return
        exc = node.exc
        index = self.context.index
        qualified = index.symbols.resolve(exc.func) or get_full_name_for_node(exc.func) or ""
        short = qualified.rsplit(".", 1)[-1]
        if not short[:1].isupper() or _UNMASKED.search(qualified) or short in self._subclasses_of_tool_error():
            return
        if qualified in fw.PROTOCOL_ERROR_CLASSES or short in ("McpError", "MCPError"):
            return
        if index.callee(scope.function, exc.func) is not None:
            return  # a function that builds the exception: not known to be a class
        within = ancestors_within(self.context.ancestors, scope.function.node)
        caught, in_try = self._caught(within, short)
        if caught or (scope.handler is None and self._caller_catches(scope, short)):
            return
        tool = scope.handlers[0].name
        self.report(
            node,
            f"{short} message hidden: {behaviour.replace('<name>', tool)}; raise ToolError(msg) instead",
            None if in_try else self._fix(node, exc, scope),
        )

    def _caller_catches(self, scope: ToolScope, name: str) -> bool:
        """Whether a handler of this module calls the helper inside a ``try`` that catches the exception."""
        index = self.context.index
        for handler in scope.handlers:
            caller = handler.function
            if caller is None:
                continue
            found = False

            def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
                nonlocal found
                if isinstance(node, cst.Call) and index.callee(caller, node.func) is scope.function:
                    found = found or self._caught([*path, node], name)[0]
                return not found

            walk_paths(caller.node.body, enter)
            if found:
                return True
        return False

    @staticmethod
    def _caught(within: list[cst.CSTNode] | tuple[cst.CSTNode, ...], name: str) -> tuple[bool, bool]:
        """(whether a ``try`` of the function catches the exception, whether the raise is in any ``try`` body)."""
        in_try = False
        for i, node in enumerate(within[:-1]):
            if not isinstance(node, cst.Try) or within[i + 1] is not node.body:
                continue
            in_try = True
            for handler in node.handlers:
                if handler.type is None:
                    return True, True
                types = handler.type.elements if isinstance(handler.type, cst.Tuple) else [handler.type]
                for t in types:
                    value = t.value if isinstance(t, cst.Element) else t
                    caught = (get_full_name_for_node(value) or "").rsplit(".", 1)[-1]
                    if caught in fw.BROAD_EXCEPTIONS or caught == name:
                        return True, True
        return False, in_try

    def _fix(self, node: cst.Raise, exc: cst.Call, scope: ToolScope) -> Fix | None:
        if scope.handler is None or len(scope.frameworks) != 1:
            return None
        if len(exc.args) != 1 or exc.args[0].keyword is not None or exc.args[0].star:
            return None
        named = tool_error_name(self.context.index, scope.framework)
        if named is None:
            return None
        name, imports = named
        replacement = cst.Call(func=cst.Name(name), args=[cst.Arg(exc.args[0].value)])
        return Fix(
            "Raise ToolError(message) instead",
            Applicability.SAFE,
            [(node, lambda updated: updated.with_changes(exc=replacement))],
            imports,
        )
