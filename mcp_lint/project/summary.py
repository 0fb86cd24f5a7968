"""Phase 1 of the project model: a summary of one module, read with CPython's ``ast``.

A summary holds what the link step (:mod:`mcp_lint.project.link`) needs to decide, across modules, which
functions run as MCP tools and what they reach: imports, definitions, classes and their bases, assignments
(server objects, instances, tables of handlers), the calls that register tools, and each function's call edges.
Names stay symbolic (dotted strings such as ``mcp``, ``self.client.get`` or ``tools.search``); the link step
resolves them. A summary depends only on the module's text, so it is cached by content hash, and building it
costs one ``ast.parse`` (about ten times faster than a libcst tree).
"""

from __future__ import annotations

import ast
import hashlib
import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field

import libcst as cst

from mcp_lint.diagnostics import internal_error_text
from mcp_lint.frameworks import MCP_ROOT_PACKAGES
from mcp_lint.nesting import nesting_problem

#: Parameter and keyword names that carry the function a registration call registers.
_TARGET_KEYWORDS = ("fn", "func", "function", "handler", "tool", "callback")
#: Method names that store an argument into a collection (``REGISTRY.append(fn)``).
_COLLECTIONS = (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.DictComp, ast.SetComp)
#: Calls that copy a collection: a local bound to one is a table of what it copies.
_COPIES = frozenset({"list", "tuple", "set", "dict", "sorted", "copy.copy", "copy.deepcopy"})
_TOOL_DECORATORS = frozenset({"tool", "call_tool"})
_STORE_METHODS = frozenset({"append", "add", "insert", "extend", "update", "setdefault", "register"})
#: Calls that run the function they are given in a worker thread, and the position it is given in:
#: ``asyncio.to_thread(f, ...)``, ``anyio.to_thread.run_sync(f, ...)``, ``loop.run_in_executor(None, f, ...)``.
RUNNERS = {"to_thread": 0, "run_sync": 0, "run_in_executor": 1, "run_in_threadpool": 0}
# Builtins that never run the function they are given first, and logging calls: their arguments are not recorded.
_NOT_RUNNERS = frozenset(
    {"len", "str", "int", "float", "bool", "repr", "print", "isinstance", "issubclass", "hasattr", "getattr",
     "setattr", "list", "dict", "set", "tuple", "sorted", "type", "id", "hash", "iter", "next", "any", "all", "sum",
     "min", "max", "enumerate", "zip", "map", "filter", "open", "format", "range", "reversed", "round", "abs"}
)  # fmt: skip
_LOGGER_CALL = re.compile(r"(?i)^_*(log|logger|logging)\w*\.")
# The names of project functions that may register the function they are given (``add_read_only_tool``).
_FORWARDING = re.compile(r"(?i)tool|regist|wrap")

#: A target of a registration, symbolic. Kinds:
#: ``("ref", dotted)`` a name or attribute chain; ``("path", path)`` the decorated function itself; ``("wrap", wrapper_dotted, inner)`` a call ``wrapper(inner)``;
#: ``("getattr", object_dotted, prefix)`` ``getattr(obj, <computed name>)``; ``("each", value, attribute)`` every
#: function found in the value a loop variable runs over (``value`` is a target too, or ``("refs", (dotted, ...))``),
#: with the attribute registered of each item (``d.fn``: ``"fn"``; ``""`` for the item itself); ``("call", dotted)``
#: what a function returns (``for tool in get_tools():``); ``("getattr_each", value, prefix)`` ``getattr(item, <computed
#: name>)`` of each item of what a loop variable runs over; ``("dir", object_dotted)`` the member names ``dir(obj)``
#: gives (a prefix of ``"*"`` means every public member: ``for name in dir(api): getattr(api, name)``).
Target = tuple


@dataclass
class FunctionSummary:
    """What the link step needs of one function or method.

    Attributes:
        path (str): its place in the module, ``f``, ``C.m``, ``f.g`` (``#2`` appended for a second definition).
        name (str): its name.
        line (int): the line of its ``def``.
        parent (str | None): the path of the function it is nested in.
        owner (str | None): the path of the class its ``self`` refers to (nearest enclosing class).
        is_method (bool): whether it is defined directly in a class body.
        params (list[tuple[str, str | None]]): parameter names and annotations (dotted), ``self`` included.
        returns (str | None): the return annotation, dotted.
        decorators (list[tuple[str, bool]]): each decorator's dotted name, and whether it is called (``@d()``).
        calls (list[str]): the dotted callees of the calls in its own body.
        dynamic_call (bool): whether it calls through a subscript, a call result or a local variable.
        reads (set[str]): the names it reads (roots of dotted names), for tables of handlers.
        indexed (set[str]): the dotted attributes it subscripts or calls ``get`` on (``self.tool_definitions[name]``),
            for tables of handlers an object holds.
        table_calls (list[tuple[str, str]]): methods called on what a collection holds (``self._strategies[name]
            .handle(arguments)``, ``HANDLERS.get(name).run(args)``): the dotted collection and the method.
        getattrs (list[tuple[str, str]]): ``getattr(obj, computed)`` calls: the object and the name's literal prefix.
        return_values (list[str]): dotted names returned, and dotted callees of calls returned.
        returned_calls (set[str]): of those, the dotted callees of calls returned (``return filter_tools(...)``).
        imports (dict[str, str]): imports made inside it (local name to symbolic qualified name).
        assigns (dict[str, str]): local ``name = Callee(...)`` assignments: name to dotted callee.
        aliases (dict[str, str]): locals bound once to a dotted name (``mcp = self.mcp``): name to that name.
        unpacked (dict[str, str]): locals bound by unpacking a call's result (``tools, disabled = prepare(...)``):
            name to dotted callee.
        unpacked_at (dict[str, int]): the place in the unpacked result of each of those locals.
        returns_tuple (list[str | None]): the classes a ``tuple[...]`` return annotation names, one per element.
        yields (str | None): the class a generator's return annotation says it yields (``AsyncIterator[AppContext]``).
        self_attrs (dict[str, str]): ``self.attr = Callee(...)`` in its body: attribute to dotted callee.
        stores (set[str]): collections its parameters are stored into (``REGISTRY[k] = fn``), dotted.
        assigned_names (set[str]): every local name it binds.
        tables (dict[str, list[str]]): local collections (``tools = [search, fetch]``): name to the dotted names in them.
        param_calls (list[tuple[str, Target]]): calls of one of its parameters with a function (``add_tool(fn)``
            in ``def register_tools(add_tool)``): the parameter and what it is given.
        handed (list[tuple[str, str, str]]): the dotted names calls are given first or by keyword (``_run_sync(
            client.get_projects, project_id)``, ``execute(operation_func=search_emails)``): the dotted callee, the
            place (``"0"`` or the keyword) and the argument, for project functions that run the function they are
            given.
        runs (str | None): the parameter it calls, or hands to a thread runner, in its own body (``async def
            _run_sync(func, *args): return await anyio.to_thread.run_sync(func, *args)``).
        packs (set[str]): the keywords under which it returns one of its parameters inside a call
            (``return ToolDefinition(fn=fn, ...)``: ``fn``), for decorators that wrap a tool in a definition object.
        skipped (set[str]): the names a loop of it skips (``if name in ["close", "get_tool_definitions"]:
            continue``), for a tool loader that takes every public method but these.
        body (tuple[int, int, int] | None): where its body is: the first statement's line and column (in UTF-8
            bytes) and the function's last line; the check step leaves out the bodies no rule reads.
        wraps (list[tuple[str, tuple[str, ...]]]): the exceptions it raises in an ``except`` with the caught one in
            the new one's arguments (``except aiohttp.ClientError as e: raise BoardError(f"network: {e}")``): the
            dotted class raised and the dotted classes that ``except`` names, for project exceptions that stand for
            every failure of a client.
    """

    path: str
    name: str
    line: int
    parent: str | None
    owner: str | None
    is_method: bool
    params: list[tuple[str, str | None]] = field(default_factory=list)
    returns: str | None = None
    decorators: list[tuple[str, bool]] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)
    dynamic_call: bool = False
    reads: set[str] = field(default_factory=set)
    indexed: set[str] = field(default_factory=set)
    table_calls: list[tuple[str, str]] = field(default_factory=list)
    getattrs: list[tuple[str, str]] = field(default_factory=list)
    return_values: list[str] = field(default_factory=list)
    returned_calls: set[str] = field(default_factory=set)
    imports: dict[str, str] = field(default_factory=dict)
    assigns: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    unpacked: dict[str, str] = field(default_factory=dict)
    unpacked_at: dict[str, int] = field(default_factory=dict)
    returns_tuple: list[str | None] = field(default_factory=list)
    yields: str | None = None
    self_attrs: dict[str, str] = field(default_factory=dict)
    stores: set[str] = field(default_factory=set)
    assigned_names: set[str] = field(default_factory=set)
    tables: dict[str, list[str]] = field(default_factory=dict)
    packs: set[str] = field(default_factory=set)
    param_calls: list[tuple[str, Target]] = field(default_factory=list)
    handed: list[tuple[str, str, str]] = field(default_factory=list)
    skipped: set[str] = field(default_factory=set)
    runs: str | None = None
    body: tuple[int, int, int] | None = None
    wraps: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)


