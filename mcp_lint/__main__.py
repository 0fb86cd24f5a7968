"""``python -m mcp_lint``: the same as the ``mcp-lint`` command."""

from mcp_lint.cli import main

main()
