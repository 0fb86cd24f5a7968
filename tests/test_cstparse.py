"""A large module parsed in pieces gives the tree of the whole module (:mod:`mcp_lint.cstparse`).

Every test parses with ``large=0, piece=0``, so that even a small source is cut at every place the rules allow, and
compares with ``libcst.parse_module`` of the whole source, field by field (``deep_equals``) and module attribute by
attribute.
"""

from __future__ import annotations

import os
from pathlib import Path

import hypothesmith
import libcst as cst
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_lint import cstparse
from mcp_lint.checker import check_source
from mcp_lint.diagnostics import FileResult
from mcp_lint.rules import ALL_RULES

BUDGET = settings(
    max_examples=int(os.environ.get("MCP_LINT_HYPOTHESIS_EXAMPLES", "60")), deadline=None,
    suppress_health_check=list(HealthCheck), derandomize="MCP_LINT_HYPOTHESIS_EXAMPLES" not in os.environ,
)  # fmt: skip


def _same(source: bytes | str) -> int:
    """Assert that the pieces assemble into the whole module's tree; return how many pieces there were."""
    whole = cst.parse_module(source)
    pieces = len(cstparse.pieces(source, 0) or [source])
    assembled = cstparse.parse_module(source, large=0, piece=0)
    assert assembled.deep_equals(whole)
    assert assembled.code == whole.code
    for attribute in ("encoding", "default_indent", "default_newline", "has_trailing_newline"):
        assert getattr(assembled, attribute) == getattr(whole, attribute), attribute
    return pieces


# Statements after blocks, with every kind of line libcst may give to the block above or to the next statement.
SERVER = b'''\
#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""A server."""
# a comment on the first statement

from mcp.server.fastmcp import FastMCP
import os; import sys

mcp = FastMCP("demo")
# a comment in column 0 goes to the next statement


@mcp.tool()
# between the decorator and the definition
def read(path: str) -> str:
    """Read a file."""
    try:
        return open(path).read()
    except OSError as error:
        return f"Error: {error}"
    # an indented comment after the body ends the block: no cut before the next statement

def write(path: str, text: str) -> str:
    if not text:
        return "nothing to write"
        # more indented than the block
  # less indented than the block

class Store:
    def get(self, key):
        return key
    \n\
def after_white_space():
    pass
\x0c
def after_a_form_feed():
    pass

class OneLine: pass
if __name__ == "__main__":
    mcp.run()
    # the end of the file, in the block

# the end of the file, after it
'''


def test_a_server_module_assembles_into_the_whole_modules_tree() -> None:
    pieces = _same(SERVER)
    assert pieces == 7  # a cut before each statement that follows empty lines or comments in column 0 only
    assert _same(SERVER.decode("utf-8")) == 7
    assert _same(b"\xef\xbb\xbf" + SERVER) == 7  # with a BOM


FIXTURES = sorted((Path(__file__).parent / "fixtures").rglob("*.py"))


def test_every_fixture_assembles_into_the_whole_modules_tree() -> None:
    cut = 0
    for fixture in FIXTURES:
        source = fixture.read_bytes()
        try:
            cst.parse_module(source)
        except cst.ParserSyntaxError:
            continue
        cut += _same(source) > 1
    assert cut > len(FIXTURES) // 2


def test_the_places_a_cut_would_change_the_tree_are_not_cut() -> None:
    # Cut naively after each statement, these lines would start the next piece and not end the block above.
    for between in (b"    # indented\n", b"    \n", b"\t# tab\n", b"\x0c\n", b"  # less indented\n"):
        source = b"def f():\n    return 1\n" + between + b"\ndef g():\n    return 2\n"
        assert _same(source) == 1, between
    assert _same(b"def f():\n    return 1\n\n# column 0\n\ndef g():\n    return 2\n") == 2
    assert _same(b"x = 1; y = 2\nz = 3\n") == 2  # two statements on a line stay one piece


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(b"def f():\r\n    return 1\r\n\r\ndef g():\r\n    pass\r\n", id="CRLF"),
        pytest.param(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n\ny = 2\n", id="latin-1"),
        pytest.param(b"def f():\n  return 1\n\ndef g():\n    return 2\n", id="indents-disagree"),
        pytest.param(b"def f(:\n    pass\n\ndef g():\n    pass\n", id="syntax-error"),
    ],
)
def test_what_cannot_be_cut_safely_is_parsed_whole(source: bytes) -> None:
    assert cstparse._in_pieces(source, 0) is None
    try:
        whole = cst.parse_module(source)
    except cst.ParserSyntaxError as expected:
        with pytest.raises(cst.ParserSyntaxError) as raised:
            cstparse.parse_module(source, large=0, piece=0)
        assert str(raised.value) == str(expected)
    else:
        assert cstparse.parse_module(source, large=0, piece=0).deep_equals(whole)


