"""A ``fly-opt`` stand-in built on the FlyDSL Python bindings (``flydsl`` wheel).

The ``flydsl`` wheel ships no ``fly-opt`` binary, but its bindings expose the
parser, the verifier and the pass manager.  This module behaves like
``mlir-opt`` closely enough for lit/FileCheck RUN lines::

    python -m atomgen.oracle.flydsl.flyopt %s --fly-rewrite-func-signature \\
        --fly-canonicalize --fly-layout-lowering --convert-fly-to-rocdl

* Every ``--<pass-name>`` flag appends that pass, in order; options are given
  mlir-opt style, ``--pass="a=1 b=2"`` (becomes ``pass{a=1 b=2}``).
  ``--pass-pipeline=builtin.module(...)`` gives a whole pipeline instead.
* The input is a file path or ``-`` (stdin; also the default).
* The resulting module is printed to stdout (``-o FILE`` writes it there).
* Parse, verify and pass failures print ``file:line:col: error: message``
  (plus ``note:`` lines) to stderr and make the exit status 1.
* ``--split-input-file`` processes each ``// -----`` chunk independently,
  prints ``// -----`` between the outputs, keeps going after a failing chunk
  and exits 1 if any chunk failed.  Line numbers in diagnostics are those of
  the whole input file.

Only the standard library and ``flydsl`` are used.  An assertions-enabled
FlyDSL may abort the whole process on some invalid inputs; that cannot be
caught here.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from flydsl._mlir import ir  # type: ignore[import-untyped]
from flydsl._mlir.dialects import fly, fly_rocdl  # type: ignore[import-untyped]  # noqa: F401
from flydsl._mlir.passmanager import PassManager  # type: ignore[import-untyped]

SPLIT_MARKER = "// -----"
USAGE = (
    "usage: python -m atomgen.oracle.flydsl.flyopt [FILE|-] [--split-input-file] [-o FILE]\n"
    "       [--allow-unregistered-dialect] [--mlir-print-debuginfo]\n"
    "       [--mlir-print-op-generic] [--pass-pipeline=PIPELINE | --<pass>[=OPTS] ...]\n"
)
_FILE_LOC = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)')
_PARSE_BUFFER = "-"  # buffer name the bindings give to text parsed from a string


class UsageError(Exception):
    """Bad command line."""


@dataclass
class Options:
    """Parsed command line."""

    input_path: str = "-"
    output_path: str | None = None
    split_input_file: bool = False
    passes: list[str] = field(default_factory=list)
    pipeline: str | None = None
    allow_unregistered: bool = False
    print_debuginfo: bool = False
    print_generic: bool = False


@dataclass
class ChunkResult:
    """Outcome of processing one input chunk."""

    ok: bool
    output: str = ""
    diagnostics: list[str] = field(default_factory=list)


def _pass_from_flag(flag: str) -> str:
    """Turn ``--name`` / ``--name=opts`` into a textual pipeline element."""
    name, sep, opts = flag.lstrip("-").partition("=")
    if not name:
        raise UsageError(f"bad flag {flag!r}")
    if not sep:
        return name
    opts = opts.strip()
    if opts.startswith("{") and opts.endswith("}"):
        return name + opts
    return f"{name}{{{opts}}}"


def parse_args(argv: Sequence[str]) -> Options:
    """Parse an mlir-opt style command line."""
    opts = Options()
    inputs: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            inputs.append(arg)
        elif arg in ("-o", "--o"):
            if i >= len(args):
                raise UsageError("-o needs a file name")
            opts.output_path = args[i]
            i += 1
        elif arg.startswith("-o="):
            opts.output_path = arg[3:]
        elif arg.lstrip("-") == "split-input-file":
            opts.split_input_file = True
        elif arg.lstrip("-") == "allow-unregistered-dialect":
            opts.allow_unregistered = True
        elif arg.lstrip("-") == "mlir-print-debuginfo":
            opts.print_debuginfo = True
        elif arg.lstrip("-") == "mlir-print-op-generic":
            opts.print_generic = True
        elif arg.lstrip("-").startswith("pass-pipeline"):
            _, sep, value = arg.partition("=")
            if not sep:
                if i >= len(args):
                    raise UsageError("--pass-pipeline needs a value")
                value = args[i]
                i += 1
            opts.pipeline = value.strip().strip("'\"")
        elif arg in ("-h", "--help"):
            raise UsageError("")
        else:
            opts.passes.append(_pass_from_flag(arg))
    if len(inputs) > 1:
        raise UsageError(f"expected one input file, got {inputs}")
    if opts.pipeline is not None and opts.passes:
        raise UsageError(
            "--pass-pipeline cannot be combined with individual pass flags"
        )
    if inputs:
        opts.input_path = inputs[0]
    return opts


def pipeline_text(opts: Options) -> str | None:
    """The textual pass pipeline to run, or None for parse/verify/print only."""
    if opts.pipeline is not None:
        return opts.pipeline
    if not opts.passes:
        return None
    return "builtin.module(" + ",".join(opts.passes) + ")"


def split_chunks(text: str, split: bool) -> list[tuple[int, str]]:
    """Split the input on ``// -----`` lines; return (first line number - 1, text) pairs."""
    if not split:
        return [(0, text)]
    chunks: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for lineno, line in enumerate(text.splitlines(keepends=True)):
        if line.strip().startswith(SPLIT_MARKER):
            chunks.append((start, "".join(current)))
            current = []
            start = lineno + 1
        else:
            current.append(line)
    chunks.append((start, "".join(current)))
    return chunks


