"""Recognising JSON-RPC protocol errors raised from tools, and their codes, in every spelling.

mcp v1: ``McpError(ErrorData(code=INVALID_PARAMS, message=...))``, positional ``ErrorData(INVALID_PARAMS, msg)``.
mcp v2: ``MCPError(code=INVALID_PARAMS, message=...)``, positional, and ``MCPError.from_error_data(ErrorData(...))``.
The code may be ``types.INVALID_PARAMS``, ``mcp_types.INVALID_PARAMS``, a renamed import, the literal ``-32602``
or a module constant holding one of these. The error may be built in a local variable or by a same-module
helper function and raised later. Import paths are in ``mcp_lint/frameworks.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcp_lint import frameworks as fw
from mcp_lint.discovery import FunctionInfo, ModuleIndex
from mcp_lint.failures import literal_text
from mcp_lint.literals import integer_value
from mcp_lint.symbols import SymbolTable

_MAX_DEPTH = 4


@dataclass
class ProtocolError:
    """A construction of a JSON-RPC protocol error (``McpError``/``MCPError``).

    Attributes:
        call (cst.Call): the expression that builds it: the exception constructor, or the helper call.
        message (cst.BaseExpression | None): the message expression, when it can be told.
        literal_text (str): the literal text of the message and of the helper's arguments, for reading intent.
        code (int | None): the error code, when it is a literal or a known constant.
        code_expr (cst.BaseExpression | None): the code's expression where it is built (a helper's parameter, say).
    """

    call: cst.Call
    message: cst.BaseExpression | None
    literal_text: str
    code: int | None = None
    code_expr: cst.BaseExpression | None = None


def argument(call: cst.Call, keyword: str, position: int) -> cst.BaseExpression | None:
    """Return a call's argument given by keyword or position.

    Args:
        call (cst.Call): the call.
        keyword (str): the parameter name.
        position (int): its 0-based position.
    Returns:
        cst.BaseExpression | None: the argument's value, or None when absent.
    """
    positional = [a for a in call.args if a.keyword is None and not a.star]
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return positional[position].value if position < len(positional) else None


def keyword_argument(call: cst.Call, name: str) -> cst.Arg | None:
    """Return a call's keyword argument by name.

    Args:
        call (cst.Call): the call.
        name (str): the keyword.
    Returns:
        cst.Arg | None: the argument, None when the call has no such keyword.
    """
    return next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == name), None)


class _Evaluator:
    """Follows names, module constants and same-module helpers to what they build."""

    def __init__(self, index: ModuleIndex) -> None:
        self.index = index
        self.symbols = index.symbols

    def symbols_of(self, function: FunctionInfo | None) -> SymbolTable:
        """The symbol table names in ``function`` resolve against: its own module's (a helper may be elsewhere)."""
        if function is not None and function.module is not None:
            return function.module.symbols
        return self.symbols

    def code_value(
        self, expr: cst.BaseExpression | None, depth: int = 0, symbols: SymbolTable | None = None
    ) -> int | None:
        """The integer an error-code expression stands for: a literal, a known constant or a module constant."""
        if expr is None or depth > _MAX_DEPTH:
            return None
        symbols = symbols or self.symbols
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            inner = expr.expression
            return -integer_value(inner) if isinstance(inner, cst.Integer) else None
        if isinstance(expr, cst.Integer):
            return integer_value(expr)
        qualified = symbols.resolve(expr)
        if qualified is not None:
            module, _, name = qualified.rpartition(".")
            if module in fw.ERROR_CODE_MODULES and name in fw.ERROR_CODES:
                return fw.ERROR_CODES[name]
        if isinstance(expr, cst.Name) and expr.value in symbols.constants:
            return self.code_value(symbols.constants[expr.value], depth + 1, symbols)
        return None

    def error_data(
        self, expr: cst.BaseExpression | None, function: FunctionInfo | None, depth: int = 0
    ) -> tuple[bool, cst.BaseExpression | None, int | None]:
        """(True, message, code) when expr builds an ErrorData."""
        expr = self._follow(expr, function, depth)
        symbols = self.symbols_of(function)
        if isinstance(expr, cst.Call) and symbols.resolve_in(expr.func, fw.ERROR_DATA_CLASSES):
            return True, argument(expr, "message", 1), self.code_value(argument(expr, "code", 0), symbols=symbols)
        return False, None, None

    def _follow(
        self, expr: cst.BaseExpression | None, function: FunctionInfo | None, depth: int
    ) -> cst.BaseExpression | None:
        """Replace a local variable by the value assigned to it in the same function."""
        if isinstance(expr, cst.Name) and function is not None and depth <= _MAX_DEPTH:
            value = function.assigned(expr.value)
            if value is not None:
                return value
        return expr

    def protocol_error(
        self, expr: cst.BaseExpression | None, function: FunctionInfo | None, depth: int = 0
    ) -> ProtocolError | None:
        if depth > _MAX_DEPTH:
            return None
        expr = self._follow(expr, function, depth)
        if not isinstance(expr, cst.Call):
            return None
        func = expr.func
        symbols = self.symbols_of(function)
        if symbols.resolve_in(func, fw.PROTOCOL_ERROR_CLASSES):
            code_arg = argument(expr, "code", 0)
            data = self._follow(argument(expr, "error", 0), function, depth + 1)
            found, message, code = self.error_data(data, function, depth + 1)
            if found and isinstance(data, cst.Call):
                code_arg = argument(data, "code", 0)
            else:  # mcp v2: MCPError(code, message)
                message, code = argument(expr, "message", 1), self.code_value(code_arg, symbols=symbols)
            return ProtocolError(expr, message, literal_text(message) if message else "", code, code_arg)
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "from_error_data"
            and symbols.resolve_in(func.value, fw.PROTOCOL_ERROR_CLASSES)
        ):
            found, message, code = self.error_data(argument(expr, "error", 0), function, depth + 1)
            if found:
                return ProtocolError(expr, message, literal_text(message) if message else "", code)
            return None
        helper = self.index.callee(function, func)
        if helper is None:
            return None
        for value in helper.returns:
            built = self.protocol_error(value, helper, depth + 1)
            if built is not None:
                text = " ".join(filter(None, (built.literal_text, literal_text(expr))))
                code, code_expr = built.code, built.code_expr
                passed = self._passed(expr, helper, code_expr)
                if code is None and passed is not None:
                    # ``def _mcp_error(code, message): return McpError(ErrorData(code=code, ...))`` called with
                    # ``INVALID_PARAMS``: the code is the caller's
                    code, code_expr = self.code_value(passed, symbols=symbols), passed
                return ProtocolError(expr, self._passed(expr, helper, built.message), text, code, code_expr)
        return None

    @staticmethod
    def _passed(call: cst.Call, helper: FunctionInfo, expr: cst.BaseExpression | None) -> cst.BaseExpression | None:
        """The call-site argument for the helper's parameter that ``expr`` names, if it names one."""
        if not isinstance(expr, cst.Name):
            return None
        params = helper.node.params
        for position, param in enumerate((*params.posonly_params, *params.params)):
            if param.name.value == expr.value:
                return argument(call, param.name.value, position)
        for param in params.kwonly_params:
            if param.name.value == expr.value:
                return argument(call, param.name.value, 1 << 30)
        return None


