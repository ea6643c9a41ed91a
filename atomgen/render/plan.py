"""Everything `gen` writes for a set of checked specs: owned files and shared-file regions.

The plan is pure data (atomgen/write/output.py: {path: text} plus, per shared file, its region
bodies and skeleton); atomgen/write/tree.py turns it into files, standalone or into a checkout.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from atomgen.check.result import AnalysedAtom
from atomgen.render.base import RenderOutput
from atomgen.render.engine import environment
from atomgen.render.licence import licensed
from atomgen.render.names import backend_names
from atomgen.render.tests.mlir import resolve_lines
from atomgen.spec.backend import Backend
from atomgen.write.output import SHARED_SHAPES, Plan, SharedFile, region_body, region_placeholder, shared_kind

# Output kinds, in the order their files are listed; _renderers names each one's render function.
OUTPUT_KINDS = ("tablegen", "cpp", "python", "tests", "cmake")


# The skeleton template each kind of shared file is wrapped in for a standalone tree.
SKELETONS = {"td": "skeleton/td.j2", "cmake": "skeleton/cmake.j2", "binding": "skeleton/binding.j2",
             "python": "skeleton/python.j2", "dialect_td": "skeleton/extension.j2", "atom_td": "skeleton/extension.j2",
             "tablegen_cmake": "skeleton/extension.j2", "dialect_h": "skeleton/extension.j2",
             "dialect_cpp": "skeleton/extension.j2"}


Renderer = Callable[[AnalysedAtom, Backend, Any], RenderOutput]


def _renderers(kinds: tuple[str, ...]) -> list[Renderer]:
    """Each kind's render function, in the order given."""
    from atomgen.render import cmake, cpp, python, tablegen, tests

    by_kind: dict[str, Renderer] = {"tablegen": tablegen.render, "cpp": cpp.render, "python": python.render,
                                    "tests": tests.render, "cmake": cmake.render}
    return [by_kind[kind] for kind in kinds]


def build_plan(atoms: Sequence[AnalysedAtom], kinds: tuple[str, ...] = OUTPUT_KINDS) -> Plan:
    """Every file and region the analysed atoms generate (each atom needs its backend)."""
    env = environment()
    plan = Plan()
    combined = RenderOutput()
    renderers = _renderers(kinds)
    seen_backends: dict[str, Backend] = {}
    licence_of: dict[str, tuple[str, ...]] = {}  # path -> the licence lines of the backend writing it
    for atom in sorted(atoms, key=lambda item: (item.spec.backend, item.spec.mnemonic)):
        spec, backend = atom.spec, atom.backend
        if backend is None:
            raise ValueError(f"{spec.path}: no backend.yaml for '{spec.backend}'")
        seen_backends[spec.backend] = backend
        owner = _owner(plan, f"{spec.backend}/{spec.mnemonic}", spec.path)
        owner["atom"] = {"type_name": spec.type_name, "mnemonic": spec.mnemonic, "wrappers": _wrapper_names(atom)}
        _search_in(plan, backend)
        for render in renderers:
            output = render(atom, backend, env)
            combined.extend(output)
            _record(owner, output)
            for path in output.files:
                plan.sources.setdefault(path, []).append(spec.path)
            licence_of.update(dict.fromkeys(_paths(output), backend.licence))
        for shared_path, context in _backend_pieces(backend):
            licence_of[shared_path] = backend.licence
            plan.shared.setdefault(shared_path, SharedFile(shared_path, shared_kind(shared_path))).context.update(
                context
            )
    from atomgen.render.dialect import render_backend

    for name in sorted(seen_backends):
        output = render_backend(seen_backends[name], env)
        combined.extend(output)
        _record(_owner(plan, f"backend:{name}", seen_backends[name].path), output)
        for path in output.files:
            plan.sources.setdefault(path, []).append(seen_backends[name].path)
        licence_of.update(dict.fromkeys(_paths(output), seen_backends[name].licence))
    plan.owned = {path: _whole(path, text, licence_of.get(path, ())) for path, text in sorted(combined.files.items())}
    grouped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for piece in combined.regions:
        grouped.setdefault((piece.file, piece.region), []).append((piece.order, piece.text))
    for (path, region), pieces in sorted(grouped.items()):
        shared = plan.shared.setdefault(path, SharedFile(path, shared_kind(path)))
        shared.bodies[region] = region_body(shared, region, pieces)
    for shared in plan.shared.values():  # the standalone file (--out): FlyDSL's own file keeps its own header
        shared.skeleton = licensed(licence_of.get(shared.path, ()), shared.path, _skeleton(env, shared))
    return plan


