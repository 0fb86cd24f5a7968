"""Suppression comments: flake8's ``# noqa`` (its own regex and semantics) and the file-level ``# mcp-lint: noqa``.

``# noqa`` suppresses every code on its line, ``# noqa: MCP001,MCP002`` the listed codes and code prefixes,
exactly as flake8 decides it, so that a project using both tools shares one comment. A line
``# mcp-lint: noqa`` anywhere in a file suppresses every finding in it, ``# mcp-lint: noqa: MCP002`` the codes
listed. flake8's own ``# flake8: noqa`` line suppresses every finding in the file too. :func:`add_noqa` writes suppressions for current findings (``--add-noqa``).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Sequence

from flake8.defaults import NOQA_FILE, NOQA_INLINE_REGEXP
from flake8.utils import parse_comma_separated_list

from mcp_lint.diagnostics import PARSE_ERROR_CODE, Diagnostic

FILE_NOQA = re.compile(r"^\s*#\s*mcp-lint\s*:\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?\s*$", re.I)


def _matches(code: str, codes: set[str]) -> bool:
    return code in codes or code.startswith(tuple(codes))


def _codes(text: str | None) -> set[str] | None:
    return None if text is None else set(parse_comma_separated_list(text))


def is_suppressed(diagnostic: Diagnostic, line: str) -> bool:
    """Tell whether the physical line a diagnostic is reported on suppresses it (flake8's rule).

    Args:
        diagnostic (Diagnostic): the finding.
        line (str): the text of its reported line.
    Returns:
        bool: True for a blanket ``# noqa`` or a ``# noqa:`` naming its code or a prefix of it.
    """
    match = NOQA_INLINE_REGEXP.search(line)
    if match is None:
        return False
    codes = _codes(match.group("codes"))
    return codes is None or _matches(diagnostic.code, codes)


def file_suppressions(lines: Sequence[str]) -> set[str] | None:
    """Read the file-level directives: ``# mcp-lint: noqa`` and flake8's ``# flake8: noqa``.

    A line that starts with ``# flake8: noqa`` suppresses the whole file, exactly as flake8 decides it (its own
    ``NOQA_FILE`` regex, matched at the start of a line; flake8 ignores the directive after code).

    Args:
        lines (Sequence[str]): the file's lines.
    Returns:
        set[str] | None: the suppressed codes; an empty set means none are; None means all are.
    """
    codes: set[str] = set()
    for line in lines:
        if NOQA_FILE.match(line):
            return None
        match = FILE_NOQA.match(line)
        if match is not None:
            listed = _codes(match.group("codes"))
            if listed is None:
                return None
            codes |= listed
    return codes


def source_lines(source: bytes | str) -> list[str]:
    """Decode a file's source (PEP 263 and BOM aware) into lines.

    Args:
        source (bytes | str): the file's bytes or text.
    Returns:
        list[str]: its lines without line endings; an undecodable file gives no lines.
    """
    if isinstance(source, bytes):
        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
            source = source.decode(encoding)
        except (SyntaxError, LookupError, UnicodeDecodeError):
            return []
    return source.splitlines()


def suppress(diagnostics: Sequence[Diagnostic], lines: Sequence[str], inline: bool = True) -> list[Diagnostic]:
    """Drop the diagnostics that ``# noqa`` or ``# mcp-lint: noqa`` suppress. MCP000 is never suppressed.

    Args:
        diagnostics (Sequence[Diagnostic]): the findings of one file.
        lines (Sequence[str]): the file's lines.
        inline (bool): also apply line ``# noqa`` comments (flake8 applies those itself).
    Returns:
        list[Diagnostic]: the findings that remain.
    """
    file_codes = file_suppressions(lines)
    kept = []
    for d in diagnostics:
        if d.code == PARSE_ERROR_CODE:
            kept.append(d)
        elif file_codes is None or _matches(d.code, file_codes):
            continue
        elif inline and 0 < d.row <= len(lines) and is_suppressed(d, lines[d.row - 1]):
            continue
        else:
            kept.append(d)
    return kept


def add_noqa(source: bytes, diagnostics: Sequence[Diagnostic]) -> tuple[bytes, int]:
    """Add ``# noqa: CODE`` to every line with a finding, extending an existing ``# noqa:`` list.

    Args:
        source (bytes): the file's bytes; the encoding and line endings are kept.
        diagnostics (Sequence[Diagnostic]): its unsuppressed findings.
    Returns:
        tuple[bytes, int]: the new source and the number of lines that got a directive.
    """
    encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
    text = source.decode(encoding)  # "utf-8-sig" when there is a BOM: it comes back on encoding
    lines = text.splitlines(keepends=True)
    by_row: dict[int, list[str]] = {}
    for d in diagnostics:
        if d.code != PARSE_ERROR_CODE and 0 < d.row <= len(lines):
            by_row.setdefault(d.row, [])
            if d.code not in by_row[d.row]:
                by_row[d.row].append(d.code)
    added = 0
    for row, codes in by_row.items():
        line = lines[row - 1]
        body = line.rstrip("\r\n")
        ending = line[len(body) :]
        match = NOQA_INLINE_REGEXP.search(body)
        if match is not None and match.group("codes") is None:
            continue  # a blanket noqa already covers the line
        if match is not None:
            existing = list(parse_comma_separated_list(match.group("codes")))
            new = existing + [c for c in codes if c not in existing]
            body = body[: match.start()] + "# noqa: " + ", ".join(new) + body[match.end() :]
        else:
            body = body.rstrip() + "  # noqa: " + ", ".join(codes)
        lines[row - 1] = body + ending
        added += 1
    return "".join(lines).encode(encoding), added
