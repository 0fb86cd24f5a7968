"""The shipped documentation stands alone: docs/frameworks.md matches what the frameworks send today, and
nothing a user receives cites files only the developers have.

The table check runs every case of ``scripts/framework_behaviour.py`` in the framework environments of
``tests/runtime/make_envs.sh`` (set MCP_LINT_ENVS to use another directory), one process per environment.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest

from conftest import ROOT

ENVS = Path(os.environ.get("MCP_LINT_ENVS", ROOT / ".envs"))
PAGE = ROOT / "docs" / "frameworks.md"


def _script():
    spec = importlib.util.spec_from_file_location("framework_behaviour", ROOT / "scripts" / "framework_behaviour.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve the module's string annotations through sys.modules
    spec.loader.exec_module(module)
    return module


behaviour = _script()


def test_frameworks_page_matches_what_the_frameworks_send() -> None:
    try:
        generated = behaviour.generate(ENVS)
    except behaviour.MissingEnvironment as exc:
        pytest.fail(str(exc))
    _, current, _ = behaviour.split_page(PAGE.read_text(encoding="utf-8"))
    assert current == generated, "docs/frameworks.md is out of date: run python scripts/framework_behaviour.py"
    rows = [line for line in generated.splitlines() if line.startswith("| ")]
    # the versions table (a heading and one row per environment) and the behaviour table (a heading and one
    # row per case), each row with one cell per column
    assert len(rows) == 1 + 4 + 1 + len(behaviour.CASES)
    assert all(row.count(" | ") == len(behaviour.COLUMNS) for row in rows[5:])


def test_a_missing_environment_is_a_clear_failure(tmp_path: Path) -> None:
    with pytest.raises(behaviour.MissingEnvironment, match=r"missing framework environment .*mcp1/bin/python: run"):
        behaviour.generate(tmp_path)
    assert behaviour.main(["--envs", str(tmp_path), "--check"]) == 2


@pytest.mark.parametrize(
    ("result", "cell"),
    [
        ({"isError": True, "text": ["bad | date"]}, r"isError `bad \| date`"),
        ({"isError": False, "text": ["{\n  \"a\": 1\n}"]}, 'ok (isError false) `{ "a": 1 }`'),
        ({"isError": False, "text": []}, "ok (isError false) (no content)"),
        ({"protocol_error": -32602, "message": "m"}, "protocol error -32602 `m`"),
        ({"isError": True, "text": ["word " * 30]}, "isError `" + "word " * 19 + "word …`"),
        (
            {"legacy": {"mode": "legacy", "protocol_error": 0, "message": "m"},
             "auto": {"mode": "auto", "protocol_error": -32603, "message": "Internal server error"}},
            "legacy: protocol error 0 `m`<br>auto: protocol error -32603 `Internal server error`",
        ),
        (
            {"legacy": {"mode": "legacy", "isError": True, "text": ["m"]},
             "auto": {"mode": "auto", "isError": True, "text": ["m"]}},
            "isError `m`",
        ),
    ],
)  # fmt: skip
def test_cells_render_what_the_client_received(result: dict, cell: str) -> None:
    assert behaviour.render_cell(result) == cell


def test_page_markers_are_required() -> None:
    with pytest.raises(ValueError, match="markers are missing"):
        behaviour.split_page("# no table here\n")


SHIPPED = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
           *sorted((ROOT / "mcp_lint").rglob("*.py")), *sorted((ROOT / "rules").rglob("*.py"))]  # fmt: skip


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_shipped_files_cite_only_what_users_have(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [
        f"{row}: {line.strip()}"
        for row, line in enumerate(text.splitlines(), start=1)
        if re.search(r"(?<!mcp/)shared/|sdk-errors|\bseeds?\b", line, re.IGNORECASE)
    ]
    assert found == []


def test_readme_links_the_frameworks_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/frameworks.md)" in readme
    assert PAGE.exists()
