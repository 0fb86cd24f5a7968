"""The probe's output formats: ``full``, ``concise``, ``json`` and ``sarif``, as ``check`` writes them.

A probe finding has no file position. Its location is the server and the tool: ``SERVER::TOOL`` (the
command line as typed, or the URL, then the tool name, as pytest names a test in a file), and just
``SERVER`` for the unknown-tool call. The json records are ``check``'s ruff-style records with
``filename`` set to the server, ``location``, ``end_location`` and ``noqa_row`` set to null, and three
more keys: ``tool``, ``call`` and ``response``. SARIF results carry a logical location (the tool) instead
of a physical one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from mcp_lint import __version__
from mcp_lint.diagnostics import FileResult
from mcp_lint.output.json_records import record
from mcp_lint.output.sarif import SARIF_SCHEMA, rule_descriptor
from mcp_lint.output.text import summary
from mcp_lint.probe.cases import UNKNOWN
from mcp_lint.probe.classify import Finding
from mcp_lint.probe.rules import PROBE_RULES


def location(server: str, finding: Finding) -> str:
    """Where a finding is: ``SERVER::TOOL``, or ``SERVER`` for the unknown-tool call.

    Args:
        server (str): the server label (command line or URL).
        finding (Finding): the finding.
    Returns:
        str: the location.
    """
    return server if finding.call.kind == UNKNOWN else f"{server}::{finding.call.tool}"


def _line(server: str, f: Finding) -> str:
    return f"{location(server, f)}: {f.diagnostic.code} {f.diagnostic.message}"


def render_concise(server: str, findings: Sequence[Finding]) -> str:
    """Render ``SERVER::TOOL: CODE message`` lines.

    Args:
        server (str): the server label.
        findings (Sequence[Finding]): the findings.
    Returns:
        str: one line per finding.
    """
    return "".join(_line(server, f) + "\n" for f in findings)


def render_full(server: str, findings: Sequence[Finding]) -> str:
    """Render each finding with the call that was made and the answer in full.

    Args:
        server (str): the server label.
        findings (Sequence[Finding]): the findings.
    Returns:
        str: the report.
    """
    blocks = []
    for f in findings:
        answer = f.response.text.strip() or "(no text)"
        code = f" (code {f.response.code})" if f.response.code is not None else ""
        answer_lines = answer.splitlines()[:12]
        block = [
            _line(server, f),
            f"  = call: tools/call {f.call}",
            f"  = answer: {f.response.kind}{code}: {answer_lines[0]}",
            *(f"            {line}" for line in answer_lines[1:]),
        ]
        blocks.append("\n".join(block) + "\n")
    return "\n".join(blocks)


def render_json(server: str, findings: Sequence[Finding]) -> str:
    """Render a JSON array of ruff-style records, with the tool, the call and the answer.

    Args:
        server (str): the server label.
        findings (Sequence[Finding]): the findings.
    Returns:
        str: the JSON document.
    """
    records = []
    for f in findings:
        entry = record(server, f.diagnostic)
        entry.update(location=None, end_location=None, noqa_row=None)
        entry.update(tool=f.call.tool, call=f.call.to_json(), response=f.response.to_json())
        records.append(entry)
    return json.dumps(records, indent=2) + "\n"


def render_sarif(server: str, findings: Sequence[Finding]) -> str:
    """Render one SARIF 2.1.0 log whose results are located by tool (a logical location).

    Args:
        server (str): the server label.
        findings (Sequence[Finding]): the findings.
    Returns:
        str: the SARIF JSON document.
    """
    index = {rule.code: i for i, rule in enumerate(PROBE_RULES)}
    results = [
        {
            "ruleId": f.diagnostic.code,
            "ruleIndex": index[f.diagnostic.code],
            "level": "error",
            "message": {"text": f.diagnostic.message},
            "locations": [
                {
                    "logicalLocations": [
                        {"name": f.call.tool, "fullyQualifiedName": location(server, f), "kind": "function"}
                    ]
                }
            ],
            "properties": {"server": server, "call": f.call.to_json(), "response": f.response.to_json()},
        }
        for f in findings
    ]
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "mcp-lint", "version": __version__,
                        "rules": [rule_descriptor(rule) for rule in PROBE_RULES],
                    }
                },
                "results": results,
            }
        ],
    }  # fmt: skip
    return json.dumps(log, indent=2) + "\n"


#: Format name to renderer.
PROBE_FORMATS: dict[str, Callable[[str, Sequence[Finding]], str]] = {
    "full": render_full,
    "concise": render_concise,
    "json": render_json,
    "sarif": render_sarif,
}


def closing_line(server: str, findings: Sequence[Finding]) -> str:
    """``All checks passed!`` or ``Found N errors.``, as ``check`` ends its text formats.

    Args:
        server (str): the server label.
        findings (Sequence[Finding]): the findings.
    Returns:
        str: the line.
    """
    return summary([FileResult(Path(server), [f.diagnostic for f in findings])])
