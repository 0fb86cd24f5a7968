"""Leave out the function bodies no rule reads, before libcst parses a module.

libcst's tree costs about ten times CPython's ``ast``, and in a real server most functions are never run by a tool:
clients, parsers, command-line entry points. The project model says which bodies the check step may skip
(:attr:`mcp_lint.project.ModuleFacts.hollow`); :func:`hollow` replaces each with ``...`` followed by empty lines,
so that every line and column of what is left is where it was in the file, the definitions keep their names,
decorators and signatures (so functions are numbered and found as before), and diagnostics need no mapping back.
The fixer and anything that describes a fix as text edits parse the whole module instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_BLANK = frozenset(b" \t\f")


def hollow(source: bytes, bodies: Iterable[tuple[int, int, int]], keep: Sequence[re.Pattern[bytes]] = ()) -> bytes:
    """Replace function bodies by ``...`` and empty lines, keeping every other line as it was.

    A body is left as it was when it does not start on a line of its own (``def f(): return 1``), when the line
    before it continues onto it with a backslash, or when its text matches a pattern of ``keep`` (a rule reads such bodies
    wherever they are: a server built with masking turned on inside a factory function, say).

    Args:
        source (bytes): the module's bytes.
        bodies (Iterable[tuple[int, int, int]]): each body's first line (1-based), the column of its first
            statement in UTF-8 bytes, and its last line; bodies must not overlap.
        keep (Sequence[re.Pattern[bytes]]): text that keeps a body whole.
    Returns:
        bytes: the new source, with as many lines as ``source`` (``source`` itself when nothing was left out).
    """
    lines: list[bytes] | None = None
    changed = False
    for first, column, last in bodies:
        if lines is None:
            lines = source.splitlines(keepends=True)
        if not (1 < first <= last <= len(lines)):
            continue
        start = lines[first - 1]
        if column <= 0 or column > len(start) or not _BLANK.issuperset(start[:column]):
            continue
        if lines[first - 2].rstrip(b"\r\n").endswith(b"\\"):
            continue
        if keep:
            text = b"".join(lines[first - 1 : last])
            if any(pattern.search(text) is not None for pattern in keep):
                continue
        lines[first - 1] = start[:column] + b"..." + _ending(start)
        for at in range(first, last):
            lines[at] = _ending(lines[at]) or b"\n"
        changed = True
    return b"".join(lines) if changed and lines is not None else source


def _ending(line: bytes) -> bytes:
    """bytes: the line's own line break (``\\r\\n``, ``\\n`` or ``\\r``), empty on a last line without one."""
    if line.endswith(b"\r\n"):
        return b"\r\n"
    if line.endswith((b"\n", b"\r")):
        return line[-1:]
    return b""
