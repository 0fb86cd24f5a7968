"""MCP004 retryable-error-without-delay."""

from __future__ import annotations

import libcst as cst

from mcp_lint.failures import CATEGORY_KEYS, DELAY_KEYS, RETRYABLE_KEYS, is_true, payload_fields
from mcp_lint.rule import Rule


def _fields(node: cst.CSTNode) -> dict[str, cst.BaseExpression] | None:
    """The fields of a payload node: a dict literal, ``dict(...)``, or a constructor call (capitalised callee)."""
    if isinstance(node, cst.Dict):
        return payload_fields(node)
    if isinstance(node, cst.Call):
        func = node.func
        name = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
        if name == "dict" or name[:1].isupper():
            return payload_fields(node)
    return None


def is_retryable(fields: dict[str, cst.BaseExpression]) -> bool:
    """Tell whether payload fields mark an error as retryable.

    Args:
        fields (dict[str, cst.BaseExpression]): the payload's fields.
    Returns:
        bool: True for ``isRetryable``/``is_retryable``/``retryable`` set to True, or a category key
        (``errorCategory``, ``error_category``, ``category``) equal to ``"transient"``.
    """
    if any(is_true(fields.get(key)) for key in RETRYABLE_KEYS):
        return True
    for key in CATEGORY_KEYS:
        value = fields.get(key)
        if isinstance(value, cst.SimpleString) and value.evaluated_value == "transient":
            return True
    return False


def delay_key(fields: dict[str, cst.BaseExpression], keyword_payload: bool) -> str:
    """Name the delay key in the payload's own naming style.

    Args:
        fields (dict[str, cst.BaseExpression]): the payload's fields.
        keyword_payload (bool): whether the fields are keyword arguments, which default to snake_case.
    Returns:
        str: ``"retryAfterSeconds"`` for camelCase payloads, ``"retry_after_seconds"`` for snake_case ones.
    """
    camel = any(any(c.isupper() for c in key) and "_" not in key for key in fields)
    snake = any("_" in key for key in fields)
    if camel and not snake:
        return "retryAfterSeconds"
    if snake and not camel:
        return "retry_after_seconds"
    return "retry_after_seconds" if keyword_payload else "retryAfterSeconds"


class RetryableErrorWithoutDelay(Rule):
    """## What it does
    Finds structured error payloads in MCP modules that mark themselves retryable but give no retry delay.
    A payload is a dict literal, a `dict(...)` call or the keyword arguments of a constructor call, also
    inside `json.dumps(...)`. It is retryable when `isRetryable`, `is_retryable` or `retryable` is `True`,
    or when `errorCategory`, `error_category` or `category` is `"transient"`. The delay is a
    `retryAfterSeconds`, `retry_after_seconds` or `retry_after` key, in the payload or in a payload that
    encloses it.

    Payloads that carry a delay, non-retryable payloads, payloads with `**` spreads (whose keys cannot be
    known) and modules that import no MCP framework are not reported.

    ## Why is this bad?
    A retryable error without a delay makes the model retry at once, hammering a service that is already
    struggling (seed 004, "No retryAfterSeconds on Transient": `retryAfterSeconds` is required when
    `isRetryable` is true).

    ## Example
    ```python
    from fastmcp import FastMCP

    mcp = FastMCP("search")

    @mcp.tool()
    async def web_search(query: str) -> dict:
        try:
            return await search_api.query(query)
        except TimeoutError:
            return {"isError": True, "errorCategory": "transient", "isRetryable": True}
    ```

    ## Use instead
    ```python
    from fastmcp import FastMCP

    mcp = FastMCP("search")

    @mcp.tool()
    async def web_search(query: str) -> dict:
        try:
            return await search_api.query(query)
        except TimeoutError:
            return {"isError": True, "errorCategory": "transient", "isRetryable": True, "retryAfterSeconds": 30}
    ```

    ## Fix safety
    This rule has no automatic fix yet.

    ## References
    - `shared/seeds/004`: "Retryable vs Non-Retryable Error Design", required fields, "No retryAfterSeconds on
      Transient".
    - `shared/seeds/003`: OXP error schemas.
    """

    code = "MCP004"
    name = "retryable-error-without-delay"
    summary = "A retryable error payload gives no retry delay"

    def _check(self, node: cst.Dict | cst.Call) -> None:
        fields = _fields(node)
        if not fields or not is_retryable(fields) or DELAY_KEYS & fields.keys():
            return
        for ancestor in self.context.ancestors[:-1]:
            enclosing = _fields(ancestor)
            if enclosing and DELAY_KEYS & enclosing.keys():
                return
        key = delay_key(fields, isinstance(node, cst.Call))
        self.report(
            node,
            f"Retryable error payload gives no retry delay: the model retries at once and hammers a struggling "
            f"service; add {key!r}",
        )

    def visit_Dict(self, node: cst.Dict) -> None:
        self._check(node)

    def visit_Call(self, node: cst.Call) -> None:
        self._check(node)
