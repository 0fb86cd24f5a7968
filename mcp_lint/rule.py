"""The base class every rule in :mod:`mcp_lint.rules` derives from, and the context the engine gives it.

A rule is a libcst-style visitor: it defines ``visit_<Node>``/``leave_<Node>`` methods, and the engine
(:mod:`mcp_lint.checker`) calls them for all selected rules in one batched traversal. The rule's class
docstring is its documentation, in the sections listed in :data:`DOC_SECTIONS`.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import libcst as cst

from mcp_lint.diagnostics import Applicability, Diagnostic, Fix
from mcp_lint.discovery import ModuleIndex, ToolScope
from mcp_lint.frameworks.versions import SdkVersions
from mcp_lint.dispatch import ancestors_within  # noqa: F401 - re-exported for the rules

#: The sections every rule's documentation has, in order.
DOC_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety", "References")


@dataclass(frozen=True)
class RuleOptions:
    """Options that change what rules report or emit.

    Attributes:
        retry_after_seconds (int): the delay MCP004's fix adds (option ``retry-after-seconds``).
        target_sdk (tuple[str, ...]): requirements on mcp/fastmcp that replace the project's detected versions
            (option ``target-sdk``).
    """

    retry_after_seconds: int = 30
    target_sdk: tuple[str, ...] = ()


class RuleContext:
    """What the engine knows at the node a rule is visiting.

    Attributes:
        index (ModuleIndex): the module's discovery result.
        scope (ToolScope | None): the tool scope of the innermost enclosing function, or None when the
            innermost function is not in tool context (or there is none).
        ancestors (list[cst.CSTNode]): the ancestors of the node being visited, from the module down, the node
            itself excluded. The engine reuses the list: read it during the visit, do not keep it.
        node (cst.CSTNode | None): the node being visited.
        diagnostics (list[Diagnostic]): what the rules reported so far.
        options (RuleOptions): the rule options in effect.
        sdk (SdkVersions): the mcp/fastmcp releases the module's project allows; ask
            ``sdk.runtimes(scope.framework)`` for the releases a tool may run on.
    """

    def __init__(self, index: ModuleIndex, options: RuleOptions | None = None, sdk: SdkVersions | None = None) -> None:
        self.index = index
        self.options = options or RuleOptions()
        self.sdk = sdk or SdkVersions()
        self.scope: ToolScope | None = None
        self.ancestors: list[cst.CSTNode] = []
        self.node: cst.CSTNode | None = None
        self.diagnostics: list[Diagnostic] = []
        #: The top-level statement each diagnostic was reported in (by ``id``), for positions.
        self.statements: dict[int, cst.CSTNode] = {}
        #: The innermost function each diagnostic was reported in (by ``id``), with its path, for positions.
        self.functions: dict[int, tuple[cst.FunctionDef, str]] = {}
        #: The innermost statement inside that function each diagnostic was reported at or in (by ``id``), for
        #: positions: printing it alone costs less than printing the function.
        self.inner: dict[int, cst.CSTNode] = {}

    @property
    def module(self) -> cst.Module | None:
        """cst.Module | None: the module being walked (the first ancestor), None outside a walk."""
        root = self.ancestors[0] if self.ancestors else None
        return root if isinstance(root, cst.Module) else None

    def report(self, rule: Rule, node: cst.CSTNode, message: str, fix: Fix | None = None) -> Diagnostic:
        """Record a finding; the engine fills in its position.

        Args:
            rule (Rule): the reporting rule.
            node (cst.CSTNode): the node the finding is about.
            message (str): the message for the user.
            fix (Fix | None): the codemod that resolves it, if any.
        Returns:
            Diagnostic: the new diagnostic.
        """
        diagnostic = Diagnostic(rule.code, rule.name, message, node=node, fix=fix)
        self.diagnostics.append(diagnostic)
        if len(self.ancestors) > 1:
            self.statements[id(diagnostic)] = self.ancestors[1]
        inner: cst.CSTNode | None = None
        chain = self.ancestors if self.node is None else [*self.ancestors, self.node]
        for at in range(len(chain) - 1, -1, -1):
            ancestor = chain[at]
            if type(ancestor) is cst.FunctionDef:
                info = self.index.functions.get(ancestor)
                if info is not None:
                    self.functions[id(diagnostic)] = (ancestor, info.path)
                    if inner is not None:
                        self.inner[id(diagnostic)] = inner
                break
            if inner is None and isinstance(ancestor, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
                # An ``elif`` prints as ``if`` on its own: its whole ``if`` statement is printed instead.
                if not (type(ancestor) is cst.If and at and getattr(chain[at - 1], "orelse", None) is ancestor):
                    inner = ancestor
        return diagnostic


class Rule:
    """Base class of a rule. Subclasses set the class attributes and define visitor methods.

    Attributes:
        code (str): the rule code, ``MCP001``.
        name (str): the kebab-case rule name.
        summary (str): a one-line description of what it reports.
        fix_applicability (Applicability | None): the applicability of its fix, None when it has no fix.
        fix_always (bool): whether every finding gets a fix, not only some.
        requires (re.Pattern[bytes] | None): bytes a source must contain for the rule to possibly report
            anything in it; the engine does not parse a file that no selected rule could report in.
        tool_context (bool): whether the rule reports only in tool handlers and their helpers, so only in
            modules that register tools.
        reads_bodies (re.Pattern[bytes] | None): text that makes the rule read a function body wherever it is,
            reached by a tool or not (a server built inside a factory function, say); the engine parses the
            bodies no tool reaches only when they contain it. A rule that reports outside tool context says here
            what a body must contain for it to report there; without it, every body of every module is parsed.
        preview (bool): whether the rule is in preview: it runs only when preview is enabled (``--preview`` or
            ``preview = true``), even when a selector names it, as in ruff.
        context (RuleContext): set by the engine for each module.
    """

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    fix_applicability: ClassVar[Applicability | None] = None
    fix_always: ClassVar[bool] = False
    requires: ClassVar[re.Pattern[bytes] | None] = None
    tool_context: ClassVar[bool] = True
    reads_bodies: ClassVar[re.Pattern[bytes] | None] = None
    preview: ClassVar[bool] = False

    def __init__(self, context: RuleContext) -> None:
        self.context = context

    def report(self, node: cst.CSTNode, message: str, fix: Fix | None = None) -> Diagnostic:
        """Report a finding at ``node``.

        Args:
            node (cst.CSTNode): the node the finding is about.
            message (str): the message for the user.
            fix (Fix | None): the codemod that resolves it, if any.
        Returns:
            Diagnostic: the new diagnostic.
        """
        return self.context.report(self, node, message, fix)

    @classmethod
    def could_report(
        cls, source: bytes, has_tools: bool, elsewhere: Callable[[re.Pattern[bytes]], bool] | None = None
    ) -> bool:
        """Tell, from bytes alone, whether the rule could report anything in a module.

        Args:
            source (bytes): the module's source.
            has_tools (bool): whether any function of the module runs in tool context.
            elsewhere (Callable[[re.Pattern[bytes]], bool] | None): whether a module its tools' calls lead to
                contains a pattern (a helper there may build what the rule looks for); none does when None.
        Returns:
            bool: False only when the rule certainly reports nothing in it.
        """
        if cls.tool_context and not has_tools:
            return False
        if cls.requires is None or cls.requires.search(source) is not None:
            return True
        return elsewhere is not None and elsewhere(cls.requires)

    @classmethod
    def fix_availability(cls) -> str:
        """Say whether the rule's findings get fixes, in ruff's words.

        Returns:
            str: ``Fix is always available.``, ``Fix is sometimes available.`` or ``Fix is not available.``
        """
        if cls.fix_applicability is None:
            return "Fix is not available."
        return "Fix is always available." if cls.fix_always else "Fix is sometimes available."

    @classmethod
    def documentation(cls) -> str:
        """Return the rule's documentation, its dedented class docstring.

        Returns:
            str: the documentation text.
        """
        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def doc_sections(cls) -> dict[str, str]:
        """Split the documentation into its ``## Section`` parts.

        Returns:
            dict[str, str]: section title to section text, in order.
        """
        parts = re.split(r"^## (.+)$", cls.documentation(), flags=re.MULTILINE)
        return {title.strip(): text.strip() for title, text in zip(parts[1::2], parts[2::2])}

    @classmethod
    def doc_example(cls, section: str) -> str:
        """Return the first Python code block of a documentation section.

        Args:
            section (str): ``Example`` or ``Use instead``.
        Returns:
            str: the code.
        Raises:
            KeyError: when the section is missing.
            ValueError: when it holds no code block.
        """
        match = re.search(r"```python\n(.*?)```", cls.doc_sections()[section], flags=re.DOTALL)
        if match is None:
            raise ValueError(f"{cls.code}: section {section!r} has no python code block")
        return match.group(1)

