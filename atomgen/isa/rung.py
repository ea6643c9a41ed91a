"""The ISA rung for AMD: every ROCDL instance's generated atom, compiled by llc-22 for every chip its row
claims, must be exactly the instruction the spec names, with the registers of its packing and the
modifiers its immediates mean.

Two steps, so that the second runs anywhere llc-22 is installed:
1. `lower`: a fly-opt built from the generated C++ (scripts/flydsl-build.sh) lowers each positive
   generated test file to LLVM IR (atomgen/lowering.py), into a folder (committed as evidence);
2. `judge`: llc-22 compiles that IR per chip (atomgen/isa/compile.py) and each function's assembly is
   compared with what the spec says (atomgen/isa/expect.py, verdict.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

from atomgen.check.result import AnalysedAtom, Intrinsics, instance_chips, intrinsics_of
from atomgen.isa import asm, expect
from atomgen.isa.compile import compile_functions
from atomgen.isa.verdict import problems
from atomgen.lowering import LoweringError, to_llvm_ir
from atomgen.render import llvm_api
from atomgen.render.names import backend_names, test_file_stem
from atomgen.render.tests.files import flydsl_defect
from atomgen.render.tests.rocdl import positive_functions
from atomgen.spec.printing import sample_values

XFAIL = "_xfail"  # the suffix of an atom's test file of expected failures (atomgen/render/tests/files.py)
FAILURES = "lowering-failures.json"  # in the IR folder: test file stem -> why fly-opt could not lower it
_DEFINED = re.compile(r"^define [^@]*@([\w.$]+)\(", re.MULTILINE)


@dataclass
class Row:
    spec: str
    instance: str
    function: str
    chip: str
    verdict: str  # pass | fail | not selected | not lowered
    instruction: str = ""  # the instance's instruction as llc printed it
    expected: str = ""
    reasons: list[str] = field(default_factory=list)


def lower(atoms: Iterable[AnalysedAtom], tests: Path, out: Path, fly_opt: str) -> dict[str, str]:
    """OUT/<stem>.ll for each atom's positive test file; {stem: why not} for those fly-opt cannot lower."""
    out.mkdir(parents=True, exist_ok=True)
    failures: dict[str, str] = {}
    for atom in atoms:
        # The XFAIL file holds the instances FlyDSL's wheel cannot lower; a fly-opt of the generated atoms can.
        for stem in (test_file_stem(atom.spec), test_file_stem(atom.spec) + XFAIL):
            if stem.endswith(XFAIL) and not (tests / f"{stem}.mlir").is_file():
                continue
            try:
                to_llvm_ir(fly_opt, tests / f"{stem}.mlir", out)
            except LoweringError as error:
                lines = [line for line in str(error).splitlines() if "error:" in line]
                failures[stem] = (lines[0].split("error:", 1)[1].strip() if lines
                                  else str(error).splitlines()[0])[:300]
            (out / f"{stem}.llvm.mlir").unlink(missing_ok=True)  # the .ll is the evidence; the MLIR its input
    (out / FAILURES).write_text(json.dumps(failures, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return failures


def _expected(atom: AnalysedAtom, inst: Any, function: str, chip: str, intrinsics: Intrinsics) -> expect.Expected:
    spec = atom.spec
    if spec.kind == "mma":
        return expect.mma(spec, inst, intrinsics, chip)
    return expect.copy(spec, inst, function)


def _describe(expected: expect.Expected) -> str:
    slots = ", ".join(f"{s.role}:{s.dwords}" for s in expected.slots)
    mods = " ".join(f"{k}:{v}" if v else k for k, v in expected.modifiers) or "no modifiers"
    return f"{expected.mnemonic} ({slots}; {mods})"


# The IR is fly-opt's lowering of the tests rendered for LLVM 22.1.8 (scripts/rocdl-isa.py: --llvm-api llvm-22.1),
# the LLVM that fly-opt is built against: the functions expected are that rendering's.
LOWERED_WITH = llvm_api.load("llvm-22.1")


def judge(atoms: Iterable[AnalysedAtom], ir_folder: Path, spec_name: Any = str) -> list[Row]:
    """Every instance's function x every chip its row claims, judged."""
    failures: dict[str, str] = json.loads((ir_folder / FAILURES).read_text(encoding="utf-8")) \
        if (ir_folder / FAILURES).is_file() else {}
    rows: list[Row] = []
    for atom in atoms:
        spec = atom.spec
        intrinsics = intrinsics_of(spec.backend)
        if intrinsics is None or atom.backend is None:
            continue
        stem = test_file_stem(spec)
        files = {}  # function -> the .ll that defines it
        for ir in (ir_folder / f"{stem}.ll", ir_folder / f"{stem}{XFAIL}.ll"):
            for name in _DEFINED.findall(ir.read_text(encoding="utf-8")) if ir.is_file() else ():
                files[name] = ir
        dialect = backend_names(atom.backend).dialect
        owners: dict[str, Any] = {}
        by_chip: dict[str, list[str]] = {}
        for inst in spec.instances:
            with llvm_api.using(LOWERED_WITH):  # the functions as the lowered tests were rendered
                functions = positive_functions(spec, inst, dialect, atom.backend.type_converter, atom.packed_for(inst))
            for fn in functions:
                owners[fn.name] = inst.with_values(fn.values)
                for chip in sorted(instance_chips(spec, inst, atom.backend) or ()):
                    by_chip.setdefault(chip, []).append(fn.name)
        for chip, names in sorted(by_chip.items()):
            text = ""
            failed: dict[str, str] = {}
            for ir in sorted(set(files.values())):
                present = [n for n in names if files.get(n) == ir]
                part, missed = compile_functions(ir, present, chip, spec.threads == 64) if present else ("", {})
                text, failed = text + "\n" + part, {**failed, **missed}
            bodies = asm.functions(text)
            for name in names:
                inst = owners[name]
                row = Row(spec_name(spec), inst.id, name, chip, "pass")
                expected = _expected(atom, inst, name, chip, intrinsics)
                row.expected = _describe(expected)
                if name not in files:
                    defect = flydsl_defect(spec, "lowering", sample_values(spec, inst))
                    row.verdict = "not lowered"
                    row.reasons = [failures.get(stem) or f"its test is in the XFAIL file: {defect}"]
                elif name in failed:
                    row.verdict, row.reasons = "not selected", [failed[name]]
                else:
                    body = bodies.get(name, [])
                    mine = [i.text for i in body if i.mnemonic.startswith(expected.prefixes)]
                    row.instruction = " | ".join(mine)
                    row.reasons = problems(expected, body)
                    row.verdict = "fail" if row.reasons else "pass"
                rows.append(row)
    return rows


def summary(rows: list[Row]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.verdict] = counts.get(row.verdict, 0) + 1
    return dict(sorted(counts.items()))


def to_json(rows: list[Row]) -> str:
    return json.dumps({"summary": summary(rows), "rows": [asdict(r) for r in rows]}, indent=1) + "\n"


def to_markdown(rows: list[Row], header: str) -> str:
    """docs/evidence/rocdl-isa.md: the counts, then a table per spec (instance x chip)."""
    lines = [header.rstrip(), "", "| verdict | rows |", "|---|---|"]
    lines += [f"| {verdict} | {count} |" for verdict, count in summary(rows).items()]
    by_spec: dict[str, list[Row]] = {}
    for row in rows:
        by_spec.setdefault(row.spec, []).append(row)
    for spec, spec_rows in by_spec.items():
        lines += ["", f"## {spec}", "", "| instance | chip | verdict | llc-22 printed | expected / reason |",
                  "|---|---|---|---|---|"]
        for row in spec_rows:
            said = row.expected if row.verdict == "pass" else "; ".join(row.reasons)
            lines.append(f"| {row.instance} | {row.chip} | {row.verdict} | `{row.instruction}` | "
                         f"{_cell(said)} |" if row.instruction else
                         f"| {row.instance} | {row.chip} | {row.verdict} | | {_cell(said)} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def first_failure(rows: list[Row]) -> Optional[Row]:
    return next((r for r in rows if r.verdict == "fail"), None)
