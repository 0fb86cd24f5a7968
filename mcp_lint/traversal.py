"""A fast read-only walk over libcst trees.

libcst's visitor protocol rebuilds every node it passes and calls attribute hooks for every field, which costs
several times the parse itself. Checking only needs to read the tree, and never its whitespace, brackets,
commas or operator tokens, so this walker follows each node type's syntactic fields (computed once per type
from the node dataclasses) with an explicit stack. The rules' ``visit_<Node>`` methods are dispatched from it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterator

import libcst as cst

# Fields that only hold layout: whitespace, brackets, separators and keyword tokens.
_LAYOUT_FIELDS = frozenset(
    {
        "lpar", "rpar", "lbracket", "rbracket", "lbrace", "rbrace", "comma", "semicolon", "colon", "dot",
        "equal", "star_tok", "leading_lines", "lines_after_decorators", "header", "footer",
        "trailing_whitespace", "newline", "asynchronous", "operator", "default_indent", "default_newline",
        "encoding", "has_trailing_newline", "first_line", "empty_lines", "indent", "last_line", "whitespace",
    }
)  # fmt: skip

_FIELDS: dict[type, tuple[str, ...]] = {}
_NODE_TYPES: dict[type, bool] = {}


def _is_node(kind: type) -> bool:
    """``issubclass(kind, cst.CSTNode)``, memoised: the ABC check is slow and this runs for every field."""
    known = _NODE_TYPES.get(kind)
    if known is None:
        known = _NODE_TYPES[kind] = issubclass(kind, cst.CSTNode)
    return known


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in _LAYOUT_FIELDS and not f.name.startswith("whitespace")
        )
        _FIELDS[cls] = names
    return names


def children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Yield a node's syntactic children, in field order, without layout nodes.

    Args:
        node (cst.CSTNode): any node.
    Yields:
        cst.CSTNode: each child expression, statement, block, argument or pattern.
    """
    for name in _fields(type(node)):
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            for item in value:
                if _is_node(type(item)):
                    yield item
        elif _is_node(kind):
            yield value


def walk_paths(root: cst.CSTNode, enter: Callable[[cst.CSTNode, list[cst.CSTNode]], bool | None]) -> None:
    """Walk a tree depth-first, giving ``enter`` each node with the path of its ancestors.

    Args:
        root (cst.CSTNode): where to start (it is entered too, with an empty path).
        enter (Callable[[cst.CSTNode, list[cst.CSTNode]], bool | None]): called on each node with its ancestors,
            outermost first; returning False skips its children. The list changes as the walk goes on: read
            it, do not keep it.
    """
    # This loop runs for every node of every parsed file: children() is inlined, fields are pushed in reverse
    # so that they pop in source order.
    path: list[cst.CSTNode] = []
    stack: list[tuple[cst.CSTNode, int]] = [(root, 0)]
    pop, push = stack.pop, stack.append
    fields, node_types = _FIELDS, _NODE_TYPES
    while stack:
        node, depth = pop()
        del path[depth:]
        if enter(node, path) is False:
            continue
        path.append(node)
        depth += 1
        kind = type(node)
        names = fields.get(kind) or _fields(kind)
        for index in range(len(names) - 1, -1, -1):
            value = getattr(node, names[index])
            value_kind = type(value)
            if value_kind is tuple or value_kind is list:
                for position in range(len(value) - 1, -1, -1):
                    item = value[position]
                    item_kind = type(item)
                    known = node_types.get(item_kind)
                    if known or (known is None and _is_node(item_kind)):
                        push((item, depth))
            else:
                known = node_types.get(value_kind)
                if known or (known is None and _is_node(value_kind)):
                    push((value, depth))


_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def value_names(expr: cst.CSTNode) -> tuple[list[str], list[cst.BaseExpression]]:
    """The names an expression reads as values, and its callees.

    Args:
        expr (cst.CSTNode): any node.
    Returns:
        tuple[list[str], list[cst.BaseExpression]]: the names read (not attribute names, not the keywords of
        arguments, not what a lambda's body reads), and the callee expression of each call in it.
    """
    names: list[str] = []
    calls: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            names.append(node.value)
        elif isinstance(node, cst.Attribute):
            stack.append(node.value)
        elif isinstance(node, cst.Call):
            calls.append(node.func)
            if isinstance(node.func, cst.Attribute):
                stack.append(node.func.value)
            stack.extend(arg.value for arg in node.args)
        elif not isinstance(node, cst.Lambda):
            stack.extend(children(node))
    return names, calls


