"""Codegen mode: the checkout keeps one stable hook per region, the build generates what it includes.

mlir-tblgen's way: only the sources are committed, and the build writes the .inc files they
include. Two plans come from the rendered one here, and the writer places them as any other:
`gen --into CHECKOUT --codegen cmake` (once: checkout_plan, placed by atomgen/write/adopt.py) puts
in each of atomgen's regions a hook instead of generated text, and in the top CMakeLists.txt the
`atomgen_generate(... CODEGEN)` call; at build time `gen --out BUILD/atomgen --codegen cmake`
(codegen_plan) writes the per-atom files plus one *hook file* per region, which the hook includes:

    .td            include "atomgen/<path>.<region>.td"          (BUILD/atomgen/include is on -I)
    .cpp / .h      #include "atomgen/<path>.<region>.inc"
    CMake, a list  ${ATOMGEN_HOOK_<path>_<region>}               (set by atomgen_generate)
    CMake, code    include("${ATOMGEN_HOOK_DIR}/atomgen/<path>.<region>.cmake")
    .py            from ..._mlir._atomgen.<module> import *  (after the module's imports: the module beside
                   the others the build writes; FlyDSL's setup.py links python/flydsl/_mlir to the
                   build's python_packages/flydsl/_mlir and packages what is under it)

A hook's text depends only on the file and region, never on the specs: adding, editing or removing
a spec changes nothing in the checkout.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from atomgen.write import regions
from atomgen.write.output import (
    CODEGEN_REGION,
    SHARED_SHAPES,
    SPECS_DIR,
    Plan,
    SharedFile,
    region_body,
    region_indent,
    shared_kind,
)
from atomgen.write.python_module import ISORT_SPLIT, package_prefix

HOOK_ROOT = "include/atomgen"  # under the build's atomgen folder; its `include/` is on the include path
PYTHON_ROOT = "python"  # the build's hook modules, linked into the package as PYTHON_PACKAGE
PYTHON_PACKAGE = "flydsl._mlir._atomgen"
DSL_SOURCE_ROOT = "python/flydsl/"  # FlyDSL's DSL package in the checkout
HOOK_DIR_VARIABLE = "ATOMGEN_HOOK_DIR"  # BUILD/atomgen/include, set by atomgen_generate(... CODEGEN)
LIST_KINDS = ("cmake",)  # regions inside a CMake argument list: a variable, not an include()
CODE_CMAKE_KINDS = ("tablegen_cmake",)
TD_KINDS = ("td", "dialect_td", "atom_td")
CPP_KINDS = ("binding", "dialect_h", "dialect_cpp")
GENERATED_NOTE = "Generated at build time by atomgen_generate(... CODEGEN) from the specs; do not edit."


def _stem(path: str) -> str:
    """`lib/Dialect/FlyROCDL/CMakeLists.txt` -> `lib/Dialect/FlyROCDL/CMakeLists`."""
    pure = PurePosixPath(path)
    return str(pure.with_name(pure.name.split(".", 1)[0]))


def hook_file(shared: SharedFile, region: str) -> str:
    """Where the build writes the region's text, relative to its atomgen folder."""
    if shared.kind == "python":
        return python_module_file(shared.path)
    suffix = ".td" if shared.kind in TD_KINDS else ".cmake" if shared.kind in CODE_CMAKE_KINDS else ".inc"
    return f"{HOOK_ROOT}/{_stem(shared.path)}.{region}{suffix}"


def python_module_file(path: str) -> str:
    return f"{PYTHON_ROOT}/{path.removeprefix(DSL_SOURCE_ROOT)}"


def python_module(path: str) -> str:
    inner = path.removeprefix(DSL_SOURCE_ROOT).removesuffix(".py").replace("/", ".")
    return f"{PYTHON_PACKAGE}.{inner}"


def list_variable(path: str, region: str) -> str:
    return "ATOMGEN_HOOK_" + re.sub(r"[^A-Za-z0-9]", "_", f"{path}_{region}")


def hook_body(shared: SharedFile, region: str) -> str:
    """The text the checkout's region holds in codegen mode (the same for every spec set)."""
    included = hook_file(shared, region).removeprefix("include/")
    indent = region_indent(shared.kind, region)  # the markers' (inside NB_MODULE, a CMake argument list)
    if shared.kind in TD_KINDS:
        return f'include "{included}"\n'
    if shared.kind in CPP_KINDS:
        return f'{indent}#include "{included}"\n'
    if shared.kind in LIST_KINDS:
        return f"{indent}${{{list_variable(shared.path, region)}}}\n"
    if shared.kind in CODE_CMAKE_KINDS:
        return f'include("${{{HOOK_DIR_VARIABLE}}}/{included}")\n'
    module = package_prefix(shared.path) + python_module(shared.path).removeprefix("flydsl.")
    if region == "imports":  # the wrappers, and the names they add to __all__, bound where imports are
        return (f"from {module} import *  # noqa: F401,F403\n"
                f"from {module} import __all__ as _atomgen_all  # noqa: F401\n\n{ISORT_SPLIT}\n")
    if region == "exports":
        return "__all__ += _atomgen_all\n"
    return ""  # the wrappers come with the imports


def hooked(shared: SharedFile) -> SharedFile:
    """The shared file as the checkout holds it in codegen mode: every region of its shape a hook."""
    regions = SHARED_SHAPES[shared.kind].regions
    return SharedFile(shared.path, shared.kind, {r: hook_body(shared, r) for r in regions}, shared.context,
                      shared.skeleton)


