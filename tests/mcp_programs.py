"""A hypothesis strategy for MCP-shaped programs, assembled from the fixtures' building blocks.

Random programs (hypothesmith) rarely contain MCP code, so this strategy builds modules with tool handlers of
every framework, the raise and return shapes the rules look at, helpers, try/except forms and nesting, with
random names and formatting.
"""

from __future__ import annotations

from hypothesis import strategies as st

HEADERS = {
    "v1": ("from mcp.server.fastmcp import FastMCP\nfrom mcp.shared.exceptions import McpError\n"
           "from mcp.types import INVALID_PARAMS, ErrorData\nimport mcp.types as types\n\napp = FastMCP('x')\n"),
    "v2": ("from mcp.server.mcpserver import MCPServer\nfrom mcp import MCPError as McpError\n"
           "from mcp.types import INVALID_PARAMS, ErrorData\nimport mcp.types as types\n\napp = MCPServer('x')\n"),
    "fastmcp": ("import fastmcp\nfrom fastmcp.exceptions import McpError, ToolError\n"
                "from mcp.types import INVALID_PARAMS, ErrorData\nimport mcp.types as types\n\napp = fastmcp.FastMCP('x')\n"),
}  # fmt: skip

ERRORS = [
    "McpError(ErrorData(code=INVALID_PARAMS, message={msg}))",
    "McpError(ErrorData(INVALID_PARAMS, {msg}))",
    "McpError(ErrorData(code=types.INVALID_PARAMS, message={msg}))",
    "McpError(ErrorData(code=-32602, message={msg}))",
]
MESSAGES = ['"bad value"', "'must be positive'", 'f"bad {NAME}"', '"no such thing: " + str(NAME)', '"""multi\nline"""']
ANNOTATIONS = ["", " -> str", " -> dict", " -> list", " -> dict[str, object]"]

identifiers = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(
    lambda s: s not in {"if", "in", "is", "or", "and", "not", "for", "def", "try", "del", "as", "with", "app", "exc"}
)


@st.composite
def statements(draw: st.DrawFn, name: str, depth: int = 0) -> list[str]:
    """Statements of a handler body, each a list of lines relative to the body's indentation."""
    kind = draw(st.sampled_from(["raise", "swallow", "empty", "retry", "plain", "nest", "helper"] if depth < 2 else ["raise", "plain", "retry"]))
    msg = draw(st.sampled_from(MESSAGES)).replace("NAME", name)
    if kind == "raise":
        error = draw(st.sampled_from(ERRORS)).format(msg=msg)
        return [f"if not {name}:", f"    raise {error}"]
    if kind == "swallow":
        report = draw(st.sampled_from(['return "Operation failed"', 'return {"error": "failed"}', 'raise ToolError("An error occurred")',
                                       "return [{'error': 'Unexpected'}]", "raise", "return str(exc)"]))  # fmt: skip
        clause = draw(st.sampled_from(["except Exception as exc:", "except:", "except (ValueError, Exception) as exc:", "except KeyError:"]))
        if "exc" in report and "as exc" not in clause:
            report = 'return "Operation failed"'
        return ["try:", f"    value = lookup({name})", clause, f"    {report}"]
    if kind == "empty":
        test = draw(st.sampled_from(["not rows", "rows is None", "len(rows) == 0", "rows == []", 'not rows.get("items")']))
        report = draw(st.sampled_from(['raise ToolError("No rows found")', 'return {"error": "not found"}', 'return "Error: no results"']))
        return [f"rows = search({name})", f"if {test}:", f"    {report}"]
    if kind == "retry":
        payload = draw(st.sampled_from(['{"isRetryable": True}', '{"errorCategory": "transient", "message": "later"}',
                                        "dict(is_retryable=True)", '{\n    "retryable": True,\n}']))  # fmt: skip
        return [f"result = {payload}"]
    if kind == "nest":
        inner = draw(statements(name, depth + 1))
        head = draw(st.sampled_from([f"if {name}:", "for _ in range(2):", "while False:", "with ctx():"]))
        return [head, *("    " + line for line in inner)]
    if kind == "helper":
        return [f"check_{name}({name})"]
    return [f"print({name})"]


@st.composite
def mcp_programs(draw: st.DrawFn) -> str:
    """A module with one to three tool handlers, helpers and random formatting."""
    framework = draw(st.sampled_from(sorted(HEADERS)))
    lines = [HEADERS[framework]]
    for _ in range(draw(st.integers(1, 3))):
        name = draw(identifiers)
        helper = [f"def check_{name}(value):", "    if value is None:",
                  f"        raise {ERRORS[0].format(msg=repr('missing ' + name))}", ""]  # fmt: skip
        lines.extend(helper)
        decorator = draw(st.sampled_from(["@app.tool()", "@app.tool", '@app.tool(name="t")']))
        asynchronous = draw(st.sampled_from(["", "async "]))
        annotation = draw(st.sampled_from(ANNOTATIONS))
        lines.extend([decorator, f"{asynchronous}def tool_{name}({name}: str){annotation}:"])
        body: list[str] = []
        for _ in range(draw(st.integers(1, 4))):
            body.extend(draw(statements(name)))
            if draw(st.booleans()):
                body.append("# a comment that must survive")
        body.append(f"return {name}")
        indent = draw(st.sampled_from(["    ", "  ", "\t"]))
        lines.extend(indent + line.replace("    ", indent) for line in body)
        lines.append("\n" * draw(st.integers(0, 2)))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join("\n".join(lines).split("\n")) + newline
