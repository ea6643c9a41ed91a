"""What every emission shares: rows grouped by the statement they share, a row's op class."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atomgen.render.cpp.mlirtype import CppRenderError
from atomgen.spec.model import AtomSpec, Instance


def op_class(instance: Instance) -> str:
    """The ROCDL C++ op class of a row: `op_class`, else the intrinsic's snake-case name."""
    if instance.op_class:
        return instance.op_class
    name = instance.intrinsic
    dialect, _, rest = name.partition(".")
    if not rest:
        raise CppRenderError(f"cannot derive an op class from '{name}'")
    return rest.replace(".", "_")


def op_namespace(spec: AtomSpec, instance: Instance) -> str:
    dialect = instance.intrinsic.partition(".")[0]
    return {"rocdl": "ROCDL", "nvvm": "NVVM", "llvm": "LLVM"}.get(dialect, dialect.upper())


@dataclass
class CaseGroup:
    """Rows that share one C++ statement: `case 1: case 4: // ...`."""

    rows: list[int]
    comments: list[str]
    code: Any  # whatever the pattern needs for the group


def group_rows(entries: list[tuple[int, str, Any]]) -> list[CaseGroup]:
    groups: list[CaseGroup] = []
    for index, comment, code in entries:
        for group in groups:
            if group.code == code:
                group.rows.append(index)
                group.comments.append(comment)
                break
        else:
            groups.append(CaseGroup([index], [comment], code))
    return groups
