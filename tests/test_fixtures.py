"""Every fixture file gives exactly the diagnostics its trailing comments name."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES, expected_diagnostics, fixture_files
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


def test_mcp002_message_says_logging_does_not_help() -> None:
    found = messages(FIXTURES / "MCP002.py")
    assert found[23] == (
        "Broad except collapses every failure into one constant error string: the model cannot tell what failed "
        "or whether to retry; include the exception (type and message) or classify it (errorCategory, isRetryable)"
    )
    assert found[32].endswith("; logging the exception does not help, logs never reach the model")
    assert "raised exception" in found[41] and found[41].endswith("logs never reach the model")


def test_mcp003_message_names_the_shape_and_the_success_form() -> None:
    found = messages(FIXTURES / "MCP003.py")
    assert found[21].startswith("Empty result reported as a failure (raised exception): finding nothing is a successful")
    assert "(error dict)" in found[29]
    assert "{'found': False, 'message': ...}" in found[29]


def test_mcp004_message_names_the_delay_key_in_the_payload_style() -> None:
    found = messages(FIXTURES / "MCP004.py")
    assert found[22].endswith("add 'retryAfterSeconds': 30")
    assert found[24].endswith("add retry_after_seconds=30")
    assert found[30].endswith("add retry_after_seconds=30")
