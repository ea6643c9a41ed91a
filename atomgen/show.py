"""`atomgen show`: a spec evaluated per instance, for people (text, grid, lanes, svg, latex)
and tools (json). Every format reads the instances `check` evaluated; pictures come from
atomgen.pictures, memoized per distinct layout (wgmma's 912 instances share a few hundred)."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from atomgen import reading
from atomgen.check.result import sparse_summary
from atomgen.layout import algebra
from atomgen.output_format import format_all
from atomgen.pictures.facts import facts_text, instruction_facts
from atomgen.pictures.grid import render_grid
from atomgen.pictures.lanes import render_lanes
from atomgen.pictures.latex import render_latex
from atomgen.pictures.model import OperandPicture, Picture, PictureError, operand_pictures
from atomgen.pictures.svg import combine_svg, render_svg
from atomgen.spec.backend import RegisterFile
from atomgen.terminal import wants_color

FORMATS = ("text", "grid", "lanes", "svg", "latex", "json")


def instance_records(result: Any, pictures: Optional[dict[str, list[OperandPicture]]] = None) -> list[dict[str, Any]]:
    """One record per instance and operand: layout (text and nested lists), sizes, packed type,
    and, when `pictures` are given, the tile and its (thr, val) -> (row, col) table."""
    spec, analysis = result.spec, result.analysis
    records: list[dict[str, Any]] = []
    for evaluated in analysis.evaluated:
        instance = evaluated.instance
        drawn = {p.role: p for p in (pictures or {}).get(instance.id, [])}
        for role, operand in evaluated.operands.items():
            layout = operand.layout
            record: dict[str, Any] = {
                "spec": result.path,
                "mnemonic": spec.mnemonic,
                "instance": instance.id,
                "operand": role,
                "layout": algebra.format_layout(layout),
                "shape": _lists(layout.shape),
                "stride": _lists(layout.stride),
                "size": algebra.size(layout),
                "cosize": algebra.cosize(layout),
                "intrinsic": instance.intrinsic,
                "parameters": dict(instance.values),
            }
            if "blocks" in evaluated.variables:
                record["blocks"] = evaluated.variables["blocks"]
            if "k_packed" in evaluated.variables:
                record["sparse"] = sparse_summary(spec, evaluated)
            if role != "thr" and algebra.rank(layout) == 2:
                record["threads"] = algebra.size(algebra.mode(layout, 0))
                record["values"] = algebra.size(algebra.mode(layout, 1))
            packed_key = "value" if spec.kind == "copy" else role
            if packed_key in instance.packed and role != "thr":
                record["packed"] = instance.packed[packed_key]
            if instance.instruction:
                record["instruction"] = instance.instruction
            if role in drawn:
                record.update(_tile_record(drawn[role]))
            records.append(record)
    return records


def _tile_record(operand: OperandPicture) -> dict[str, Any]:
    picture = operand.picture
    record: dict[str, Any] = {
        "tile": {"rows": picture.rows, "cols": picture.cols, "row": picture.row_name, "col": picture.col_name},
        "replicas": [{"axis": r.axis, "extent": r.extent, "step": r.step} for r in picture.replicas],
        "coordinates": _Table(picture),
    }
    if operand.role in ("src", "dst", "ref"):
        record["element_bits"] = operand.value_bits  # the copy is drawn in elements of this width
    return record


class _Table:
    """(thr, val, row, col) rows, serialized once per distinct picture and spliced into the
    JSON text (json.dumps of the same table for each of 456 wgmma instances is the slow part)."""

    def __init__(self, picture: Picture):
        self.picture = picture


@lru_cache(maxsize=4096)
def _table_json(picture: Picture) -> str:
    return json.dumps(picture.table())  # the C encoder: "[[t, v, r, c], ...]", as the records' own separators


def records_json(records: list[dict[str, Any]]) -> str:
    marker = "\x00table\x00"
    tables: list[str] = []

    def default(value: Any) -> Any:
        if isinstance(value, _Table):
            tables.append(_table_json(value.picture))
            return marker
        raise TypeError(type(value).__name__)

    text = json.dumps(records, indent=2, default=default)
    parts = text.split(json.dumps(marker))
    return parts[0] + "".join(table + rest for table, rest in zip(tables, parts[1:]))


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


def _safe_name(text: str) -> str:
    """A file-name part from spec text: anything but [A-Za-z0-9_.-] becomes '_', no leading dot."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text).lstrip(".") or "_"


