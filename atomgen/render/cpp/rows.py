"""What every emission shares: rows grouped by the statement they share, a row's op class."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from atomgen.render.cpp.mlirtype import CppRenderError
from atomgen.render.cpp.verifier import InstanceTable
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
    code: object  # whatever the pattern needs for the group (compared for equality)


def group_rows(entries: Sequence[tuple[int, str, object]]) -> list[CaseGroup]:
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


TABLE = "kInstanceRows"  # the generated table of the instance rows, indexed by the matched row


def row_constant(column: str) -> str:
    """How a shared case reads a row's constant: `kInstanceRows[*row].fmtA`."""
    return f"{TABLE}[*row].{column}"


@dataclass(frozen=True, slots=True)
class RowConstants:
    """The constants that set rows apart where their op calls are otherwise equal (format codes):
    columns of the instance rows' table, so that such rows share one case reading `kInstanceRows[*row]`
    instead of one case each."""

    columns: tuple[str, ...]
    entries: tuple[tuple[tuple[int, ...], str], ...]  # (values in column order, the row's description), by row


@dataclass(frozen=True, slots=True)
class RowsTable:
    """`kInstanceRows`: one entry per instance row, holding what matchInstance() tests (where the table
    matches: verifier.InstanceTable) and the constants the shared cases read (RowConstants)."""

    fields: tuple[str, ...]
    entries: tuple[tuple[str, str], ...]  # (initializer, comment), by row


def rows_table(matched: InstanceTable | None, constants: RowConstants | None) -> RowsTable | None:
    """The one table of an atom's rows: the matcher's columns, then the constants' (either may be absent)."""
    if matched is None and constants is None:
        return None
    count = len(matched.entries) if matched is not None else len(constants.entries)  # type: ignore[union-attr]
    fields = list(matched.fields) if matched is not None else []
    cells: list[list[str]] = [list(matched.entries[i][0]) if matched is not None else [] for i in range(count)]
    comments = [matched.entries[i][1] if matched is not None else "" for i in range(count)]
    if constants is not None:
        fields += [f"int32_t {column}" for column in constants.columns]
        for index, (values, description) in enumerate(constants.entries):
            cells[index] += [str(v) for v in values]
            comments[index] = comments[index] or f"{index}: {description}"
    return RowsTable(tuple(fields), tuple(("{" + ", ".join(c) + "}", comment) for c, comment in zip(cells, comments)))


def tabulate(entries: Sequence[tuple[int, str, object]], indexed: Mapping[int, object],
             constants: RowConstants | None) -> tuple[list[CaseGroup], RowConstants | None]:
    """The dispatch groups of `entries`, with the groups whose code reads the same once its constants are
    read from the table (`indexed`: each row's code written that way) merged into one case. Without
    such a merge the table is not emitted and the groups are group_rows' own."""
    groups = group_rows(entries)
    if constants is None:
        return groups, None
    shapes: dict[object, list[CaseGroup]] = {}
    for group in groups:
        shapes.setdefault(indexed[group.rows[0]], []).append(group)
    if all(len(members) == 1 for members in shapes.values()):
        return groups, None
    merged = []
    for code, members in shapes.items():
        if len(members) == 1:
            merged.append(members[0])
            continue
        rows = sorted((row, comment) for member in members for row, comment in zip(member.rows, member.comments))
        merged.append(CaseGroup([row for row, _ in rows], [comment for _, comment in rows], code))
    return merged, constants
