"""Everything `gen` writes for a set of checked specs: owned files and shared-file regions.

The plan is pure data ({path: text} plus, per shared file, its region bodies and how to
place them); atomgen/write/tree.py turns it into files, standalone or into a checkout.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from atomgen.render.base import RenderOutput
from atomgen.render.engine import environment
from atomgen.render.names import backend_names
from atomgen.spec.backend import Backend
from atomgen.spec.model import AtomSpec
from atomgen.write.regions import Anchor

# Output kinds, in the order their files are listed. A kind whose module is missing is
# skipped so that the pipeline keeps working while a kind is being developed.
OUTPUT_KINDS = ("tablegen", "cpp", "python", "tests", "cmake")


@dataclass(frozen=True)
class SharedKind:
    skeleton: str
    regions: tuple[str, ...]
    anchors: dict[str, tuple[Anchor, ...]]


SHARED_KINDS: dict[str, SharedKind] = {
    "td": SharedKind(
        "skeleton/td.j2",
        ("atoms",),
        {"atoms": (Anchor(r"^#endif", "before_last"), Anchor("", "end"))},
    ),
    "cmake": SharedKind(
        "skeleton/cmake.j2",
        ("sources",),
        {"sources": (Anchor(r"^\s*DEPENDS\b", "before"),)},
    ),
    "binding": SharedKind(
        "skeleton/binding.j2",
        ("types", "register"),
        {"types": (Anchor(r"^NB_MODULE\(", "before"),), "register": (Anchor(r"^NB_MODULE\(.*\{\s*$", "after"),)},
    ),
    "python": SharedKind(
        "skeleton/python.j2",
        ("wrappers", "exports"),
        {"wrappers": (Anchor("", "end"),), "exports": (Anchor("", "end"),)},
    ),
}


def shared_kind(path: str) -> str:
    if path.endswith(".td"):
        return "td"
    if path.endswith("CMakeLists.txt"):
        return "cmake"
    if path.endswith(".cpp"):
        return "binding"
    return "python"


@dataclass
class SharedFile:
    path: str
    kind: str
    bodies: dict[str, str] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class Plan:
    owned: dict[str, str] = field(default_factory=dict)
    shared: dict[str, SharedFile] = field(default_factory=dict)
    sources: dict[str, list[str]] = field(default_factory=dict)  # path -> specs (or backend.yaml) it comes from
    # For `--into` (atomgen/write/adopt.py): per owner ("rocdl/cdna3.mfma", "backend:rocdl") its
    # source file, owned files and region pieces, so that runs over different spec sets accumulate,
    # plus what each atom is called (to find hand-written definitions of it) and where to look.
    owners: dict[str, dict[str, Any]] = field(default_factory=dict)
    search: dict[str, list[str]] = field(default_factory=dict)

    def skeleton(self) -> set[str]:
        """Owned files that come from a backend.yaml alone (the dialect skeleton): written once per
        backend, by the step that all specs share, never by a spec's own step."""
        return {path for path in self.owned if all(_is_backend_file(s) for s in self.sources.get(path, ["?"]))}

    def select(self, only: str) -> None:
        """Keep per-atom files (`owned`), what all specs share (`shared`), or everything (`all`)."""
        skeleton = self.skeleton()
        if only == "owned":
            self.shared = {}
            self.owned = {p: t for p, t in self.owned.items() if p not in skeleton}
        elif only == "shared":
            self.owned = {p: t for p, t in self.owned.items() if p in skeleton}


def _is_backend_file(path: str) -> bool:
    return path.replace("\\", "/").rsplit("/", 1)[-1] in ("backend.yaml", "backend.yml")


Renderer = Callable[[AtomSpec, Backend, Any], RenderOutput]


def _renderers(kinds: tuple[str, ...]) -> list[Renderer]:
    renderers = []
    for kind in kinds:
        try:
            module = importlib.import_module(f"atomgen.render.{kind}")
        except ImportError:
            continue
        renderers.append(module.render)
    return renderers


