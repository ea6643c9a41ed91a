"""Subprocess worker that asks FlyDSL (the ``flydsl`` wheel) about atom types.

Run as ``python -m atomgen.oracle.flydsl.worker`` with one JSON request on stdin.
It answers with one JSON object per line on stdout, flushed as soon as each
item is done, so that a parent can keep the answers produced before an
assertions-enabled FlyDSL aborts the process and retry the rest.

Requests (both keys may appear in one request; ``types`` is answered first)::

    {"types": ["!fly.mma_atom<...>", "!fly.copy_atom<..., 16>", ...]}
    {"lower": [{"name": "x", "mlir": "<module text>",
                "pipeline": "builtin.module(...)"}, ...]}

Answers::

    {"type": T, "ok": true, "kind": "mma", "printed": "...", "op": "...",
     "thr_layout": {"text": "64:1", "shape": 64, "stride": 1},
     "shape_mnk": [16, 16, 16],
     "layouts": {"a": {"text": ..., "shape": [[16, 4], 4], "stride": ...},
                 "b": ..., "c": ...}}
    {"type": T, "ok": true, "kind": "copy", "printed": ..., "op": ...,
     "val_bits": 16, "thr_layout": ..., "layouts": {"src": ..., "dst": ...,
     "ref": ...}, "bit_layouts": {"src": ..., "dst": ..., "ref": ...}}
    {"type": T, "ok": false, "error": "<diagnostics>"}
    {"name": N, "ok": true, "output": "<lowered module>"}
    {"name": N, "ok": false, "error": "<diagnostics>"}

With ``"isolate": true`` in the request, the items are answered by forked
children that share one ``ir.Context`` (multithreading off): when an item
aborts the child, the worker answers it as
``{"type": T, "ok": false, "aborted": true, "signal": 6, "error": "<stderr tail>"}``
(``"name"`` for lower items) and forks a new child for the rest, so an abort
costs one fork instead of a fresh interpreter.  Without it every item gets a
fresh context in this process, and an abort ends the worker.

Shapes and strides are nested JSON lists of ints (a leaf is a bare int).
``bit_layouts`` are the copy payload's own bit layouts (wrapper with valBits 0,
where FlyDSL's recast is the identity).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import tempfile
from typing import Any, Callable

from flydsl._mlir import ir  # type: ignore[import-untyped]
from flydsl._mlir.dialects import fly, fly_rocdl  # type: ignore[import-untyped]  # noqa: F401
from flydsl._mlir.passmanager import PassManager  # type: ignore[import-untyped]

DEFAULT_PIPELINE = (
    "builtin.module(fly-rewrite-func-signature,fly-canonicalize,"
    "fly-layout-lowering,convert-fly-to-rocdl)"
)
JsonTree = int | str | None | list["JsonTree"]


def emit(obj: dict[str, Any]) -> None:
    """Write one JSON line and flush it immediately."""
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def strip_wrapper(text: str) -> str:
    """``!fly.layout<64:1>`` -> ``64:1`` (any ``!dialect.name<...>`` wrapper)."""
    start = text.find("<")
    if text.startswith("!") and start > 0 and text.endswith(">"):
        return text[start + 1 : -1]
    return text


def int_tuple_tree(value: Any) -> JsonTree:
    """Nested lists of ints for a ``!fly.int_tuple`` (basis leaves as text, dynamic as None)."""
    tup = fly.IntTupleType(value)
    if tup.is_leaf:
        if tup.is_leaf_int:
            if not tup.is_static:
                return None
            leaf = tup.get_static_leaf_int
            return int(leaf() if callable(leaf) else leaf)
        return strip_wrapper(str(value))
    return [int_tuple_tree(tup.at(i)) for i in range(tup.rank)]


def layout_json(value: Any) -> dict[str, Any]:
    """Text plus structured shape/stride of a ``!fly.layout``."""
    layout = fly.LayoutType(value)
    return {
        "text": strip_wrapper(str(value)),
        "shape": int_tuple_tree(layout.shape),
        "stride": int_tuple_tree(layout.stride),
    }


def error_text(err: Exception) -> str:
    """All diagnostics of an ``ir.MLIRError`` (with notes), else ``str(err)``."""
    diags = getattr(err, "error_diagnostics", None)
    if not diags:
        return str(err)
    lines: list[str] = []

    def add(diag: Any, severity: str) -> None:
        lines.append(f"{diag.location}: {severity}: {diag.message}")
        for note in diag.notes:
            add(note, "note")

    for diag in diags:
        add(diag, "error")
    return "\n".join(lines)


def describe_mma(atom: Any) -> dict[str, Any]:
    """Layouts and MNK shape of an MMA atom."""
    return {
        "kind": "mma",
        "op": str(atom.mma_op),
        "thr_layout": layout_json(atom.thr_layout),
        "shape_mnk": int_tuple_tree(atom.shape_mnk),
        "layouts": {
            "a": layout_json(atom.tv_layout_a),
            "b": layout_json(atom.tv_layout_b),
            "c": layout_json(atom.tv_layout_c),
        },
    }


def copy_layouts(atom: Any) -> dict[str, Any]:
    """Src/dst/ref thread-value layouts of a copy atom."""
    return {
        "src": layout_json(atom.tv_layout_src),
        "dst": layout_json(atom.tv_layout_dst),
        "ref": layout_json(atom.tv_layout_ref),
    }


def describe_copy(atom: Any) -> dict[str, Any]:
    """Layouts (at valBits and in bits) of a copy atom."""
    bit_atom = fly.CopyAtomType.get(atom.copy_op, 0)
    return {
        "kind": "copy",
        "op": str(atom.copy_op),
        "val_bits": int(atom.val_bits),
        "thr_layout": layout_json(atom.thr_layout),
        "layouts": copy_layouts(atom),
        "bit_layouts": copy_layouts(bit_atom),
    }


def describe_type(text: str) -> dict[str, Any]:
    """Parse one atom type and describe it (or report why it was rejected)."""
    try:
        parsed = ir.Type.parse(text)
    except ir.MLIRError as err:
        return {"type": text, "ok": False, "error": error_text(err)}
    result: dict[str, Any] = {"type": text, "ok": True, "printed": str(parsed)}
    try:
        if isinstance(parsed, fly.MmaAtomType):
            result.update(describe_mma(parsed))
        elif isinstance(parsed, fly.CopyAtomType):
            result.update(describe_copy(parsed))
        else:
            result.update(ok=False, error=f"not an atom type: {parsed}")
    except (ir.MLIRError, ValueError, TypeError) as err:
        result.update(ok=False, error=error_text(err))
    return result


def lower_item(item: dict[str, Any]) -> dict[str, Any]:
    """Parse a module and run a pass pipeline on it."""
    name = item.get("name")
    try:
        module = ir.Module.parse(str(item["mlir"]))
        module.operation.verify()
        PassManager.parse(str(item.get("pipeline") or DEFAULT_PIPELINE)).run(
            module.operation
        )
    except ir.MLIRError as err:
        return {"name": name, "ok": False, "error": error_text(err)}
    except (ValueError, KeyError) as err:
        return {"name": name, "ok": False, "error": f"{type(err).__name__}: {err}"}
    return {"name": name, "ok": True, "output": str(module)}


def serve(request: dict[str, Any]) -> None:
    """Answer every item of a request, one line each."""
    types = [str(text) for text in request.get("types", [])]
    lowers = list(request.get("lower", []))
    if request.get("isolate") and hasattr(os, "fork"):
        serve_isolated("type", types, describe_type)
        serve_isolated("name", lowers, lower_item)
        return
    for text in types:
        with ir.Context(), ir.Location.unknown():
            emit(describe_type(text))
    for item in lowers:
        with ir.Context(), ir.Location.unknown():
            emit(lower_item(item))


def _item_id(key: str, item: Any) -> Any:
    return item if key == "type" else (item.get("name") if isinstance(item, dict) else None)


def serve_isolated(key: str, items: list[Any], answer: Callable[[Any], dict[str, Any]]) -> None:
    """Answer items in forked children; an item that kills its child is answered as aborted."""
    start = 0
    while start < len(items):
        read_end, write_end = os.pipe()
        with tempfile.TemporaryFile() as errors:
            pid = os.fork()
            if pid == 0:  # child: answer items[start:] in one shared context
                os.close(read_end)
                os.dup2(errors.fileno(), 2)
                try:
                    context = ir.Context()
                    context.enable_multithreading(False)
                    with context, ir.Location.unknown():
                        for item in items[start:]:
                            try:
                                result = answer(item)
                            except Exception as err:  # noqa: BLE001 - reported, never fatal
                                result = {key: _item_id(key, item), "ok": False,
                                          "error": f"{type(err).__name__}: {err}"}
                            os.write(write_end, (json.dumps(result) + "\n").encode())
                finally:
                    os._exit(0)
            os.close(write_end)
            done = 0
            with os.fdopen(read_end, "rb") as answers:
                for line in answers:
                    sys.stdout.write(line.decode())
                    sys.stdout.flush()
                    done += 1
            _, status = os.waitpid(pid, 0)
            start += done
            if start < len(items):
                errors.seek(0)
                tail = errors.read().decode(errors="replace").strip().splitlines()[-6:]
                code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
                sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
                reason = (f"aborted by signal {signal.Signals(sig).name}" if sig
                          else f"child exited with status {code}")
                emit({key: _item_id(key, items[start]), "ok": False, "aborted": True,
                      "signal": sig, "error": "\n".join(tail) or reason})
                start += 1


def main() -> int:
    """Read the JSON request from stdin and serve it."""
    emit({"ready": True})  # the imports above worked: from here on, a death is an item's (client.run_worker)
    try:
        request = json.load(sys.stdin)
    except json.JSONDecodeError as err:
        emit({"ok": False, "error": f"bad request: {err}"})
        return 2
    if not isinstance(request, dict):
        emit({"ok": False, "error": "bad request: expected a JSON object"})
        return 2
    serve(request)
    return 0


if __name__ == "__main__":
    sys.exit(main())