def _whole(path: str, text: str, licence: tuple[str, ...]) -> str:
    """A file as written: its licence header first, then, in a test, the expected lines of its negative cases
    (relative to each CHECK line: resolve_lines)."""
    text = licensed(licence, path, text)
    return resolve_lines(text) if path.endswith(".mlir") else text


def _paths(output: RenderOutput) -> list[str]:
    """The files an output writes whole or puts regions in."""
    return [*output.files, *(piece.file for piece in output.regions)]


def _owner(plan: Plan, key: str, source: str) -> dict[str, Any]:
    return plan.owners.setdefault(key, {"source": str(source), "files": [], "pieces": []})


def _record(owner: dict[str, Any], output: RenderOutput) -> None:
    owner["files"] = sorted(set(owner["files"]) | set(output.files))
    owner["pieces"] = sorted(
        {tuple(p) for p in owner["pieces"]} | {(p.file, p.region, p.order, p.text) for p in output.regions}
    )


def _wrapper_names(atom: AnalysedAtom) -> list[str]:
    from atomgen.render.python import dsl_wrappers

    return sorted({name for wrapper in dsl_wrappers(atom.spec, atom.verify) for name in wrapper.names})


def _search_in(plan: Plan, backend: Backend) -> None:
    """Where hand-written definitions of this backend's atoms live in a FlyDSL checkout."""
    names = backend_names(backend)
    wanted = {
        "tablegen": f"{names.tablegen_dir}/*.td",
        "cpp": f"{names.lib_dir}/**/*.cpp",
        "binding": names.binding_file,
        "dsl": f"{names.dsl_dir}/*.py",
    }
    for kind, pattern in wanted.items():
        if pattern not in plan.search.setdefault(kind, []):
            plan.search[kind].append(pattern)


def _backend_pieces(backend: Backend) -> list[tuple[str, dict[str, Any]]]:
    names = backend_names(backend)
    paths = names.paths
    return [
        (
            names.binding_file,
            {
                "binding_namespace": paths.get(
                    "python_binding_namespace", f"mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::{names.dialect}"
                ),
                "module": paths.get("python_binding_module", f"_mlirDialects{names.tablegen_prefix}"),
            },
        ),
        (
            paths.get("lib_cmake", f"{names.lib_dir}/CMakeLists.txt"),
            {
                "library": paths.get("cmake_library", f"MLIR{names.tablegen_prefix}Dialect"),
                "tablegen_target": paths.get("tablegen_target", f"MLIR{names.tablegen_prefix}IncGen"),
            },
        ),
    ]


def _skeleton(env: Any, shared: SharedFile) -> str:
    """The standalone file of a shared kind, with a placeholder where each region goes."""
    values = {"binding_namespace": "", "module": "", "library": "", "tablegen_target": ""}
    values.update(shared.context)
    regions = {region: region_placeholder(region) for region in SHARED_SHAPES[shared.kind].regions}
    name = shared.path.rsplit("/", 1)[-1]
    return str(env.get_template(SKELETONS[shared.kind]).render(name=name, regions=regions, **values))


def optional_kind(name: Optional[str]) -> tuple[str, ...]:
    return OUTPUT_KINDS if not name else tuple(k for k in OUTPUT_KINDS if k == name)
