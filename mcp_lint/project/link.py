"""Phase 2 of the project model: link the module summaries of a project.

The link step resolves the symbolic names of every :class:`~mcp_lint.project.summary.ModuleSummary` across
modules and decides:

* which objects are MCP servers (instances of the framework classes, of project subclasses of them, made by
  factory functions, passed in as parameters, imported from another module);
* which functions are tool handlers, and under which framework, from every registration form;
* which functions each handler reaches: the functions it calls (imported in any form, through module-level
  instances, ``self`` attributes and annotated parameters), the decorators that wrap it, the functions nested
  in any of these, and the handlers a low-level dispatcher finds in tables or with ``getattr``; a depth budget
  counts function hops;
* for each module, the :class:`ModuleFacts` the check step needs: its handlers, the tool scope of each of its
  functions, and where each call of a reached function leads, in this module or another.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from mcp_lint import frameworks as fw
from mcp_lint.diagnostics import INTERNAL_ERROR
from mcp_lint.frameworks import Framework
from mcp_lint.project.layout import Layout
from mcp_lint.project.summary import TOO_DEEP, FunctionSummary, ModuleSummary, Registration, Target

#: How many function hops from a handler are followed.
MAX_HOPS = 6
_MAX_RESOLVE = 12
_LOWLEVEL = "lowlevel"


def _strings(value: object) -> Iterator[str]:
    """The strings of a registration target, a tuple of strings and tuples (``("ref", "SearchTool.fn")``)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for part in value:
            yield from _strings(part)


@dataclass(frozen=True)
class Unit:
    """A top-level function or class, whose findings the result cache keeps on their own.

    Attributes:
        first (int): its first line (its first decorator's).
        last (int): its last line.
        digest (str): the hash of its lines.
        bodies (tuple[tuple[int, int, int], ...]): the outermost function bodies in it (as
            :attr:`ModuleFacts.hollow` gives them), which the check step leaves out when its findings are kept.
        needs (tuple[int, ...]): the other units of the module whose text its findings may depend on, which its
            check may read: the handlers that reach its functions or that they stand in for, and the functions
            these and its own lead to by name or by a call the link step resolved, transitively. Every unit, when
            such a call leaves the module and comes back.
    """

    first: int
    last: int
    digest: str
    bodies: tuple[tuple[int, int, int], ...]
    needs: tuple[int, ...]


@dataclass(frozen=True)
class HandlerRef:
    """A tool handler, wherever it is defined.

    Attributes:
        file (str): the file that defines it.
        path (str): its path in that module (``search``, ``Tools.search``).
        framework (Framework): the framework it is registered with.
        tool_name (str | None): the tool name its registration gives, when that is a call in any module
            (``mcp.tool(name="find_author")(books.author_by_name)``).
    """

    file: str
    path: str
    framework: Framework
    tool_name: str | None = None

    @property
    def name(self) -> str:
        """str: the handler function's name."""
        return self.path.rsplit(".", 1)[-1].split("#", 1)[0]


@dataclass
class ModuleFacts:
    """What the project says about one module, for the check step.

    Attributes:
        reached (dict[str, list[HandlerRef]]): function path to the handlers that reach it; a handler's own
            entry lists itself first.
        edges (dict[tuple[str | None, str], tuple[str, str]]): (caller path, dotted callee) to the (file, path)
            of the function called, for the calls of reached functions.
        deps (tuple[str, ...]): the other files whose functions those calls reach, transitively (their contents
            change what the check step may find here).
        error (str | None): why the module cannot be checked safely (nested too deeply), reported as MCP000.
        hollow (tuple[tuple[int, int, int], ...]): the bodies of functions that no rule reads (no tool reaches
            them, they contain and are contained in no function a tool reaches, and no reached function names
            them): each body's first line and column and last line, which the check step need not parse.
        wrappers (dict[str, list[HandlerRef]]): function path to the handlers it stands in for: the function a
            decorator of the handler returns in its place (``def handle_errors(func): def wrapper(...): ...;
            return wrapper``), whose return value is the tool's result.
        callers (dict[str, tuple[tuple[str, str], ...]]): function path to the (file, path) of the functions in
            tool context that call it (a rule may follow a helper's outcome back to the tool that answers with it).
        tools_elsewhere (tuple[str, ...]): the hashes of the top-level definitions, in other modules, of the handlers
            that reach this module's functions: rules read those handlers (their names, docstrings and what they
            return), so an edit of one changes what may be found here.
        units (tuple[Unit, ...]): the module's top-level functions and classes, whose findings the result cache
            keeps one by one (see :mod:`mcp_lint.units`).
        rest (str): the hash of the module's other top-level statements (:attr:`ModuleSummary.rest`).
        shape (str): a hash of these facts without their positions, for the units' cache keys.
        registered (set[str]): the paths of the functions that a low-level ``tools/call`` handler runs from the
            project's own tool registry (see :meth:`Linker._registry_dispatch`): the dispatcher only serialises
            what they return, so each makes its tool's answer.
        implemented (dict[str, tuple[tuple[str, str], ...]]): the path of a method that a reached call resolves
            to, to the (file, path) of each project class's method that implements it (a ``typing.Protocol``'s:
            ``context.delete_program(name)`` with ``context: MCPContext``, implemented by two context classes) or
            overrides it in a subclass (``db.list_documents()`` with ``db: VectorDatabase``).
        catch_alls (dict[tuple[str, str], str]): project exception classes that stand for every failure of a
            client where this module catches them: some function of the project raises the class (or a subclass) in
            a broad or library catch-all ``except``, carrying what it caught (``except aiohttp.ClientError as e:
            raise BoardError(f"network: {e}")``), and a ``try`` whose ``except`` names it calls what leads there.
            Keyed by the path of the function that ``try`` is in (``""`` at module level) and the dotted name as
            the ``except`` spells it; to the class's name.
    """

    reached: dict[str, list[HandlerRef]] = field(default_factory=dict)
    edges: dict[tuple[str | None, str], tuple[str, str]] = field(default_factory=dict)
    deps: tuple[str, ...] = ()
    error: str | None = None
    hollow: tuple[tuple[int, int, int], ...] = ()
    wrappers: dict[str, list[HandlerRef]] = field(default_factory=dict)
    callers: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    tools_elsewhere: tuple[str, ...] = ()
    units: tuple[Unit, ...] = ()
    rest: str = ""
    shape: str = ""
    registered: set[str] = field(default_factory=set)
    implemented: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    catch_alls: dict[tuple[str, str], str] = field(default_factory=dict)

    def digest(self) -> str:
        """str: a stable hash of the facts, for cache keys."""
        return hashlib.sha256(pickle.dumps((self.digest_parts(), self.hollow), protocol=4)).hexdigest()

    def digest_parts(self) -> tuple:
        """tuple: the facts that hold no position, as plain data."""
        return (
            sorted((p, [(h.file, h.path, h.framework.value) for h in hs]) for p, hs in self.reached.items()),
            sorted((k[0] or "", k[1], v) for k, v in self.edges.items()),
            self.error,
            sorted((p, [(h.file, h.path) for h in hs]) for p, hs in self.wrappers.items()),
            sorted(self.callers.items()),
            self.deps,
            self.tools_elsewhere,
            sorted(self.registered),
            sorted(self.implemented.items()),
            sorted(self.catch_alls.items()),
        )


# Resolved objects: ("function", file, path), ("class", file, path), ("instance", file, class path),
# ("self", file, class path), ("module", file), ("table", file, name[, function path]), ("server", kind[, file,
# class path]) (the class when it is a project subclass of a server class),
# ("servercls", kind),
# ("external", qualified), ("param", file, function path, name).
Obj = tuple
#: The attribute chain through which a tool reads what its server's lifespan yields.
_LIFESPAN = "request_context.lifespan_context"


#: Decorators that make a method an attribute whose value is what it returns.
_PROPERTIES = frozenset({"property", "cached_property"})


def _external_kind(qualified: str) -> Framework | str | None:
    if qualified in fw.HIGH_LEVEL_SERVERS:
        return fw.HIGH_LEVEL_SERVERS[qualified]
    if qualified in fw.LOW_LEVEL_SERVERS:
        return _LOWLEVEL
    return None


