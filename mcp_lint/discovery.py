"""The check step's index of a module: its libcst functions, with the project model's facts applied.

One pass over the module (:class:`_Indexer`) records imports, module constants, classes and functions, each
function named by its path as the project model names it. :func:`discover` then applies the module's
:class:`~mcp_lint.project.ModuleFacts` (which functions are handlers, under which framework, and which
handlers reach each function, decided across the project by :mod:`mcp_lint.project.link`) to build a
:class:`ModuleIndex`, whose :meth:`ModuleIndex.callee` follows the link's call edges into other modules.
A module checked without a project is linked as a project of one file.
"""

from __future__ import annotations

import os
import re
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import libcst as cst
from libcst.helpers import get_full_name_for_node

from mcp_lint.frameworks import Framework
from mcp_lint.project.summary import RUNNERS, definition_path
from mcp_lint.symbols import SymbolTable
from mcp_lint.traversal import nodes, own_nodes, walk_paths

if TYPE_CHECKING:
    from mcp_lint.project import ModuleFacts, ProjectContext

_Node = TypeVar("_Node", bound=cst.CSTNode)
# The node types FunctionInfo._scan reads (none of them has subclasses).
_SCANNED = frozenset({cst.For, cst.Assign, cst.AnnAssign, cst.Return})
#: Nodes that are only syntax (white space, punctuation, operators): no path a rule asks for ends in or runs through
#: one, so :meth:`FunctionInfo.path_to` records none of them (they are most of a tree's nodes).
_SYNTAX = frozenset(
    kind for kind in vars(cst).values()
    if isinstance(kind, type) and issubclass(kind, cst.CSTNode) and not getattr(kind, "__abstractmethods__", None)
    and issubclass(kind, (
        cst.BaseParenthesizableWhitespace, cst.TrailingWhitespace, cst.Newline, cst.EmptyLine, cst.Comment,
        cst.Comma, cst.Dot, cst.Colon, cst.Semicolon, cst.AssignEqual, cst.LeftParen, cst.RightParen,
        cst.LeftSquareBracket, cst.RightSquareBracket, cst.LeftCurlyBrace, cst.RightCurlyBrace, cst.BaseBinaryOp,
        cst.BaseBooleanOp, cst.BaseCompOp, cst.BaseUnaryOp, cst.BaseAugOp,
    ))
)  # fmt: skip

#: The file name a module checked on its own is given in the project model.
STANDALONE_FILE = os.path.join(os.sep, "__module__.py")


#: The parents of the nodes of the functions whose paths were asked for last: (function node, parents by node id).
#: Only a few are kept (the maps of every function would cost tens of megabytes), since rules ask for the paths of
#: one function in a row.
_PARENTS: OrderedDict[int, tuple[cst.FunctionDef, dict[int, cst.CSTNode | None]]] = OrderedDict()
_PARENTS_KEPT = 16


def _parents_of(function: cst.FunctionDef) -> dict[int, cst.CSTNode | None]:
    """The parent of each node of a function's tree but its syntax nodes (see :data:`_SYNTAX`), by node id; made by
    one walk, and kept for the last few functions asked about."""
    known = _PARENTS.get(id(function))
    if known is not None and known[0] is function:
        _PARENTS.move_to_end(id(function))
        return known[1]
    parents: dict[int, cst.CSTNode | None] = {}

    def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        if type(node) in _SYNTAX:
            return False
        parents.setdefault(id(node), path[-1] if path else None)
        return True

    walk_paths(function, enter)
    _PARENTS[id(function)] = (function, parents)
    if len(_PARENTS) > _PARENTS_KEPT:
        _PARENTS.popitem(last=False)
    return parents


