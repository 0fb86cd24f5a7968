"""Where each diagnostic is: line and column spans for the nodes rules report, computed as cheaply as possible.

libcst computes positions by printing the code it is asked about while recording every node, which costs more
than the check itself when it is asked about a whole large module. So each finding is placed by printing only
the smallest unit that holds it: the innermost function it was reported in, else its top-level statement. The
unit's first line comes from CPython's ``ast`` of the same text (a function is found by its path, as the project
model names it), and the unit's printed lines are checked against the text, line by line, which also gives each
line's indentation shift (a nested function prints without its enclosing blocks' indentation). When the text is not
at hand or does not match, the lines of the statements before the unit are counted instead, and a node outside
the unit it was reported in is placed by printing the whole module.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Mapping

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider
from libcst.metadata.position_provider import PositionProvidingCodegenState

from mcp_lint.diagnostics import Diagnostic
from mcp_lint.project.summary import definition_path

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BLANK = " \t\f"

Span = tuple[int, int, int, int]


def position(
    diagnostics: list[Diagnostic], module: cst.Module, statements: dict[int, cst.CSTNode],
    functions: dict[int, tuple[cst.FunctionDef, str]] | None = None, source: bytes | str | None = None,
    inner: dict[int, cst.CSTNode] | None = None,
) -> None:  # fmt: skip
    """Give each diagnostic its span (1-based lines and columns, end column exclusive).

    Args:
        diagnostics (list[Diagnostic]): the findings; their ``node`` is in ``module``.
        module (cst.Module): the module.
        statements (dict[int, cst.CSTNode]): the top-level statement each diagnostic was reported in, by ``id``.
        functions (dict[int, tuple[cst.FunctionDef, str]] | None): the innermost function each diagnostic was
            reported in, with its path, by ``id``.
        source (bytes | str | None): the text ``module`` was parsed from, if at hand.
        inner (dict[int, cst.CSTNode] | None): the innermost statement inside that function each diagnostic was
            reported at or in, by ``id``; it is printed instead of the function when it holds the node.
    """
    if not diagnostics:
        return
    spans: dict[cst.CSTNode, Span] = {}
    text = _Text.of(module, source) if source is not None else None
    placed: set[int] = set()
    if text is not None and functions:
        for diagnostic in diagnostics:
            unit = functions.get(id(diagnostic))
            if unit is None or diagnostic.node in spans:
                continue
            statement = inner.get(id(diagnostic)) if inner else None
            if statement is not None and id(statement) not in placed:
                placed.add(id(statement))
                start = text.statement_line(unit[0], unit[1], statement)
                if start is not None and _place(module, statement, start, text.lines, spans) and diagnostic.node in spans:
                    continue
            if id(unit[0]) in placed:
                continue
            start = text.definitions.get(unit[1])
            if start is not None and _place(module, unit[0], start, text.lines, spans):
                placed.add(id(unit[0]))
    wanted = {id(statements[id(d)]) for d in diagnostics if d.node not in spans and id(d) in statements}
    header = line = len(module.header)  # one line per leading blank or comment line
    starts = text.statements if text is not None else None
    for at, statement in enumerate(module.body):
        if not wanted:
            break
        if id(statement) in wanted:
            wanted.discard(id(statement))
            if starts is not None and _place(module, statement, starts[at], text.lines, spans):  # type: ignore[union-attr]
                continue
            if starts is not None:  # count the lines of the statements before it
                line = header + sum(module.code_for_node(before).count("\n") for before in module.body[:at])
            _place_counted(module, statement, line, spans)
        if starts is None:
            line += module.code_for_node(statement).count("\n")
    if any(d.node not in spans for d in diagnostics):
        for node, span in _render(module)[1].items():
            spans[node] = (span.start.line, span.start.column, span.end.line, span.end.column)
    for diagnostic in diagnostics:
        row, column, end_row, end_column = spans[diagnostic.node]
        diagnostic.row, diagnostic.column = row, column + 1
        diagnostic.end_row, diagnostic.end_column = end_row, end_column + 1


class _Text:
    """The text a module was parsed from: its lines, and where CPython's ``ast`` puts its definitions and top-level
    statements."""

    def __init__(
        self, lines: list[str], functions: dict[str, ast.stmt], statements: list[int] | None
    ) -> None:  # fmt: skip
        self.lines = lines
        self.functions = functions
        self.definitions = {path: _first_line(node) for path, node in functions.items()}
        self.statements = statements
        # The statements of a function in source order, in both trees (by the libcst function's id), when they pair.
        self._pairs: dict[int, tuple[dict[int, int], list[ast.stmt]] | None] = {}

    def statement_line(self, function: cst.FunctionDef, path: str, statement: cst.CSTNode) -> int | None:
        """The first line of a statement inside a function, from CPython's tree of the same text.

        The statements of the function in source order (a line of small statements counting each) pair one to one
        in the two trees; the statement's counterpart gives the line when it is of the same kind.

        Args:
            function (cst.FunctionDef): the function, in the libcst tree.
            path (str): its definition path.
            statement (cst.CSTNode): a statement line or compound statement inside it.
        Returns:
            int | None: the line, or None when it cannot be told.
        """
        pairs = self._pairs.get(id(function), ())
        if pairs == ():
            pairs = self._pairs[id(function)] = self._pair(function, path)
        if pairs is None:
            return None
        first = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else statement
        at = pairs[0].get(id(first))
        if at is None:
            return None
        counterpart = pairs[1][at]
        name = type(counterpart).__name__.replace("Async", "")
        return _first_line(counterpart) if _CST_KIND.get(name, name) == type(first).__name__ else None

    def _pair(self, function: cst.FunctionDef, path: str) -> tuple[dict[int, int], list[ast.stmt]] | None:
        definition = self.functions.get(path)
        if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        ours: list[cst.CSTNode] = []
        if not _cst_statements(function.body, ours):
            return None
        theirs: list[ast.stmt] = []
        _ast_statements(definition.body, theirs)
        if len(ours) != len(theirs):
            return None
        return {id(node): at for at, node in enumerate(ours)}, theirs

    @classmethod
    def of(cls, module: cst.Module, source: bytes | str) -> _Text | None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(source)
            decoded = source.decode(module.encoding) if isinstance(source, bytes) else source
        except (SyntaxError, ValueError, RecursionError, MemoryError, LookupError):
            return None
        functions: dict[str, ast.stmt] = {}
        _definitions(tree.body, None, {}, functions)
        return cls(_LINE_BREAK.split(decoded), functions, _statement_lines(module, tree))


def _first_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", None)
    return min(d.lineno for d in decorators) if decorators else node.lineno


# The libcst name of a statement kind whose CPython name differs (``async`` ones are named without it).
_CST_KIND = {"Delete": "Del"}


def _cst_statements(block: cst.BaseSuite, found: list[cst.CSTNode]) -> bool:
    """Append the statements of a block to ``found`` in source order (each followed by those of its blocks, each
    small statement of a line on its own), as CPython's tree lists them. Returns False on a statement whose blocks
    are not known here."""
    if isinstance(block, cst.SimpleStatementSuite):
        found.extend(block.body)
        return True
    for statement in block.body:  # type: ignore[attr-defined]
        if isinstance(statement, cst.SimpleStatementLine):
            found.extend(statement.body)
        else:
            found.append(statement)
            if not _cst_blocks(statement, found):
                return False
    return True


def _cst_blocks(statement: cst.CSTNode, found: list[cst.CSTNode]) -> bool:
    """Append the statements of a compound statement's blocks to ``found``, in source order."""
    if isinstance(statement, cst.If):
        if not _cst_statements(statement.body, found):
            return False
        orelse = statement.orelse
        if isinstance(orelse, cst.If):  # elif: a statement of its own in both trees
            found.append(orelse)
            return _cst_blocks(orelse, found)
        return orelse is None or _cst_statements(orelse.body, found)
    if isinstance(statement, (cst.Try, cst.TryStar)):
        blocks = [statement.body, *(handler.body for handler in statement.handlers)]
        blocks += [part.body for part in (statement.orelse, statement.finalbody) if part is not None]
    elif isinstance(statement, (cst.For, cst.While)):
        blocks = [statement.body] + ([statement.orelse.body] if statement.orelse is not None else [])
    elif isinstance(statement, (cst.With, cst.FunctionDef, cst.ClassDef)):
        blocks = [statement.body]
    elif isinstance(statement, cst.Match):
        blocks = [case.body for case in statement.cases]
    else:
        return False
    return all(_cst_statements(block, found) for block in blocks)


