"""The smallest clean specs, and every rule's failing example as an edit of one of them.

A rule's `bad` is an `Example`: replace `old` by `new` in the base spec, and check reports the rule at
`line`:`column`. `atomgen explain` prints that edit, and tests/test_rules.py runs every one, so the example
a user reads is the one that is shown to fail. A rule no single-spec edit can show (a second spec, a
missing file, a FIFO) keeps a sentence instead; the tests name where each of those is run.
"""

from __future__ import annotations

import difflib

from atomgen.diagnostics import Example, Rule

# The smallest MMA spec that checks clean: one 16x16x16 f16 MFMA, layouts written out.
# Line numbers matter: the rules' failing examples point at them.
MINIMAL_MMA = """\
spec_version: 1
kind: mma
backend: rocdl
subtarget: cdna3
tablegen_def: FlyROCDL_MmaOpTest
cpp_class: MmaOpTestType
mnemonic: cdna3.test
stateful: false
threads: 64
parameters:
  - {name: m, cpp_type: int32_t}
  - {name: "n", cpp_type: int32_t}
  - {name: k, cpp_type: int32_t}
  - {name: elemTyA, cpp_type: Type}
  - {name: elemTyB, cpp_type: Type}
  - {name: elemTyAcc, cpp_type: Type}
assembly_format: "`<` custom<MNKDimensionList>($m, $n, $k) `,` `(` $elemTyA `,` $elemTyB `)` `->` $elemTyAcc `>`"
let:
  G: "64 / m"
layouts:
  thr: "64:1"
  a: "((16, 4), 4) : ((1, 64), 16)"
  b: "((16, 4), 4) : ((1, 64), 16)"
  c: "((16, 4), 4) : ((16, 4), 1)"
instances:
  - {m: 16, "n": 16, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32, intrinsic: rocdl.mfma.f32.16x16x16f16,
     packed: {a: "vector<4xf16>", b: "vector<4xf16>", c: "vector<4xf32>"}}
emission:
  pattern: mfma
  args: [accTy, a, b, c, "0", "0", "ROCDL::MFMAPermB::none"]
"""

# The smallest stateful copy spec that checks clean: a 32-bit per-thread buffer load.
MINIMAL_COPY = """\
spec_version: 1
kind: copy
backend: rocdl
subtarget: cdna3
tablegen_def: FlyROCDL_CopyOpTest
cpp_class: CopyOpTestType
mnemonic: cdna3.test_copy
stateful: true
threads: 1
parameters:
  - {name: bitSize, cpp_type: int32_t}
assembly_format: "`<` $bitSize `>`"
layouts:
  thr: "1:1"
  src: "(1, bitSize) : (1, 1)"
  dst: "(1, bitSize) : (1, 1)"
  ref: "(1, bitSize) : (1, 1)"
instances:
  - {bitSize: 32, intrinsic: rocdl.raw.ptr.buffer.load, packed: {value: i32}}
state:
  - {name: soffset, enum_case: Soffset, llvm_type: i32, default: 0, units: elements}
emission:
  pattern: buffer_copy
  load: {op_class: RawPtrBufferLoadOp, intrinsic: rocdl.raw.ptr.buffer.load}
  store: {op_class: RawPtrBufferStoreOp, intrinsic: rocdl.raw.ptr.buffer.store}
"""

MINIMAL = {"mma": MINIMAL_MMA, "copy": MINIMAL_COPY}


def example_text(example: Example) -> str:
    """The base spec with the example's edit made."""
    base = MINIMAL[example.base]
    if example.old not in base:
        raise ValueError(f"{example.old!r} is not in the minimal {example.base} spec")
    return base.replace(example.old, example.new, 1)


def column_in(text: str, line: int, column: int | str) -> int:
    """A 1-based column of `text`: a number, or the first character of a snippet on that line."""
    if isinstance(column, int):
        return column
    shown = text.splitlines()[line - 1]
    if column not in shown:
        raise ValueError(f"{column!r} is not on line {line}: {shown!r}")
    return shown.index(column) + 1


def example_column(example: Example) -> int:
    """The column check reports for the example."""
    return column_in(example_text(example), example.line, example.column)


def failing_example(rule: Rule) -> list[str]:
    """What `explain` shows as the failing example: the edit as a diff of the minimal spec, then where
    check reports it; or the rule's sentence."""
    example = rule.bad
    if isinstance(example, str):
        return example.split("\n")
    edited = example_text(example).splitlines()
    changed = [line for line in difflib.unified_diff(MINIMAL[example.base].splitlines(), edited, lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    return [f"in the smallest clean {example.base} spec (atomgen/check/examples.py):", *changed,
            f"-> {example.severity}[{rule.id}] at line {example.line}, column {example_column(example)}"]
