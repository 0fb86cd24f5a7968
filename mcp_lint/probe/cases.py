"""The calls the probe makes, derived from each tool's input schema.

Every call but the optional valid one (``--call-valid``) is invalid by the schema in exactly one way: the
other arguments are the required ones with values the schema accepts, so that an answer about the wrong
argument is not mistaken for an answer about this one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

#: The tool name the unknown-tool call uses (a suffix is added if a server lists it).
UNKNOWN_TOOL = "mcp_lint_probe_no_such_tool"
#: The argument name the extra-argument call adds.
EXTRA_ARGUMENT = "mcp_lint_probe_extra"

MISSING, WRONG_TYPE, ENUM, MINIMUM, MAXIMUM, PATTERN, EXTRA, UNKNOWN, VALID = (
    "missing-required", "wrong-type", "outside-enum", "below-minimum", "above-maximum", "pattern-mismatch",
    "extra-argument", "unknown-tool", "valid",
)  # fmt: skip

#: What each kind of call sends, in words, for messages.
DESCRIPTIONS = {
    MISSING: "without the required argument {argument!r}",
    WRONG_TYPE: "with a wrong-typed {argument!r}",
    ENUM: "with {argument!r} outside its enum",
    MINIMUM: "with {argument!r} below its minimum",
    MAXIMUM: "with {argument!r} above its maximum",
    PATTERN: "with {argument!r} not matching its pattern",
    EXTRA: "with an unexpected argument {argument!r} (the schema forbids additional properties)",
    UNKNOWN: "of a tool the server did not list",
    VALID: "with valid arguments",
}

_PATTERN_SAMPLES = ("a", "A", "1", "example", "2026-01-01", "user@example.com", "https://example.com", "a-1", "")
_NOT_MATCHING_SAMPLES = ("", " ", "!", "~ mcp-lint probe ~", "0", "a", "A", "\n")
_FORMATS = {
    "date": "2026-01-01", "date-time": "2026-01-01T00:00:00Z", "time": "00:00:00Z", "email": "user@example.com",
    "uri": "https://example.com", "url": "https://example.com", "uuid": "00000000-0000-4000-8000-000000000000",
    "ipv4": "127.0.0.1", "hostname": "example.com",
}  # fmt: skip


@dataclass(frozen=True)
class ProbeCall:
    """One ``tools/call`` the probe makes.

    Attributes:
        tool (str): the tool name sent.
        kind (str): what is wrong with it, one of the kinds above (``missing-required``, ...).
        arguments (dict[str, Any]): the arguments sent.
        argument (str | None): the argument that is wrong, None for the unknown-tool and valid calls.
    """

    tool: str
    kind: str
    arguments: dict[str, Any] = field(default_factory=dict)
    argument: str | None = None

    @property
    def invalid(self) -> bool:
        """bool: True for a call with invalid arguments (not the unknown-tool or valid call)."""
        return self.kind not in (UNKNOWN, VALID)

    def describe(self) -> str:
        """Say what the call sends, in words.

        Returns:
            str: e.g. ``without the required argument 'b'``.
        """
        return DESCRIPTIONS[self.kind].format(argument=self.argument)

    def to_json(self) -> dict[str, Any]:
        """Return the call as JSON data, for ``--dry-run`` and the json output.

        Returns:
            dict[str, Any]: ``tool``, ``kind``, ``argument`` and ``arguments``.
        """
        return {"tool": self.tool, "kind": self.kind, "argument": self.argument, "arguments": self.arguments}

    def __str__(self) -> str:
        return f"{self.tool} {json.dumps(self.arguments, sort_keys=True, default=str)}"


def _resolve(schema: Any, root: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """Follow a local ``$ref`` and take the first branch of ``anyOf``/``oneOf``/``allOf``."""
    if not isinstance(schema, dict) or depth > 20:
        return {}
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(target, dict) else {}
        return _resolve(target, root, depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and branches and "type" not in schema:
            non_null = [b for b in branches if not (isinstance(b, dict) and b.get("type") == "null")]
            return _resolve((non_null or branches)[0], root, depth + 1)
    return schema


def _types(schema: dict[str, Any]) -> list[str]:
    declared = schema.get("type")
    if isinstance(declared, str):
        return [declared]
    if isinstance(declared, list):
        return [t for t in declared if isinstance(t, str)]
    return []


def _number(schema: dict[str, Any], integer: bool) -> float | int:
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    value: float = 1
    if isinstance(low, (int, float)) and not isinstance(low, bool):
        value = max(value, low + (1 if "exclusiveMinimum" in schema and "minimum" not in schema else 0))
    if isinstance(high, (int, float)) and not isinstance(high, bool):
        value = min(value, high - (1 if "exclusiveMaximum" in schema and "maximum" not in schema else 0))
    return int(value) if integer else value


def _matches(pattern: str, text: str) -> bool:
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return True


def valid_value(schema: Any, root: dict[str, Any], depth: int = 0) -> Any:
    """Return a value the schema accepts, as far as a few common keywords go.

    Args:
        schema (Any): a JSON Schema (a property's subschema).
        root (dict[str, Any]): the tool's whole input schema, for local ``$ref``.
        depth (int): the nesting depth, to stop on recursive schemas.
    Returns:
        Any: ``const``, the first ``enum`` value, ``default``, the first of ``examples``, or a value built
        from ``type`` and its bounds.
    """
    schema = _resolve(schema, root)
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return schema["examples"][0]
    types = _types(schema) or (["object"] if "properties" in schema else ["string"])
    kind = next((t for t in types if t != "null"), types[0])
    if kind == "integer":
        return _number(schema, integer=True)
    if kind == "number":
        return _number(schema, integer=False)
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    if kind == "array":
        count = schema.get("minItems", 0) if isinstance(schema.get("minItems"), int) else 0
        return [valid_value(schema.get("items", {}), root, depth + 1) for _ in range(min(count, 5))] if depth < 8 else []
    if kind == "object":
        return _required_arguments(schema, root, depth + 1) if depth < 8 else {}
    text = _FORMATS.get(schema.get("format", ""), "a")
    pattern = schema.get("pattern")
    if isinstance(pattern, str) and not _matches(pattern, text):
        text = next((s for s in _PATTERN_SAMPLES if _matches(pattern, s)), text)
    low = schema.get("minLength")
    if isinstance(low, int) and len(text) < low:
        text = text + "a" * (low - len(text))
    return text


def _properties(schema: dict[str, Any]) -> dict[str, Any]:
    properties = schema.get("properties")
    return properties if isinstance(properties, dict) else {}


def _required(schema: dict[str, Any]) -> list[str]:
    required = schema.get("required")
    return [name for name in required if isinstance(name, str)] if isinstance(required, list) else []


def _required_arguments(schema: dict[str, Any], root: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    properties = _properties(schema)
    return {name: valid_value(properties.get(name, {}), root, depth) for name in _required(schema)}


def _wrong_type(schema: dict[str, Any]) -> Any:
    """A value of another JSON type, one that lax validation (pydantic) does not coerce either."""
    types = set(_types(schema))
    for candidate in ("mcp-lint probe: not a valid value", {"mcp_lint_probe": True}, [["nested"]], 3.5):
        kind = {str: "string", dict: "object", list: "array", float: "number"}[type(candidate)]
        if kind not in types and not (kind == "number" and "integer" not in types and "number" in types):
            return candidate
    return None


def _outside_enum(values: list[Any]) -> Any:
    if values and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return max(values) + 1
    candidate = "mcp-lint-probe-not-in-enum"
    while candidate in values:
        candidate += "-"
    return candidate


def _not_matching(pattern: str) -> str | None:
    return next((s for s in _NOT_MATCHING_SAMPLES if not _matches(pattern, s)), None)


def tool_calls(tool: str, schema: Any) -> list[ProbeCall]:
    """Derive the invalid calls of one tool from its input schema.

    One call per kind, on the first property (required ones first) the kind applies to: a missing required
    argument, a wrong type, a value outside an ``enum``, below ``minimum``/``exclusiveMinimum``, above
    ``maximum``/``exclusiveMaximum``, not matching ``pattern``; and an extra argument only when the schema
    sets ``additionalProperties: false`` (JSON Schema allows extra properties otherwise, and most frameworks
    ignore them by design).

    Args:
        tool (str): the tool's name.
        schema (Any): its ``inputSchema``.
    Returns:
        list[ProbeCall]: the calls, in the order above.
    """
    root = schema if isinstance(schema, dict) else {}
    base = _required_arguments(root, root)
    properties = _properties(root)
    required = _required(root)
    order = [*[n for n in required if n in properties], *[n for n in properties if n not in required]]
    calls: list[ProbeCall] = []

    def with_value(name: str, value: Any, kind: str) -> None:
        calls.append(ProbeCall(tool, kind, {**base, name: value}, name))

    if required:
        name = required[0]
        calls.append(ProbeCall(tool, MISSING, {k: v for k, v in base.items() if k != name}, name))
    for name in order:
        sub = _resolve(properties[name], root)
        if _types(sub) and "enum" not in sub and "const" not in sub:
            value = _wrong_type(sub)
            if value is not None:
                with_value(name, value, WRONG_TYPE)
                break
    checks = [
        (ENUM, lambda s: isinstance(s.get("enum"), list) and s["enum"], lambda s: _outside_enum(s["enum"])),
        (MINIMUM, lambda s: _outside(s, below=True) is not None, lambda s: _outside(s, below=True)),
        (MAXIMUM, lambda s: _outside(s, below=False) is not None, lambda s: _outside(s, below=False)),
        (PATTERN, lambda s: isinstance(s.get("pattern"), str) and _not_matching(s["pattern"]) is not None,
         lambda s: _not_matching(s["pattern"])),
    ]  # fmt: skip
    for kind, applies, invalid in checks:
        for name in order:
            sub = _resolve(properties[name], root)
            if applies(sub):
                with_value(name, invalid(sub), kind)
                break
    if root.get("additionalProperties") is False:
        extra = EXTRA_ARGUMENT
        while extra in properties:
            extra += "_"
        with_value(extra, "mcp-lint probe", EXTRA)
    return calls


def _outside(schema: dict[str, Any], below: bool) -> float | int | None:
    """The first number past ``minimum``/``exclusiveMinimum`` (below) or ``maximum``/``exclusiveMaximum``."""
    inclusive, exclusive = ("minimum", "exclusiveMinimum") if below else ("maximum", "exclusiveMaximum")
    step = -1 if below else 1
    value = schema.get(inclusive)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value + step
    value = schema.get(exclusive)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return None


def valid_call(tool: str, schema: Any) -> ProbeCall:
    """The call with valid arguments that ``--call-valid`` adds: every required argument, nothing else.

    Args:
        tool (str): the tool's name.
        schema (Any): its ``inputSchema``.
    Returns:
        ProbeCall: the call.
    """
    root = schema if isinstance(schema, dict) else {}
    return ProbeCall(tool, VALID, _required_arguments(root, root))


def unknown_tool_call(listed: set[str]) -> ProbeCall:
    """The call of a tool name the server did not list.

    Args:
        listed (set[str]): the names it listed.
    Returns:
        ProbeCall: the call, with no arguments.
    """
    name = UNKNOWN_TOOL
    while name in listed:
        name += "_"
    return ProbeCall(name, UNKNOWN)