def build_plan(specs: list[tuple[AtomSpec, Backend]], kinds: tuple[str, ...] = OUTPUT_KINDS) -> Plan:
    env = environment()
    plan = Plan()
    combined = RenderOutput()
    renderers = _renderers(kinds)
    for spec, backend in sorted(specs, key=lambda item: (item[0].backend, item[0].mnemonic)):
        owner = _owner(plan, f"{spec.backend}/{spec.mnemonic}", spec.path)
        owner["atom"] = {"type_name": spec.type_name, "mnemonic": spec.mnemonic, "wrappers": _wrapper_names(spec)}
        _search_in(plan, backend)
        for render in renderers:
            output = render(spec, backend, env)
            combined.extend(output)
            _record(owner, output)
            for path in output.files:
                plan.sources.setdefault(path, []).append(spec.path)
        for shared_path, context in _backend_pieces(backend):
            plan.shared.setdefault(shared_path, SharedFile(shared_path, shared_kind(shared_path))).context.update(
                context
            )
    from atomgen.render.dialect import render_backend

    seen_backends: dict[str, Backend] = {spec.backend: backend for spec, backend in specs}
    for name in sorted(seen_backends):
        output = render_backend(seen_backends[name], env)
        combined.extend(output)
        _record(_owner(plan, f"backend:{name}", seen_backends[name].path), output)
        for path in output.files:
            plan.sources.setdefault(path, []).append(seen_backends[name].path)
    plan.owned = dict(sorted(combined.files.items()))
    grouped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for piece in combined.regions:
        grouped.setdefault((piece.file, piece.region), []).append((piece.order, piece.text))
    for (path, region), pieces in sorted(grouped.items()):
        shared = plan.shared.setdefault(path, SharedFile(path, shared_kind(path)))
        shared.bodies[region] = region_body(shared, region, pieces)
    return plan


def region_body(shared: SharedFile, region: str, pieces: list[tuple[str, str]]) -> str:
    """A region's text from its (order, text) pieces, whichever specs they come from."""
    unique = sorted(set(pieces))
    return _frame(shared.kind, region, "".join(text for _, text in unique), shared.context)


def _owner(plan: Plan, key: str, source: str) -> dict[str, Any]:
    return plan.owners.setdefault(key, {"source": str(source), "files": [], "pieces": []})


def _record(owner: dict[str, Any], output: RenderOutput) -> None:
    owner["files"] = sorted(set(owner["files"]) | set(output.files))
    owner["pieces"] = sorted(
        {tuple(p) for p in owner["pieces"]} | {(p.file, p.region, p.order, p.text) for p in output.regions}
    )


def _wrapper_names(spec: AtomSpec) -> list[str]:
    try:
        from atomgen.render.python import dsl_wrappers
    except ImportError:
        return []
    return sorted({wrapper.name for wrapper in dsl_wrappers(spec)})


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


def _frame(kind: str, region: str, body: str, context: dict[str, Any]) -> str:
    """Region bodies that need surrounding code of their own (the binding namespace)."""
    if kind == "binding" and region == "types":
        namespace = context.get("binding_namespace", "")
        return f"namespace {namespace} {{\n\n{body}}} // namespace {namespace}\n"
    return body


def standalone_text(shared: SharedFile) -> str:
    """A whole file holding only atomgen's regions, for `gen --out`."""
    from atomgen.write.regions import block

    kind = SHARED_KINDS[shared.kind]
    blocks = {
        region: block(shared.path, region, shared.bodies.get(region, ""), _indent(shared.kind, region))
        for region in kind.regions
    }
    name = shared.path.rsplit("/", 1)[-1]
    return environment().get_template(kind.skeleton).render(name=name, regions=blocks, **_defaults(shared))


def _indent(kind: str, region: str) -> str:
    return "  " if (kind, region) in (("binding", "register"), ("cmake", "sources")) else ""


def _defaults(shared: SharedFile) -> dict[str, Any]:
    values = {"binding_namespace": "", "module": "", "library": "", "tablegen_target": ""}
    values.update(shared.context)
    return values


def region_indent(kind: str, region: str) -> str:
    return _indent(kind, region)


def anchors_for(kind: str, region: str) -> tuple[Anchor, ...]:
    return SHARED_KINDS[kind].anchors[region]


def optional_kind(name: Optional[str]) -> tuple[str, ...]:
    return OUTPUT_KINDS if not name else tuple(k for k in OUTPUT_KINDS if k == name)