def register_file_of(result: Any) -> RegisterFile:
    """The backend's register naming (backend.yaml register_file); the default where no backend was found."""
    backend = result.analysis.backend if result.analysis is not None else None
    return backend.register_file if backend is not None else RegisterFile()


def render_instance(
    spec: Any, evaluated: Any, operands: list[OperandPicture], output_format: str, colour: bool, width: int,
    register_file: RegisterFile,
) -> str:
    """The grid or lanes text of one instance (a header line, then each operand)."""
    instance = evaluated.instance
    parts = [f"{spec.mnemonic} {instance.id}  ->  {instance.intrinsic}"]
    for operand in operands:
        if output_format == "grid":
            parts.append(render_grid(operand, width, colour))
        else:
            parts.append(render_lanes(operand, register_file))
    return "\n\n".join(parts)


def show(
    spec_path: str,
    instance_id: Optional[str],
    output_format: str,
    value_bits: Optional[int] = None,
    out_dir: Optional[str] = None,
    *,
    combined: bool = False,
    where: Optional[str] = None,
    lane: Optional[int] = None,
    register: Optional[str] = None,
    value: Optional[int] = None,
) -> int:
    from atomgen.check.result import analyze_file, side_file_kind

    path = Path(spec_path)
    if path.is_dir():
        return _folder_given(spec_path)
    if not reading.exists(path):  # a FIFO, a device or a link loop is the loader's to refuse (AG008, AG009)
        print(f"atomgen show: no such spec file: {spec_path}", file=sys.stderr)
        return 2
    kind = side_file_kind(path)
    if kind is not None:
        what = "a backend description" if kind == "backend" else "an intrinsics file"
        print(
            f"atomgen show: {spec_path} is {what}, not an atom spec; `show` prints an atom's instances "
            f"(try `atomgen show {path.parent}/<subtarget>/<atom>.yaml`); `atomgen check {spec_path}` validates it",
            file=sys.stderr,
        )
        return 2
    result = analyze_file(path, spec_path, prove=False)
    errors = [d for d in result.diagnostics if d.severity == "error"]
    if result.spec is None or result.analysis is None:
        print(format_all(result.diagnostics, "text"), file=sys.stderr)
        return 1
    spec = result.spec
    if value_bits is not None and spec.kind != "copy":
        print(f"atomgen show: --bits chooses a copy's element width; {spec_path} is an MMA atom", file=sys.stderr)
        return 2
    evaluated = result.analysis.evaluated
    if instance_id is not None:
        evaluated = [e for e in evaluated if e.instance.id == instance_id]
        if not evaluated:
            known = ", ".join(i.id for i in spec.instances)
            print(f"atomgen show: no instance '{instance_id}' (instances: {known})", file=sys.stderr)
            return 2
    query = where is not None or lane is not None
    usage = _query_usage(spec, evaluated, output_format, combined, where, lane, register, value) or \
        _drawing_usage(spec_path, evaluated, output_format, combined, query, out_dir)
    if usage:
        print(f"atomgen show: {usage}", file=sys.stderr)
        return 2
    pictures: dict[str, list[OperandPicture]] = {}
    if output_format != "text" or query:
        try:
            pictures = {e.instance.id: operand_pictures(spec, e, value_bits) for e in evaluated}
        except PictureError as error:
            print(f"atomgen show: {spec_path}: {error}", file=sys.stderr)
            return 2
    if query:
        status = _answer(spec, evaluated[0], pictures[evaluated[0].instance.id], where, lane, register, value,
                         register_file_of(result))
    elif combined:
        status = _print_combined(spec, evaluated, pictures, output_format, out_dir)
    else:
        status = _print(result, spec, evaluated, pictures, output_format, out_dir)
    if errors:
        print(format_all(result.diagnostics, "text"), file=sys.stderr)
        return 1
    return status


