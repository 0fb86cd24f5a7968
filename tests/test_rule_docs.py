"""Every rule is documented in ruff's sections, and its own examples prove the documentation true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcp_lint.checker import check_source
from mcp_lint.rule import DOC_SECTIONS, Rule
from mcp_lint.rules import ALL_RULES


def test_codes_and_names_are_unique_and_well_formed() -> None:
    codes = [rule.code for rule in ALL_RULES]
    names = [rule.name for rule in ALL_RULES]
    assert len(set(codes)) == len(codes)
    assert len(set(names)) == len(names)
    assert codes == sorted(codes)
    assert all(re.fullmatch(r"MCP\d{3}", code) for code in codes)
    assert all(re.fullmatch(r"[a-z]+(-[a-z0-9]+)+", name) for name in names)


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.code)
def test_documentation_has_every_section(rule: type[Rule]) -> None:
    sections = rule.doc_sections()
    assert tuple(sections) == DOC_SECTIONS
    assert all(text for text in sections.values())
    # public sources only: every reference a user can open
    assert re.search(r"https://\S+", sections["References"])
    assert all(re.search(r"https://\S+|docs/frameworks\.md", item) for item in _items(sections["References"]))


def _items(references: str) -> list[str]:
    """The bullet items of a References section, each with its continuation lines."""
    return [item for item in re.split(r"^- ", references, flags=re.M) if item.strip()]


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.code)
def test_example_triggers_and_use_instead_is_clean(rule: type[Rule]) -> None:
    bad = check_source(rule.doc_example("Example"), Path("example.py"), [rule])
    good = check_source(rule.doc_example("Use instead"), Path("use_instead.py"), [rule])
    assert [d.code for d in bad.diagnostics] == [rule.code]
    assert good.diagnostics == []