class Linker:
    """Resolves names across the modules of one project.

    Args:
        layout (Layout): the project's modules.
        summaries (dict[str, ModuleSummary]): each file's summary.
    """

    def __init__(self, layout: Layout, summaries: dict[str, ModuleSummary]) -> None:
        self.layout = layout
        self.summaries = summaries
        self.functions: dict[str, dict[str, FunctionSummary]] = {
            file: {f.path: f for f in s.functions} for file, s in summaries.items()
        }
        self.children: dict[tuple[str, str | None], list[str]] = {}
        for file, summary in summaries.items():
            for f in summary.functions:
                self.children.setdefault((file, f.parent), []).append(f.path)
        self._class_kind: dict[tuple[str, str], Framework | str | None] = {}
        self._factory: dict[tuple[str, str], Framework | str | None] = {}
        self._subclasses: dict[tuple[str, str], list[tuple[str, str]]] | None = None
        self._protocols: dict[tuple[str, str], list[tuple[str, str]]] | None = None
        self._methods_named: dict[str, list[tuple[str, str]]] | None = None
        self._implemented: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
        self._given_objects: dict[tuple[str, str, str], Obj] | None = None
        self._resolved_decorators: dict[tuple[str, str], list[Obj | None]] = {}
        # (file, scope, name, depth) -> what resolve() found: the summaries do not change while linking
        self._resolved: dict[tuple[str, str | None, str, int], Obj | None] = {}
        self._lifespan: list[Obj | None] = []
        self._frameworks = self._project_frameworks()

    # -- frameworks a module or the project uses, for servers that cannot be resolved
    @staticmethod
    def _module_frameworks(summary: ModuleSummary) -> set[Framework]:
        found = {
            framework
            for qualified in summary.imports.values()
            for package, framework in fw.FRAMEWORK_PACKAGES.items()
            if qualified == package or qualified.startswith(package + ".")
        }
        # a server class imported from where the SDK re-exports it (``from mcp.server import FastMCP``)
        return found | {fw.HIGH_LEVEL_SERVERS[q] for q in summary.imports.values() if q in fw.HIGH_LEVEL_SERVERS}

    def _project_frameworks(self) -> set[Framework]:
        found: set[Framework] = set()
        for summary in self.summaries.values():
            found |= self._module_frameworks(summary)
        return found

    def inferred_framework(self, file: str) -> Framework | None:
        """The one high-level framework a module imports from, else the one the whole project imports from."""
        own = self._module_frameworks(self.summaries[file])
        if len(own) == 1:
            return next(iter(own))
        if not own and len(self._frameworks) == 1:
            return next(iter(self._frameworks))
        return None

    # -- resolution
    def resolve(self, file: str, scope: str | None, name: str, depth: int = 0) -> Obj | None:
        """Resolve a dotted name used in a module, inside a function or at module level.

        Args:
            file (str): the module's file.
            scope (str | None): the path of the function the name is used in, None at module level.
            name (str): the dotted name.
            depth (int): the resolution depth so far (a guard against cycles).
        Returns:
            Obj | None: what it names, or None when that cannot be told.
        """
        if depth > _MAX_RESOLVE or file not in self.summaries:
            return None
        key = (file, scope, name, depth)
        if key in self._resolved:
            return self._resolved[key]
        found = self._resolved[key] = self._resolve(file, scope, name, depth)
        return found

    def _resolve(self, file: str, scope: str | None, name: str, depth: int) -> Obj | None:
        if _LIFESPAN in name:
            # ``ctx.request_context.lifespan_context.client``: what the server's lifespan yields
            rest = [attr for attr in name.partition(_LIFESPAN)[2].split(".") if attr]
            obj = self._lifespan_object(depth)
        elif "()." in name:  # ``jenkins().get_plugin_graph``: a method of what ``jenkins`` returns
            made, _, rest_name = name.partition("().")
            obj = self._value(file, scope, made, depth)
            rest = rest_name.split(".")
        else:
            first, *rest = name.split(".")
            obj = self._lookup(file, scope, first, depth)
        for attr in rest:
            if obj is None:
                return None
            obj = self._attribute(obj, attr, depth + 1)
        return obj

    def _lifespan_object(self, depth: int) -> Obj | None:
        """What a tool's ``ctx.request_context.lifespan_context`` is: an instance of the class that the functions
        given as a server's ``lifespan=`` yield (``async def app_lifespan(server) -> AsyncIterator[AppContext]``),
        when the project's lifespans agree on one; worked out once."""
        if not self._lifespan:
            found: set[Obj] = set()
            for file, summary in self.summaries.items():
                for name in summary.lifespans:
                    made = self.resolve(file, None, name, depth + 1)
                    if made is None or made[0] != "function":
                        continue
                    function = self.functions[made[1]].get(made[2])
                    yielded = self._type(made[1], made[2], function.yields, depth + 1) if function and function.yields else None
                    if yielded is not None:
                        found.add(yielded)
            self._lifespan.append(found.pop() if len(found) == 1 else None)
        return self._lifespan[0]

    def _lookup(self, file: str, scope: str | None, name: str, depth: int) -> Obj | None:
        functions = self.functions[file]
        current = functions.get(scope) if scope is not None else None
        while current is not None:
            if name in ("self", "cls") and current.owner is not None:
                return ("self", file, current.owner)
            for param, annotation in current.params:
                if param == name:
                    if annotation is not None:
                        typed = self._type(file, current.path, annotation, depth)
                        if typed is not None:
                            return typed
                    given = self._given().get((file, current.path, name)) if annotation is None else None
                    return given if given is not None else ("param", file, current.path, name)
            nested = f"{current.path}.{name}"
            if nested in functions:
                return ("function", file, nested)
            if name in current.assigns:
                return self._value(file, current.path, current.assigns[name], depth)
            if current.aliases.get(name) and name not in current.unpacked:
                # ``mcp = self.mcp``, then ``@mcp.tool()``
                return self.resolve(file, current.path, current.aliases[name], depth + 1)
            if name in current.unpacked_at:
                # ``_, odoo = _resolve_odoo(ctx, instance)`` over ``-> tuple[str, OdooClient]``
                return self._unpacked(file, current.path, current.unpacked[name], current.unpacked_at[name], depth)
            if name in current.imports:
                return self._import(file, current.imports[name], depth)
            if name in current.tables:
                return ("table", file, name, current.path)
            if name in current.assigned_names:
                return None
            current = functions.get(current.parent) if current.parent is not None else None
        return self._module_name(file, name, depth)

    def _module_name(self, file: str, name: str, depth: int) -> Obj | None:
        summary = self.summaries[file]
        if name in self.functions[file]:
            return ("function", file, name)
        if name in summary.classes:
            return ("class", file, name)
        if name in summary.assigns:
            return self._value(file, None, summary.assigns[name], depth)
        if name in summary.tables:
            return ("table", file, name)
        if name in summary.aliases:
            return self.resolve(file, None, summary.aliases[name], depth + 1)
        if name in summary.imports:
            return self._import(file, summary.imports[name], depth)
        for star in summary.star_imports:
            module = self._import(file, star, depth)
            if module is not None and module[0] == "module":
                found = self._module_name(module[1], name, depth + 1) if depth < _MAX_RESOLVE else None
                if found is not None:
                    return found
        return None

    def _import(self, file: str, qualified: str, depth: int) -> Obj | None:
        if depth > _MAX_RESOLVE:
            return None
        located = self.layout.resolve(qualified, file)
        if located is None:
            if qualified.startswith("."):
                return None
            kind = _external_kind(qualified)
            return ("servercls", kind) if kind is not None else ("external", qualified)
        target, rest = located
        if not rest and not self.layout.is_package(target):
            # ``from pkg.tools import search`` where ``pkg/tools/__init__.py`` does ``from .search import search``:
            # the package's attribute (the function) shadows its submodule of the same name, as in Python
            package, _, last = qualified.rpartition(".")
            parent = self.layout.resolve(package, file) if package.strip(".") else None
            if parent is not None and not parent[1] and self.layout.is_package(parent[0]) and parent[0] in self.summaries:
                shadow = self._module_name(parent[0], last, depth + 1)
                if shadow is not None and shadow != ("module", target):
                    return shadow
        if target not in self.summaries:
            return None
        obj: Obj | None = ("module", target)
        for attr in rest:
            if obj is None:
                return None
            obj = self._attribute(obj, attr, depth + 1)
        return obj

    def _type(self, file: str, scope: str | None, annotation: str, depth: int) -> Obj | None:
        """What a value of an annotated type is: a server, or an instance of a project class."""
        return self._instance(self.resolve(file, scope, annotation, depth + 1), depth)

    def _value(self, file: str, scope: str | None, callee: str, depth: int) -> Obj | None:
        """What ``Callee(...)`` (or a value annotated ``Callee``) is."""
        made = self.resolve(file, scope, callee, depth + 1)
        if made is not None and made[0] == "function":
            kind = self.factory_kind(made[1], made[2], depth + 1)
            if kind is not None:
                return ("server", kind)
            function = self.functions[made[1]][made[2]]
            for returned in function.return_values:
                if returned in function.tables:  # ``def get_tool_definitions(): tools = {...}; return tools``
                    return ("table", made[1], returned, made[2])
            returns = function.returns
            # ``def get_handler(name) -> ToolHandler | None``: what it returns is an instance of that class.
            if returns:
                return self._type(made[1], made[2], returns, depth + 1)
            # without an annotation, the object a name it returns holds (``return _client_cache``, a module global
            # it sets to ``make_client(settings)``)
            for returned in function.return_values:
                if returned in function.returned_calls or depth > _MAX_RESOLVE:
                    continue
                held = self.resolve(made[1], made[2], returned, depth + 1)
                if held is not None and held[0] in ("instance", "server"):
                    return held
            return None
        return self._instance(made, depth)

    def _unpacked(self, file: str, scope: str, callee: str, place: int, depth: int) -> Obj | None:
        """What one element of ``Callee(...)``'s result is, by its ``tuple[...]`` return annotation."""
        made = self.resolve(file, scope, callee, depth + 1)
        if made is None or made[0] != "function":
            return None
        function = self.functions[made[1]][made[2]]
        element = function.returns_tuple[place] if place < len(function.returns_tuple) else None
        return self._type(made[1], made[2], element, depth + 1) if element else None

    def _instance(self, cls: Obj | None, depth: int) -> Obj | None:
        """What an object of a resolved class is: a server for a server class, or for a project subclass of one (which
        also names the class, whose own methods its attributes are: ``server.describe_path(p)``); else an instance
        of the project class; None for anything else."""
        if cls is None:
            return None
        if cls[0] == "servercls":
            return ("server", cls[1])
        if cls[0] == "class":
            kind = self.class_kind(cls[1], cls[2], depth + 1)
            return ("server", kind, cls[1], cls[2]) if kind is not None else ("instance", cls[1], cls[2])
        return None

    def _attribute(self, obj: Obj, attr: str, depth: int) -> Obj | None:
        kind = obj[0]
        if kind == "server" and len(obj) == 4:
            # an object of a project subclass of a server class: its own methods and members
            return self._attribute(("instance", obj[2], obj[3]), attr, depth)
        if kind == "module":
            file = obj[1]
            found = self._module_name(file, attr, depth)
            if found is None and self.layout.is_package(file):
                located = self.layout.resolve("." + attr, file)
                if located is not None and not located[1] and located[0] in self.summaries:
                    return ("module", located[0])
            return found
        if kind == "external":
            qualified = f"{obj[1]}.{attr}"
            cls = _external_kind(qualified)
            return ("servercls", cls) if cls is not None else ("external", qualified)
        if kind in ("class", "instance", "self"):
            file, cls = obj[1], obj[2]
            method = self._method(file, cls, attr, depth)
            if method is not None and kind != "class" and method[0] == "function":
                made = self._property_value(method[1], method[2], depth)
                if made is not None:
                    return made
            if method is not None:
                return method
            if kind == "class":
                nested = f"{cls}.{attr}"
                if nested in self.summaries[file].classes:
                    return ("class", file, nested)
                return None
            return self._member(file, cls, attr, depth)
        return None

    def _property_value(self, file: str, path: str, depth: int) -> Obj | None:
        """What reading a property gives: the object its getter returns (``@property def contact_getter(self): if
        self._getter is None: self._getter = ContactGetter(); return self._getter``); None for a plain method."""
        function = self.functions[file].get(path)
        if function is None or not any(d.rpartition(".")[2] in _PROPERTIES for d, _ in function.decorators):
            return None
        for returned in function.return_values:
            made = self.resolve(file, path, returned, depth + 1)
            if made is not None and made[0] in ("class", "servercls"):
                made = self._instance(made, depth + 1)  # ``return DealReader()``
            if made is not None and made[0] in ("instance", "server", "table", "module"):
                return made
        return self._type(file, path, function.returns, depth + 1) if function.returns else None

    def _lineage(self, file: str, cls: str, depth: int) -> Iterator[tuple[str, str]]:
        """Yield a project class and then its project bases, breadth first (at most 64 classes: a client made of
        many mixins)."""
        seen: set[tuple[str, str]] = set()
        queue = [(file, cls)]
        while queue and len(seen) < 64:
            current = queue.pop(0)
            if current in seen:
                continue
            seen.add(current)
            yield current
            for base in self.summaries[current[0]].classes.get(current[1], ()):
                resolved = self.resolve(current[0], None, base, depth + 1)
                if resolved is not None and resolved[0] == "class":
                    queue.append((resolved[1], resolved[2]))

    def _method(self, file: str, cls: str, name: str, depth: int) -> Obj | None:
        """A method of a project class or of its project bases; of a ``typing.Protocol``, the method of the one
        project class that implements it, or of the one in the Protocol's own module
        (``project: MCPContext = ctx.request_context.lifespan_context``)."""
        for cfile, cpath in self._lineage(file, cls, depth):
            if f"{cpath}.{name}" in self.functions.get(cfile, {}):
                implementers = self._implementers(cfile, cpath)
                if len(implementers) > 1:  # the Protocol's own module's implementer, if it has exactly one
                    implementers = [key for key in implementers if key[0] == cfile]
                if len(implementers) == 1:
                    ifile, ipath = implementers[0]
                    return ("function", ifile, f"{ipath}.{name}")
                return ("function", cfile, f"{cpath}.{name}")
        return None

    def _implementations(self, target: tuple[str, str]) -> tuple[tuple[str, str], ...]:
        """The project methods that implement a ``typing.Protocol`` method, or override a method in the project's
        subclasses of its class (``db.list_documents()`` with ``db: VectorDatabase`` runs the method of whichever
        subclass ``db`` is); none for any other function. Worked out once per method: every call edge to it asks."""
        found = self._implemented.get(target)
        if found is None:
            found = self._implemented[target] = tuple(self.overrides(target[0], target[1]))
        return found

    def _implementers(self, file: str, cls: str) -> list[tuple[str, str]]:
        """The project classes that define every method of a ``typing.Protocol`` class (none for other classes)."""
        if self._protocols is None:
            methods: dict[tuple[str, str], set[str]] = {}
            for mfile, summary in self.summaries.items():
                for function in summary.functions:
                    if function.is_method and function.owner is not None and not function.name.startswith("__"):
                        methods.setdefault((mfile, function.owner), set()).add(function.name)
            self._protocols = {}
            for pfile, summary in self.summaries.items():
                for pcls, bases in summary.classes.items():
                    if not any(base.rpartition(".")[2] == "Protocol" for base in bases):
                        continue
                    wanted = methods.get((pfile, pcls), set())
                    self._protocols[(pfile, pcls)] = [
                        key for key, names in methods.items() if wanted and key != (pfile, pcls) and wanted <= names
                    ]
        return self._protocols.get((file, cls), [])

    def _member(self, file: str, cls: str, attr: str, depth: int, down: bool = True) -> Obj | None:
        """What ``self.attr`` holds: from ``self.attr = X(...)`` in any method, or a class-level annotation, of the
        class or of its project bases (``self.client`` set in a base class's ``__init__``); else, with ``down``, of
        a project subclass (a mixin's ``self.server.tool(...)``, where the class that mixes it in sets
        ``self.server = FastMCP(...)``)."""
        found = self._member_up(file, cls, attr, depth)
        if found is None and down:
            for sfile, scls in self._descendants(file, cls):
                found = self._member_up(sfile, scls, attr, depth)
                if found is not None:
                    break
        return found

    def _member_up(self, file: str, cls: str, attr: str, depth: int) -> Obj | None:
        """:meth:`_member` in the class and its project bases only."""
        for cfile, cpath in self._lineage(file, cls, depth):
            summary = self.summaries[cfile]
            callee = summary.class_attrs.get(cpath, {}).get(attr)
            scope = None
            if callee is None:
                for function in summary.functions:
                    if function.owner == cpath and attr in function.self_attrs:
                        callee, scope = function.self_attrs[attr], function.path
                        break
            if callee is not None:
                return self._value(cfile, scope, callee, depth + 1)
            for function in summary.functions:
                if function.owner == cpath and f"self.{attr}" in function.tables:
                    return ("table", cfile, f"self.{attr}", function.path)
        return None

    def table_classes(self, file: str, name: str, scope: str | None, depth: int = 0) -> list[tuple[str, str]]:
        """Every project class a collection holds (``AVAILABLE_TOOLS = [DealsTool, ContactsTool]``), or objects of
        (``{"list_events": ListEvents()}``), through the tables it is built from.

        Args:
            file (str): the module.
            name (str): the collection's name.
            scope (str | None): the function it is local to (or that sets it on ``self``), None for a module-level one.
            depth (int): how many tables led here.
        Returns:
            list[tuple[str, str]]: (file, class path) of each class.
        """
        if depth > 8:
            return []
        found: list[tuple[str, str]] = []
        for ref in self._table_refs(file, name, scope):
            obj = self.resolve(file, scope, ref.removesuffix("()"))  # a class, or an object made of one
            if obj is not None and obj[0] == "class":
                found.append((obj[1], obj[2]))
            elif obj is not None and obj[0] == "table":
                found.extend(self.table_classes(obj[1], obj[2], obj[3] if len(obj) > 3 else None, depth + 1))
        return found

    def overrides(self, file: str, path: str) -> list[tuple[str, str]]:
        """The methods that override a method in the project's subclasses of its class, at any depth.

        A call through an instance of a base class (``handler.run_tool(args)``, ``handler: ToolHandler``) may run
        any of them.

        Args:
            file (str): the method's module.
            path (str): the method's path (``C.m``).
        Returns:
            list[tuple[str, str]]: (file, path) of each overriding method.
        """
        function = self.functions.get(file, {}).get(path)
        if function is None or not function.is_method or function.owner is None:
            return []
        return [
            (sub[0], override) for sub in self._descendants(file, function.owner)
            if (override := f"{sub[1]}.{function.name}") in self.functions.get(sub[0], {})
        ]  # fmt: skip

    def _descendants(self, file: str, cls: str) -> list[tuple[str, str]]:
        """The project's subclasses of a class at any depth, nearest first (and the implementers of a
        ``typing.Protocol``, which run its methods as subclasses run a base's)."""
        if self._subclasses is None:
            self._subclasses = {}
            for sfile, summary in self.summaries.items():
                for name, bases in summary.classes.items():
                    for base in bases:
                        resolved = self.resolve(sfile, None, base)
                        if resolved is not None and resolved[0] == "class":
                            self._subclasses.setdefault((resolved[1], resolved[2]), []).append((sfile, name))
                    self._subclasses.setdefault((sfile, name), []).extend(self._implementers(sfile, name))
        found: list[tuple[str, str]] = []
        queue, seen = [(file, cls)], {(file, cls)}
        while queue:
            for sub in self._subclasses.get(queue.pop(0), ()):
                if sub not in seen:
                    seen.add(sub)
                    queue.append(sub)
                    found.append(sub)
        return found

    def class_kind(self, file: str, cls: str, depth: int = 0) -> Framework | str | None:
        """The framework of a project class that derives from a server class, else None."""
        key = (file, cls)
        if key in self._class_kind:
            return self._class_kind[key]
        self._class_kind[key] = None  # a guard against cyclic bases
        kind = None
        for base in self.summaries[file].classes.get(cls, ()):
            resolved = self.resolve(file, None, base, depth + 1)
            if resolved is None:
                continue
            if resolved[0] == "servercls":
                kind = resolved[1]
            elif resolved[0] == "class":
                kind = self.class_kind(resolved[1], resolved[2], depth + 1)
            if kind is not None:
                break
        self._class_kind[key] = kind
        return kind

    def factory_kind(self, file: str, path: str, depth: int = 0) -> Framework | str | None:
        """The server a project function returns, by its return annotation or its return values."""
        key = (file, path)
        if key in self._factory:
            return self._factory[key]
        self._factory[key] = None
        function = self.functions[file][path]
        kind = None
        candidates = ([function.returns] if function.returns else []) + function.return_values
        for value in candidates:
            resolved = self.resolve(file, path, value, depth + 1)
            if resolved is None:
                continue
            if resolved[0] in ("server", "servercls"):
                kind = resolved[1]
            elif resolved[0] == "class":
                kind = self.class_kind(resolved[1], resolved[2], depth + 1)
            if kind is not None:
                break
        self._factory[key] = kind
        return kind

    def server_kind(self, file: str, scope: str | None, name: str) -> Framework | str | None:
        """What server a dotted name is, if it is one: a Framework, "lowlevel", or None."""
        obj = self.resolve(file, scope, name)
        if obj is None:
            # A name from a module that cannot be read (or not in the project) counts as a server of the one
            # framework in use.
            root = name.split(".", 1)[0]
            imported = self.summaries[file].imports.get(root)
            if imported is not None and imported.split(".", 1)[0] not in fw.MCP_ROOT_PACKAGES and "." not in name:
                return self.inferred_framework(file)
            return None
        if obj[0] == "server":
            return obj[1]
        if obj[0] == "self":
            return self.class_kind(obj[1], obj[2])
        if obj[0] == "param" and "." not in name:
            # the parameter itself, or a local bound to it (``global mcp``, ``mcp = mcp_server``), when the
            # function never binds the parameter to something else
            function = self.functions[obj[1]][obj[2]]
            if obj[3] not in function.assigned_names:
                return self.inferred_framework(file)
        return None

    # -- registrations
    def _functions_in(self, target: Target, file: str, scope: str | None) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """Expand a registration target into (handlers, wrappers), each a list of (file, path)."""
        kind = target[0]
        if kind == "path":
            return [(file, target[1])], []
        if kind == "ref":
            obj = self.resolve(file, scope, target[1])
            return self._obj_functions(obj), []
        if kind == "wrap":
            handlers, wrappers = self._functions_in(target[2], file, scope)
            wrapper = self.resolve(file, scope, target[1])
            if wrapper is not None and wrapper[0] == "function":
                wrappers = wrappers + [(wrapper[1], wrapper[2])]
            return handlers, wrappers
        if kind == "getattr":
            return self._getattr_functions(file, scope, target[1], target[2]), []
        if kind == "getattr_each":  # ``for api in apis: for name in dir(api): getattr(api, name)``
            found = []
            for obj in self._objects_in(target[1], file, scope):
                found.extend(self._members(obj, target[2]))
            return found, []
        if kind == "refs":  # a literal list handed to a registering function
            listed: list[tuple[str, str]] = []
            for ref in target[1]:
                listed.extend(self._obj_functions(self.resolve(file, scope, ref)))
            return listed, []
        if kind == "each":
            inner = target[1]
            if inner[0] == "call":
                made = self.resolve(file, scope, inner[1])
                if made is None or made[0] != "function":
                    return [], []
                maker = self.functions[made[1]][made[2]]
                found = self._returned_items(made[1], maker)
                return found or self._loaded_methods(made[1], maker), []
            if inner[0] == "ref":
                exported = self._exported(file, scope, inner[1])
                if exported is not None:
                    return exported, []  # ``for name in exported:`` over ``from .tools import __all__ as exported``
            return self._functions_in(inner, file, scope)  # a name, or ``("refs", ...)`` of a literal
        return [], []

    def _returned_items(self, file: str, maker: FunctionSummary, depth: int = 0) -> list[tuple[str, str]]:
        """The functions among the items of what a function returns (``return [search, fetch]``, ``return TOOLS``),
        following a returned call into what the called function returns (``return filter_tools(...)``), a few calls
        deep: a function called is not an item."""
        found: list[tuple[str, str]] = []
        for returned in maker.return_values:
            obj = self.resolve(file, maker.path, returned)
            if returned in maker.returned_calls and obj is not None and obj[0] == "function":
                if depth < 3:
                    found.extend(self._returned_items(obj[1], self.functions[obj[1]][obj[2]], depth + 1))
                continue
            found.extend(self._obj_functions(obj))
        return found

    def _loaded_methods(self, file: str, loader: FunctionSummary) -> list[tuple[str, str]]:
        """The tools a loader gives that makes instances of the project's tool classes and takes their members by
        computed name, itself or in a function it calls (``tool_classes = [IssueTools(), ProjectTools()]``, then
        ``for name in dir(tool_class): ... getattr(tool_class, name)`` in ``_get_tools_from_class(tool_class)``):
        every public method of each class, its project bases' included. Asked for only when what the loader returns
        resolves to no function (``for name, fn in load_all_tools().items(): mcp.add_tool(fn, name=name)``)."""
        takers = self._member_takers(file, loader) if loader.tables else []
        if not takers:
            return []
        skipped = set().union(*(taker.skipped for taker in takers))  # ``if name in ["close"]: continue``
        found: list[tuple[str, str]] = []
        for name in sorted(loader.tables):
            for cfile, cls in self.table_classes(file, name, loader.path):
                found.extend(
                    (mfile, path) for mfile, path in self._members(("class", cfile, cls), "*")
                    if path.rpartition(".")[2] not in skipped
                )
        return found

    def _member_takers(self, file: str, function: FunctionSummary) -> list[FunctionSummary]:
        """The function and those it calls, when one of them takes a member of a parameter or a local by a
        computed name (``getattr(instance, method_name)``); else none."""
        functions, takes = [function], bool(function.getattrs)
        for call in function.calls:
            called = self.resolve(file, function.path, call)
            if called is None or called[0] != "function":
                continue
            callee = self.functions[called[1]][called[2]]
            functions.append(callee)
            params = {p for p, _ in callee.params}
            takes = takes or any(owner in params for owner, _ in callee.getattrs)
        return functions if takes else []

    def _exported(self, file: str, scope: str | None, name: str) -> list[tuple[str, str]] | None:
        """The functions a module's ``__all__`` names, when ``name`` is that list imported (``from .tools import
        __all__ as exported``), each resolved in that module (a package's ``__init__`` re-exports them); else None."""
        qualified = None
        current = self.functions[file].get(scope) if scope is not None else None
        while current is not None and qualified is None:
            qualified = current.imports.get(name)
            current = self.functions[file].get(current.parent) if current.parent is not None else None
        qualified = qualified or self.summaries[file].imports.get(name)
        if qualified is None or not qualified.endswith(".__all__"):
            return None
        module = self._import(file, qualified[: -len(".__all__")], 0)
        if module is None or module[0] != "module":
            return None
        found: list[tuple[str, str]] = []
        for exported in self.summaries[module[1]].all_names or ():
            found.extend(self._obj_functions(self.resolve(module[1], None, exported)))
        return found

    def _obj_functions(self, obj: Obj | None, depth: int = 0) -> list[tuple[str, str]]:
        if obj is None or depth > 8:  # tables built from tables: ``final = [wrap(t) for t in enabled]``
            return []
        if obj[0] == "function":
            return [(obj[1], obj[2])]
        if obj[0] == "table":
            return self.table_functions(obj[1], obj[2], depth + 1, obj[3] if len(obj) > 3 else None)
        return []

    def table_functions(self, file: str, name: str, depth: int = 0, scope: str | None = None) -> list[tuple[str, str]]:
        """Every function a collection holds, in its literal or stored into it by a decorator.

        Args:
            file (str): the module.
            name (str): the collection's name.
            depth (int): how many tables led here.
            scope (str | None): the function it is local to, None for a module-level collection.
        Returns:
            list[tuple[str, str]]: (file, path) of each function.
        """
        found: list[tuple[str, str]] = []
        for ref in self._table_refs(file, name, scope):
            if "[]." in ref:
                found.extend(self._item_members(file, scope, ref, depth + 1))
                continue
            found.extend(self._obj_functions(self.resolve(file, scope, ref), depth + 1))
        found.extend(self._filled.get((file, name), ()))
        return found

    def _item_members(self, file: str, scope: str | None, ref: str, depth: int) -> list[tuple[str, str]]:
        """The functions ``MODULES[].execute`` names (``{m.TOOL_DEF.name: m.execute for m in MODULES}``): the
        function ``execute`` of each module ``MODULES`` holds, or the method of each object or class."""
        source, _, member = ref.partition("[].")
        found: list[tuple[str, str]] = []
        for obj in self._objects_in(("ref", source), file, scope):
            if obj[0] == "module":
                found.extend(self._obj_functions(self.resolve(obj[1], None, member), depth))
            elif obj[0] in ("instance", "class", "self"):
                method = self._method(obj[1], obj[2], member, depth)
                if method is not None:
                    found.append((method[1], method[2]))
        return found

    def _table_refs(self, file: str, name: str, scope: str | None) -> list[str]:
        """The dotted names in a collection's literal, local to ``scope`` (None: at module level)."""
        tables = self.functions[file][scope].tables if scope else self.summaries[file].tables
        return tables.get(name, [])

    def _getattr_functions(self, file: str, scope: str | None, owner: str, prefix: str) -> list[tuple[str, str]]:
        return self._members(self.resolve(file, scope, owner), prefix)

    def _members(self, obj: Obj | None, prefix: str) -> list[tuple[str, str]]:
        """The functions ``getattr(obj, <computed name>)`` may give: those of a module whose names start with the
        name's literal prefix (its ``__all__`` when it has one), or the methods of a class or object, also those of
        its project bases; with the prefix ``"*"`` (the names ``dir(obj)`` gives), every public one."""
        if obj is None:
            return []
        every = prefix == "*"
        start = "" if every else prefix
        if obj[0] == "module":
            target = self.summaries[obj[1]]
            names = target.all_names
            return [
                (obj[1], f.path)
                for f in target.functions
                if f.parent is None and not f.is_method and f.name.startswith(start)
                and (f.name in names if names is not None else not f.name.startswith("_") or start)
            ]
        if obj[0] in ("self", "instance", "class") and (start or every):
            found: dict[str, tuple[str, str]] = {}
            for cfile, cls in self._lineage(obj[1], obj[2], 0) if every else [(obj[1], obj[2])]:
                for f in self.summaries[cfile].functions:
                    if f.is_method and f.owner == cls and f.name.startswith(start) and f.name not in found:
                        if not (every and f.name.startswith("_")):
                            found[f.name] = (cfile, f.path)
            return list(found.values())
        return []

    def _objects_in(self, value: Target, file: str, scope: str | None, depth: int = 0) -> list[Obj]:
        """The objects a loop variable runs over: the items of a collection (``apis = (target_api, disease_api)``,
        also ``(*apis, graphql_api)``), or of a literal."""
        if depth > 4:
            return []
        refs: list[str] = []
        if value[0] == "ref":
            obj = self.resolve(file, scope, value[1])
            if obj is None or obj[0] != "table":
                return [obj] if obj is not None else []
            tfile, tscope = obj[1], obj[3] if len(obj) > 3 else None
            found: list[Obj] = []
            for ref in self._table_refs(tfile, obj[2], tscope):
                if ref == obj[2]:
                    continue  # ``apis = (*apis, graphql_api)``: the items already listed
                found.extend(self._objects_in(("ref", ref), tfile, tscope, depth + 1))
            return found
        if value[0] == "refs":
            refs = list(value[1])
        return [obj for ref in refs if (obj := self.resolve(file, scope, ref)) is not None]

    def _register(self, file: str, registration: Registration, found: dict[tuple[str, str], Framework],
                  wrappers: dict[tuple[str, str], list[tuple[str, str]]]) -> None:  # fmt: skip
        kind, scope = registration.kind, registration.scope
        framework: Framework | None = None
        if kind == "forward":
            self._forwards.append((file, registration))
            return
        if kind == "decorator":
            server = self.server_kind(file, scope, registration.subject)
            if isinstance(server, Framework) and registration.method == fw.TOOL_DECORATOR:
                framework = server
            elif server == _LOWLEVEL and registration.method == fw.LOWLEVEL_CALL_TOOL_DECORATOR and registration.called:
                framework = Framework.MCP_V1_LOWLEVEL
        elif kind == "call":
            server = self.server_kind(file, scope, registration.subject)
            if isinstance(server, Framework):
                framework = server
        elif kind == "from_function":
            obj = self.resolve(file, scope, registration.subject)
            if obj is not None and obj[0] == "external":
                framework = fw.TOOL_CLASSES.get(obj[1])
            if registration.bound is not None and not self._used(file, registration.bound):
                return  # ``SearchTool = Tool.from_function(search)`` that no server adds and no module imports
        elif kind == "request_handler":
            if self.server_kind(file, scope, registration.subject) == _LOWLEVEL:
                framework = Framework.MCP_V2_LOWLEVEL
        elif kind == "constructor":
            obj = self.resolve(file, scope, registration.subject)
            server = None
            if obj is not None and obj[0] == "servercls":
                server = obj[1]
            elif obj is not None and obj[0] == "class":
                server = self.class_kind(obj[1], obj[2])
            if server == _LOWLEVEL:
                framework = Framework.MCP_V2_LOWLEVEL
        if framework is None:
            return
        handlers, wrapped_by = self._functions_in(registration.target, file, scope)
        inner = registration.target
        while inner[0] == "wrap":  # ``mcp.tool(name=name)(async_background(fn))``: the wrappers, then ``fn``
            inner = inner[2]
        if not handlers and inner[0] == "ref" and scope is not None:
            obj = self.resolve(file, scope, inner[1])
            if obj is not None and obj[0] == "param":
                # ``def tool(**kw): def decorator(fn): return mcp.tool(**kw)(fn)``: what it decorates is a tool,
                # and so is what a call of ``def _register_tool(mcp, name, fn)`` hands it, through its wrappers.
                self._registering.setdefault((obj[1], obj[2]), framework)
                self._registered_params.setdefault((obj[1], obj[2]), obj[3])  # type: ignore[misc]
                self._registered_wrappers.setdefault((obj[1], obj[2]), wrapped_by)
        elif not handlers and registration.target[0] == "each" and not registration.target[2] and scope is not None:
            inner = registration.target[1]
            obj = self.resolve(file, scope, inner[1]) if inner[0] == "ref" else None
            if obj is not None and obj[0] == "param":
                # ``def register_tools(mcp, tools_list): for fn in tools_list: mcp.tool()(fn)``: the functions
                # a call hands it in that place (``register_tools(mcp, issue_tools)``) are tools.
                self._registering.setdefault((obj[1], obj[2]), framework)
                self._registered_params.setdefault((obj[1], obj[2]), obj[3])  # type: ignore[misc]
                self._registered_wrappers.setdefault((obj[1], obj[2]), wrapped_by)
        elif not handlers and registration.target[0] == "each" and registration.target[2]:
            inner = registration.target[1]
            obj = self.resolve(file, scope, inner[1]) if inner[0] == "ref" else None
            if obj is None or obj[0] == "param":
                # ``for d in definitions: server.add_tool(fn=d.fn)`` over definitions passed in from elsewhere: the
                # functions a decorator packs into a definition object's ``fn`` (``return Definition(fn=fn)``) are
                # tools.
                self._packed.setdefault(registration.target[2], framework)
        self._add_handlers(handlers, wrapped_by, framework, registration.name, found, wrappers)

    def _add_handlers(
        self, handlers: list[tuple[str, str]], wrapped_by: list[tuple[str, str]], framework: Framework,
        name: str | None, found: dict[tuple[str, str], Framework],
        wrappers: dict[tuple[str, str], list[tuple[str, str]]],
    ) -> None:  # fmt: skip
        """Record what one registration registers: each handler's framework, the wrappers it is passed through and,
        for a registration of one function, the tool name it gives."""
        for handler in handlers:
            found.setdefault(handler, framework)
            wrappers.setdefault(handler, []).extend(wrapped_by)
            if name is not None and len(handlers) == 1:
                self.tool_names.setdefault(handler, name)

    def _forwarded(self, file: str, registration: Registration, found: dict[tuple[str, str], Framework],
                   wrappers: dict[tuple[str, str], list[tuple[str, str]]]) -> None:  # fmt: skip
        """Add what a call hands to a project function that registers that parameter (``add_read_only_tool(mcp,
        tool)`` over ``def add_read_only_tool(server, tool): server.add_tool(tool, ...)``)."""
        obj = self.resolve(file, registration.scope, registration.subject)
        if obj is not None and obj[0] == "function" and self._registrar_handed(file, registration, obj, found, wrappers):
            return
        if obj is None or obj[0] != "function" or (obj[1], obj[2]) not in self._registering:
            return
        param = self._registered_params.get((obj[1], obj[2]))
        names = [name for name, _ in self.functions[obj[1]][obj[2]].params]
        place = registration.method  # a position (``"1"``) or a keyword
        given = place if not place.isdigit() else names[int(place)] if int(place) < len(names) else None
        if param is None or given != param:
            return
        handlers, wrapped_by = self._functions_in(registration.target, file, registration.scope)
        wrapped_by = wrapped_by + self._registered_wrappers.get((obj[1], obj[2]), [])
        self._add_handlers(handlers, wrapped_by, self._registering[(obj[1], obj[2])], None, found, wrappers)

    def _registrar_handed(
        self, file: str, registration: Registration, obj: Obj, found: dict[tuple[str, str], Framework],
        wrappers: dict[tuple[str, str], list[tuple[str, str]]],
    ) -> bool:  # fmt: skip
        """``tools.register_tools(mcp.add_tool)`` over ``def register_tools(add_tool): add_tool(builder.lookup)``:
        what the function gives the server's registration method, handed to it as a parameter, is a tool.
        Returns whether the call handed over such a method."""
        target = registration.target
        if target[0] != "ref" or "." not in target[1]:
            return False
        owner, _, method = target[1].rpartition(".")
        if method not in ("add_tool", "tool"):
            return False
        server = self.server_kind(file, registration.scope, owner)
        if not isinstance(server, Framework):
            return False
        function = self.functions[obj[1]][obj[2]]
        names = [name for name, _ in function.params]
        place = registration.method
        param = place if not place.isdigit() else names[int(place)] if int(place) < len(names) else None
        for name, given in function.param_calls:
            if name == param:
                handlers, wrapped_by = self._functions_in(given, obj[1], obj[2])
                self._add_handlers(handlers, wrapped_by, server, None, found, wrappers)
        return True

    def _used(self, file: str, name: str) -> bool:
        """Whether a module-level name is used beyond its definition: imported by a module, read by a function of
        its own module, or named in a table or registration of it."""
        summary = self.summaries[file]
        if any(name in function.reads for function in summary.functions):
            return True
        if any(name in refs or any(r.split(".", 1)[0] == name for r in refs) for refs in summary.tables.values()):
            return True
        for registration in summary.registrations:
            if registration.bound != name and any(
                part == name or part.split(".", 1)[0] == name for part in _strings(registration.target)
            ):
                return True
        if self._named is None:  # what every module imports or aliases, worked out once for all the names asked about
            self._named = set()
            for other in self.summaries.values():
                self._named.update(qualified.rsplit(".", 1)[-1] for qualified in other.imports.values())
                for alias in other.aliases.values():
                    self._named.update((alias.split(".", 1)[0], alias.rsplit(".", 1)[-1]))
        return name in self._named

    # -- linking
    def _fill_tables(self) -> None:
        """Collections that decorators store the functions they decorate into (``REGISTRY[f.__name__] = f``)."""
        self._filled: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._filled_by: dict[tuple[str, str], set[str]] = {}  # the decorators that fill each collection
        storing: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for file, summary in self.summaries.items():
            for function in summary.functions:
                for collection in function.stores:
                    table = self.resolve(file, function.path, collection)
                    if table is None or table[0] != "table":
                        continue
                    # The decorator is the storing function or the outermost function it is nested in.
                    top = function
                    while top.parent is not None:
                        top = self.functions[file][top.parent]
                    storing.setdefault((file, top.path), set()).add((table[1], table[2]))
                    storing.setdefault((file, function.path), set()).add((table[1], table[2]))
        if not storing:
            return
        for file, summary in self.summaries.items():
            for function in summary.functions:
                for obj in self._decorators(file, function):
                    if obj is None or obj[0] != "function":
                        continue
                    for table in storing.get((obj[1], obj[2]), ()):
                        self._filled.setdefault(table, []).append((file, function.path))
                        self._filled_by.setdefault(table, set()).add(obj[2])

    def handlers(self) -> tuple[dict[tuple[str, str], Framework], dict[tuple[str, str], list[tuple[str, str]]]]:
        """Find every tool handler of the project.

        Returns:
            tuple: (file, path) of each handler to its framework, and to the wrapper functions it is passed
            through at registration (``add_tool(fn=wrapper(fn))``).
        """
        self._fill_tables()
        self.tool_names: dict[tuple[str, str], str] = {}
        self._named: set[str] | None = None
        found: dict[tuple[str, str], Framework] = {}
        wrappers: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._registering: dict[tuple[str, str], Framework] = {}
        self._registered_params: dict[tuple[str, str], str] = {}
        # The wrappers a registering function passes its parameter through (``mcp.tool()(async_background(fn))``).
        self._registered_wrappers: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._forwards: list[tuple[str, Registration]] = []
        self._packed: dict[str, Framework] = {}
        for file, summary in self.summaries.items():
            for registration in summary.registrations:
                self._register(file, registration, found, wrappers)
        for file, registration in self._forwards:
            self._forwarded(file, registration, found, wrappers)
        self._decorator_factories()
        if self._packed:
            for file, summary in self.summaries.items():
                for function in summary.functions:
                    packed = [self._packed[field] for field in sorted(function.packs) if field in self._packed]
                    if packed:
                        self._registering.setdefault((file, function.path), packed[0])
                for scope, keyword, ref in summary.packed:
                    framework = self._packed.get(keyword)
                    obj = self.resolve(file, scope, ref) if framework is not None else None
                    if obj is not None and obj[0] == "function":
                        found.setdefault((obj[1], obj[2]), framework)  # type: ignore[arg-type]
        if self._registering:
            self._decorated_by_registering(found)
            factories = self._wrapper_factories(found)
            for file, registration in self._forwards:
                obj = self.resolve(file, registration.scope, registration.subject)
                if obj is not None and obj[0] == "function" and (obj[1], obj[2]) in factories:
                    self._forwarded(file, registration, found, wrappers)
        return found, wrappers

    def _decorators(self, file: str, function: FunctionSummary) -> list[Obj | None]:
        """What each of a function's decorators resolves to, in order (worked out once per function: the tables
        that decorators fill, the project's own registering decorators and the link step all ask)."""
        key = (file, function.path)
        found = self._resolved_decorators.get(key)
        if found is None:
            found = [self.resolve(file, function.parent, d) for d, _ in function.decorators]
            self._resolved_decorators[key] = found
        return found

    def _wrapper_factories(self, found: dict[tuple[str, str], Framework]) -> set[tuple[str, str]]:
        """Record the functions that make a tool of a closure calling one of their parameters (``def
        make_tool_wrapper(name, func): @gated_tool(name=name) async def wrapper(params): return await
        func(params)``): what a call hands them in that place runs as the tool, passed through the closure.
        Returns the functions newly recorded."""
        made: set[tuple[str, str]] = set()
        for (file, path), framework in list(found.items()):
            closure = self.functions[file].get(path)
            if closure is None or closure.parent is None:
                continue
            maker = self.functions[file][closure.parent]
            own = {name for name, _ in closure.params}
            given = {name for name, _ in maker.params}
            called = [name for name in closure.calls if name in given and name not in own]
            key = (file, maker.path)
            if called and key not in self._registering:
                self._registering[key] = framework
                self._registered_params[key] = called[0]
                self._registered_wrappers[key] = [(file, path)]
                made.add(key)
        return made

    def _decorator_factories(self) -> None:
        """Record the project functions that return a server's tool decorator (``def gated_tool(*args, **kwargs):
        ... return mcp.tool(*args, **kwargs)``): what ``@gated_tool(name=...)`` decorates is a tool of that server."""
        for file, summary in self.summaries.items():
            for function in summary.functions:
                for returned in function.return_values:
                    owner, _, method = returned.rpartition(".")
                    if method != fw.TOOL_DECORATOR or not owner:
                        continue
                    server = self.server_kind(file, function.path, owner)
                    if isinstance(server, Framework):
                        self._registering.setdefault((file, function.path), server)

    def _decorated_by_registering(self, found: dict[tuple[str, str], Framework]) -> None:
        """Add the functions decorated by a project's own decorator that registers what it decorates, or by the
        factory that returns it (``@tool(annotations=...)`` over ``def tool(...): def decorator(fn): ...
        mcp.tool(...)(fn)``), as tools of the framework it registers with."""
        registering = self._registering
        for (file, path), framework in list(registering.items()):
            function = self.functions[file][path]
            while function.parent is not None:
                function = self.functions[file][function.parent]
                registering.setdefault((file, function.path), framework)
        for file, summary in self.summaries.items():
            for function in summary.functions:
                for obj in self._decorators(file, function):
                    if obj is not None and obj[0] == "function" and (obj[1], obj[2]) in registering:
                        found.setdefault((file, function.path), registering[(obj[1], obj[2])])

    def callees(self, file: str, function: FunctionSummary) -> Iterable[tuple[str | None, tuple[str, str]]]:
        """The functions a function calls: (dotted callee or None for table and getattr dispatch, (file, path))."""
        for name in function.calls:
            obj = self.resolve(file, function.path, name)
            if obj is not None and obj[0] == "function":
                yield name, (obj[1], obj[2])
                if "." in name:
                    for override in self.overrides(obj[1], obj[2]):
                        yield None, override
            elif obj is not None and obj[0] == "class":
                init = self._method(obj[1], obj[2], "__init__", 0)
                if init is not None and init[0] == "function":
                    # ``raise NotFoundError()``: the edge is named ``NotFoundError.__init__``, not for the call's own
                    # name, whose callee stays unknown (see ModuleIndex.constructor)
                    yield f"{name}.__init__", (init[1], init[2])
        # ``await _run_sync(client.get_projects, project_id)`` over ``async def _run_sync(func, *args): return await
        # anyio.to_thread.run_sync(func, *args)``: the function handed to a project function that runs it
        for name, place, handed in function.handed:
            runner = self.resolve(file, function.path, name)
            ran = self.functions[runner[1]][runner[2]] if runner is not None and runner[0] == "function" else None
            if ran is None or ran.runs is None or _param_at(ran, place) != ran.runs:
                continue
            obj = self.resolve(file, function.path, handed)
            if obj is not None and obj[0] == "function":
                yield handed, (obj[1], obj[2])
        yield from self._handed_methods(file, function)
        # ``handler = HANDLERS.get(name)`` then ``handler.run_tool(arguments)``: the methods called on a local
        on_locals = [
            called for called in function.calls
            if (root := called.rpartition(".")[0]) and "." not in root and root in function.assigned_names
        ]  # fmt: skip
        yield from ((None, target) for target in self._tabled(file, function))
        if on_locals:
            for name in sorted(function.reads | function.indexed):
                obj = self.resolve(file, function.path, name)
                if obj is not None and obj[0] == "table":
                    scope = obj[3] if len(obj) > 3 else None
                    # ``tool = self.tools[name](self.client)`` then ``tool.execute(arguments)``: the method of each
                    # class the table holds (or of each object made of one) that a call here names on a local it
                    # cannot resolve
                    classes = self.table_classes(obj[1], obj[2], scope)
                    for called in on_locals if classes else ():
                        if self.resolve(file, function.path, called) is not None:
                            continue
                        for cfile, cls in classes:
                            found = self._method(cfile, cls, called.rpartition(".")[2], 0)
                            if found is not None and found[0] == "function":
                                yield None, (found[1], found[2])
        # ``self._strategies[name].handle(arguments)``: that method of each class the table holds, or is made of
        for held, method in function.table_calls:
            yield from self._held_method(file, function, held, method, f"{held}.{method}")
        # ``handler = handlers.get(name)``, then ``handler.run_tool(arguments)`` or ``asyncio.to_thread(
        # handler.run_tool, arguments)``: the same, on the local the item was put in
        for called in function.calls:
            local, dot, method = called.partition(".")
            made = function.assigns.get(local, "")
            if dot and "." not in method and made.endswith(".get") and made.count(".") == 1:
                if self.resolve(file, function.path, called) is None:
                    yield from self._held_method(file, function, made.removesuffix(".get"), method, called)
        for owner, prefix in function.getattrs:
            for target in self._getattr_functions(file, function.path, owner, prefix):
                yield None, target

    def _given(self) -> dict[tuple[str, str, str], Obj]:
        """The objects the unannotated parameters of table-dispatched functions are given: a dispatcher that runs
        what it picks from a table (``handler = handlers.get(name)``, ``await handler(client, arguments)``) gives
        each function in the table the objects it passes, by place (``client = await get_client()``, an instance of
        ``JenkinsClient``): (file, function path, parameter) to the object, worked out once (a parameter given
        different objects is left out). Also what a method hands another method of its class (see
        :meth:`_handed_to_self`)."""
        if self._given_objects is None:
            self._given_objects = {}  # a lookup made while working it out sees none
            found: dict[tuple[str, str, str], Obj | None] = {}
            for file, summary in self.summaries.items():
                for function in summary.functions:
                    if function.owner is not None and function.handed:
                        self._handed_to_self(file, function, found)
                    if not function.dynamic_call or not function.handed:
                        continue
                    passed = [
                        (place, handed) for name, place, handed in function.handed
                        if "." not in name and name in function.assigned_names
                    ]  # fmt: skip
                    if not passed:
                        continue
                    tabled = self._tabled(file, function)
                    for place, handed in passed:
                        obj = self.resolve(file, function.path, handed)
                        if obj is None or obj[0] not in ("instance", "server"):
                            continue
                        for tfile, tpath in tabled:
                            target = self.functions.get(tfile, {}).get(tpath)
                            param = _param_at(target, place) if target is not None else None
                            if param is not None:
                                key = (tfile, tpath, param)
                                found[key] = obj if found.get(key, obj) == obj else None
            self._given_objects = {key: obj for key, obj in found.items() if obj is not None}
        return self._given_objects

    def _handed_to_self(
        self, file: str, function: FunctionSummary, found: dict[tuple[str, str, str], Obj | None]
    ) -> None:  # fmt: skip
        """Record, for :meth:`_given`, what a method gives another method of its class and every override of it: a
        base class's entry point that makes the client and hands it on (``api = _make_api()``, then ``return
        self._run(api, args)``, where each handler class's ``_run(self, api, args)`` leaves ``api`` unannotated)."""
        for name, place, handed in function.handed:
            root, dot, method = name.partition(".")
            if root != "self" or not dot or "." in method:
                continue
            target = self.resolve(file, function.path, name)
            if target is None or target[0] != "function":
                continue
            obj = self.resolve(file, function.path, handed)
            if obj is None or obj[0] not in ("instance", "server"):
                continue
            for tfile, tpath in [(target[1], target[2]), *self.overrides(target[1], target[2])]:
                called = self.functions.get(tfile, {}).get(tpath)
                param = _param_at(called, place) if called is not None else None
                if param is not None and dict(called.params).get(param) is None:
                    key = (tfile, tpath, param)
                    found[key] = obj if found.get(key, obj) == obj else None

    def _held_method(
        self, file: str, function: FunctionSummary, held: str, method: str, spelled: str
    ) -> Iterator[tuple[str | None, tuple[str, str]]]:  # fmt: skip
        """The methods a call of ``method`` on an item of the collection ``held`` runs: that method of each class the
        collection holds; failing that, of a collection filled elsewhere (``_managers.update(managers)``, a registry
        a function it is handed to fills), the one method of the project's classes so named, or the one a base class
        defines and its subclasses override, edged as ``spelled`` (how the check step spells the callee: libcst
        names ``x[k].m`` ``x.m``)."""
        obj = self.resolve(file, function.path, held)
        reached = False
        if obj is not None and obj[0] == "table":
            for cfile, cls in self.table_classes(obj[1], obj[2], obj[3] if len(obj) > 3 else None):
                found = self._method(cfile, cls, method, 0)
                if found is not None and found[0] == "function":
                    reached = True
                    yield None, (found[1], found[2])
        if not reached and (obj is None or obj[0] in ("table", "param", "external")):
            only = self._only_method(method)
            if only is not None:
                yield spelled, only
                for override in self.overrides(*only):
                    yield None, override

    def _only_method(self, name: str) -> tuple[str, str] | None:
        """The (file, path) of the one method of the project's classes with this name, or of the one a base class
        defines that every other so named overrides (classes made inside a function left out); None when no class
        defines it, or several unrelated ones do (a dunder method never counts)."""
        if self._methods_named is None:
            self._methods_named = {}
            for file, functions in self.functions.items():
                for path, function in functions.items():
                    if function.is_method and not function.name.startswith("__"):
                        self._methods_named.setdefault(function.name, []).append((file, path))
        found = self._methods_named.get(name, [])
        if len(found) <= 1:
            return found[0] if found else None
        # one a base class defines, which every other so named overrides (``ToolHandler.run_tool``); classes made
        # inside a function (a test's) are left out
        found = [(f, p) for f, p in found if not self._local_class(f, self.functions[f][p].owner)]
        for file, path in found:
            owner = self.functions[file][path].owner
            below = set(self._descendants(file, owner)) if owner is not None else set()
            if all((f, self.functions[f][p].owner) in below for f, p in found if (f, p) != (file, path)):
                return file, path
        return None

    def _local_class(self, file: str, cls: str | None) -> bool:
        """Whether a class is defined inside a function."""
        parts = (cls or "").split(".")
        functions = self.functions.get(file, {})
        return any(".".join(parts[:end]) in functions for end in range(1, len(parts)))

    def _tabled(self, file: str, function: FunctionSummary) -> list[tuple[str, str]]:
        """The functions a function calls through a subscript or a call result over the tables it reads
        (``HANDLERS[name](arguments)``, ``return await TOOLS_MAP[name](client, arguments)``)."""
        if not function.dynamic_call:
            return []
        found: list[tuple[str, str]] = []
        for name in sorted(function.reads | function.indexed):
            obj = self.resolve(file, function.path, name)
            if obj is not None and obj[0] == "table":
                found.extend(self.table_functions(obj[1], obj[2], 0, obj[3] if len(obj) > 3 else None))
        return found

    def _registry_dispatch(
        self, function: FunctionSummary, found: list[tuple[str | None, tuple[str, str]]]
    ) -> list[tuple[str, str]]:  # fmt: skip
        """The functions a low-level ``tools/call`` handler runs through the project's own registry, when it calls
        a local it cannot resolve and no table it reads leads anywhere (``tool = by_name.get(name)`` then
        ``await tool.handler(inp)``, where ``by_name`` is built from what ``@register_tool(...)`` stored with
        ``_REGISTRY[name] = RegisteredTool(handler=fn)``): every function a decorator of the project stores in a
        collection that names tools (``_TOOLS``, or filled by ``register_tool``; not ``@register_prompt``'s)."""
        on_locals = [c for c in function.calls if c.split(".", 1)[0] in function.assigned_names]
        if not (function.dynamic_call or on_locals) or any(name is None for name, _ in found):
            return []
        return sorted({
            f for table, stored in self._filled.items()
            if any("tool" in name.lower() for name in (table[1], *self._filled_by.get(table, ())))
            for f in stored
        })  # fmt: skip

    def _handed_methods(self, file: str, function: FunctionSummary) -> Iterator[tuple[str, tuple[str, str]]]:
        """The methods a function reaches through an object it hands to a project function that calls them on its
        parameter: ``run_search(catalog, query)`` over ``async def run_search(source, query): return await
        asyncio.to_thread(source.search, query)`` reaches ``catalog.search``, recorded as this function's edge
        (``catalog.search``) so that a rule can follow the call with the object given at this call site."""
        for name, place, handed in function.handed:
            callee = self.resolve(file, function.path, name)
            if callee is None or callee[0] != "function":
                continue
            called = self.functions.get(callee[1], {}).get(callee[2])
            if called is None:
                continue
            param = _param_at(called, place)
            if param is None:
                continue
            for dotted_name in called.calls:
                root, _, method = dotted_name.partition(".")
                if root != param or not method or "." in method:
                    continue
                if self.resolve(callee[1], called.path, dotted_name) is not None:
                    continue  # the parameter's annotation already tells
                obj = self.resolve(file, function.path, f"{handed}.{method}")
                if obj is not None and obj[0] == "function":
                    yield f"{handed}.{method}", (obj[1], obj[2])

    def link(self) -> dict[str, ModuleFacts]:
        """Decide the facts of every module.

        Returns:
            dict[str, ModuleFacts]: file to its facts (every summarised file has an entry).
        """
        handlers, wrappers = self.handlers()
        facts = {file: ModuleFacts() for file in self.summaries}
        callees: dict[tuple[str, str], list[tuple[str | None, tuple[str, str]]]] = {}
        callers: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for (hfile, hpath), framework in sorted(handlers.items(), key=lambda item: item[0]):
            ref = HandlerRef(hfile, hpath, framework, self.tool_names.get((hfile, hpath)))
            queue: deque[tuple[tuple[str, str], int]] = deque([((hfile, hpath), 0)])
            queue.extend((w, 0) for w in wrappers.get((hfile, hpath), ()))
            seen: set[tuple[str, str]] = set()
            while queue:
                key, hops = queue.popleft()
                if key in seen:
                    continue
                seen.add(key)
                file, path = key
                function = self.functions.get(file, {}).get(path)
                if function is None:
                    continue
                reached = facts[file].reached.setdefault(path, [])
                if ref not in reached:
                    if key == (hfile, hpath):
                        reached.insert(0, ref)
                    else:
                        reached.append(ref)
                # Nested functions and decorators run as part of this function: no hop.
                for child in self.children.get((file, path), ()):
                    queue.appendleft(((file, child), hops))
                # A decorator below the registering one (``@mcp.tool()`` over ``@handle_errors``) makes what runs.
                registering = -1
                resolved = self._decorators(file, function)
                for at, ((decorator, _), obj) in enumerate(zip(function.decorators, resolved)):
                    if decorator.rpartition(".")[2] in (fw.TOOL_DECORATOR, fw.LOWLEVEL_CALL_TOOL_DECORATOR) or (
                        obj is not None and obj[0] == "function" and (obj[1], obj[2]) in self._registering
                    ):
                        registering = at
                for at, obj in enumerate(resolved):
                    if obj is not None and obj[0] == "function":
                        queue.appendleft(((obj[1], obj[2]), hops))
                        if key == (hfile, hpath) and at > registering:
                            for wrapper in self._stand_ins(obj[1], obj[2]):
                                stands = facts[obj[1]].wrappers.setdefault(wrapper, [])
                                if ref not in stands:
                                    stands.append(ref)
                if hops >= MAX_HOPS:
                    continue
                if key not in callees:
                    callees[key] = list(self.callees(file, function))
                    if key == (hfile, hpath) and framework.is_lowlevel:
                        registry = self._registry_dispatch(function, callees[key])
                        callees[key].extend((None, f) for f in registry)
                        # ``return await TOOLS_MAP[name](client, arguments)``: what a function the dispatcher finds
                        # in a table of tools answers is the tool's answer, as for a registry
                        for rfile, rpath in [*registry, *self._tabled(file, function)]:
                            facts[rfile].registered.add(rpath)
                for name, target in callees[key]:
                    if name is not None:
                        facts[file].edges[(path, name)] = target
                        implemented = self._implementations(target)
                        if implemented and target[0] in facts:
                            facts[target[0]].implemented[target[1]] = implemented
                    callers.setdefault(target, set()).add(key)
                    queue.append((target, hops + 1))
        for (file, path), found in callers.items():
            if file in facts:
                facts[file].callers[path] = tuple(sorted(found))
        self._catch_alls(facts)
        self._dependencies(facts)
        relays = self._relays(handlers, callees)
        self._tools_elsewhere(facts, relays)
        self._units(facts, self._hollow(facts), relays)
        return facts

    def _catch_alls(self, facts: dict[str, ModuleFacts]) -> None:
        """Fill :attr:`ModuleFacts.catch_alls`: the project exceptions a client raises for whatever a broad ``except``
        caught, and the names each module catches them by."""
        wrapping: dict[tuple[str, str], set[tuple[str, str]]] = {}  # class to the functions that raise it so
        for file, summary in self.summaries.items():
            for function in summary.functions:
                for raised, caught in function.wraps:
                    if any(self._broad(file, function.path, name) for name in caught):
                        obj = self.resolve(file, function.path, raised)
                        if obj is not None and obj[0] == "class":
                            wrapping.setdefault((obj[1], obj[2]), set()).add((file, function.path))
        if not wrapping:
            return
        catching: dict[tuple[str, str], set[tuple[str, str]]] = {}  # a class or a base, to where it is raised so
        for cls, raisers in wrapping.items():
            for ancestor in self._lineage(cls[0], cls[1], 0):
                catching.setdefault(ancestor, set()).update(raisers)
        leads: dict[tuple[str, str], dict[tuple[str, str], bool]] = {}  # per class caught, what leads to its raisers
        for file, summary in self.summaries.items():
            for scope, names, called in summary.caught:
                for name in names:
                    obj = self.resolve(file, scope, name)
                    if obj is None or obj[0] != "class" or (obj[1], obj[2]) not in catching:
                        continue
                    raisers = catching[(obj[1], obj[2])]
                    memo = leads.setdefault((obj[1], obj[2]), {})
                    for callee in called:
                        target = self.resolve(file, scope, callee)
                        if target is not None and target[0] == "function" and self._leads_to(
                            (target[1], target[2]), raisers, memo, 0
                        ):  # fmt: skip
                            facts[file].catch_alls[(scope or "", name)] = name.rpartition(".")[2]
                            break

    def _leads_to(
        self, key: tuple[str, str], raisers: set[tuple[str, str]], seen: dict[tuple[str, str], bool], depth: int
    ) -> bool:  # fmt: skip
        """Whether a function is, or calls within a few hops, one of ``raisers``."""
        if key in raisers:
            return True
        if depth >= 4 or key in seen:
            return seen.get(key, False)
        seen[key] = False
        function = self.functions.get(key[0], {}).get(key[1])
        found = function is not None and any(
            self._leads_to(target, raisers, seen, depth + 1) for _, target in self.callees(key[0], function)
        )  # fmt: skip
        seen[key] = found
        return found

    def _broad(self, file: str, scope: str | None, name: str) -> bool:
        """Whether a class an ``except`` names catches every failure: ``Exception``/``BaseException``, or a library
        catch-all (:data:`mcp_lint.frameworks.LIBRARY_CATCH_ALLS`)."""
        obj = self.resolve(file, scope, name)
        if obj is None:
            return name in fw.BROAD_EXCEPTIONS
        return obj[0] == "external" and (obj[1] in fw.LIBRARY_CATCH_ALLS or obj[1] in fw.BUILTIN_BROAD_EXCEPTIONS)

    @staticmethod
    def _relays(
        handlers: dict[tuple[str, str], Framework], callees: dict[tuple[str, str], list[tuple[str | None, tuple[str, str]]]]
    ) -> dict[tuple[str, str], set[tuple[str, str]]]:  # fmt: skip
        """The functions a handler's answer may pass through on its way to each function: those the handler calls,
        and those they call, that lead to it (the check step follows a tool that returns ``await
        self.router.route(name, arguments)``, which returns ``await self._routes[name].run(arguments)``, two such
        steps at most: see :meth:`mcp_lint.discovery.ModuleIndex.answering_handler`).

        Returns:
            dict[tuple[str, str], set[tuple[str, str]]]: (file, path) of a function to those of its relays.
        """
        found: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for handler in handlers:
            for _, first in callees.get(handler, ()):
                for _, second in callees.get(first, ()):
                    found.setdefault(second, set()).add(first)
                    for _, third in callees.get(second, ()):
                        found.setdefault(third, set()).update((first, second))
        return found

    def _tools_elsewhere(
        self, facts: dict[str, ModuleFacts], relays: dict[tuple[str, str], set[tuple[str, str]]]
    ) -> None:  # fmt: skip
        """Give each module the hashes of the definitions of the handlers in other modules that reach it, and of the
        functions their answers pass through on the way (``relays``, see :meth:`_relays`) (the whole other module's
        units when a definition cannot be told apart)."""
        for file, module in facts.items():
            found: set[str] = set()
            read = {(ref.file, ref.path) for refs in module.reached.values() for ref in refs}
            read.update(relay for path in module.reached for relay in relays.get((file, path), ()))
            # a rule follows what a helper returns back through its callers to the tool that answers with it
            read.update(caller for path in module.reached for caller in module.callers.get(path, ()))
            for other, path in read:
                if other == file or other not in self.summaries:
                    continue
                units = self.summaries[other].units
                function = self.functions.get(other, {}).get(path)
                line = function.line if function is not None else None
                own = [digest for first, last, digest in units if line is not None and first <= line <= last]
                found.update(own or [digest for _, _, digest in units] or [other])
            module.tools_elsewhere = tuple(sorted(found))

    def _stand_ins(self, file: str, path: str, depth: int = 0) -> list[str]:
        """The functions nested in a decorator that it returns in place of what it decorates: ``wrapper`` in
        ``def d(func): def wrapper(...): ...; return wrapper``, also through a factory (``@d(...)``)."""
        function = self.functions.get(file, {}).get(path)
        if function is None or depth > 2:
            return []
        found: list[str] = []
        for name in function.return_values:
            child = f"{path}.{name}"
            if "." not in name and child in self.functions[file]:
                inner = self._stand_ins(file, child, depth + 1)
                found.extend(inner if inner else [child])
        return found

    def _hollow(self, facts: dict[str, ModuleFacts]) -> dict[str, _Functions]:
        """Decide which function bodies of each module the check step may leave out.

        A body is kept when its function is reached by a tool or called through a link edge, when a kept function
        names it (its simple name is called, read, returned or used as a decorator there: the check step's own
        same-module lookups find functions by name), and when it contains or is contained in a kept function.

        Returns:
            dict[str, _Functions]: each module's functions, for :meth:`_units`.
        """
        targets: dict[str, set[str]] = {}
        for module in facts.values():
            for target_file, target_path in module.edges.values():
                targets.setdefault(target_file, set()).add(target_path)
        found: dict[str, _Functions] = {}
        for file, module in facts.items():
            wanted = set(module.reached) | targets.get(file, set())
            functions = found[file] = _Functions(self.summaries[file].functions)
            queue = list(wanted)
            while queue:
                path = queue.pop()
                for other in functions.named_by(path):
                    if other not in wanted:
                        wanted.add(other)
                        queue.append(other)
            module.hollow = _hollow_bodies([f for f in functions.by_path.values() if f.body is not None], wanted)
        return found

    def _units(
        self, facts: dict[str, ModuleFacts], functions: dict[str, _Functions],
        relays: dict[tuple[str, str], set[tuple[str, str]]],
    ) -> None:  # fmt: skip
        """Give each module that may be checked (it imports an MCP framework or a tool reaches it) its units, what
        each needs, and the position-free hash of its facts."""
        for file, module in facts.items():
            summary = self.summaries[file]
            if not (summary.imports_mcp or module.reached):
                continue
            left_out = set(module.hollow)
            hollowed = [f.path for f in summary.functions if f.body is not None and f.body in left_out]
            module.shape = hashlib.sha256(pickle.dumps((module.digest_parts(), hollowed), protocol=4)).hexdigest()
            module.rest = summary.rest
            if summary.units and all(f.body is not None for f in summary.functions):
                module.units = _module_units(file, module, summary.units, functions[file], facts, relays)

    @staticmethod
    def _dependencies(facts: dict[str, ModuleFacts]) -> None:
        direct = {file: {t[0] for t in f.edges.values() if t[0] != file} for file, f in facts.items()}
        for file, module in facts.items():
            seen: set[str] = set()
            stack = list(direct[file])
            while stack:
                other = stack.pop()
                if other in seen or other == file:
                    continue
                seen.add(other)
                stack.extend(direct.get(other, ()))
            module.deps = tuple(sorted(seen))