SHOWN_SPECS = 12  # a folder given to `show`: this many of its specs are named


def _folder_given(folder: str) -> int:
    """`show` draws one spec; a folder gets the specs in it named, not "no such spec file"."""
    from atomgen.check.result import UsageError, collect_spec_files

    try:
        specs = [display for _, display in collect_spec_files([folder])]
    except UsageError:
        specs = []
    if not specs:
        print(f"atomgen show: {folder} is a folder with no spec in it; show takes one spec file", file=sys.stderr)
        return 2
    lines = [f"atomgen show: {folder} is a folder; show takes one spec file, e.g. one of its {len(specs)}:"]
    lines += [f"  atomgen show {spec}" for spec in specs[:SHOWN_SPECS]]
    if len(specs) > SHOWN_SPECS:
        lines.append(f"  ... and {len(specs) - SHOWN_SPECS} more (`atomgen check {folder}` checks them all)")
    print("\n".join(lines), file=sys.stderr)
    return 2


def _print(
    result: Any,
    spec: Any,
    evaluated: list[Any],
    pictures: dict[str, list[OperandPicture]],
    output_format: str,
    out_dir: Optional[str],
) -> int:
    if output_format == "json":
        result.analysis = dataclasses.replace(result.analysis, evaluated=tuple(evaluated))
        print(records_json(instance_records(result, pictures)))
    elif output_format in ("grid", "lanes"):
        colour = wants_color(sys.stdout)  # the one rule diagnostics use too
        width = shutil.get_terminal_size((120, 24)).columns
        print(
            "\n\n".join(
                render_instance(spec, e, pictures[e.instance.id], output_format, colour, width,
                                register_file_of(result))
                for e in evaluated
            )
        )
    elif output_format in ("svg", "latex"):
        captioned = [
            (f"{spec.mnemonic} {e.instance.id} {p.label}", p) for e in evaluated for p in pictures[e.instance.id]
        ]
        if out_dir is not None:
            return _write_pictures(evaluated, pictures, output_format, Path(out_dir))
        print(combine_svg(captioned) if output_format == "svg" else render_latex(captioned), end="")
    else:
        for e in evaluated:
            print(f"{spec.mnemonic} {e.instance.id}  ->  {e.instance.intrinsic}")
            if "blocks" in e.variables:
                print(f"  blocks: {e.variables['blocks']} (tiles a (M,K,B), b (N,K,B), c (M,N,B): "
                      "the block index is the slowest coordinate)")
            if "k_packed" in e.variables:
                print(f"  sparse: {sparse_summary(spec, e)}")
            for role, operand in e.operands.items():
                packed_key = "value" if spec.kind == "copy" else role
                packed = e.instance.packed.get(packed_key) if role != "thr" else None
                print(
                    f"  {role:>4}: {algebra.format_layout(operand.layout)}" + (f"   packed {packed}" if packed else "")
                )
            for line in tensor_memory_lines(spec, e):
                print(line)
            for line in facts_text(instruction_facts(spec, e, register_file_of(result))):
                print(line)
    return 0