def _bodies(shared: SharedFile) -> dict[str, str]:
    return {r: shared.bodies.get(r, region_body(shared, r, [])) for r in SHARED_SHAPES[shared.kind].regions}


def hook_texts(plan: Plan) -> dict[str, str]:
    """Every hook file the build writes (an empty region still gets its file, so that a hook left in
    the checkout after its last spec is gone still includes something)."""
    texts: dict[str, str] = {}
    for shared in plan.shared.values():
        if shared.kind in LIST_KINDS:
            continue  # atomgen_generate sets the variable from the CMake manifest
        bodies = _bodies(shared)
        if shared.kind == "python":
            # the module sits two packages deeper than the checkout's (flydsl/_mlir/_atomgen/...): so do its imports
            prefix = package_prefix(shared.path)
            imports = bodies["imports"].replace(f"from {prefix}_mlir", f"from {prefix}.._mlir")
            texts[python_module_file(shared.path)] = (
                f"# {GENERATED_NOTE}\n\n{imports}\n__all__ = []\n" + bodies["exports"] + bodies["wrappers"]
            )
            continue
        comment = "#" if shared.kind in CODE_CMAKE_KINDS else "//"
        for region, body in bodies.items():
            texts[hook_file(shared, region)] = f"{comment} {GENERATED_NOTE}\n{body}"
    return texts


def list_values(plan: Plan) -> dict[str, list[str]]:
    """Each CMake-list region's entries, relative to the build's atomgen folder (the CMake manifest makes
    them absolute)."""
    values: dict[str, list[str]] = {}
    for shared in plan.shared.values():
        if shared.kind not in LIST_KINDS:
            continue
        folder = PurePosixPath(shared.path).parent
        for region, body in _bodies(shared).items():
            entries = [line.strip() for line in body.splitlines()]
            values[list_variable(shared.path, region)] = [
                (folder / entry).as_posix() for entry in entries if entry and not entry.startswith("#")
            ]
    return values


def hooks_in(checkout: Path, search: dict[str, list[str]]) -> set[tuple[str, str]]:
    """The (file, region) hooks a checkout holds, in the files where atomgen's regions live."""
    found: set[tuple[str, str]] = set()
    for patterns in search.values():
        for pattern in patterns:
            for path in sorted(checkout.glob(pattern)):
                try:
                    text = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                relative = path.relative_to(checkout).as_posix()
                found.update((relative, region) for region in regions.names(text, relative))
    return found


def codegen_plan(plan: Plan, checkout: Path | None = None) -> Plan:
    """What `gen --out --codegen cmake` writes: the per-atom files and a hook file per region (its
    shared files are the checkout's own). With `checkout`, a hook it holds that no spec feeds any more
    gets an empty file, so the build does not fail on an include that no spec feeds."""
    shared = dict(plan.shared)
    for path, region in sorted(hooks_in(checkout, plan.search) if checkout else ()):
        kind = shared_kind(path)
        if path not in shared and kind in SHARED_SHAPES and region in SHARED_SHAPES[kind].regions:
            shared[path] = SharedFile(path, kind)
    hooks = Plan(shared=shared)
    backends = [owner["source"] for key, owner in plan.owners.items() if key.startswith("backend:")]
    texts = hook_texts(hooks)
    return Plan(
        owned={**plan.owned, **texts},
        shared={},
        # a hook file comes from every spec, like the dialect skeleton: the one shared step writes it
        sources={**plan.sources, **{path: list(backends) for path in texts}},
        owners=plan.owners,
        search=plan.search,
        hook_lists=list_values(hooks),
    )


def checkout_plan(plan: Plan, llvm_api: str | None) -> Plan:
    """What `gen --into --codegen cmake` places in the checkout: no owned file, each shared file with a hook
    in every region, and the top CMakeLists.txt's atomgen_generate call (the owners and search stay, for
    finding the hand-written atoms and copying the specs)."""
    shared = {path: hooked(file) for path, file in plan.shared.items() if file.bodies}
    shared["CMakeLists.txt"] = SharedFile("CMakeLists.txt", "project_cmake", {CODEGEN_REGION: _codegen_call(llvm_api)})
    return Plan(owned={}, shared=shared, sources=plan.sources, owners=plan.owners, search=plan.search)


def _codegen_call(llvm_api: str | None) -> str:
    """The top CMakeLists.txt's region in codegen mode: FlyDSL's build generates the atoms itself."""
    profile = f"\n                 LLVM_API {llvm_api}" if llvm_api else ""
    return (
        "# atomgen generates the atoms from specs/ into the build folder at configure and build time, as\n"
        "# mlir-tblgen writes its .inc files; each atomgen:begin region in the sources includes one of them.\n"
        "# AtomGen_DIR: `atomgen --cmake-dir` (see atomgen's docs/adopt-flydsl.md).\n"
        "find_package(AtomGen CONFIG REQUIRED)\n"
        "atomgen_generate(TARGET FlyDSLAtomGen\n"
        f'                 SPECS "${{PROJECT_SOURCE_DIR}}/{SPECS_DIR}"\n'
        '                 OUTPUT_DIR "${PROJECT_BINARY_DIR}/atomgen"\n'
        f"                 CODEGEN{profile}\n"
        '                 PYTHON_PACKAGE_DIR "${PROJECT_BINARY_DIR}/${MLIR_BINDINGS_PYTHON_INSTALL_PREFIX}")\n'
        "include_directories(${PROJECT_BINARY_DIR}/atomgen/include)\n"
    )

