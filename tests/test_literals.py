"""The literal values the rules read are those libcst's ``evaluated_value`` gives, without its cyclic garbage."""

from __future__ import annotations

import gc
import warnings

import libcst as cst
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mcp_lint.checker import collector_paused
from mcp_lint.literals import integer_value, literal_value, string_value

_PREFIXES = ["", "r", "b", "rb", "u", "R", "B"]


def _literal(code: str) -> cst.BaseExpression:
    return cst.parse_expression(code)


@given(st.text(max_size=30), st.sampled_from(_PREFIXES), st.sampled_from(["'", '"', "'''", '"""']))
def test_string_values_are_libcst_s(text: str, prefix: str, quote: str) -> None:
    body = repr(text)[1:-1] if "r" not in prefix.lower() else text
    if "b" in prefix.lower():
        body = body.encode("ascii", "backslashreplace").decode("ascii")
    code = f"{prefix}{quote}{body}{quote}"
    try:
        node = _literal(code)
    except Exception:  # not a valid literal (a raw string ending in a backslash, a quote inside): nothing to compare
        return
    if not isinstance(node, cst.SimpleString):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = node.evaluated_value
        except SyntaxError:  # a NUL character, which neither CPython nor libcst evaluates
            with pytest.raises(SyntaxError):
                literal_value(node)
            return
    assert literal_value(node) == expected
    assert string_value(node) == (expected if isinstance(expected, str) else None)


@pytest.mark.parametrize("code", ["0", "1", "0x1F", "0o17", "0b101", "1_000", "10**0"])
def test_integer_values_are_libcst_s(code: str) -> None:
    node = _literal(code)
    if isinstance(node, cst.Integer):
        assert integer_value(node) == node.evaluated_value
    else:
        assert string_value(node) is None


def test_a_long_token_is_evaluated_as_well() -> None:
    text = "an embedded document, " * 40 + "\\n\\u00e9"
    node = _literal('"""' + text + '"""')
    assert isinstance(node, cst.SimpleString) and len(node.value) > 256
    assert literal_value(node) == node.evaluated_value == text.replace("\\n", "\n").replace("\\u00e9", "\u00e9")


def test_an_invalid_escape_in_the_checked_code_prints_no_warning() -> None:
    node = _literal(r"'\d+'")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert string_value(node) == "\\d+"


def test_anything_but_a_plain_string_has_no_string_value() -> None:
    assert string_value(_literal("b'error'")) is None
    assert string_value(_literal("f'error {x}'")) is None
    assert string_value(_literal("'a' 'b'")) is None
    assert string_value(_literal("error")) is None
    assert string_value(None) is None


def test_reading_a_literal_leaves_no_cyclic_garbage() -> None:
    node = _literal("'a token read once here'")
    gc.collect()
    with collector_paused():
        before = gc.get_count()[0]
        for _ in range(1000):
            literal_value(node)
        assert gc.get_count()[0] - before < 50  # libcst's evaluated_value leaves four closures per read
    assert gc.isenabled()


def test_the_collector_pause_nests_and_restores_the_state_it_found() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