@dataclass(eq=False)
class FunctionInfo:
    """A function or method defined in the module.

    Attributes:
        node (cst.FunctionDef): its definition.
        parent (FunctionInfo | None): the function it is nested in.
        class_name (str | None): the class it is a method of, directly.
        calls (list[cst.BaseExpression]): the callee expressions of the calls in its own body.
        children (list[FunctionInfo]): the functions defined directly inside it.
        path (str): its place in the module as the project model names it (``f``, ``C.m``, ``f.g``, ``f#2``).
        module (ModuleIndex | None): the index of the module that defines it.
    """

    node: cst.FunctionDef
    parent: FunctionInfo | None
    class_name: str | None
    calls: list[cst.BaseExpression] = field(default_factory=list)
    children: list[FunctionInfo] = field(default_factory=list)
    path: str = ""
    module: ModuleIndex | None = field(default=None, repr=False)
    _assigned: dict[str, cst.BaseExpression] | None = field(default=None, repr=False)
    _returns: list[cst.BaseExpression] | None = field(default=None, repr=False)
    _unpacked: dict[str, tuple[cst.BaseExpression, int]] | None = field(default=None, repr=False)
    _bindings: dict[str, int] | None = field(default=None, repr=False)
    _loops: list[tuple[cst.For, list[str]]] | None = field(default=None, repr=False)
    _own: list[cst.CSTNode] | None = field(default=None, repr=False)
    _by_kind: dict[type, list[cst.CSTNode]] | None = field(default=None, repr=False)
    #: What rules worked out about the function, keyed by the rule's question (its code first) and its arguments;
    #: it lives as long as the function's tree.
    memo: dict[tuple[object, ...], Any] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        """str: the function's name."""
        return self.node.name.value

    @property
    def own(self) -> list[cst.CSTNode]:
        """list[cst.CSTNode]: the nodes of the function's own body, as :func:`mcp_lint.traversal.own_nodes` yields
        them (not entering nested functions, classes or lambdas); walked once, since rules read them many times."""
        if self._own is None:
            self._scan()
        return self._own  # type: ignore[return-value]

    def own_of(self, *kinds: type[_Node]) -> list[_Node]:
        """The nodes of the function's own body of some exact node types, in the order of :attr:`own`.

        Args:
            *kinds (type[_Node]): concrete node classes (``cst.Try``, ``cst.If``): a node is taken when its type is
                one of them, not a subclass.
        Returns:
            list[_Node]: the nodes (a new list).
        """
        if self._by_kind is None:
            self._scan()
        if len(kinds) == 1:
            return list(self._by_kind.get(kinds[0], ()))  # type: ignore[union-attr,arg-type]
        wanted = set(kinds)
        return [node for node in self.own if type(node) in wanted]  # type: ignore[misc]

    def path_to(self, target: cst.CSTNode) -> list[cst.CSTNode] | None:
        """The nodes from the function's definition down to ``target``, both included, as
        :func:`mcp_lint.traversal.path_to` gives them from :attr:`node`; the function's tree is walked once for the
        paths asked of it in a row, since rules ask for many (see :func:`_parents_of`).

        Args:
            target (cst.CSTNode): a node of the function (nested functions included).
        Returns:
            list[cst.CSTNode] | None: the path, outermost first; None when ``target`` is not in the function.
        """
        parents = _parents_of(self.node)
        if id(target) not in parents:
            return None
        path: list[cst.CSTNode] = [target]
        parent = parents[id(target)]
        while parent is not None:
            path.append(parent)
            parent = parents[id(parent)]
        path.reverse()
        return path

    def _scan(self) -> None:
        assigned: dict[str, cst.BaseExpression] = {}
        unpacked: dict[str, tuple[cst.BaseExpression, int]] = {}
        returns: list[cst.BaseExpression] = []
        bindings: dict[str, int] = {}
        loops: list[tuple[cst.For, list[str]]] = []
        own = list(own_nodes(self.node))
        by_kind: dict[type, list[cst.CSTNode]] = {}
        for node in own:
            kind = type(node)
            by_kind.setdefault(kind, []).append(node)
            if kind not in _SCANNED:
                continue  # an ABC's isinstance is slow when it fails: the four tests below run on these kinds only
            if isinstance(node, cst.For):
                loops.append((node, [n.value for n in nodes(node.target) if isinstance(n, cst.Name)]))
            elif isinstance(node, cst.Assign):
                for target in node.targets:
                    if isinstance(target.target, cst.Name):
                        assigned[target.target.value] = node.value
                        bindings[target.target.value] = bindings.get(target.target.value, 0) + 1
                    elif isinstance(target.target, (cst.Tuple, cst.List)):
                        for position, element in enumerate(target.target.elements):
                            if isinstance(element.value, cst.Name):
                                unpacked[element.value.value] = (node.value, position)
            elif isinstance(node, cst.AnnAssign) and node.value is not None and isinstance(node.target, cst.Name):
                assigned[node.target.value] = node.value
                bindings[node.target.value] = bindings.get(node.target.value, 0) + 1
            elif isinstance(node, cst.Return) and node.value is not None:
                returns.append(node.value)
        self._assigned, self._returns, self._unpacked, self._bindings = assigned, returns, unpacked, bindings
        self._loops, self._own, self._by_kind = loops, own, by_kind

    def key_stores(self, name: str) -> list[cst.BaseExpression]:
        """Return the values the function's own body stores under keys of a local (``response["metadata"] =
        metadata``).

        Args:
            name (str): the local name.
        Returns:
            list[cst.BaseExpression]: the stored values, in source order.
        """
        return [
            node.value for node in self.own if isinstance(node, cst.Assign)
            for target in node.targets
            if isinstance(target.target, cst.Subscript) and isinstance(target.target.value, cst.Name)
            and target.target.value.value == name
        ]  # fmt: skip

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

    def bindings(self, name: str) -> int:
        """Count the assignments of a value to a plain local name in the function's own body (``x = ...``,
        ``x: T = ...``).

        Args:
            name (str): the local name.
        Returns:
            int: how many statements bind it.
        """
        if self._bindings is None:
            self._scan()
        return self._bindings.get(name, 0)  # type: ignore[union-attr]

    def unpacked(self, name: str) -> tuple[cst.BaseExpression, int] | None:
        """Return the value a local name was last unpacked from (``email, files = fetch(x)``), and its position.

        Args:
            name (str): the local name.
        Returns:
            tuple[cst.BaseExpression, int] | None: the unpacked expression and the name's position in the target,
            or None when the name is not bound by unpacking in the function's own body.
        """
        if self._unpacked is None:
            self._scan()
        return self._unpacked.get(name)  # type: ignore[union-attr]

    def reaching(self, name: str, path: Sequence[cst.CSTNode]) -> cst.BaseExpression | None:
        """Return the value of the plain assignment to a local name that reaches a point of the function: the
        nearest statement before the point, in its own block or a block around it, that binds the name, when that
        statement is ``name = value`` (``msg = "Failed to save"`` in a failure branch, not the
        ``msg = f"... {e}"`` of an ``except`` further down, which :meth:`assigned` would give).

        Args:
            name (str): the local name.
            path (Sequence[cst.CSTNode]): the nodes from the function's definition down to the point, outermost
                first (the point last).
        Returns:
            cst.BaseExpression | None: the value; :meth:`assigned`'s answer when the name is bound once, when the
            nearest statement that binds it is anything else (an ``if`` that binds it in a branch, a loop), or
            when no statement before the point binds it.
        """
        if self.bindings(name) <= 1:
            return self.assigned(name)
        for depth in range(len(path) - 2, -1, -1):
            body = getattr(path[depth], "body", None)
            if isinstance(path[depth], cst.FunctionDef):
                break
            if not isinstance(body, Sequence) or isinstance(body, str):
                continue
            child = path[depth + 1]
            at = next((i for i, statement in enumerate(body) if statement is child), None)
            for statement in reversed(body[:at] if at is not None else ()):
                if not _binds(statement, name):
                    continue
                line = statement.body if isinstance(statement, cst.SimpleStatementLine) else ()
                for small in reversed(line):
                    if isinstance(small, cst.Assign) and any(
                        isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets
                    ):
                        return small.value
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                        if small.target.value == name and small.value is not None:
                            return small.value
                return self.assigned(name)
        return self.assigned(name)

    @property
    def loops(self) -> list[tuple[cst.For, list[str]]]:
        """list[tuple[cst.For, list[str]]]: the ``for`` loops of the function's own body, each with the names it
        binds."""
        if self._loops is None:
            self._scan()
        return self._loops  # type: ignore[return-value]

    def call_params(self, call: cst.Call) -> list[str]:
        """The names of the parameters a call's positional arguments go to, in order.

        Args:
            call (cst.Call): a call of this function.
        Returns:
            list[str]: its positional parameters; ``self`` or ``cls`` left out for a call through an attribute
            (``client.fetch(x)``, ``self._text(message)``).
        """
        params = [p.name.value for p in (*self.node.params.posonly_params, *self.node.params.params)]
        if params and params[0] in ("self", "cls") and isinstance(call.func, cst.Attribute):
            return params[1:]
        return params

    def outcome(self, value: cst.BaseExpression) -> cst.BaseExpression:
        """What a returned value answers with as it is: the value, awaited or not, or what a local bound once to it
        was bound to (``projects = await fetch(...)`` then ``return projects``: the call).

        Args:
            value (cst.BaseExpression): a value the function returns.
        Returns:
            cst.BaseExpression: that value, or the expression its local was bound to.
        """
        if isinstance(value, cst.Await):
            value = value.expression
        if (
            isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and not value.args
            and value.func.attr.value in DUMP_METHODS and isinstance(value.func.value, cst.Name)
        ):  # fmt: skip
            value = value.func.value  # ``report.model_dump()``: the report, as a dict
        if isinstance(value, cst.Name) and self.bindings(value.value) == 1:
            bound = self.assigned(value.value)
            value = bound.expression if isinstance(bound, cst.Await) else bound  # type: ignore[assignment]
        return value

    @property
    def returns(self) -> list[cst.BaseExpression]:
        """list[cst.BaseExpression]: the values of the function's own ``return`` statements, in order."""
        if self._returns is None:
            self._scan()
        return self._returns  # type: ignore[return-value]


