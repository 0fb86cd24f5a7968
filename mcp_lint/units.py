"""Findings kept one top-level function or class at a time, so that editing one part of a large module re-checks that
part, not the module.

The result cache (:mod:`mcp_lint.cache`) keys a file's findings on its bytes. When they change, the findings of each
*unit* (a top-level function or class, :class:`mcp_lint.project.Unit`) found before are still right when nothing they
depend on changed: the unit's own lines, the lines of the units its check may read (the helpers it leads to, the
handlers that reach it), the module's other statements (comments and blank lines between them left out), the
project's facts about the module without their positions, the contents of the other files it depends on, and the
configuration. A unit's key hashes all of these; its findings are kept relative to its first line, so they move with
it.

When a file is checked again, the units whose keys are found keep their findings: their bodies are left out of the
parse (:func:`mcp_lint.hollow.hollow`) unless a unit checked again may read them, and the walk does not enter them.
Findings are kept before ``noqa`` suppression, which is applied to the merged findings as usual.
"""

from __future__ import annotations

import hashlib

from mcp_lint.diagnostics import Diagnostic
from mcp_lint.project import ModuleFacts


def unit_keys(facts: ModuleFacts, base: str) -> list[str]:
    """The cache key of each unit of a module.

    Args:
        facts (ModuleFacts): the module's facts, with its units.
        base (str): :attr:`mcp_lint.cache.Reuse.base`.
    Returns:
        list[str]: one key per unit, in order.
    """
    common = f"{base}|{facts.shape}|{facts.rest}"
    keys = []
    for unit in facts.units:
        digest = hashlib.sha256(common.encode())
        digest.update(unit.digest.encode())
        for other in unit.needs:
            digest.update(b"\0" + facts.units[other].digest.encode())
        keys.append(digest.hexdigest())
    return keys


def plan(facts: ModuleFacts, kept: dict[int, list[Diagnostic]]) -> list[tuple[int, int, int]]:
    """The bodies the check need not parse: those of the kept units that no unit checked again may read.

    Args:
        facts (ModuleFacts): the module's facts.
        kept (dict[int, list[Diagnostic]]): the units whose findings are kept, by number.
    Returns:
        list[tuple[int, int, int]]: the bodies, as :attr:`ModuleFacts.hollow` gives them.
    """
    read: set[int] = set()
    for number, unit in enumerate(facts.units):
        if number not in kept:
            read.add(number)
            read.update(unit.needs)
    return [body for number in sorted(set(kept) - read) for body in facts.units[number].bodies]


def merge(diagnostics: list[Diagnostic], facts: ModuleFacts, kept: dict[int, list[Diagnostic]]) -> list[Diagnostic]:
    """The findings of a check that left the kept units alone, with the kept units' findings in their places.

    Args:
        diagnostics (list[Diagnostic]): what the check found (those inside a kept unit are dropped).
        facts (ModuleFacts): the module's facts.
        kept (dict[int, list[Diagnostic]]): the kept units' findings, by unit number, their rows relative to the
            unit's first line.
    Returns:
        list[Diagnostic]: the findings, sorted.
    """
    spans = [(facts.units[number].first, facts.units[number].last) for number in kept]
    merged = [d for d in diagnostics if not any(first <= d.row <= last for first, last in spans)]
    for number, found in kept.items():
        merged.extend(_moved(d, facts.units[number].first) for d in found)
    return sorted(merged, key=lambda d: d.sort_key)


def split(diagnostics: list[Diagnostic], facts: ModuleFacts, keys: list[str]) -> dict[str, list[dict]]:
    """Each unit's findings, relative to its first line, by its key, for the cache.

    Args:
        diagnostics (list[Diagnostic]): a module's findings before suppression.
        facts (ModuleFacts): its facts.
        keys (list[str]): its units' keys.
    Returns:
        dict[str, list[dict]]: unit key to its findings as JSON (every unit has an entry, empty when it has none).
    """
    return {
        key: [_moved(d, -unit.first).to_json() for d in diagnostics if unit.first <= d.row <= unit.last]
        for unit, key in zip(facts.units, keys)
    }


def _moved(diagnostic: Diagnostic, lines: int) -> Diagnostic:
    """A detached copy of a finding, ``lines`` lines further down."""
    moved = diagnostic.detached()
    moved.row += lines
    moved.end_row += lines
    return moved
