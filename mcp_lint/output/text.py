"""Text formats for people: ``full`` (with a source frame and the fix title), ``concise``, the summary line
and ``--statistics``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from mcp_lint.diagnostics import Applicability, Diagnostic, FileResult
from mcp_lint.noqa import source_lines


def fixable_mark(diagnostic: Diagnostic) -> str:
    """``[*]`` for a safe fix, ``[-]`` for an unsafe one, nothing without a fix (ruff's marks).

    Args:
        diagnostic (Diagnostic): the finding.
    Returns:
        str: the mark, with a trailing space when not empty.
    """
    if diagnostic.fix_applicability is Applicability.SAFE:
        return "[*] "
    if diagnostic.fix_applicability is Applicability.UNSAFE:
        return "[-] "
    return ""


def concise_line(path: Path, d: Diagnostic) -> str:
    """One diagnostic as ``path:row:column: CODE message``.

    Args:
        path (Path): the file.
        d (Diagnostic): the finding.
    Returns:
        str: the line.
    """
    return f"{path}:{d.row}:{d.column}: {d.code} {d.message}"


def render_concise(results: Sequence[FileResult]) -> str:
    """Render ``path:row:column: CODE message`` lines, as flake8 does.

    Args:
        results (Sequence[FileResult]): the checked files.
    Returns:
        str: one line per diagnostic.
    """
    return "".join(concise_line(r.path, d) + "\n" for r in results for d in r.diagnostics)


@lru_cache(maxsize=64)
def _lines(path: Path) -> tuple[str, ...]:
    try:
        return tuple(source_lines(path.read_bytes()))
    except OSError:
        return ()


def _frame(lines: Sequence[str], d: Diagnostic) -> list[str]:
    if not 0 < d.row <= len(lines):
        return []
    first = max(1, d.row - 2)
    width = len(str(d.row))
    out = [f"{'':>{width}} |"]
    for number in range(first, d.row + 1):
        out.append(f"{number:>{width}} | {lines[number - 1]}")
    line = lines[d.row - 1]
    end = d.end_column if d.end_row == d.row and d.end_column > d.column else len(line) + 1
    out.append(f"{'':>{width}} | {' ' * (d.column - 1)}{'^' * max(1, end - d.column)} {d.code}")
    out.append(f"{'':>{width}} |")
    return out


def render_full(results: Sequence[FileResult]) -> str:
    """Render each diagnostic with its code, a source frame and the fix title (ruff's ``full``).

    Args:
        results (Sequence[FileResult]): the checked files.
    Returns:
        str: the report.
    """
    blocks = []
    for result in results:
        lines = source_lines(result.source) if result.source is not None else _lines(result.path)
        for d in result.diagnostics:
            block = [f"{result.path}:{d.row}:{d.column}: {d.code} {fixable_mark(d)}{d.message}", *_frame(lines, d)]
            if d.fix_title:
                block.append(f"= help: {d.fix_title}")
            blocks.append("\n".join(block) + "\n")
    return "\n".join(blocks)


def summary(results: Sequence[FileResult], unsafe_fixes: bool = False) -> str:
    """The closing line of a check, with what ``fix`` could do.

    Args:
        results (Sequence[FileResult]): the checked files.
        unsafe_fixes (bool): whether unsafe fixes would be applied.
    Returns:
        str: ``All checks passed!`` or ``Found N errors.``, and the fixable counts.
    """
    diagnostics = [d for r in results for d in r.diagnostics]
    if not diagnostics:
        return "All checks passed!"
    text = f"Found {len(diagnostics)} error{'s' if len(diagnostics) != 1 else ''}."
    safe = sum(1 for d in diagnostics if d.fix_applicability is Applicability.SAFE)
    unsafe = sum(1 for d in diagnostics if d.fix_applicability is Applicability.UNSAFE)
    fixable = safe + (unsafe if unsafe_fixes else 0)
    if fixable:
        text += f"\n[*] {fixable} fixable with `mcp-lint fix{' --unsafe-fixes' if unsafe_fixes else ''}`."
    if unsafe and not unsafe_fixes:
        text += f"\n{unsafe} hidden fix{'es' if unsafe != 1 else ''} can be enabled with the `--unsafe-fixes` option."
    return text


def _statistics(results: Sequence[FileResult]) -> list[tuple[str, str, int, Applicability | None]]:
    """Per code: its name, its count and the best fix applicability among its diagnostics, most frequent first."""
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    best: dict[str, Applicability | None] = {}
    for d in (d for r in results for d in r.diagnostics):
        counts[d.code] += 1
        names.setdefault(d.code, d.name)
        if d.fix_applicability is Applicability.SAFE or best.get(d.code) is Applicability.SAFE:
            best[d.code] = Applicability.SAFE
        else:
            best[d.code] = best.get(d.code) or d.fix_applicability
    return [
        (code, names[code], count, best[code])
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


def _applicable(applicability: Applicability | None, unsafe_fixes: bool) -> bool:
    return applicability is Applicability.SAFE or (unsafe_fixes and applicability is Applicability.UNSAFE)


def render_statistics(results: Sequence[FileResult], unsafe_fixes: bool = False) -> str:
    """Count diagnostics per code: count, code, fixable mark and rule name (ruff's ``--statistics``).

    The mark is ``[*]`` when a fix of the code applies (safe, or unsafe with ``--unsafe-fixes``), ``[-]`` when
    only unsafe fixes exist and they are not enabled, ``[ ]`` without a fix.

    Args:
        results (Sequence[FileResult]): the checked files.
        unsafe_fixes (bool): whether unsafe fixes count as fixable.
    Returns:
        str: one line per code, most frequent first.
    """
    rows = _statistics(results)
    width = max((len(str(count)) for _, _, count, _ in rows), default=1)
    lines = []
    for code, name, count, applicability in rows:
        mark = "[*]" if _applicable(applicability, unsafe_fixes) else "[-]" if applicability else "[ ]"
        lines.append(f"{count:>{width}}\t{code}\t{mark} {name}\n")
    return "".join(lines)


def render_statistics_json(results: Sequence[FileResult], unsafe_fixes: bool = False) -> str:
    """``--statistics --output-format json``: ruff's list of ``{code, name, count, fixable}``.

    Args:
        results (Sequence[FileResult]): the checked files.
        unsafe_fixes (bool): whether unsafe fixes count as fixable.
    Returns:
        str: the JSON text, most frequent code first.
    """
    records = [
        {"code": code, "name": name, "count": count, "fixable": _applicable(applicability, unsafe_fixes)}
        for code, name, count, applicability in _statistics(results)
    ]
    return json.dumps(records, indent=2) + "\n"
