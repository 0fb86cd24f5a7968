"""The rules of mcp-lint, one module each. Shipped in the wheel as ``mcp_lint.rules``.

Attributes:
    ALL_RULES (tuple[type[Rule], ...]): every rule, ordered by code.
"""

from __future__ import annotations

from mcp_lint.rule import Rule
from mcp_lint.rules.mcp001_input_validation_protocol_error import InputValidationProtocolError
from mcp_lint.rules.mcp002_generic_swallowed_exception import GenericSwallowedException
from mcp_lint.rules.mcp003_empty_result_as_error import EmptyResultAsError
from mcp_lint.rules.mcp004_retryable_error_without_delay import RetryableErrorWithoutDelay
from mcp_lint.rules.mcp006_is_error_keyword_ignored import IsErrorKeywordIgnored
from mcp_lint.rules.mcp008_call_tool_result_not_passed_through import CallToolResultNotPassedThrough
from mcp_lint.rules.mcp011_protocol_error_constructor_mismatch import ProtocolErrorConstructorMismatch

ALL_RULES: tuple[type[Rule], ...] = (
    InputValidationProtocolError,
    GenericSwallowedException,
    EmptyResultAsError,
    RetryableErrorWithoutDelay,
    IsErrorKeywordIgnored,
    CallToolResultNotPassedThrough,
    ProtocolErrorConstructorMismatch,
)

__all__ = ["ALL_RULES"]
