"""The fix engine: apply the rules' codemods until nothing changes, then write atomically.

Each pass parses the source, runs the check engine, applies every selected fix whose edits do not overlap
another's, adds and removes imports with libcst's ``AddImportsVisitor``/``RemoveImportsVisitor``, and
checks that the result still parses. Passes repeat until no fix applies (ruff's convergence loop).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from mcp_lint.checker import check_module, internal_error, may_define_tools, parse, parse_error, tree_work
from mcp_lint.codemod import apply_fixes
from mcp_lint.diagnostics import Applicability, Diagnostic, Fix
from mcp_lint.frameworks.versions import sdk_for
from mcp_lint.noqa import source_lines, suppress
from mcp_lint.project import ModuleFacts, ProjectContext, current_context
from mcp_lint.rule import Rule, RuleOptions

#: Passes after which a file that still changes is reported as not converging.
MAX_PASSES = 10


@dataclass
class FixOutcome:
    """What fixing one file did.

    Attributes:
        path (Path): the file.
        original (bytes): its source before.
        fixed (bytes): its source after (equal to ``original`` when nothing changed).
        applied (list[Diagnostic]): the diagnostics whose fixes were applied, over all passes.
        remaining (list[Diagnostic]): the diagnostics left after fixing.
        error (Diagnostic | None): MCP000 when the file could not be parsed or a fix broke it; then
            ``fixed`` is ``original``.
    """

    path: Path
    original: bytes
    fixed: bytes
    applied: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    error: Diagnostic | None = None

    @property
    def changed(self) -> bool:
        """bool: whether the source changed."""
        return self.fixed != self.original


def has_applicable_fix(diagnostic: Diagnostic, unsafe: bool) -> bool:
    """Tell whether a diagnostic, detached or not, comes with a fix that may be applied.

    Args:
        diagnostic (Diagnostic): the diagnostic.
        unsafe (bool): whether unsafe fixes are allowed.
    Returns:
        bool: True when its fix is safe, or unsafe and allowed.
    """
    applicability = diagnostic.fix_applicability
    return applicability is Applicability.SAFE or (unsafe and applicability is Applicability.UNSAFE)


def is_applicable(diagnostic: Diagnostic, unsafe: bool) -> bool:
    """Tell whether a diagnostic's fix may be applied.

    Args:
        diagnostic (Diagnostic): the diagnostic.
        unsafe (bool): whether unsafe fixes are allowed.
    Returns:
        bool: True when it has a fix that is safe, or unsafe and allowed.
    """
    return diagnostic.fix is not None and has_applicable_fix(diagnostic, unsafe)


class _Descendants(cst.CSTVisitor):
    def __init__(self) -> None:
        self.nodes: set[int] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.nodes.add(id(node))
        return True


def _non_overlapping(diagnostics: Sequence[Diagnostic]) -> list[Fix]:
    """Choose fixes whose edited nodes are disjoint subtrees; the others wait for the next pass."""
    claimed: set[int] = set()
    chosen: list[Fix] = []
    for diagnostic in diagnostics:
        fix = diagnostic.fix
        assert fix is not None
        subtree: set[int] = set()
        for node, _ in fix.edits:
            visitor = _Descendants()
            node.visit(visitor)
            subtree |= visitor.nodes
        if subtree & claimed:
            continue
        claimed |= subtree
        chosen.append(fix)
    return chosen


def fix_source(
    source: bytes, path: Path, rule_classes: Sequence[type[Rule]], unsafe: bool = False,
    options: RuleOptions | None = None, facts: ModuleFacts | None = None, project: ProjectContext | None = None,
    start: tuple[cst.Module, list[Diagnostic]] | None = None,
) -> FixOutcome:  # fmt: skip
    """Fix one file's source until no applicable fix is left.

    Args:
        source (bytes): the file's bytes; the result keeps its encoding and line endings.
        path (Path): its path, for the outcome.
        rule_classes (Sequence[type[Rule]]): the selected rules.
        unsafe (bool): whether to apply unsafe fixes too.
        options (RuleOptions | None): rule options.
        facts (ModuleFacts | None): its facts from its project model; None fixes it on its own. Fixes rename no
            function, so the facts hold for every pass.
        project (ProjectContext | None): the project, for calls that lead into other modules.
        start (tuple[cst.Module, list[Diagnostic]] | None): the whole module's tree and its findings before ``noqa``
            comments, when a check already made them from ``source`` with the same rules, facts and project
            (:func:`mcp_lint.checker.check_whole`): the first pass starts from them instead of parsing and checking.
    Returns:
        FixOutcome: the fixed source and what was applied and what remains. A fix that would break the
        code leaves the file untouched and sets ``error``.
    """
    with tree_work():
        return _fix_source(source, path, rule_classes, unsafe, options, facts, project, start)


def _fix_source(
    source: bytes, path: Path, rule_classes: Sequence[type[Rule]], unsafe: bool, options: RuleOptions | None,
    facts: ModuleFacts | None, project: ProjectContext | None, start: tuple[cst.Module, list[Diagnostic]] | None,
) -> FixOutcome:  # fmt: skip
    outcome = FixOutcome(path, source, source)
    if facts is None and not may_define_tools(source):
        return outcome
    file = os.path.abspath(path) if facts is not None else None
    sdk = sdk_for(os.path.abspath(path), options.target_sdk if options is not None else ())
    current = source
    module, found = start if start is not None else (parse(current), None)
    if isinstance(module, Diagnostic):
        outcome.error = module
        return outcome
    for _ in range(MAX_PASSES):
        if found is None:
            found = check_module(module, rule_classes, options, facts, project, file, sdk)
        diagnostics, found = suppress(found, source_lines(current)), None
        fixes = _non_overlapping([d for d in diagnostics if is_applicable(d, unsafe)])
        if not fixes:
            outcome.fixed, outcome.remaining = current, diagnostics
            return outcome
        rewritten = apply_fixes(module, fixes).bytes
        parsed = parse(rewritten)  # also the tree of the next pass
        if not isinstance(parsed, cst.Module):
            rule = next(d for d in diagnostics if d.fix is fixes[0])
            outcome.fixed, outcome.applied = source, []
            outcome.error = parse_error(
                f"internal error: the fix for {rule.code} at {rule.row}:{rule.column} would produce code that does "
                "not parse; the file was left untouched. Please report this as a bug.",
                rule.row,
                rule.column,
            )
            return outcome
        outcome.applied.extend(d for d in diagnostics if d.fix in fixes)
        if rewritten == current:
            break
        current, module = rewritten, parsed
    outcome.fixed = current
    outcome.remaining = suppress(check_module(module, rule_classes, options, facts, project, file, sdk), source_lines(current))
    return outcome


def fix_file(
    task: tuple[Path, bytes, Sequence[type[Rule]], bool, RuleOptions | None, ModuleFacts | None],
    start: tuple[cst.Module, list[Diagnostic]] | None = None,
) -> FixOutcome:  # fmt: skip
    """Fix one file's source in a worker process: :func:`fix_source` with detached diagnostics.

    Args:
        task (tuple): the path, its bytes, the rules, whether unsafe fixes apply, the rule options and its facts
            (the project context comes from :func:`mcp_lint.project.current_context`).
        start (tuple[cst.Module, list[Diagnostic]] | None): what the first pass starts from, as for
            :func:`fix_source`.
    Returns:
        FixOutcome: the outcome, fit to pickle.
    """
    path, source, rules, unsafe, options, facts = task
    try:
        project = current_context() if facts is not None else None
        outcome = fix_source(source, path, rules, unsafe, options, facts, project, start)
    except Exception as exc:  # a bug must cost one file, not the run
        return FixOutcome(path, source, source, error=internal_error(exc))
    outcome.applied = [d.detached() for d in outcome.applied]
    outcome.remaining = [d.detached() for d in outcome.remaining]
    return outcome


def outside(path: Path, roots: Sequence[Path]) -> bool:
    """Tell whether a file, symlinks followed, lies outside every one of the given paths.

    Args:
        path (Path): the file to write.
        roots (Sequence[Path]): the files and directories the user asked to fix.
    Returns:
        bool: True when writing it would write outside what was asked for.
    """
    target = path.resolve()
    for root in roots:
        # The given path with its directories resolved, but not itself: a symlink given by name is not a
        # licence to write where it points.
        absolute = Path(os.path.abspath(root))
        given = absolute.parent.resolve() / absolute.name
        if target == given or (given.is_dir() and not given.is_symlink() and target.is_relative_to(given.resolve())):
            return False
    return True


def write_atomically(path: Path, data: bytes) -> None:
    """Replace a file's content through a temporary file and a rename, keeping its mode and owner.

    An interruption (Ctrl-C included) at any point leaves either the old file or the new one, never a part.

    Args:
        path (Path): the file to replace; a symlink is followed and its target replaced.
        data (bytes): the new content.
    Raises:
        OSError: when the file cannot be written; it is then left as it was.
    """
    target = path.resolve()
    info = target.stat()
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".mcp-lint", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, stat.S_IMODE(info.st_mode))
        try:
            os.chown(temp, info.st_uid, info.st_gid)
        except OSError:
            pass  # keeping the owner needs privileges: the mode is kept regardless
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
