"""Shared test helpers: the fixture files and the expectations written in them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

# A trailing comment naming codes: "# MCP001" (column: first non-blank) or "# MCP004:17" (explicit column).
_EXPECTED = re.compile(r"#\s*((?:MCP\d{3}(?::\d+)?[ ,]*)+)$")


def fixture_files() -> list[Path]:
    """Every fixture module, without the ``.fixed.py`` twins."""
    return sorted(p for p in FIXTURES.glob("*.py") if not p.name.endswith(".fixed.py"))


def expected_diagnostics(path: Path) -> set[tuple[int, int, str]]:
    """The (row, column, code) triples a fixture's trailing comments expect, 1-based."""
    expected = set()
    for row, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = _EXPECTED.search(line)
        if match is None or not line[: match.start()].strip():
            continue
        for item in re.findall(r"MCP\d{3}(?::\d+)?", match.group(1)):
            code, _, column = item.partition(":")
            expected.add((row, int(column) if column else len(line) - len(line.lstrip()) + 1, code))
    return expected
