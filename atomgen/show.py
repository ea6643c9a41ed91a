"""`atomgen show`: a spec evaluated per instance, for people (text) and tools (json)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

from atomgen.diagnostics import format_all
from atomgen.layout import algebra


def instance_records(result: Any) -> list[dict[str, Any]]:
    """One record per instance and operand: layout (text and nested lists), sizes, packed type."""
    spec, analysis = result.spec, result.analysis
    records: list[dict[str, Any]] = []
    for evaluated in analysis.evaluated:
        instance = evaluated.instance
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
                "parameters": instance.values,
            }
            if role != "thr" and algebra.rank(layout) == 2:
                record["threads"] = algebra.size(algebra.mode(layout, 0))
                record["values"] = algebra.size(algebra.mode(layout, 1))
            packed_key = "value" if spec.kind == "copy" else role
            if packed_key in instance.packed and role != "thr":
                record["packed"] = instance.packed[packed_key]
            if instance.instruction:
                record["instruction"] = instance.instruction
            records.append(record)
    return records


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


def show(spec_path: str, instance_id: Optional[str], output_format: str) -> int:
    from atomgen.check.runner import analyze_file, side_file_kind

    path = Path(spec_path)
    if not path.is_file():
        print(f"atomgen show: no such spec file: {spec_path}", file=sys.stderr)
        return 2
    kind = side_file_kind(path)
    if kind is not None:
        what = "a backend description" if kind == "backend" else "an intrinsic catalogue"
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
    records = instance_records(result)
    if instance_id is not None:
        records = [r for r in records if r["instance"] == instance_id]
        if not records:
            known = ", ".join(i.id for i in result.spec.instances)
            print(f"atomgen show: no instance '{instance_id}' (instances: {known})", file=sys.stderr)
            return 2
    if output_format == "json":
        print(json.dumps(records, indent=2))
    else:
        current = None
        for record in records:
            if record["instance"] != current:
                current = record["instance"]
                print(f"{record['mnemonic']} {current}  ->  {record['intrinsic']}")
            packed = f"   packed {record['packed']}" if "packed" in record else ""
            print(f"  {record['operand']:>4}: {record['layout']}{packed}")
    if errors:
        print(format_all(result.diagnostics, "text"), file=sys.stderr)
        return 1
    return 0
