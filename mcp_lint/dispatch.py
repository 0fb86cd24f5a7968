"""Low-level ``tools/call`` dispatchers: which code belongs to one tool and which is the unknown-tool fall-through.

A low-level handler (mcp v1 ``@server.call_tool()``, mcp v2 ``on_call_tool=``) receives every tool call and
dispatches on the tool name. Its unknown-tool branch rightly answers with a protocol error (the MCP spec
2025-11-25 keeps unknown tools protocol errors); only the branches of known tools must report tool execution
errors.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from mcp_lint.discovery import Handler, ToolScope, mentions_unknown_tool
from mcp_lint.frameworks import Framework
from mcp_lint.traversal import nodes


def ancestors_within(ancestors: Sequence[cst.CSTNode], function: cst.FunctionDef) -> Sequence[cst.CSTNode]:
    """Cut an ancestor list to the part from ``function`` down.

    Args:
        ancestors (Sequence[cst.CSTNode]): outermost first.
        function (cst.FunctionDef): a node in the list.
    Returns:
        Sequence[cst.CSTNode]: the list from ``function`` on, or the whole list if it is absent.
    """
    for i, node in enumerate(ancestors):
        if node is function:
            return ancestors[i:]
    return ancestors


def _is_string(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, (cst.SimpleString, cst.ConcatenatedString))


def _is_string_collection(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, (cst.Tuple, cst.List, cst.Set)) and all(_is_string(e.value) for e in expr.elements)


def _is_literal_pattern(pattern: cst.MatchPattern) -> bool:
    if isinstance(pattern, cst.MatchValue):
        return _is_string(pattern.value)
    if isinstance(pattern, cst.MatchOr):
        return all(_is_literal_pattern(p.pattern) for p in pattern.patterns)
    if isinstance(pattern, cst.MatchAs) and pattern.pattern is not None:
        return _is_literal_pattern(pattern.pattern)
    return False


class Dispatcher:
    """The tool-name analysis of one low-level ``tools/call`` handler.

    Args:
        handler (Handler): a handler whose framework is low-level.

    Attributes:
        name_vars (set[str]): local names that hold the tool name or a value derived from it
            (``name``, ``tool = TOOLS.get(name)``).
        params_var (str | None): the mcp v2 ``params`` parameter, whose ``.name`` is the tool name.
        has_tool_branches (bool): whether any ``if``/``match`` branch selects a tool by its literal name.
    """

    def __init__(self, handler: Handler) -> None:
        node = handler.function.node
        params = [p.name.value for p in (*node.params.posonly_params, *node.params.params)]
        if params and params[0] in ("self", "cls"):
            params = params[1:]
        self.name_vars: set[str] = set()
        self.params_var: str | None = None
        if handler.framework is Framework.MCP_V1_LOWLEVEL:
            if params:
                self.name_vars.add(params[0])
        elif len(params) >= 2:
            self.params_var = params[1]
        self._derive_name_vars(node)
        self.has_tool_branches = self._find_tool_branches(node)

    def is_params_name(self, node: cst.Attribute) -> bool:
        """Tell whether ``node`` is ``params.name`` of an mcp v2 handler.

        Args:
            node (cst.Attribute): an attribute access.
        Returns:
            bool: True for ``<params>.name``.
        """
        return (
            self.params_var is not None
            and node.attr.value == "name"
            and isinstance(node.value, cst.Name)
            and node.value.value == self.params_var
        )

    def references_name(self, expr: cst.CSTNode) -> bool:
        """Tell whether an expression uses the tool name or a value derived from it.

        Args:
            expr (cst.CSTNode): any expression.
        Returns:
            bool: True when it mentions a name variable or ``params.name``.
        """
        for node in nodes(expr, prune=(cst.Lambda,)):
            if isinstance(node, cst.Name) and node.value in self.name_vars:
                return True
            if isinstance(node, cst.Attribute) and self.is_params_name(node):
                return True
        return False

    def _derive_name_vars(self, node: cst.FunctionDef) -> None:
        assigns: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
        for a in nodes(node.body):
            if not isinstance(a, cst.Assign):
                continue
            for target in a.targets:
                t, v = target.target, a.value
                if isinstance(t, cst.Tuple) and isinstance(v, cst.Tuple) and len(t.elements) == len(v.elements):
                    assigns.extend((te.value, ve.value) for te, ve in zip(t.elements, v.elements))
                else:
                    assigns.append((t, v))
        changed = True
        while changed:
            changed = False
            for target, value in assigns:
                if not self.references_name(value):
                    continue
                names = [target] if isinstance(target, cst.Name) else []
                if isinstance(target, cst.Tuple):
                    names = [e.value for e in target.elements if isinstance(e.value, cst.Name)]
                for n in names:
                    if n.value not in self.name_vars:
                        self.name_vars.add(n.value)
                        changed = True

    def is_tool_test(self, test: cst.BaseExpression) -> bool:
        """Tell whether a condition selects one tool by literal name (``name == "book"``).

        Args:
            test (cst.BaseExpression): the condition of an ``if``/``elif``.
        Returns:
            bool: True for equality with a string, membership in a literal collection of strings, a
            ``startswith`` check, or an ``or`` of these.
        """
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
            return self.is_tool_test(test.left) and self.is_tool_test(test.right)
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            left, (comp,) = test.left, test.comparisons
            right, op = comp.comparator, comp.operator
            if isinstance(op, cst.Equal):
                return (self.references_name(left) and _is_string(right)) or (
                    _is_string(left) and self.references_name(right)
                )
            if isinstance(op, cst.In):
                return self.references_name(left) and _is_string_collection(right)
        if (
            isinstance(test, cst.Call)
            and isinstance(test.func, cst.Attribute)
            and test.func.attr.value in ("startswith", "endswith")
        ):
            return self.references_name(test.func.value)
        return False

    def _find_tool_branches(self, node: cst.FunctionDef) -> bool:
        for n in nodes(node.body):
            if isinstance(n, cst.If) and self.is_tool_test(n.test):
                return True
            if isinstance(n, cst.Match) and self.references_name(n.subject):
                if any(_is_literal_pattern(c.pattern) for c in n.cases):
                    return True
        return False

    def is_fallthrough(self, ancestors: Sequence[cst.CSTNode]) -> bool:
        """Tell whether a statement is outside every tool's own branch (the unknown-tool fall-through).

        Args:
            ancestors (Sequence[cst.CSTNode]): the nodes from the handler's ``FunctionDef`` (or above it)
                down to the statement's parent, outermost first.
        Returns:
            bool: True when the statement is in no branch that selects a tool by name, nor in an ``except`` of
            anything but a failed lookup (``KeyError``), and either the handler has such branches or the statement
            is guarded by a test on the tool name (``if name not in TOOLS``, ``except KeyError`` around
            ``HANDLERS[name]``).
        """
        guarded = False
        for i, node in enumerate(ancestors):
            if not isinstance(node, cst.ExceptHandler):
                continue
            if not _catches_lookup(node):
                # ``except ValueError as e: raise McpError(INVALID_PARAMS, ...)`` around the tools' branches
                # answers what a tool raised, not an unknown name
                return False
            if i > 0 and isinstance(ancestors[i - 1], cst.Try) and self.references_name(ancestors[i - 1].body):
                guarded = True  # ``try: handler = HANDLERS[name] except KeyError: raise McpError(...)``
        for i, node in enumerate(ancestors[:-1]):
            child = ancestors[i + 1]
            if isinstance(node, cst.If) and child is node.body:
                if self.is_tool_test(node.test):
                    return False
                guarded = guarded or self.references_name(node.test)
            elif isinstance(node, cst.MatchCase) and i > 0 and isinstance(ancestors[i - 1], cst.Match):
                if self.references_name(ancestors[i - 1].subject) and _is_literal_pattern(node.pattern):
                    return False
        if not guarded and self._before_branches(ancestors):
            return False  # ``if not arguments: raise ...`` before the tools' branches: no name is answered yet
        return self.has_tool_branches or guarded

    def _before_branches(self, ancestors: Sequence[cst.CSTNode]) -> bool:
        """Whether a statement comes before a branch that selects a tool by name, in a block that holds both."""
        for i, node in enumerate(ancestors[:-1]):
            body = node.body if isinstance(node, cst.IndentedBlock) else None
            child = ancestors[i + 1]
            if body is None or child not in body:
                continue
            for later in body[body.index(child) + 1 :]:
                for inner in nodes(later, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                    if isinstance(inner, cst.If) and self.is_tool_test(inner.test):
                        return True
                    if isinstance(inner, cst.Match) and self.references_name(inner.subject):
                        return True
        return False


_LOOKUP_ERRORS = frozenset({"KeyError", "LookupError", "AttributeError", "IndexError", "StopIteration"})


def _catches_lookup(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` clause catches only what a failed lookup of a name raises (``except KeyError:``)."""
    kind = handler.type
    if kind is None:
        return False
    items = [e.value for e in kind.elements] if isinstance(kind, cst.Tuple) else [kind]
    names = [item.attr.value if isinstance(item, cst.Attribute) else getattr(item, "value", None) for item in items]
    return all(name in _LOOKUP_ERRORS for name in names)