@dataclass
class Registration:
    """A call or decorator that may register a tool handler; the link step decides whether it does.

    Attributes:
        kind (str): ``decorator`` (``@x.tool``), ``call`` (``x.tool(fn)``, ``x.tool(...)(fn)``, ``x.add_tool(fn)``),
            ``from_function`` (``Tool.from_function(fn)``), ``request_handler``
            (``x.add_request_handler("tools/call", fn)``), ``constructor`` (``Server(on_call_tool=fn)``) or
            ``forward`` (``add_read_only_tool(mcp, fn)``: a call of a function that may register its argument).
        subject (str): the dotted server object, ``Tool`` class or server class; for ``forward``, the callee.
        method (str): the method name (``tool``, ``add_tool``, ``call_tool``, ...); for ``forward``, where the
            target is passed: its position (``"1"``) or keyword.
        target (Target): what is registered.
        scope (str | None): the path of the function the registration is made in.
        called (bool): for decorators, whether the decorator is called (``@server.call_tool()``).
        name (str | None): the tool name given at a call registration (``x.tool(name="find_author")(fn)``,
            ``x.add_tool(fn, name="find_author")``), when it is a literal.
        bound (str | None): for ``Tool.from_function(fn)`` assigned to a module-level name
            (``SearchTool = Tool.from_function(search)``), that name: the tool is served only where it is used.
    """

    kind: str
    subject: str
    method: str
    target: Target
    scope: str | None
    called: bool = False
    name: str | None = None
    bound: str | None = None


