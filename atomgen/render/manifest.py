"""`gen --cmake-manifest FILE`: everything cmake/AtomGen.cmake needs, from one atomgen run.

Configure used to ask atomgen twice per spec (outputs, inputs), each a new process; one run
now writes a CMake file that sets, for spec i of ATOMGEN_SPEC_COUNT:

    ATOMGEN_SPEC_<i>       the spec file
    ATOMGEN_OUTPUTS_<i>    the files only that spec's step writes (its atom's files)
    ATOMGEN_INPUTS_<i>     the spec and the backend.yaml files above it

and, once: ATOMGEN_SHARED_OUTPUTS (shared-file regions and each backend's dialect skeleton,
owned by the one step every spec feeds), ATOMGEN_COMMON_INPUTS (templates, schema, atomgen's
sources), ATOMGEN_CONFIGURE_DEPENDS (the specs and backend files: an edit to one can change
the list of outputs, so it re-runs configure). In codegen mode (atomgen/render/hooks.py) also
ATOMGEN_HOOK_VARIABLES, and each of them: the entries of a CMake-list region of the checkout. With
`prune`, files under the output folder that no spec produces any more (a renamed cpp_class) are
deleted, so nothing stale remains.
"""

from __future__ import annotations

import sys
from pathlib import Path

from atomgen.write.output import Plan

# CMake's quoted-argument escapes; a `;` would split a list and a newline the file.
_ESCAPES = {"\\": "\\\\", '"': '\\"', "$": "\\$"}


class ManifestError(Exception):
    """A path that cannot be written into a CMake list."""


def _quoted(path: Path | str) -> str:
    text = str(path)
    if ";" in text or "\n" in text or "\r" in text:
        raise ManifestError(f"path '{text!r}' holds ';' or a line break, which a CMake list cannot carry")
    return '"' + "".join(_ESCAPES.get(c, c) for c in text) + '"'


def _set(name: str, values: list[Path] | list[str]) -> str:
    if not values:
        return f"set({name})\n"
    return f"set({name}\n  " + "\n  ".join(_quoted(v) for v in values) + ")\n"


def manifest_text(plan: Plan, spec_files: list[tuple[Path, str]], root: Path) -> str:
    from atomgen.render.cache import render_inputs

    root = root.resolve()
    skeleton = plan.skeleton()
    by_spec: dict[str, list[str]] = {}
    for output, sources in plan.sources.items():
        if output in plan.owned and output not in skeleton:
            for source in sources:
                by_spec.setdefault(source, []).append(output)
    common = set(render_inputs([]))
    lines = ["# Written by `atomgen gen --cmake-manifest`; cmake/AtomGen.cmake includes it.\n"]
    lines.append(f"set(ATOMGEN_SPEC_COUNT {len(spec_files)})\n")
    configure: set[Path] = set()
    shared = [root / p for p in sorted(set(plan.shared) | skeleton)]
    for index, (path, display) in enumerate(spec_files):
        inputs = [p for p in render_inputs([(path, display)]) if p not in common]
        configure.update(inputs)
        lines.append(_set(f"ATOMGEN_SPEC_{index}", [path.resolve()]))
        lines.append(_set(f"ATOMGEN_OUTPUTS_{index}", [root / p for p in sorted(by_spec.get(display, []))]))
        lines.append(_set(f"ATOMGEN_INPUTS_{index}", inputs))
    lines.append(_set("ATOMGEN_SHARED_OUTPUTS", shared))
    lines.append(_set("ATOMGEN_COMMON_INPUTS", sorted(common)))
    lines.append(_set("ATOMGEN_CONFIGURE_DEPENDS", sorted(configure)))
    if plan.hook_lists:  # codegen mode: what each CMake-list hook of the checkout expands to
        lines.append(_set("ATOMGEN_HOOK_VARIABLES", sorted(plan.hook_lists)))
        for name, entries in sorted(plan.hook_lists.items()):
            lines.append(_set(name, [root / entry for entry in entries]))
    return "".join(lines)


def write_manifest(plan: Plan, spec_files: list[tuple[Path, str]], root: Path, target: Path, prune: bool) -> int:
    from atomgen.write.atomic import write_new_file
    from atomgen.write.tree import WriteError, plan_standalone, settle

    try:
        text = manifest_text(plan, spec_files, root)
        if prune and root.is_dir():
            settle(root, lambda message: print(f"atomgen gen: {message}", file=sys.stderr))
            for relative in plan_standalone(plan, root, prune=True).stale:
                (root / relative).unlink()
        write_new_file(target, text)
    except (ManifestError, WriteError, OSError) as error:
        print(f"atomgen gen --cmake-manifest: {error}", file=sys.stderr)
        return 1
    return 0