def _param_at(function: FunctionSummary, place: str) -> str | None:
    """The parameter of a function that a call's argument goes to, for the places ``FunctionSummary.handed`` records:
    ``"0"``, the first one after a method's ``self`` or ``cls``, or a keyword that names one; None when there is
    none."""
    params = [p for p, _ in function.params]
    bound = 1 if function.is_method and params and params[0] in ("self", "cls") else 0
    if place == "0":
        return params[bound] if len(params) > bound else None
    return place if place in params[bound:] else None


def _mentioned(function: FunctionSummary) -> set[str]:
    """The simple names a function's body may lead to a same-module function by."""
    names = set(function.reads)
    for dotted_name in (*function.calls, *function.return_values, *(d for d, _ in function.decorators)):
        first, _, rest = dotted_name.partition(".")
        names.add(first)
        if rest:
            names.add(rest.rsplit(".", 1)[-1])
    for listed in function.tables.values():
        names.update(name.rsplit(".", 1)[-1] for name in listed)
    return names


class _Functions:
    """A module's functions by path, and the functions of the module each one names.

    Args:
        functions (list[FunctionSummary]): the module's functions.
    """

    def __init__(self, functions: list[FunctionSummary]) -> None:
        self.by_path = {f.path: f for f in functions}
        self.by_name: dict[str, list[str]] = {}
        for function in functions:
            self.by_name.setdefault(function.name, []).append(function.path)
        self._named: dict[str, list[str]] = {}

    def named_by(self, path: str) -> list[str]:
        """list[str]: the paths of the functions that the function at ``path`` may lead to by simple name (see
        :func:`_mentioned`); none for a path that is no function of the module."""
        found = self._named.get(path)
        if found is None:
            function = self.by_path.get(path)
            names = _mentioned(function) if function is not None else set()
            found = self._named[path] = [p for name in names for p in self.by_name.get(name, ())]
        return found