@dataclass
class ModuleSummary:
    """What the link step needs of one module.

    Attributes:
        imports (dict[str, str]): module-level imports: local name to symbolic qualified name (relative imports
            keep their leading dots, resolved by the link step).
        star_imports (list[str]): modules imported with ``*``.
        all_names (list[str] | None): the literal ``__all__``.
        imports_mcp (bool): whether it imports ``mcp``, ``mcp_types`` or ``fastmcp`` anywhere.
        functions (list[FunctionSummary]): every function, in source order.
        classes (dict[str, list[str]]): class path to its dotted bases (subscripts dropped: ``Server[Any]``).
        class_attrs (dict[str, dict[str, str]]): class path to annotated or assigned attributes: name to dotted
            annotation or callee.
        assigns (dict[str, str]): module-level ``name = Callee(...)`` or ``name: Type``: name to dotted callee or type.
        aliases (dict[str, str]): module-level ``name = other.name`` (also ``name = partial(other.name, ...)``): name
            to dotted value.
        tables (dict[str, list[str]]): module-level collections: name to every dotted name in the literal.
        registrations (list[Registration]): candidate tool registrations.
        packed (list[tuple[str | None, str, str]]): names given as keywords to a class (``ToolDefinition(fn=search)``,
            also ``fn=wrapper(search)``; maybe a tool packed into a definition object), or under a key that names a
            function in a dict literal (``{"func": search}``): the path of the function the call is in (None at module
            level), the keyword, and the dotted name; parameters and locals left out.
        lifespans (list[str]): the dotted names given as a server's ``lifespan=`` (``FastMCP("x",
            lifespan=app_lifespan)``): what the tools' ``ctx.request_context.lifespan_context`` is made by.
        units (list[tuple[int, int, str]]): each top-level function and class, the units whose results the check step
            may keep across edits: its first line (its first decorator's), its last line, and a hash of those lines.
        rest (str): a hash of the other top-level statements' lines, without the comments and blank lines between them.
        error (str | None): why the module could not be read, if it could not.
        caught (list[tuple[str | None, tuple[str, ...], tuple[str, ...]]]): its ``except`` clauses that name a class:
            the path of the function the clause is in (None at module level), the dotted classes, and the dotted
            callees of the calls in the ``try`` body the clause belongs to.
    """

    imports: dict[str, str] = field(default_factory=dict)
    star_imports: list[str] = field(default_factory=list)
    all_names: list[str] | None = None
    imports_mcp: bool = False
    functions: list[FunctionSummary] = field(default_factory=list)
    classes: dict[str, list[str]] = field(default_factory=dict)
    class_attrs: dict[str, dict[str, str]] = field(default_factory=dict)
    assigns: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    tables: dict[str, list[str]] = field(default_factory=dict)
    registrations: list[Registration] = field(default_factory=list)
    packed: list[tuple[str | None, str, str]] = field(default_factory=list)
    lifespans: list[str] = field(default_factory=list)
    units: list[tuple[int, int, str]] = field(default_factory=list)
    rest: str = ""
    error: str | None = None
    caught: list[tuple[str | None, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)


def definition_path(seen: dict[str, int], prefix: str | None, name: str) -> str:
    """Name a function or class by its place in the module: ``f``, ``C.m``, ``f.g``, and ``f#2`` for a second ``f``.

    The summary (CPython ``ast``) and the check step's index (libcst) both number definitions with this, in
    source order, so that the project model's facts find their libcst nodes.

    Args:
        seen (dict[str, int]): how often each path was given so far in the module; updated.
        prefix (str | None): the path of the enclosing function or class, None at module level.
        name (str): the definition's name.
    Returns:
        str: its path.
    """
    path = f"{prefix}.{name}" if prefix else name
    count = seen.get(path, 0) + 1
    seen[path] = count
    return path if count == 1 else f"{path}#{count}"


def dotted(node: ast.AST | None) -> str | None:
    """Return a ``Name`` or attribute chain as a dotted string.

    Args:
        node (ast.AST | None): an expression.
    Returns:
        str | None: ``a.b.c``, or None for anything else.
    """
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _unquoted(node: ast.Constant) -> ast.AST | None:
    """The expression a string annotation holds (``"FastMCP"``), or None when it does not parse."""
    try:
        return ast.parse(str(node.value).strip(), mode="eval").body
    except SyntaxError:
        return None


def type_name(node: ast.AST | None) -> str | None:
    """Return the class an annotation or base names: strings parsed, ``Optional[X]``/``X | None`` unwrapped,
    and subscripts dropped (``Server[Any]`` names ``Server``).

    Args:
        node (ast.AST | None): an annotation or base expression.
    Returns:
        str | None: the dotted class name, or None.
    """
    for _ in range(8):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node = _unquoted(node)
            if node is None:
                return None
        elif isinstance(node, ast.Subscript):
            outer = dotted(node.value) or ""
            if outer.rsplit(".", 1)[-1] in ("Optional", "Annotated", "Type", "type"):
                inner = node.slice
                node = inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else inner
            else:
                node = node.value
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            node = node.right if isinstance(node.left, ast.Constant) and node.left.value is None else node.left
        else:
            return dotted(node)
    return None


#: Return annotations of generators, by the place of the yielded type among their arguments.
_GENERATORS = frozenset({"AsyncIterator", "AsyncGenerator", "Iterator", "Generator", "AsyncIterable", "Iterable"})


def yielded_type(node: ast.AST | None) -> str | None:
    """The class a generator's return annotation says it yields (``AsyncIterator[AppContext]``,
    ``AsyncGenerator[AppContext, None]``: ``AppContext``), as :func:`type_name` gives it; None for any other.

    Args:
        node (ast.AST | None): a return annotation.
    Returns:
        str | None: the dotted class name, or None.
    """
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node = _unquoted(node)
    if not isinstance(node, ast.Subscript) or (dotted(node.value) or "").rsplit(".", 1)[-1] not in _GENERATORS:
        return None
    inner = node.slice
    return type_name(inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else inner)


def tuple_types(node: ast.AST | None) -> list[str | None]:
    """The classes a ``tuple[...]`` annotation names, in order (``tuple[str, OdooClient]``: ``["str",
    "OdooClient"]``), each as :func:`type_name` gives it; empty for any other annotation.

    Args:
        node (ast.AST | None): a return annotation.
    Returns:
        list[str | None]: one per element.
    """
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node = _unquoted(node)
    if not isinstance(node, ast.Subscript) or (dotted(node.value) or "").rsplit(".", 1)[-1] not in ("tuple", "Tuple"):
        return []
    elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elements):
        return []  # ``tuple[Client, ...]``
    return [type_name(element) for element in elements]


