"""The check engine: source text in, diagnostics out.

The data flows one way: bytes, a cheap import pre-filter, ``libcst`` parse, handler discovery
(:mod:`mcp_lint.discovery`), one batched traversal that runs every selected rule, then positions, which
are computed only for modules that have findings. The CLI, the fixer and the flake8 plugin all call
:func:`check_source`.
"""

from __future__ import annotations

import ast
import gc
import os
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import libcst as cst

from mcp_lint.cache import Reuse
from mcp_lint.cstparse import parse_module
from mcp_lint.diagnostics import PARSE_ERROR_CODE, Diagnostic, FileResult, internal_error_text
from mcp_lint.discovery import STANDALONE_FILE, ModuleIndex, ToolScope, discover
from mcp_lint.frameworks import imports_mcp
from mcp_lint.frameworks.versions import SdkVersions, sdk_for
from mcp_lint.hollow import hollow
from mcp_lint.nesting import nesting_problem
from mcp_lint.positions import position
from mcp_lint.project import ModuleFacts, ProjectContext, single_module
from mcp_lint.rule import Rule, RuleContext, RuleOptions
from mcp_lint.traversal import walk_paths
from mcp_lint.units import merge, plan, split, unit_keys

_RECURSION_LIMIT = 20_000

def may_define_tools(source: bytes | str) -> bool:
    """Cheap pre-filter: does the source contain an import of ``mcp``, ``mcp_types`` or ``fastmcp``?

    Args:
        source (bytes | str): the file's bytes, or its decoded text.
    Returns:
        bool: False only when the module certainly imports no MCP framework.
    """
    if isinstance(source, str):
        source = source.encode("utf-8", "surrogatepass")
    return imports_mcp(source)