def _ast_statements(body: list[ast.stmt], found: list[ast.stmt]) -> None:
    """Append the statements of a body to ``found`` in source order (each followed by those of its blocks)."""
    for node in body:
        found.append(node)
        for _, value in ast.iter_fields(node):
            if not isinstance(value, list) or not value:
                continue
            if isinstance(value[0], ast.stmt):
                _ast_statements(value, found)
            elif isinstance(value[0], (ast.excepthandler, ast.match_case)):
                for part in value:
                    _ast_statements(part.body, found)


def _definitions(body: list[ast.stmt], prefix: str | None, seen: dict[str, int], found: dict[str, ast.stmt]) -> None:
    """Record every function and class, by path, numbered in source order as the project model numbers them."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            path = definition_path(seen, prefix, node.name)
            found[path] = node
            _definitions(node.body, path, seen, found)
            continue
        for _, value in ast.iter_fields(node):
            if not isinstance(value, list) or not value:
                continue
            if isinstance(value[0], ast.stmt):
                _definitions(value, prefix, seen, found)
            elif isinstance(value[0], (ast.excepthandler, ast.match_case)):
                for part in value:
                    _definitions(part.body, prefix, seen, found)


def _statement_lines(module: cst.Module, tree: ast.Module) -> list[int] | None:
    """The line where the code of each top-level libcst statement starts (after its leading blank and comment
    lines), or None when the statements of the two trees do not pair."""
    body = tree.body
    starts: list[int] = []
    at = 0
    for statement in module.body:
        if at >= len(body):
            return None
        starts.append(_first_line(body[at]))
        at += len(statement.body) if isinstance(statement, cst.SimpleStatementLine) else 1
    return starts if at == len(body) else None


def _alone(module: cst.Module, node: cst.CSTNode) -> cst.Module:
    """cst.Module: a module of one statement (or function), printed with the layout defaults of ``module``."""
    return cst.Module(body=(node,), default_indent=module.default_indent, default_newline=module.default_newline)  # type: ignore[arg-type]


def _render(alone: cst.Module) -> tuple[str, Mapping[cst.CSTNode, CodeRange]]:
    """Print a module and compute its nodes' positions in one pass.

    ``MetadataWrapper.resolve(PositionProvider)`` prints the module the same way, then visits every node again
    only to collect what the printing recorded; the printing's own state is used here when this libcst has it,
    and the wrapper otherwise.
    """
    try:
        provider = PositionProvider()
        state = PositionProvidingCodegenState(
            default_indent=alone.default_indent, default_newline=alone.default_newline, provider=provider
        )
        alone._codegen(state)
        return "".join(state.tokens), provider._computed  # type: ignore[return-value]
    except (AttributeError, TypeError):  # a libcst whose printing state differs
        return alone.code, MetadataWrapper(alone, unsafe_skip_copy=True).resolve(PositionProvider)


def _place(module: cst.Module, unit: cst.CSTNode, start: int, lines: list[str], spans: dict[cst.CSTNode, Span]) -> bool:
    """Print a unit alone and, when its lines are those of the text from ``start`` on (each possibly indented
    further), record the spans of its nodes. Returns whether it did."""
    leading = len(getattr(unit, "leading_lines", ()))
    code, positions = _render(_alone(module, unit))
    rendered = _LINE_BREAK.split(code)[leading:]
    if rendered and not rendered[-1]:
        rendered.pop()  # the text after the last line break
    first = start - 1
    if first < 0 or first + len(rendered) > len(lines):
        return False
    shifts: list[int] = []
    for at, printed in enumerate(rendered):
        original = lines[first + at]
        if not original.endswith(printed):
            return False
        shift = len(original) - len(printed)
        if original[:shift].strip(_BLANK):
            return False
        shifts.append(shift)
    for node, span in positions.items():
        row, end_row = span.start.line - 1 - leading, span.end.line - 1 - leading
        if row < 0:
            continue  # a blank or comment line before the unit
        end_shift = shifts[end_row] if end_row < len(shifts) else 0
        spans[node] = (first + row + 1, span.start.column + shifts[row], first + end_row + 1, span.end.column + end_shift)
    return True


def _place_counted(module: cst.Module, statement: cst.CSTNode, before: int, spans: dict[cst.CSTNode, Span]) -> None:
    """Record the spans of a top-level statement's nodes, given the number of lines before it."""
    for node, span in _render(_alone(module, statement))[1].items():
        spans[node] = (span.start.line + before, span.start.column, span.end.line + before, span.end.column)