def _refs(node: ast.AST) -> list[str]:
    """Every dotted name in a literal value (not the callees of calls in it, not dict keys that are strings); an
    object made by calling a capitalised name, maybe a class (``ListEvents()``), is given as that name and ``()``."""
    found: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        name = dotted(current)
        if name is not None:
            found.append(name)
            continue
        if isinstance(current, ast.Call):
            made = dotted(current.func)
            if made is not None and made.rpartition(".")[2][:1].isupper():
                found.append(f"{made}()")
            stack.extend(current.args)
            stack.extend(k.value for k in current.keywords)
        elif isinstance(current, ast.Dict):
            stack.extend(v for v in current.values if v is not None)
            stack.extend(k for k in current.keys if k is not None and not isinstance(k, ast.Constant))
        elif isinstance(current, (ast.Lambda, ast.Constant, ast.JoinedStr)):
            continue
        else:
            if isinstance(current, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                found.extend(_item_members(current))
            stack.extend(ast.iter_child_nodes(current))
    return found


def _item_members(node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> list[str]:
    """``MODULES[].execute`` for ``{m.TOOL_DEF.name: m.execute for m in MODULES}``: a member of each item of a
    collection a comprehension goes through, given as the collection's dotted name, ``[]`` and the member."""
    if len(node.generators) != 1 or not isinstance(node.generators[0].target, ast.Name):
        return []
    source, item = dotted(node.generators[0].iter), node.generators[0].target.id
    element = dotted(node.value if isinstance(node, ast.DictComp) else node.elt)
    if source is None or element is None or not element.startswith(f"{item}.") or element.count(".") != 1:
        return []
    return [f"{source}[]{element[len(item):]}"]


def _literal_prefix(node: ast.AST) -> str:
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return str(node.values[0].value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant):
        return str(node.left.value)
    return ""


class _Summariser:
    """Builds a :class:`ModuleSummary` in one recursive pass over the tree, in source order."""

    def __init__(self) -> None:
        self.summary = ModuleSummary()
        self.seen_paths: dict[str, int] = {}
        # (loop variable names, what is iterated) of the enclosing ``for`` statements, innermost last.
        self.loops: list[tuple[ast.AST, Target]] = []
        # Per loop: locals bound in its body to a member of its variable (``func = tool.func``), name to dotted value.
        self.loop_aliases: list[dict[str, str]] = []
        # Locals bound to a wrapper of a function (``wrapped = instrumented(handler=handler)``), by (function path,
        # name): a registration of the local registers what the wrapper is given.
        self.wrapped_locals: dict[tuple[str, str], Target] = {}
        # Locals bound to a server's tool decorator (``tool_decorator = mcp.tool(name=name)``), by (function path,
        # name): the dotted server and the call that made the decorator.
        self.decorator_locals: dict[tuple[str, str], tuple[str, ast.Call]] = {}

    # -- scopes
    def module(self, tree: ast.Module) -> ModuleSummary:
        self.block(tree.body, None, None, None)
        return self.summary

    def _path(self, prefix: str | None, name: str) -> str:
        return definition_path(self.seen_paths, prefix, name)

    def block(self, body: list[ast.stmt], function: FunctionSummary | None, klass: str | None, prefix: str | None) -> None:
        for statement in body:
            self.statement(statement, function, klass, prefix)

    def statement(self, node: ast.stmt, function: FunctionSummary | None, klass: str | None, prefix: str | None) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.function(node, function, klass, prefix)
            return
        if isinstance(node, ast.ClassDef):
            self.klass(node, function, klass, prefix)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            self.imports(node, function)
            return
        if isinstance(node, (ast.For, ast.AsyncFor)):
            self.expressions([node.iter], function, klass)
            self.bind(node.target, None, function, klass is not None and function is None)
            iterated = self._iterable(node.iter)
            looped = node.iter
            if isinstance(looped, ast.Call) and isinstance(looped.func, ast.Attribute) and not looped.args:
                if looped.func.attr in ("items", "values"):
                    looped = looped.func.value  # ``tools = load_all_tools()`` then ``for name, fn in tools.items():``
            if isinstance(looped, ast.Name) and function is not None:
                made_by = function.assigns.get(looped.id) or function.unpacked.get(looped.id)
                if made_by is not None and not made_by.rpartition(".")[2][:1].isupper():
                    iterated = ("call", made_by)  # ``tools = filter_tools(...)`` then ``for tool in tools:``
            self.loops.append((node.target, iterated))
            self.loop_aliases.append({})
            self.block(node.body, function, klass, prefix)
            self.loops.pop()
            self.loop_aliases.pop()
            self.block(node.orelse, function, klass, prefix)
            return
        bound: tuple[str, int] | None = None
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self.bind(target, node.value, function, klass is not None and function is None, klass)
            member = dotted(node.value) if self.loops and len(node.targets) == 1 else None
            if member is not None and "." in member and isinstance(node.targets[0], ast.Name):
                if any(_binds(variables, member.split(".", 1)[0]) for variables, _ in self.loops):
                    self.loop_aliases[-1][node.targets[0].id] = member  # ``for tool in tools: func = tool.func``
            if (
                function is None and klass is None and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute)
                and node.value.func.attr == "from_function"
            ):  # fmt: skip
                bound = (node.targets[0].id, len(self.summary.registrations))  # ``SearchTool = Tool.from_function(...)``
        elif isinstance(node, ast.AnnAssign):
            self.bind(node.target, node.value, function, klass is not None and function is None, klass, node.annotation)
        elif isinstance(node, ast.AugAssign):
            self.bind(node.target, None, function, False)
        elif isinstance(node, (ast.With, ast.AsyncWith)) and function is not None:
            for item in node.items:
                if item.optional_vars is not None:
                    # ``async with BioClient() as client:``: a client's ``__aenter__`` gives the client itself
                    self.bind(item.optional_vars, item.context_expr, function, False)
        elif isinstance(node, ast.If) and function is not None and self.loops and all(
            isinstance(s, ast.Continue) for s in node.body
        ):  # fmt: skip
            for test in ast.walk(node.test):  # ``if name in ["close", "get_tool_definitions"]: continue``
                if isinstance(test, ast.Compare) and isinstance(test.ops[0], ast.In):
                    for listed in test.comparators[:1]:
                        if isinstance(listed, (ast.List, ast.Tuple, ast.Set)):
                            function.skipped.update(
                                e.value for e in listed.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
                            )
        # Nested statements keep their scope; expressions are scanned for calls and names.
        for name, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self.block(value, function, klass, prefix)
            elif isinstance(value, list) and value and isinstance(value[0], ast.excepthandler):
                for handler in value:
                    if handler.name and function is not None:
                        function.assigned_names.add(handler.name)
                    self.caught(handler, function, getattr(node, "body", []))  # the ``try`` the clause belongs to
                    self.expressions([handler.type] if handler.type else [], function, klass)
                    self.block(handler.body, function, klass, prefix)
            elif isinstance(value, list) and value and isinstance(value[0], ast.match_case):
                for case in value:
                    self.block(case.body, function, klass, prefix)
            elif isinstance(value, list):
                self.expressions([v for v in value if isinstance(v, ast.AST)], function, klass)
            elif isinstance(value, ast.AST) and not isinstance(value, ast.stmt):
                self.expressions([value], function, klass)
        if bound is not None:
            for registration in self.summary.registrations[bound[1] :]:
                if registration.kind == "from_function" and registration.scope is None:
                    registration.bound = bound[0]
                    break
        if isinstance(node, ast.Return) and function is not None and node.value is not None:
            value = node.value.value if isinstance(node.value, ast.Await) else node.value
            returned = dotted(value.func) if isinstance(value, ast.Call) else dotted(value)
            if returned in _COPIES and isinstance(value, ast.Call):
                function.return_values.extend(r for a in value.args for r in _refs(a))  # ``return list(TOOLS)``
            elif returned is not None:
                function.return_values.append(returned)
                if isinstance(value, ast.Call):
                    function.returned_calls.add(returned)
            elif isinstance(value, _COLLECTIONS):
                function.return_values.extend(_refs(value))  # ``return {"list_spaces": tools.list_spaces, ...}``
            if isinstance(value, ast.Call) and value.keywords:
                params = {name for name, _ in function.params}
                function.packs.update(
                    k.arg for k in value.keywords if k.arg and isinstance(k.value, ast.Name) and k.value.id in params
                )

    def function(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, parent: FunctionSummary | None, klass: str | None,
        prefix: str | None,
    ) -> None:  # fmt: skip
        path = self._path(prefix, node.name)
        owner = klass if klass is not None else (parent.owner if parent is not None else None)
        info = FunctionSummary(path, node.name, node.lineno, parent.path if parent else None, owner, klass is not None)
        args = node.args
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
            info.params.append((arg.arg, type_name(arg.annotation)))
        for star in (args.vararg, args.kwarg):
            if star is not None:
                info.params.append((star.arg, None))
        info.returns = type_name(node.returns)
        info.returns_tuple = tuple_types(node.returns)
        info.yields = yielded_type(node.returns)
        first = node.body[0]
        info.body = (first.lineno, first.col_offset, node.end_lineno or first.lineno)
        self.summary.functions.append(info)
        for decorator in node.decorator_list:
            func = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = dotted(func)
            if name is not None:
                info.decorators.append((name, isinstance(decorator, ast.Call)))
                subject, _, method = name.rpartition(".")
                if subject and method in _TOOL_DECORATORS:
                    self.summary.registrations.append(
                        Registration("decorator", subject, method, ("path", path), parent.path if parent else None,
                                     isinstance(decorator, ast.Call))
                    )  # fmt: skip
            if isinstance(decorator, ast.Call):
                self.expressions([*decorator.args, *(k.value for k in decorator.keywords)], parent, klass)
        self.expressions([d for a in (args.defaults, args.kw_defaults) for d in a if d is not None], parent, klass)
        saved, saved_aliases = self.loops, self.loop_aliases
        self.loops, self.loop_aliases = [], []
        self.block(node.body, info, None, path)
        self.loops, self.loop_aliases = saved, saved_aliases

    def klass(self, node: ast.ClassDef, function: FunctionSummary | None, klass: str | None, prefix: str | None) -> None:
        path = self._path(prefix, node.name)
        self.summary.classes[path] = [b for b in (type_name(base) for base in node.bases) if b is not None]
        self.summary.class_attrs.setdefault(path, {})
        self.expressions([*node.bases, *node.decorator_list], function, klass)
        self.block(node.body, None, path, path)

    def imports(self, node: ast.Import | ast.ImportFrom, function: FunctionSummary | None) -> None:
        table = function.imports if function is not None else self.summary.imports
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".", 1)[0] in MCP_ROOT_PACKAGES:
                    self.summary.imports_mcp = True
                if alias.asname:
                    table[alias.asname] = alias.name
                else:
                    root = alias.name.split(".", 1)[0]
                    table.setdefault(root, root)
                    # ``import a.b`` binds ``a`` and makes ``a.b`` reachable: remember the submodule too.
                    table.setdefault(alias.name, alias.name)
            return
        module = "." * node.level + (node.module or "")
        if node.level == 0 and (node.module or "").split(".", 1)[0] in MCP_ROOT_PACKAGES:
            self.summary.imports_mcp = True
        for alias in node.names:
            if alias.name == "*":
                if function is None:
                    self.summary.star_imports.append(module)
                continue
            joined = f"{module}.{alias.name}" if module and not module.endswith(".") else f"{module}{alias.name}"
            table[alias.asname or alias.name] = joined

    def bind(
        self, target: ast.AST, value: ast.AST | None, function: FunctionSummary | None, in_class_body: bool,
        klass: str | None = None, annotation: ast.AST | None = None,
    ) -> None:  # fmt: skip
        """Record what an assignment binds: locals, module names, class and ``self`` attributes."""
        if isinstance(target, (ast.Tuple, ast.List)):
            made = value.value if isinstance(value, ast.Await) else value
            callee = dotted(made.func) if isinstance(made, ast.Call) else None
            starred = any(isinstance(element, ast.Starred) for element in target.elts)
            for place, element in enumerate(target.elts):
                self.bind(element.value if isinstance(element, ast.Starred) else element, None, function, in_class_body)
                if function is not None and callee is not None and isinstance(element, ast.Name):
                    function.unpacked[element.id] = callee  # ``tools, disabled = prepare_tools(...)``
                    if not starred:
                        function.unpacked_at[element.id] = place  # ``_, odoo = _resolve_odoo(ctx, instance)``
            return
        if isinstance(value, ast.Await):
            value = value.value
        if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
            made = [v for v in value.values if isinstance(v, ast.Call)]
            if made:
                value = made[-1]  # ``self._transport = transport or JMAPTransport(...)``: what it makes when not given
        callee = dotted(value.func) if isinstance(value, ast.Call) else None
        kind = callee or type_name(annotation)
        if isinstance(target, ast.Name):
            name = target.id
            if function is not None:
                function.assigned_names.add(name)
                made = isinstance(value, ast.Call) or isinstance(value, ast.Subscript) and _namespace_lookup(value)
                wrapped = self._substituted(self._target(value), function.path) if made else None
                if wrapped is not None and wrapped[0] in ("wrap", "each", "getattr", "getattr_each"):
                    # ``wrapped = instrumented(handler=handler)``; ``tool_func = globals()[tool_name]`` in a loop
                    # over names; ``method = getattr(api, name)``: the local stands for what it is made of
                    self.wrapped_locals[(function.path, name)] = wrapped
                else:
                    self.wrapped_locals.pop((function.path, name), None)
                if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "tool":
                    server = dotted(value.func.value)
                    if server is not None:
                        self.decorator_locals[(function.path, name)] = (server, value)
                else:
                    self.decorator_locals.pop((function.path, name), None)
                if callee in _COPIES or isinstance(value, _COLLECTIONS):
                    function.tables.setdefault(name, []).extend(_refs(value))  # ``tools = list(READ_TOOLS)``
                elif kind is not None:
                    function.assigns[name] = kind
                elif isinstance(value, (ast.Name, ast.Attribute)) and (other := dotted(value)) not in (None, name):
                    # ``mcp = self.mcp``: the local is that object; bound again to something else, it is unknown
                    if function.aliases.setdefault(name, other) != other:  # type: ignore[arg-type]
                        function.aliases[name] = ""
                return
            if in_class_body and klass is not None:
                if kind is not None:
                    self.summary.class_attrs[klass][name] = kind
                return
            if name == "__all__" and isinstance(value, (ast.List, ast.Tuple)):
                self.summary.all_names = [
                    e.value for e in value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
                ]
                return
            if callee in ("partial", "functools.partial") and value.args and dotted(value.args[0]) is not None:
                # ``tool = partial(make_tool, kind=...)``: calling it calls the function.
                self.summary.aliases.setdefault(name, dotted(value.args[0]))  # type: ignore[arg-type, union-attr]
            elif callee is None and isinstance(value, _COLLECTIONS):
                pass  # ``HANDLERS: dict[str, Handler] = {...}``: a table (below), not an object of its annotated type
            elif kind is not None:
                self.summary.assigns.setdefault(name, kind)
            elif dotted(value) is not None:
                self.summary.aliases.setdefault(name, dotted(value))  # type: ignore[arg-type]
            if isinstance(value, _COLLECTIONS) or (
                isinstance(value, ast.Call) and dotted(value.func) in ("dict", "list", "tuple", "set", "OrderedDict")
            ):
                # A collection, even an empty one that decorators fill: a table of handlers, maybe.
                self.summary.tables.setdefault(name, []).extend(_refs(value))
            elif value is not None and not isinstance(value, ast.Call):
                refs = _refs(value)
                if refs:
                    self.summary.tables.setdefault(name, []).extend(refs)
            return
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and function is not None:
            if kind is None and isinstance(value, ast.Name):
                # ``self.store = store``: the type of an annotated parameter, or of a local made by a call.
                kind = dict(function.params).get(value.id) or function.assigns.get(value.id)
            if target.value.id in ("self", "cls") and kind is not None:
                function.self_attrs[target.attr] = kind
            elif target.value.id == "self" and isinstance(value, _COLLECTIONS):
                # ``self.tools = {cls(client).name: cls for cls in AVAILABLE_TOOLS}``: a table the object holds
                function.tables.setdefault(f"self.{target.attr}", []).extend(_refs(value))
            return
        if isinstance(target, ast.Subscript) and function is not None and value is not None:
            # ``REGISTRY[key] = fn`` stores a parameter into a collection; so does ``REGISTRY[key] =
            # RegisteredTool(name=key, handler=fn)``, a record of it.
            collection = dotted(target.value)
            params = {p for p, _ in function.params}
            stored = [value]
            if isinstance(value, ast.Call):
                stored = [*value.args, *(k.value for k in value.keywords)]
            if collection is not None and any(isinstance(v, ast.Name) and v.id in params for v in stored):
                function.stores.add(collection)
        if isinstance(target, ast.Subscript) and function is None and value is not None:
            collection = dotted(target.value)
            if collection is not None:
                refs = _refs(value)
                if refs:
                    self.summary.tables.setdefault(collection, []).extend(refs)

    # -- expressions
    def caught(self, handler: ast.ExceptHandler, function: FunctionSummary | None, body: list[ast.stmt]) -> None:
        """Note the classes an ``except`` names with what its ``try`` calls (:attr:`ModuleSummary.caught`), and the
        exceptions its body raises with the caught one in their arguments (:attr:`FunctionSummary.wraps`)."""
        kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type] if handler.type else []
        names = tuple(name for name in map(dotted, kinds) if name is not None)
        scope = function.path if function is not None else None
        if names:
            tried = ast.Module(body=body, type_ignores=[])
            called = {dotted(n.func) for n in ast.walk(tried) if isinstance(n, ast.Call)}
            self.summary.caught.append((scope, names, tuple(sorted(c for c in called if c is not None))))
        if function is None or not handler.name or not names:
            return
        for node in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                raised = dotted(node.exc.func)
                arguments = [*node.exc.args, *(k.value for k in node.exc.keywords)]
                if raised is not None and any(
                    isinstance(n, ast.Name) and n.id == handler.name for a in arguments for n in ast.walk(a)
                ):  # fmt: skip
                    function.wraps.append((raised, names))

    def expressions(self, roots: list[ast.AST], function: FunctionSummary | None, klass: str | None) -> None:
        stack = list(roots)
        while stack:
            node = stack.pop()
            if isinstance(node, ast.Call):
                self.call(node, function)
            elif isinstance(node, ast.Name):
                if function is not None and isinstance(node.ctx, ast.Load):
                    function.reads.add(node.id)
                continue
            elif isinstance(node, ast.Lambda):
                stack.append(node.body)
                continue
            elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and function is not None:
                held = dotted(node.value)
                if held is not None:
                    function.indexed.add(held)  # ``self.tool_definitions[name]``
            elif isinstance(node, ast.NamedExpr) and function is not None:
                self.bind(node.target, node.value, function, False)
            elif isinstance(node, ast.Dict):
                self.packed_in_dict(node, function)
            elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)) and function is not None:
                for generator in node.generators:
                    self.bind(generator.target, None, function, False)
            stack.extend(ast.iter_child_nodes(node))

    def packed_in_dict(self, node: ast.Dict, function: FunctionSummary | None) -> None:
        """``{"func": get_job, "name": "get_job"}``: a function given under a key that names one, maybe a tool packed
        into a definition dict that a loop registers (``for d in defs: mcp.tool()(d["func"])``)."""
        self.pack(
            ((key.value, value) for key, value in zip(node.keys, node.values)
             if isinstance(key, ast.Constant) and key.value in _TARGET_KEYWORDS),
            function,
        )  # fmt: skip

    def pack(self, given: Iterable[tuple[str, ast.AST]], function: FunctionSummary | None) -> None:
        """Record in :attr:`ModuleSummary.packed` the names given under keys or keywords (``fn=search``), leaving out
        the function's parameters and locals."""
        local = {p for p, _ in function.params} | function.assigned_names if function is not None else set()
        for key, value in given:
            ref = dotted(value)
            if ref is not None and ref.split(".", 1)[0] not in local:
                self.summary.packed.append((function.path if function is not None else None, key, ref))

    def call(self, node: ast.Call, function: FunctionSummary | None) -> None:
        func = node.func
        name = dotted(func)
        for keyword in node.keywords:
            if keyword.arg == "lifespan" and (lifespan := dotted(keyword.value)) is not None:
                self.summary.lifespans.append(lifespan)
        if function is not None:
            if isinstance(func, ast.Attribute) and func.attr == "get" and isinstance(func.value, ast.Attribute):
                held = dotted(func.value)
                if held is not None:
                    function.indexed.add(held)  # ``self.handlers.get(name)``
            if name is None:
                function.dynamic_call = True
                inner = func.value if isinstance(func, ast.Attribute) else None
                made = dotted(inner.func) if isinstance(inner, ast.Call) else None
                held = None
                if isinstance(inner, ast.Subscript):
                    held = dotted(inner.value)  # ``self._strategies[name].handle(arguments)``
                elif made is not None and made.endswith(".get") and isinstance(inner, ast.Call):
                    held = made.removesuffix(".get")  # ``HANDLERS.get(name).run(args)``
                if held is not None and isinstance(func, ast.Attribute):
                    function.table_calls.append((held, func.attr))
                elif made is not None:
                    # ``jenkins(ctx).get_plugin_graph(...)``: a method of what a function returns (its annotation)
                    function.calls.append(f"{made}().{func.attr}")
            else:
                root = name.split(".", 1)[0]
                if root in function.assigned_names and "." not in name:
                    function.dynamic_call = True  # a local: ``handler = HANDLERS.get(name)``, then ``handler(args)``
                function.calls.append(name)
                is_param = "." not in name and any(p == name for p, _ in function.params)
                if is_param and function.runs is None:
                    function.runs = name
                if is_param and node.args:
                    given = self._target(node.args[0])
                    if given is not None:
                        function.param_calls.append((name, given))  # ``add_tool(builder.lookup)``
                if not ("." not in name and name in _NOT_RUNNERS or _LOGGER_CALL.match(name)):
                    given = [("0", node.args[0])] if node.args else []
                    given += [(k.arg, k.value) for k in node.keywords if k.arg is not None]
                    for place, value in given:
                        handed = dotted(value) if isinstance(value, (ast.Name, ast.Attribute)) else None
                        if handed is not None:
                            function.handed.append((name, place, handed))
            runner = RUNNERS.get(name.rpartition(".")[2]) if name is not None else None
            if runner is not None and len(node.args) > runner:
                # ``await asyncio.to_thread(helper, ...)``, ``loop.run_in_executor(None, helper, ...)``: runs helper.
                ran = node.args[runner]
                if isinstance(ran, ast.Call) and dotted(ran.func) in ("partial", "functools.partial") and ran.args:
                    ran = ran.args[0]
                ran_name = dotted(ran)
                if ran_name is not None:
                    function.calls.append(ran_name)
                    if function.runs is None and any(p == ran_name for p, _ in function.params):
                        function.runs = ran_name
            if name == "getattr" and len(node.args) >= 2:
                obj, attr = dotted(node.args[0]), node.args[1]
                if obj is not None and not isinstance(attr, ast.Constant):
                    function.getattrs.append((obj, _literal_prefix(attr)))
                elif obj is not None and isinstance(attr, ast.Constant) and isinstance(attr.value, str):
                    function.calls.append(f"{obj}.{attr.value}")
            if isinstance(func, ast.Attribute) and func.attr in ("extend", "append") and isinstance(func.value, ast.Name):
                if func.value.id in function.tables:  # ``tools.extend(WRITE_TOOLS)`` on a local table
                    function.tables[func.value.id].extend(r for a in node.args for r in _refs(a))
            if isinstance(func, ast.Attribute) and func.attr in _STORE_METHODS:
                params = {p for p, _ in function.params}
                collection = dotted(func.value)
                values = [*node.args, *(k.value for k in node.keywords)]
                if collection is not None and any(
                    isinstance(v, ast.Name) and v.id in params
                    or isinstance(v, ast.Dict) and any(isinstance(x, ast.Name) and x.id in params for x in v.values)
                    for v in values
                ):
                    function.stores.add(collection)
        elif isinstance(func, ast.Attribute) and func.attr in _STORE_METHODS:
            collection = dotted(func.value)
            refs = [r for a in node.args for r in _refs(a)]
            if collection is not None and refs:
                self.summary.tables.setdefault(collection, []).extend(refs)
        if name is not None and name.rpartition(".")[2][:1].isupper() and node.keywords:
            # ``fn=with_client(search)``: the function a wrapper is made of
            self.pack(
                ((k.arg, k.value.args[0] if isinstance(k.value, ast.Call) and k.value.args else k.value)
                 for k in node.keywords if k.arg),
                function,
            )  # fmt: skip
        self.registration(node, function)

    def _target(self, node: ast.AST | None) -> Target | None:
        if node is None:
            return None
        name = dotted(node)
        if name is not None:
            root, _, rest = name.partition(".")
            for aliases in reversed(self.loop_aliases):
                if root in aliases:
                    name = aliases[root] + (f".{rest}" if rest else "")
                    break
            for variables, iterated in reversed(self.loops):
                if _binds(variables, name.split(".", 1)[0]):
                    return ("each", iterated, name.rpartition(".")[2] if "." in name else "")
            return ("ref", name)
        if isinstance(node, ast.Subscript):
            base = dotted(node.value)
            if base is not None:
                for variables, iterated in reversed(self.loops):
                    if _binds(variables, base.split(".", 1)[0]):
                        return ("each", iterated, "")
            elif _namespace_lookup(node) and isinstance(node.slice, ast.Name):
                # ``globals()[tool_name]`` in ``for tool_name in exported:``: the function each name names
                for variables, iterated in reversed(self.loops):
                    if _binds(variables, node.slice.id):
                        return ("each", iterated, "")
            return None
        if isinstance(node, ast.Call):
            func = dotted(node.func)
            if func == "getattr" and len(node.args) >= 2:
                obj = dotted(node.args[0])
                attr = node.args[1]
                if obj is None:
                    return None
                if isinstance(attr, ast.Constant) and isinstance(attr.value, str):
                    return ("ref", f"{obj}.{attr.value}")
                prefix = _literal_prefix(attr)
                if isinstance(attr, ast.Name) and any(
                    iterated[0] == "dir" and _binds(variables, attr.id) for variables, iterated in self.loops
                ):
                    prefix = "*"  # ``for name in dir(api): getattr(api, name)``: every public member
                if "." not in obj:
                    for variables, iterated in reversed(self.loops):
                        if _binds(variables, obj):
                            return ("getattr_each", iterated, prefix)  # ``for api in apis: getattr(api, name)``
                return ("getattr", obj, prefix)
            inner = self._target(_first_target(node))
            if func is not None and inner is not None:
                return ("wrap", func, inner)
        return None

    def _registered(self, node: ast.Call, scope: str | None) -> Target | None:
        """What a registration call registers: its first target, where a local bound to a wrapper of a function
        stands for that wrapper (``wrapped = instrumented(handler=handler)``, then ``app.tool(name=n)(wrapped)``)."""
        return self._substituted(self._target(_first_target(node)), scope)

    def _substituted(self, target: Target | None, scope: str | None) -> Target | None:
        """A target with each local that stands for what it is made of replaced by that (``wrapper =
        make_wrapper(method)`` over ``method = getattr(api, name)``)."""
        if target is None or scope is None:
            return target
        if target[0] == "ref":
            return self.wrapped_locals.get((scope, target[1]), target)
        if target[0] == "wrap":
            return ("wrap", target[1], self._substituted(target[2], scope))
        return target

    def _iterable(self, node: ast.AST) -> Target:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("items", "values"):
            node = node.func.value
        if isinstance(node, ast.Call) and dotted(node.func) == "dir" and len(node.args) == 1:
            return ("dir", dotted(node.args[0]) or "")  # ``for name in dir(api):``: the names of its members
        if isinstance(node, ast.Call) and dotted(node.func) is not None and dotted(node.func) not in _COPIES:
            return ("call", dotted(node.func))  # ``for tool in get_tools():``: what the function returns
        name = dotted(node)
        if name is not None:
            if name.endswith(".__all__"):
                return ("getattr", name[: -len(".__all__")], "")
            return ("ref", name)
        return ("refs", tuple(_refs(node)))

    def _looped_server(self, subject: str | None) -> str | None:
        """The servers a loop variable runs over, for a registration made on it: ``for server in servers:
        server.tool(name=name)(func)`` registers with each of ``servers`` (a parameter, ``servers: list[FastMCP]``), so
        it is read as made on ``servers``."""
        if subject is None:
            return None
        root, dot, rest = subject.partition(".")
        for variables, iterated in reversed(self.loops):
            if _binds(variables, root):
                if iterated[0] == "ref" and isinstance(iterated[1], str) and "." not in iterated[1]:
                    return iterated[1] + dot + rest
                return subject
        return subject

    def registration(self, node: ast.Call, function: FunctionSummary | None) -> None:
        func = node.func
        scope = function.path if function is not None else None
        made = self.decorator_locals.get((scope, func.id)) if isinstance(func, ast.Name) and scope else None
        if made is not None:
            # ``tool_decorator = mcp.tool(name=name)`` then ``tool_decorator(wrapper)``
            target = self._registered(node, scope)
            if target is not None:
                registration = Registration("call", made[0], "tool", target, scope, name=_tool_name(made[1], True))
                self.summary.registrations.append(registration)
            return
        if isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "tool":
            # x.tool(...)(fn)
            subject = self._looped_server(dotted(func.func.value))
            target = self._registered(node, scope)
            if subject is not None and target is not None:
                registration = Registration("call", subject, func.func.attr, target, scope, name=_tool_name(func, True))
                self.summary.registrations.append(registration)
            return
        if isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "call_tool":
            # ``self.server.call_tool()(self._call_tool)``: the low-level decorator, applied by a call
            subject = dotted(func.func.value)
            target = self._target(_first_target(node))
            if subject is not None and target is not None:
                self.summary.registrations.append(Registration("decorator", subject, "call_tool", target, scope, called=True))
            return
        if isinstance(func, ast.Attribute):
            subject = self._looped_server(dotted(func.value))
            if subject is None:
                return
            method = func.attr
            if method == "add_request_handler":
                positional = list(node.args)
                keywords = {k.arg: k.value for k in node.keywords if k.arg}
                method_arg = keywords.get("method", positional[0] if positional else None)
                if not (isinstance(method_arg, ast.Constant) and method_arg.value == "tools/call"):
                    return
                handler = keywords.get("handler", positional[-1] if len(positional) > 1 else None)
                target = self._target(handler)
                if target is not None:
                    self.summary.registrations.append(Registration("request_handler", subject, method, target, scope))
                return
            if method in ("tool", "add_tool", "from_function"):
                target = self._registered(node, scope)
                if target is not None:
                    kind = "from_function" if method == "from_function" else "call"
                    registration = Registration(kind, subject, method, target, scope, name=_tool_name(node, False))
                    self.summary.registrations.append(registration)
                return
        callee = dotted(func)
        if callee is not None:
            for keyword in node.keywords:
                if keyword.arg == "on_call_tool":
                    target = self._target(keyword.value)
                    if target is not None:
                        self.summary.registrations.append(Registration("constructor", callee, "on_call_tool", target, scope))
            if _FORWARDING.search(callee.rpartition(".")[2]):
                # ``add_read_only_tool(mcp, tool)``: a project function may register what it is given; the link step
                # decides, from what the function does with the parameter in that place.
                places = [(str(i), a) for i, a in enumerate(node.args)]
                places += [(k.arg, k.value) for k in node.keywords if k.arg]
                for place, value in places:
                    target = self._target(value) if isinstance(value, (ast.Name, ast.Attribute)) else None
                    if target is not None and target[0] == "ref" and scope is not None:
                        target = self.wrapped_locals.get((scope, target[1]), target)
                    if isinstance(value, (ast.List, ast.Tuple)):
                        target = ("refs", tuple(_refs(value)))  # ``register_tools(mcp, [get_repo, fork_repo])``
                    if target is not None:
                        self.summary.registrations.append(Registration("forward", callee, place, target, scope))


