"""``mcp-lint server``: a language server over stdio, on pygls and lsprotocol.

It publishes the diagnostics ``check`` would report for each open buffer's unsaved text, with the project model
of the buffer's root (other open buffers included), and offers each fix as a quick fix, a ``# noqa`` quick fix and
``source.fixAll.mcp-lint``. pygls is an optional dependency: ``pip install 'flake8-mcp[server]'``.
"""

from __future__ import annotations

from mcp_lint.server.protocol import McpLintServer, create_server, serve

__all__ = ["McpLintServer", "create_server", "serve"]
