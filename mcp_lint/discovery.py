"""Tool-handler discovery: which functions of a module run as MCP tools.

One pass over the module (:class:`_Indexer`) records imports, classes, functions, server objects and
the calls that register handlers. :func:`discover` then resolves them into a :class:`ModuleIndex`:

* handlers, from every registration form of mcp v1 ``FastMCP``, mcp v2 ``MCPServer``, standalone
  ``fastmcp`` and the low-level ``Server`` (v1 ``@server.call_tool()``, v2 ``on_call_tool=`` and
  ``add_request_handler("tools/call", ...)``);
* helpers, the same-module functions a handler reaches through calls or wraps it as a decorator,
  and every function nested in one of those.

Resource and prompt handlers are not tools, and a module that imports no MCP framework has none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import libcst as cst
from libcst.helpers import get_full_name_for_node

from mcp_lint import frameworks as fw
from mcp_lint.frameworks import Framework
from mcp_lint.symbols import SymbolTable
from mcp_lint.traversal import own_nodes, walk_paths


@dataclass(eq=False)
class FunctionInfo:
    """A function or method defined in the module.

    Attributes:
        node (cst.FunctionDef): its definition.
        parent (FunctionInfo | None): the function it is nested in.
        class_name (str | None): the class it is a method of, directly.
        calls (list[cst.BaseExpression]): the callee expressions of the calls in its own body.
        children (list[FunctionInfo]): the functions defined directly inside it.
    """

    node: cst.FunctionDef
    parent: FunctionInfo | None
    class_name: str | None
    calls: list[cst.BaseExpression] = field(default_factory=list)
    children: list[FunctionInfo] = field(default_factory=list)
    _assigned: dict[str, cst.BaseExpression] | None = field(default=None, repr=False)
    _returns: list[cst.BaseExpression] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        """str: the function's name."""
        return self.node.name.value

    def _scan(self) -> None:
        assigned: dict[str, cst.BaseExpression] = {}
        returns: list[cst.BaseExpression] = []
        for node in own_nodes(self.node):
            if isinstance(node, cst.Assign):
                for target in node.targets:
                    if isinstance(target.target, cst.Name):
                        assigned[target.target.value] = node.value
            elif isinstance(node, cst.Return) and node.value is not None:
                returns.append(node.value)
        self._assigned, self._returns = assigned, returns

    def assigned(self, name: str) -> cst.BaseExpression | None:
        """Return the value last assigned to a plain local name in the function's own body.

        Args:
            name (str): the local name.
        Returns:
            cst.BaseExpression | None: the assigned expression, or None when there is none.
        """
        if self._assigned is None:
            self._scan()
        return self._assigned.get(name)  # type: ignore[union-attr]

    @property
    def returns(self) -> list[cst.BaseExpression]:
        """list[cst.BaseExpression]: the values of the function's own ``return`` statements, in order."""
        if self._returns is None:
            self._scan()
        return self._returns  # type: ignore[return-value]


@dataclass(eq=False)
class Handler:
    """A function registered as an MCP tool handler.

    Attributes:
        function (FunctionInfo): the handler.
        framework (Framework): the framework style it is registered with.
    """

    function: FunctionInfo
    framework: Framework

    @property
    def is_dispatcher(self) -> bool:
        """bool: True for a low-level ``tools/call`` handler, which dispatches on the tool name."""
        return self.framework.is_lowlevel


@dataclass(eq=False)
class ToolScope:
    """What a function in tool context knows about the tools that run it.

    Attributes:
        function (FunctionInfo): the handler or helper.
        handlers (list[Handler]): the handlers that reach it (itself first when it is one).
    """

    function: FunctionInfo
    handlers: list[Handler]

    @property
    def handler(self) -> Handler | None:
        """Handler | None: the handler, when this function is itself one."""
        first = self.handlers[0]
        return first if first.function is self.function else None

    @property
    def framework(self) -> Framework:
        """Framework: the framework of the first handler that reaches this function."""
        return self.handlers[0].framework

    @property
    def frameworks(self) -> frozenset[Framework]:
        """frozenset[Framework]: the frameworks of every handler that reaches this function."""
        return frozenset(h.framework for h in self.handlers)


