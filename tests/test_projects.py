"""Multi-module fixture projects: tools registered in one module, defined and helped in others.

Each project under ``tests/fixtures/projects/`` has a root marker and expects exactly the diagnostics its trailing
comments name, whichever way it is checked: the whole project, each file alone (as pre-commit passes changed
files), flake8, and standard input with ``--stdin-filename``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES, expected_diagnostics
from mcp_lint.frameworks.versions import sdk_for
from mcp_lint.project import project_root
from mcp_lint.runner import RunOptions, check_paths

PROJECTS = FIXTURES / "projects"
MCP_LINT = [sys.executable, "-m", "mcp_lint"]


def project_dirs() -> list[Path]:
    return sorted(p for p in PROJECTS.iterdir() if p.is_dir())


def python_files(project: Path) -> list[Path]:
    return sorted(project.rglob("*.py"))


def expected(project: Path) -> set[tuple[str, int, int, str]]:
    found = set()
    for path in python_files(project):
        for row, column, code in expected_diagnostics(path):
            found.add((str(path.relative_to(project)), row, column, code))
    return found


def as_set(results, project: Path) -> set[tuple[str, int, int, str]]:
    return {
        (str(Path(os.path.abspath(r.path)).relative_to(project)), d.row, d.column, d.code)
        for r in results
        for d in r.diagnostics
    }


def run_json(args: list[str], cwd: Path, stdin: bytes | None = None) -> list[dict]:
    proc = subprocess.run([*MCP_LINT, "check", "--no-cache", "--output-format", "json", *args], cwd=cwd,
                          input=stdin, capture_output=True, check=False)  # fmt: skip
    assert proc.returncode in (0, 1), proc.stderr.decode()
    return json.loads(proc.stdout)


def test_every_project_expects_findings_in_several_modules() -> None:
    for project in project_dirs():
        modules = {name for name, _, _, _ in expected(project)}
        assert len(modules) >= 3, project


@pytest.mark.parametrize("project", project_dirs(), ids=lambda p: p.name)
def test_whole_project(project: Path) -> None:
    results = check_paths([project], RunOptions(jobs=1))
    assert not any(r.error for r in results)
    assert as_set(results, project) == expected(project)


@pytest.mark.parametrize("project", project_dirs(), ids=lambda p: p.name)
def test_file_by_file_from_the_repository_root(project: Path) -> None:
    found: set[tuple[str, int, int, str]] = set()
    for path in python_files(project):
        found |= as_set(check_paths([path], RunOptions(jobs=1)), project)
    assert found == expected(project)


@pytest.mark.parametrize("project", project_dirs(), ids=lambda p: p.name)
def test_cli_with_worker_processes_and_each_file_as_pre_commit_passes_them(project: Path) -> None:
    records = run_json(["--jobs", "2", "."], cwd=project)
    found = {(r["filename"], r["location"]["row"], r["location"]["column"], r["code"]) for r in records}
    assert {(str((project / f).resolve().relative_to(project)), *rest) for f, *rest in found} == expected(project)
    one_by_one = set()
    for path in python_files(project):
        for r in run_json([str(path.relative_to(project))], cwd=project):
            one_by_one.add((str((project / r["filename"]).resolve().relative_to(project)), r["location"]["row"],
                            r["location"]["column"], r["code"]))  # fmt: skip
    assert one_by_one == expected(project)


@pytest.mark.parametrize("project", project_dirs(), ids=lambda p: p.name)
def test_stdin_with_stdin_filename(project: Path) -> None:
    found = set()
    for path in python_files(project):
        relative = str(path.relative_to(project))
        for r in run_json(["-", "--stdin-filename", relative], cwd=project, stdin=path.read_bytes()):
            found.add((relative, r["location"]["row"], r["location"]["column"], r["code"]))
    assert found == expected(project)


@pytest.mark.parametrize("project", project_dirs(), ids=lambda p: p.name)
def test_flake8_reports_the_same(project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MCP_LINT_CACHE_DIR", str(tmp_path / "cache"))  # the plugin's cache, out of the repository
    proc = subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "MCP", "--format", "%(path)s:%(row)d:%(col)d:%(code)s", "."],
        cwd=project, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode in (0, 1), proc.stderr
    found = set()
    for line in proc.stdout.splitlines():
        path, row, col, code = line.rsplit(":", 3)
        found.add((str(Path(path).relative_to(".")), int(row), int(col), code))
    assert found == expected(project)


def _copy(project: Path, tmp_path: Path) -> Path:
    target = tmp_path / project.name
    shutil.copytree(project, target)
    return target


def test_a_directory_outside_the_working_directory_without_a_marker_is_one_project(tmp_path: Path) -> None:
    """An unpacked archive (no ``.git``, no ``pyproject.toml``) checked from elsewhere is still one project."""
    root = _copy(PROJECTS / "lowlevel_tables", tmp_path / "unpacked")
    (root / "setup.cfg").unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    records = run_json(["--jobs", "2", str(root)], cwd=elsewhere)
    found = {(str(Path(r["filename"]).relative_to(root)), r["location"]["row"], r["location"]["column"], r["code"])
             for r in records}  # fmt: skip
    assert found == expected(PROJECTS / "lowlevel_tables")
    assert run_json(["--jobs", "1", str(root)], cwd=elsewhere) == records


def test_a_file_named_through_a_link_to_the_working_directory_is_in_its_project(tmp_path: Path) -> None:
    """A shell's ``$PWD`` (and an editor's workspace) may reach the working directory through a symbolic link, which
    ``os.getcwd()`` resolves: a file so named is still in the project, not checked on its own."""
    root = _copy(PROJECTS / "client_errors", tmp_path / "real")
    (root / "pyproject.toml").unlink()
    link = tmp_path / "linked"
    link.symlink_to(root, target_is_directory=True)
    want = expected(PROJECTS / "client_errors")
    assert {name for name, *_ in want} >= {"board/service.py"}
    for path in python_files(root):
        relative = path.relative_to(root)
        records = run_json([str(link / relative)], cwd=link)
        assert {(str(Path(r["filename"]).relative_to(link)), r["location"]["row"], r["location"]["column"], r["code"])
                for r in records} == {item for item in want if item[0] == str(relative)}  # fmt: skip


def test_editing_the_server_rechecks_the_tools_it_registers(tmp_path: Path) -> None:
    root = _copy(PROJECTS / "weather", tmp_path)
    cache = tmp_path / "cache"
    run = RunOptions(jobs=1, cache_dir=cache)
    forecast = root / "src" / "weather" / "tools" / "forecast.py"

    def findings_in(path: Path) -> set[int]:
        return {d.row for r in check_paths([root], run) if r.path.resolve() == path.resolve() for d in r.diagnostics}

    assert findings_in(forecast) == {7}
    server = root / "src" / "weather" / "server.py"
    server.write_text(server.read_text().replace("mcp.tool()(forecast.get_forecast)\n", ""))
    assert findings_in(forecast) == set()  # no longer a tool: the cached finding must not come back
    server.write_text(server.read_text() + "mcp.tool()(forecast.get_forecast)\n")
    assert findings_in(forecast) == {7}


def test_editing_a_helper_rechecks_the_tools_that_reach_it(tmp_path: Path) -> None:
    root = _copy(PROJECTS / "lowlevel_tables", tmp_path)
    run = RunOptions(jobs=1, cache_dir=tmp_path / "cache")
    search = root / "app" / "ops" / "search.py"

    def codes() -> set[tuple[int, str]]:
        return {(d.row, d.code) for r in check_paths([search], run) for d in r.diagnostics}

    assert codes() == {(13, "MCP002")}
    errors = root / "app" / "ops" / "errors.py"
    errors.write_text(errors.read_text().replace('{"status": "error", "message": message}', '{"note": "ok"}'))
    assert codes() == set()  # the helper no longer builds an error report, nor sends the text it is given


def test_editing_a_client_rechecks_what_catches_its_catch_all_exception(tmp_path: Path) -> None:
    root = _copy(PROJECTS / "client_errors", tmp_path)
    run = RunOptions(jobs=1, cache_dir=tmp_path / "cache")
    service = root / "board" / "service.py"

    def codes() -> set[tuple[int, str]]:
        return {(d.row, d.code) for r in check_paths([service], run) for d in r.diagnostics}

    assert codes() == {(19, "MCP002")}
    client = root / "board" / "client.py"
    client.write_text(client.read_text().replace('raise BoardError(f"network error: {exc}") from exc', "raise"))
    assert codes() == set()  # BoardError no longer stands for what a broad except caught: a narrow except
    client.write_text(client.read_text().replace("        except aiohttp.ClientError as exc:\n            raise\n",
                                                 "        except aiohttp.ClientError as exc:\n"
                                                 "            raise RateLimited(str(exc)) from exc\n"))
    # A subclass of it does: catching the base catches every failure again, and so does catching the subclass.
    assert codes() == {(19, "MCP002"), (28, "MCP002")}


def test_editing_a_tool_rechecks_the_helpers_whose_answer_it_sends(tmp_path: Path) -> None:
    root = _copy(PROJECTS / "factory_server", tmp_path)
    run = RunOptions(jobs=1, cache_dir=tmp_path / "cache")
    analytics = root / "boards" / "analytics.py"

    def codes() -> set[tuple[int, str]]:
        return {(d.row, d.code) for r in check_paths([root], run) if r.path.resolve() == analytics.resolve()
                for d in r.diagnostics}  # fmt: skip

    # the constant answer (18), and where the helper it tests swallows the failure (11)
    assert codes() == {(11, "MCP002"), (18, "MCP002")}
    cards = root / "boards" / "cards.py"
    sent = '"text": format_report(report)'
    kept = '"text": format_report({"message": "ready", "total": 0})'  # it still calls what it called
    cards.write_text(cards.read_text().replace(sent, kept))
    assert codes() == set()  # the tool no longer sends the helper's answer: the cached finding must not come back
    cards.write_text(cards.read_text().replace(kept, sent))
    assert codes() == {(11, "MCP002"), (18, "MCP002")}


def test_editing_a_relay_rechecks_the_functions_whose_answer_it_passes_on(tmp_path: Path) -> None:
    """The handler returns the router's answer, and the router the strategy's: neither module is the strategy's
    dependency or its handler's, yet editing the router changes what the strategy's returns are."""
    root = _copy(PROJECTS / "routed_strategies", tmp_path)
    run = RunOptions(jobs=1, cache_dir=tmp_path / "cache")
    invoices = root / "billing" / "strategies" / "invoices.py"

    def codes() -> set[tuple[int, str]]:
        return {(d.row, d.code) for r in check_paths([root], run) if r.path.resolve() == invoices.resolve()
                for d in r.diagnostics}  # fmt: skip

    assert codes() == {(13, "MCP005"), (16, "MCP002"), (33, "MCP002"), (33, "MCP005")}
    router = root / "billing" / "router.py"
    passed = "return await self._routes[name].run(arguments)"
    dropped = 'await self._routes[name].run(arguments)\n                return [TextContent(type="text", text="done")]'
    router.write_text(router.read_text().replace(passed, dropped))
    assert codes() == {(33, "MCP002")}  # the strategies' answers no longer reach the model: only what is wrong anyway
    router.write_text(router.read_text().replace(dropped, passed))
    assert codes() == {(13, "MCP005"), (16, "MCP002"), (33, "MCP002"), (33, "MCP005")}


def test_editing_a_tool_rechecks_the_helper_whose_swallowed_outcome_it_passed_on(tmp_path: Path) -> None:
    """MCP002 reports a helper's ``except Exception: return []`` where it swallows, because a tool in another module
    answers with its outcome as it is; the helper's module does not depend on the tool's, yet editing the tool so
    that it tests the outcome first moves the finding to the tool."""
    root = _copy(PROJECTS / "threaded_board", tmp_path)
    run = RunOptions(jobs=1, cache_dir=tmp_path / "cache")
    search, server = root / "board" / "search.py", root / "board" / "server.py"

    def codes(path: Path) -> set[tuple[int, str]]:
        return {(d.row, d.code) for r in check_paths([root], run) if r.path.resolve() == path.resolve()
                for d in r.diagnostics}  # fmt: skip

    assert (15, "MCP002") in codes(search)
    before = codes(server)
    passed = "    return cards\n"
    tested = '    if not cards:\n        return "No cards match."\n    return cards\n'
    server.write_text(server.read_text().replace(passed, tested, 1))
    assert (15, "MCP002") not in codes(search)
    assert (16, "MCP002") in codes(server)  # the 'nothing found' answer, where the tool now gives it
    server.write_text(server.read_text().replace(tested, passed, 1))
    assert (15, "MCP002") in codes(search)
    assert codes(server) == before


def test_editing_a_tool_rechecks_a_backend_two_modules_below_its_wrapper(tmp_path: Path) -> None:
    """MCP002 reports a backend's ``except Exception: return None`` because a tool, through a wrapper that returns
    the backend's answer as it is, answers a constant 'nothing found'; neither the backend's module nor the
    wrapper's imports the tool's, yet editing the tool so that it no longer tests the snapshot drops the backend's
    finding, and restoring the test brings the finding back."""
    root = _copy(PROJECTS / "snapshot_backends", tmp_path)
    run = RunOptions(jobs=1, cache_dir=tmp_path / "cache")
    backend, server = root / "portfolio" / "backends" / "files.py", root / "portfolio" / "server.py"

    def codes(path: Path) -> set[tuple[int, str]]:
        return {(d.row, d.code) for r in check_paths([root], run) if r.path.resolve() == path.resolve()
                for d in r.diagnostics}  # fmt: skip

    assert codes(backend) == {(18, "MCP002")}
    tested = '    if not snapshot:\n        return "No portfolio snapshots available. Run an analysis first."  # MCP002\n'
    server.write_text(server.read_text().replace(tested, "", 1))
    assert codes(backend) == set()
    server.write_text(server.read_text().replace('    return f"Total', tested + '    return f"Total', 1))
    assert codes(backend) == {(18, "MCP002")}
    assert (12, "MCP002") in codes(server)


def test_summaries_are_cached_by_content(tmp_path: Path) -> None:
    root = _copy(PROJECTS / "weather", tmp_path)
    cache = tmp_path / "cache"
    first = check_paths([root], RunOptions(jobs=1, cache_dir=cache))
    assert list(cache.rglob("summaries-*.pickle"))
    again = check_paths([root], RunOptions(jobs=1, cache_dir=cache))
    assert [(r.path, [d.to_json() for d in r.diagnostics]) for r in first] == [
        (r.path, [d.to_json() for d in r.diagnostics]) for r in again
    ]


def test_a_module_with_newer_f_strings_is_summarised() -> None:
    # PEP 701 (Python 3.12) f-strings: a backslash and the string's own quotes inside the braces. On an older
    # Python the summary reads a libcst rendering without them, so the module's classes and calls still link.
    from mcp_lint.project.summary import summarise

    source = (
        b"class Store:\n"
        b"    def save(self, rows):\n"
        b"        text = f\"{'\\n'.join(rows)}\"\n"
        b"        label = f\"{\"saved\"}\"\n"
        b"        return write(text, label)\n"
    )
    summary = summarise(source)
    assert summary.error is None
    assert list(summary.classes) == ["Store"]
    assert [f.path for f in summary.functions] == ["Store.save"]
    assert "write" in summary.functions[0].calls


def test_linked_facts_are_cached_until_a_file_of_the_project_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    import mcp_lint.project as project_model

    root = _copy(PROJECTS / "weather", tmp_path)
    cache = tmp_path / "cache"
    linked: list[str] = []
    real = project_model.link
    monkeypatch.setattr(project_model, "link", lambda root, summaries: linked.append(root) or real(root, summaries))
    read: list[str] = []  # the summary files read
    load = project_model.pickle.load

    def counted_load(handle: Any) -> Any:
        if "summaries-" in handle.name:
            read.append(handle.name)
        return load(handle)

    monkeypatch.setattr(project_model.pickle, "load", counted_load)

    def findings(jobs: int) -> list[tuple[str, list[dict]]]:
        # --no-cache for results (every file is checked again), the cache directory for summaries and links
        results = check_paths([root], RunOptions(jobs=jobs, cache_dir=cache))
        for entry in cache.rglob("results.json"):
            entry.unlink()
        return [(str(r.path), [d.to_json() for d in r.diagnostics]) for r in results]

    first = findings(1)
    assert linked == [str(root)] and list(cache.rglob("links-*/*.pickle"))
    assert read == [] and list(cache.rglob("summaries-*.pickle"))  # none to read yet, and written at the end
    assert findings(1) == first and findings(2) == first
    assert linked == [str(root)]  # read back, in this process and when prepared for worker processes
    assert read == []  # nothing to summarise: the summaries are not even read
    util = root / "src" / "weather" / "util.py"
    util.write_text(util.read_text() + "\n# edited\n")
    assert findings(1) == first
    assert linked == [str(root), str(root)]  # any changed file links the project again
    assert len(read) == 1  # and the summaries of its unchanged files come from the cache


@pytest.mark.parametrize("project", project_dirs(), ids=lambda p: p.name)
def test_a_file_is_fixed_from_the_tree_its_check_made(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    import libcst as cst

    import mcp_lint.checker as checker
    from mcp_lint.fixer import fix_source
    from mcp_lint.project import SummaryCache
    from mcp_lint.runner import Projects, SettingsResolver, check_and_fix_paths
    from mcp_lint.settings import Overrides

    root = _copy(project, tmp_path)
    parsed: list[bytes] = []
    real = cst.parse_module
    monkeypatch.setattr(checker.cst, "parse_module", lambda text, *a, **k: parsed.append(text) or real(text, *a, **k))
    pairs = check_and_fix_paths([root], RunOptions(jobs=1), None, unsafe=True)
    during = list(parsed)  # the checks below parse the files again, for their own lookups into other modules
    fixed = [(result, outcome) for result, outcome in pairs if outcome is not None]
    assert fixed and all(outcome.changed and outcome.error is None for _, outcome in fixed)
    resolve = SettingsResolver(Overrides())
    projects = Projects(resolve, SummaryCache(None))
    for result, outcome in fixed:
        # One whole parse of the file, by its check: the first fix pass starts from that tree and its findings.
        assert during.count(outcome.original) == 1, result.path
        # The same outcome as fixing it from a tree of its own.
        settings = resolve(result.path)
        facts, context = projects.facts_for(result.path), projects.context()
        alone = fix_source(outcome.original, result.path, settings.rules_for(result.path), True, settings.options, facts, context)
        assert (alone.fixed, [d.to_json() for d in alone.applied]) == (outcome.fixed, [d.to_json() for d in outcome.applied])
        assert [d.to_json() for d in alone.remaining] == [d.to_json() for d in outcome.remaining]


def test_what_a_many_purpose_tool_leads_to_is_worked_out_once_per_project(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every helper module a many-purpose tool reaches asks which of its operations (``if action == ...``) lead
    # there; the answer is worked out by the first check and kept for the others (a 30,000-line server asked it
    # from dozens of modules). Whole or file by file, the findings are those the comments expect.
    import libcst as cst

    from mcp_lint.rules import mcp003_empty_result_as_error as rule

    project = PROJECTS / "media"
    walks: list[str] = []
    real = rule.walk_paths

    def counting(root: cst.CSTNode, enter: Any) -> None:
        text = cst.Module([]).code_for_node(root)
        walks.extend(["timeline"] if 'action == "get_clip"' in text else [])
        real(root, enter)

    monkeypatch.setattr(rule, "walk_paths", counting)
    results = check_paths([project], RunOptions(jobs=1, cache_dir=None))
    assert as_set(results, project) == expected(project)
    assert {name for name, _, _, code in expected(project) if code == "MCP003"} == {"media/clips.py", "media/library.py"}
    assert walks == ["timeline"]


def test_a_uv_workspace_is_one_project_whose_members_keep_their_pins() -> None:
    workspace = PROJECTS / "workspace"
    server = workspace / "packages" / "server" / "src" / "srv" / "server.py"
    assert project_root(str(workspace / "packages" / "core" / "src" / "corelib" / "client.py")) == str(workspace)
    assert project_root(str(server)) == str(workspace)
    legacy = workspace / "packages" / "legacy"
    assert project_root(str(legacy / "src" / "oldlib" / "tools.py")) == str(legacy)  # excluded from the workspace
    pins = sdk_for(str(server)).pins
    assert [(pin.package, str(pin.specifier), pin.sources) for pin in pins] == [
        ("fastmcp", "<3,>=2.10", ("pyproject.toml",))
    ]


def test_a_workspace_takes_in_only_the_members_its_globs_name(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.uv.workspace]\nmembers = ["libs/*"]\n')
    for member in ("libs/a", "tools/b", "other/c"):
        (tmp_path / member).mkdir(parents=True)
        (tmp_path / member / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "other" / "pyproject.toml").write_text("[tool.uv.workspace\nmembers = ['c']\n")  # not TOML
    assert project_root(str(tmp_path / "libs" / "a" / "m.py")) == str(tmp_path)
    assert project_root(str(tmp_path / "tools" / "b" / "m.py")) == str(tmp_path / "tools" / "b")
    assert project_root(str(tmp_path / "other" / "c" / "m.py")) == str(tmp_path / "other" / "c")
