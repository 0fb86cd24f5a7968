"""A bound on nesting, checked before any parser or tree walk recurses.

libcst's native parser recurses once per bracket and overflows the C stack (a segmentation fault, which no
``except`` can catch) on brackets nested about a thousand deep. CPython itself refuses more than 200 nested
brackets ("too many nested parentheses"), so no valid module goes deeper: a module that does is reported as
MCP000 "too deeply nested" before libcst sees it. The scan skips strings and comments with one regular
expression, so it costs a small fraction of a parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: CPython's own limit on nested brackets (its tokenizer's ``MAXLEVEL``).
MAX_BRACKET_DEPTH = 200

# Comments, strings (any prefix; triple-quoted first) and brackets; everything else is skipped.
_TOKENS = re.compile(
    rb"""#[^\r\n]*"""
    rb"""|'''(?:\\.|[^\\])*?(?:'''|\Z)|\"\"\"(?:\\.|[^\\])*?(?:\"\"\"|\Z)"""
    rb"""|'(?:\\.|[^'\\\r\n])*'?|"(?:\\.|[^"\\\r\n])*"?"""
    rb"""|[(\[{]|[)\]}]""",
    re.S,
)
_OPEN = frozenset(b"([{")


@dataclass(frozen=True)
class NestingProblem:
    """A module nested too deeply to parse safely.

    Attributes:
        message (str): the MCP000 message.
        row (int): the 1-based line of the first bracket past the limit.
        column (int): its 1-based column.
    """

    message: str
    row: int
    column: int


def bracket_depth(source: bytes | str) -> tuple[int, int]:
    """Measure how deeply brackets nest in a module, outside strings and comments.

    Args:
        source (bytes | str): the module's bytes or text.
    Returns:
        tuple[int, int]: the greatest number of brackets open at once, and the byte offset of the first bracket
        past :data:`MAX_BRACKET_DEPTH` (-1 when there is none).
    """
    data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    depth = deepest = 0
    first = -1
    for match in _TOKENS.finditer(data):
        token = match.group()
        if len(token) != 1:
            continue
        if token[0] in _OPEN:
            depth += 1
            if depth > deepest:
                deepest = depth
                if depth == MAX_BRACKET_DEPTH + 1:
                    first = match.start()
        elif depth:
            depth -= 1
    return deepest, first


def nesting_problem(source: bytes | str) -> NestingProblem | None:
    """Tell why a module is nested too deeply to parse safely, if it is.

    Args:
        source (bytes | str): the module's bytes or text.
    Returns:
        NestingProblem | None: the problem, or None when the nesting is within what CPython accepts.
    """
    depth, first = bracket_depth(source)
    if depth <= MAX_BRACKET_DEPTH:
        return None
    data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    row = data.count(b"\n", 0, first) + 1
    column = first - (data.rfind(b"\n", 0, first) + 1) + 1
    return NestingProblem(f"too deeply nested: brackets nested {depth} deep (at most {MAX_BRACKET_DEPTH})", row, column)