def make_context(allow_unregistered: bool = False) -> Any:
    """Create an MLIR context with every dialect of the wheel (fly, fly_rocdl, rocdl, llvm...) loaded.

    Loading only ``fly``/``fly_rocdl`` selectively aborts in flydsl 0.5.0
    ("Registering an interface for an attribute/type that is not itself
    registered"), so the default load-everything context is used.
    """
    ctx = ir.Context()
    ctx.allow_unregistered_dialects = allow_unregistered
    return ctx


def format_location(loc: Any, display_name: str, line_offset: int) -> str | None:
    """``file:line:col`` for a location, or None when it has no file position."""
    match = _FILE_LOC.search(str(loc))
    if match is None:
        return None
    name, line, col = match.group(1), int(match.group(2)), match.group(3)
    if name == _PARSE_BUFFER:
        name, line = display_name, line + line_offset
    return f"{name}:{line}:{col}"


def format_diagnostic(
    diag: Any, display_name: str, line_offset: int, severity: str = "error"
) -> list[str]:
    """Render one DiagnosticInfo (and its notes) as mlir-opt style lines."""
    where = format_location(diag.location, display_name, line_offset)
    head = (
        f"{where}: {severity}: {diag.message}"
        if where
        else f"{severity}: {diag.message}"
    )
    lines = [head]
    for note in diag.notes:
        lines.extend(format_diagnostic(note, display_name, line_offset, "note"))
    return lines


def format_error(err: Any, display_name: str, line_offset: int) -> list[str]:
    """Render an ``ir.MLIRError`` (falls back to its message if it carries no diagnostics)."""
    lines: list[str] = []
    for diag in err.error_diagnostics:
        lines.extend(format_diagnostic(diag, display_name, line_offset))
    if not lines:
        lines.append(f"error: {err.message if hasattr(err, 'message') else err}")
    return lines


def _severity_name(diag: Any) -> str:
    name = str(diag.severity).rsplit(".", 1)[-1].lower()
    return name if name in ("error", "warning", "note", "remark") else "error"


def print_module(module: Any, opts: Options) -> str:
    """Print a module the way mlir-opt does (one trailing newline)."""
    text = module.operation.get_asm(
        enable_debug_info=opts.print_debuginfo, print_generic_op_form=opts.print_generic
    )
    return text.rstrip("\n") + "\n"


def process_chunk(
    text: str, opts: Options, display_name: str, line_offset: int
) -> ChunkResult:
    """Parse, verify, run the pipeline on and print one chunk, in a fresh context."""
    result = ChunkResult(ok=True)
    pipeline = pipeline_text(opts)
    ctx = make_context(opts.allow_unregistered)

    def handler(diag: Any) -> bool:
        result.diagnostics.extend(
            format_diagnostic(diag, display_name, line_offset, _severity_name(diag))
        )
        return True

    ctx.attach_diagnostic_handler(handler)
    with ctx, ir.Location.unknown():
        try:
            module = ir.Module.parse(text)
            module.operation.verify()
            if pipeline is not None:
                PassManager.parse(pipeline).run(module.operation)
            result.output = print_module(module, opts)
        except ir.MLIRError as err:
            result.ok = False
            result.diagnostics.extend(format_error(err, display_name, line_offset))
        except ValueError as err:  # bad pipeline text
            result.ok = False
            result.diagnostics.append(f"error: {err}")
    return result


def read_input(path: str) -> str:
    """Read the input file, or stdin for ``-``."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def run(opts: Options, out: TextIO, err: TextIO) -> int:
    """Process every chunk; return the exit status."""
    display_name = "<stdin>" if opts.input_path == "-" else opts.input_path
    status = 0
    outputs: list[str] = []
    for line_offset, chunk in split_chunks(
        read_input(opts.input_path), opts.split_input_file
    ):
        result = process_chunk(chunk, opts, display_name, line_offset)
        err.writelines(line + "\n" for line in result.diagnostics)
        err.flush()
        if not result.ok:
            status = 1
        outputs.append(result.output)
    out.write((SPLIT_MARKER + "\n").join(outputs))
    out.flush()
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    try:
        opts = parse_args(sys.argv[1:] if argv is None else argv)
    except UsageError as exc:
        if str(exc):
            sys.stderr.write(f"flyopt: {exc}\n")
        sys.stderr.write(USAGE)
        return 2
    try:
        if opts.output_path is None or opts.output_path == "-":
            return run(opts, sys.stdout, sys.stderr)
        with open(opts.output_path, "w", encoding="utf-8") as handle:
            return run(opts, handle, sys.stderr)
    except OSError as exc:
        sys.stderr.write(f"flyopt: {exc}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
