"""Applying fixes to a module: node edits, import changes, and the span a fix replaces (ruff's JSON edits)."""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Collection, Sequence

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from mcp_lint.diagnostics import Edit, Fix, Transform
from mcp_lint.traversal import walk_paths


class _ApplyEdits(cst.CSTTransformer):
    """Applies the fixes' node edits. With ``within`` (the ids of the edited nodes' ancestors), it enters only those,
    so that only the paths to the edits are rebuilt, not the whole tree."""

    def __init__(self, fixes: Sequence[Fix], within: set[int] | None = None) -> None:
        super().__init__()
        self.edits: dict[cst.CSTNode, list[Transform]] = {}
        for fix in fixes:
            for node, transform in fix.edits:
                self.edits.setdefault(node, []).append(transform)
        self.applied = 0
        self.within = within
        self._lines: list[int] = []  # edits applied before each statement line being visited

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.within is not None and id(node) not in self.within:
            return False
        if type(node) is cst.SimpleStatementLine:
            self._lines.append(self.applied)
        return True

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode) -> cst.CSTNode:
        transforms = self.edits.get(original_node, ())
        if transforms:
            self.applied += 1
        for transform in transforms:
            updated_node = transform(updated_node)
        if type(original_node) is cst.SimpleStatementLine and (self.within is None or id(original_node) in self.within):
            if self.applied != self._lines.pop():  # an edit inside the line may have dropped its comments
                updated_node = _keep_comments(original_node, updated_node)
        return updated_node


def _ancestors(module: cst.Module, nodes: Collection[cst.CSTNode]) -> set[int]:
    """The ids of the nodes that hold any of ``nodes`` (the module included), found by one walk of the tree."""
    wanted = {id(node) for node in nodes}
    found: set[int] = set()

    def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        if id(node) in wanted:
            found.update(map(id, path))  # and on: an edit may hold another
        return True

    walk_paths(module, enter)
    return found


def _add_imports(module: cst.Module, context: CodemodContext) -> tuple[cst.Module, int]:
    """libcst's AddImportsVisitor on the statements it reads and changes (see :func:`_top_statements`), not on a
    copy of the whole module: the other statements stay as they are.

    Returns:
        tuple[cst.Module, int]: the rewritten top of the module, and how many of the module's statements it replaces.
    """
    top = _top_statements(module)
    return AddImportsVisitor(context).transform_module(module.with_changes(body=module.body[:top])), top


def _comments(node: cst.CSTNode) -> list[str]:
    found: list[str] = []

    class Collect(cst.CSTVisitor):
        def visit_Comment(self, comment: cst.Comment) -> None:
            found.append(comment.value)

    node.visit(Collect())
    return found


def _keep_comments(original: cst.SimpleStatementLine, updated: cst.CSTNode) -> cst.CSTNode:
    """Move comments that an edit dropped from inside a statement onto their own lines above it."""
    if not isinstance(updated, cst.SimpleStatementLine):
        return updated
    remaining = _comments(updated)
    lost = []
    for comment in _comments(original):
        if comment in remaining:
            remaining.remove(comment)
        else:
            lost.append(comment)
    if not lost:
        return updated
    lines = [*updated.leading_lines, *(cst.EmptyLine(comment=cst.Comment(c)) for c in lost)]
    return updated.with_changes(leading_lines=lines)


