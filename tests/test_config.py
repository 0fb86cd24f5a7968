"""Configuration in ``[tool.mcp-lint]``, command-line overrides, and flake8's own configuration files."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT
from mcp_lint.cli import main
from mcp_lint.settings import clear_cache

EXAMPLES = ROOT / "examples"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    clear_cache()
    for name in ("booking_server.py", "orders_server.py", "weather_lowlevel.py"):
        (tmp_path / "src").mkdir(exist_ok=True)
        shutil.copy(EXAMPLES / name, tmp_path / "src" / name)
    yield tmp_path
    clear_cache()


def configure(root: Path, body: str) -> None:
    (root / "pyproject.toml").write_text("[tool.mcp-lint]\n" + textwrap.dedent(body), encoding="utf-8")
    clear_cache()


def codes(*args: str) -> tuple[int, list[tuple[str, str]]]:
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "concise", *args])
    found = [(Path(line.split(":")[0]).name, line.split(": ")[1].split()[0]) for line in result.output.splitlines() if ": MCP" in line]
    return result.exit_code, found


ALL = [
    ("booking_server.py", "MCP001"), ("booking_server.py", "MCP001"), ("booking_server.py", "MCP001"),
    ("orders_server.py", "MCP005"), ("orders_server.py", "MCP004"), ("orders_server.py", "MCP002"),
    ("orders_server.py", "MCP005"), ("orders_server.py", "MCP003"), ("weather_lowlevel.py", "MCP001"),
]  # fmt: skip


def test_no_configuration_selects_everything(project: Path) -> None:
    assert codes(str(project / "src")) == (1, ALL)


def test_select_ignore_and_extend_with_prefixes(project: Path) -> None:
    configure(project, 'select = ["MCP00"]\nignore = ["MCP001"]\nextend-ignore = ["MCP004", "MCP005"]\n')
    assert codes(str(project / "src"))[1] == [("orders_server.py", "MCP002"), ("orders_server.py", "MCP003")]
    configure(project, 'select = ["MCP001"]\nextend-select = ["MCP004"]\n')
    assert {c for _, c in codes(str(project / "src"))[1]} == {"MCP001", "MCP004"}


def test_configuration_is_found_by_walking_up(project: Path) -> None:
    configure(project, 'ignore = ["MCP0"]\n')
    assert codes(str(project / "src" / "orders_server.py")) == (0, [])
    nested = project / "src" / "pkg"
    nested.mkdir()
    shutil.copy(EXAMPLES / "orders_server.py", nested / "orders_server.py")
    configure(nested, 'select = ["MCP004"]\n')  # the closest configuration wins
    assert codes(str(project / "src"))[1] == [("orders_server.py", "MCP004")]


def test_per_file_ignores(project: Path) -> None:
    configure(project, '[tool.mcp-lint.per-file-ignores]\n"src/weather_*.py" = ["MCP001"]\n"src/orders_server.py" = ["MCP00"]\n')
    assert codes(str(project / "src"))[1] == ALL[:3]


def test_exclude_extend_exclude_and_force_exclude(project: Path) -> None:
    configure(project, 'extend-exclude = ["src/orders_*.py"]\n')
    found = codes(str(project / "src"))[1]
    assert {name for name, _ in found} == {"booking_server.py", "weather_lowlevel.py"}
    explicit = project / "src" / "orders_server.py"
    assert len(codes(str(explicit))[1]) == 5  # a file named explicitly is checked...
    assert codes("--force-exclude", str(explicit)) == (0, [])  # ...unless --force-exclude
    (project / "src" / "dist").mkdir()
    shutil.copy(EXAMPLES / "weather_lowlevel.py", project / "src" / "dist" / "gen.py")
    assert ("gen.py", "MCP001") not in codes(str(project / "src"))[1]  # "dist" is a default exclude
    configure(project, 'exclude = []\n')
    assert ("gen.py", "MCP001") in codes(str(project / "src"))[1]  # the default excludes are replaced


def test_respect_gitignore_from_configuration(project: Path) -> None:
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    (project / ".gitignore").write_text("src/orders_server.py\n", encoding="utf-8")
    assert "orders_server.py" not in {n for n, _ in codes(str(project / "src"))[1]}
    configure(project, "respect-gitignore = false\n")
    assert "orders_server.py" in {n for n, _ in codes(str(project / "src"))[1]}
    assert "orders_server.py" not in {n for n, _ in codes("--respect-gitignore", str(project / "src"))[1]}


def test_cli_flags_override_the_configuration(project: Path) -> None:
    configure(project, 'select = ["MCP001"]\nretry-after-seconds = 45\n')
    assert {c for _, c in codes("--select", "MCP004", str(project / "src"))[1]} == {"MCP004"}
    assert {c for _, c in codes("--extend-select", "MCP004", str(project / "src"))[1]} == {"MCP001", "MCP004"}
    out = CliRunner().invoke(main, ["check", "--no-cache", "--select", "MCP004", "--output-format", "concise", str(project / "src")]).output
    assert "add 'retryAfterSeconds': 45" in out
    out = CliRunner().invoke(
        main, ["check", "--no-cache", "--select", "MCP004", "--retry-after-seconds", "7", "--output-format", "concise", str(project / "src")]
    ).output
    assert "add 'retryAfterSeconds': 7" in out
    CliRunner().invoke(main, ["fix", "--select", "MCP004", str(project / "src")])
    assert '"retryAfterSeconds": 45}' in (project / "src" / "orders_server.py").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('selct = ["MCP"]\n', "unknown key 'selct'"),
        ('select = ["MCP9"]\n', "'select': unknown rule selector 'MCP9'"),
        ('ignore = ["E501"]\n', "'ignore': unknown rule selector 'E501'"),
        ('select = "MCP001"\n', "'select' must be a list of strings"),
        ("retry-after-seconds = -1\n", "'retry-after-seconds' must be a non-negative integer"),
        ('[tool.mcp-lint.per-file-ignores]\n"x.py" = ["MCP07"]\n', "'per-file-ignores.x.py': unknown rule selector 'MCP07'"),
        ("select = [\n", "cannot read configuration"),
    ],
)
def test_configuration_errors_exit_2(project: Path, body: str, message: str) -> None:
    configure(project, body)
    result = CliRunner().invoke(main, ["check", "--no-cache", str(project / "src")])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert CliRunner().invoke(main, ["fix", str(project / "src")]).exit_code == 2


def test_unknown_cli_code_exits_2(project: Path) -> None:
    result = CliRunner().invoke(main, ["check", "--extend-ignore", "MCP1", str(project)])
    assert result.exit_code == 2
    assert "unknown rule selector 'MCP1'" in result.output


@pytest.mark.parametrize("config_name", ["setup.cfg", ".flake8", "tox.ini"])
def test_flake8_reads_the_rule_options_from_its_config(tmp_path: Path, config_name: str) -> None:
    shutil.copy(EXAMPLES / "orders_server.py", tmp_path / "server.py")
    (tmp_path / config_name).write_text("[flake8]\nretry-after-seconds = 90\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "MCP004", "server.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.stdout.strip().endswith("add 'retryAfterSeconds': 90"), proc.stdout + proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "MCP004", "--retry-after-seconds", "5", "server.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.stdout.strip().endswith("add 'retryAfterSeconds': 5")


def test_force_exclude_applies_default_excludes_to_explicit_files(project: Path) -> None:
    inside = project / "dist" / "gen.py"
    inside.parent.mkdir()
    shutil.copy(EXAMPLES / "weather_lowlevel.py", inside)
    assert codes(str(inside))[1] == [("gen.py", "MCP001")]
    assert codes("--force-exclude", str(inside)) == (0, [])