class Dispatchers:
    """The tool-name analysis of each low-level handler a rule meets, made once per handler."""

    def __init__(self) -> None:
        self._made: dict[cst.FunctionDef, Dispatcher] = {}

    def of(self, handler: Handler) -> Dispatcher:
        """Return the analysis of a low-level handler.

        Args:
            handler (Handler): a handler whose framework is low-level and whose definition is in the module.
        Returns:
            Dispatcher: its analysis.
        """
        node = handler.function.node  # type: ignore[union-attr]
        made = self._made.get(node)
        if made is None:
            made = self._made[node] = Dispatcher(handler)
        return made

    def is_unknown_tool_answer(self, scope: ToolScope, ancestors: Sequence[cst.CSTNode], text: str) -> bool:
        """Tell whether a statement answers a call of an unknown tool: the protocol error that stays (spec 2025-11-25, tools, Error Handling).

        Args:
            scope (ToolScope): the tool scope of the function the statement is in.
            ancestors (Sequence[cst.CSTNode]): the statement's ancestors, outermost first.
            text (str): the literal text of the statement's message.
        Returns:
            bool: True when the message says the tool is unknown, or the statement is the fall-through of a
            low-level dispatcher (outside every branch that selects a tool by name).
        """
        if mentions_unknown_tool(text):
            return True
        handler = scope.handler
        if handler is None or not handler.is_dispatcher:
            return False
        return self.of(handler).is_fallthrough(ancestors_within(ancestors, handler.function.node))  # type: ignore[union-attr]
