"""Parse a large module with libcst in pieces, into the tree a parse of the whole module gives.

libcst's native parser needs about 350 bytes of memory per byte of source while it parses, and grows slower than
linearly past a few hundred kilobytes: parsing a 1.3 MB server module took 3.4 s, and the process peaked at 507 MB.
Parsed in pieces of a few tens of kilobytes, cut between top-level statements, the same module takes 2.0 s and
the process peaks at 167 MB (the tree itself is about 31 MB). :func:`parse_module` cuts only where the whole module's
tree cannot tell the difference, and assembles the pieces' statements into one :class:`libcst.Module` that is
``deep_equals`` to the whole parse (the tests check this on every fixture and on generated modules, and it held
on all 3,554 modules of a 1.3 M-line tree of real servers that could be cut):

- between two top-level statements on lines of their own, when every line between them is empty or a comment
  that starts in column 0. libcst gives such lines to the next statement (``leading_lines``); an indented
  comment or a line of white space may end the block above it (its ``footer``), so no cut is made there;
- the lines a piece starts with, which libcst gives to the piece's ``Module.header``, go back to its first
  statement's ``leading_lines``; the whole module's header, footer, encoding and trailing newline come from the
  first and the last piece;
- the pieces must agree on the indentation that blocks without their own (``indent=None``) take, and the source
  must be UTF-8 (the later pieces carry no coding declaration) with ``\\n`` line breaks only (each piece would
  otherwise guess its own default).

Anything else (a syntax error, syntax newer than this interpreter, a piece libcst refuses) parses the whole
module, so errors are reported exactly as before.
"""

from __future__ import annotations

import ast
import codecs
import io
import tokenize
import warnings

import libcst as cst

#: Modules smaller than this (in bytes) are parsed whole: cutting them saves no time.
LARGE = 128 * 1024
#: Each piece holds statements until it reaches this size (in bytes).
PIECE = 32 * 1024


def parse_module(source: bytes | str, large: int | None = None, piece: int | None = None) -> cst.Module:
    """Parse a module with libcst; a large one in pieces (see the module's documentation).

    Args:
        source (bytes | str): the module's bytes (libcst honours a coding declaration and a BOM), or its text.
        large (int | None): the size from which a module is parsed in pieces; :data:`LARGE` when None.
        piece (int | None): the size each piece reaches before the next starts; :data:`PIECE` when None.
    Returns:
        cst.Module: the tree, equal to ``libcst.parse_module(source)``.
    Raises:
        libcst.ParserSyntaxError: and whatever else ``libcst.parse_module`` raises, when the module does not parse.
    """
    if len(source) >= (LARGE if large is None else large):
        module = _in_pieces(source, PIECE if piece is None else piece)
        if module is not None:
            return module
    return cst.parse_module(source)


def pieces(source: bytes | str, piece: int = PIECE) -> list[bytes] | None:
    """The texts a module is parsed in, cut where the whole module's tree cannot tell (see the module's
    documentation).

    Args:
        source (bytes | str): the module's bytes or text.
        piece (int): the size each piece reaches before the next starts.
    Returns:
        list[bytes] | None: two or more pieces that join into the source's bytes, or None when it is not cut (not
        UTF-8, ``\\r`` line breaks, not parsed by this interpreter, or no place to cut).
    """
    data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    if b"\r" in data or not _utf8(data):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the checked code's own warnings are not ours to print
            body = ast.parse(data).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    lines = data.splitlines(keepends=True)
    cuts = _cuts(body, lines, piece)
    if len(cuts) < 3:
        return None
    return [b"".join(lines[start:end]) for start, end in zip(cuts, cuts[1:])]


def _in_pieces(source: bytes | str, piece: int) -> cst.Module | None:
    """The module assembled from pieces, or None when it is not cut (or a piece does not parse)."""
    texts = pieces(source, piece)
    if texts is None:
        return None
    parts: list[cst.Module] = []
    try:
        for at, text in enumerate(texts):
            # The first piece keeps the source's kind, so that libcst reads its coding declaration and BOM.
            parts.append(cst.parse_module(text if isinstance(source, bytes) or at else text.decode("utf-8")))
    except Exception:  # the whole module is parsed, and its error raised from there
        return None
    statements: list[cst.BaseStatement] = []
    indents: set[str] = set()
    for at, part in enumerate(parts):
        if not part.body:
            return None
        first, *rest = part.body
        if at and part.header:
            first = first.with_changes(leading_lines=[*part.header, *first.leading_lines])
        statements.append(first)
        statements.extend(rest)
        if any(isinstance(statement, cst.BaseCompoundStatement) for statement in part.body):
            indents.add(part.default_indent)
    if len(indents) > 1:
        return None
    head, tail = parts[0], parts[-1]
    return head.with_changes(
        body=statements,
        footer=tail.footer,
        has_trailing_newline=tail.has_trailing_newline,
        default_indent=indents.pop() if indents else head.default_indent,
    )


def _utf8(data: bytes) -> bool:
    """Whether the source is UTF-8 by its coding declaration (or lack of one), with or without a BOM."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return codecs.lookup(encoding).name == "utf-8" or encoding == "utf-8-sig"
    except (SyntaxError, LookupError):
        return False


def _cuts(body: list[ast.stmt], lines: list[bytes], piece: int) -> list[int]:
    """The 0-based lines the pieces start at, with the number of lines at the end.

    A cut may go after statement ``k`` when statement ``k + 1`` starts on a later line and every line between them
    is empty or a comment in column 0; cuts are taken once the piece since the last one reaches ``piece`` bytes.
    """
    cuts = [0]
    size = 0
    taken = 0
    for before, after in zip(body, body[1:]):
        end = before.end_lineno or before.lineno
        decorators = getattr(after, "decorator_list", None)
        start = min(d.lineno for d in decorators) if decorators else after.lineno
        if start <= end:
            continue
        size += sum(len(line) for line in lines[taken:end])
        taken = end
        if size < piece:
            continue
        if all(line[:1] in (b"\n", b"#") for line in lines[end : start - 1]):
            cuts.append(end)
            size = 0
    cuts.append(len(lines))
    return cuts
