"""What `gen` hands the writer: plain data, built by atomgen/render/plan.py.

Owned files are `{path: text}`; a shared file is its region bodies plus the skeleton text a
standalone tree wraps them in. Where each region sits in a checkout's hand-written file
(anchors, indent, framing) is a fixed table here, so the writer needs nothing from render.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atomgen.write.regions import Anchor, block


@dataclass(frozen=True, slots=True)
class SharedShape:
    """How one kind of shared file holds atomgen's regions."""

    regions: tuple[str, ...]
    anchors: dict[str, tuple[Anchor, ...]]
    indents: dict[str, str] = field(default_factory=dict)
    # region -> (prefix, suffix) around its body, formatted with the file's context
    frames: dict[str, tuple[str, str]] = field(default_factory=dict)


SHARED_SHAPES: dict[str, SharedShape] = {
    "td": SharedShape(("atoms",), {"atoms": (Anchor(r"^#endif", "before_last"), Anchor("", "end"))}),
    "cmake": SharedShape(("sources",), {"sources": (Anchor(r"^\s*DEPENDS\b", "before"),)}, {"sources": "  "}),
    "binding": SharedShape(
        ("types", "register"),
        {"types": (Anchor(r"^NB_MODULE\(", "before"),), "register": (Anchor(r"^NB_MODULE\(.*\{\s*$", "after"),)},
        {"register": "  "},
        {"types": ("namespace {binding_namespace} {{\n\n", "}} // namespace {binding_namespace}\n")},
    ),
    # A DSL module (atomgen/write/python_module.py): its binding classes imported first, the wrappers before the
    # module's definitions, the additions to `__all__` after the module's `__all__` (where it has none, the region
    # stays empty, after the wrappers).
    "python": SharedShape(
        ("imports", "wrappers", "exports"),
        {"imports": (Anchor("", "before_imports"),), "wrappers": (Anchor("", "before_definitions"),),
         "exports": (Anchor("", "after_all"), Anchor("", "before_definitions"))},
    ),
    # A dialect FlyDSL has but that lacks what the generated atoms need (backend.yaml dialect_extension):
    "dialect_td": SharedShape(("bases",), {"bases": (Anchor(r"^#endif", "before_last"), Anchor("", "end"))}),
    "atom_td": SharedShape(
        ("enum",), {"enum": (Anchor(r'^include ".*/(CopyAtom|MmaAtom)\.td"', "before"),
                             Anchor(r"^#endif", "before_last"))}
    ),
    "tablegen_cmake": SharedShape(("tablegen",), {"tablegen": (Anchor(r"^add_public_tablegen_target\(", "before"),)}),
    "dialect_h": SharedShape(("enums",), {"enums": (Anchor(r'^#include ".*/Dialect\.h\.inc"', "before"),)}),
    "dialect_cpp": SharedShape(("enums",), {"enums": (Anchor(r'^#include ".*/Dialect\.cpp\.inc"', "before"),)}),
    # The checkout's top CMakeLists.txt in codegen mode (atomgen/render/hooks.py): the atomgen_generate() call,
    # before the first add_subdirectory so that every directory sees its variables and include path.
    "project_cmake": SharedShape(("codegen",), {"codegen": (Anchor(r"^add_subdirectory\(", "before"),
                                                            Anchor("", "end"))}),
}


CODEGEN_REGION = "codegen"  # the project_cmake region: the atomgen_generate(... CODEGEN) call
SPECS_DIR = "specs"  # where codegen mode keeps the specs in the checkout


def shared_kind(path: str) -> str:
    for suffix, kind in (("/IR/Dialect.td", "dialect_td"), ("/IR/Atom.td", "atom_td"),
                         ("/IR/CMakeLists.txt", "tablegen_cmake"), ("/IR/Dialect.h", "dialect_h")):
        if path.endswith(suffix):
            return kind
    if path.startswith("lib/Dialect/") and path.endswith("/Dialect.cpp"):
        return "dialect_cpp"
    if path.endswith(".td"):
        return "td"
    if path.endswith("CMakeLists.txt"):
        return "cmake"
    if path.endswith(".cpp"):
        return "binding"
    return "python"


def region_placeholder(region: str) -> str:
    """The text standing for a region in a skeleton until the writer puts the region's block there."""
    return f"@@atomgen-region:{region}@@"


@dataclass
class SharedFile:
    path: str
    kind: str
    bodies: dict[str, str] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)
    skeleton: str = ""  # the standalone file, with region_placeholder(r) where region r goes


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
    # Codegen mode (atomgen/render/hooks.py): each CMake-list region's entries, relative to the output folder,
    # under the variable its hook names (the CMake manifest sets them).
    hook_lists: dict[str, list[str]] = field(default_factory=dict)

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


def region_body(shared: SharedFile, region: str, pieces: list[tuple[str, str]]) -> str:
    """A region's text from its (order, text) pieces, whichever specs they come from."""
    body = "".join(text for _, text in sorted(set(pieces)))
    frame = SHARED_SHAPES[shared.kind].frames.get(region)
    if frame is None:
        return body
    values = {"binding_namespace": "", **shared.context}
    return frame[0].format(**values) + body + frame[1].format(**values)


def region_indent(kind: str, region: str) -> str:
    return SHARED_SHAPES[kind].indents.get(region, "")


def ordered_regions(shared: SharedFile) -> list[str]:
    """The regions the file gets, in the order its shape lists them (so that two regions anchored at the end
    land in that order)."""
    return [region for region in SHARED_SHAPES[shared.kind].regions if region in shared.bodies]


def anchors_for(kind: str, region: str) -> tuple[Anchor, ...]:
    return SHARED_SHAPES[kind].anchors[region]


def standalone_text(shared: SharedFile) -> str:
    """A whole file holding only atomgen's regions, for `gen --out` (or a checkout lacking the file)."""
    text = shared.skeleton
    for region in SHARED_SHAPES[shared.kind].regions:
        marked = block(shared.path, region, shared.bodies.get(region, ""), region_indent(shared.kind, region))
        text = text.replace(region_placeholder(region), marked)
    return text