def _namespace_lookup(node: ast.Subscript) -> bool:
    """Whether a subscript looks a name up in a module's namespace: ``globals()[name]``, ``vars()[name]``."""
    value = node.value
    return isinstance(value, ast.Call) and dotted(value.func) in ("globals", "vars") and not value.args


def _tool_name(node: ast.Call, positional: bool) -> str | None:
    """The literal tool name a registration call gives: its ``name=`` keyword, or (``positional``: the call makes
    the decorator, ``x.tool("find_author")``) its first argument."""
    values = [k.value for k in node.keywords if k.arg == "name"]
    if positional and node.args:
        values.append(node.args[0])
    for value in values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return value.value
    return None


def _first_target(node: ast.Call) -> ast.AST | None:
    if node.args and not isinstance(node.args[0], ast.Starred):
        return node.args[0]
    for keyword in node.keywords:
        if keyword.arg in _TARGET_KEYWORDS:
            return keyword.value
    return None


def _binds(target: ast.AST, name: str) -> bool:
    if isinstance(target, ast.Name):
        return target.id == name
    if isinstance(target, (ast.Tuple, ast.List)):
        return any(_binds(e, name) for e in target.elts)
    return False


#: The start of a summary error the check step reports as MCP000 (the module is nested too deeply to walk).
TOO_DEEP = "too deeply nested"


