"""Answers to the TODOs of `atomgen new mma` and `atomgen new copy` (real instructions).

`fill(text, answers)` replaces each TODO once; tests use the filled scaffolds as a new user's
first spec (tests/test_cli.py, tests/test_contract.py, tests/test_journey.py).
"""

from __future__ import annotations

# A filled-in version of `atomgen new mma --subtarget cdna5`: each TODO replaced by a real value.
FILLED = {
    "summary: TODO": "summary: test MFMA",
    "threads: TODO": "threads: 64",
    "thr: TODO": 'thr: "64:1"',
    # The scaffold's own hint for A, and its mirror for B.
    "a: TODO                # over (M,K)": 'a: "((m, 64/m), k/(64/m)) : ((1, m*k/(64/m)), m)"  # over (M,K)',
    "b: TODO                # over (N,K)": 'b: "((n, 64/n), k/(64/n)) : ((1, n*k/(64/n)), n)"  # over (N,K)',
    "c: TODO                # over (M,N)": 'c: "((n, 64/n), (4, m/4/(64/n))) : ((m, 4), (1, 4*(64/n)))"  # (M,N)',
    "m: TODO": "m: 16",
    "n: TODO": "n: 16",
    "k: TODO": "k: 16",
    "elemTyA: TODO": "elemTyA: f16",
    "elemTyB: TODO": "elemTyB: f16",
    "elemTyAcc: TODO": "elemTyAcc: f32",
    "intrinsic: TODO": "intrinsic: rocdl.mfma.f32.16x16x16f16",
    "a: TODO            # e.g.": 'a: "vector<4xf16>"  # e.g.',
    "      b: TODO": '      b: "vector<4xf16>"',
    "      c: TODO": '      c: "vector<4xf32>"',
    "instruction: TODO": "instruction: v_mfma_f32_16x16x16_f16",
    "dsl_module: TODO": "dsl_module: universal",
    "- name: TODO": "- name: TestMFMA",
    # blgp: the shipped ROCDL table's MFMA takes it as ROCDL::MFMAPermB (AG401 refuses a bare 0)
    "pattern: TODO": 'pattern: mfma\n  args: [accTy, a, b, c, "0", "0", "ROCDL::MFMAPermB::none"]',
}

# `atomgen new copy --subtarget cdna3`, filled in as a 32-bit per-thread buffer load.
FILLED_COPY = {
    "summary: TODO": "summary: test buffer load",
    "threads: TODO": "threads: 1",
    "thr: TODO": 'thr: "1:1"',
    "src: TODO": 'src: "(1, bitSize) : (1, 1)"',
    "dst: TODO": 'dst: "(1, bitSize) : (1, 1)"',
    "ref: TODO": 'ref: "(1, bitSize) : (1, 1)"',
    "bitSize: TODO": "bitSize: 32",
    "intrinsic: TODO": "intrinsic: rocdl.raw.ptr.buffer.load",
    "value: TODO": "value: i32",
    "dsl_module: TODO": "dsl_module: universal",
    "- name: TODO": "- name: TestBufferLoad",
    "stateful: false": "stateful: true",
    "pattern: TODO": (
        "pattern: buffer_copy\n"
        "  load: {op_class: RawPtrBufferLoadOp, intrinsic: rocdl.raw.ptr.buffer.load}\n"
        "  store: {op_class: RawPtrBufferStoreOp, intrinsic: rocdl.raw.ptr.buffer.store}\n"
        "state:\n"
        "  - {name: soffset, enum_case: Soffset, llvm_type: i32, default: 0, units: elements}"
    ),
}


def fill(text: str, answers: dict[str, str]) -> str:
    for todo, answer in answers.items():
        assert todo in text, todo
        text = text.replace(todo, answer, 1)
    return text