def protocol_error(
    expr: cst.BaseExpression | None, index: ModuleIndex, function: FunctionInfo | None
) -> ProtocolError | None:
    """Tell whether an expression builds a JSON-RPC protocol error (``McpError``/``MCPError``), with any code.

    Args:
        expr (cst.BaseExpression | None): what is raised.
        index (ModuleIndex): the module's discovery result, for imports, constants and helpers.
        function (FunctionInfo | None): the function the expression is in, for local variables and callees.
    Returns:
        ProtocolError | None: the construction (its ``code`` is None when it cannot be told), or None when
        ``expr`` builds no protocol error.
    """
    return _Evaluator(index).protocol_error(expr, function)


def invalid_params_error(
    expr: cst.BaseExpression | None, index: ModuleIndex, function: FunctionInfo | None
) -> ProtocolError | None:
    """Tell whether an expression builds a -32602 protocol error, in any spelling mcp v1 or v2 allows.

    Args:
        expr (cst.BaseExpression | None): what is raised.
        index (ModuleIndex): the module's discovery result, for imports, constants and helpers.
        function (FunctionInfo | None): the function the expression is in, for local variables and callees.
    Returns:
        ProtocolError | None: the construction, or None when ``expr`` is something else.
    """
    error = protocol_error(expr, index, function)
    return error if error is not None and error.code == fw.INVALID_PARAMS_CODE else None
