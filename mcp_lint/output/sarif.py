"""``--output-format sarif``: SARIF 2.1.0, with a rule descriptor (and its help text) per code.

A rule's help is its whole documentation; its ``helpUri`` is the first public source its References name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from mcp_lint import __version__
from mcp_lint.diagnostics import PARSE_ERROR_CODE, FileResult
from mcp_lint.rule import Rule
from mcp_lint.rules import ALL_RULES

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_URL = re.compile(r"https://[^\s)>]+")


def help_uri(rule: type[Rule]) -> str | None:
    """The page that explains a rule best: the first public source its References section names.

    Args:
        rule (type[Rule]): the rule.
    Returns:
        str | None: the URL, None when its References name none.
    """
    source = _URL.search(rule.doc_sections()["References"])
    return source.group(0) if source else None


def rule_descriptor(rule: type[Rule]) -> dict[str, object]:
    """The SARIF reportingDescriptor of a rule, with its documentation as help text.

    Args:
        rule (type[Rule]): the rule (a static rule or a probe rule).
    Returns:
        dict[str, object]: ``id``, ``name``, descriptions, ``help``, level, fix availability, and ``helpUri``
        (the first link of its References) when it has one.
    """
    sections = rule.doc_sections()
    descriptor: dict[str, object] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": sections["What it does"]},
        "help": {"text": rule.documentation(), "markdown": rule.documentation()},
        "defaultConfiguration": {"level": "error"},
        "properties": {"fix": rule.fix_applicability.value if rule.fix_applicability else "none"},
    }
    uri = help_uri(rule)
    if uri:
        descriptor["helpUri"] = uri
    return descriptor


def _descriptors() -> list[dict[str, object]]:
    descriptors: list[dict[str, object]] = [
        {
            "id": PARSE_ERROR_CODE,
            "name": "parse-error",
            "shortDescription": {"text": "A file that could not be read or parsed"},
            "fullDescription": {"text": "mcp-lint could not read or parse the file, so it was not checked."},
            "help": {"text": "Fix the syntax error or the encoding of the file."},
            "defaultConfiguration": {"level": "error"},
        }
    ]
    descriptors.extend(rule_descriptor(rule) for rule in ALL_RULES)
    return descriptors


def _uri(path: Path) -> str:
    return path.as_posix() if not path.is_absolute() else path.as_uri()


def render_sarif(results: Sequence[FileResult]) -> str:
    """Render one SARIF 2.1.0 log with a single run.

    Args:
        results (Sequence[FileResult]): the checked files.
    Returns:
        str: the SARIF JSON document.
    """
    descriptors = _descriptors()
    index = {d["id"]: i for i, d in enumerate(descriptors)}
    sarif_results = []
    for r in results:
        for d in r.diagnostics:
            entry: dict[str, object] = {
                "ruleId": d.code,
                "ruleIndex": index[d.code],
                "level": "error",
                "message": {"text": d.message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": _uri(r.path)},
                            "region": {
                                "startLine": max(d.row, 1),
                                "startColumn": max(d.column, 1),
                                "endLine": max(d.end_row, d.row, 1),
                                "endColumn": max(d.end_column, 1),
                            },
                        }
                    }
                ],
            }
            if d.edits:
                entry["fixes"] = [
                    {
                        "description": {"text": d.fix_title or ""},
                        "artifactChanges": [
                            {
                                "artifactLocation": {"uri": _uri(r.path)},
                                "replacements": [
                                    {
                                        "deletedRegion": {
                                            "startLine": e.row, "startColumn": e.column,
                                            "endLine": e.end_row, "endColumn": e.end_column,
                                        },
                                        "insertedContent": {"text": e.content},
                                    }
                                    for e in d.edits
                                ],
                            }
                        ],
                    }
                ]  # fmt: skip
            sarif_results.append(entry)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "mcp-lint", "version": __version__, "rules": descriptors}},
                "results": sarif_results,
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"