@dataclass
class ModuleIndex:
    """The result of discovery for one module.

    Attributes:
        symbols (SymbolTable): its imports and module-level constants.
        functions (dict[cst.FunctionDef, FunctionInfo]): every function, by definition node.
        handlers (list[Handler]): the tool handlers, in source order.
        scopes (dict[cst.FunctionDef, ToolScope]): every function that runs in tool context.
        instances (dict[str, str]): names assigned an instance of a same-module class, to that class's name.
    """

    symbols: SymbolTable
    functions: dict[cst.FunctionDef, FunctionInfo]
    handlers: list[Handler]
    scopes: dict[cst.FunctionDef, ToolScope]
    instances: dict[str, str] = field(default_factory=dict)
    _by_name: dict[str, list[FunctionInfo]] | None = field(default=None, repr=False)

    @property
    def is_mcp_module(self) -> bool:
        """bool: whether the module imports an MCP framework at all."""
        return self.symbols.imports_mcp

    def functions_named(self, name: str) -> list[FunctionInfo]:
        """Return the module's functions with a given name.

        Args:
            name (str): the function name.
        Returns:
            list[FunctionInfo]: the matches, in source order.
        """
        if self._by_name is None:
            self._by_name = {}
            for info in self.functions.values():
                self._by_name.setdefault(info.name, []).append(info)
        return self._by_name.get(name, [])

    def callee(self, caller: FunctionInfo | None, expr: cst.BaseExpression) -> FunctionInfo | None:
        """Resolve the callee of a call made inside ``caller`` to a same-module function.

        ``f(...)`` finds the innermost visible ``def f``; ``self.f(...)``/``cls.f(...)`` find method
        ``f`` of the caller's class; ``C.f(...)`` finds method ``f`` of same-module class ``C``, and
        ``obj.f(...)`` finds it when ``obj = C(...)`` is assigned in the module.

        Args:
            caller (FunctionInfo | None): the function the call is in, None at module level.
            expr (cst.BaseExpression): the callee expression.
        Returns:
            FunctionInfo | None: the function called, or None when it is not defined in the module.
        """
        if isinstance(expr, cst.Name):
            scope = caller
            while scope is not None:
                for child in scope.children:
                    if child.name == expr.value:
                        return child
                scope = scope.parent
            top = [f for f in self.functions_named(expr.value) if f.class_name is None and f.parent is None]
            return top[0] if top else None
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            owner: str | None = expr.value.value
            if owner in ("self", "cls"):
                owner = _class_of(caller)
            elif owner in self.instances:
                owner = self.instances[owner]
            if owner is None:
                return None
            for f in self.functions_named(expr.attr.value):
                if f.class_name == owner:
                    return f
        return None


def _class_of(function: FunctionInfo | None) -> str | None:
    while function is not None:
        if function.class_name is not None:
            return function.class_name
        function = function.parent
    return None


# A message saying the tool itself is unknown: the protocol error that stays (seed 001).
_UNKNOWN_TOOL = re.compile(
    r"\b(unknown|unsupported|unrecognized|unrecognised|invalid|no such|undefined)\s+tool"
    r"|\btool\b[^.]*\b(not found|unknown|does not exist|doesn't exist|not supported|not registered|not available)",
    re.IGNORECASE,
)


# Every registration form names one of these: ``.tool``, ``call_tool``, ``add_tool``, ``from_function`` or
# the ``tools/call`` method.
_REGISTRATION = re.compile(rb"\.tool\b|call_tool|add_tool|from_function|tools/call")


def may_register_tools(source: bytes) -> bool:
    """Cheap pre-filter: could the source register a tool handler in any form discovery knows?

    Args:
        source (bytes): a module's source.
    Returns:
        bool: False only when the module certainly registers no tool handler.
    """
    return _REGISTRATION.search(source) is not None


def mentions_unknown_tool(text: str) -> bool:
    """Tell whether an error message says that the requested tool does not exist.

    Args:
        text (str): the literal text of the message.
    Returns:
        bool: True for messages such as ``"Unknown tool: x"`` or ``"Tool x not found"``.
    """
    return _UNKNOWN_TOOL.search(text) is not None


