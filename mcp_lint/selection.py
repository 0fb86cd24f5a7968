"""Rule selection by code prefix, as ruff and flake8 do it: ``MCP``, ``MCP0`` and ``MCP001`` all select."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mcp_lint.diagnostics import PARSE_ERROR_CODE
from mcp_lint.rule import Rule
from mcp_lint.rules import ALL_RULES

#: Every code a selector may name, MCP000 included.
ALL_CODES: tuple[str, ...] = (PARSE_ERROR_CODE, *(rule.code for rule in ALL_RULES))


class SelectorError(ValueError):
    """A selector that names no rule."""


def validate_selectors(selectors: Iterable[str], codes: Sequence[str] = ALL_CODES) -> list[str]:
    """Check that every selector is a prefix of a known code.

    Args:
        selectors (Iterable[str]): codes or code prefixes; ``ALL`` selects everything.
        codes (Sequence[str]): the known codes (default: the static rules' codes and MCP000).
    Returns:
        list[str]: the selectors, stripped and upper-cased.
    Raises:
        SelectorError: for a selector that is a prefix of no code.
    """
    cleaned = []
    for selector in selectors:
        value = selector.strip().upper()
        if not value:
            continue
        if value != "ALL" and not any(code.startswith(value) for code in codes):
            known = ", ".join(codes)
            raise SelectorError(f"unknown rule selector {selector.strip()!r} (known codes: {known})")
        cleaned.append(value)
    return cleaned


def _matches(code: str, selectors: Sequence[str]) -> int:
    """Length of the longest selector matching ``code``, -1 when none does (ALL counts as 0)."""
    best = -1
    for selector in selectors:
        if selector == "ALL":
            best = max(best, 0)
        elif code.startswith(selector):
            best = max(best, len(selector))
    return best


def is_selected(code: str, select: Sequence[str], ignore: Sequence[str]) -> bool:
    """Tell whether a code is enabled; the more specific of a matching select and ignore wins, as in ruff.

    Args:
        code (str): a rule code.
        select (Sequence[str]): validated selectors to enable.
        ignore (Sequence[str]): validated selectors to disable.
    Returns:
        bool: True when the code is enabled.
    """
    selected, ignored = _matches(code, select), _matches(code, ignore)
    return selected >= 0 and selected > ignored


def selected_rules(select: Sequence[str], ignore: Sequence[str], preview: bool = False) -> tuple[type[Rule], ...]:
    """Return the rules that ``select`` and ``ignore`` enable.

    A preview rule is enabled only with ``preview``, even when a selector names its exact code (ruff's rule).

    Args:
        select (Sequence[str]): validated selectors to enable.
        ignore (Sequence[str]): validated selectors to disable.
        preview (bool): whether preview rules may be enabled.
    Returns:
        tuple[type[Rule], ...]: the enabled rules, ordered by code.
    """
    return tuple(
        rule for rule in ALL_RULES if (preview or not rule.preview) and is_selected(rule.code, select, ignore)
    )