def apply_fixes(module: cst.Module, fixes: Sequence[Fix]) -> cst.Module:
    """Apply fixes to a module, with their import changes.

    Args:
        module (cst.Module): the module the fixes' nodes belong to.
        fixes (Sequence[Fix]): fixes with disjoint edits.
    Returns:
        cst.Module: the rewritten module.
    """
    edited = [node for fix in fixes for node, _ in fix.edits]
    updated = module.visit(_ApplyEdits(fixes, _ancestors(module, edited) | set(map(id, edited))))
    assert isinstance(updated, cst.Module)
    context = CodemodContext()
    adds = [imp for fix in fixes for imp in fix.add_imports]
    removes = [imp for fix in fixes for imp in fix.remove_imports]
    if adds:
        for module_name, name in adds:
            AddImportsVisitor.add_needed_import(context, module_name, name)
        head, top = _add_imports(updated, context)
        updated = head.with_changes(body=(*head.body, *updated.body[top:]))
    if removes:
        # RemoveImportsVisitor runs a full scope analysis: ask it only about names the rewritten code no longer
        # mentions outside their import (a name still written anywhere else is kept without asking).
        code = updated.code
        removes = [r for r in removes if len(re.findall(rf"\b{re.escape(r[2] or r[1] or '')}\b", code)) <= 1]
    if removes:
        for module_name, name, asname in removes:
            RemoveImportsVisitor.remove_unused_import(context, module_name, name, asname)
        updated = RemoveImportsVisitor(context).transform_module(updated)
    return updated




def _row_column(text: str, offset: int) -> tuple[int, int]:
    row = text.count("\n", 0, offset) + 1
    return row, offset - (text.rfind("\n", 0, offset) + 1) + 1


class ModuleEdits:
    """Describes fixes of one module as text edits, printing only the top-level statements a fix changes.

    :func:`fix_edits` prints the whole module twice per fix and compares the texts; on a large module with many
    findings that costs minutes. Here a fix is applied to the top-level statement its finding was reported in,
    and the import it needs is added once per module (libcst's ``AddImportsVisitor``, as :func:`apply_fixes`
    does); the edits are those of the changed statements, at their lines. A fix that reaches outside its
    statement, removes an import, or meets the import change, is described by :func:`fix_edits` instead: the result is
    the same.

    Args:
        module (cst.Module): the module the fixes' nodes belong to.
    """

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self._where = {id(statement): at for at, statement in enumerate(module.body)}
        self._codes: list[str] = []
        self._rows: list[int] = []
        self._text = ""
        self._imports: dict[tuple[tuple[str, str], ...], tuple[int, int, str] | None] = {}

    def edits(self, fix: Fix, statement: cst.CSTNode | None) -> tuple[Edit, ...]:
        """Describe one fix as text edits.

        Args:
            fix (Fix): the fix; its nodes are in the module.
            statement (cst.CSTNode | None): the top-level statement its finding was reported in, if known.
        Returns:
            tuple[Edit, ...]: the replaced spans (1-based, end exclusive) and their new text, in source order.
        """
        module = self.module
        at = self._where.get(id(statement)) if statement is not None else None
        last = at is not None and at == len(module.body) - 1 and not module.has_trailing_newline
        if at is None or last:
            return fix_edits(module, fix)
        applier = _ApplyEdits([fix])
        updated = statement.visit(applier)  # type: ignore[union-attr]
        # Imports the statement holds change nothing here: imports are added next to those at the top of the module
        # (libcst's AddImportsVisitor reads only those), and one is removed only when its name is left written at
        # most once in the whole module, which is asked below.
        if applier.applied != len(applier.edits):
            return fix_edits(module, fix)
        self._print()
        changes = [(at, at + 1, module.code_for_node(updated))]
        if fix.add_imports:
            imports = self._import_change(tuple(sorted(fix.add_imports)))
            if imports is not None:
                if imports[0] < 0 or imports[0] <= at < imports[1]:
                    return fix_edits(module, fix)
                changes.append(imports)
        if fix.remove_imports:
            # apply_fixes removes an import only when its name is left written at most once (in the import itself)
            after = self._text + "".join(text for _, _, text in changes)
            before = "".join("".join(self._codes[start:end]) for start, end, _ in changes)
            for _, name, asname in fix.remove_imports:
                word = re.compile(rf"\b{re.escape(asname or name or '')}\b")
                if len(word.findall(after)) - len(word.findall(before)) <= 1:
                    return fix_edits(module, fix)
        edits: list[Edit] = []
        for start, end, text in sorted(changes):
            shift = self._rows[start]
            for edit in text_edits("".join(self._codes[start:end]), text):
                edits.append(Edit(edit.content, edit.row + shift, edit.column, edit.end_row + shift, edit.end_column))
        return tuple(edits)

    def _print(self) -> None:
        """Print each top-level statement once, and count the lines before each."""
        if self._codes:
            return
        module = self.module
        self._codes = [module.code_for_node(statement) for statement in module.body]
        self._text = "".join(self._codes)
        row = len(module.header)
        for code in self._codes:
            self._rows.append(row)
            row += code.count("\n")
        self._rows.append(row)

    def _import_change(self, adds: tuple[tuple[str, str], ...]) -> tuple[int, int, str] | None:
        """The statements adding these imports replaces, as (first, end, new text), computed once per module."""
        if adds not in self._imports:
            context = CodemodContext()
            for module_name, name in adds:
                AddImportsVisitor.add_needed_import(context, module_name, name)
            module = self.module
            updated, top = _add_imports(module, context)
            self._print()
            old = self._codes
            new = [module.code_for_node(statement) for statement in updated.body] + old[top:]
            head = 0
            while head < min(len(old), len(new)) and old[head] == new[head]:
                head += 1
            tail = 0
            while tail < min(len(old), len(new)) - head and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
                tail += 1
            end, new_end = len(old) - tail, len(new) - tail
            if _header(updated) != _header(module):
                change: tuple[int, int, str] | None = (-1, -1, "")  # described by fix_edits
            elif head == end and head == new_end:
                change = None
            else:
                if head == end:  # a pure insertion: it replaces the statement it goes before, with itself after it
                    if end == len(old):
                        head -= 1
                    else:
                        end, new_end = end + 1, new_end + 1
                change = (head, end, "".join(new[head:new_end]))
                if head < 0 or (end == len(old) and not module.has_trailing_newline):
                    change = (-1, -1, "")  # described by fix_edits
            self._imports[adds] = change
        return self._imports[adds]