def _query_usage(
    spec: Any,
    evaluated: list[Any],
    output_format: str,
    combined: bool,
    where: Optional[str],
    lane: Optional[int],
    register: Optional[str],
    value: Optional[int],
) -> str:
    """Why these query and --combined options do not go together, or ''."""
    if (register is not None or value is not None) and lane is None:
        return "--reg and --value name a register or value of one lane: give --lane L too"
    if register is not None and value is not None:
        return "give --reg or --value, not both"
    if where is not None and lane is not None:
        return "give --where (which lane holds an element) or --lane (what a lane holds), not both"
    if where is not None or lane is not None:
        if combined or output_format != "text":
            return "--where and --lane print text: leave out --format and --combined"
        if len(evaluated) != 1:
            known = ", ".join(e.instance.id for e in evaluated)
            return f"--where and --lane answer for one instance: give --instance ID ({known})"
    if combined:
        if output_format not in ("svg", "latex"):
            return "--combined draws one A/B/C figure per instance: use it with --format svg or latex"
        if spec.kind != "mma":
            return f"--combined draws an MMA's A, B and C; {spec.mnemonic} is a {spec.kind} atom"
    return ""


SHOWN_INSTANCES = 6  # `--format grid` of a spec with several instances: this many are named


def _drawing_usage(spec_path: str, evaluated: list[Any], output_format: str, combined: bool, query: bool,
                   out_dir: Optional[str]) -> str:
    """`--format grid` and `lanes` draw one instance on the terminal: every instance of a wgmma
    spec is half a million lines. Several instances without --instance get their ids named instead."""
    if output_format not in ("grid", "lanes") or combined or query or out_dir is not None or len(evaluated) < 2:
        return ""
    ids = [e.instance.id for e in evaluated]
    named = ", ".join(ids[:SHOWN_INSTANCES]) + (f", ... ({len(ids) - SHOWN_INSTANCES} more)"
                                                 if len(ids) > SHOWN_INSTANCES else "")
    return (f"--format {output_format} draws one instance, and {spec_path} has {len(ids)}: give --instance ID, e.g.\n"
            f"  atomgen show {spec_path} --instance {ids[0]} --format {output_format}\n"
            f"  instances: {named}\n"
            f"  (`atomgen show {spec_path}` lists them all with their layouts)")


def _answer(
    spec: Any,
    evaluated: Any,
    operands: list[OperandPicture],
    where: Optional[str],
    lane: Optional[int],
    register: Optional[str],
    value: Optional[int],
    register_file: RegisterFile,
) -> int:
    """`--where A[i][j]` or `--lane L [--reg R | --value V]` for one instance; 2 when out of range."""
    from atomgen.pictures.query import QueryError, lane_text, where_text

    try:
        if where is not None:
            text = where_text(where, operands, register_file)
        else:
            assert lane is not None
            text = lane_text(operands, lane, register_file, register, value)
    except QueryError as error:
        print(f"atomgen show: {spec.mnemonic} {evaluated.instance.id}: {error}", file=sys.stderr)
        return 2
    print(f"{spec.mnemonic} {evaluated.instance.id}  ->  {evaluated.instance.intrinsic}")
    for line in facts_text(instruction_facts(spec, evaluated, register_file)):
        print(line)
    print(text)
    return 0


def _print_combined(
    spec: Any,
    evaluated: list[Any],
    pictures: dict[str, list[OperandPicture]],
    output_format: str,
    out_dir: Optional[str],
) -> int:
    """One A/B/C figure per instance (CuTe's print_latex of a TiledMMA); --out: one file each."""
    from atomgen.pictures.latex import latex_document, render_combined_tikz
    from atomgen.pictures.svg import render_combined_svg, stack_svg

    figures = []
    for e in evaluated:
        drawn = {p.role: p for p in pictures[e.instance.id]}
        missing = [r for r in "abc" if r not in drawn]
        a, b, c = (drawn.get(r) for r in "abc")
        if missing or a is None or b is None or c is None:
            print(f"atomgen show: {spec.mnemonic} {e.instance.id}: no picture of {', '.join(missing)}", file=sys.stderr)
            return 2
        if a.picture.rows != c.picture.rows or b.picture.cols != c.picture.cols:
            print(
                f"atomgen show: {spec.mnemonic} {e.instance.id}: A ({a.picture.rows} x {a.picture.cols}), "
                f"B ({b.picture.rows} x {b.picture.cols}) and C ({c.picture.rows} x {c.picture.cols}) do not line up "
                "(blocks side by side); draw them one by one without --combined",
                file=sys.stderr,
            )
            return 2
        title = f"{spec.mnemonic} {e.instance.id} -> {e.instance.intrinsic}"
        render = render_combined_svg if output_format == "svg" else render_combined_tikz
        figures.append((e.instance.id, render(title, drawn)))
    suffix = "svg" if output_format == "svg" else "tex"
    if out_dir is not None:
        from atomgen.write.atomic import write_new_file

        for instance_id, text in figures:
            body = text if suffix == "svg" else latex_document([text])
            write_new_file(Path(out_dir) / f"{_safe_name(instance_id)}.combined.{suffix}", body)
        print(f"atomgen show: wrote {len(figures)} combined {suffix} file(s) to {out_dir}", file=sys.stderr)
        return 0
    texts = [text for _, text in figures]
    print(stack_svg(texts) if suffix == "svg" else latex_document(texts), end="")
    return 0