def summarise(source: bytes) -> ModuleSummary:
    """Summarise a module's source.

    Syntax newer than the running interpreter (``def f[T](x: T)``, ``type X = ...`` on Python 3.11) does not
    make CPython's ``ast`` the judge: when CPython refuses the module and libcst parses it, the summary is made
    from libcst's rendering of the module without the newer syntax (see :func:`older_syntax`), which keeps
    every line where it was.

    Args:
        source (bytes): the module's bytes (PEP 263 declarations and a BOM are honoured).
    Returns:
        ModuleSummary: the summary; ``error`` says why when it cannot be made (the check step reports syntax
        errors, this step only skips the module; an error starting with :data:`TOO_DEEP` is reported as MCP000).
    """
    rendered = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checked code's own warnings are not ours to print
        try:
            tree = ast.parse(source)
        except (SyntaxError, RecursionError, ValueError, MemoryError) as exc:
            # CPython refuses brackets nested deeper than libcst can parse safely, so the bound is checked only
            # when CPython refuses the module (and libcst may be asked).
            problem = nesting_problem(source)
            if problem is not None:
                return ModuleSummary(error=problem.message)
            if isinstance(exc, RecursionError):
                return ModuleSummary(error=f"{TOO_DEEP}: CPython's parser gave up")
            if not isinstance(exc, SyntaxError):
                return ModuleSummary(error=f"{type(exc).__name__}: {exc}")
            rendered = True
            older = older_syntax(source)
            try:
                tree = ast.parse(older) if older is not None else None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                tree = None
            if tree is None:
                return ModuleSummary(error=f"{type(exc).__name__}: {exc}")
        try:
            summary = _Summariser().module(tree)
        except RecursionError:
            return ModuleSummary(error=f"{TOO_DEEP}: expressions nested deeper than mcp-lint can walk")
        except Exception as exc:  # a bug here costs this module, reported as MCP000, not the run
            return ModuleSummary(error=internal_error_text(exc))
    if rendered:
        for function in summary.functions:
            function.body = None  # the rendering's columns (and a rewritten f-string's lines) are not the file's
    else:
        summary.units, summary.rest = _units(tree, source)
    return summary


