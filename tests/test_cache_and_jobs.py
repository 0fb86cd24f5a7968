"""The persistent cache (hits, invalidation, what it stores) and parallel checking across processes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import mcp_lint.cache
import mcp_lint.runner
from conftest import FIXTURES, ROOT
from mcp_lint.cli import main
from mcp_lint.settings import clear_cache


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    clear_cache()
    shutil.copytree(ROOT / "examples", tmp_path / "src")
    yield tmp_path
    clear_cache()


@pytest.fixture()
def parses(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Record every file the check engine is asked to check (a cache hit asks for none)."""
    seen: list[Path] = []
    real = mcp_lint.runner.check_source

    def counting(source, path, *args, **kwargs):
        seen.append(Path(path).name)
        return real(source, path, *args, **kwargs)

    monkeypatch.setattr(mcp_lint.runner, "check_source", counting)
    return seen


def check(project: Path, *args: str):
    return CliRunner().invoke(
        main, ["check", "--jobs", "1", "--cache-dir", str(project / "cache"), "--output-format", "json", *args, str(project / "src")]
    )


def test_warm_run_parses_nothing_and_gives_identical_diagnostics(project: Path, parses: list[Path]) -> None:
    cold = check(project)
    assert sorted(parses) == ["booking_server.py", "orders_server.py", "weather_lowlevel.py"]
    parses.clear()
    warm = check(project)
    assert parses == []
    assert warm.output == cold.output and warm.exit_code == cold.exit_code == 1


def test_changing_the_file_config_or_version_invalidates(
    project: Path, parses: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    check(project)
    parses.clear()
    orders = project / "src" / "orders_server.py"
    orders.write_text(orders.read_text(encoding="utf-8").replace("Operation failed", "Lookup failed"), encoding="utf-8")
    assert '"Broad except' in check(project).output
    assert parses == ["orders_server.py"]

    parses.clear()
    (project / "pyproject.toml").write_text("[tool.mcp-lint]\nretry-after-seconds = 60\n", encoding="utf-8")
    clear_cache()
    assert "'retryAfterSeconds': 60" in check(project).output
    assert sorted(parses) == ["booking_server.py", "orders_server.py", "weather_lowlevel.py"]

    parses.clear()
    check(project, "--ignore", "MCP004")
    assert len(parses) == 3  # the selected codes are part of the key

    parses.clear()
    monkeypatch.setattr(mcp_lint.cache, "__version__", "999.0")
    check(project, "--ignore", "MCP004")
    assert len(parses) == 3


def test_cache_holds_no_source_text_and_no_cache_writes_nothing(project: Path) -> None:
    check(project)
    (index,) = (project / "cache").rglob("*.json")
    assert len(json.loads(index.read_text(encoding="utf-8"))) == 3
    assert (project / "cache" / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
    stored = index.read_text(encoding="utf-8")
    for secret in ("AIRPORTS", "CUST-7", "Sunny for"):  # source text that no diagnostic needs
        assert secret not in stored
    shutil.rmtree(project / "cache")
    CliRunner().invoke(main, ["check", "--no-cache", "--cache-dir", str(project / "cache"), str(project / "src")])
    assert not (project / "cache").exists()


def test_a_corrupt_entry_is_a_miss(project: Path, parses: list[Path]) -> None:
    cold = check(project)
    (index,) = (project / "cache").rglob("*.json")
    index.write_text("{not json", encoding="utf-8")
    parses.clear()
    assert check(project).output == cold.output
    assert len(parses) == 3


def test_parallel_jobs_give_the_same_output_as_one() -> None:
    args = ["check", "--no-cache", "--output-format", "concise", str(FIXTURES), str(ROOT / "examples")]
    one = CliRunner().invoke(main, [*args, "--jobs", "1"])
    two = CliRunner().invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 1
    assert one.output == two.output
    assert one.output.count(": MCP0") > 60


def test_the_largest_batch_goes_first_also_for_a_file_checked_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parses: list[Path]
) -> None:
    """A worker given a large file last keeps the run going after the others are done: batches run largest first,
    and a file with no project root above it weighs its size like any other."""
    server = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n\n\n@mcp.tool()\ndef {name}() -> str:\n    return 'ok'\n"
    project = tmp_path / "proj"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'proj'\n")
    (project / "small.py").write_text(server.format(name="small"))
    loose = tmp_path / "loose"
    loose.mkdir()
    padding = "".join(f"\n\ndef helper_{i}(x):\n    return x + {i}\n" for i in range(300))
    (loose / "big.py").write_text(server.format(name="big") + padding)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")  # big.py is outside the working directory and any project
    result = CliRunner().invoke(main, ["check", "--no-cache", "--jobs", "1", str(project), str(loose)])
    assert result.exit_code == 0, result.output
    assert parses == ["big.py", "small.py"]


def test_the_projects_source_files_are_dropped_before_the_workers_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The main process read every file of the projects for their models and cache keys; the workers read what they
    # check themselves, so those bytes (44 MB on a 1.29 M-line tree) are not left to be copied into every worker.
    from mcp_lint.runner import Projects, RunOptions, SettingsResolver, check_paths
    from mcp_lint.project import SummaryCache
    from mcp_lint.settings import Overrides

    shutil.copytree(ROOT / "examples", tmp_path / "src")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    projects = Projects(SettingsResolver(Overrides()), SummaryCache(None))
    held: list[int] = []
    real = mcp_lint.runner.map_in_workers

    def recording(*args, **kwargs):
        held.append(len(projects.sources))
        return real(*args, **kwargs)

    monkeypatch.setattr(mcp_lint.runner, "map_in_workers", recording)
    results = check_paths([tmp_path / "src"], RunOptions(jobs=1, cache_dir=tmp_path / "cache"), projects)
    assert sum(len(r.diagnostics) for r in results) == 9
    assert held and held == [0] * len(held)
