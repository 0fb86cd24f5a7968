"""The pre-commit hook, run by the real ``pre-commit try-repo`` against temporary git repositories."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, ROOT, expected_diagnostics, fixture_files


def git_repo(path: Path, files: dict[str, Path]) -> Path:
    path.mkdir()
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    for name, source in files.items():
        shutil.copy(source, path / name)
    subprocess.run(["git", "-C", str(path), "add", "-A"], check=True)
    return path


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


def try_repo(repo: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "mcp-lint", "--all-files", "--verbose"],
        cwd=repo, env=env, capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip


def test_hook_reports_what_the_cli_reports(tmp_path: Path, pre_commit_home: Path) -> None:
    fixtures = fixture_files()
    bad = git_repo(tmp_path / "bad", {path.name: path for path in fixtures})
    proc = try_repo(bad, pre_commit_home)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    found = {
        (name, int(row), int(col), rest.split()[0])
        for name, row, col, rest in (m.groups() for m in re.finditer(r"^(\S+\.py):(\d+):(\d+): (.*)$", proc.stdout, re.M))
    }
    expected = {(path.name, row, col, code) for path in fixtures for row, col, code in expected_diagnostics(path)}
    assert found == expected
    assert f"Found {len(expected)} errors." in proc.stdout


def test_hook_passes_on_a_clean_server(tmp_path: Path, pre_commit_home: Path) -> None:
    clean = git_repo(tmp_path / "clean", {"server.py": FIXTURES / "MCP001_no_mcp_import.py"})
    proc = try_repo(clean, pre_commit_home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Passed" in proc.stdout


def test_fix_hook_rewrites_and_fails_once(tmp_path: Path, pre_commit_home: Path) -> None:
    repo = git_repo(tmp_path / "fixme", {"server.py": ROOT / "examples" / "weather_lowlevel.py"})
    env = {**os.environ, "PRE_COMMIT_HOME": str(pre_commit_home), "PRE_COMMIT_COLOR": "never"}
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "mcp-lint-fix", "--all-files"]
    first = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True, check=False, timeout=900)
    assert first.returncode == 1, first.stdout + first.stderr
    assert "Fixed 1 error (0 remaining)" in first.stdout
    fixed = (repo / "server.py").read_text(encoding="utf-8")
    assert 'raise ValueError("days must be between 1 and 7")' in fixed
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    second = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True, check=False, timeout=900)
    assert second.returncode == 0, second.stdout + second.stderr