def test_pieces_grow_to_the_piece_size_and_small_modules_are_parsed_whole() -> None:
    source = b"".join(b"def f%d():\n    return %d\n\n\n" % (n, n) for n in range(100))
    assert _same(source) == 100
    assert len(cstparse.pieces(source, len(source) // 4) or ()) == 4
    assert cstparse.pieces(source, len(source)) is None
    calls: list[int] = []
    original = cstparse.cst.parse_module

    def counting(text: bytes | str) -> cst.Module:
        calls.append(len(text))
        return original(text)

    cstparse.cst.parse_module = counting  # type: ignore[assignment]
    try:
        cstparse.parse_module(source, large=len(source) + 1)
        assert calls == [len(source)]
        calls.clear()
        cstparse.parse_module(source, large=len(source), piece=len(source) // 4)
        assert len(calls) == 4 and sum(calls) == len(source)
    finally:
        cstparse.cst.parse_module = original  # type: ignore[assignment]


# Generated modules: top-level statements joined by every kind of line that may stand between them.
_STATEMENTS = st.sampled_from(
    [
        "x = 1\n", "import os\n", "def f():\n    return 1\n", "async def g(a, b=2):\n    await a\n",
        "class C:\n    def m(self):\n        pass\n", "@dec\ndef h():\n    pass\n", "@dec\n# c\nclass D:\n    x = 1\n",
        "if x:\n    pass\nelse:\n    y = 2\n", "try:\n    pass\nexcept E:\n    pass\nfinally:\n    z = 3\n",
        "for i in x:\n  pass\n", "while x: pass\n", "a = 1; b = 2\n", 's = """\n# not a comment\n"""\n',
        "with a as b:\n\tpass\n", "y = (\n    1,\n# inside brackets\n)\n", "def k(): return 1\n",
    ]
)  # fmt: skip
_BETWEEN = st.lists(
    st.sampled_from(["\n", "# c\n", "    # indented\n", "  # two\n", "    \n", "\t# tab\n", "\x0c\n", "#\n"]),
    max_size=4,
)


@st.composite
def _modules(draw: st.DrawFn) -> str:
    parts = ["".join(draw(_BETWEEN))]
    for _ in range(draw(st.integers(1, 8))):
        parts.append(draw(_STATEMENTS))
        parts.append("".join(draw(_BETWEEN)))
    text = "".join(parts)
    return text[:-1] if draw(st.booleans()) and text.endswith("\n") else text


@BUDGET
@given(_modules())
def test_generated_modules_assemble_into_the_whole_modules_tree(source: str) -> None:
    try:
        cst.parse_module(source)
    except cst.ParserSyntaxError:
        with pytest.raises(cst.ParserSyntaxError):
            cstparse.parse_module(source, large=0, piece=0)
        return
    _same(source)
    _same(source.encode("utf-8"))


@BUDGET
@given(hypothesmith.from_grammar())
def test_arbitrary_programs_assemble_into_the_whole_modules_tree(source: str) -> None:
    try:
        cst.parse_module(source)
    except Exception as error:  # noqa: BLE001 - the same failure must come out of the pieces' path
        with pytest.raises(type(error)):
            cstparse.parse_module(source, large=0, piece=0)
        return
    _same(source)


def test_a_large_server_module_is_checked_the_same_in_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    # Fifty tools, each with three findings, checked whole and in pieces.
    tool = (
        "@mcp.tool()\n"
        "def get_item_{n}(item_id: str) -> str:\n"
        "    try:\n"
        "        row = db.get(item_id)\n"
        "    except Exception:\n"
        '        return "Operation failed"\n'
        "    if row is None:\n"
        '        raise ToolError("not found")\n'
        "    return row\n\n\n"
    )
    source = (
        "from mcp.server.fastmcp import FastMCP\nfrom mcp.server.fastmcp.exceptions import ToolError\n\n"
        'mcp = FastMCP("big")\n\n\n' + "".join(tool.format(n=n) for n in range(50))
    ).encode("utf-8")
    whole = check_source(source, Path("big.py"), ALL_RULES)
    monkeypatch.setattr(cstparse, "LARGE", 0)
    monkeypatch.setattr(cstparse, "PIECE", 0)
    parsed: list[int] = []
    original = cst.parse_module

    def counting(text: bytes | str) -> cst.Module:
        parsed.append(len(text))
        return original(text)

    monkeypatch.setattr(cstparse.cst, "parse_module", counting)
    pieces = check_source(source, Path("big.py"), ALL_RULES)
    assert len(parsed) == 53  # one piece per top-level statement: two imports, the server, fifty tools

    def seen(result: FileResult) -> list[tuple[object, ...]]:
        return [(d.code, d.row, d.column, d.end_row, d.end_column, d.message, d.fix is not None) for d in result.diagnostics]

    assert seen(pieces) == seen(whole)
    assert len(whole.diagnostics) == 150
    assert {d.code for d in whole.diagnostics} == {"MCP002", "MCP003", "MCP005"}
