"""The built wheel, installed non-editable into a fresh virtual environment, runs both entry points."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT
from test_cli import EXAMPLE_FINDINGS


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(ROOT)],
        check=True, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    (built,) = out.glob("flake8_mcp-*.whl")
    return built


def test_wheel_ships_rules_inside_the_package(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "mcp_lint/rules/__init__.py" in names
    assert "mcp_lint/rules/mcp001_input_validation_protocol_error.py" in names
    assert not [n for n in names if n.startswith("rules/")]
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "mcp_lint").rglob("*.py")}
    assert sources <= set(names)  # every engine module, subpackages included
    assert {f"mcp_lint/rules/{p.name}" for p in (ROOT / "rules").glob("*.py")} <= set(names)
    assert not [n for n in names if n.startswith("tests/")]


def test_installed_wheel_runs_cli_and_flake8(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        check=True, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    examples = ROOT / "examples"
    cli = subprocess.run([str(bin_dir / "mcp-lint"), "check", str(examples)], capture_output=True, text=True, cwd=tmp_path)
    assert cli.returncode == 1, cli.stderr
    assert f"Found {len(EXAMPLE_FINDINGS)} errors." in cli.stdout.splitlines()
    assert f"{examples / 'booking_server.py'}:24:9: MCP001 " in cli.stdout
    location = subprocess.run(
        [str(bin_dir / "python"), "-c", "import mcp_lint.rules as r; print(r.__file__)"],
        capture_output=True, text=True, cwd=tmp_path, check=True,
    ).stdout  # fmt: skip
    assert location.startswith(str(env_dir))
    flake8 = subprocess.run(
        [str(bin_dir / "flake8"), "--isolated", "--select", "MCP", "--format", "%(path)s:%(row)d:%(code)s", str(examples)],
        capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    assert flake8.returncode == 1, flake8.stderr
    assert sorted(flake8.stdout.splitlines()) == sorted(
        f"{examples / name}:{row}:{code}" for name, row, _, code in EXAMPLE_FINDINGS
    )