class _Indexer:
    """Collects what :func:`discover` resolves: imports, classes, functions, assignments and calls, in one walk."""

    def __init__(self) -> None:
        self.symbols = SymbolTable()
        self.functions: dict[cst.FunctionDef, FunctionInfo] = {}
        self.classes: dict[str, list[cst.BaseExpression]] = {}
        self.assignments: list[tuple[str, cst.BaseExpression]] = []
        self.annotated: list[tuple[str, cst.BaseExpression]] = []
        self.unannotated_params: set[str] = set()
        self.calls: list[tuple[FunctionInfo | None, cst.Call]] = []
        # The enclosing function and class of the nodes at each depth of the walk.
        self._function_at: list[FunctionInfo | None] = []
        self._class_at: list[str | None] = []

    def run(self, module: cst.Module) -> None:
        walk_paths(module, self.enter)

    def enter(self, node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        depth = len(path)
        del self._function_at[depth:], self._class_at[depth:]
        function = self._function_at[-1] if depth else None
        in_class = self._class_at[-1] if depth else None
        kind = type(node)
        if kind is cst.Import or kind is cst.ImportFrom:
            self.symbols.add_import(node)  # type: ignore[arg-type]
            return False
        top_level = function is None and in_class is None
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                name = get_full_name_for_node(target.target)
                if name is not None:
                    self.assignments.append((name, node.value))  # type: ignore[attr-defined]
                    if top_level and isinstance(target.target, cst.Name):
                        self.symbols.add_constant(name, node.value)  # type: ignore[attr-defined]
        elif kind is cst.AnnAssign:
            name = get_full_name_for_node(node.target)  # type: ignore[attr-defined]
            if name is not None:
                self.annotated.append((name, node.annotation.annotation))  # type: ignore[attr-defined]
                if node.value is not None:  # type: ignore[attr-defined]
                    self.assignments.append((name, node.value))  # type: ignore[attr-defined]
                    if top_level and isinstance(node.target, cst.Name):  # type: ignore[attr-defined]
                        self.symbols.add_constant(name, node.value)  # type: ignore[attr-defined]
        elif kind is cst.ClassDef:
            self.classes.setdefault(node.name.value, []).extend(arg.value for arg in node.bases)  # type: ignore[attr-defined]
            in_class = node.name.value  # type: ignore[attr-defined]
        elif kind is cst.FunctionDef:
            info = FunctionInfo(node, function, in_class)  # type: ignore[arg-type]
            self.functions[node] = info  # type: ignore[index]
            if function is not None:
                function.children.append(info)
            params = node.params  # type: ignore[attr-defined]
            for param in (*params.params, *params.kwonly_params, *params.posonly_params):
                if param.annotation is not None:
                    self.annotated.append((param.name.value, param.annotation.annotation))
                else:
                    self.unannotated_params.add(param.name.value)
            function, in_class = info, None
        elif kind is cst.Call:
            self.calls.append((function, node))  # type: ignore[arg-type]
            if function is not None:
                function.calls.append(node.func)  # type: ignore[attr-defined]
        self._function_at.append(function)
        self._class_at.append(in_class)
        return True


class _Resolver:
    """Turns what :class:`_Indexer` collected into handlers and tool scopes."""

    def __init__(self, index: _Indexer) -> None:
        self.ix = index
        self.symbols = index.symbols
        self.assigned = {name for name, _ in index.assignments}
        self.server_classes = self._server_classes()
        self.servers = self._server_objects()
        self.inferred = self._inferred_framework()
        self.handlers: dict[cst.FunctionDef, Handler] = {}

    # -- server classes and objects
    def _class_framework(self, expr: cst.BaseExpression) -> Framework | str | None:
        """Framework for a high-level server class, "lowlevel" for a low-level one, else None."""
        qualified = self.symbols.resolve(expr)
        if qualified in fw.HIGH_LEVEL_SERVERS:
            return fw.HIGH_LEVEL_SERVERS[qualified]
        if qualified in fw.LOW_LEVEL_SERVERS:
            return "lowlevel"
        if isinstance(expr, cst.Name):
            return self.server_classes.get(expr.value)
        return None

    def _server_classes(self) -> dict[str, Framework | str]:
        """Same-module subclasses of server classes, followed through chains of subclasses."""
        found: dict[str, Framework | str] = {}
        self.server_classes = found
        changed = True
        while changed:
            changed = False
            for name, bases in self.ix.classes.items():
                if name in found:
                    continue
                for base in bases:
                    kind = self._class_framework(base)
                    if kind is not None:
                        found[name] = kind
                        changed = True
                        break
        return found

    def _server_objects(self) -> dict[str, Framework | str]:
        """Dotted names (``mcp``, ``self.server``) bound to server objects, by call or annotation."""
        servers: dict[str, Framework | str] = {}
        for name, value in self.ix.assignments:
            if isinstance(value, cst.Call):
                kind = self._class_framework(value.func) or self._factory_kind(value.func)
                if kind is not None:
                    servers.setdefault(name, kind)
        for name, annotation in self.ix.annotated:
            if isinstance(annotation, cst.SimpleString):
                try:
                    annotation = cst.parse_expression(annotation.evaluated_value)
                except (cst.ParserSyntaxError, TypeError):
                    continue
            kind = self._class_framework(annotation)
            if kind is not None:
                servers.setdefault(name, kind)
        return servers

    def _factory_kind(self, func: cst.BaseExpression) -> Framework | str | None:
        """The server a same-module factory function returns, by its return annotation or return values."""
        if not isinstance(func, cst.Name):
            return None
        for info in self.ix.functions.values():
            if info.name != func.value or info.class_name is not None:
                continue
            if info.node.returns is not None:
                kind = self._class_framework(info.node.returns.annotation)
                if kind is not None:
                    return kind
            for value in info.returns:
                if isinstance(value, cst.Call):
                    kind = self._class_framework(value.func)
                    if kind is not None:
                        return kind
        return None

    def _inferred_framework(self) -> Framework | None:
        """The one high-level framework the module imports from, for server objects it imports from elsewhere."""
        found = {
            framework
            for qualified in self.symbols.imports.values()
            for package, framework in fw.FRAMEWORK_PACKAGES.items()
            if qualified == package or qualified.startswith(package + ".")
        }
        return found.pop() if len(found) == 1 else None

    def server_kind(self, expr: cst.BaseExpression) -> Framework | str | None:
        """What server an expression names: a Framework, "lowlevel", or None.

        A name imported from a project module (``from .server import mcp``) counts as a server of the one
        high-level framework the module imports from, if there is exactly one.
        """
        name = get_full_name_for_node(expr)
        if name is None:
            return None
        if name in self.servers:
            return self.servers[name]
        root = name.split(".", 1)[0]
        if self.inferred is not None and root not in self.servers and self._is_foreign(root):
            return self.inferred
        return None

    def _is_foreign(self, root: str) -> bool:
        """Whether a name comes from a project module or is an unannotated parameter (``def register(mcp)``)."""
        qualified = self.symbols.imports.get(root)
        if qualified is None:
            return root in self.ix.unannotated_params and root not in self.assigned
        return qualified.split(".", 1)[0] not in fw.MCP_ROOT_PACKAGES

    # -- registrations
    def register(self, function: FunctionInfo | None, framework: Framework) -> None:
        if function is not None and function.node not in self.handlers:
            self.handlers[function.node] = Handler(function, framework)

    def from_decorators(self) -> None:
        for info in self.ix.functions.values():
            for decorator in info.node.decorators:
                expr = decorator.decorator
                func = expr.func if isinstance(expr, cst.Call) else expr
                if not isinstance(func, cst.Attribute):
                    continue
                kind = self.server_kind(func.value)
                method = func.attr.value
                if isinstance(kind, Framework) and method == fw.TOOL_DECORATOR:
                    self.register(info, kind)
                elif kind == "lowlevel" and method == fw.LOWLEVEL_CALL_TOOL_DECORATOR and isinstance(expr, cst.Call):
                    self.register(info, Framework.MCP_V1_LOWLEVEL)

    def from_calls(self, index: ModuleIndex) -> None:
        for caller, call in self.ix.calls:
            func = call.func
            args = [a for a in call.args if a.keyword is None and a.star == ""]
            # app.tool()(fn) and app.tool(name=...)(fn)
            if isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute) and args:
                if func.func.attr.value == fw.TOOL_DECORATOR:
                    kind = self.server_kind(func.func.value)
                    if isinstance(kind, Framework):
                        self.register(index.callee(caller, args[0].value), kind)
                continue
            if isinstance(func, cst.Attribute):
                method = func.attr.value
                if method in (fw.TOOL_DECORATOR, fw.ADD_TOOL_METHOD) and args:
                    kind = self.server_kind(func.value)
                    if isinstance(kind, Framework):
                        self.register(index.callee(caller, args[0].value), kind)
                elif method == "from_function" and args:
                    framework = fw.TOOL_CLASSES.get(self.symbols.resolve(func.value) or "")
                    if framework is not None:
                        self.register(index.callee(caller, args[0].value), framework)
                elif method == fw.ADD_REQUEST_HANDLER and self.server_kind(func.value) == "lowlevel":
                    self._add_request_handler(index, caller, call)
            kind = self._class_framework(func)
            if kind == "lowlevel":
                for arg in call.args:
                    if arg.keyword is not None and arg.keyword.value == fw.LOWLEVEL_ON_CALL_TOOL:
                        self.register(index.callee(caller, arg.value), Framework.MCP_V2_LOWLEVEL)

    def _add_request_handler(self, index: ModuleIndex, caller: FunctionInfo | None, call: cst.Call) -> None:
        method = next((a.value for a in call.args if a.keyword is None or a.keyword.value == "method"), None)
        if not (isinstance(method, cst.SimpleString) and method.evaluated_value == fw.TOOLS_CALL_METHOD):
            return
        handler = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "handler"), None)
        if handler is None:
            positional = [a.value for a in call.args if a.keyword is None]
            handler = positional[-1] if len(positional) > 1 else None
        if handler is not None:
            self.register(index.callee(caller, handler), Framework.MCP_V2_LOWLEVEL)


