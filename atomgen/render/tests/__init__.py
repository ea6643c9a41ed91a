"""FileCheck tests for one atom: positive lowering tests, negative verifier tests.

Files written (under the backend's tests_dir, `atomgen/` subfolder; STEM = mnemonic with `.` -> `_`):

* `STEM.mlir`: one function per distinct lowering among the instances FlyDSL lowers (select.py:
  every intrinsic, packed register type and parameter value once; `gen --tests every-instance`
  writes one per instance, for the ISA and execution rungs), run through the real lowering
  pipeline. Checks the converted signature, the default state and every `set_value` (stateful
  atoms), the loads of the packed operands, the intrinsic with its packed operand types, and
  the store of the result. A second RUN line (`REG` prefix, MMAs) runs the SSA-form pipeline
  and checks that the register load has exactly the per-thread value count of the spec's A/B/C
  layouts; a third (`LLVM` prefix, atoms with `immediate` state fields) lowers further and
  checks that the immediate reaches the intrinsic as an `llvm.mlir.constant`.
* `STEM_xfail.mlir` (`XFAIL: !atomgen-verifier`): instances FlyDSL 0.5.0 cannot lower (the spec's
  `known_flydsl_defects` of kind `lowering`).
* `STEM_neg.mlir`: one `// -----` case per rejected configuration (table neighbours, free
  parameter range violations, pin violations) that FlyDSL's own verifier also rejects; each
  checks an `error:` at the line of the type, relative to the CHECK line (`[[# @LINE + N]]`).
* `STEM_neg_xfail.mlir` (`XFAIL: !atomgen-verifier`): the rejected configurations FlyDSL's hand-written
  verifier accepts (the spec's `known_flydsl_defects` of kind `acceptance`); they pass only with
  atomgen's verifier.
* `STEM_verify.mlir` (`REQUIRES: atomgen-verifier`): every negative case again, with the exact
  message of the generated verify() (from `verify_plan`) under the `VERIFY` prefix.

RUN lines are single lines (FlyDSL's runner evals each `// RUN:` line on its own). Output is
deterministic: it depends only on the spec and the backend description.

Modules: mlir (text pieces), state (atom state ops), rocdl and nvvm (positive functions per
emission pattern), negative (rejected configurations), select (which instances a file keeps),
files (which case goes in which file).
"""

from atomgen.render.tests.files import render

__all__ = ["render"]
