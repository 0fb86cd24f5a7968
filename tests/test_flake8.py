"""The flake8 plugin gives exactly the CLI's diagnostics, run through the real flake8 in a subprocess."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, expected_diagnostics, fixture_files
from mcp_lint.runner import check_one
from mcp_lint.settings import Settings


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plugin's cache goes where each test says, never into the repository."""
    monkeypatch.setenv("MCP_LINT_CACHE_DIR", str(tmp_path / "flake8-cache"))


def flake8(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "flake8", "--isolated", *args], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_flake8_matches_cli(path: Path) -> None:
    proc = flake8("--select", "MCP", "--mcp-preview", "--format", "%(row)d:%(col)d:%(code)s", str(path))
    assert proc.stderr == ""
    got = {(int(r), int(c), code) for r, c, code in (line.split(":") for line in proc.stdout.splitlines())}
    cli = {(d.row, d.column, d.code) for d in check_one(path, Settings(path.parent, preview=True)).diagnostics}
    assert got == cli == expected_diagnostics(path)
    assert proc.returncode == (1 if got else 0)


def test_flake8_message_and_registration() -> None:
    proc = flake8("--select", "MCP", str(FIXTURES / "MCP001_v2_mcpserver.py"))
    first = proc.stdout.splitlines()[0]
    assert first.startswith(f"{FIXTURES / 'MCP001_v2_mcpserver.py'}:15:5: MCP001 Input validation error raised")
    versions = subprocess.run(
        [sys.executable, "-m", "flake8", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert "flake8-mcp:" in versions


def test_flake8_ignore_and_syntax_errors(tmp_path: Path) -> None:
    assert flake8("--select", "MCP", "--ignore", "MCP001", str(FIXTURES / "MCP001.py")).stdout == ""
    broken = tmp_path / "broken.py"
    broken.write_text("import mcp\ndef f(:\n", encoding="utf-8")
    proc = flake8("--select", "MCP,E999", "--format", "%(code)s", str(broken))
    assert proc.stdout.split() == ["E999"]


def test_flake8_runs_preview_rules_only_with_mcp_preview(tmp_path: Path) -> None:
    target = FIXTURES / "MCP010.py"
    without = flake8("--select", "MCP010", "--format", "%(row)d:%(code)s", str(target))
    assert without.stdout == "" and without.returncode == 0
    config = tmp_path / "setup.cfg"
    config.write_text("[flake8]\nmcp-preview = true\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "flake8", "--config", str(config), "--select", "MCP010", "--format", "%(row)d:%(code)s",
         str(target)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.stdout.split() == ["13:MCP010", "20:MCP010"]


def test_flake8_keeps_results_in_the_cache_and_rechecks_what_an_edit_elsewhere_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    root = tmp_path / "weather"
    shutil.copytree(FIXTURES / "projects" / "weather", root)
    cache = tmp_path / "cache"
    monkeypatch.setenv("MCP_LINT_CACHE_DIR", str(cache))
    forecast = root / "src" / "weather" / "tools" / "forecast.py"

    def found(*args: str) -> list[str]:
        proc = subprocess.run(
            [sys.executable, "-m", "flake8", "--select", "MCP", "--format", "%(row)d %(code)s %(text)s", *args,
             str(forecast)],
            cwd=root, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert proc.stderr == ""
        return proc.stdout.splitlines()

    first = found()
    assert [line.split()[:2] for line in first] == [["7", "MCP001"]]
    entries = list(cache.rglob("flake8/*.json"))
    assert len(entries) == 1
    assert len(list(cache.rglob("links-*/*.pickle"))) == 1  # the project's facts, for the next flake8 process
    # What the next run reports comes from the entry: a changed message there comes back.
    entry = json.loads(entries[0].read_text(encoding="utf-8"))
    assert [row for row, _, _ in entry["value"]] == [7]
    entry["value"][0][2] = "MCP001 from the cache"
    entries[0].write_text(json.dumps(entry), encoding="utf-8")
    assert found() == ["7 MCP001 from the cache"]
    # --mcp-no-cache neither reads nor writes it.
    assert found("--mcp-no-cache") == first
    assert json.loads(entries[0].read_text(encoding="utf-8")) == entry
    # forecast.py did not change, but server.py no longer registers its tool: its entry no longer applies.
    server = root / "src" / "weather" / "server.py"
    server.write_text(server.read_text().replace("mcp.tool()(forecast.get_forecast)\n", ""))
    assert found() == []
    server.write_text(server.read_text() + "mcp.tool()(forecast.get_forecast)\n")
    assert found() == first
    assert len(list(cache.rglob("flake8/*.json"))) == 1  # one entry per file, however often it changes
