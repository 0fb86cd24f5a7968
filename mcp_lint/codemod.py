"""Applying fixes to a module: node edits, import changes, and the span a fix replaces (ruff's JSON edits)."""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Sequence

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from mcp_lint.diagnostics import Edit, Fix, Transform


class _ApplyEdits(cst.CSTTransformer):
    def __init__(self, fixes: Sequence[Fix]) -> None:
        super().__init__()
        self.edits: dict[cst.CSTNode, list[Transform]] = {}
        for fix in fixes:
            for node, transform in fix.edits:
                self.edits.setdefault(node, []).append(transform)

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode) -> cst.CSTNode:
        for transform in self.edits.get(original_node, ()):
            updated_node = transform(updated_node)
        if isinstance(original_node, cst.SimpleStatementLine) and original_node is not updated_node:
            updated_node = _keep_comments(original_node, updated_node)
        return updated_node


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
    updated = module.visit(_ApplyEdits(fixes))
    assert isinstance(updated, cst.Module)
    context = CodemodContext()
    adds = [imp for fix in fixes for imp in fix.add_imports]
    removes = [imp for fix in fixes for imp in fix.remove_imports]
    if adds:
        for module_name, name in adds:
            AddImportsVisitor.add_needed_import(context, module_name, name)
        updated = AddImportsVisitor(context).transform_module(updated)
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