def _units(tree: ast.Module, source: bytes) -> tuple[list[tuple[int, int, str]], str]:
    """The module's units (top-level functions and classes) and the hash of the rest, as :class:`ModuleSummary`
    keeps them. Each statement is hashed by its lines, so a comment inside one counts, and one between statements
    does not."""
    lines = source.splitlines(keepends=True)
    units: list[tuple[int, int, str]] = []
    rest = hashlib.sha256()
    for statement in tree.body:
        last = statement.end_lineno or statement.lineno
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = min([statement.lineno, *(d.lineno for d in statement.decorator_list)])
            text = b"".join(lines[first - 1 : last])
            units.append((first, last, hashlib.sha256(text).hexdigest()[:32]))
        else:
            rest.update(b"".join(lines[statement.lineno - 1 : last]) + b"\0")
    return units, rest.hexdigest()[:32]


class _OlderSyntax(cst.CSTTransformer):
    """Drops what only newer Pythons parse and a summary does not need: PEP 695 type parameters become nothing,
    ``type X = ...`` becomes ``X = ...``, PEP 750 template strings and PEP 701 f-strings this Python cannot parse
    become empty strings."""

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        return updated.with_changes(type_parameters=None) if updated.type_parameters is not None else updated

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        return updated.with_changes(type_parameters=None) if updated.type_parameters is not None else updated

    def leave_TypeAlias(self, original: cst.TypeAlias, updated: cst.TypeAlias) -> cst.Assign:
        return cst.Assign(targets=[cst.AssignTarget(updated.name)], value=updated.value)

    def leave_TemplatedString(self, original: cst.CSTNode, updated: cst.CSTNode) -> cst.SimpleString:
        return cst.SimpleString('""')

    def leave_FormattedString(self, original: cst.FormattedString, updated: cst.FormattedString) -> cst.BaseExpression:
        # PEP 701 f-strings (3.12: backslashes and the string's own quotes inside the braces) become empty strings
        # where this Python cannot parse them; a summary needs no string's text.
        try:
            ast.parse(cst.Module(body=()).code_for_node(updated), mode="eval")
        except SyntaxError:
            return cst.SimpleString('""')
        return updated


def older_syntax(source: bytes) -> str | None:
    """Render a module without the syntax that only Pythons newer than the running one parse.

    Args:
        source (bytes): the module's bytes; its nesting must already be within :mod:`mcp_lint.nesting`'s bound.
    Returns:
        str | None: the rendering (same lines), or None when libcst does not parse the module either.
    """
    try:
        module = cst.parse_module(source)
        return module.visit(_OlderSyntax()).code
    except Exception:  # libcst refuses it too (a real syntax error), or cannot render it
        return None
