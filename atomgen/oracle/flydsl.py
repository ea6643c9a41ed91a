"""`atomgen oracle flydsl`: audit specs against the real FlyDSL compiler (rung 2 of the ladder).

For every spec whose mnemonic the installed ``flydsl`` wheel knows, FlyDSL is asked (in
worker subprocesses, see ``flydsl_worker``) about every instance and about a bounded,
deterministic neighbourhood of configurations around the instance table:

* layouts: thread layout, MNK shape and every operand layout, compared as functions
  (thr, val) -> index; the first differing (thr, val) is reported with both indices.
  Copy layouts are compared in bits (FlyDSL's payload bit layouts) and, for every
  ``val_bits`` of the row, after the same recast FlyDSL applies;
* syntax: the spec's printed type parses and prints back identically;
* acceptance: every instance is accepted and lowers to the spec's intrinsic; every
  neighbour FlyDSL accepts although the spec does not is listed, split into "lowers to an
  intrinsic" and "accepted but cannot lower / crashes / degenerate layout";
* lowering: the instance's generated FileCheck test (when `atomgen gen` has written one)
  passes through the wheel's pass pipeline (``atomgen.oracle.flyopt``) and ``filecheck``.

A disagreement is a *finding*. A finding is *known* when the spec declares it in
``known_flydsl_defects``: an entry's ``kind`` equals the finding's check and its
``configuration`` matches the finding's configuration label (see `matches_declaration`).
The exit status is 0 when every finding is known, 1 otherwise, 2 on usage errors.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from atomgen.layout.algebra import (
    Layout,
    RecastError,
    format_layout,
    from_json,
    image,
    is_tuple,
    product,
    recast_thread_value,
    size,
)
from atomgen.spec.defects import config_label, declared

MIN_FLYDSL = (0, 5, 0)
INSTALL_HINT = "pip install 'flydsl>=0.5.0'  (or: pip install -e '.[dev]')"
CHECKS = ("layout", "syntax", "acceptance", "lowering")
# Neighbourhood sweep: element types tried besides the table's, and the bound on MNK.
EXTRA_MMA_TYPES = ("f16", "bf16", "f32", "i8", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f4E2M1FN")
EXTRA_COPY_TYPES = ("i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "vector<2xf16>", "vector<2xbf16>")
MAX_DIM = 256
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
EXAMPLES_SHOWN = 5
_ROCDL_OP = re.compile(r"\b(rocdl\.[a-z0-9_.]+)")
_SYNTAX_ERROR = re.compile(r"error: (expected|unknown|unexpected|invalid|unbalanced|undefined)\b")
_NEGATIVE_TEST = re.compile(r"(_neg|_verify|_xfail)(_|$)")
_UNKNOWN_MNEMONIC = re.compile(r"unknown\s+type `[^`]*` in dialect|unregistered dialect")


class OracleError(Exception):
    """A condition that stops the oracle before it runs (exit 2)."""


# --------------------------------------------------------------------------- version
def installed_flydsl_version() -> str | None:
    """The installed flydsl's version, or None when it is not installed."""
    from importlib import metadata

    try:
        return metadata.version("flydsl")
    except metadata.PackageNotFoundError:
        return None


def version_tuple(text: str) -> tuple[int, ...]:
    parts: list[int] = []
    for piece in re.split(r"[.+-]", text):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)


def require_flydsl() -> str:
    """The flydsl version, or OracleError with an install hint / a too-old message."""
    version = installed_flydsl_version()
    if version is None:
        raise OracleError(f"flydsl is not installed in this Python ({sys.executable}); install it with: {INSTALL_HINT}")
    if version_tuple(version) < MIN_FLYDSL:
        minimum = ".".join(map(str, MIN_FLYDSL))
        raise OracleError(f"flydsl {version} is older than the minimum {minimum} this oracle is pinned to; "
                          f"upgrade with: {INSTALL_HINT}")
    return version