def binds(target: cst.BaseExpression, name: str) -> bool:
    """Whether an assignment or loop target binds the local ``name``.

    Args:
        target (cst.BaseExpression): the target (a name, or a tuple or list of targets, starred ones included).
        name (str): the local's name.
    Returns:
        bool: True when the target binds it.
    """
    if isinstance(target, cst.Name):
        return target.value == name
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(binds(e.value, name) for e in target.elements)
    if isinstance(target, cst.StarredElement):
        return binds(target.value, name)
    return False


def mentions(node: cst.CSTNode, names: Collection[str]) -> bool:
    """Whether a node reads or writes one of some names anywhere below it, not inside nested scopes.

    Args:
        node (cst.CSTNode): where to look.
        names (Collection[str]): the names.
    Returns:
        bool: True when a ``Name`` below it is one of them.
    """
    return any(isinstance(n, cst.Name) and n.value in names for n in nodes(node, prune=_SCOPES))


def path_to(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The nodes from ``root`` down to ``target``, both included, as :meth:`FunctionInfo.reaching` reads them.

    Args:
        root (cst.CSTNode): where to start (a function, say).
        target (cst.CSTNode): a node below it.
    Returns:
        list[cst.CSTNode] | None: the path, outermost first; None when ``target`` is not below ``root``.
    """
    found: list[cst.CSTNode] | None = None

    def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
        nonlocal found
        if found is not None:
            return False
        if node is target:
            found = [*path, node]
            return False
        return True

    walk_paths(root, enter)
    return found


def own_nodes(function: cst.FunctionDef) -> Iterator[cst.CSTNode]:
    """Yield the nodes of a function's own body, not entering nested functions, classes or lambdas.

    Args:
        function (cst.FunctionDef): the function.
    Yields:
        cst.CSTNode: each node of its body.
    """
    return nodes(function.body, _SCOPES)


def nodes(root: cst.CSTNode, prune: tuple[type, ...] = ()) -> Iterator[cst.CSTNode]:
    """Yield every syntactic node below ``root``, ``root`` included, in depth-first order.

    Args:
        root (cst.CSTNode): where to start.
        prune (tuple[type, ...]): node types whose children are not entered (the node itself is yielded).
    Yields:
        cst.CSTNode: each node.
    """
    # Rules call this for every function they look into, many times: children() is inlined as in walk_paths, and
    # whether a node type is pruned is worked out once per type (the ABC check is slow).
    fields, node_types = _FIELDS, _NODE_TYPES
    pruned: dict[type, bool] = {}
    stack: list[cst.CSTNode] = [root]
    pop, push = stack.pop, stack.append
    while stack:
        node = pop()
        yield node
        kind = type(node)
        if prune:
            cut = pruned.get(kind)
            if cut is None:
                cut = pruned[kind] = issubclass(kind, prune)
            if cut:
                continue
        names = fields.get(kind) or _fields(kind)
        for index in range(len(names) - 1, -1, -1):
            value = getattr(node, names[index])
            value_kind = type(value)
            if value_kind is tuple or value_kind is list:
                for position in range(len(value) - 1, -1, -1):
                    item = value[position]
                    item_kind = type(item)
                    known = node_types.get(item_kind)
                    if known or (known is None and _is_node(item_kind)):
                        push(item)
            else:
                known = node_types.get(value_kind)
                if known or (known is None and _is_node(value_kind)):
                    push(value)


def leaves(block: cst.BaseSuite) -> bool:
    """Tell whether a block ends by returning or raising (its last statement is a ``return`` or ``raise``).

    Args:
        block (cst.BaseSuite): an indented block or a one-line suite (``if x: return y``).
    Returns:
        bool: True when control never falls out of its end.
    """
    last = block.body[-1] if block.body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    return isinstance(last, (cst.Return, cst.Raise))
