"""The rules of mcp-lint, one module each. Shipped in the wheel as ``mcp_lint.rules``.

Attributes:
    ALL_RULES (tuple[type[Rule], ...]): every rule, ordered by code.
"""

from __future__ import annotations

from mcp_lint.rule import Rule
from mcp_lint.rules.mcp001_input_validation_protocol_error import InputValidationProtocolError

ALL_RULES: tuple[type[Rule], ...] = (InputValidationProtocolError,)

__all__ = ["ALL_RULES"]