def _decorator_functions(index: ModuleIndex, info: FunctionInfo) -> Iterable[FunctionInfo]:
    """Same-module functions used as decorators on ``info``."""
    for decorator in info.node.decorators:
        expr = decorator.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        found = index.callee(info.parent, target)
        if found is not None:
            yield found


def _reach(index: ModuleIndex, handlers: Sequence[Handler]) -> dict[cst.FunctionDef, ToolScope]:
    """Every function in tool context: handlers, what they call or are decorated with, and nested functions."""
    scopes = {h.function.node: ToolScope(h.function, [h]) for h in handlers}
    for handler in handlers:
        stack = [handler.function]
        seen: set[cst.FunctionDef] = set()
        while stack:
            info = stack.pop()
            if info.node in seen:
                continue
            seen.add(info.node)
            scope = scopes.setdefault(info.node, ToolScope(info, []))
            if handler not in scope.handlers:
                scope.handlers.append(handler)
            stack.extend(info.children)
            stack.extend(_decorator_functions(index, info))
            for callee in info.calls:
                found = index.callee(info, callee)
                if found is not None:
                    stack.append(found)
    return scopes


def discover(module: cst.Module) -> ModuleIndex:
    """Find the tool handlers of a module and every function that runs in tool context.

    Args:
        module (cst.Module): the parsed module.
    Returns:
        ModuleIndex: its symbols, functions, handlers and tool scopes. A module that imports no MCP
        framework has no handlers.
    """
    indexer = _Indexer()
    indexer.run(module)
    instances = {
        name: value.func.value
        for name, value in indexer.assignments
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in indexer.classes
    }
    index = ModuleIndex(indexer.symbols, indexer.functions, [], {}, instances)
    if not index.is_mcp_module:
        return index
    resolver = _Resolver(indexer)
    resolver.from_decorators()
    resolver.from_calls(index)
    order = {node: i for i, node in enumerate(indexer.functions)}
    index.handlers = sorted(resolver.handlers.values(), key=lambda h: order[h.function.node])
    index.scopes = _reach(index, index.handlers)
    return index