#: Methods that turn a response model into a dict or JSON text: what they answer is the model's content.
DUMP_METHODS = frozenset({"model_dump", "model_dump_json", "dict", "json"})


def run_elsewhere(call: cst.Call) -> cst.BaseExpression | None:
    """Return the function a call runs in a worker thread: ``fetcher.download`` for
    ``asyncio.to_thread(fetcher.download, x)``, ``loop.run_in_executor(None, fetcher.download, x)`` or
    ``anyio.to_thread.run_sync(fetcher.download, x)``.

    Args:
        call (cst.Call): any call.
    Returns:
        cst.BaseExpression | None: the function expression, or None when the call runs nothing elsewhere.
    """
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    at = RUNNERS.get(name or "")
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    return positional[at].value if at is not None and len(positional) > at else None


def _looked_up(function: FunctionInfo, func: cst.BaseExpression) -> bool:
    """Whether a call's callee is looked up in a collection: ``HANDLERS[name]``, ``HANDLERS.get(name)``, or a local
    bound once to one of those (``handler = HANDLERS.get(action)``)."""
    if isinstance(func, cst.Name) and function.bindings(func.value) == 1:
        bound = function.assigned(func.value)
        func = bound if bound is not None else func
    return isinstance(func, cst.Subscript) or (
        isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute) and func.func.attr.value == "get"
    )  # fmt: skip