# --------------------------------------------------------------------------- worker plumbing
def run_worker(key: str, items: Sequence[Any], isolate: bool = True, timeout: float = 300.0,
               python: str | None = None) -> list[dict[str, Any]]:
    """Answers for `items` ("types" or "lower") in order; a dead worker is restarted past its item.

    An item that kills the worker process (abort, segfault, timeout) is answered with
    ``{"ok": False, "aborted": True, "error": ...}``; nothing here raises for FlyDSL's sake.
    """
    ident = "type" if key == "types" else "name"
    answers: list[dict[str, Any]] = []
    rest = list(items)
    command = [python or sys.executable, "-m", "atomgen.oracle.flydsl_worker"]
    while rest:
        request = json.dumps({key: rest, "isolate": isolate})
        try:
            process = subprocess.run(command, input=request, capture_output=True, text=True, timeout=timeout)
            stdout, stderr, code = process.stdout, process.stderr, process.returncode
        except subprocess.TimeoutExpired as expired:
            stdout = _text(expired.stdout)
            stderr = _text(expired.stderr) + f"\nworker timed out after {timeout:.0f} s"
            code = -9
        got: list[dict[str, Any]] = []
        for line in stdout.splitlines():
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict) and ident in value:
                got.append(value)
        got = got[: len(rest)]
        answers.extend(got)
        rest = rest[len(got):]
        if rest:
            item = rest.pop(0)
            tail = "\n".join(stderr.strip().splitlines()[-6:]) or f"worker exited with status {code}"
            answers.append({ident: item if key == "types" else item.get("name"), "ok": False,
                            "aborted": True, "returncode": code, "error": tail})
    return answers


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


def run_parallel(key: str, items: Sequence[Any], jobs: int, isolate: bool = True) -> list[dict[str, Any]]:
    """`run_worker` over `jobs` interleaved shares of `items`, answers in input order."""
    if not items:
        return []
    jobs = max(1, min(jobs, len(items)))
    shares = [list(items[i::jobs]) for i in range(jobs)]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(lambda share: run_worker(key, share, isolate), shares))
    ordered: list[dict[str, Any]] = [{} for _ in items]
    for offset, part in enumerate(parts):
        for position, answer in enumerate(part):
            ordered[offset + position * jobs] = answer
    return ordered


# --------------------------------------------------------------------------- configurations
@dataclass
class Config:
    """One configuration of an atom: parameter values, its label and printed wrapper type."""

    values: dict[str, Any]
    label: str
    type_text: str
    val_bits: int = 0


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _dialect(spec: Any) -> str:
    return f"fly_{spec.backend}"


def make_config(spec: Any, values: dict[str, Any], val_bits: int = 0, label_bits: bool = False) -> Config:
    from atomgen.spec.printing import atom_type

    text = atom_type(spec, _dialect(spec), values, val_bits if spec.kind == "copy" else None)
    label = config_label(spec, values, val_bits if label_bits else None)
    return Config(dict(values), label, text, val_bits)


def instance_val_bits(spec: Any, instance: Any) -> list[int]:
    """The valBits a copy row is used with (0 when the row names none)."""
    return [int(v) for v in instance.val_bits] or [0]


