"""``mcp-lint probe``: what a running MCP server really answers to invalid tool calls.

Static rules see the code; what reaches the model also depends on the installed SDK, its version,
middleware and settings. The probe starts the server (stdio) or connects to it (streamable HTTP) with the
official ``mcp`` client (the ``flake8-mcp[probe]`` extra), derives invalid calls from each tool's input schema
(:mod:`mcp_lint.probe.cases`), classifies the answers (:mod:`mcp_lint.probe.classify`) into the probe rules
MCP101-MCP104 (:mod:`mcp_lint.probe.rules`) and prints them in ``check``'s formats (:mod:`mcp_lint.probe.report`).
Only :mod:`mcp_lint.probe.session` imports ``mcp``.
"""
