"""Preview rules run only with preview on (``--preview`` or ``preview = true``), even when selected by code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from conftest import FIXTURES
from mcp_lint.cli import PREVIEW_NOTE, main
from mcp_lint.settings import clear_cache


def codes(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, [record["code"] for record in json.loads(result.output)]


def test_preview_rule_needs_preview_even_when_selected(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    shutil.copy(FIXTURES / "MCP010.py", target)
    assert codes(str(target)) == (0, [])
    assert codes("--select", "MCP010", str(target)) == (0, [])
    assert codes("--preview", str(target)) == (1, ["MCP010", "MCP010"])
    assert codes("--preview", "--select", "MCP010", str(target)) == (1, ["MCP010", "MCP010"])
    assert codes("--preview", "--ignore", "MCP010", str(target)) == (0, [])


def test_preview_from_configuration_and_no_preview_flag(tmp_path: Path) -> None:
    clear_cache()
    target = tmp_path / "server.py"
    shutil.copy(FIXTURES / "MCP010.py", target)
    (tmp_path / "pyproject.toml").write_text("[tool.mcp-lint]\npreview = true\n", encoding="utf-8")
    assert codes(str(target)) == (1, ["MCP010", "MCP010"])
    assert codes("--no-preview", str(target)) == (0, [])
    (tmp_path / "pyproject.toml").write_text('[tool.mcp-lint]\npreview = "yes"\n', encoding="utf-8")
    clear_cache()
    result = CliRunner().invoke(main, ["check", "--no-cache", str(target)])
    assert result.exit_code == 2
    assert "'preview' must be true or false" in result.output
    clear_cache()


def test_fix_applies_preview_fixes_only_with_preview(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    shutil.copy(FIXTURES / "MCP010.py", target)
    result = CliRunner().invoke(main, ["fix", "--no-cache", "--unsafe-fixes", str(target)])
    assert result.output == "Fixed 0 errors (0 remaining)\n"
    result = CliRunner().invoke(main, ["fix", "--no-cache", "--unsafe-fixes", "--preview", str(target)])
    assert result.output == "Fixed 2 errors (0 remaining)\n"
    assert target.read_bytes() == (FIXTURES / "MCP010.fixed.py").read_bytes()


def test_rule_command_says_preview() -> None:
    text = CliRunner().invoke(main, ["rule", "MCP010"]).output
    assert text.startswith(f"# unknown-tool-not-protocol-error (MCP010)\n\n{PREVIEW_NOTE}\n\nFix is sometimes available.\n")
    assert PREVIEW_NOTE not in CliRunner().invoke(main, ["rule", "MCP001"]).output
    record = json.loads(CliRunner().invoke(main, ["rule", "MCP010", "--output-format", "json"]).output)
    assert record["preview"] is True
