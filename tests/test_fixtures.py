"""Every fixture file gives exactly the diagnostics its trailing comments name."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import expected_diagnostics, fixture_files
from mcp_lint.rules import ALL_RULES
from mcp_lint.runner import check_file


def actual_diagnostics(path: Path) -> set[tuple[int, int, str]]:
    result = check_file(path, ALL_RULES)
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
