"""The values of literal tokens in a libcst tree.

libcst's ``evaluated_value`` calls :func:`ast.literal_eval` on every access, which compiles the token and leaves
four closures in a reference cycle per call. A check reads the same few literals (``"error"``, ``"action"``, ``0``)
hundreds of thousands of times in a large server, and the cyclic garbage collector, which the check step pauses
while it works (see :func:`mcp_lint.checker.collector_paused`), would only free them later. Here each distinct
short token is evaluated once per process, and none leaves garbage.
"""

from __future__ import annotations

import ast
import functools
import warnings

import libcst as cst

# Tokens longer than this (docstrings, embedded documents) are rare and not kept.
_KEPT_LENGTH = 256


def _evaluate(token: str) -> object:
    return _evaluate_kept(token) if len(token) <= _KEPT_LENGTH else _evaluate_once(token)


def _evaluate_once(token: str) -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an invalid escape in the checked code ("\d") is not ours to report
        body = ast.parse(token, mode="eval").body
    return body.value if isinstance(body, ast.Constant) else ast.literal_eval(token)


_evaluate_kept = functools.lru_cache(maxsize=1 << 14)(_evaluate_once)


def literal_value(node: cst.SimpleString) -> str | bytes:
    """Return the value a string literal stands for, as ``node.evaluated_value`` does.

    Args:
        node (cst.SimpleString): the literal.
    Returns:
        str | bytes: its value.
    Raises:
        SyntaxError: when the token is not a valid literal (libcst's parser never makes such a node).
    """
    return _evaluate(node.value)  # type: ignore[return-value]


def integer_value(node: cst.Integer) -> int:
    """Return the value an integer literal stands for, as ``node.evaluated_value`` does.

    Args:
        node (cst.Integer): the literal.
    Returns:
        int: its value.
    Raises:
        SyntaxError: when the token is not a valid literal (libcst's parser never makes such a node).
    """
    return _evaluate(node.value)  # type: ignore[return-value]


def string_value(expr: cst.BaseExpression | None) -> str | None:
    """Return the text of a plain string literal.

    Args:
        expr (cst.BaseExpression | None): any expression.
    Returns:
        str | None: the text, or None for anything else (a bytes literal, an f-string, a concatenation, a name).
    """
    if isinstance(expr, cst.SimpleString):
        value = _evaluate(expr.value)
        return value if isinstance(value, str) else None
    return None
