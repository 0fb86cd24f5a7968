"""mcp-lint: a linter and codemod tool for the error handling of MCP tool handlers."""

__version__ = "0.1.0"
