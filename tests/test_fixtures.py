"""Every fixture file gives exactly the diagnostics its trailing comments name."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from conftest import FIXTURES, expected_diagnostics, fixture_files
from mcp_lint.checker import check_module
from mcp_lint.rules import ALL_RULES
from mcp_lint.runner import check_one
from mcp_lint.settings import Settings


def actual_diagnostics(path: Path) -> set[tuple[int, int, str]]:
    result = check_one(path, Settings(path.parent, preview=True))  # fixtures cover the preview rules too
    assert not result.error, result.diagnostics
    return {(d.row, d.column, d.code) for d in result.diagnostics}


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_fixture(path: Path) -> None:
    assert actual_diagnostics(path) == expected_diagnostics(path)


def test_every_rule_has_a_fixture_with_findings() -> None:
    codes = {code for path in fixture_files() for _, _, code in expected_diagnostics(path)}
    assert codes == {rule.code for rule in ALL_RULES}


def test_expectation_parser() -> None:
    # The parser itself must be able to fail: a header comment is not an expectation.
    import conftest

    sample = Path(conftest.__file__).parent / "fixtures" / "MCP001.py"
    expected = expected_diagnostics(sample)
    assert (20, 9, "MCP001") in expected
    assert all(row > 2 for row, _, _ in expected)


def messages(path: Path) -> dict[int, str]:
    return {d.row: d.message for d in check_one(path, Settings(path.parent)).diagnostics}


def test_mcp002_message_is_one_sentence_and_the_documentation_says_logging_does_not_help() -> None:
    found = messages(FIXTURES / "MCP002.py")
    assert found[23] == "Broad except reported as a constant error string; include the exception or classify it"
    assert found[32] == "Broad except reported as a constant error dict; include the exception or classify it"
    assert found[41] == "Broad except reported as a constant raised exception; include the exception or classify it"
    assert "logs never reach the model" in " ".join(next(r for r in ALL_RULES if r.code == "MCP002").documentation().split())


def test_messages_are_short_with_the_detail_in_the_documentation() -> None:
    longest = max((len(m) for path in fixture_files() for m in messages(path).values()), default=0)
    assert 80 < longest <= 190  # ruff-like: one sentence with the versions affected; `mcp-lint rule CODE` has the rest


def test_mcp003_message_names_the_shape_and_the_success_form() -> None:
    found = messages(FIXTURES / "MCP003.py")
    assert found[21] == "Empty result reported as a failure (raised exception); return it as a successful result"
    assert found[29] == "Empty result reported as a failure (error dict); return it as a successful result"


def test_mcp004_message_names_the_delay_key_in_the_payload_style() -> None:
    found = messages(FIXTURES / "MCP004.py")
    assert found[22].endswith("add 'retryAfterSeconds': 30")
    assert found[24].endswith("add retry_after_seconds=30")
    assert found[30].endswith("add retry_after_seconds=30")


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_positions_per_statement_equal_the_whole_module_positions(path: Path) -> None:
    # check_module positions each top-level statement that holds a finding on its own; the spans must be the
    # ones libcst gives for the whole module.
    # Given the source, a statement's first line comes from CPython's ast (verified against the text); without
    # it, from counting the lines of the statements before it. Both must agree with the whole module's spans.
    source = path.read_bytes()
    for given in (None, source):
        module = cst.parse_module(source)
        diagnostics = check_module(module, ALL_RULES, source=given)
        whole = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        for diagnostic in diagnostics:
            span = whole[diagnostic.node]
            assert (diagnostic.row, diagnostic.column, diagnostic.end_row, diagnostic.end_column) == (
                span.start.line, span.start.column + 1, span.end.line, span.end.column + 1
            )
