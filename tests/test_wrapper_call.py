"""FlyDSL's declared wrapper (atomgen/spec/wrapper_call.py, rule AG385): the signature the generated wrapper takes
and the expressions that fill the binding's get() arguments, parsed and never evaluated. The mistakes a user would
make in a shipped spec's wrapper are rejected with AG385 at the wrapper's line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import SPECS

from atomgen.check.runner import check_paths
from atomgen.spec.wrapper_call import (
    Choice,
    IsInteger,
    Name,
    Otherwise,
    PerBits,
    TypeName,
    WrapperError,
    call_plan,
    parse_expr,
)

NAMES = ("n", "elem_ty_a", "elem_ty_b", "elem_ty_acc")


def test_the_expressions_parse_to_their_meaning() -> None:
    assert parse_expr("256 // bits(elem_ty_a)", NAMES, ()) == PerBits(256, "elem_ty_a")
    assert parse_expr("elem_ty_acc or (i32 if elem_ty_a is an integer type else f32)", NAMES, ()) == Otherwise(
        Name("elem_ty_acc"), Choice(IsInteger("elem_ty_a"), TypeName("i32"), TypeName("f32")))


@pytest.mark.parametrize("text, words", [
    ("__import__('os').system('x')", "unexpected"),  # never evaluated: not even tokenised past the quote
    ("elem_ty_c or f32", "'elem_ty_c' is neither a parameter"),
    ("elem_ty_acc or f23", "'f23' is neither"),
    ("f32 or elem_ty_acc", "only a parameter can stand before 'or'"),
    ("256 // bits(elem_ty_c)", "'elem_ty_c' is not a parameter"),
    ("(i32 if elem_ty_a is an integer else f32)", "expected 'is an integer type'"),
    ("elem_ty_a elem_ty_b", "unexpected 'elem_ty_b'"),
])
def test_an_expression_outside_the_language_is_refused(text: str, words: str) -> None:
    with pytest.raises(WrapperError) as raised:
        parse_expr(text, NAMES, ("maps", "k"))
    assert words in str(raised.value) and raised.value.field == ("maps", "k")


GET = [("m", False), ("n", False), ("k", False), ("elem_ty_a", False), ("elem_ty_b", False), ("elem_ty_acc", False),
       ("sp_sel", True)]


@pytest.mark.parametrize("signature, maps, words", [
    ("MmaSp(m, n, k, elem_ty_a)", {}, "'elem_ty_b' gets no value"),
    ("MmaSp(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None)", {}, "cannot set the binding's 'sp_sel'"),
    ("MmaSp(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sp_sel=0, spare=1)", {}, "spare reach no get()"),
    ("MmaSp(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sp_sel=0, **kwargs)", {}, "**kwargs is not generated"),
    ("MmaSp(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sp_sel=[0])", {}, "must be None, a bool"),
    ("Other(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sp_sel=0)", {}, "names 'Other'"),
    ("MmaSp(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sp_sel=0)", {"selector": "0"}, "no argument of the binding"),
])
def test_a_signature_that_cannot_fill_the_call_is_refused(signature: str, maps: dict[str, str], words: str) -> None:
    with pytest.raises(WrapperError) as raised:
        call_plan(signature, "MmaSp", list(maps.items()), [], GET)
    assert words in str(raised.value), str(raised.value)


SP = "nvvm/sm80/mma_sp.yaml"
MFMA = "rocdl/cdna3/mfma.yaml"
SMFMAC = "rocdl/cdna3/smfmac.yaml"
# (spec, text, replacement, a snippet of the line AG385 must be reported at, words of its message)
MISTAKES = [
    # a selector parameter added to the binding but not to FlyDSL's signature: selector 0 for ever
    (SP, ", *, sp_sel=0)", ")", 'signature: "MmaSp(', "cannot set the binding's 'sp_sel'"),
    (SMFMAC, ", *, abid=0)", ")", 'signature: "SMFMAC(', "cannot set the binding's 'abid'"),
    # a map that names the signature's parameter wrongly
    (MFMA, "elem_ty_a: elem_ty_ab,", "elem_ty_a: elem_ty_abc,", "maps: {elem_ty_a", "'elem_ty_abc' is neither"),
    # FlyDSL's accumulator default written as a type MLIR does not have
    (MFMA, '"elem_ty_acc or f32"', '"elem_ty_acc or f23"', "maps: {elem_ty_a", "'f23' is neither"),
]


@pytest.mark.parametrize("spec, old, new, line_snippet, words", MISTAKES)
def test_a_wrapper_mistake_is_rejected_at_its_line(tmp_path: Path, spec: str, old: str, new: str, line_snippet: str,
                                                     words: str) -> None:
    backend = spec.split("/")[0]
    path = tmp_path / spec
    path.parent.mkdir(parents=True)
    shutil.copy(SPECS / backend / "backend.yaml", tmp_path / backend)
    text = (SPECS / spec).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    edited = text.replace(old, new, 1)
    path.write_text(edited, encoding="utf-8")
    line = next(n for n, text_line in enumerate(edited.splitlines(), 1) if line_snippet in text_line)
    results = check_paths([str(tmp_path / backend)], use_cache=False, side_files=False)
    errors = [d for r in results for d in r.diagnostics if d.severity == "error"]
    assert [d.rule for d in errors] == ["AG385"], "\n".join(d.format() for d in errors)
    assert errors[0].position.line == line and words in errors[0].message, errors[0].format()
