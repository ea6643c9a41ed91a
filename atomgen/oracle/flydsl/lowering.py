"""What `atomgen oracle flydsl` lowers through the wheel's pass pipeline: a module per accepted
configuration (the atom made and called on memrefs of its spaces), and the FileCheck tests
`atomgen gen` wrote, run the way FlyDSL's own runner runs them.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from atomgen.layout.algebra import from_json, is_tuple, product
from atomgen.oracle.flydsl.client import first_line
from atomgen.oracle.flydsl.configs import Config, dialect, value_text

# How each copy atom is called in its lowering module: (source space, destination space).
COPY_SPACES = {
    "buffer_copy": ("buffer_desc", "register"),
    "buffer_copy_lds": ("buffer_desc", "shared"),
    "buffer_atomic": ("register", "buffer_desc"),
    "lds_read_trans": ("shared", "register"),
    "buffer_load_async_lds": ("buffer_desc", "shared"),
    "global_load_async_lds": ("global", "shared"),
    "tdm": ("global", "shared"),
}
PIPELINE = (
    "builtin.module(fly-rewrite-func-signature,fly-canonicalize,fly-layout-lowering,convert-fly-to-rocdl)"
)
_ROCDL_OP = re.compile(r"\b(rocdl\.[a-z0-9_.]+)")
_NEGATIVE_TEST = re.compile(r"(_neg|_verify|_xfail)(_|$)")


def _memref(element: str, count: int, space: str) -> str:
    space_text = "#fly_rocdl.buffer_desc" if space == "buffer_desc" else space
    return f"!fly.memref<{element}, {space_text}, {max(count, 1)}:1>"


def _values_per_thread(answer: dict[str, Any], role: str) -> int:
    shape = from_json(answer["layouts"][role]["shape"])
    return product(shape[1]) if is_tuple(shape) and len(shape) > 1 else 1


def _state_type(spec: Any, index: int, values: dict[str, Any]) -> str:
    state = spec.state[index]  # the configuration's values are compared as printed (config labels)
    for case in state.llvm_type_when:
        if all(any(value_text(values.get(name)) == value_text(v) for v in accepted) for name, accepted in case.when):
            return str(case.llvm_type)
    return str(state.llvm_type)


def mma_module(spec: Any, config: Config, answer: dict[str, Any]) -> str:
    """A function that makes the atom and calls it on register memrefs (plus state values)."""
    text = answer.get("printed") or config.type_text
    operand_types = spec.operand_types
    memrefs = {
        role: _memref(str(config.values.get(operand_types.get(role, ""), "f32")), _values_per_thread(answer, role),
                      "register")
        for role in ("a", "b", "c")
    }
    arguments = [f"%d: {memrefs['c']}", f"%a: {memrefs['a']}", f"%b: {memrefs['b']}", f"%c: {memrefs['c']}"]
    body = [f"  %atom0 = fly.make_mma_atom : {text}"]
    current = "%atom0"
    for index, state in enumerate(spec.state):
        if state.private:
            continue
        llvm_type = _state_type(spec, index, config.values)
        arguments.append(f"%s{index}: {llvm_type}")
        body.append(f'  %atom{index + 1} = fly.atom.set_value({current}, "{state.name}", %s{index}) : '
                    f"({text}, {llvm_type}) -> {text}")
        current = f"%atom{index + 1}"
    body.append(f"  fly.mma_atom_call({current}, %d, %a, %b, %c) : ({text}, {memrefs['c']}, {memrefs['a']}, "
                f"{memrefs['b']}, {memrefs['c']}) -> ()")
    return f"func.func @k({', '.join(arguments)}) {{\n" + "\n".join(body) + "\n  return\n}\n"


def copy_module(spec: Any, config: Config, answer: dict[str, Any]) -> str:
    """A function that makes the copy atom and calls it between memrefs of the atom's spaces."""
    text = answer.get("printed") or config.type_text
    op_name = spec.mnemonic.split(".", 1)[-1]
    source, destination = COPY_SPACES.get(op_name, ("register", "register"))
    bits = config.val_bits
    element = {16: "f16", 32: "f32", 64: "f64"}.get(bits, f"i{bits}") if bits > 0 else "f32"
    value_type = next((str(config.values[p.name]) for p in spec.parameters if p.is_type), None)
    if value_type is not None:
        match = re.fullmatch(r"vector<\d+x(\w+)>", value_type)
        element = match.group(1) if match else value_type
    if op_name == "tdm":
        rank = max(int(config.values.get("rank", 1) or 1), 1)
        dims = [8] * (rank - 1) + [64]
        strides: list[int] = []
        running = 1
        for dim in reversed(dims):
            strides.insert(0, running)
            running *= dim
        layout = (f"({','.join(map(str, dims))}):({','.join(map(str, strides))})" if rank > 1 else "64:1")
        src = f"!fly.memref<f16, {source}, {layout}>"
        dst = f"!fly.memref<f16, {destination}, {layout}>"
    else:
        count = _values_per_thread(answer, "src")
        src, dst = _memref(element, count, source), _memref(element, _values_per_thread(answer, "dst"), destination)
    return (f"func.func @k(%src: {src}, %dst: {dst}) {{\n"
            f"  %atom = fly.make_copy_atom {{valBits = {bits} : i32}} : {text}\n"
            f"  fly.copy_atom_call(%atom, %src, %dst) : ({text}, {src}, {dst}) -> ()\n"
            f"  return\n}}\n")