def tensor_memory_lines(spec: Any, evaluated: Any) -> list[str]:
    """`tmem c: <layout>  lanes ... x N columns` for each tensor-memory operand (tcgen05), and `sf a:` for each
    scale-factor tile of a block-scaled one."""
    from atomgen.spec.expr import evaluate
    from atomgen.spec.tensor_memory import LANE_STRIDE, copies_at, evaluate_columns, evaluate_layout
    from atomgen.spec.variables import piece_matches

    lines = []
    factors = getattr(spec, "scale_factors", None)
    placed = [(f"tmem {role}", operand) for role, operand in getattr(spec, "tensor_memory", {}).items()]
    placed += [(f"sf {role}", operand) for role, operand in (factors.operands.items() if factors else ())]
    for name, operand in placed:
        piece = next((p for p in operand.pieces if piece_matches(p, evaluated.instance, evaluated.variables)), None)
        if piece is None or piece.parsed is None:
            continue
        layout = evaluate_layout(piece, evaluated.variables)
        lanes = sorted({address // LANE_STRIDE for address in algebra.image(layout)})
        runs: list[list[int]] = []
        for lane in lanes:
            if runs and runs[-1][1] == lane - 1:
                runs[-1][1] = lane
            else:
                runs.append([lane, lane])
        text = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in runs)
        cell = "column" if operand.cell_bits == 32 else "byte" if operand.cell_bits == 8 else \
            f"{operand.cell_bits}-bit cell"
        lines.append(f"  {name}: {algebra.format_layout(layout)}   lanes {text} x "
                     f"{evaluate_columns(operand, evaluated.variables)} columns (lane * 65536 + {cell})")
        if name.startswith("sf ") and factors is not None and factors.vector_size is not None:
            lines.append(f"          (row, factor): one factor per {evaluate(factors.vector_size, evaluated.variables)}"
                         f" K elements, the address's byte in its top two bits at run time (sfa_address / sfb_address)")
        _, offsets = copies_at(operand, evaluated.instance, evaluated.variables)
        if len(offsets) > 1:
            shifts = [f"{o // LANE_STRIDE} lanes" if o % LANE_STRIDE == 0 else str(o) for o in offsets[1:]]
            lines.append(f"          and again at + {', + '.join(shifts)} (copies: every copy must be written)")
    return lines


def _write_pictures(
    evaluated: list[Any], pictures: dict[str, list[OperandPicture]], output_format: str, root: Path
) -> int:
    """One file per instance and operand: DIR/<instance>.<operand>.svg|tex."""
    from atomgen.write.atomic import write_new_file

    suffix = "svg" if output_format == "svg" else "tex"
    for e in evaluated:
        for operand in pictures[e.instance.id]:
            text = render_svg(operand) if suffix == "svg" else render_latex([("", operand)])
            write_new_file(root / f"{_safe_name(e.instance.id)}.{_safe_name(operand.role)}.{suffix}", text)
    print(f"atomgen show: wrote {sum(len(p) for p in pictures.values())} {suffix} file(s) to {root}", file=sys.stderr)
    return 0
