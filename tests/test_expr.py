"""The restricted expression grammar of specs (atomgen/spec/expr.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atomgen.spec.expr import (
    ExprError,
    Tup,
    congruent,
    divisions,
    evaluate,
    evaluate_item,
    names_in,
    parse_expression,
    parse_layout,
)


def value(text: str, **variables: int) -> int:
    return evaluate(parse_expression(text), variables)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("64 / 4 / 2", 8),  # left associative
        ("64 / (4 / 2)", 32),
        ("10 - 4 - 3", 3),
        ("7 % 4 * 2", 6),  # % binds like * and /
        ("2 * 7 % 4", 2),
        ("-3 + 5", 2),
        ("- -3", 3),
        ("-(2 * 3)", -6),
        ("min(4, 8) + max(1, 2)", 6),
        ("min(8, 4, 2)", 2),
        ("max(m, 64 / m)", 16),
        ("m*k/64", 4),
        ("  m  ", 16),
    ],
)
def test_precedence_and_functions(text: str, expected: int) -> None:
    assert value(text, m=16, k=16) == expected


@given(st.integers(-1000, 1000), st.integers(-1000, 1000), st.integers(1, 50))
def test_arithmetic_matches_python(a: int, b: int, c: int) -> None:
    variables = {"a": a, "b": b, "c": c}
    assert evaluate(parse_expression("a + b * c - (a - b)"), variables) == a + b * c - (a - b)
    assert evaluate(parse_expression("(a * c) / c"), variables) == a
    assert evaluate(parse_expression("min(a, b) + max(a, b)"), variables) == a + b


@pytest.mark.parametrize(
    ("text", "offset", "rule", "message"),
    [
        ("64 / 3", 3, "AG203", "inexact division 64 / 3"),
        ("k / (m - 16)", 2, "AG203", "division by zero"),
        ("k % (m - m)", 2, "AG203", "division by zero"),
        ("1 + 64 / 5 * 2", 7, "AG203", "inexact"),
        ("mm + 1", 0, "AG202", "unknown name 'mm'"),
        ("1 + (2 * q)", 9, "AG202", "unknown name 'q'"),
    ],
)
def test_evaluation_errors_name_their_offset(text: str, offset: int, rule: str, message: str) -> None:
    with pytest.raises(ExprError) as caught:
        value(text, m=16, k=16)
    assert caught.value.rule == rule
    assert caught.value.offset == offset
    assert message in caught.value.message


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        ("__import__(os)", 0, "unknown function '__import__'"),
        ("__import__('os')", 11, "unexpected character \"'\""),  # quotes never tokenize
        ("__import__", None, None),  # a bare name parses; evaluation then refuses it (AG202)
        ("eval(1, 2)", 0, "unknown function 'eval'"),
        ("2 ** 3", 3, "found '*'"),
        ("lambda: 1", 6, "unexpected ':'"),
        ("lambda x: x", 7, "unexpected 'x'"),
        ("m.real", 1, "unexpected character '.'"),
        ("().__class__", 2, "unexpected character '.'"),
        ("()", 1, "found ')'"),
        ("'a'", 0, "unexpected character \"'\""),
        ("1 if m else 2", 2, "unexpected 'if'"),
        ("[1, 2]", 0, "unexpected character '['"),
        ("1; 2", 1, "unexpected character ';'"),
        ("m // 2", 3, "found '/'"),
        ("1.5", 1, "unexpected character '.'"),
        ("0x10", 1, "unexpected 'x10'"),
        ("min(1)", 0, "at least two arguments"),
        ("(1, 2)", 0, "tuple"),
        ("(1 + 2", 6, "expected ')'"),
        ("", 0, "found end of text"),
        ("1 +", 3, "found end of text"),
        ("1" * 40, 0, "digits"),
        ("(" * 100 + "1" + ")" * 100, 64, "nested too deeply"),
        ("1" + "+1" * 3000, 0, "longer than 4096"),
    ],
)
def test_rejected_syntax(text: str, offset: int | None, message: str | None) -> None:
    if message is None:
        with pytest.raises(ExprError) as unknown:
            value(text)
        assert unknown.value.rule == "AG202"
        return
    with pytest.raises(ExprError) as caught:
        parse_expression(text)
    assert caught.value.rule == "AG201"
    assert message in caught.value.message, caught.value.message
    assert caught.value.offset == offset


def test_layout_parse() -> None:
    parsed = parse_layout("((m, G), KPT) : ((1, m*KPT), m)")
    variables = {"m": 16, "G": 4, "KPT": 4}
    assert evaluate_item(parsed.shape, variables) == ((16, 4), 4)
    assert evaluate_item(parsed.stride, variables) == ((1, 64), 16)
    assert parsed.stride_offset == len("((m, G), KPT) : ")
    assert names_in(parsed.shape) | names_in(parsed.stride) == {"m", "G", "KPT"}
    assert congruent(parsed.shape, parsed.stride)
    assert isinstance(parsed.shape, Tup)


@pytest.mark.parametrize(
    ("text", "rule", "offset"),
    [
        ("((16, 4), 4) ((1, 64), 16)", "AG304", 13),
        ("((16, 4), 4)", "AG304", 12),
        ("(16, 4) : (1, 16) : 3", "AG201", 18),
        ("((16, 4) + 1, 4) : (1, 1)", "AG201", 1),
        ("(16, 4) : (1, 16", "AG201", 16),
    ],
)
def test_layout_syntax_errors(text: str, rule: str, offset: int) -> None:
    with pytest.raises(ExprError) as caught:
        parse_layout(text)
    assert (caught.value.rule, caught.value.offset) == (rule, offset)


def test_congruence_and_divisions() -> None:
    assert not congruent(parse_layout("((16, 4), 4) : (1, 16)").shape, parse_layout("((16, 4), 4) : (1, 16)").stride)
    parsed = parse_layout("(n/8, (4, m/4/G)) : (1, (k/2, 1))")
    assert [d.offset for d in divisions(parsed.shape) + divisions(parsed.stride)] == [2, 11, 13, 26]