def neighbourhood(spec: Any) -> list[dict[str, Any]]:
    """Deterministic, bounded configurations around the instance table (none of them a row).

    Each row's MNK dimensions (one at a time) doubled and halved (1..MAX_DIM); every table
    shape with every table element-type tuple and with ``(x, x, acc)`` for a few extra element
    types; copies: each integer key parameter halved, doubled and times 3/2, each type
    parameter over a few extra types, each enum over all its cases; for the first row, each
    free parameter just outside its declared range.
    """
    from atomgen.spec.printing import sample_values

    key = [p for p in spec.parameters if not p.is_free]
    key_names = [p.name for p in key]
    rows = [sample_values(spec, instance) for instance in spec.instances]
    if not rows:
        return []
    candidates: list[dict[str, Any]] = []
    shape = [n for n in ("m", "n", "k") if n in key_names] if spec.kind == "mma" else []
    types = [p.name for p in key if p.is_type]
    others = [p for p in key if p.name not in shape and p.name not in types]

    def with_values(row: dict[str, Any], **changes: Any) -> dict[str, Any]:
        new = dict(row)
        new.update(changes)
        return new

    if len(shape) == 3:
        for row in rows:
            for name in shape:
                value = int(row[name])
                for new in (value * 2, value // 2 if value % 2 == 0 else 0):
                    if 1 <= new <= MAX_DIM:
                        candidates.append(with_values(row, **{name: new}))
        shapes: dict[tuple[int, ...], dict[str, Any]] = {}
        for row in rows:
            shapes.setdefault(tuple(int(row[n]) for n in shape), row)
        tuples: dict[tuple[str, ...], None] = {}
        for row in rows:
            tuples.setdefault(tuple(str(row[n]) for n in types), None)
        accumulators = sorted({t[-1] for t in tuples}) if types else []
        for base in shapes.values():
            for combo in tuples:
                candidates.append(with_values(base, **dict(zip(types, combo, strict=False))))
            if len(types) == 3:
                for extra in EXTRA_MMA_TYPES:
                    for acc in accumulators:
                        candidates.append(with_values(base, **dict(zip(types, (extra, extra, acc), strict=False))))
    else:
        for row in rows:
            for parameter in others:
                current = row.get(parameter.name)
                if parameter.enum:
                    for case, _ in parameter.enum:
                        candidates.append(with_values(row, **{parameter.name: case}))
                elif parameter.is_integer and isinstance(current, int) and not isinstance(current, bool):
                    for new in sorted({current * 2, current // 2, current * 3 // 2} - {current}):
                        if current % 2 == 0 and new > 0:
                            candidates.append(with_values(row, **{parameter.name: new}))
            for name in types:
                for extra in EXTRA_COPY_TYPES:
                    candidates.append(with_values(row, **{name: extra}))
    first = rows[0]
    for parameter in spec.parameters:
        if not parameter.is_free:
            continue
        if parameter.free_values is not None:
            values = list(parameter.free_values)
            if all(isinstance(v, bool) for v in values):
                outside: list[Any] = [b for b in (False, True) if b not in values]
            else:
                ints = [int(v) for v in values]
                outside = [v for v in (0, max(ints) * 2) if v not in ints]
        else:
            outside = []
            if parameter.free_min is not None:
                outside.append(parameter.free_min - 1)
            if parameter.free_max is not None:
                outside.append(parameter.free_max + 1)
        for value in outside:
            candidates.append(with_values(first, **{parameter.name: value}))
    keys = {_row_key(spec, row) for row in rows}
    seen: set[tuple[Any, ...]] = set()
    result: list[dict[str, Any]] = []
    for candidate in candidates:
        identity = tuple(sorted((k, _format(v)) for k, v in candidate.items()))
        if identity in seen or _is_row(spec, candidate, keys):
            continue
        seen.add(identity)
        result.append(candidate)
    return result


def _row_key(spec: Any, values: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(_format(values.get(p.name)) for p in spec.parameters if not p.is_free)


def _is_row(spec: Any, values: dict[str, Any], keys: set[tuple[Any, ...]]) -> bool:
    """A table row: its key, with every free parameter inside its declared range."""
    if _row_key(spec, values) not in keys:
        return False
    for parameter in spec.parameters:
        if not parameter.is_free or parameter.name not in values:
            continue
        value = values[parameter.name]
        if parameter.free_values is not None and value not in parameter.free_values:
            return False
        if parameter.free_min is not None and value < parameter.free_min:
            return False
        if parameter.free_max is not None and value > parameter.free_max:
            return False
    return True


# --------------------------------------------------------------------------- lowering modules
def _memref(element: str, count: int, space: str) -> str:
    space_text = "#fly_rocdl.buffer_desc" if space == "buffer_desc" else space
    return f"!fly.memref<{element}, {space_text}, {max(count, 1)}:1>"


def _values_per_thread(answer: dict[str, Any], role: str) -> int:
    shape = from_json(answer["layouts"][role]["shape"])
    return product(shape[1]) if is_tuple(shape) and len(shape) > 1 else 1


def _state_type(spec: Any, index: int, values: dict[str, Any]) -> str:
    entry = (spec.data.get("state") or [])[index]
    for option in entry.get("llvm_type_when") or []:
        if all(_format(values.get(k)) == _format(v) for k, v in (option.get("when") or {}).items()):
            return str(option["llvm_type"])
    return str(entry["llvm_type"])


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


# --------------------------------------------------------------------------- layout comparison
def _modes(layout: Layout) -> tuple[int, int]:
    """(threads, values) of a (thr, val) layout; a rank-1 layout has one value per point."""
    if is_tuple(layout.shape) and len(layout.shape) >= 2:
        return product(layout.shape[0]), product(layout.shape[1:])
    return size(layout), 1


def compare_layouts(spec_layout: Layout, flydsl_layout: Layout, thread_layout: bool = False) -> str | None:
    """None when both are the same function (thr, val) -> index, else the first difference."""
    if thread_layout:
        spec_domain: tuple[int, int] = (size(spec_layout), 1)
        fly_domain: tuple[int, int] = (size(flydsl_layout), 1)
    else:
        spec_domain, fly_domain = _modes(spec_layout), _modes(flydsl_layout)
    if spec_domain != fly_domain:
        return (f"domain differs: spec {spec_domain[0]} threads x {spec_domain[1]} values, "
                f"FlyDSL {fly_domain[0]} x {fly_domain[1]}")
    threads = spec_domain[0]
    for linear, (mine, theirs) in enumerate(zip(image(spec_layout), image(flydsl_layout), strict=False)):
        if mine != theirs:
            where = f"thr={linear}" if thread_layout else f"(thr={linear % threads}, val={linear // threads})"
            return f"first difference at {where}: spec -> {mine}, FlyDSL -> {theirs}"
    return None


def _layout(answer_layout: dict[str, Any]) -> Layout:
    return Layout(from_json(answer_layout["shape"]), from_json(answer_layout["stride"]))


def _degenerate(answer: dict[str, Any]) -> str | None:
    """Why FlyDSL's layouts for an accepted configuration are degenerate, or None."""
    tiles: dict[str, int] = {}
    if answer.get("kind") == "mma":
        mnk = answer.get("shape_mnk")
        if isinstance(mnk, list) and len(mnk) == 3 and all(isinstance(x, int) for x in mnk):
            m, n, k = mnk
            tiles = {"a": m * k, "b": n * k, "c": m * n}
    layouts = dict(answer.get("layouts") or {})
    layouts.update({f"{r} bits": v for r, v in (answer.get("bit_layouts") or {}).items()})
    for role, text in sorted(layouts.items()):
        try:
            layout = _layout(text)
        except (TypeError, ValueError):
            return f"{role} layout {text.get('text')} is not static"
        if size(layout) == 0:
            return f"{role} layout {text['text']} is empty"
        tile = tiles.get(role)
        if tile is not None:
            points = image(layout)
            if min(points) < 0 or max(points) >= tile:
                return f"{role} layout {text['text']} leaves the {tile}-element tile"
            if len(set(points)) < tile:
                return f"{role} layout {text['text']} reaches {len(set(points))} of {tile} elements"
    return None


# --------------------------------------------------------------------------- results
@dataclass
class Finding:
    check: str
    configuration: str
    message: str
    known: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"check": self.check, "configuration": self.configuration, "message": self.message}
        if self.known is not None:
            data["known_reason"] = self.known.get("reason", "")
        return data


@dataclass
class AtomReport:
    path: str
    mnemonic: str
    kind: str = ""
    status: str = "audited"  # audited | skipped | error
    note: str = ""
    instances: int = 0
    layout_matches: int = 0
    syntax_ok: int = 0
    accepted: int = 0
    lowered: int = 0
    neighbours: int = 0
    extras_lower: list[tuple[str, str]] = field(default_factory=list)
    extras_broken: list[tuple[str, str]] = field(default_factory=list)
    tests: str = "not generated"
    findings: list[Finding] = field(default_factory=list)
    unused_declarations: list[str] = field(default_factory=list)

    @property
    def open_findings(self) -> list[Finding]:
        return [f for f in self.findings if f.known is None]

    def to_json(self) -> dict[str, Any]:
        return {
            "spec": self.path,
            "mnemonic": self.mnemonic,
            "kind": self.kind,
            "status": self.status,
            "note": self.note,
            "instances": self.instances,
            "layout_matches": self.layout_matches,
            "syntax_ok": self.syntax_ok,
            "accepted": self.accepted,
            "lowered_to_intrinsic": self.lowered,
            "neighbours_tried": self.neighbours,
            "extras_lowering": [{"configuration": c, "detail": d} for c, d in self.extras_lower],
            "extras_broken": [{"configuration": c, "detail": d} for c, d in self.extras_broken],
            "generated_tests": self.tests,
            "findings": [f.to_json() for f in self.findings],
            "open_findings": len(self.open_findings),
            "unused_declarations": self.unused_declarations,
        }


def _first_line(text: str, limit: int = 200) -> str:
    lines = [ln for ln in str(text).strip().splitlines() if ln.strip()]
    line = lines[0] if lines else ""
    line = re.sub(r'^loc\("(?:[^"\\]|\\.)*":\d+:\d+\): ', "", line)
    line = re.sub(r"^[\w.+-]+: (?=/)", "", line)  # assertion text starts with the program name
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _failure(answer: dict[str, Any], stage: str) -> str:
    if answer.get("aborted"):
        return f"FlyDSL aborts while {stage}: {_first_line(answer.get('error', ''))}"
    return _first_line(answer.get("error", "") or "no answer")


# --------------------------------------------------------------------------- generated tests
def generated_test_files(spec: Any, root: Path) -> list[Path]:
    """Positive FileCheck tests under ``root/tests/mlir/Conversion`` (any depth) using the spec's payload type.

    Tests named ``*_neg*``, ``*_verify*`` or ``*_xfail*`` are left out: they check the
    diagnostics of atomgen's generated verify(), which the flydsl wheel does not contain.
    """
    folder = root / "tests" / "mlir" / "Conversion"
    if not folder.is_dir():
        return []
    needle = f"!{_dialect(spec)}.{spec.mnemonic}<"
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
        command = (run.replace("%fly-opt", f"{python} -m atomgen.oracle.flyopt")
                   .replace("%FileCheck", shlex.quote(filecheck)))
        command = re.sub(r"(?<![\w/-])FileCheck\b", shlex.quote(filecheck), command)
        command = command.replace("%s", shlex.quote(str(path)))
        try:
            process = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True,
                                     timeout=timeout)
        except subprocess.TimeoutExpired:
            return False, f"RUN line timed out: {run}"
        if process.returncode != 0:
            return False, f"RUN: {run}: {_first_line(process.stderr or process.stdout)}"
    return True, f"{len(runs)} RUN line(s) pass"


def shutil_which(name: str, folder: Path) -> str | None:
    import shutil

    candidate = folder / name
    if candidate.is_file() and os.access(candidate, os.X_OK):
        return str(candidate)
    return shutil.which(name)


# --------------------------------------------------------------------------- the audit
@dataclass
class _Plan:
    """Everything asked of FlyDSL for one spec."""

    report: AtomReport
    spec: Any = None
    evaluated: list[Any] = field(default_factory=list)
    instance_configs: list[list[Config]] = field(default_factory=list)  # per instance: one per valBits
    neighbours: list[Config] = field(default_factory=list)


def _plan(path: Path, display: str) -> _Plan:
    from atomgen.check.runner import analyze_file

    result = analyze_file(path, display, prove=False)
    spec = result.spec
    report = AtomReport(display, spec.mnemonic if spec is not None else "?")
    plan = _Plan(report)
    errors = [d for d in result.diagnostics if getattr(d, "severity", "error") == "error"]
    if spec is None or result.analysis is None:
        report.status = "error"
        report.note = "spec does not load: " + (errors[0].message if errors else "unknown error")
        return plan
    plan.spec = spec
    report.kind = spec.kind
    report.instances = len(spec.instances)
    evaluated = {e.instance.index: e for e in (result.analysis.evaluated or [])}
    from atomgen.spec.printing import sample_values

    for instance in spec.instances:
        values = sample_values(spec, instance)
        plan.evaluated.append(evaluated.get(instance.index))
        if spec.kind == "copy":
            plan.instance_configs.append([make_config(spec, values, vb) for vb in instance_val_bits(spec, instance)])
        else:
            plan.instance_configs.append([make_config(spec, values)])
    plan.neighbours = [make_config(spec, values) for values in neighbourhood(spec)]
    report.neighbours = len(plan.neighbours)
    return plan


def _probe_type(path: Path, display: str) -> tuple[str, str] | None:
    """(mnemonic, wrapper type of the first instance) from the model alone (no analysis)."""
    from atomgen.diagnostics import SpecError
    from atomgen.spec.loader import load_file
    from atomgen.spec.model import build_model
    from atomgen.spec.printing import sample_values

    try:  # no schema validation here: an invalid spec is reported by the full plan
        spec, _ = build_model(load_file(path, display))
    except (SpecError, KeyError, TypeError, ValueError, AttributeError):
        return None
    if spec is None or not spec.instances:
        return None
    try:
        return spec.mnemonic, make_config(spec, sample_values(spec, spec.instances[0])).type_text
    except (KeyError, TypeError, ValueError):
        return None


def _record(report: AtomReport, spec: Any, check: str, label: str, message: str) -> None:
    declaration = declared(spec, check, label)
    report.findings.append(Finding(check, label, message, declaration))


def _audit_instance(report: AtomReport, spec: Any, evaluated: Any, configs: list[Config],
                    types: dict[str, dict[str, Any]]) -> tuple[Config, dict[str, Any]] | None:
    """Syntax, acceptance and layout checks of one instance; the config to lower, if accepted."""
    primary = configs[0]
    label = config_label(spec, primary.values)
    answer = types.get(primary.type_text, {})
    if not answer.get("ok"):
        error = answer.get("error", "")
        if not answer.get("aborted") and _SYNTAX_ERROR.search(error or ""):
            _record(report, spec, "syntax", label,
                    f"FlyDSL cannot parse the spec's type {primary.type_text}: {_first_line(error)}")
        else:
            _record(report, spec, "acceptance", label,
                    f"FlyDSL rejects the instance: {_failure(answer, 'parsing')}")
        return None
    report.accepted += 1
    if answer.get("printed") == primary.type_text:
        report.syntax_ok += 1
    else:
        _record(report, spec, "syntax", label,
                f"printed type does not round-trip: spec {primary.type_text}, FlyDSL {answer.get('printed')}")
    if evaluated is None:
        _record(report, spec, "layout", label, "the spec's layouts cannot be evaluated for this instance")
        return primary, answer
    differences = _layout_differences(spec, evaluated, configs, types)
    for message in differences:
        _record(report, spec, "layout", message[0], message[1])
    if not differences:
        report.layout_matches += 1
    return primary, answer


def _layout_differences(spec: Any, evaluated: Any, configs: list[Config],
                        types: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    primary = configs[0]
    label = config_label(spec, primary.values)
    answer = types[primary.type_text]
    operands = evaluated.operands
    out: list[tuple[str, str]] = []
    if "thr" in operands:
        difference = compare_layouts(operands["thr"].layout, _layout(answer["thr_layout"]), thread_layout=True)
        if difference:
            out.append((label, f"thr: spec {format_layout(operands['thr'].layout)}, "
                               f"FlyDSL {answer['thr_layout']['text']}: {difference}"))
    if spec.kind == "mma":
        expected = [primary.values.get(n) for n in ("m", "n", "k")]
        if answer.get("shape_mnk") != expected:
            out.append((label, f"shape: spec {expected}, FlyDSL {answer.get('shape_mnk')}"))
        for role in ("a", "b", "c"):
            if role not in operands:
                continue
            theirs = answer["layouts"][role]
            difference = compare_layouts(operands[role].layout, _layout(theirs))
            if difference:
                out.append((label, f"{role}: spec {format_layout(operands[role].layout)}, "
                                   f"FlyDSL {theirs['text']}: {difference}"))
        return out
    for role in ("src", "dst", "ref"):
        if role not in operands:
            continue
        mine = operands[role].layout
        theirs = answer["bit_layouts"][role]
        difference = compare_layouts(mine, _layout(theirs))
        if difference:
            out.append((label, f"{role} (bits): spec {format_layout(mine)}, FlyDSL {theirs['text']}: {difference}"))
            continue
        for config in configs:
            if config.val_bits <= 0:
                continue
            at_bits = types.get(config.type_text, {})
            vb_label = config_label(spec, config.values, config.val_bits)
            if not at_bits.get("ok"):
                out.append((vb_label, f"FlyDSL rejects valBits {config.val_bits}: {_failure(at_bits, 'parsing')}"))
                continue
            try:
                recast = recast_thread_value(mine, config.val_bits)
            except RecastError as error:
                out.append((vb_label, f"{role}: the spec's bit layout does not recast to {config.val_bits}-bit "
                                      f"values ({error}); FlyDSL gives {at_bits['layouts'][role]['text']}"))
                continue
            difference = compare_layouts(recast, _layout(at_bits["layouts"][role]))
            if difference:
                out.append((vb_label, f"{role} at valBits {config.val_bits}: spec {format_layout(recast)}, "
                                      f"FlyDSL {at_bits['layouts'][role]['text']}: {difference}"))
    return out


def audit(paths: Sequence[str], jobs: int = 2, generated: Path | None = None,
          sweep: bool = True, isolate: bool = True) -> list[AtomReport]:
    """Audit every spec under `paths` against the installed flydsl."""
    from atomgen.check.runner import collect_spec_files
    from atomgen.terminal import Progress

    files = collect_spec_files(paths)
    stages = Progress(4 + len(files), "oracle flydsl")  # a line on a terminal only: the run takes a while
    stages.step(f"probing {len(files)} spec(s)")
    probes = {display: _probe_type(path, display) for path, display in files}
    probe_texts = sorted({t[1] for t in probes.values() if t is not None})
    probe_answers = {text: a for text, a in zip(probe_texts, run_worker("types", probe_texts, isolate), strict=False)}
    plans: list[_Plan] = []
    for path, display in files:
        probe = probes[display]
        answer = probe_answers.get(probe[1], {}) if probe is not None else {}
        if probe is not None and not answer.get("ok") and _UNKNOWN_MNEMONIC.search(answer.get("error", "")):
            plans.append(_Plan(AtomReport(display, probe[0], status="skipped",
                                          note=f"flydsl does not know {probe[1].split('<')[1]}")))
            continue
        plans.append(_plan(path, display))
    live = [p for p in plans if p.spec is not None]
    type_texts: dict[str, None] = {}
    for plan in live:
        for configs in plan.instance_configs:
            for config in configs:
                type_texts.setdefault(config.type_text, None)
        if sweep:
            for config in plan.neighbours:
                type_texts.setdefault(config.type_text, None)
    texts = list(type_texts)
    stages.step(f"parsing {len(texts)} types")
    types = {text: answer for text, answer in zip(texts, run_parallel("types", texts, jobs, isolate), strict=False)}

    lower_items: list[dict[str, Any]] = []
    pending: list[tuple[_Plan, str, Config, dict[str, Any]]] = []  # (plan, role, config, type answer)
    for plan in live:
        spec, report = plan.spec, plan.report
        first = types.get(plan.instance_configs[0][0].type_text, {}) if plan.instance_configs else {}
        if first and not first.get("ok") and _UNKNOWN_MNEMONIC.search(first.get("error", "")):
            report.status = "skipped"
            report.note = f"flydsl does not know !{_dialect(spec)}.{spec.mnemonic}"
            continue
        for evaluated, configs in zip(plan.evaluated, plan.instance_configs, strict=False):
            accepted = _audit_instance(report, spec, evaluated, configs, types)
            if accepted is not None:
                pending.append((plan, "instance", *accepted))
        if not sweep:
            continue
        for config in plan.neighbours:
            answer = types.get(config.type_text, {})
            if answer.get("ok"):
                pending.append((plan, "neighbour", config, answer))
            elif answer.get("aborted"):
                report.extras_broken.append((config.label, _failure(answer, "parsing the type")))
    for index, (plan, _role, config, answer) in enumerate(pending):
        try:
            module = lowering_module(plan.spec, config, answer)
        except (KeyError, TypeError, ValueError) as error:
            module = f"// cannot build a module: {error}"
        lower_items.append({"name": str(index), "mlir": module, "pipeline": PIPELINE})
    stages.step(f"lowering {len(lower_items)} modules")
    lowered = run_parallel("lower", lower_items, jobs, isolate)
    for (plan, role, config, answer), low in zip(pending, lowered, strict=False):
        spec, report = plan.spec, plan.report
        ops = rocdl_ops(low.get("output", "")) if low.get("ok") else []
        if role == "instance":
            instance = next(i for i, cs in zip(spec.instances, plan.instance_configs, strict=False) if cs[0] is config)
            label = config_label(spec, config.values)
            if not low.get("ok"):
                _record(report, spec, "lowering", label,
                        f"does not lower to {instance.intrinsic}: {_failure(low, 'lowering')}")
            elif not has_op(low["output"], instance.intrinsic):
                _record(report, spec, "lowering", label,
                        f"lowers to {', '.join(ops) or 'no rocdl op'}, spec says {instance.intrinsic}")
            else:
                report.lowered += 1
            continue
        degenerate = _degenerate(answer)
        if not low.get("ok"):
            report.extras_broken.append((config.label, "accepted, " + (
                _failure(low, "lowering") if low.get("aborted") else "fails to lower: " + _failure(low, "lowering"))))
        elif not ops:
            report.extras_broken.append((config.label, "accepted, lowering produces no rocdl op"))
        elif degenerate:
            report.extras_broken.append((config.label, f"accepted, lowers to {', '.join(ops)}, degenerate layout: "
                                                       f"{degenerate}"))
        else:
            report.extras_lower.append((config.label, "lowers to " + ", ".join(ops)))
    stages.step("comparing")
    for plan in live:
        report, spec = plan.report, plan.spec
        stages.step(f"generated tests of {report.path}")
        if report.status != "audited":
            continue
        for label, detail in report.extras_lower:
            _record(report, spec, "acceptance", label, f"FlyDSL accepts it (not an instance); {detail}")
        for label, detail in report.extras_broken:
            _record(report, spec, "acceptance", label, f"FlyDSL accepts it (not an instance); {detail}"
                    if not detail.startswith("FlyDSL aborts") else detail)
        _generated_tests(report, spec, generated)
        used = {id(f.known) for f in report.findings if f.known is not None}
        report.unused_declarations = [str(d.get("configuration")) for d in spec.known_flydsl_defects
                                      if id(d) not in used]
    stages.done()
    return plans_reports(plans)


def _generated_tests(report: AtomReport, spec: Any, root: Path | None) -> None:
    if root is None:
        return
    files = generated_test_files(spec, root)
    if not files:
        report.tests = "not generated"
        return
    results = []
    for file in files:
        ok, detail = run_filecheck_test(file)
        results.append(ok)
        if not ok:
            _record(report, spec, "lowering", f"test {file.name}", f"generated test fails: {detail}")
    report.tests = f"{sum(results)}/{len(results)} pass"


def plans_reports(plans: Iterable[_Plan]) -> list[AtomReport]:
    return [plan.report for plan in plans]


# --------------------------------------------------------------------------- output
def _summary_row(report: AtomReport) -> list[str]:
    if report.status != "audited":
        return [f"`{report.mnemonic}`", report.path, "-", "-", "-", "-", "-", "-", report.status]
    known = len(report.findings) - len(report.open_findings)
    return [
        f"`{report.mnemonic}`",
        report.path,
        str(report.instances),
        f"{report.layout_matches}/{report.instances}",
        f"{report.syntax_ok}/{report.instances}",
        f"{report.lowered}/{report.instances} lower; {len(report.extras_lower)} extra lower, "
        f"{len(report.extras_broken)} extra broken (of {report.neighbours} tried)",
        report.tests,
        f"{len(report.open_findings)} open, {known} known",
        "ok" if not report.open_findings else "DISAGREES",
    ]


def render_markdown(reports: list[AtomReport], version: str) -> str:
    lines = [
        "# FlyDSL oracle report",
        "",
        f"Generated by `atomgen oracle flydsl specs/ --report docs/oracle-flydsl.json` against **flydsl {version}**.",
        "Do not edit: the test suite regenerates it and fails when it is stale.",
        "",
        "Columns: *layout* = instances whose thread layout, MNK shape and operand layouts equal FlyDSL's as "
        "functions (thr, val) -> index; *syntax* = printed types that round-trip through FlyDSL's parser; "
        "*acceptance* = instances FlyDSL accepts and lowers to the spec's intrinsic, then neighbouring "
        "configurations FlyDSL accepts although the spec does not; *tests* = generated FileCheck tests "
        "run through the wheel's pipeline. A finding is *known* when the spec declares it in "
        "`known_flydsl_defects`.",
        "",
        "| atom | spec | instances | layout | syntax | acceptance | tests | findings | status |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for report in reports:
        lines.append("| " + " | ".join(_summary_row(report)) + " |")
    open_total = sum(len(r.open_findings) for r in reports)
    lines += ["", f"Open findings: {open_total}.", ""]
    for report in reports:
        lines.append(f"## {report.mnemonic}")
        lines.append("")
        if report.status != "audited":
            lines += [f"{report.status}: {report.note}", ""]
            continue
        groups: dict[tuple[str, str, str], list[str]] = {}
        for finding in report.findings:
            if finding.check == "acceptance" and not finding.message.startswith("FlyDSL rejects"):
                continue
            reason = finding.known.get("reason", "") if finding.known else ""
            groups.setdefault((finding.check, finding.message if finding.check != "lowering" else finding.message,
                               reason), []).append(finding.configuration)
        if groups:
            lines.append("Instance findings:")
            lines.append("")
            for (check, message, reason), labels in groups.items():
                status = f"known FlyDSL defect: {reason}" if reason else "**open**"
                shown = ", ".join(f"`{label}`" for label in labels[:3])
                more = f" and {len(labels) - 3} more" if len(labels) > 3 else ""
                lines.append(f"* {check} {shown}{more}: {message} ({status})")
            lines.append("")
        for title, extras in (("Accepted by FlyDSL, not instances, and lowering to an intrinsic", report.extras_lower),
                              ("Accepted by FlyDSL, not instances, but not lowering / crashing / degenerate",
                               report.extras_broken)):
            if not extras:
                continue
            declared = [f for f in report.findings if f.check == "acceptance" and f.configuration in
                        {label for label, _ in extras}]
            known = sum(1 for f in declared if f.known is not None)
            lines.append(f"{title}: {len(extras)} ({known} declared known). First examples:")
            lines.append("")
            for label, detail in extras[:EXAMPLES_SHOWN]:
                lines.append(f"* `{label}`: {detail}")
            lines.append("")
        if report.unused_declarations:
            lines.append("Declared defects not observed in this run: "
                         + "; ".join(f"`{d}`" for d in report.unused_declarations))
            lines.append("")
        if not groups and not report.extras_lower and not report.extras_broken and not report.unused_declarations:
            lines += ["No disagreement.", ""]
    return "\n".join(lines).rstrip() + "\n"


def render_json(reports: list[AtomReport], version: str) -> dict[str, Any]:
    return {
        "flydsl_version": version,
        "open_findings": sum(len(r.open_findings) for r in reports),
        "atoms": [r.to_json() for r in reports],
    }


def render_text(reports: list[AtomReport], version: str, elapsed: float | None = None) -> str:
    lines = []
    for report in reports:
        if report.status != "audited":
            lines.append(f"{report.path}: {report.status}: {report.note}")
            continue
        row = _summary_row(report)
        lines.append(f"{report.path}: {report.mnemonic}: layout {row[3]}, syntax {row[4]}, {row[5]}, "
                     f"tests {row[6]}: {row[7]}")
        for finding in report.open_findings:
            lines.append(f"  {finding.check}: {finding.configuration}: {finding.message}")
    open_total = sum(len(r.open_findings) for r in reports)
    timing = f" in {elapsed:.1f} s" if elapsed is not None else ""
    lines.append(f"flydsl {version}: {len(reports)} spec(s), {open_total} open finding(s){timing}")
    return "\n".join(lines) + "\n"
