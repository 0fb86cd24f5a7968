"""A narrow symbol table: which local names stand for which imported MCP symbols.

mcp-lint does not run libcst's full ``QualifiedNameProvider``. It only needs to know which names a
module binds by ``import``/``from ... import`` and what the module-level constants hold, so this
table records exactly that, in one pass that :mod:`mcp_lint.discovery` drives.
"""

from __future__ import annotations

import libcst as cst
from libcst.helpers import get_full_name_for_node

from mcp_lint.frameworks import MCP_ROOT_PACKAGES


class SymbolTable:
    """Imports and module-level constants of one module.

    Attributes:
        imports (dict[str, str]): local name to the qualified name it was imported as.
        constants (dict[str, cst.BaseExpression]): module-level ``NAME = value`` assignments.
        imports_mcp (bool): whether the module imports anything from ``mcp``, ``mcp_types`` or ``fastmcp``.
    """

    def __init__(self) -> None:
        self.imports: dict[str, str] = {}
        self.constants: dict[str, cst.BaseExpression] = {}
        self.imports_mcp = False

    def add_import(self, node: cst.Import | cst.ImportFrom) -> None:
        """Record the names an import statement binds.

        Names from relative imports resolve to dotted names that start with a dot. Star imports are skipped.

        Args:
            node (cst.Import | cst.ImportFrom): the statement.
        """
        if isinstance(node, cst.Import):
            for alias in node.names:
                dotted = get_full_name_for_node(alias.name)
                if dotted is None:
                    continue
                self._note_package(dotted)
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    self.imports[alias.asname.name.value] = dotted
                else:
                    root = dotted.split(".", 1)[0]
                    self.imports.setdefault(root, root)
            return
        if isinstance(node.names, cst.ImportStar):
            return
        module = get_full_name_for_node(node.module) if node.module is not None else ""
        if module is None:
            return
        if node.relative:
            # A project-local module: recorded so that its names resolve to nothing MCP knows.
            module = "." * len(node.relative) + module
        else:
            self._note_package(module)
        for alias in node.names:
            name = get_full_name_for_node(alias.name)
            if name is None:
                continue
            local = alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) else name
            self.imports[local] = f"{module}.{name}" if module and not module.endswith(".") else f"{module}{name}"

    def _note_package(self, dotted: str) -> None:
        if dotted.split(".", 1)[0] in MCP_ROOT_PACKAGES:
            self.imports_mcp = True

    def add_constant(self, name: str, value: cst.BaseExpression) -> None:
        """Record a module-level ``name = value`` assignment (the first one wins).

        Args:
            name (str): the assigned name.
            value (cst.BaseExpression): the assigned expression.
        """
        self.constants.setdefault(name, value)

    def resolve(self, expr: cst.BaseExpression) -> str | None:
        """Resolve a name or attribute chain to the qualified name of an imported symbol.

        ``types.INVALID_PARAMS`` after ``import mcp.types as types`` gives ``mcp.types.INVALID_PARAMS``.

        Args:
            expr (cst.BaseExpression): a ``Name`` or ``Attribute`` (anything else resolves to None).
        Returns:
            str | None: the qualified name, or None when the root name was not imported.
        """
        if isinstance(expr, cst.Name):
            return self.imports.get(expr.value)
        if isinstance(expr, cst.Attribute):
            base = self.resolve(expr.value)
            return None if base is None else f"{base}.{expr.attr.value}"
        return None

    def resolve_in(self, expr: cst.BaseExpression, names: frozenset[str] | set[str] | dict) -> str | None:
        """Resolve ``expr`` and return its qualified name if it is one of ``names``.

        Args:
            expr (cst.BaseExpression): the expression to resolve.
            names (Container[str]): the qualified names of interest.
        Returns:
            str | None: the qualified name when it is in ``names``, else None.
        """
        qualified = self.resolve(expr)
        return qualified if qualified is not None and qualified in names else None