class _Runner:
    """Runs every rule's ``visit_<Node>`` methods in one walk, keeping the rule context current."""

    def __init__(self, rules: Sequence[Rule], context: RuleContext, kept: set[int] | None = None) -> None:
        self.context = context
        # The units (top-level functions and classes, numbered in order) whose findings are kept: not entered.
        self.kept = kept or set()
        self.unit = -1
        self.visits: dict[type, list[Callable[[cst.CSTNode], object]]] = {}
        for rule in rules:
            for attr in dir(type(rule)):
                if attr.startswith("visit_"):
                    self.visits.setdefault(getattr(cst, attr[6:]), []).append(getattr(rule, attr))
        # The tool scope in effect at each depth of the walk.
        self.scopes: list[ToolScope | None] = []
        # When every rule reports only in tool context, functions that neither run as tools nor contain one
        # are not walked.
        self.wanted: set[cst.FunctionDef] | None = None
        if all(rule.tool_context for rule in rules):
            self.wanted = set()
            for scope in context.index.scopes.values():
                info = scope.function
                while info is not None and info.node not in self.wanted:
                    self.wanted.add(info.node)
                    info = info.parent

    def run(self, module: cst.Module) -> None:
        walk_paths(module, self.enter)

    def enter(self, node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        context = self.context
        depth = len(path)
        del self.scopes[depth:]
        scope = self.scopes[-1] if depth else None
        kind = type(node)
        if depth == 1 and (kind is cst.FunctionDef or kind is cst.ClassDef):
            self.unit += 1
            if self.unit in self.kept:
                return False
        if kind is cst.FunctionDef:
            if self.wanted is not None and node not in self.wanted:
                return False
            scope = context.index.scopes.get(node)  # type: ignore[call-overload]
        self.scopes.append(scope)
        methods = self.visits.get(kind)
        if methods:
            context.scope = scope
            context.ancestors = path
            context.node = node
            for method in methods:
                method(node)
        return True


def parse_error(message: str, row: int = 1, column: int = 1) -> Diagnostic:
    """Build the MCP000 diagnostic for a file that could not be checked.

    Args:
        message (str): the reason.
        row (int): 1-based line.
        column (int): 1-based column.
    Returns:
        Diagnostic: an MCP000 diagnostic.
    """
    return Diagnostic(PARSE_ERROR_CODE, "parse-error", message, row, column, row, column)


def _syntax_error(source: bytes | str) -> Diagnostic | None:
    """CPython's verdict on a source: an MCP000 diagnostic at the error, or None when it compiles.

    The interpreter running mcp-lint does not decide what code is valid: when CPython refuses a module that
    libcst parses (syntax newer than this interpreter, such as ``def f[T](x: T)`` on Python 3.11), it is valid.
    When both refuse it, CPython's error is reported (it words and places errors better; in a module that also
    uses newer syntax it may point at that syntax rather than at the real error).
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the checked code's own warnings are not ours to print
            compile(source, "<source>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as syntax:
        if _libcst_error(source) is None:
            return None
        return parse_error(f"could not parse: {syntax.msg}", syntax.lineno or 1, max(syntax.offset or 1, 1))
    except (ValueError, RecursionError, MemoryError) as exc:
        return parse_error(f"could not parse: {str(exc) or type(exc).__name__}")
    return None


def _libcst_error(source: bytes | str) -> Diagnostic | None:
    """libcst's verdict, after the nesting bound that keeps its parser from overflowing the stack: None when it
    parses the module, else an MCP000 diagnostic."""
    problem = nesting_problem(source)
    if problem is not None:
        return parse_error(problem.message, problem.row, problem.column)
    try:
        cst.parse_module(source)
    except cst.ParserSyntaxError as exc:
        return parse_error(f"could not parse: {exc.message}", exc.raw_line, exc.raw_column + 1)
    except Exception as exc:  # any other failure means: not valid
        return parse_error(f"could not parse: {exc}")
    return None


def internal_error(exc: BaseException) -> Diagnostic:
    """Build the MCP000 diagnostic for a bug in mcp-lint itself.

    Args:
        exc (BaseException): what was raised.
    Returns:
        Diagnostic: an MCP000 diagnostic asking for a bug report.
    """
    return parse_error(internal_error_text(exc))


def parse(source: bytes | str) -> cst.Module | Diagnostic:
    """Parse source with libcst, which honours PEP 263 coding declarations and a BOM in bytes.

    Args:
        source (bytes | str): the file's bytes, or its decoded text.
    Returns:
        cst.Module | Diagnostic: the module, or an MCP000 diagnostic saying why it did not parse (or that it is
        nested too deeply to parse safely: see :mod:`mcp_lint.nesting`).
    """
    problem = nesting_problem(source)
    if problem is not None:
        return parse_error(problem.message, problem.row, problem.column)
    try:
        return parse_module(source)
    except cst.ParserSyntaxError as exc:
        # CPython's parser places syntax errors more precisely and words them better; ask it first.
        return _syntax_error(source) or parse_error(f"could not parse: {exc.message}", exc.raw_line, exc.raw_column + 1)
    except RecursionError:
        return parse_error("could not parse: the code is nested too deeply")
    except (UnicodeDecodeError, LookupError, SyntaxError, ValueError) as exc:
        return parse_error(f"could not parse: {exc}")


def _reachable_text(data: bytes, facts: ModuleFacts, rule_classes: Sequence[type[Rule]]) -> bytes | None:
    """The module's text without the function bodies no selected rule reads (see :mod:`mcp_lint.hollow`).

    Returns:
        bytes | None: the text, or None when nothing can be left out (a rule that may report in any body is
        selected, or no body is left out).
    """
    if not facts.hollow or not all(rule.tool_context or rule.reads_bodies is not None for rule in rule_classes):
        return None
    keep = [rule.reads_bodies for rule in rule_classes if rule.reads_bodies is not None]
    partial = hollow(data, facts.hollow, keep)
    return None if partial is data else partial


def _parse_reachable(source: bytes | str, partial: bytes) -> tuple[cst.Module, bytes | str] | None:
    """Parse a module's text without the bodies no rule reads, given as :func:`_reachable_text` made it.

    Returns:
        tuple[cst.Module, bytes | str] | None: the tree and the text it was parsed from (text when ``source`` is
        text), or None when libcst refuses it (then the whole module is parsed, and its error reported as usual).
    """
    text = partial if isinstance(source, bytes) else partial.decode("utf-8", "surrogatepass")
    try:
        return parse_module(text), text
    except Exception:  # the whole module is parsed, and any error reported from there
        return None


def check_module(
    module: cst.Module, rule_classes: Sequence[type[Rule]], options: RuleOptions | None = None,
    facts: ModuleFacts | None = None, project: ProjectContext | None = None, file: str | None = None,
    sdk: SdkVersions | None = None, source: bytes | str | None = None, with_edits: bool = False,
    index: ModuleIndex | None = None, kept: set[int] | None = None,
) -> list[Diagnostic]:  # fmt: skip
    """Run rules over a parsed module.

    Args:
        module (cst.Module): the module; its nodes are the diagnostics' ``node``.
        rule_classes (Sequence[type[Rule]]): the selected rules.
        options (RuleOptions | None): rule options; the defaults when None.
        facts (ModuleFacts | None): the module's facts from the project model; None checks the module on its own.
        project (ProjectContext | None): the project, for calls that lead into other modules.
        file (str | None): the module's file, as the project model names it.
        sdk (SdkVersions | None): the SDK releases its project allows; unknown (every release) when None.
        source (bytes | str | None): the text the module was parsed from, which places findings faster.
        with_edits (bool): also describe each fix as text edits (for JSON and SARIF output); ``module`` must then
            be the whole module.
        index (ModuleIndex | None): the module's index when it is already made (by :func:`discover` with the
            same arguments).
        kept (set[int] | None): the units (top-level functions and classes, numbered in order) not to enter,
            whose findings are kept from an earlier check (see :mod:`mcp_lint.units`).
    Returns:
        list[Diagnostic]: the findings with positions and fixes, sorted.
    """
    index = index if index is not None else discover(module, facts, project, file)
    if not (index.is_mcp_module or index.scopes) or not rule_classes:
        return []
    context = RuleContext(index, options, sdk)
    _Runner([cls(context) for cls in rule_classes], context, kept).run(module)
    if context.diagnostics:
        position(context.diagnostics, module, context.statements, context.functions, source, context.inner)
    if with_edits and any(d.fix is not None for d in context.diagnostics):
        from mcp_lint.codemod import ModuleEdits  # libcst.codemod is slow to import and needed only here

        edits = ModuleEdits(module)
        for diagnostic in context.diagnostics:
            if diagnostic.fix is not None:
                diagnostic.edits = edits.edits(diagnostic.fix, context.statements.get(id(diagnostic)))
    return sorted(context.diagnostics, key=lambda d: d.sort_key)


@contextmanager
def tree_work() -> Iterator[None]:
    """The conditions for building, reading and printing a libcst tree.

    The cyclic garbage collector pauses: a libcst tree is hundreds of thousands of new objects without
    reference cycles, and the collector's passes over them nearly halve parsing speed and free nothing
    (reference counting frees the tree); cycles made meanwhile are collected once it runs again. The recursion
    limit rises, because libcst prints code and computes positions recursively, a dozen frames per level of
    nesting, and legal code nested 100 deep would otherwise fail.
    """
    enabled = gc.isenabled()
    limit = sys.getrecursionlimit()
    gc.disable()
    sys.setrecursionlimit(max(limit, _RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)
        if enabled:
            gc.enable()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a batch of checks, and collect once after it.

    :func:`tree_work` pauses it for each check; between checks it would otherwise run, and each time go over every
    object the batch still holds (the trees other checks look into, the project facts), which costs more than a
    tenth of a large run. What a check leaves in reference cycles is small (see :mod:`mcp_lint.literals`), so one
    collection per batch bounds it.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
            gc.collect()


def check_source(
    source: bytes | str, path: Path, rule_classes: Sequence[type[Rule]], options: RuleOptions | None = None,
    with_edits: bool = False, facts: ModuleFacts | None = None, project: ProjectContext | None = None,
    reuse: Reuse | None = None,
) -> FileResult:  # fmt: skip
    """Check one file's source.

    Args:
        source (bytes | str): the file's bytes, or its decoded text.
        path (Path): its path, for the result.
        rule_classes (Sequence[type[Rule]]): the selected rules.
        options (RuleOptions | None): rule options; the defaults when None.
        with_edits (bool): also describe each fix as an edit (for JSON and SARIF output).
        facts (ModuleFacts | None): the file's facts from its project model; None checks the file on its own.
        project (ProjectContext | None): the project, for calls that lead into other modules.
        reuse (Reuse | None): what the findings of the module's units depend on elsewhere, and the findings recorded
            for them: the units whose keys are found keep theirs, and the result has each unit's findings in
            ``units`` (see :mod:`mcp_lint.units`; not with ``with_edits``).
    Returns:
        FileResult: the findings, or an MCP000 diagnostic with ``error`` set when it could not be parsed.
    """
    with tree_work():
        return _check_source(source, path, rule_classes, options, with_edits, facts, project, reuse=reuse)[0]


def check_whole(
    source: bytes, path: Path, rule_classes: Sequence[type[Rule]], options: RuleOptions | None,
    facts: ModuleFacts | None, project: ProjectContext | None,
) -> tuple[FileResult, cst.Module | None]:  # fmt: skip
    """Check one file from a tree of the whole module (no body left out), and keep the tree, so that a fix can start
    from it (see :func:`mcp_lint.fixer.fix_source`).

    Args:
        source (bytes): the file's bytes.
        path (Path): its path, for the result.
        rule_classes (Sequence[type[Rule]]): the selected rules.
        options (RuleOptions | None): rule options; the defaults when None.
        facts (ModuleFacts | None): the file's facts from its project model; None checks the file on its own.
        project (ProjectContext | None): the project, for calls that lead into other modules.
    Returns:
        tuple[FileResult, cst.Module | None]: the findings, whose nodes are the tree's, not yet suppressed by
        ``noqa`` comments; and the tree, None when none was made (nothing could be reported, or it did not parse).
    """
    with tree_work():
        return _check_source(source, path, rule_classes, options, False, facts, project, whole=True)


def _check_source(
    source: bytes | str, path: Path, rule_classes: Sequence[type[Rule]], options: RuleOptions | None,
    with_edits: bool, facts: ModuleFacts | None, project: ProjectContext | None, whole: bool = False,
    reuse: Reuse | None = None,
) -> tuple[FileResult, cst.Module | None]:  # fmt: skip
    data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    imports_mcp = may_define_tools(data)
    file = os.path.abspath(path)
    if facts is None:
        if not imports_mcp:
            return FileResult(path), None
        file = STANDALONE_FILE
        facts = single_module(data, file)
    if facts.error is not None:
        problem = nesting_problem(data)
        where = (problem.row, problem.column) if problem is not None else (1, 1)
        return FileResult(path, [parse_error(facts.error, *where)], error=True), None
    has_tools = bool(facts.reached)
    if not (imports_mcp or has_tools):
        return FileResult(path), None
    deps = facts.deps
    elsewhere = (lambda pattern: project.mentions(deps, pattern)) if project is not None and deps else None
    rule_classes = [rule for rule in rule_classes if rule.could_report(data, has_tools, elsewhere)]
    if not rule_classes:
        # Nothing can be reported: a syntax check by CPython's parser (far cheaper than libcst's) suffices.
        error = _syntax_error(source)
        return FileResult(path, [error] if error else [], error=error is not None), None
    # A tree this process made of the module for another module's check can serve, and the tree made here can
    # serve those checks, when both come from the same bytes.
    shared = project if project is not None and isinstance(source, bytes) and file in project.facts else None
    partial = _reachable_text(data, facts, rule_classes) if not whole else None
    keys: list[str] | None = None
    kept: dict[int, list[Diagnostic]] = {}
    if reuse is not None and facts.units and not (whole or with_edits):
        keys = unit_keys(facts, reuse.base)
        kept = {number: reuse.known[key] for number, key in enumerate(keys) if key in reuse.known}
    if kept:
        base = partial if partial is not None else data
        left = hollow(base, plan(facts, kept))
        if left is not base:
            partial, shared = left, None  # a tree without those bodies is for this check only
    made = shared.indexed(file, partial if partial is not None else data) if shared is not None else None
    index: ModuleIndex | None = None
    if made is not None:
        (parsed, index), text = made, partial if partial is not None else data
    else:
        reachable = _parse_reachable(source, partial) if partial is not None else None
        parsed, text = reachable if reachable is not None else (parse(source), source)
    if isinstance(parsed, Diagnostic):
        return FileResult(path, [parsed], error=True), None
    try:
        sdk = sdk_for(os.path.abspath(path), options.target_sdk if options is not None else ())
        if index is None:
            index = discover(parsed, facts, project, file)
            if shared is not None and isinstance(text, bytes):
                shared.keep(file, text, parsed, index)
        diagnostics = check_module(
            parsed, rule_classes, options, facts, project, file, sdk, text, with_edits and partial is None, index,
            set(kept),
        )
        if keys is not None:
            diagnostics = merge(diagnostics, facts, kept)
            return FileResult(path, diagnostics, units=split(diagnostics, facts, keys)), parsed
        if with_edits and partial is not None and any(d.fix is not None for d in diagnostics):
            # Edits are described on the whole module's text: only a file with a fix is parsed whole, and checked
            # again from that tree (which finds the same).
            return _check_source(source, path, rule_classes, options, True, facts, project, whole=True)
        return FileResult(path, diagnostics), parsed
    except RecursionError:
        return FileResult(path, [parse_error("could not check: the code is nested too deeply")], error=True), None