def _binds(statement: cst.CSTNode, name: str) -> bool:
    """Whether a statement binds a name anywhere in it (an assignment, a loop or ``with`` target, ``:=``), nested
    functions and classes left out."""
    for node in nodes(statement, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)):
        target: cst.CSTNode | None = None
        if isinstance(node, cst.AssignTarget):
            target = node.target
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr)):
            target = node.target
        elif isinstance(node, cst.AsName):
            target = node.name
        if target is not None and any(isinstance(n, cst.Name) and n.value == name for n in nodes(target)):
            return True
    return False


@dataclass(eq=False)
class Handler:
    """A function registered as an MCP tool handler, in this module or another.

    Attributes:
        file (str): the file that defines it.
        path (str): its path in that module.
        framework (Framework): the framework style it is registered with.
        function (FunctionInfo | None): its definition, when it is in the module being checked.
        tool_name (str | None): the tool name a registration call gives it, in this module or another
            (``mcp.tool(name="find_author")(books.author_by_name)``); a decorator's is read from the definition.
    """

    file: str
    path: str
    framework: Framework
    function: FunctionInfo | None = None
    tool_name: str | None = None

    @property
    def name(self) -> str:
        """str: the handler function's name."""
        return self.path.rsplit(".", 1)[-1].split("#", 1)[0]

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
        stands_in (bool): whether it is a decorator's wrapper returned in place of the first handler, so that
            its return value is the tool's result.
        registered (bool): whether a low-level ``tools/call`` handler runs it from the project's own tool registry
            (``by_name[name].handler(inp)`` over ``_REGISTRY[name] = RegisteredTool(handler=fn)``), only
            serialising what it returns: what it answers is its tool's answer.
    """

    function: FunctionInfo
    handlers: list[Handler]
    stands_in: bool = False
    registered: bool = False

    @property
    def handler(self) -> Handler | None:
        """Handler | None: the handler, when this function is itself one."""
        first = self.handlers[0]
        return first if first.function is not None and first.function is self.function else None

    @property
    def result_of(self) -> Handler | None:
        """Handler | None: the handler whose result this function's return value is: itself, or the handler a
        decorator's wrapper stands in for (``stands_in``)."""
        return self.handler or (self.handlers[0] if self.stands_in else None)

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
        classes (frozenset[str]): the names of the classes the module defines, at any depth.
        file (str | None): the module's file, as the project model names it.
        project (ProjectContext | None): the project, for calls that lead into other modules.
        facts (ModuleFacts | None): what the project model says of the module.
        memo (dict[tuple[object, ...], Any]): what rules work out once per module, by a key each rule names.
    """

    symbols: SymbolTable
    functions: dict[cst.FunctionDef, FunctionInfo]
    handlers: list[Handler]
    scopes: dict[cst.FunctionDef, ToolScope]
    instances: dict[str, str] = field(default_factory=dict)
    classes: frozenset[str] = frozenset()
    file: str | None = None
    project: ProjectContext | None = field(default=None, repr=False)
    facts: ModuleFacts | None = field(default=None, repr=False)
    _by_name: dict[str, list[FunctionInfo]] | None = field(default=None, repr=False)
    _by_path: dict[str, FunctionInfo] | None = field(default=None, repr=False)
    _callees: dict[tuple[FunctionInfo | None, cst.BaseExpression], FunctionInfo | None] = field(
        default_factory=dict, repr=False
    )
    memo: dict[tuple[object, ...], Any] = field(default_factory=dict, repr=False)

    def key_of(self, function: FunctionInfo) -> tuple[str | None, str]:
        """A function's file and definition path, the same whichever module's index holds it (another module's
        function may be indexed more than once in a process: for a check of its own, and for this one's lookups).

        Args:
            function (FunctionInfo): a function of this module, or of another module reached from it.
        Returns:
            tuple[str | None, str]: its module's file and its path there.
        """
        return (function.module or self).file, function.path

    def definition(self, handler: Handler) -> FunctionInfo | None:
        """The definition of a handler, also when it is defined in another module of the project.

        Args:
            handler (Handler): a handler that reaches a function of this module.
        Returns:
            FunctionInfo | None: its function; None when its module cannot be read or the handler has no function.
        """
        if handler.function is not None:
            return handler.function
        other = self.project.index_for(handler.file) if self.project is not None else None
        return other.by_path.get(handler.path) if other is not None else None

    def answering_handler(
        self, scope: ToolScope, whole: bool = False,
        skip: Callable[[FunctionInfo, cst.BaseExpression, str], bool] | None = None,
    ) -> Handler | None:  # fmt: skip
        """The handler whose tool answers with what a function returns, when the function is not the handler itself:
        the tool returns its call as it is (``return await hcloud_server_info(identifier)``, also through a local
        bound once to it, or ``return handler.run_tool(arguments)`` through a table of tool objects), or, without
        ``whole``, anywhere in what it returns (``ToolResult(content=[TextContent(text=format(result))])``); also
        where a thread runner runs it, looked up in a table (``await asyncio.to_thread(handlers[name], arguments)``
        over a dict of lambdas that call it) or named (``loop.run_in_executor(None, fetch, id)``). The
        tool may also return as it is the call of a function that does so (``return await
        self.tool_handlers.handle_tool_call(name, arguments)``, which returns ``await
        self._strategies[name].handle(arguments)``), two such steps at most.

        Args:
            scope (ToolScope): the function, with the handlers that reach it.
            whole (bool): only a tool that returns the outcome as it is.
            skip (Callable[[FunctionInfo, cst.BaseExpression, str], bool] | None): given the tool, a value it
                returns and a local in it bound to the call, whether that local does not count there.
        Returns:
            Handler | None: the first such handler, or None.
        """
        name = re.compile(rb"\b" + re.escape(scope.function.name.encode()) + rb"\b")
        target = self.key_of(scope.function)
        home = scope.function.module or self
        callers = set(home.facts.callers.get(scope.function.path, ())) if home.facts is not None else set()
        for handler in scope.handlers:
            # Where the tool's module never names the function, only a function whose call it returns may answer
            named = handler.function is not None or self.project is None or self.project.mentions([handler.file], name)
            tool = self.definition(handler)
            if tool is None:
                continue
            if named and self._answers(tool, target, scope.function.name, whole, skip, callers):
                return handler
            for relay in self._relays(tool):
                if self._answers(relay, target, scope.function.name, whole, skip, callers):
                    return handler
        return None

    def callers(self, function: FunctionInfo) -> list[FunctionInfo]:
        """The functions in tool context that call a function of this module, in any module of the project.

        Args:
            function (FunctionInfo): a function of this module.
        Returns:
            list[FunctionInfo]: its callers whose modules can be read, in the project model's order.
        """
        found: list[FunctionInfo] = []
        facts = self.facts
        for file, path in facts.callers.get(function.path, ()) if facts is not None else ():
            other = self if file == self.file else self.project.index_for(file) if self.project is not None else None
            caller = other.by_path.get(path) if other is not None else None
            if caller is not None:
                found.append(caller)
        return found

    def implementations(self, function: FunctionInfo) -> list[FunctionInfo]:
        """The methods of the project's classes that implement a ``typing.Protocol`` method of this module that a
        tool's call resolves to (``context.delete_program(name)`` with ``context: MCPContext``).

        Args:
            function (FunctionInfo): a method of this module.
        Returns:
            list[FunctionInfo]: each implementation whose module can be read; none for any other function.
        """
        found: list[FunctionInfo] = []
        for file, path in self.facts.implemented.get(function.path, ()) if self.facts is not None else ():
            other = self if file == self.file else self.project.index_for(file) if self.project is not None else None
            method = other.by_path.get(path) if other is not None else None
            if method is not None:
                found.append(method)
        return found

    def call_sites(self, function: FunctionInfo) -> list[tuple[FunctionInfo, list[cst.Call]]]:
        """Each caller of a function (see :meth:`callers`) with the calls in its own body that run the function.

        Args:
            function (FunctionInfo): a function of this module.
        Returns:
            list[tuple[FunctionInfo, list[cst.Call]]]: every caller, in :meth:`callers`' order, with those calls
            (none where it reaches the function otherwise, through a table say).
        """
        target = self.key_of(function)
        found: list[tuple[FunctionInfo, list[cst.Call]]] = []

        def runs(home: ModuleIndex, callee: FunctionInfo | None) -> bool:
            # the function itself, or a method it overrides or implements (``backend.clear_cache()`` with
            # ``backend: TelegramBackend``, run by a subclass's ``clear_cache``)
            if callee is None:
                return False
            if home.key_of(callee) == target:
                return True
            owner = callee.module or home
            return any(owner.key_of(method) == target for method in owner.implementations(callee))

        for caller in self.callers(function):
            home = caller.module or self
            calls = [call for call in caller.own_of(cst.Call) if runs(home, home.callee(caller, call.func))]
            found.append((caller, calls))
        return found

    def bound_calls(self, function: FunctionInfo) -> list[tuple[FunctionInfo, list[cst.Assign]]]:
        """Each caller of a function (see :meth:`callers`) with the assignments in it that bind the outcome of a
        call of the function (``self.cloud_id = await self._get_cloud_id()``, ``found = search(q)``).

        Args:
            function (FunctionInfo): a function of this module.
        Returns:
            list[tuple[FunctionInfo, list[cst.Assign]]]: every caller, in :meth:`callers`' order, with those
            assignments (none where it calls the function otherwise).
        """
        target = self.key_of(function)
        found: list[tuple[FunctionInfo, list[cst.Assign]]] = []
        for caller in self.callers(function):
            home = caller.module or self
            bound: list[cst.Assign] = []
            for assign in caller.own_of(cst.Assign):
                value = assign.value.expression if isinstance(assign.value, cst.Await) else assign.value
                callee = home.callee(caller, value.func) if isinstance(value, cst.Call) else None
                if callee is not None and home.key_of(callee) == target:
                    bound.append(assign)
            found.append((caller, bound))
        return found

    def _answers(
        self, tool: FunctionInfo, target: tuple[str | None, str], method: str, whole: bool,
        skip: Callable[[FunctionInfo, cst.BaseExpression, str], bool] | None, callers: set[tuple[str, str]],
    ) -> bool:  # fmt: skip
        """Whether a function returns the outcome of the function ``target`` names (:meth:`answering_handler`, one
        step): ``method`` is its name, for a call through a table of objects; ``callers`` are the (file, path) of
        the functions the project model has call it, for a call through a table of functions (``handler =
        _HANDLERS.get(action)`` then ``return await handler(backend)``)."""
        resolve = (tool.module or self).callee
        tabled = self.key_of(tool) in callers
        for value in tool.returns:
            candidates = [value] if whole else list(nodes(value, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)))
            for node in candidates:
                if isinstance(node, cst.Await):
                    node = node.expression
                if isinstance(node, cst.Name) and skip is not None and tool.bindings(node.value) == 1:
                    if skip(tool, value, node.value):
                        continue
                node = tool.outcome(node)
                if not isinstance(node, cst.Call):
                    continue
                called = resolve(tool, node.func)
                if called is not None and self.key_of(called) == target:
                    return True
                if isinstance(node.func, cst.Attribute) and node.func.attr.value == method:
                    # ``return handler.run_tool(arguments)`` through a table of tool objects: the call resolves
                    # to one of the methods at most (the base class's), and this one is reached through it
                    return True
                if tabled and _looked_up(tool, node.func):
                    return True
                # ``await asyncio.to_thread(handlers[name], arguments)``: the function a runner is handed runs
                handed = run_elsewhere(node)
                if handed is not None and (
                    tabled and _looked_up(tool, handed)
                    or (ran := resolve(tool, handed)) is not None and self.key_of(ran) == target
                    or isinstance(handed, cst.Attribute) and handed.attr.value == method  # ``handler.run_tool``
                ):  # fmt: skip
                    return True
        return False

    def _relays(self, tool: FunctionInfo) -> list[FunctionInfo]:
        """The functions whose call a tool returns as it is, and those whose call they return so, two steps at most
        (worked out once per tool)."""
        found = tool.memo.get(("relays",))
        if found is None:
            found = []
            seen = {self.key_of(tool)}
            layer = [tool]
            for _ in range(2):
                following = []
                for relay in layer:
                    resolve = (relay.module or self).callee
                    for value in relay.returns:
                        node = relay.outcome(value)
                        # ``return await asyncio.to_thread(handler.run_tool, arguments)`` relays what it runs
                        ran = run_elsewhere(node) if isinstance(node, cst.Call) else None
                        called = resolve(relay, ran or node.func) if isinstance(node, cst.Call) else None
                        if called is not None and self.key_of(called) not in seen:
                            seen.add(self.key_of(called))
                            following.append(called)
                found.extend(following)
                layer = following
            tool.memo[("relays",)] = found
        return found

    @property
    def by_path(self) -> dict[str, FunctionInfo]:
        """dict[str, FunctionInfo]: every function by its path in the module."""
        if self._by_path is None:
            self._by_path = {info.path: info for info in self.functions.values()}
        return self._by_path

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
        """Resolve the callee of a call made inside ``caller`` to the function it runs.

        The project model's call edges come first: they follow imports, instances, ``self`` attributes and
        annotated parameters into any module of the project. Otherwise, within the module:
        ``f(...)`` finds the innermost visible ``def f``; ``self.f(...)``/``cls.f(...)`` find method
        ``f`` of the caller's class; ``C.f(...)`` finds method ``f`` of same-module class ``C``, and
        ``obj.f(...)`` finds it when ``obj = C(...)`` is assigned in the module.

        Args:
            caller (FunctionInfo | None): the function the call is in, None at module level.
            expr (cst.BaseExpression): the callee expression.
        Returns:
            FunctionInfo | None: the function called, or None when it cannot be told.
        """
        owner = caller.module if caller is not None and caller.module is not None else self
        if owner is not self:
            return owner.callee(caller, expr)
        # Rules ask about the same calls many times (for every statement of a tool, say): answered once.
        key = (caller, expr)
        if key in self._callees:
            return self._callees[key]
        found = self._callees[key] = self._resolve(caller, expr)
        return found

    def constructor(self, caller: FunctionInfo | None, expr: cst.BaseExpression) -> FunctionInfo | None:
        """Resolve a call of a project class made inside ``caller`` (``raise NotFoundError()``) to the ``__init__``
        it runs, its own or a project base's, through the project model's call edges.

        Args:
            caller (FunctionInfo | None): the function the call is in, None at module level.
            expr (cst.BaseExpression): the callee expression, the class.
        Returns:
            FunctionInfo | None: the ``__init__``, or None when the call makes no project class that has one.
        """
        owner = caller.module if caller is not None and caller.module is not None else self
        if owner is not self:
            return owner.constructor(caller, expr)
        name = _edge_name(expr)
        return self._edge_target(caller, f"{name}.__init__") if name is not None else None

    def _edge_target(self, caller: FunctionInfo | None, name: str | None) -> FunctionInfo | None:
        """The function the project model's call edge of ``caller`` named ``name`` leads to, in any module, or
        None when there is no such edge or its module cannot be read."""
        target = self.facts.edges.get((caller.path if caller is not None else None, name)) if self.facts is not None and name else None
        if target is None:
            return None
        if target[0] == self.file:
            return self.by_path.get(target[1])
        other = self.project.index_for(target[0]) if self.project is not None else None
        return other.by_path.get(target[1]) if other is not None else None

    def _resolve(self, caller: FunctionInfo | None, expr: cst.BaseExpression) -> FunctionInfo | None:
        found = self._edge_target(caller, _edge_name(expr))
        if found is not None:
            return found
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


def _edge_name(expr: cst.BaseExpression) -> str | None:
    """A callee as the project model's call edges spell it: ``helper``, ``client.get``, and ``Service().list`` for
    a method of an object made in place (``Service().list(day)``, where libcst's full name drops the call)."""
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Call):
        made = get_full_name_for_node(expr.value.func)
        return f"{made}().{expr.attr.value}" if made is not None else None
    return get_full_name_for_node(expr)


def _class_of(function: FunctionInfo | None) -> str | None:
    while function is not None:
        if function.class_name is not None:
            return function.class_name
        function = function.parent
    return None


# A message saying the tool itself is unknown: the protocol error that stays (MCP spec 2025-11-25, tools); not
# "invalid tool inputs", which is about the arguments, nor "invalid toolbox", nor "Tool Error: collection x not
# found" (the tool's own failure, told after a colon).
_UNKNOWN_TOOL = re.compile(
    r"\b(unknown|unsupported|unrecognized|unrecognised|invalid|no such|undefined)\s+tool\b"
    r"(?!\s+(?:input|argument|arg|param|parameter|value|field)s?\b)"
    r"|\btool\b(?!\s+error)[^.:]*\b(not found|unknown|does not exist|doesn't exist|not supported|not registered|not available)",
    re.IGNORECASE,
)


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
        # The enclosing function, class and definition path of the nodes at each depth of the walk.
        self._function_at: list[FunctionInfo | None] = []
        self._class_at: list[str | None] = []
        self._prefix_at: list[str | None] = []
        self._seen_paths: dict[str, int] = {}

    def _path(self, prefix: str | None, name: str) -> str:
        return definition_path(self._seen_paths, prefix, name)

    def run(self, module: cst.Module) -> None:
        walk_paths(module, self.enter)

    def enter(self, node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        depth = len(path)
        del self._function_at[depth:], self._class_at[depth:], self._prefix_at[depth:]
        function = self._function_at[-1] if depth else None
        in_class = self._class_at[-1] if depth else None
        prefix = self._prefix_at[-1] if depth else None
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
            if name is not None and node.value is not None:  # type: ignore[attr-defined]
                self.assignments.append((name, node.value))  # type: ignore[attr-defined]
                if top_level and isinstance(node.target, cst.Name):  # type: ignore[attr-defined]
                    self.symbols.add_constant(name, node.value)  # type: ignore[attr-defined]
        elif kind is cst.ClassDef:
            self.classes.setdefault(node.name.value, []).extend(arg.value for arg in node.bases)  # type: ignore[attr-defined]
            in_class = node.name.value  # type: ignore[attr-defined]
            prefix = self._path(prefix, in_class)
        elif kind is cst.FunctionDef:
            prefix = self._path(prefix, node.name.value)  # type: ignore[attr-defined]
            info = FunctionInfo(node, function, in_class, path=prefix)  # type: ignore[arg-type]
            self.functions[node] = info  # type: ignore[index]
            if function is not None:
                function.children.append(info)
            function, in_class = info, None
        elif kind is cst.Call:
            if function is not None:
                function.calls.append(node.func)  # type: ignore[attr-defined]
        self._function_at.append(function)
        self._class_at.append(in_class)
        self._prefix_at.append(prefix)
        return True


def discover(
    module: cst.Module, facts: ModuleFacts | None = None, project: ProjectContext | None = None, file: str | None = None,
) -> ModuleIndex:  # fmt: skip
    """Index a module and apply what the project model says of it: its handlers and tool scopes.

    Args:
        module (cst.Module): the parsed module.
        facts (ModuleFacts | None): the module's facts from the project model; None links the module on its own,
            as a project of one file.
        project (ProjectContext | None): the project, for calls that lead into other modules.
        file (str | None): the module's file, as the project model names it.
    Returns:
        ModuleIndex: its symbols, functions, handlers and tool scopes.
    """
    indexer = _Indexer()
    indexer.run(module)
    instances = {
        name: value.func.value
        for name, value in indexer.assignments
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in indexer.classes
    }
    index = ModuleIndex(indexer.symbols, indexer.functions, [], {}, instances, frozenset(indexer.classes))
    index.file, index.project = file, project
    for info in indexer.functions.values():
        info.module = index
    if facts is None:
        if not index.is_mcp_module:
            return index
        from mcp_lint.project import single_module

        file = index.file = file or STANDALONE_FILE
        facts = single_module(module.bytes, file)
    index.facts = facts
    by_path = index.by_path
    for path, refs in facts.reached.items():
        info = by_path.get(path)
        if info is None:
            continue
        handlers = [
            Handler(ref.file, ref.path, ref.framework, by_path.get(ref.path) if ref.file == file else None, ref.tool_name)
            for ref in refs
        ]
        stands_in = bool(facts.wrappers.get(path)) and handlers[0].function is not info
        if stands_in:
            # the handlers it stands in for come first
            first = {(ref.file, ref.path) for ref in facts.wrappers[path]}
            handlers.sort(key=lambda h: (h.file, h.path) not in first)
        index.scopes[info.node] = ToolScope(info, handlers, stands_in, path in facts.registered)
        if handlers[0].function is info:
            index.handlers.append(handlers[0])
    order = {node: i for i, node in enumerate(indexer.functions)}
    index.handlers.sort(key=lambda h: order[h.function.node])  # type: ignore[union-attr]
    return index