def lowering_module(spec: Any, config: Config, answer: dict[str, Any]) -> str:
    return mma_module(spec, config, answer) if spec.kind == "mma" else copy_module(spec, config, answer)


def rocdl_ops(output: str) -> list[str]:
    return sorted(set(_ROCDL_OP.findall(output)))


def has_op(output: str, name: str) -> bool:
    return re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w.])", output) is not None


def generated_test_files(spec: Any, root: Path) -> list[Path]:
    """Positive FileCheck tests under ``root/tests/mlir/Conversion`` (any depth) using the spec's payload type.

    Tests named ``*_neg*``, ``*_verify*`` or ``*_xfail*`` are left out: they check the
    diagnostics of atomgen's generated verify(), which the flydsl wheel does not contain.
    """
    folder = root / "tests" / "mlir" / "Conversion"
    if not folder.is_dir():
        return []
    needle = f"!{dialect(spec)}.{spec.mnemonic}<"
    found = []
    for file in sorted(folder.rglob("*.mlir")):
        if _NEGATIVE_TEST.search(file.stem):
            continue  # checks atomgen's generated verify(), which the wheel does not contain
        try:
            if needle in file.read_text(encoding="utf-8"):
                found.append(file)
        except OSError:
            continue
    return found


def run_filecheck_test(path: Path, timeout: float = 120.0) -> tuple[bool, str]:
    """Run every ``// RUN:`` line of a test the way FlyDSL's runner does (bash, substitutions)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        return False, str(error)
    runs = [ln.split("RUN:", 1)[1].strip() for ln in text.splitlines() if ln.lstrip().startswith("// RUN:")]
    if not runs:
        return False, "no RUN line"
    python = shlex.quote(sys.executable)
    bindir = Path(sys.executable).parent
    filecheck = shutil_which("filecheck", bindir) or shutil_which("FileCheck", bindir)
    if filecheck is None:
        return False, "no FileCheck (pip install filecheck)"
    for run in runs:
        command = (run.replace("%fly-opt", f"{python} -m atomgen.oracle.flydsl.flyopt")
                   .replace("%FileCheck", shlex.quote(filecheck)))
        command = re.sub(r"(?<![\w/-])FileCheck\b", shlex.quote(filecheck), command)
        command = command.replace("%s", shlex.quote(str(path)))
        try:
            process = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True,
                                     timeout=timeout)
        except subprocess.TimeoutExpired:
            return False, f"RUN line timed out: {run}"
        if process.returncode != 0:
            return False, f"RUN: {run}: {first_line(process.stderr or process.stdout)}"
    return True, f"{len(runs)} RUN line(s) pass"


def shutil_which(name: str, folder: Path) -> str | None:
    import shutil

    candidate = folder / name
    if candidate.is_file() and os.access(candidate, os.X_OK):
        return str(candidate)
    return shutil.which(name)