def _module_units(
    file: str, module: ModuleFacts, spans: list[tuple[int, int, str]], functions: _Functions,
    facts: dict[str, ModuleFacts], relays: dict[tuple[str, str], set[tuple[str, str]]],
) -> tuple[Unit, ...]:  # fmt: skip
    """A module's units (its summary's top-level functions and classes: first line, last line, hash), with the
    bodies in each and the other units each needs (see :class:`Unit`): also those of the functions a handler's
    answer passes through on its way to one of the unit's (``relays``, see :meth:`Linker._relays`)."""
    unit_of: dict[str, int] = {}
    members: list[list[FunctionSummary]] = [[] for _ in spans]
    at = 0
    for function in sorted(functions.by_path.values(), key=lambda f: f.line):
        while at < len(spans) and spans[at][1] < function.line:
            at += 1
        if at < len(spans) and spans[at][0] <= function.line:
            unit_of[function.path] = at
            members[at].append(function)
    calls: dict[str, list[str]] = {}
    leaving: set[str] = set()
    for (caller, _), (target_file, target) in module.edges.items():
        if caller is None:
            continue
        if target_file == file:
            if target in functions.by_path:
                calls.setdefault(caller, []).append(target)
        elif file in getattr(facts.get(target_file), "deps", ()):
            leaving.add(caller)  # a call that leads out of the module and back into it

    def forward(paths: Iterable[str]) -> set[str]:
        """The functions these lead to by name or by a resolved call, transitively, themselves included."""
        seen = set(paths)
        queue = list(seen)
        while queue:
            path = queue.pop()
            for other in (*functions.named_by(path), *calls.get(path, ())):
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        return seen

    units = []
    for number, (first, last, digest) in enumerate(spans):
        own = [f.path for f in members[number]]
        handlers = {
            h.path
            for path in own
            for h in (*module.reached.get(path, ()), *module.wrappers.get(path, ()))
            if h.file == file and h.path in functions.by_path
        }
        handlers.update(r for path in own for rfile, r in relays.get((file, path), ()) if rfile == file)
        read = forward([*own, *handlers])
        needs = range(len(spans)) if read & leaving else {unit_of[p] for p in read if p in unit_of}
        bodies = _outermost([f.body for f in members[number]])  # type: ignore[misc]
        units.append(Unit(first, last, digest, bodies, tuple(sorted(set(needs) - {number}))))
    return tuple(units)


