"""The analysed atom's rejected (and deliberately accepted) configurations, as MLIR test cases.

What each case is was computed once by analysis (atomgen/check/rejections.py, `AnalysedAtom.rejections`);
this module gives it a function name, an atom type and its expected message as FileCheck text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atomgen.check.result import AnalysedAtom
from atomgen.render.escape import filecheck_literal, mlir_comment
from atomgen.render.tests.mlir import NEXT_FUNC, NegativeCase, check_forms, ident
from atomgen.render.tests.rocdl import largest_val_bits
from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.printing import atom_type

if TYPE_CHECKING:
    from atomgen.check.result import Rejection


def _case_name(case_id: str) -> str:
    return "bad_" + ident(case_id.replace(":", "_").replace("=", "_")).lower()


def _case(spec: AtomSpec, dialect: str, rejection: Rejection) -> NegativeCase:
    # Spec text: matched literally by FileCheck, one line (the title comment escapes it again).
    expected = filecheck_literal(rejection.wording) + rejection.message if rejection.kind != "accept" else ""
    # The title is a comment line: values in the case id and the constraint's message are spec text.
    title = rejection.wording + rejection.message if rejection.kind == "constraint" else rejection.title
    values = dict(rejection.values)
    return NegativeCase(rejection.id, _case_name(rejection.id), mlir_comment(f"{rejection.id}: {title}"),
                        atom_type(spec, dialect, values, default_val_bits(spec, rejection.instance)), expected,
                        values=values)


def negative_cases(atom: AnalysedAtom, dialect: str) -> list[NegativeCase]:
    return [_case(atom.spec, dialect, rejection) for rejection in atom.rejections]


def signedness_cases(atom: AnalysedAtom, dialect: str) -> list[NegativeCase]:
    """Accepted, not rejected: each case is first in the file and says that no error is reported at
    its line (VERIFY-NOT), so the file fails if verify() starts rejecting signed or unsigned integers."""
    found = []
    for accepted in atom.accepted:
        case = _case(atom.spec, dialect, accepted)
        case.values = {}
        case.checks = [check_forms().error_at("VERIFY-NOT", NEXT_FUNC, None)]
        found.append(case)
    return found


def default_val_bits(spec: AtomSpec, inst: Instance) -> int | None:
    if spec.kind == "mma":
        return None
    if spec.whole_tile:
        return 0
    return largest_val_bits(inst) if inst.val_bits else 0