def _top_statements(module: cst.Module) -> int:
    """How many top-level statements adding an import may read or change: the first (a docstring, or anything),
    the lines of imports after it, and the statement after those, which may get an empty line above it."""
    body = module.body
    at = 1
    while at < len(body) and isinstance(body[at], cst.SimpleStatementLine):
        if not all(isinstance(small, (cst.Import, cst.ImportFrom)) for small in body[at].body):  # type: ignore[attr-defined]
            break
        at += 1
    return min(at + 1, len(body))


def _header(module: cst.Module) -> str:
    """str: the text of a module's leading comments and blank lines."""
    return cst.Module(body=(), header=module.header).code if module.header else ""


def fix_edits(module: cst.Module, fix: Fix) -> tuple[Edit, ...]:
    """Describe what one fix changes as replacements of the smallest spans that differ, one per changed region.

    Args:
        module (cst.Module): the module the fix's nodes belong to.
        fix (Fix): the fix.
    Returns:
        tuple[Edit, ...]: the replaced spans (1-based, end exclusive) and their new text, in source order.
    """
    return text_edits(module.code, apply_fixes(module, [fix]).code)


def text_edits(old: str, new: str) -> tuple[Edit, ...]:
    """Describe how one text becomes another as replacements of the smallest spans that differ (difflib's opcodes
    over lines, trimmed of their common ends).

    Args:
        old (str): the text before.
        new (str): the text after.
    Returns:
        tuple[Edit, ...]: the replaced spans of ``old`` (1-based, end exclusive) and their new text, in source order.
    """
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    old_starts = [0]
    for line in old_lines:
        old_starts.append(old_starts[-1] + len(line))
    edits = []
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        before, after = "".join(old_lines[i1:i2]), "".join(new_lines[j1:j2])
        head = len(os.path.commonprefix([before, after]))
        tail = len(os.path.commonprefix([before[head:][::-1], after[head:][::-1]]))
        start, end = old_starts[i1] + head, old_starts[i2] - tail
        row, column = _row_column(old, start)
        end_row, end_column = _row_column(old, end)
        edits.append(Edit(after[head : len(after) - tail], row, column, end_row, end_column))
    return tuple(edits)
