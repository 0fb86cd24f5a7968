"""What a server answered to one probe call, and which finding (if any) that answer is.

Kinds of answer: a tool execution error (``isError: true``) whose text names the argument or says what was
wrong; one whose text does neither (masked or generic); a JSON-RPC protocol error (code and message); a
success; a crash (the server exited or closed the connection); a timeout; and an answer the client could
not read (a broken protocol).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mcp_lint.diagnostics import Diagnostic
from mcp_lint.probe.cases import ProbeCall
from mcp_lint.probe.rules import (
    ProbeRule,
    ServerFailure,
    UnknownToolNotProtocolError,
    ValidationErrorAsProtocolError,
    ValidationErrorHidden,
)

TOOL_ERROR, SUCCESS, PROTOCOL_ERROR, CRASH, TIMEOUT, BROKEN = (
    "tool-error", "success", "protocol-error", "crash", "timeout", "broken-protocol",
)  # fmt: skip

#: Words that say what was wrong with an argument, in the messages of the SDKs, pydantic and jsonschema.
_EXPLAINS = re.compile(
    r"required|missing|\btype\b|valid|expected|\bmust\b|\bshould\b|not allowed|not permitted|unexpected|extra|"
    r"\benum\b|one of|greater|less than|at least|at most|minimum|maximum|pattern|match|format|out of range|"
    r"too (?:small|large|long|short|big)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Response:
    """What the client got for one call.

    Attributes:
        kind (str): ``tool-error``, ``success``, ``protocol-error``, ``crash``, ``timeout`` or ``broken-protocol``.
        text (str): the text content of a result, the message of a protocol error, or what went wrong.
        code (int | None): the JSON-RPC error code of a protocol error.
    """

    kind: str
    text: str = ""
    code: int | None = None

    def describe(self) -> str:
        """Say what the answer was, in words.

        Returns:
            str: e.g. ``JSON-RPC error -32602 "'b'"`` or ``isError "Error executing tool add"``.
        """
        text = _clip(self.text)
        if self.kind == PROTOCOL_ERROR:
            return f"JSON-RPC error {self.code} {text!r}"
        if self.kind == TOOL_ERROR:
            return f"isError {text!r}"
        if self.kind == SUCCESS:
            return f"success {text!r}"
        if self.kind == TIMEOUT:
            return f"no answer ({self.text})"
        return f"{self.kind}: {text}"

    def to_json(self) -> dict[str, object]:
        """Return the answer as JSON data.

        Returns:
            dict[str, object]: ``kind``, ``text`` and ``code``.
        """
        return {"kind": self.kind, "text": self.text, "code": self.code}


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def names_argument(text: str, argument: str) -> bool:
    """Tell whether a message names an argument (as a whole word) or says what was wrong with it.

    Args:
        text (str): the isError text.
        argument (str): the argument the call got wrong.
    Returns:
        bool: True when the model can tell from the text what to correct.
    """
    if re.search(rf"(?<![A-Za-z0-9_]){re.escape(argument)}(?![A-Za-z0-9_])", text):
        return True
    return _EXPLAINS.search(text) is not None


@dataclass(frozen=True)
class Finding:
    """A probe finding: the diagnostic, and the call and answer behind it.

    Attributes:
        diagnostic (Diagnostic): the code, name and message (no source position).
        call (ProbeCall): the call.
        response (Response): the answer.
    """

    diagnostic: Diagnostic
    call: ProbeCall
    response: Response


def _finding(rule: type[ProbeRule], call: ProbeCall, response: Response, message: str) -> Finding:
    return Finding(Diagnostic(rule.code, rule.name, message), call, response)


def classify(call: ProbeCall, response: Response) -> Finding | None:
    """Decide whether an answer is a finding.

    A success for an invalid call is not a finding: the server accepted what the schema rejects (lenient
    validation, defaults, ignored extra arguments), and the model is not misled by an error it cannot read.
    The json output and ``--verbose`` show it.

    Args:
        call (ProbeCall): the call made.
        response (Response): what the client got.
    Returns:
        Finding | None: MCP101, MCP102, MCP103 or MCP104, or None.
    """
    what = f"a call {call.describe()}"
    if response.kind in (CRASH, TIMEOUT, BROKEN):
        if response.kind == CRASH:
            detail = "the server exited or closed the connection"
        elif response.kind == TIMEOUT:
            detail = response.text
        else:
            detail = f"the answer breaks the protocol ({_clip(response.text)})"
        return _finding(ServerFailure, call, response, f"{what}: {detail}")
    if not call.invalid:
        if call.kind == "unknown-tool" and response.kind != PROTOCOL_ERROR:
            return _finding(
                UnknownToolNotProtocolError, call, response,
                f"{what} is answered with {response.describe()}, not a JSON-RPC protocol error",
            )  # fmt: skip
        return None
    if response.kind == PROTOCOL_ERROR:
        return _finding(
            ValidationErrorAsProtocolError, call, response,
            f"{what} is answered with {response.describe()}, which the model never sees; "
            f"send a tool execution error (isError) instead",
        )  # fmt: skip
    if response.kind == TOOL_ERROR and not names_argument(response.text, call.argument or ""):
        return _finding(
            ValidationErrorHidden, call, response,
            f"{what} is answered with {response.describe()}, which names neither the argument nor what was wrong",
        )  # fmt: skip
    return None