def _outermost(bodies: list[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """The bodies not inside another of them (by lines), in order."""
    found: list[tuple[int, int, int]] = []
    for body in sorted(bodies):
        if not found or body[0] > found[-1][2]:
            found.append(body)
    return tuple(found)


def _hollow_bodies(functions: list[FunctionSummary], wanted: set[str]) -> tuple[tuple[int, int, int], ...]:
    """The outermost bodies, by line containment, of functions that neither are wanted nor contain or sit inside
    a wanted one."""
    order = sorted(functions, key=lambda f: (f.line, -f.body[2]))  # type: ignore[index]
    parent: dict[str, str | None] = {}
    stack: list[FunctionSummary] = []
    for function in order:
        while stack and stack[-1].body[2] < function.line:  # type: ignore[index]
            stack.pop()
        parent[function.path] = stack[-1].path if stack else None
        stack.append(function)
    holds_wanted: set[str] = set()
    for function in reversed(order):
        up = parent[function.path]
        if up is not None and (function.path in wanted or function.path in holds_wanted):
            holds_wanted.add(up)
    state: dict[str, str] = {}
    bodies: list[tuple[int, int, int]] = []
    for function in order:
        up = parent[function.path]
        inherited = state.get(up) if up is not None else None
        if inherited in ("hollow", "kept"):
            state[function.path] = inherited
        elif function.path in wanted:
            state[function.path] = "kept"
        elif function.path in holds_wanted:
            state[function.path] = "open"
        else:
            state[function.path] = "hollow"
            bodies.append(function.body)  # type: ignore[arg-type]
    return tuple(bodies)


def link(root: str, summaries: dict[str, ModuleSummary]) -> dict[str, ModuleFacts]:
    """Link a project's summaries.

    Args:
        root (str): the project root.
        summaries (dict[str, ModuleSummary]): absolute file path to its summary.
    Returns:
        dict[str, ModuleFacts]: file to its facts.
    """
    layout = Layout(root, list(summaries))
    usable = {file: s for file, s in summaries.items() if s.error is None}
    unusable = {file: ModuleFacts(error=_unsafe_error(s.error)) for file, s in summaries.items() if file not in usable}
    return Linker(layout, usable).link() | unusable


def _unsafe_error(error: str | None) -> str | None:
    """The summary errors the check step must report (nesting, a bug in the summariser), not leave to its own syntax
    check."""
    return error if error is not None and error.startswith((TOO_DEEP, INTERNAL_ERROR)) else None


def single_module(source: bytes, file: str = os.path.join(os.sep, "__module__.py")) -> ModuleFacts:
    """Link a module on its own, as a project of one file.

    Args:
        source (bytes): the module's source.
        file (str): the path to give it.
    Returns:
        ModuleFacts: its facts.
    """
    from mcp_lint.project.summary import summarise

    return link(os.path.dirname(file), {file: summarise(source)})[file]
